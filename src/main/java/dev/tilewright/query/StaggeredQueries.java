package dev.tilewright.query;

import dev.tilewright.config.QueryProperties;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.grid.CollisionGrid;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.query.Fixed;
import dev.tilewright.core.query.GridRay;
import dev.tilewright.core.query.RayEntry;
import dev.tilewright.core.query.StaggeredCells;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.query.Queries.AreaAnswer;
import dev.tilewright.query.Queries.Answer;
import dev.tilewright.query.Queries.Circle;
import dev.tilewright.query.Queries.Hit;
import dev.tilewright.query.Queries.Point;
import dev.tilewright.query.Queries.Query;
import dev.tilewright.query.Queries.Ray;
import dev.tilewright.query.Queries.RayAnswer;
import dev.tilewright.query.Queries.Rect;
import dev.tilewright.query.Queries.Tile;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link QueryService}'s queries on one staggered or hexagonal map: the walks and areas of {@link StaggeredCells} with
 * the service's stops, filters, objects and work caps.
 */
final class StaggeredQueries {

    private final QueryProperties properties;
    private final TileMap map;
    private final StaggeredCells cells;

    StaggeredQueries(QueryProperties properties, TileMap map, StaggeredCells cells) {
        this.properties = properties;
        this.map = map;
        this.cells = cells;
    }

    /**
     * A query on a staggered or hexagonal map, over its cells ({@link StaggeredCells}): in pixels only (its tile
     * coordinates are a cell and a place in its box, not a linear space); a rectangle or circle answers the cells
     * whose closed shape meets it.
     */
    Answer answer(CollisionGrid grid, Query query, String path, QueryService.Work work) {
        if (Refused.choice(Queries.Units.class, query.units(), Queries.Units.PIXELS, path + "units")
                != Queries.Units.PIXELS) {
            throw Refused.invalidField(path + "units", "Queries on " + map.settings().orientation().kind().fileName()
                    + " maps are asked in pixels.");
        }
        return query instanceof Ray ray ? ray(grid, ray, path, work) : area(query, path, work);
    }

    /** A ray: the cells it walks (or touches) on the map, up to the one that stops it, and where it entered that. */
    private RayAnswer ray(CollisionGrid grid, Ray ray, String path, QueryService.Work work) {
        TileRect bounds = new TileRect(0, 0, map.width(), map.height());
        long x0 = pixels(QueryService.required(ray.from(), path + "from").x(), true, path + "from.x");
        long y0 = pixels(ray.from().y(), false, path + "from.y");
        long x1 = pixels(QueryService.required(ray.to(), path + "to").x(), true, path + "to.x");
        long y1 = pixels(ray.to().y(), false, path + "to.y");
        boolean walk = Refused.choice(Queries.RayMode.class, ray.mode(), Queries.RayMode.WALK, path + "mode")
                == Queries.RayMode.WALK;
        QueryService.IntPairPredicate stop = QueryService.stop(map, grid, ray.stopAt(), path + "stopAt.");
        QueryService.capWork(properties, walk ? cells.walkBound(x1 - x0, y1 - y0)
                : cells.supercoverBound(x1 - x0, y1 - y0), path, work);
        QueryService.RayTiles tiles = new QueryService.RayTiles();
        StaggeredCells.Visitor visitor = (tx, ty) -> !bounds.contains(tx, ty)
                || tiles.visit(tx, ty, stop != null && stop.test(tx, ty));
        if (walk) {
            cells.walk(x0, y0, x1, y1, visitor);
        } else {
            cells.supercover(x0, y0, x1, y1, visitor);
        }
        Hit hit = null;
        if (tiles.found != null) {
            RayEntry entry = cells.entry(x0, y0, x1, y1, tiles.found.x(), tiles.found.y());
            GridRay.Point at = GridRay.entryPoint(map, entry, x0, y0, x1, y1);
            hit = new Hit(tiles.found, new Point(at.x(), at.y()), GridRay.entryDistance(entry, x1 - x0, y1 - y0),
                    entry.side(), Boolean.TRUE.equals(ray.stopAt().objects())
                    ? QueryService.objectsIn(map, new TileRect(tiles.found.x(), tiles.found.y(), 1, 1)) : null);
        }
        return new RayAnswer(tiles.tiles, hit);
    }

    /** A rectangle or circle: the cells whose closed shape meets it (and their objects when asked). */
    private AreaAnswer area(Query query, String path, QueryService.Work work) {
        TileRect bounds = new TileRect(0, 0, map.width(), map.height());
        List<long[]> runs = new ArrayList<>();
        StaggeredCells.Run collect = (line, first, last) -> runs.add(new long[]{line, first, last});
        long count;
        Integer layerId;
        Boolean nonEmpty;
        Boolean objects;
        if (query instanceof Rect rect) {
            long xa = pixels(rect.x(), true, path + "x");
            long ya = pixels(rect.y(), false, path + "y");
            long xb = pixels(Refused.finite(rect.width(), path + "width") + rect.x(), true, path + "width");
            long yb = pixels(Refused.finite(rect.height(), path + "height") + rect.y(), false,
                    path + "height");
            count = cells.box(xa, ya, xb, yb, bounds, collect);
            layerId = rect.layerId();
            nonEmpty = rect.nonEmpty();
            objects = rect.objects();
        } else {
            Circle circle = (Circle) query;
            long cx = pixels(circle.cx(), true, path + "cx");
            long cy = pixels(circle.cy(), false, path + "cy");
            double r = Refused.finite(circle.r(), path + "r");
            if (r < 0) {
                throw Refused.invalidField(path + "r", "The radius must not be negative, was " + r + ".");
            }
            long radius = Fixed.within(r, map.width(), cells.cells().tileWidth(), properties.marginTiles(), path + "r");
            count = cells.disc(cx, cy, radius, bounds, collect);
            layerId = circle.layerId();
            nonEmpty = circle.nonEmpty();
            objects = circle.objects();
        }
        QueryService.capWork(properties, count, path, work);
        QueryService.IntPairPredicate keep = QueryService.filter(map, layerId, nonEmpty, path);
        boolean byColumn = cells.cells().staggerX();
        List<Tile> tiles = new ArrayList<>();
        int lineMin = Integer.MAX_VALUE;
        int lineMax = Integer.MIN_VALUE;
        int alongMin = Integer.MAX_VALUE;
        int alongMax = Integer.MIN_VALUE;
        for (long[] run : runs) {
            for (int k = (int) run[1]; k <= run[2]; k++) {
                int tx = byColumn ? (int) run[0] : k;
                int ty = byColumn ? k : (int) run[0];
                if (keep == null || keep.test(tx, ty)) {
                    tiles.add(new Tile(tx, ty));
                }
            }
            lineMin = Math.min(lineMin, (int) run[0]);
            lineMax = Math.max(lineMax, (int) run[0]);
            alongMin = (int) Math.min(alongMin, run[1]);
            alongMax = (int) Math.max(alongMax, run[2]);
        }
        if (byColumn) {
            // rows first, each left to right, as the other orientations answer
            tiles.sort((a, b) -> a.y() != b.y() ? Integer.compare(a.y(), b.y()) : Integer.compare(a.x(), b.x()));
        }
        TileRect around = byColumn ? new TileRect(lineMin, alongMin, lineMax - lineMin + 1, alongMax - alongMin + 1)
                : new TileRect(alongMin, lineMin, alongMax - alongMin + 1, lineMax - lineMin + 1);
        return new AreaAnswer(tiles, Boolean.TRUE.equals(objects)
                ? QueryService.objectsInRuns(map, runs, byColumn, around) : null);
    }

    /** A pixel coordinate of the map (less its offset) in fixed point, refused beyond the margin around it. */
    private long pixels(Double value, boolean x, String field) {
        double v = Refused.finite(value, field);
        return x ? Fixed.within(v - map.offset().x(), map.width(), cells.cells().tileWidth(), properties.marginTiles(),
                field) : Fixed.within(v - map.offset().y(), map.height(), cells.cells().tileHeight(),
                properties.marginTiles(), field);
    }
}
