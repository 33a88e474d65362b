package dev.tilewright.core.query;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.geom.Orthogonal;
import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.geom.Projection;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;

/**
 * An object layer's {@link ObjectIndex}, attached to the layer so that every put and removal (every op, undo and
 * import goes through them) keeps it current. An object's box is what Tiled draws: a tile object grows up from its
 * position, a shape down; polygons and polylines span their points; a point is its tile; a rotation turns the box
 * about the position and its bounds count. On a staggered or hexagonal map an object belongs to the cells whose boxes
 * its box meets.
 */
public final class ObjectTiles implements ObjectLayer.Observer {

    private final ObjectIndex index;
    /** The cells queries ask about: squares in pixel space ({@link Orthogonal}) or a {@link Hexagonal} map's. */
    private final Projection cells;

    private ObjectTiles(int mapWidth, int mapHeight, Projection cells) {
        this.index = new ObjectIndex(new TileRect(0, 0, mapWidth, mapHeight));
        this.cells = cells;
    }

    /** The layer's index for a map of this size, attached (and filled) the first time it is asked for. */
    public static ObjectIndex of(ObjectLayer layer, int mapWidth, int mapHeight, int tileWidth, int tileHeight) {
        return attach(layer, mapWidth, mapHeight, new Orthogonal(tileWidth, tileHeight));
    }

    /** The index of a staggered or hexagonal map's layer, over its cells. */
    public static ObjectIndex of(ObjectLayer layer, int mapWidth, int mapHeight, Hexagonal cells) {
        return attach(layer, mapWidth, mapHeight, cells);
    }

    private static ObjectIndex attach(ObjectLayer layer, int mapWidth, int mapHeight, Projection cells) {
        if (layer.observer() instanceof ObjectTiles tiles && tiles.cells.equals(cells)
                && tiles.index.covers(mapWidth, mapHeight)) {
            return tiles.index;
        }
        ObjectTiles tiles = new ObjectTiles(mapWidth, mapHeight, cells);
        layer.observe(tiles);
        return tiles.index;
    }

    @Override
    public void put(MapObject object) {
        index.put(object.id(), cells instanceof Hexagonal hex ? tileRect(object, hex)
                : tileRect(object, ((Orthogonal) cells).tileWidth(), ((Orthogonal) cells).tileHeight()));
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
        double[] box = box(o);
        long w = (long) tileWidth * Fixed.ONE;
        long h = (long) tileHeight * Fixed.ONE;
        return TileSpans.box(Fixed.of(box[0]), Fixed.of(box[1]), Fixed.of(box[2]), Fixed.of(box[3]), w, h);
    }

    /** The cells of a staggered or hexagonal map whose boxes an object's box meets (a point's or line's: one px). */
    public static TileRect tileRect(MapObject o, Hexagonal cells) {
        double[] box = box(o);
        long left = (long) Math.floor(box[0]);
        long top = (long) Math.floor(box[1]);
        long right = Math.max(left + 1, (long) Math.ceil(box[2]));
        long bottom = Math.max(top + 1, (long) Math.ceil(box[3]));
        return cells.tilesMeeting(new PixelBox(left, top, right - left, bottom - top));
    }

    /** An object's box in map pixels: left, top, right, bottom, held where tile numbers still fit an int. */
    private static double[] box(MapObject o) {
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
        return new double[]{sane(o.x() + left), sane(o.y() + top), sane(o.x() + right), sane(o.y() + bottom)};
    }

    /** Far-away coordinates (objects may lie anywhere) held where tile numbers still fit an int. */
    private static double sane(double pixels) {
        return Math.max(-FAR, Math.min(FAR, pixels));
    }

    private static final double FAR = 1 << 30;
}
