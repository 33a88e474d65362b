/**
 * Worlds: maps of one project placed in one pixel space, as Tiled's {@code .world} files place them; listed, made,
 * changed and drawn across their maps here (their Tiled import and export are {@code tiled}'s). Depends on
 * {@code access}, {@code format}, {@code rendering}, {@code web}.
 */
package dev.tilewright.world;
