package dev.tilewright.core.terrain;

import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.WangSet;
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

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * The server's terrain brush ({@code maps/{id}/terrain}) on a 47-tile blob set (a mixed Wang set of ground and wall,
 * as frontend/bench/terrain.mjs builds it): a stroke of 200 cells on a 256x256 map of ground (random walks, one of 64
 * each call), and the largest stroke the default limit lets through, a 256x256 rectangle of wall on a 1024x1024 map.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class TerrainBenchmark {

    private WangTiles tiles;
    private TerrainBrushProperties.Grid small;
    private TerrainBrushProperties.Grid large;
    private int[][] strokes;
    private int[] rect;
    private int next;

    @Setup
    public void setUp() {
        tiles = WangTiles.of(blobSet(), 1, id -> 1, null);
        int ground = TerrainBrushProperties.plainTile(tiles, 1);
        small = TerrainBrushProperties.Grid.filled(256, 256, ground);
        large = TerrainBrushProperties.Grid.filled(1024, 1024, ground);
        Random random = new Random(5);
        strokes = new int[64][];
        for (int i = 0; i < strokes.length; i++) {
            strokes[i] = walk(random, 256, 200);
        }
        rect = new int[256 * 256 * 2];
        int i = 0;
        for (int y = 384; y < 640; y++) {
            for (int x = 384; x < 640; x++) {
                rect[i++] = x;
                rect[i++] = y;
            }
        }
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public TerrainBrush.Result strokeOf200Cells() {
        next = (next + 1) % strokes.length;
        return TerrainBrush.paint(tiles, small, strokes[next], 2, 7, 262_144);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public TerrainBrush.Result rectangleOf256x256() {
        return TerrainBrush.paint(tiles, large, rect, 2, 7, 65_536 + 4096);
    }

    /** 200 distinct cells of a random walk. */
    private static int[] walk(Random random, int size, int length) {
        java.util.Set<Integer> seen = new java.util.LinkedHashSet<>();
        int x = random.nextInt(size);
        int y = random.nextInt(size);
        while (seen.size() < length) {
            seen.add(y * size + x);
            x = Math.min(size - 1, Math.max(0, x + random.nextInt(3) - 1));
            y = Math.min(size - 1, Math.max(0, y + random.nextInt(3) - 1));
        }
        return seen.stream().flatMapToInt(c -> Arrays.stream(new int[] {c % size, c / size})).toArray();
    }

    /** Every edge combination of ground (1) and wall (2) with the corners both their edges allow: 47 tiles. */
    static WangSet blobSet() {
        Map<Integer, List<Integer>> tiles = new LinkedHashMap<>();
        int[][] between = {{0, 1}, {1, 2}, {2, 3}, {3, 0}};
        for (int edges = 0; edges < 16; edges++) {
            int[] edge = new int[4];
            for (int k = 0; k < 4; k++) {
                edge[k] = (edges >> k & 1) + 1;
            }
            for (int corners = 0; corners < 16; corners++) {
                boolean allowed = true;
                int[] corner = new int[4];
                for (int k = 0; k < 4; k++) {
                    corner[k] = (corners >> k & 1) + 1;
                    allowed &= corner[k] == 1 || edge[between[k][0]] == 2 && edge[between[k][1]] == 2;
                }
                if (allowed) {
                    tiles.put(tiles.size(), List.of(edge[0], corner[0], edge[1], corner[1], edge[2], corner[2], edge[3],
                            corner[3]));
                }
            }
        }
        return new WangSet("blob", "", "mixed", -1, Properties.EMPTY, List.of(
                new WangSet.WangColor("ground", "", "#a08050", -1, 1, Properties.EMPTY),
                new WangSet.WangColor("wall", "", "#404040", -1, 1, Properties.EMPTY)), tiles);
    }
}
