package dev.tilewright.format;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.GroupLayer;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.geom.Projection;
import dev.tilewright.core.model.MapSettings;
import dev.tilewright.core.model.Orientation;
import dev.tilewright.core.model.Parallax;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.TilesetSettings;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.Tileset;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the TMX and TMJ readers share once a file is parsed: layers as read (tile data possibly in chunks) become
 * the core layers of a finite map. Group layers are flattened on the way in: a child's opacity is multiplied by
 * its groups', offsets add up, it is visible only when its groups are, and takes a group's tint if it has none.
 */
final class MapAssembly {

    /** A rectangle of gids as written in a file: the whole layer, or one chunk of an infinite map. */
    record Chunk(int x, int y, int width, int height, int[] gids) {
    }

    /** A layer as read; {@code parent} is the index (among the layers read) of the group it is in, or -1. */
    sealed interface RawLayer permits RawTiles, RawObjects, RawImage, RawGroup {
        int id();

        LayerAttributes attributes();

        int parent();
    }

    record RawTiles(int id, LayerAttributes attributes, List<Chunk> chunks, int parent) implements RawLayer {
    }

    /** An object layer's objects as the file lists them (its draw order is an attribute). */
    record RawObjects(int id, LayerAttributes attributes, List<MapObject> objects, int parent) implements RawLayer {
    }

    record RawImage(int id, LayerAttributes attributes, ImageLayer.Image image, int parent) implements RawLayer {
    }

    /** A group layer; the layers in it follow it. */
    record RawGroup(int id, LayerAttributes attributes, int parent) implements RawLayer {
    }

    private MapAssembly() {
    }

    /**
     * The orientation a map's attributes describe, refused as the file's fault when it names none Tilewright has.
     */
    static Orientation orientation(String file, String orientation, String staggerAxis, String staggerIndex,
                                   int hexSideLength, int skewX, int skewY) {
        Orientation read;
        try {
            read = Orientation.of(orientation, staggerAxis, staggerIndex, hexSideLength).withSkew(skewX, skewY);
        } catch (IllegalArgumentException e) {
            throw TiledFormatException.invalid(file, e.getMessage());
        }
        return read;
    }


    /**
     * A tileset as both formats describe it. Without an atlas image it is an image collection spanning its highest
     * tile id; with one, columns and tile count default to what fits the image.
     */
    record TilesetParts(String file, int firstGid, String source, String name, int tileWidth, int tileHeight,
                        int margin, int spacing, Integer columns, Integer tileCount, String imageSource, byte[] atlas,
                        int imageWidth, int imageHeight, Integer transparentColor, int offsetX, int offsetY,
                        Properties properties, Map<Integer, TileData> tiles, Map<Integer, byte[]> tileImages,
                        TilesetSettings settings) {

        TiledTileset build() {
            try {
                if (imageSource == null) {
                    int span = tiles.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1) + 1;
                    return new TiledTileset(firstGid, source, new Tileset(name, tileWidth, tileHeight, 0, 0, 0,
                            Math.max(1, span), 0, 0, null, offsetX, offsetY, null, properties, tiles, settings), null,
                            tileImages);
                }
                Tileset grid = Tileset.grid(name, imageWidth, imageHeight, tileWidth, tileHeight, margin, spacing, null);
                return new TiledTileset(firstGid, source, new Tileset(name, tileWidth, tileHeight, margin, spacing,
                        columns == null ? grid.columns() : columns, tileCount == null ? grid.tileCount() : tileCount,
                        imageWidth, imageHeight, transparentColor, offsetX, offsetY, imageSource, properties, tiles,
                        settings), atlas, Map.of());
            } catch (IllegalArgumentException e) {
                throw TiledFormatException.invalid(file, "tileset '" + name + "': " + e.getMessage());
            }
        }
    }

    /** The size of an image: as the file states it, or read from the PNG header. */
    static int imageSize(Integer stated, byte[] bytes, boolean width, String path) {
        if (stated != null && stated > 0) {
            return stated;
        }
        PngHeader.Size size = PngHeader.read(bytes);
        if (size == null) {
            throw new TiledFormatException(TiledFormatException.Kind.UNSUPPORTED, path,
                    "only PNG images are supported; " + path + " is not a PNG");
        }
        return (int) Math.min(Integer.MAX_VALUE, width ? size.width() : size.height());
    }

    /** A map's settings as read, refused as the file's fault when the model refuses them. */
    static MapSettings settings(String file, String className, String renderOrder, double originX, double originY,
                                Fields chunkSize, Fields export, Orientation orientation) {
        try {
            return new MapSettings(className, renderOrder, new Position(originX, originY), false,
                    new MapSettings.Editor(chunkSize == null ? null : chunkSize.integer("width", MapSettings.Editor.CHUNK),
                            chunkSize == null ? null : chunkSize.integer("height", MapSettings.Editor.CHUNK),
                            export == null ? null : export.text("target", null),
                            export == null ? null : export.text("format", null)), orientation);
        } catch (IllegalArgumentException e) {
            throw TiledFormatException.invalid(file, e.getMessage());
        }
    }

    static TiledMap assemble(String file, int width, int height, int tileWidth, int tileHeight, boolean infinite,
                             String backgroundColor, Properties properties, List<TiledTileset> tilesets,
                             List<RawLayer> raw, Map<String, byte[]> images, ReadLimits limits, int fileNextLayerId,
                             int fileNextObjectId, MapSettings settings) {
        if (settings.orientation().staggers() && (tileWidth < 2 || tileHeight < 2)) {
            throw TiledFormatException.invalid(file, "a staggered or hexagonal map's tiles are 2x2 px at least, was "
                    + tileWidth + "x" + tileHeight);
        }
        Orientation layout = settings.orientation();
        if (layout.kind() == Orientation.Kind.OBLIQUE
                && (long) layout.skewX() * layout.skewY() >= (long) tileWidth * tileHeight) {
            throw TiledFormatException.invalid(file, "skewx " + layout.skewX() + " and skewy " + layout.skewY()
                    + " make " + tileWidth + "x" + tileHeight + " cells flat or turned over: skewx x skewy must stay"
                    + " below tilewidth x tileheight");
        }
        TileRect bounds = infinite ? evenAlongStagger(chunkBounds(raw, width, height), settings.orientation())
                : new TileRect(0, 0, width, height);
        limits.check(file, bounds.width(), bounds.height());
        if (backgroundColor != null && !backgroundColor.matches("#?([0-9a-fA-F]{6}|[0-9a-fA-F]{8})")) {
            throw TiledFormatException.invalid(file, "background colour '" + backgroundColor + "' is not #rrggbb or #aarrggbb");
        }
        String background = backgroundColor == null || backgroundColor.startsWith("#") ? backgroundColor : "#" + backgroundColor;
        Position offset = pixelOffset(settings.projection(tileWidth, tileHeight, bounds.width(), bounds.height()), bounds.x(),
                bounds.y());
        Difference shift = new Difference(-offset.x(), -offset.y());
        int nextLayerId = raw.stream().mapToInt(RawLayer::id).max().orElse(0) + 1;
        int nextObjectId = raw.stream().filter(l -> l instanceof RawObjects)
                .flatMap(l -> ((RawObjects) l).objects().stream()).mapToInt(MapObject::id).max().orElse(0) + 1;
        Set<Integer> layerIds = new HashSet<>();
        Set<Integer> objectIds = new HashSet<>();
        List<Layer> layers = new ArrayList<>();
        for (RawLayer layer : raw) {
            int id = layer.id() > 0 && layerIds.add(layer.id()) ? layer.id() : nextLayerId++;
            layerIds.add(id);
            if (layer instanceof RawGroup) {
                layers.add(new GroupLayer(id, layer.attributes()));
            } else if (layer instanceof RawTiles tiles) {
                layers.add(tileLayer(file, id, tiles, bounds, tilesets));
            } else if (layer instanceof RawObjects objects) {
                ObjectLayer objectLayer = new ObjectLayer(id, objects.attributes());
                for (MapObject object : objects.objects()) {
                    checkGid(file, "object " + object.id() + " on layer '" + objects.attributes().name() + "'",
                            (int) (long) object.gid(), tilesets);
                    MapObject placed = object.id() > 0 ? object : object.withId(nextObjectId++);
                    if (!objectIds.add(placed.id())) {
                        throw TiledFormatException.invalid(file, "object id " + placed.id() + " is used twice");
                    }
                    objectLayer.put(infinite ? moved(placed, shift) : placed);
                }
                layers.add(objectLayer);
            } else if (layer instanceof RawImage image) {
                layers.add(new ImageLayer(id, image.attributes(), image.image()));
            }
            if (layer.parent() >= 0) {
                layers.get(layers.size() - 1).setParentId(layers.get(layer.parent()).id());
            }
        }
        MapSettings kept = infinite ? new MapSettings(settings.className(), settings.renderOrder(),
                settings.parallaxOrigin(), true, settings.editorSettings().withStated(width, height),
                settings.orientation()) : settings;
        // the file's next ids are kept when they are ahead (Tiled never gives a deleted layer's or object's id again)
        return new TiledMap(file, bounds.width(), bounds.height(), tileWidth, tileHeight, offset, background,
                properties, tilesets, layers, Math.max(nextLayerId, fileNextLayerId),
                Math.max(nextObjectId, fileNextObjectId), images, kept);
    }

    private static TileLayer tileLayer(String file, int id, RawTiles tiles, TileRect bounds, List<TiledTileset> tilesets) {
        TileLayer layer = new TileLayer(id, tiles.attributes(), bounds.width(), bounds.height());
        boolean intGrid = layer.isIntGrid(); // values, not gids: IntGridFiles checks them
        boolean[] known = intGrid ? null : knownIds(tilesets);
        for (Chunk chunk : tiles.chunks()) {
            for (int gid : intGrid ? new int[0] : chunk.gids()) {
                int tile = Gid.id(gid);
                if (known == null || tile >= known.length || !known[tile]) {
                    checkGid(file, "layer '" + tiles.attributes().name() + "'", gid, tilesets);
                }
            }
            layer.write(new TileRect(chunk.x() - bounds.x(), chunk.y() - bounds.y(), chunk.width(), chunk.height()),
                    chunk.gids());
        }
        return IntGridFiles.fromFile(file, layer);
    }

    static MapObject moved(MapObject o, Difference shift) {
        return new MapObject(o.id(), o.name(), o.type(), o.shape(), o.x() + shift.dx(), o.y() + shift.dy(), o.width(),
                o.height(), o.rotation(), o.gid(), o.visible(), o.points(), o.text(), o.properties(), o.template(),
                o.opacity());
    }

    /**
     * An infinite map's stored rectangle, its first row (stagger axis y) or column (x) moved up to an even one on a
     * staggered or hexagonal map, so that the rows it shifts are the file's.
     */
    private static TileRect evenAlongStagger(TileRect bounds, Orientation orientation) {
        if (!orientation.staggers()) {
            return bounds;
        }
        if (orientation.staggerX()) {
            int x = Math.floorDiv(bounds.x(), 2) * 2;
            return new TileRect(x, bounds.y(), bounds.width() + bounds.x() - x, bounds.height());
        }
        int y = Math.floorDiv(bounds.y(), 2) * 2;
        return new TileRect(bounds.x(), y, bounds.width(), bounds.height() + bounds.y() - y);
    }

    /** Where tile (x, y) of a projection lies in pixel space relative to tile (0, 0): an infinite map's offset. */
    static Position pixelOffset(Projection projection, int x, int y) {
        Position zero = projection.tileToPixel(0, 0);
        Position at = projection.tileToPixel(x, y);
        return new Position(at.x() - zero.x(), at.y() - zero.y());
    }

    private static TileRect chunkBounds(List<RawLayer> raw, int width, int height) {
        long x0 = Long.MAX_VALUE;
        long y0 = Long.MAX_VALUE;
        long x1 = Long.MIN_VALUE;
        long y1 = Long.MIN_VALUE;
        for (RawLayer layer : raw) {
            if (layer instanceof RawTiles tiles) {
                for (Chunk chunk : tiles.chunks()) {
                    x0 = Math.min(x0, chunk.x());
                    y0 = Math.min(y0, chunk.y());
                    x1 = Math.max(x1, (long) chunk.x() + chunk.width());
                    y1 = Math.max(y1, (long) chunk.y() + chunk.height());
                }
            }
        }
        if (x0 == Long.MAX_VALUE) {
            return new TileRect(0, 0, Math.max(1, width), Math.max(1, height));
        }
        return new TileRect((int) x0, (int) y0, (int) Math.min(Integer.MAX_VALUE, x1 - x0),
                (int) Math.min(Integer.MAX_VALUE, y1 - y0));
    }

    /** Tile ids past which {@link #knownIds} is not worked out (each cell is then checked on its own). */
    private static final int MOST_KNOWN = 1 << 24;

    /**
     * Which tile ids the tilesets have, by id ({@link #checkGid}'s answer for each, worked out once: a layer's cells
     * are checked by a look-up, not a search); null when the ids reach past {@link #MOST_KNOWN}.
     */
    private static boolean[] knownIds(List<TiledTileset> tilesets) {
        long end = 1;
        for (TiledTileset tileset : tilesets) {
            end = Math.max(end, (long) tileset.firstGid() + tileset.tileset().tileCount());
        }
        if (end > MOST_KNOWN) {
            return null;
        }
        List<TiledTileset> byFirst = tilesets.stream()
                .sorted(java.util.Comparator.comparingInt(TiledTileset::firstGid)).toList();
        boolean[] known = new boolean[(int) end];
        for (int i = 0; i < byFirst.size(); i++) {
            TiledTileset tileset = byFirst.get(i);
            int until = i + 1 < byFirst.size() ? byFirst.get(i + 1).firstGid() : known.length;
            for (int id = Math.max(1, tileset.firstGid()); id < Math.min(until, known.length); id++) {
                known[id] = tileset.tileset().hasTile(id - tileset.firstGid());
            }
        }
        return known;
    }

    static void checkGid(String file, String where, int gid, List<TiledTileset> tilesets) {
        if (gid == Gid.EMPTY) {
            return;
        }
        int id = Gid.id(gid);
        TiledTileset owner = null;
        for (TiledTileset tileset : tilesets) {
            if (tileset.firstGid() <= id && (owner == null || tileset.firstGid() > owner.firstGid())) {
                owner = tileset;
            }
        }
        if (owner == null || !owner.tileset().hasTile(id - owner.firstGid())) {
            throw TiledFormatException.invalid(file, where + " has gid " + Integer.toUnsignedString(gid)
                    + " (tile " + id + "), which no tileset of the map has");
        }
    }
}
