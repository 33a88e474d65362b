package dev.tilewright.core.query;

import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.geom.Isometric;
import dev.tilewright.core.geom.Oblique;
import dev.tilewright.core.geom.Orthogonal;
import dev.tilewright.core.grid.CollisionGrid;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.refusal.Refused;

/**
 * A ray against a map's computed collision grid: the seed's walk from one world point to another, stopped by the
 * first tile with a solid side. What a {@code blocked} check asks; the grid stop of a ray query is the same rule
 * ({@link #stops}).
 */
public final class GridRay {

    private GridRay() {
    }

    public record Tile(int x, int y) {
    }

    public record Point(double x, double y) {
    }

    /**
     * Where a ray stopped: the tile, the point where it entered it (its start when it began there), the distance to
     * that point (pixels) and the side it came in through.
     */
    public record Hit(Tile tile, Point point, double distance, RayEntry.Side side) {
    }

    /** Whether tile (tx, ty) stops a ray: any element of it has a solid side. */
    public static boolean stops(CollisionGrid grid, TileMap map, int tx, int ty) {
        int ex = grid.columns() / map.width();
        int ey = grid.rows() / map.height();
        for (int j = 0; j < ey; j++) {
            for (int i = 0; i < ex; i++) {
                if ((grid.get(tx * ex + i, ty * ey + j) & CollisionGrid.SIDES) != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The first tile the walk from (fromX, fromY) to (toX, toY) (world pixels, within {@code marginTiles} of the
     * map) meets that stops it; null when none does. Refuses a walk over more than {@code maxTiles} tiles.
     */
    public static Hit first(TileMap map, CollisionGrid grid, double fromX, double fromY, double toX, double toY,
                            int marginTiles, long maxTiles) {
        Orthogonal cells = cells(map);
        long cw = (long) cells.tileWidth() * Fixed.ONE;
        long ch = (long) cells.tileHeight() * Fixed.ONE;
        long x0 = Fixed.within(fromX - map.offset().x(), map.width(), cells.tileWidth(), marginTiles, "from.x");
        long y0 = Fixed.within(fromY - map.offset().y(), map.height(), cells.tileHeight(), marginTiles, "from.y");
        long x1 = Fixed.within(toX - map.offset().x(), map.width(), cells.tileWidth(), marginTiles, "to.x");
        long y1 = Fixed.within(toY - map.offset().y(), map.height(), cells.tileHeight(), marginTiles, "to.y");
        long length = RayWalk.length(x0, y0, x1, y1, cw, ch, map.width(), map.height());
        if (length > maxTiles) {
            throw Refused.invalidField("to", "The walk would visit " + length + " tiles, more than the "
                    + maxTiles + " a ray may (tilewright.query.max-tiles).");
        }
        int[] found = new int[2];
        boolean[] stopped = new boolean[1];
        RayWalk.walk(x0, y0, x1, y1, cw, ch, map.width(), map.height(), (tx, ty) -> {
            if (stops(grid, map, tx, ty)) {
                found[0] = tx;
                found[1] = ty;
                stopped[0] = true;
                return false;
            }
            return true;
        });
        if (!stopped[0]) {
            return null;
        }
        return hit(map, found, RayEntry.of(x0, y0, x1, y1, found[0], found[1], cw, ch, true), x0, y0, x1, y1);
    }

    /** The hit of a tile entered as {@code entry} says, in map pixels. */
    private static Hit hit(TileMap map, int[] tile, RayEntry entry, long x0, long y0, long x1, long y1) {
        return new Hit(new Tile(tile[0], tile[1]), entryPoint(map, entry, x0, y0, x1, y1),
                entryDistance(entry, x1 - x0, y1 - y0), entry.side());
    }

    /** Where a ray from (x0, y0) to (x1, y1) (fixed point, less the map's offset) enters, in world pixels. */
    public static Point entryPoint(TileMap map, RayEntry entry, long x0, long y0, long x1, long y1) {
        return new Point(Fixed.toPixels(entry.along(x0, x1 - x0)) + map.offset().x(),
                Fixed.toPixels(entry.along(y0, y1 - y0)) + map.offset().y());
    }

    /** How far along a ray moving (dx, dy) (fixed point) its entry lies, in pixels. */
    public static double entryDistance(RayEntry entry, long dx, long dy) {
        // each leg the rational rounded once, as the point is: a whole distance comes out whole
        return Math.hypot(entry.along(0, dx) / Fixed.ONE, entry.along(0, dy) / Fixed.ONE);
    }

    /** {@link #first} on a staggered or hexagonal map: the walk over its cells ({@link StaggeredCells}). */
    private static Hit firstStaggered(TileMap map, CollisionGrid grid, StaggeredCells cells, double fromX,
                                      double fromY, double toX, double toY, int marginTiles, long maxTiles) {
        int tw = cells.cells().tileWidth();
        int th = cells.cells().tileHeight();
        long x0 = Fixed.within(fromX - map.offset().x(), map.width(), tw, marginTiles, "from.x");
        long y0 = Fixed.within(fromY - map.offset().y(), map.height(), th, marginTiles, "from.y");
        long x1 = Fixed.within(toX - map.offset().x(), map.width(), tw, marginTiles, "to.x");
        long y1 = Fixed.within(toY - map.offset().y(), map.height(), th, marginTiles, "to.y");
        long length = cells.walkBound(x1 - x0, y1 - y0);
        if (length > maxTiles) {
            throw Refused.invalidField("to", "The walk may visit up to " + length + " tiles, more than the "
                    + maxTiles + " a ray may (tilewright.query.max-tiles).");
        }
        int[][] box = new int[1][];
        cells.walk(x0, y0, x1, y1, (tx, ty) -> {
            if (tx >= 0 && ty >= 0 && tx < map.width() && ty < map.height() && stops(grid, map, tx, ty)) {
                box[0] = new int[]{tx, ty};
                return false;
            }
            return true;
        });
        int[] found = box[0];
        if (found == null) {
            return null;
        }
        return hit(map, found, cells.entry(x0, y0, x1, y1, found[0], found[1]), x0, y0, x1, y1);
    }

    /**
     * The cells queries walk in a map's pixel space: an orthogonal map's rows and columns; on an isometric map pixel
     * space (where Tiled keeps objects) measures both axes in tile heights, so its cells are squares of a tile's
     * height and the same exact walks answer there; an oblique map's pixel space is the orthogonal one its screen
     * shears. Staggered and hexagonal maps walk their own cells ({@link StaggeredCells}); asked for squares, they are
     * refused.
     */
    public static Orthogonal cells(TileMap map) {
        if (map.projection() instanceof Orthogonal grid) {
            return grid;
        }
        if (map.projection() instanceof Isometric iso) {
            return new Orthogonal(iso.tileHeight(), iso.tileHeight());
        }
        if (map.projection() instanceof Oblique oblique) {
            return new Orthogonal(oblique.tileWidth(), oblique.tileHeight());
        }
        throw Refused.invalidField("orientation", "This answers orthogonal and isometric maps only yet, not "
                + map.settings().orientation().kind().fileName() + " ones.");
    }
}
