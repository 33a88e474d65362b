package dev.tilewright.core.autotile;

import dev.tilewright.core.edit.Applied;
import dev.tilewright.core.edit.Batch;
import dev.tilewright.core.edit.Cell;
import dev.tilewright.core.edit.FillRect;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.Paint;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import net.jqwik.api.ForAll;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Auto-layers followed op by op stay what a full evaluation makes: random IntGrid edits (single cells, long strokes of
 * scattered cells past the rectangle budget, fills, batches) and hand edits of the auto-layer, each followed by what
 * {@link AutoLayers#follow} derives, leave nothing for {@link AutoLayers#recompute} to change, and the auto-layer
 * equals the reference evaluator's output mapped into the tileset.
 */
class AutoLayersProperties {

    @net.jqwik.api.Property(tries = 60)
    void followingEveryOpKeepsTheAutoLayerAsAFullEvaluationMakesIt(@ForAll long caseSeed) {
        Random random = new Random(caseSeed);
        int width = 8 + random.nextInt(60);
        int height = 8 + random.nextInt(60);
        int values = 1 + random.nextInt(3);
        RuleSet set = RuleCases.rules(random, values, true);
        Autotiler compiled = Autotiler.compile(set);
        AutoLayers.RuleSets rules = (name, off) -> compiled;
        long seed = random.nextInt(1000);
        TileMap map = new TileMap("p", width, height, 16, 16, new Position(0, 0), List.of(new MapTileset(9, 1, 40)),
                Properties.EMPTY, 3, 1);
        map.insertLayer(0, new TileLayer(1, LayerAttributes.named("auto"), width, height));
        map.insertLayer(1, new TileLayer(2, LayerAttributes.named("grid").withProperties(Properties.of(List.of(
                dev.tilewright.core.model.Property.of(TileLayer.INTGRID, true),
                dev.tilewright.core.model.Property.of(AutoLayers.RULES, "set"),
                dev.tilewright.core.model.Property.of(AutoLayers.OUTPUT, 1L),
                dev.tilewright.core.model.Property.of(AutoLayers.FIRST_GID, 1L),
                dev.tilewright.core.model.Property.of(AutoLayers.SEED, seed)))), width, height));

        MapOp initial = AutoLayers.recompute(map, rules); // rules may place tiles on an empty grid too
        if (initial != null) {
            initial.applyTo(map);
        }
        for (int step = 0; step < 8; step++) {
            MapOp op = switch (random.nextInt(4)) {
                case 0 -> stroke(random, 2, width, height, 1 + random.nextInt(3), values);
                case 1 -> stroke(random, 2, width, height, 65 + random.nextInt(200), values);
                case 2 -> fill(random, width, height, values);
                default -> new Batch(List.of(fill(random, width, height, values),
                        stroke(random, 1, width, height, 1 + random.nextInt(5), 1)));
            };
            Applied applied = op.applyTo(map);
            MapOp derived = AutoLayers.follow(map, applied.op(), rules);
            if (derived != null) {
                derived.applyTo(map);
            }
            assertThat(AutoLayers.recompute(map, rules)).as("step %d after %s", step, op.getClass().getSimpleName())
                    .isNull();
        }
        TileLayer grid = (TileLayer) map.layer(2).orElseThrow();
        int[] expected = ReferenceRules.evaluate(set, width, height, grid.read(grid.bounds()), seed);
        int[] auto = ((TileLayer) map.layer(1).orElseThrow()).read(map.bounds());
        for (int i = 0; i < expected.length; i++) {
            int tile = expected[i] == 0 ? 0 : (expected[i] & 0x0FFFFFFF) - 1;
            int want = expected[i] == 0 || tile >= 40 ? 0 : (1 + tile) | (expected[i] & 0xF0000000);
            assertThat(auto[i]).as("cell %d", i).isEqualTo(want);
        }
    }

    private static Paint stroke(Random random, int layer, int width, int height, int cells, int values) {
        List<Cell> list = new ArrayList<>();
        for (int i = 0; i < cells; i++) {
            list.add(new Cell(random.nextInt(width), random.nextInt(height), random.nextInt(values + 1)));
        }
        return new Paint(layer, list);
    }

    private static FillRect fill(Random random, int width, int height, int values) {
        int x = random.nextInt(width);
        int y = random.nextInt(height);
        return new FillRect(2, x, y, 1 + random.nextInt(width - x), 1 + random.nextInt(height - y),
                random.nextInt(values + 1));
    }
}
