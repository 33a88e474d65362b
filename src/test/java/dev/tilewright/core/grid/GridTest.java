package dev.tilewright.core.grid;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class GridTest {

    /** Local tile 0 is solid (a property), 1 a one-way platform (its class), 2 decoration. */
    private static Tileset tileset() {
        return Tileset.grid("terrain", 48, 16, 16, 16, 0, 0, null)
                .withTileProperties(0, Properties.of(List.of(Property.of("solid", true))))
                .withTile(1, new TileData(null, "platform", null, List.of(), List.of(), null));
    }

    /**
     * A 10x6 map of 16 px tiles, elements of 8 px: a floor on row 5, a wall at column 6 (rows 2..4), a platform
     * at (2..3, 3), decoration at (1, 4).
     */
    private static TileMap map() {
        TileMap map = new TileMap("g", 10, 6, 16, 16, null, List.of(new MapTileset(1, 1, 3)), Properties.EMPTY, 2, 1);
        TileLayer layer = new TileLayer(1, LayerAttributes.named("ground"), 10, 6);
        layer.fill(new TileRect(0, 5, 10, 1), 1);
        layer.fill(new TileRect(6, 2, 1, 3), 1);
        layer.fill(new TileRect(2, 3, 2, 1), 2);
        layer.set(1, 4, 3);
        map.insertLayer(0, layer);
        return map;
    }

    private static CollisionGrid grid(TileMap map) {
        return new GridComputer(map, 8, 8, id -> tileset(), null).compute();
    }

    @Test
    void solidTilesAreSolidPlatformsHaveATopAndTheDerivedFlagsFollow() {
        CollisionGrid grid = grid(map());
        assertThat(grid.columns()).isEqualTo(20);
        assertThat(grid.get(0, 10)).as("the floor's top element: solid, ground").isEqualTo(CollisionGrid.SOLID
                | CollisionGrid.GROUND);
        assertThat(grid.get(0, 11)).as("under the floor's top: solid only").isEqualTo(CollisionGrid.SOLID);
        assertThat(grid.get(4, 6)).as("platform's top row: a one-way top, ground").isEqualTo(CollisionGrid.TOP
                | CollisionGrid.GROUND);
        assertThat(grid.get(4, 7)).as("platform's lower row: free, and floating (nothing under it)")
                .isEqualTo(CollisionGrid.FLOATING);
        assertThat(grid.get(2, 8)).as("decoration is free").isEqualTo(CollisionGrid.FLOATING);
        assertThat(grid.get(2, 9)).as("right above the floor: free, not floating").isZero();
        assertThat(grid.get(-1, 3)).as("outside is solid").isEqualTo(CollisionGrid.SOLID);
    }

    @Test
    void recomputingAChangedTileGivesTheSameGridAsComputingAnew() {
        TileMap map = map();
        CollisionGrid grid = grid(map);
        TileLayer layer = (TileLayer) map.layers().get(0);
        layer.set(4, 4, 1);
        layer.set(6, 3, 0);
        new GridComputer(map, 8, 8, id -> tileset(), null).recompute(grid, new TileRect(4, 3, 3, 2));
        assertThat(grid.toBytes()).isEqualTo(grid(map).toBytes());
    }

    @Test
    void aBoxStopsFlushAtAWallAndDoesNotTunnelThroughIt() {
        CollisionGrid grid = grid(map());
        // a 10x12 box standing on the floor (y 68..80) left of the wall at x 96
        double[] moved = GridMotion.filter(grid, 40, 68, 10, 12, 100, 0);
        assertThat(moved[0]).as("right edge 50 stops at 96").isEqualTo(46);
        assertThat(GridMotion.filter(grid, 40, 68, 10, 12, 30, 0)[0]).as("short of the wall: all of it").isEqualTo(30);
        assertThat(GridMotion.filter(grid, 113, 68, 10, 12, -50, 0)[0]).as("from the right: stops at 112")
                .isEqualTo(-1);
        assertThat(GridMotion.filter(grid, 2, 68, 10, 12, -50, 0)[0]).as("the map's edge").isEqualTo(-2);
    }

    @Test
    void anUnblockedMoveIsExactlyTheMoveAskedForWhateverItsFraction() {
        CollisionGrid grid = new CollisionGrid(100, 100, 8, 8);
        java.util.Random r = new java.util.Random(2);
        for (int i = 0; i < 10_000; i++) {
            double dx = (r.nextDouble() - 0.5) * 300;
            double dy = (r.nextDouble() - 0.5) * 300;
            double[] moved = GridMotion.filter(grid, 400 + r.nextDouble(), 400 + r.nextDouble(), 5.3, 7.1, dx, dy);
            assertThat(moved).containsExactly(dx, dy);
        }
    }

    @Test
    void aPlatformStopsAFallButNotAJump() {
        CollisionGrid grid = grid(map());
        // platform top at y 48 over x 32..64
        double[] fall = GridMotion.filter(grid, 36, 20, 10, 12, 0, 40);
        assertThat(fall[1]).as("bottom 32 lands on 48").isEqualTo(16);
        double[] jump = GridMotion.filter(grid, 36, 60, 10, 12, 0, -40);
        assertThat(jump[1]).as("from under it, up through").isEqualTo(-40);
        double[] walk = GridMotion.filter(grid, 10, 44, 10, 12, 40, 0);
        assertThat(walk[0]).as("sideways into a platform: no side is solid").isEqualTo(40);
        double[] onFloor = GridMotion.filter(grid, 10, 60, 10, 12, 0, 30);
        assertThat(onFloor[1]).as("the floor stops a fall").isEqualTo(8);
        double[] both = GridMotion.filter(grid, 40, 30, 10, 12, 100, 100);
        assertThat(both).as("x first (to the wall), then y (onto the floor)").containsExactly(46, 38);
    }
}
