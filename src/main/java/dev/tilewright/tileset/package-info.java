/**
 * Tilesets: PNG atlases checked before decoding, stored in PostgreSQL, with per-tile properties; decoded
 * atlases kept by bytes ({@code Atlases}). Depends on {@code core}, {@code render}, {@code web}.
 */
package dev.tilewright.tileset;
