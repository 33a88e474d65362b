/**
 * What a project keeps for all its maps: its custom property types (Tiled's enums and classes), edited over the API
 * and brought in with a {@code .tiled-project}. Depends on {@code access}, {@code format}, {@code core}, {@code web}.
 */
package dev.tilewright.project;
