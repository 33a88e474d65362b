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
 * @param templates  the templates its tiles' collision shapes are instances of, by the reference the tileset's file
 *                   writes (relative to it): kept with it, written back beside it
 */
public record TiledTileset(int firstGid, String source, Tileset tileset, byte[] atlas, Map<Integer, byte[]> tileImages,
                           Map<String, TiledTemplate> templates) {

    public TiledTileset {
        templates = Map.copyOf(templates);
    }

    /** A tileset whose collision shapes are instances of no template. */
    public TiledTileset(int firstGid, String source, Tileset tileset, byte[] atlas, Map<Integer, byte[]> tileImages) {
        this(firstGid, source, tileset, atlas, tileImages, Map.of());
    }

    public TiledTileset withTemplates(Map<String, TiledTemplate> used) {
        return new TiledTileset(firstGid, source, tileset, atlas, tileImages, used);
    }
}
