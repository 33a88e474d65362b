package dev.tilewright.core.autotile;

import dev.tilewright.core.edit.Applied;
import dev.tilewright.core.edit.FillRect;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * What an IntGrid edit costs the edit path beyond the op itself, on {@link AutotileBenchmark}'s 1024x1024 blobs and 100
 * rules: an 8x8 fill of the IntGrid applied, the auto-layer cells within its reach recomputed and compared, the
 * derived op built and applied (as {@code MapEdits} does under the map's lock; the commit is the live benchmarks').
 * Each edit flips the square between two values, so every one changes cells.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class AutoLayerEditBenchmark {

    private TileMap map;
    private AutoLayers.RuleSets rules;
    private final Random random = new Random(3);

    @Setup
    public void setUp() {
        Random seed = new Random(7);
        int size = AutotileBenchmark.SIZE;
        map = new TileMap("bench", size, size, 16, 16, new Position(0, 0), List.of(new MapTileset(1, 1, 64)),
                Properties.EMPTY, 3, 1);
        map.insertLayer(0, new TileLayer(1, LayerAttributes.named("auto"), size, size));
        TileLayer grid = new TileLayer(2, LayerAttributes.named("walls").withProperties(Properties.of(List.of(
                Property.of(TileLayer.INTGRID, true), Property.of(AutoLayers.RULES, "cave"),
                Property.of(AutoLayers.OUTPUT, 1L), Property.of(AutoLayers.FIRST_GID, 1L)))), size, size);
        grid.write(grid.bounds(), AutotileBenchmark.blobs(seed));
        map.insertLayer(1, grid);
        Autotiler compiled = Autotiler.compile(AutotileBenchmark.hundredRules(seed));
        rules = (name, groupsOff) -> compiled;
        AutoLayers.recompute(map, rules).applyTo(map);
    }

    @Benchmark
    public MapOp editOf8x8() {
        int x = 8 + random.nextInt(AutotileBenchmark.SIZE - 16);
        int y = 8 + random.nextInt(AutotileBenchmark.SIZE - 16);
        Applied edit = new FillRect(2, x, y, 8, 8, 1 + random.nextInt(3)).applyTo(map);
        MapOp derived = AutoLayers.follow(map, edit.op(), rules);
        return derived == null ? edit.op() : derived.applyTo(map).op();
    }
}
