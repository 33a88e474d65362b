package dev.tilewright.render;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
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

import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Map overviews of big maps of 32 px tiles (a 256-tile tileset of random pixels): a ground layer of varied tiles in
 * every cell and a second layer painted in a quarter of the cells. {@code build}: the overview drawn whole (the first
 * thumbnail of a map after the service started); {@code editAndThumbnail}: one cell painted, the overview kept in step
 * and a 200 px thumbnail shrunk from it (the thumbnail after an edit). Run:
 * {@code ./mvnw -q test-compile exec:exec -Dexec.classpathScope=test -Dexec.executable=java
 * "-Dexec.args=-cp %classpath org.openjdk.jmh.Main OverviewBenchmark"}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 4, time = 3)
@Fork(value = 1, jvmArgsAppend = "-Xmx3g")
public class OverviewBenchmark {

    @Param({"4096", "8192"})
    public int side;

    private TileMap map;
    private Atlas atlas;
    private TileLayer ground;
    private Overview overview;
    private final Random random = new Random(3);

    @Setup
    public void setUp() {
        Tileset tileset = Tileset.grid("random", 512, 512, 32, 32, 0, 0, null);
        atlas = Atlas.decode(tileset, dev.tilewright.support.Pngs.noise(new Random(1), 512, 512), id -> null);
        map = new TileMap("big", side, side, 32, 32, null, List.of(new MapTileset(1, 1, tileset.tileCount())),
                Properties.EMPTY, 3, 1);
        ground = new TileLayer(1, LayerAttributes.named("ground"), side, side);
        TileLayer decoration = new TileLayer(2, LayerAttributes.named("decoration"), side, side);
        int rows = 256;
        int[] cells = new int[side * rows];
        int[] sparse = new int[side * rows];
        for (int y0 = 0; y0 < side; y0 += rows) {
            for (int i = 0; i < cells.length; i++) {
                cells[i] = 1 + random.nextInt(tileset.tileCount());
                sparse[i] = random.nextInt(4) == 0 ? 1 + random.nextInt(tileset.tileCount()) : 0;
            }
            ground.write(new TileRect(0, y0, side, rows), cells);
            decoration.write(new TileRect(0, y0, side, rows), sparse);
        }
        map.insertLayer(0, ground);
        map.insertLayer(1, decoration);
        overview = build();
        System.out.printf("%noverview %dx%d, box %d px, %d MiB%n", overview.pixels().width(),
                overview.pixels().height(), overview.box(), overview.bytes() >> 20);
    }

    @Benchmark
    public Overview build() {
        return Overview.of(map, id -> atlas, s -> null, 1024, 67_108_864);
    }

    @Benchmark
    public Pixels editAndThumbnail() {
        ground.set(random.nextInt(side), random.nextInt(side), 1 + random.nextInt(256));
        overview.refresh(map, id -> atlas, s -> null);
        Pixels base = overview.pixels();
        return Thumbnail.of(base.width(), base.height(), 200, (long) base.width() * base.height(), base::window);
    }
}
