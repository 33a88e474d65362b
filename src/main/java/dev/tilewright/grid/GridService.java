package dev.tilewright.grid;

import dev.tilewright.config.GridProperties;
import dev.tilewright.core.grid.CollisionGrid;
import dev.tilewright.core.grid.GridComputer;
import dev.tilewright.core.grid.GridMotion;
import dev.tilewright.core.grid.PathFinder;
import dev.tilewright.core.grid.PlatformerReach;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.map.MapService;
import dev.tilewright.tileset.TilesetService;
import dev.tilewright.web.ApiProblem;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The computed collision grid of a map's current version, from tile solidity, and grid motion through it. A grid
 * is computed when first asked for and kept (a few, least recently used out) for that map version, element size
 * and tileset content; an edit or a change of a tile's solidity makes the next request compute it anew.
 */
@Service
public class GridService {

    /** A grid as computed for a version of a map, with where that map lies (its offset) and its tile size. */
    public record Computed(long version, CollisionGrid grid, double originX, double originY, int tileWidth,
                           int tileHeight) {

        Computed(long version, CollisionGrid grid, TileMap map) {
            this(version, grid, map.offset().x(), map.offset().y(), map.tileWidth(), map.tileHeight());
        }
    }

    private record Key(long mapId, long version, int elementWidth, int elementHeight, Map<Long, Tileset> tilesets) {
    }

    private final MapService maps;
    private final TilesetService tilesets;
    private final GridProperties properties;
    private final Map<Key, CollisionGrid> cache;

    GridService(MapService maps, TilesetService tilesets, GridProperties properties) {
        this.maps = maps;
        this.tilesets = tilesets;
        this.properties = properties;
        this.cache = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, CollisionGrid> eldest) {
                return size() > properties.cachedGrids();
            }
        };
    }

    /** The grid with elements of the given size (null: the tile size). */
    public Computed grid(long mapId, Integer elementWidth, Integer elementHeight) {
        List<MapTileset> used = maps.read(mapId, (v, map) -> map.tilesets());
        Map<Long, Tileset> byId = new HashMap<>();
        for (MapTileset t : used) {
            byId.put(t.tilesetId(), tilesets.get(t.tilesetId()).tileset());
        }
        return maps.read(mapId, (version, map) -> {
            int ew = elementWidth == null ? map.tileWidth() : elementWidth;
            int eh = elementHeight == null ? map.tileHeight() : elementHeight;
            check(map, ew, eh);
            Key key = new Key(mapId, version, ew, eh, byId);
            synchronized (cache) {
                CollisionGrid cached = cache.get(key);
                if (cached != null) {
                    return new Computed(version, cached, map);
                }
            }
            CollisionGrid grid = new GridComputer(map, ew, eh, byId::get).compute();
            synchronized (cache) {
                cache.put(key, grid);
            }
            return new Computed(version, grid, map);
        });
    }

    /** How far the box may move by (dx, dy), in world pixels, as the grid motion filter allows. */
    public double[] motion(long mapId, double x, double y, double width, double height, double dx, double dy,
                           Integer elementWidth, Integer elementHeight) {
        Computed computed = grid(mapId, elementWidth, elementHeight);
        CollisionGrid grid = computed.grid();
        checkBox(grid, width, height);
        double mapWidth = (double) grid.columns() * grid.elementWidth();
        double mapHeight = (double) grid.rows() * grid.elementHeight();
        if (Math.abs(dx) > mapWidth || Math.abs(dy) > mapHeight) {
            throw ApiProblem.invalidField(Math.abs(dx) > mapWidth ? "dx" : "dy", "A move is at most the map's size.");
        }
        double left = x - computed.originX();
        double top = y - computed.originY();
        if (left < -mapWidth || top < -mapHeight || left > 2 * mapWidth || top > 2 * mapHeight) {
            throw ApiProblem.invalidField("box.x", "The box lies too far outside the map.");
        }
        return GridMotion.filter(grid, left, top, width, height, dx, dy);
    }

    /** A path search's answer, positions in elements of the grid it ran on. */
    public record Path(Computed grid, PathFinder.Result result) {
    }

    /** A platformer search's answer, standing places in map pixels. */
    public record Platformer(Computed grid, PlatformerReach.Result result, double takeOffSpeed) {
    }

    /**
     * Platformer reachability of a box standing at a top-left position (world pixels; it first falls to the ground)
     * to any standing place covering the goal point.
     */
    public Platformer platformer(long mapId, double fromX, double fromY, double toX, double toY, double width,
                                 double height, double jumpHeight, double gravity, double runSpeed,
                                 Integer elementWidth, Integer elementHeight) {
        Computed computed = grid(mapId, elementWidth, elementHeight);
        CollisionGrid grid = computed.grid();
        checkBox(grid, width, height);
        double mapWidth = (double) grid.columns() * grid.elementWidth();
        double mapHeight = (double) grid.rows() * grid.elementHeight();
        if (!(jumpHeight > 0 && jumpHeight <= mapHeight)) {
            throw ApiProblem.invalidField("jumpHeight", "jumpHeight is pixels above 0 and at most the map's height.");
        }
        if (!(gravity > 0 && gravity <= 1e6) || !(runSpeed >= 0 && runSpeed <= 1e5)) {
            throw ApiProblem.invalidField(gravity > 0 && gravity <= 1e6 ? "runSpeed" : "gravity",
                    "gravity is 0 to 10^6 px/s^2 (not 0), runSpeed 0 to 10^5 px/s.");
        }
        double sx = fromX - computed.originX();
        double sy = fromY - computed.originY();
        if (sx < 0 || sy < 0 || sx >= mapWidth || sy >= mapHeight) {
            throw ApiProblem.invalidField("from.x", "from lies outside the map.");
        }
        PlatformerReach reach = new PlatformerReach(grid, width, height, jumpHeight, gravity, runSpeed);
        return new Platformer(computed, reach.search(sx, sy, toX - computed.originX(), toY - computed.originY(),
                properties.maxPlatformerPlaces()), reach.takeOffSpeed());
    }

    /**
     * Top-down reachability of a box from one top-left position to another (world pixels), over the grid with
     * elements of the given size.
     */
    public Path path(long mapId, double fromX, double fromY, double toX, double toY, double width, double height,
                     Integer elementWidth, Integer elementHeight) {
        Computed computed = grid(mapId, elementWidth, elementHeight);
        CollisionGrid grid = computed.grid();
        long elements = (long) grid.columns() * grid.rows();
        if (elements > properties.maxPathElements()) {
            throw ApiProblem.overLimit(HttpStatus.UNPROCESSABLE_CONTENT, "tilewright.grid.max-path-elements",
                    properties.maxPathElements(), "A path search on " + elements + " elements; ask with larger "
                            + "elements (elementWidth/elementHeight)").with("field", "elementWidth");
        }
        checkBox(grid, width, height);
        int boxWidth = (int) Math.ceil(width / grid.elementWidth());
        int boxHeight = (int) Math.ceil(height / grid.elementHeight());
        PathFinder finder = new PathFinder(grid, boxWidth, boxHeight);
        int sx = element(fromX - computed.originX(), grid.elementWidth(), grid.columns(), "from.x");
        int sy = element(fromY - computed.originY(), grid.elementHeight(), grid.rows(), "from.y");
        int gx = element(toX - computed.originX(), grid.elementWidth(), grid.columns(), "to.x");
        int gy = element(toY - computed.originY(), grid.elementHeight(), grid.rows(), "to.y");
        return new Path(computed, finder.search(sx, sy, gx, gy, properties.maxPathVisited()));
    }

    private static void checkBox(CollisionGrid grid, double width, double height) {
        if (width <= 0 || height <= 0 || width > (double) grid.columns() * grid.elementWidth()
                || height > (double) grid.rows() * grid.elementHeight()) {
            throw ApiProblem.invalidField("box.width", "The box needs a positive size no larger than the map, was "
                    + width + "x" + height + ".");
        }
    }

    private static int element(double pixels, int size, int count, String field) {
        double element = Math.floor(pixels / size);
        if (!(element >= 0 && element < count)) {
            throw ApiProblem.invalidField(field, field + " lies outside the map.");
        }
        return (int) element;
    }

    private void check(TileMap map, int ew, int eh) {
        if (ew < 1 || eh < 1 || map.tileWidth() % ew != 0 || map.tileHeight() % eh != 0) {
            throw ApiProblem.invalidField("elementWidth", "Grid elements of " + ew + "x" + eh + " px must divide the "
                    + map.tileWidth() + "x" + map.tileHeight() + " px tiles (e.g. 4, 8 or the tile size).");
        }
        long elements = (long) map.width() * (map.tileWidth() / ew) * map.height() * (map.tileHeight() / eh);
        if (elements > properties.maxElements()) {
            throw ApiProblem.overLimit(HttpStatus.UNPROCESSABLE_CONTENT, "tilewright.grid.max-elements",
                    properties.maxElements(), "The grid would have " + elements + " elements; use larger elements")
                    .with("field", "elementWidth");
        }
    }
}
