package dev.tilewright.format;

import dev.tilewright.core.model.Tileset;

import java.util.Map;

/**
 * A tileset as read, with its images.
 *
 * @param firstGid   where its gids start in the map that uses it (0 for a lone tileset)
 * @param source     the path of its .tsx/.tsj in the upload, or null when it was embedded in the map
 * @param atlas      the atlas image's bytes, or null for an image collection
 * @param tileImages a collection's per-tile image bytes by local id
 */
public record TiledTileset(int firstGid, String source, Tileset tileset, byte[] atlas, Map<Integer, byte[]> tileImages) {
}
