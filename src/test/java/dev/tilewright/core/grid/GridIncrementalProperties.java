package dev.tilewright.core.grid;

import dev.tilewright.core.edit.AddLayer;
import dev.tilewright.core.edit.Applied;
import dev.tilewright.core.edit.InvalidOpException;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.RandomOps;
import dev.tilewright.core.model.GridSettings;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import net.jqwik.api.ForAll;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a kept grid relies on: after any op, recomputing only the tiles the op says it touched gives exactly the
 * grid computed from scratch (from tiles and from pixels, with overrides), and the grid copied to do so is left as
 * it was for whoever still reads it.
 */
class GridIncrementalProperties {

    /** 16x16 tiles on 8x8 cells (they reach into the cells above and to the right): 0 solid, 1 platform, 5 empty. */
    private static final Tileset TILESET = Tileset.grid("six", 48, 32, 16, 16, 0, 0, null)
            .withTileProperties(0, Properties.of(List.of(Property.of("solid", true))))
            .withTile(1, new TileData(null, "platform", null, List.of(), List.of(), null))
            .withTileProperties(5, Properties.of(List.of(Property.of("empty", true))));

    /** Tile images with a different share of opaque pixels in each quarter, and a colour only tile 2 and 5 share. */
    private static final TilePixels PIXELS = (tilesetId, local) -> {
        int[] argb = new int[16 * 16];
        for (int i = 0; i < argb.length; i++) {
            int x = i % 16;
            int y = i / 16;
            boolean opaque = (x * 7 + y * 3 + local * 5) % (2 + local) != 0;
            argb[i] = !opaque ? 0 : (local == 2 || local == 5) && x < 8 ? 0xFF336699 : 0xFF000000 | (local * 40);
        }
        return new TilePixels.Image(16, 16, argb);
    };

    @net.jqwik.api.Property(tries = 60)
    void recomputingTheTouchedTilesEqualsComputingAnew(@ForAll long seed) {
        Random random = new Random(seed);
        TileMap map = new TileMap("m", 70, 66, 8, 8, null, TileMap.assignFirstGids(List.of(1L), List.of(6)), null, 1, 1);
        new AddLayer(0, LayerKind.TILE, LayerAttributes.named("a"), null).applyTo(map);
        new AddLayer(0, LayerKind.OBJECT, LayerAttributes.named("o"), null).applyTo(map);
        CollisionGrid grid = computer(map).compute();
        for (int step = 0; step < 60; step++) {
            MapOp op = RandomOps.randomOp(random, map);
            GridSettings before = map.gridSettings();
            Applied applied;
            try {
                applied = op.applyTo(map);
            } catch (InvalidOpException refused) {
                continue;
            }
            GridComputer computer = computer(map);
            CollisionGrid fresh = computer.compute();
            if (!map.gridSettings().equals(before)) {
                grid = fresh; // a kept grid is only brought forward under the same settings
                continue;
            }
            byte[] published = grid.toBytes();
            CollisionGrid next = grid.copy();
            applied.op().touchedTiles(map, rect -> computer.recompute(next, rect));
            assertThat(next.toBytes()).as("seed %d step %d after %s", seed, step, applied.op())
                    .isEqualTo(fresh.toBytes());
            assertThat(grid.toBytes()).as("the copied grid is untouched").isEqualTo(published);
            grid = next;
        }
    }

    private static GridComputer computer(TileMap map) {
        return new GridComputer(map, id -> id == 1 ? TILESET : null, PIXELS);
    }
}
