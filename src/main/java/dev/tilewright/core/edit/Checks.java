package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.stream.Collectors;

/** Validation shared by the ops: each failure names the field and says what would be accepted. */
final class Checks {

    private Checks() {
    }

    static Layer layer(TileMap map, int layerId) {
        return map.layer(layerId).orElseThrow(() -> new InvalidOpException("layerId",
                "the map has no layer " + layerId + "; its layers are " + map.layers().stream()
                        .map(l -> l.id() + " (" + l.name() + ")").collect(Collectors.joining(", ", "[", "]"))));
    }

    static TileLayer tileLayer(TileMap map, int layerId) {
        if (layer(map, layerId) instanceof TileLayer tiles) {
            return tiles;
        }
        throw new InvalidOpException("layerId", "layer " + layerId + " is an object layer, not a tile layer");
    }

    static ObjectLayer objectLayer(TileMap map, int layerId) {
        if (layer(map, layerId) instanceof ObjectLayer objects) {
            return objects;
        }
        throw new InvalidOpException("layerId", "layer " + layerId + " is a tile layer, not an object layer");
    }

    static MapObject object(ObjectLayer layer, int objectId) {
        return layer.object(objectId).orElseThrow(() -> new InvalidOpException("objectId",
                "layer " + layer.id() + " has no object " + objectId));
    }

    static int gid(TileMap map, long gid, String field) {
        if (gid < 0 || gid > 0xFFFF_FFFFL) {
            throw new InvalidOpException(field, "gid " + gid + " is outside 0..4294967295");
        }
        int value = (int) gid;
        if (!map.isValidGid(value)) {
            throw new InvalidOpException(field, "gid " + gid + " (tile " + Gid.id(value)
                    + ") belongs to no tileset of this map; its tilesets cover " + map.tilesets().stream()
                    .map(t -> t.firstGid() + ".." + (t.endGid() - 1)).collect(Collectors.joining(", ", "[", "]")));
        }
        return value;
    }

    /** What a cell op may write into the layer: a gid of the map's tilesets, or on an IntGrid a value 0..999999. */
    static int cellValue(TileMap map, TileLayer layer, long value, String field) {
        if (!layer.isIntGrid()) {
            return gid(map, value, field);
        }
        if (value < 0 || value > TileLayer.MAX_INTGRID_VALUE) {
            throw new InvalidOpException(field, "layer " + layer.id() + " is an IntGrid: its cells hold 0 (empty) to "
                    + TileLayer.MAX_INTGRID_VALUE + ", not " + value);
        }
        return (int) value;
    }

    static void cell(TileMap map, int x, int y, String field) {
        if (!map.bounds().contains(x, y)) {
            throw new InvalidOpException(field, "cell (" + x + ", " + y + ") is outside the map (0.."
                    + (map.width() - 1) + ", 0.." + (map.height() - 1) + ")");
        }
    }

    static TileRect rect(TileMap map, int x, int y, int width, int height) {
        if (width < 1 || height < 1) {
            throw new InvalidOpException("width", "a rectangle needs a positive width and height, was "
                    + width + "x" + height);
        }
        TileRect rect = new TileRect(x, y, width, height);
        if (!map.bounds().contains(rect)) {
            throw new InvalidOpException("x", "rectangle " + width + "x" + height + " at (" + x + ", " + y
                    + ") reaches outside the " + map.width() + "x" + map.height() + " map");
        }
        return rect;
    }

    /**
     * The id an op names for a new object or layer ({@code what}): 0 (the map's next free one, which must be left)
     * or 1..{@link TileMap#MAX_ID}.
     */
    static void newId(int id, int next, String field, String what) {
        if (id < 0 || id > TileMap.MAX_ID) {
            throw new InvalidOpException(field, what + " ids are 1.." + TileMap.MAX_ID + " (or 0 for a new one), was "
                    + id);
        }
        if (id == 0 && next > TileMap.MAX_ID) {
            throw new InvalidOpException(field, "the map has given out every " + what + " id up to " + TileMap.MAX_ID
                    + "; name a free one");
        }
    }

    static int objectIdInUse(TileMap map, int objectId) {
        for (Layer layer : map.layers()) {
            if (layer instanceof ObjectLayer objects && objects.object(objectId).isPresent()) {
                return layer.id();
            }
        }
        return -1;
    }
}
