/**
 * The map model: tilesets, tile maps, tile layers as 64x64 chunks of {@code int} gids with Tiled's flip bits,
 * object layers, image layers, typed properties. Pure Java: depends on {@code core.geom} only.
 */
package dev.tilewright.core.model;
