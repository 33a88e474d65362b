package dev.tilewright.core.grid;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;

import java.util.HashMap;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * Computes the collision grid from tile solidity: a tile whose tileset marks it solid (a bool property {@code solid},
 * or the class {@code solid}) makes every element under it solid on all four sides; a one-way platform (a bool
 * property {@code platform}, or the class {@code platform}) gives the top row of its elements a solid top only.
 * All tile layers count. Then each element's derived flags: {@link CollisionGrid#GROUND} on a solid top under
 * an element without one, {@link CollisionGrid#FLOATING} on a free element over one without a solid top.
 */
public final class GridComputer {

    private final TileMap map;
    private final int elementsX;
    private final int elementsY;
    private final Map<Integer, Integer> sidesByGid = new HashMap<>();
    private final LongFunction<Tileset> tilesets;

    /**
     * @param tilesets the tileset of each id the map uses
     */
    public GridComputer(TileMap map, int elementWidth, int elementHeight, LongFunction<Tileset> tilesets) {
        if (elementWidth < 1 || elementHeight < 1 || map.tileWidth() % elementWidth != 0
                || map.tileHeight() % elementHeight != 0) {
            throw new IllegalArgumentException("grid elements of " + elementWidth + "x" + elementHeight
                    + " px must divide the " + map.tileWidth() + "x" + map.tileHeight() + " px tiles");
        }
        this.map = map;
        this.elementsX = map.tileWidth() / elementWidth;
        this.elementsY = map.tileHeight() / elementHeight;
        this.tilesets = tilesets;
    }

    /** A whole new grid for the map. */
    public CollisionGrid compute() {
        CollisionGrid grid = new CollisionGrid(map.width() * elementsX, map.height() * elementsY,
                map.tileWidth() / elementsX, map.tileHeight() / elementsY);
        recompute(grid, new TileRect(0, 0, map.width(), map.height()));
        return grid;
    }

    /**
     * Recomputes the elements of a rectangle of tiles (after an op changed them) and the derived flags of the
     * element rows just above and below it, which depend on them.
     */
    public void recompute(CollisionGrid grid, TileRect tiles) {
        TileRect area = tiles.intersection(new TileRect(0, 0, map.width(), map.height()));
        for (int ty = area.y(); ty < area.bottom(); ty++) {
            for (int tx = area.x(); tx < area.right(); tx++) {
                int sides = 0;
                for (Layer layer : map.layers()) {
                    if (layer instanceof TileLayer cells) {
                        sides |= sides(cells.get(tx, ty));
                    }
                }
                for (int ey = 0; ey < elementsY; ey++) {
                    for (int ex = 0; ex < elementsX; ex++) {
                        int own = (sides & CollisionGrid.SOLID) == CollisionGrid.SOLID ? CollisionGrid.SOLID
                                : ey == 0 ? sides : 0;
                        grid.set(tx * elementsX + ex, ty * elementsY + ey, own);
                    }
                }
            }
        }
        int top = Math.max(0, area.y() * elementsY - 1);
        int bottom = Math.min(grid.rows(), (int) area.bottom() * elementsY + 1);
        for (int ey = top; ey < bottom; ey++) {
            for (int ex = area.x() * elementsX; ex < area.right() * elementsX; ex++) {
                derive(grid, ex, ey);
            }
        }
    }

    /** Sets an element's derived flags from its own sides and its neighbours above and below. */
    static void derive(CollisionGrid grid, int ex, int ey) {
        int own = grid.get(ex, ey) & CollisionGrid.SIDES;
        int flags = own;
        boolean topSolid = (own & CollisionGrid.TOP) != 0;
        if (topSolid && ey > 0 && (grid.get(ex, ey - 1) & CollisionGrid.TOP) == 0) {
            flags |= CollisionGrid.GROUND;
        }
        if (own == 0 && ey + 1 < grid.rows() && (grid.get(ex, ey + 1) & CollisionGrid.TOP) == 0) {
            flags |= CollisionGrid.FLOATING;
        }
        grid.set(ex, ey, flags);
    }

    /** The sides a gid's tile makes solid: all four, a one-way top, or none. */
    private int sides(int gid) {
        if (gid == Gid.EMPTY) {
            return 0;
        }
        int id = Gid.id(gid);
        return sidesByGid.computeIfAbsent(id, this::lookUp);
    }

    private int lookUp(int id) {
        MapTileset owner = map.tilesetOf(id).orElse(null);
        Tileset tileset = owner == null ? null : tilesets.apply(owner.tilesetId());
        if (tileset == null || !tileset.hasTile(id - owner.firstGid())) {
            return 0;
        }
        TileData tile = tileset.tile(id - owner.firstGid());
        if (tile.properties().flag("solid") || "solid".equals(tile.type())) {
            return CollisionGrid.SOLID;
        }
        if (tile.properties().flag("platform") || "platform".equals(tile.type())) {
            return CollisionGrid.TOP;
        }
        return 0;
    }
}
