package dev.tilewright.core.query;

import dev.tilewright.core.geom.TileRect;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.index.quadtree.Quadtree;
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
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.util.Collection;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * 100,000 objects (8 to 40 px boxes) wandering over a 2048x2048-tile world of 16 px tiles; one tick moves every
 * object by a few pixels and asks, for each, what is within 48 px of it. The objects-in-tiles index against JTS's
 * Quadtree (remove + insert on a move, an envelope query): both answer candidates (ours: objects in the tiles the
 * area covers; JTS: objects in the quadtree nodes it meets). Run {@link #main}: it prints both and the ratio.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class ObjectIndexBenchmark {

    private static final int OBJECTS = 100_000;
    private static final int TILE = 16;
    private static final int WORLD = 2048 * TILE;
    private static final int NEAR = 48;

    private final double[] x = new double[OBJECTS];
    private final double[] y = new double[OBJECTS];
    private final double[] size = new double[OBJECTS];
    private final double[] vx = new double[OBJECTS];
    private final double[] vy = new double[OBJECTS];
    private ObjectIndex index;
    private Quadtree quadtree;
    private Envelope[] envelopes;
    private Integer[] items;

    @Setup
    public void setUp() {
        Random r = new Random(9);
        index = new ObjectIndex(new TileRect(0, 0, WORLD / TILE, WORLD / TILE));
        quadtree = new Quadtree();
        envelopes = new Envelope[OBJECTS];
        items = new Integer[OBJECTS];
        for (int i = 0; i < OBJECTS; i++) {
            x[i] = r.nextDouble() * (WORLD - 40);
            y[i] = r.nextDouble() * (WORLD - 40);
            size[i] = 8 + r.nextDouble() * 32;
            vx[i] = r.nextDouble() * 6 - 3;
            vy[i] = r.nextDouble() * 6 - 3;
            items[i] = i;
            index.put(i + 1, tiles(i));
            envelopes[i] = envelope(i);
            quadtree.insert(envelopes[i], items[i]);
        }
    }

    private TileRect tiles(int i) {
        return new TileRect((int) (x[i] / TILE), (int) (y[i] / TILE),
                (int) ((x[i] + size[i]) / TILE) - (int) (x[i] / TILE) + 1,
                (int) ((y[i] + size[i]) / TILE) - (int) (y[i] / TILE) + 1);
    }

    private Envelope envelope(int i) {
        return new Envelope(x[i], x[i] + size[i], y[i], y[i] + size[i]);
    }

    private void move(int i) {
        x[i] += vx[i];
        y[i] += vy[i];
        if (x[i] < 0 || x[i] > WORLD - 41) {
            vx[i] = -vx[i];
            x[i] += 2 * vx[i];
        }
        if (y[i] < 0 || y[i] > WORLD - 41) {
            vy[i] = -vy[i];
            y[i] += 2 * vy[i];
        }
    }

    @Benchmark
    public long objectsInTiles() {
        long found = 0;
        long[] count = {0};
        for (int i = 0; i < OBJECTS; i++) {
            move(i);
            index.put(i + 1, tiles(i));
            int x0 = (int) ((x[i] - NEAR) / TILE);
            int y0 = (int) ((y[i] - NEAR) / TILE);
            int x1 = (int) ((x[i] + size[i] + NEAR) / TILE);
            int y1 = (int) ((y[i] + size[i] + NEAR) / TILE);
            index.query(new TileRect(x0, y0, x1 - x0 + 1, y1 - y0 + 1), id -> count[0]++);
        }
        found += count[0];
        return found;
    }

    @Benchmark
    public long jtsQuadtree() {
        long found = 0;
        for (int i = 0; i < OBJECTS; i++) {
            quadtree.remove(envelopes[i], items[i]);
            move(i);
            envelopes[i] = envelope(i);
            quadtree.insert(envelopes[i], items[i]);
            List<?> near = quadtree.query(new Envelope(x[i] - NEAR, x[i] + size[i] + NEAR, y[i] - NEAR,
                    y[i] + size[i] + NEAR));
            found += near.size();
        }
        return found;
    }

    public static void main(String[] args) throws Exception {
        Collection<RunResult> results = new Runner(new OptionsBuilder().include(ObjectIndexBenchmark.class.getName())
                .build()).run();
        double ours = 0;
        double jts = 0;
        for (RunResult result : results) {
            if (result.getParams().getBenchmark().endsWith(".objectsInTiles")) {
                ours = result.getPrimaryResult().getScore();
            } else {
                jts = result.getPrimaryResult().getScore();
            }
        }
        System.out.printf("%none tick of %d objects (move + area query each):%n", OBJECTS);
        System.out.printf("objects in tiles: %7.1f ms%n", ours);
        System.out.printf("JTS Quadtree:     %7.1f ms%n", jts);
        System.out.printf("objects in tiles is %.1fx as fast%n", jts / ours);
    }
}
