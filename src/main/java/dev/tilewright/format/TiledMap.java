package dev.tilewright.format;

import dev.tilewright.core.geom.Position;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapSettings;
import dev.tilewright.core.model.Properties;

import java.util.List;
import java.util.Map;

/**
 * A Tiled map as read: an orthogonal, finite map (an infinite one is cut to the chunks it has, with its origin
 * kept as {@code offset}, the world position of tile (0,0)), its tilesets with their first gids, its layers bottom
 * first (group layers flattened), the ids it gives out next (never one a deleted layer or object had), and the images
 * its image layers show, by path; its class, render order and parallax origin; the templates its objects are
 * instances of, by the reference the map writes (none when read detaching them, or written without them).
 */
public record TiledMap(String file, int width, int height, int tileWidth, int tileHeight, Position offset,
                       String backgroundColor, Properties properties, List<TiledTileset> tilesets, List<Layer> layers,
                       int nextLayerId, int nextObjectId, Map<String, byte[]> images, MapSettings settings,
                       Map<String, TiledTemplate> templates) {

    public TiledMap {
        settings = java.util.Objects.requireNonNullElse(settings, MapSettings.DEFAULT);
        templates = Map.copyOf(java.util.Objects.requireNonNullElse(templates, Map.of()));
    }

    /** A map whose objects are written whole (no template files go with it). */
    public TiledMap(String file, int width, int height, int tileWidth, int tileHeight, Position offset,
                    String backgroundColor, Properties properties, List<TiledTileset> tilesets, List<Layer> layers,
                    int nextLayerId, int nextObjectId, Map<String, byte[]> images, MapSettings settings) {
        this(file, width, height, tileWidth, tileHeight, offset, backgroundColor, properties, tilesets, layers,
                nextLayerId, nextObjectId, images, settings, Map.of());
    }

    /** This map with the templates its objects are instances of. */
    public TiledMap withTemplates(Map<String, TiledTemplate> used) {
        return new TiledMap(file, width, height, tileWidth, tileHeight, offset, backgroundColor, properties, tilesets,
                layers, nextLayerId, nextObjectId, images, settings, used);
    }

    /** A map with Tiled's default settings. */
    public TiledMap(String file, int width, int height, int tileWidth, int tileHeight, Position offset,
                    String backgroundColor, Properties properties, List<TiledTileset> tilesets, List<Layer> layers,
                    int nextLayerId, int nextObjectId, Map<String, byte[]> images) {
        this(file, width, height, tileWidth, tileHeight, offset, backgroundColor, properties, tilesets, layers,
                nextLayerId, nextObjectId, images, MapSettings.DEFAULT);
    }

    /** A map whose next layer id follows its highest one. */
    public TiledMap(String file, int width, int height, int tileWidth, int tileHeight, Position offset,
                    String backgroundColor, Properties properties, List<TiledTileset> tilesets, List<Layer> layers,
                    int nextObjectId, Map<String, byte[]> images) {
        this(file, width, height, tileWidth, tileHeight, offset, backgroundColor, properties, tilesets, layers,
                layers.stream().mapToInt(Layer::id).max().orElse(0) + 1, nextObjectId, images);
    }
}
