package dev.tilewright.core.query;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;

/**
 * An object layer's {@link ObjectIndex}, attached to the layer so that every put and removal (every op, undo and
 * import goes through them) keeps it current. An object's box is what Tiled draws: a tile object grows up from its
 * position, a shape down; polygons and polylines span their points; a point is its tile; a rotation turns the box
 * about the position and its bounds count.
 */
public final class ObjectTiles implements ObjectLayer.Observer {

    private final ObjectIndex index;
    private final int tileWidth;
    private final int tileHeight;

    private ObjectTiles(int mapWidth, int mapHeight, int tileWidth, int tileHeight) {
        this.index = new ObjectIndex(new TileRect(0, 0, mapWidth, mapHeight));
        this.tileWidth = tileWidth;
        this.tileHeight = tileHeight;
    }

    /** The layer's index for a map of this size, attached (and filled) the first time it is asked for. */
    public static ObjectIndex of(ObjectLayer layer, int mapWidth, int mapHeight, int tileWidth, int tileHeight) {
        if (layer.observer() instanceof ObjectTiles tiles && tiles.tileWidth == tileWidth
                && tiles.tileHeight == tileHeight && tiles.index.covers(mapWidth, mapHeight)) {
            return tiles.index;
        }
        ObjectTiles tiles = new ObjectTiles(mapWidth, mapHeight, tileWidth, tileHeight);
        layer.observe(tiles);
        return tiles.index;
    }

    @Override
    public void put(MapObject object) {
        index.put(object.id(), tileRect(object, tileWidth, tileHeight));
    }

    @Override
    public void removed(int id) {
        index.remove(id);
    }

    @Override
    public long heapBytes() {
        return index.heapBytes();
    }

    /** The tiles an object's box overlaps (see the class comment), not clipped to the map. */
    public static TileRect tileRect(MapObject o, int tileWidth, int tileHeight) {
        double left;
        double top;
        double right;
        double bottom;
        if (!o.points().isEmpty()) {
            left = Double.MAX_VALUE;
            top = Double.MAX_VALUE;
            right = -Double.MAX_VALUE;
            bottom = -Double.MAX_VALUE;
            for (Difference p : o.points()) {
                left = Math.min(left, p.dx());
                right = Math.max(right, p.dx());
                top = Math.min(top, p.dy());
                bottom = Math.max(bottom, p.dy());
            }
        } else {
            left = 0;
            right = o.width();
            top = o.gid() != 0 ? -o.height() : 0;
            bottom = o.gid() != 0 ? 0 : o.height();
        }
        if (o.rotation() != 0) {
            double cos = Math.cos(Math.toRadians(o.rotation()));
            double sin = Math.sin(Math.toRadians(o.rotation()));
            double[] xs = {left, right, right, left};
            double[] ys = {top, top, bottom, bottom};
            left = top = Double.MAX_VALUE;
            right = bottom = -Double.MAX_VALUE;
            for (int i = 0; i < 4; i++) {
                double x = xs[i] * cos - ys[i] * sin;
                double y = xs[i] * sin + ys[i] * cos;
                left = Math.min(left, x);
                right = Math.max(right, x);
                top = Math.min(top, y);
                bottom = Math.max(bottom, y);
            }
        }
        long w = (long) tileWidth * Fixed.ONE;
        long h = (long) tileHeight * Fixed.ONE;
        return TileSpans.box(Fixed.of(sane(o.x() + left)), Fixed.of(sane(o.y() + top)), Fixed.of(sane(o.x() + right)),
                Fixed.of(sane(o.y() + bottom)), w, h);
    }

    /** Far-away coordinates (objects may lie anywhere) held where tile numbers still fit an int. */
    private static double sane(double pixels) {
        return Math.max(-FAR, Math.min(FAR, pixels));
    }

    private static final double FAR = 1 << 30;
}
