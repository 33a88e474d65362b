package dev.tilewright.core.model;

import dev.tilewright.core.geom.TileRect;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Random;

/**
 * What two full 8192x8192 layers really take on the heap, held packed as the map cache holds them, against what
 * their heapBytes count (the cache's budget) and what plain ints took; and what packing costs the edit path. Run
 * with {@code ./mvnw -q test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=dev.tilewright.core.model.ChunkHeapBenchmark}.
 */
public final class ChunkHeapBenchmark {

    private static final int SIDE = 8192;

    private ChunkHeapBenchmark() {
    }

    public static void main(String[] args) {
        long before = used();
        TileLayer varied = new TileLayer(1, LayerAttributes.named("varied"), SIDE, SIDE);
        TileLayer terrain = new TileLayer(2, LayerAttributes.named("terrain"), SIDE, SIDE);
        Random random = new Random(7);
        int[] gids = new int[TileLayer.CHUNK_CELLS];
        long loadStart = System.nanoTime();
        for (int cy = 0; cy < varied.chunksY(); cy++) {
            for (int cx = 0; cx < varied.chunksX(); cx++) {
                for (int i = 0; i < gids.length; i++) {
                    gids[i] = 1 + random.nextInt(200);
                }
                varied.loadChunk(cx, cy, gids);
                for (int i = 0; i < gids.length; i++) {
                    int x = cx * 64 + i % 64;
                    int y = cy * 64 + i / 64;
                    int hash = (x * 73856093) ^ (y * 19349663);
                    gids[i] = (hash & 31) == 0 ? 1 + ((hash >>> 5) & 255) : 1 + ((y / 9) + (x / 23)) % 6;
                }
                terrain.loadChunk(cx, cy, gids);
            }
        }
        double loadMs = (System.nanoTime() - loadStart) / 1e6;
        long held = used() - before;
        long counted = varied.heapBytes() + terrain.heapBytes();

        long readStart = System.nanoTime();
        long sum = 0;
        for (int y = 0; y < SIDE; y += 64) {
            for (int gid : varied.read(new TileRect(0, y, SIDE, 64))) {
                sum += gid;
            }
        }
        double readMs = (System.nanoTime() - readStart) / 1e6;

        // a stroke: 12 cells in one chunk, then the cache's packing after the edit, many times over
        int strokes = 20_000;
        long strokeStart = System.nanoTime();
        for (int s = 0; s < strokes; s++) {
            int x0 = random.nextInt(SIDE - 12);
            int y0 = random.nextInt(SIDE);
            for (int i = 0; i < 12; i++) {
                varied.set(x0 + i, y0, 1 + random.nextInt(200));
            }
            varied.compact(64);
        }
        double strokeUs = (System.nanoTime() - strokeStart) / 1e3 / strokes;

        System.out.printf(Locale.ROOT, "%nTwo 8192x8192 layers (200 random tiles a chunk; terrain-like), held packed%n");
        System.out.printf(Locale.ROOT, "  heap really held:   %7.1f MiB (plain ints: %d MiB)%n", held / 1048576.0,
                2L * SIDE * SIDE * 4 / 1048576);
        System.out.printf(Locale.ROOT, "  heapBytes counted:  %7.1f MiB (varied %.1f, terrain %.1f)%n",
                counted / 1048576.0, varied.heapBytes() / 1048576.0, terrain.heapBytes() / 1048576.0);
        System.out.printf(Locale.ROOT, "  load 32,768 chunks: %7.0f ms (packing each)%n", loadMs);
        System.out.printf(Locale.ROOT, "  read a whole layer: %7.0f ms (%d)%n", readMs, sum % 10);
        System.out.printf(Locale.ROOT, "  12-cell stroke + packing after it: %.1f us%n", strokeUs);
    }

    private static long used() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
