package dev.tilewright.core.check;

import dev.tilewright.core.grid.CellPaths;
import dev.tilewright.core.grid.CollisionGrid;
import dev.tilewright.core.grid.Reach;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.query.GridRay;

import java.util.function.Supplier;

/**
 * The searches on one computed grid of a map (at its grid settings' element size), worked out the first time a
 * check needs it: the same rules the service's searches follow, for the command line's checks.
 */
public final class GridSearches implements Searches {

    private final TileMap map;
    private final Supplier<CollisionGrid> compute;
    private final Reach.Limits limits;
    private final int marginTiles;
    private final long maxRayTiles;
    private CollisionGrid grid;

    /**
     * @param compute     works out the map's grid at its settings' element size
     * @param marginTiles how far outside the map a ray may start or end (tilewright.query.margin-tiles)
     * @param maxRayTiles the most tiles one ray may walk (tilewright.query.max-tiles)
     */
    public GridSearches(TileMap map, Supplier<CollisionGrid> compute, Reach.Limits limits, int marginTiles,
                        long maxRayTiles) {
        this.map = map;
        this.compute = compute;
        this.limits = limits;
        this.marginTiles = marginTiles;
        this.maxRayTiles = maxRayTiles;
    }

    private CollisionGrid grid() {
        if (grid == null) {
            grid = compute.get();
        }
        return grid;
    }

    @Override
    public GridRay.Hit blocked(double fromX, double fromY, double toX, double toY) {
        return GridRay.first(map, grid(), fromX, fromY, toX, toY, marginTiles, maxRayTiles);
    }

    @Override
    public Reach.Answer reach(Reach.Search search) {
        return search(map, new Reach.Placed(grid(), map.offset().x(), map.offset().y(),
                map.projection().tileWidth(), map.projection().tileHeight()), search, limits);
    }

    /**
     * A search on a map's computed grid, as the service and the checks ask it: a box over the grid's elements on an
     * orthogonal map ({@link Reach}), a unit from tile to tile on the others ({@link CellPaths}).
     */
    public static Reach.Answer search(TileMap map, Reach.Placed placed, Reach.Search search, Reach.Limits limits) {
        if (map.settings().orientation().orthogonal()) {
            return Reach.search(placed, search, limits);
        }
        return CellPaths.search(map.projection(), map.settings().orientation().kind().fileName(), map.width(),
                map.height(), placed.originX(), placed.originY(),
                (tx, ty) -> GridRay.stops(placed.grid(), map, tx, ty), search, limits);
    }
}
