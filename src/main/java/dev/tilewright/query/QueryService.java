package dev.tilewright.query;

import dev.tilewright.config.QueryProperties;
import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.geom.Orthogonal;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.grid.CollisionGrid;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.query.Fixed;
import dev.tilewright.core.query.ObjectIndex;
import dev.tilewright.core.query.ObjectTiles;
import dev.tilewright.core.query.GridRay;
import dev.tilewright.core.query.RayEntry;
import dev.tilewright.core.query.RayWalk;
import dev.tilewright.core.query.StaggeredCells;
import dev.tilewright.core.query.TileSpans;
import dev.tilewright.grid.GridService;
import dev.tilewright.map.MapReads;
import dev.tilewright.query.Queries.AreaAnswer;
import dev.tilewright.query.Queries.Answer;
import dev.tilewright.query.Queries.Circle;
import dev.tilewright.query.Queries.Hit;
import dev.tilewright.query.Queries.ObjectRef;
import dev.tilewright.query.Queries.Point;
import dev.tilewright.query.Queries.Query;
import dev.tilewright.query.Queries.Ray;
import dev.tilewright.query.Queries.RayAnswer;
import dev.tilewright.query.Queries.Rect;
import dev.tilewright.query.Queries.Tile;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.List;

/**
 * Answers spatial queries on a map's current version, searching a copy-on-write view of it taken under its lock
 * (so no edit waits behind a query batch): rays (walk or supercover, clipped to the map,
 * optionally stopped by a layer's tiles or by objects), rectangles and circles (optionally only non-empty tiles of a
 * layer, optionally with the objects in them). Coordinates become fixed-point once ({@link Fixed}); everything after
 * is exact.
 */
@Service
public class QueryService {

    private final MapReads maps;
    private final GridService grids;
    private final QueryProperties properties;

    QueryService(MapReads maps, GridService grids, QueryProperties properties) {
        this.maps = maps;
        this.grids = grids;
        this.properties = properties;
    }

    public Answer answer(long mapId, Query query) {
        CollisionGrid grid = gridFor(mapId, List.of(query));
        return answer(maps.view(mapId).map(), grid, query, "", new Work());
    }

    /**
     * The computed grid (at the map's grid settings' size) when a query stops at it: computed before the map's lock is
     * taken (it may load tilesets), so it can be a version behind an edit made meanwhile.
     */
    private CollisionGrid gridFor(long mapId, List<Query> queries) {
        boolean needed = queries.stream().anyMatch(q -> q instanceof Ray ray && ray.stopAt() != null
                && Boolean.TRUE.equals(ray.stopAt().grid()));
        return needed ? grids.grid(mapId, null, null).grid() : null;
    }

    public List<Answer> batch(long mapId, List<Query> queries) {
        if (queries == null || queries.isEmpty() || queries.size() > properties.maxBatch()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.query.max-batch",
                    properties.maxBatch(), "A batch holds 1 to " + properties.maxBatch() + " queries, had "
                            + (queries == null ? 0 : queries.size())).with("field", "queries");
        }
        CollisionGrid grid = gridFor(mapId, queries.stream().filter(q -> q != null).toList());
        TileMap map = maps.view(mapId).map();
        List<Answer> answers = new ArrayList<>(queries.size());
        Work work = new Work();
        for (int i = 0; i < queries.size(); i++) {
            if (queries.get(i) == null) {
                throw Refused.invalidField("queries[" + i + "]", "Each entry is a query with a type.");
            }
            answers.add(answer(map, grid, queries.get(i), "queries[" + i + "].", work));
        }
        return answers;
    }

    /** The tiles a request's queries have taken so far (a batch's are bounded together, before each one's work). */
    static final class Work {
        long tiles;
    }

    private Answer answer(TileMap map, CollisionGrid grid, Query query, String path, Work work) {
        if (map.projection() instanceof Hexagonal hex) {
            return new StaggeredQueries(properties, map, new StaggeredCells(hex)).answer(grid, query, path, work);
        }
        Space space = Space.of(map, query.units(), path, properties.marginTiles());
        if (query instanceof Ray ray) {
            return ray(map, grid, space, ray, path, work);
        }
        if (query instanceof Rect rect) {
            return rect(map, space, rect, path, work);
        }
        return circle(map, space, (Circle) query, path, work);
    }

    private RayAnswer ray(TileMap map, CollisionGrid grid, Space space, Ray ray, String path, Work work) {
        long x0 = space.x(required(ray.from(), path + "from").x(), path + "from.x");
        long y0 = space.y(ray.from().y(), path + "from.y");
        long x1 = space.x(required(ray.to(), path + "to").x(), path + "to.x");
        long y1 = space.y(ray.to().y(), path + "to.y");
        boolean walk = Refused.choice(Queries.RayMode.class, ray.mode(), Queries.RayMode.WALK, path + "mode")
                == Queries.RayMode.WALK;
        IntPairPredicate stop = stop(map, grid, ray.stopAt(), path + "stopAt.");
        long cw = space.cellWidth;
        long ch = space.cellHeight;
        // only the tiles on the map count: the walks are clipped to it before they start
        capWork(walk ? RayWalk.length(x0, y0, x1, y1, cw, ch, map.width(), map.height())
                : RayWalk.supercoverBound(x0, y0, x1, y1, cw, ch, map.width(), map.height()), path, work);
        RayTiles tiles = new RayTiles();
        if (walk && stop instanceof LayerStop layerStop) {
            // the layer's gids straight from its chunks (the walk RayBenchmark measures)
            RayWalk.walk(layerStop.layer(), x0, y0, x1, y1, cw, ch,
                    (tx, ty, gid) -> tiles.visit(tx, ty, LayerStop.stops(gid)));
        } else {
            RayWalk.Visitor visitor = (tx, ty) -> tiles.visit(tx, ty, stop != null && stop.test(tx, ty));
            if (walk) {
                RayWalk.walk(x0, y0, x1, y1, cw, ch, map.width(), map.height(), visitor);
            } else {
                RayWalk.supercover(x0, y0, x1, y1, cw, ch, map.width(), map.height(), visitor);
            }
        }
        return new RayAnswer(tiles.tiles, tiles.found == null ? null
                : hit(map, space, x0, y0, x1, y1, tiles.found, walk, ray.stopAt()));
    }

    /** The tiles a ray answers with (the walks give those on the map), in order, up to the one that stops it. */
    static final class RayTiles {
        final List<Tile> tiles = new ArrayList<>();
        Tile found;

        /** Takes the next tile; {@code stops}: it stops the ray. */
        boolean visit(int tx, int ty, boolean stops) {
            Tile tile = new Tile(tx, ty);
            tiles.add(tile);
            if (stops) {
                found = tile;
                return false;
            }
            return true;
        }
    }

    @FunctionalInterface
    interface IntPairPredicate {
        boolean test(int tx, int ty);
    }

    /** A layer stops the ray at its first painted tile. */
    private record LayerStop(TileLayer layer) implements IntPairPredicate {
        static boolean stops(int gid) {
            return gid != Gid.EMPTY;
        }

        @Override
        public boolean test(int tx, int ty) {
            return stops(layer.get(tx, ty));
        }
    }

    static IntPairPredicate stop(TileMap map, CollisionGrid grid, Queries.StopAt stopAt, String path) {
        if (stopAt == null) {
            return null;
        }
        int given = (stopAt.layerId() != null ? 1 : 0) + (Boolean.TRUE.equals(stopAt.grid()) ? 1 : 0)
                + (Boolean.TRUE.equals(stopAt.objects()) ? 1 : 0);
        if (given != 1) {
            throw Refused.invalidField(path.substring(0, path.length() - 1),
                    "stopAt names one of layerId, grid: true or objects: true.");
        }
        if (Boolean.TRUE.equals(stopAt.grid())) {
            // a tile stops the ray when any side of any of its elements is solid
            return (tx, ty) -> GridRay.stops(grid, map, tx, ty);
        }
        if (stopAt.layerId() != null) {
            return new LayerStop(tileLayer(map, stopAt.layerId(), path + "layerId"));
        }
        List<ObjectIndex> indexes = objectIndexes(map);
        return (tx, ty) -> indexes.stream().anyMatch(i -> i.occupied(tx, ty));
    }

    /** Where the ray entered the tile that stopped it ({@link RayEntry}), in the query's units. */
    private Hit hit(TileMap map, Space space, long x0, long y0, long x1, long y1, Tile found, boolean walk,
                    Queries.StopAt stopAt) {
        RayEntry entry = RayEntry.of(x0, y0, x1, y1, found.x(), found.y(), space.cellWidth, space.cellHeight, walk);
        long dx = x1 - x0;
        long dy = y1 - y0;
        Point point = new Point(space.outX(entry.along(x0, dx)), space.outY(entry.along(y0, dy)));
        // each leg the rational rounded once, as the point is: a whole distance comes out whole
        double distance = Math.hypot(entry.along(0, dx) / space.unitX, entry.along(0, dy) / space.unitY);
        List<ObjectRef> objects = Boolean.TRUE.equals(stopAt.objects())
                ? objectsIn(map, new TileRect(found.x(), found.y(), 1, 1)) : null;
        return new Hit(found, point, distance, entry.side(), objects);
    }

    private AreaAnswer rect(TileMap map, Space space, Rect rect, String path, Work work) {
        long xa = space.x(rect.x(), path + "x");
        long ya = space.y(rect.y(), path + "y");
        long xb = space.x(Refused.finite(rect.width(), path + "width") + rect.x(), path + "width");
        long yb = space.y(Refused.finite(rect.height(), path + "height") + rect.y(), path + "height");
        TileRect area = TileSpans.box(xa, ya, xb, yb, space.cellWidth, space.cellHeight)
                .intersection(new TileRect(0, 0, map.width(), map.height()));
        capWork(area.area(), path, work);
        IntPairPredicate keep = filter(map, rect.layerId(), rect.nonEmpty(), path);
        List<Tile> tiles = new ArrayList<>();
        for (int ty = area.y(); ty < area.bottom(); ty++) {
            for (int tx = area.x(); tx < area.right(); tx++) {
                if (keep == null || keep.test(tx, ty)) {
                    tiles.add(new Tile(tx, ty));
                }
            }
        }
        return new AreaAnswer(tiles, Boolean.TRUE.equals(rect.objects()) ? objectsIn(map, area) : null);
    }

    private AreaAnswer circle(TileMap map, Space space, Circle circle, String path, Work work) {
        long cx = space.x(circle.cx(), path + "cx");
        long cy = space.y(circle.cy(), path + "cy");
        double r = Refused.finite(circle.r(), path + "r");
        if (r < 0) {
            throw Refused.invalidField(path + "r", "The radius must not be negative, was " + r + ".");
        }
        if (space.unitX != space.unitY) {
            throw Refused.invalidField(path + "units", "A circle in tiles needs square tiles; give it in pixels.");
        }
        long radius = space.length(r, path + "r");
        TileRect bounds = new TileRect(0, 0, map.width(), map.height());
        List<long[]> spans = new ArrayList<>();
        long count = TileSpans.circle(cx, cy, radius, space.cellWidth, space.cellHeight, bounds,
                (ty, first, lastX) -> spans.add(new long[]{ty, first, lastX}));
        capWork(count, path, work);
        IntPairPredicate keep = filter(map, circle.layerId(), circle.nonEmpty(), path);
        List<Tile> tiles = new ArrayList<>();
        int top = Integer.MAX_VALUE;
        int bottom = Integer.MIN_VALUE;
        int left = Integer.MAX_VALUE;
        int right = Integer.MIN_VALUE;
        for (long[] span : spans) {
            int ty = (int) span[0];
            for (int tx = (int) span[1]; tx <= span[2]; tx++) {
                if (keep == null || keep.test(tx, ty)) {
                    tiles.add(new Tile(tx, ty));
                }
            }
            top = Math.min(top, ty);
            bottom = Math.max(bottom, ty);
            left = (int) Math.min(left, span[1]);
            right = (int) Math.max(right, span[2]);
        }
        return new AreaAnswer(tiles, Boolean.TRUE.equals(circle.objects())
                ? objectsInRuns(map, spans, false, new TileRect(left, top, right - left + 1, bottom - top + 1)) : null);
    }

    /**
     * The objects of the area's runs of tiles ({line, first, last}: rows, or columns when {@code byColumn}): those
     * of the runs' bounding tiles, kept when one of their tiles lies in a run.
     */
    static List<ObjectRef> objectsInRuns(TileMap map, List<long[]> runs, boolean byColumn, TileRect around) {
        List<ObjectRef> objects = new ArrayList<>();
        if (runs.isEmpty()) {
            return objects;
        }
        TileRect bounds = new TileRect(0, 0, map.width(), map.height());
        for (ObjectRef ref : objectsIn(map, around)) {
            TileRect of = objectRect(map, ref).intersection(bounds);
            int lineFrom = byColumn ? of.x() : of.y();
            long lineTo = byColumn ? of.right() : of.bottom();
            int alongFrom = byColumn ? of.y() : of.x();
            long alongTo = byColumn ? of.bottom() : of.right();
            if (runs.stream().anyMatch(s -> s[0] >= lineFrom && s[0] < lineTo && s[1] < alongTo && s[2] >= alongFrom)) {
                objects.add(ref);
            }
        }
        return objects;
    }

    private static TileRect objectRect(TileMap map, ObjectRef ref) {
        MapObject object = ((ObjectLayer) map.layer(ref.layerId()).orElseThrow()).object(ref.id()).orElseThrow();
        if (map.projection() instanceof Hexagonal hex) {
            return ObjectTiles.tileRect(object, hex);
        }
        Orthogonal grid = cells(map);
        return ObjectTiles.tileRect(object, grid.tileWidth(), grid.tileHeight());
    }

    /** A layer's object index over the cells the map's queries ask about. */
    private static ObjectIndex index(TileMap map, ObjectLayer objects) {
        if (map.projection() instanceof Hexagonal hex) {
            return ObjectTiles.of(objects, map.width(), map.height(), hex);
        }
        Orthogonal grid = cells(map);
        return ObjectTiles.of(objects, map.width(), map.height(), grid.tileWidth(), grid.tileHeight());
    }

    static IntPairPredicate filter(TileMap map, Integer layerId, Boolean nonEmpty, String path) {
        if (layerId == null) {
            if (Boolean.TRUE.equals(nonEmpty)) {
                throw Refused.invalidField(path + "layerId", "nonEmpty needs the layerId of a tile layer.");
            }
            return null;
        }
        TileLayer layer = tileLayer(map, layerId, path + "layerId");
        return Boolean.TRUE.equals(nonEmpty) ? (tx, ty) -> layer.get(tx, ty) != Gid.EMPTY : null;
    }

    private static List<ObjectIndex> objectIndexes(TileMap map) {
        List<ObjectIndex> out = new ArrayList<>();
        for (Layer layer : map.layers()) {
            if (layer instanceof ObjectLayer objects) {
                out.add(index(map, objects));
            }
        }
        return out;
    }

    /** The objects of every object layer referenced from the area's tiles, layer by layer. */
    static List<ObjectRef> objectsIn(TileMap map, TileRect area) {
        List<ObjectRef> out = new ArrayList<>();
        for (Layer layer : map.layers()) {
            if (layer instanceof ObjectLayer objects) {
                ObjectIndex index = index(map, objects);
                List<Integer> ids = new ArrayList<>();
                index.query(area, ids::add);
                ids.sort(null);
                for (int id : ids) {
                    MapObject o = objects.object(id).orElseThrow();
                    out.add(new ObjectRef(layer.id(), id, o.name(), o.type()));
                }
            }
        }
        return out;
    }

    /** The cells the exact queries walk: an orthogonal map's rows and columns (others refused, {@link GridRay}). */
    private static Orthogonal cells(TileMap map) {
        return GridRay.cells(map);
    }

    private static TileLayer tileLayer(TileMap map, int layerId, String field) {
        Layer layer = map.layer(layerId).orElseThrow(() -> Refused.invalidField(field, "The map has no layer "
                + layerId + "."));
        if (!(layer instanceof TileLayer tiles)) {
            throw Refused.invalidField(field, "Layer " + layerId + " is not a tile layer.");
        }
        return tiles;
    }

    void capWork(long tiles, String path, Work work) {
        capWork(properties, tiles, path, work);
    }

    /** Counts a query's tiles against the one query's and the batch's caps, before its work. */
    static void capWork(QueryProperties properties, long tiles, String path, Work work) {
        String field = path.isEmpty() ? "query" : path.substring(0, path.length() - 1);
        if (tiles > properties.maxTiles()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.query.max-tiles",
                    properties.maxTiles(), "The query would visit " + tiles + " tiles; ask a smaller one")
                    .with("field", field);
        }
        work.tiles += tiles;
        if (work.tiles > properties.maxBatchTiles()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.query.max-batch-tiles",
                    properties.maxBatchTiles(), "The batch's queries up to this one would visit " + work.tiles
                            + " tiles in all; send it in parts").with("field", field);
        }
    }

    static <T> T required(T value, String field) {
        if (value == null) {
            throw Refused.invalidField(field, field + " is required.");
        }
        return value;
    }

    /**
     * A map's coordinate space for one query: world pixels (minus the map's offset) or tiles, in fixed-point
     * units, and the range coordinates must keep to (the map and a margin around it).
     */
    private record Space(TileMap map, Orthogonal cells, long cellWidth, long cellHeight, double unitX, double unitY,
                         boolean tiles, int margin) {

        static Space of(TileMap map, String units, String path, int margin) {
            boolean tiles = Refused.choice(Queries.Units.class, units, Queries.Units.PIXELS, path + "units")
                    == Queries.Units.TILES;
            Orthogonal cells = QueryService.cells(map);
            long w = (long) cells.tileWidth() * Fixed.ONE;
            long h = (long) cells.tileHeight() * Fixed.ONE;
            return new Space(map, cells, w, h, tiles ? w : Fixed.ONE, tiles ? h : Fixed.ONE, tiles, margin);
        }

        long x(Double value, String field) {
            double v = Refused.finite(value, field);
            return inRange(tiles ? v * cells.tileWidth() : v - map.offset().x(), map.width(), cells.tileWidth(), field);
        }

        long y(Double value, String field) {
            double v = Refused.finite(value, field);
            return inRange(tiles ? v * cells.tileHeight() : v - map.offset().y(), map.height(), cells.tileHeight(),
                    field);
        }

        long length(double value, String field) {
            return inRange(tiles ? value * cells.tileWidth() : value, map.width(), cells.tileWidth(), field);
        }

        /** Map pixels to fixed point, refused beyond the margin around the map. */
        private long inRange(double pixels, int tilesAcross, int tileSize, String field) {
            return Fixed.within(pixels, tilesAcross, tileSize, margin, field);
        }

        double outX(double fixed) {
            return tiles ? fixed / cellWidth : Fixed.toPixels(fixed) + map.offset().x();
        }

        double outY(double fixed) {
            return tiles ? fixed / cellHeight : Fixed.toPixels(fixed) + map.offset().y();
        }
    }
}
