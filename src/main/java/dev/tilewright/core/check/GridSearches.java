package dev.tilewright.core.check;

import dev.tilewright.core.grid.CollisionGrid;
import dev.tilewright.core.grid.Reach;
import dev.tilewright.core.refusal.Refused;
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
        if (!map.settings().orientation().orthogonal()) {
            // a box moving over another orientation's cells is not a box over the grid's elements
            throw Refused.invalidField("orientation", "Path searches answer orthogonal maps only yet, not "
                    + map.settings().orientation().kind().fileName() + " ones.");
        }
        return Reach.search(new Reach.Placed(grid(), map.offset().x(), map.offset().y(),
                GridRay.cells(map).tileWidth(), GridRay.cells(map).tileHeight()), search, limits);
    }
}
