package dev.tilewright.format.ldtk;

import dev.tilewright.core.edit.Applied;
import dev.tilewright.core.edit.FillRect;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * What an IntGrid edit of 8x8 cells costs the edit path on an imported LDtk level beyond the op itself, as
 * {@code MapEdits} runs it under the map's lock: the fill applied, the grid compared with what the rules last read,
 * the anchors within reach evaluated again by LDtk's rules, the level's tiles dealt again to its tile layers and
 * compared, the derived op built and applied. Each edit flips the square between two values, so every one changes
 * tiles. Needs ../shared/ldtk-samples.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class LdtkEditBenchmark {

    /** Sample file, level index, IntGrid layer. */
    @Param({"Typical_TopDown_example.ldtk:0:Collisions", "AutoLayers_1_basic.ldtk:0:IntGrid_layer", "AutoLayers_2_stamps.ldtk:0:IntGrid"})
    public String level;

    private TileMap map;
    private LdtkProject definitions;
    private final LdtkAutoTiles.Kept kept = new LdtkAutoTiles.Kept();
    private int gridLayer;
    private int[] values;
    private final Random random = new Random(5);

    @Setup
    public void setUp() throws Exception {
        String[] parts = level.split(":");
        Path file = Path.of("..", "shared", "ldtk-samples", parts[0]);
        LdtkProject project = LdtkAutoTilesTest.read(file);
        map = LdtkAutoTilesTest.map(LdtkAutoTilesTest.convert(project, file, Integer.parseInt(parts[1])));
        definitions = LdtkProject.read(project.withoutLevels(), parts[0], r -> null, 0);
        for (Layer layer : map.layers()) {
            if (layer instanceof TileLayer grid && grid.isIntGrid() && layer.attributes().name().equals(parts[2])) {
                gridLayer = layer.id();
                int def = ((Number) layer.attributes().properties().get(LdtkMaps.LAYER_DEF)
                        .map(Property::value).orElseThrow()).intValue();
                values = definitions.layer(def).values().stream().mapToInt(v -> v.value())
                        .toArray();
            }
        }
        if (values == null) {
            throw new IllegalStateException("no IntGrid layer " + parts[2] + " in " + parts[0]);
        }
        MapOp first = LdtkAutoTiles.follow(map, definitions, kept, null);
        if (first != null) {
            first.applyTo(map);
        }
    }

    @Benchmark
    public MapOp editOf8x8() {
        int x = random.nextInt(Math.max(1, map.width() - 8));
        int y = random.nextInt(Math.max(1, map.height() - 8));
        int value = random.nextInt(3) == 0 ? 0 : values[random.nextInt(values.length)];
        Applied edit = new FillRect(gridLayer, x, y, 8, 8, value).applyTo(map);
        MapOp derived = LdtkAutoTiles.follow(map, definitions, kept, edit.op());
        return derived == null ? edit.op() : derived.applyTo(map).op();
    }
}
