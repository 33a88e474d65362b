package dev.tilewright.core.autotile;

import dev.tilewright.core.geom.TileRect;
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

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Auto-layer rules on a 1024x1024 IntGrid of blobs (three values and empty, as a cave level paints them), 100 rules
 * of 3x3 and 5x5 patterns — the centre's value and a few neighbours each, half mirrored, some by chance, one fallback
 * for any non-empty cell last, so most cells pass through most rules before one takes them. Measures the whole grid
 * and what an edit of 8x8 cells recomputes (its reach).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class AutotileBenchmark {

    static final int SIZE = 1024;

    private IntCells grid;
    private Autotiler rules;
    private TileRect edit;

    @Setup
    public void setUp() {
        Random random = new Random(7);
        grid = IntCells.of(SIZE, SIZE, blobs(random));
        rules = Autotiler.compile(hundredRules(random));
        edit = rules.reach(new TileRect(500, 500, 8, 8), SIZE, SIZE);
    }

    /** Values 1-3 in blobs a few cells to a few tens of cells across, a third of the grid empty. */
    static int[] blobs(Random random) {
        int cell = 16;
        int coarse = SIZE / cell + 1;
        double[] noise = new double[coarse * coarse];
        for (int i = 0; i < noise.length; i++) {
            noise[i] = random.nextDouble();
        }
        int[] cells = new int[SIZE * SIZE];
        for (int y = 0; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                int cx = x / cell;
                int cy = y / cell;
                double fx = (x % cell) / (double) cell;
                double fy = (y % cell) / (double) cell;
                double top = noise[cy * coarse + cx] * (1 - fx) + noise[cy * coarse + cx + 1] * fx;
                double bottom = noise[(cy + 1) * coarse + cx] * (1 - fx) + noise[(cy + 1) * coarse + cx + 1] * fx;
                double v = top * (1 - fy) + bottom * fy + (random.nextDouble() - 0.5) * 0.1;
                cells[y * SIZE + x] = v < 0.35 ? 0 : v < 0.55 ? 1 : v < 0.75 ? 2 : 3;
            }
        }
        return cells;
    }

    static RuleSet hundredRules(Random random) {
        List<Rule> rules = new ArrayList<>();
        for (int r = 0; r < 99; r++) {
            int size = r % 3 == 0 ? 5 : 3;
            int value = 1 + random.nextInt(3);
            List<Integer> pattern = new ArrayList<>();
            for (int i = 0; i < size * size; i++) {
                pattern.add(0);
            }
            pattern.set(size * size / 2, value);
            for (int n = 0; n < 2 + random.nextInt(4); n++) {
                int at = random.nextInt(size * size);
                if (at != size * size / 2) {
                    pattern.set(at, switch (random.nextInt(4)) {
                        case 0 -> value;
                        case 1 -> -value;
                        case 2 -> -Rule.ANY_VALUE;
                        default -> Rule.ANY_VALUE;
                    });
                }
            }
            rules.add(new Rule(r, size, pattern, List.of(random.nextInt(64), random.nextInt(64)), null,
                    r % 5 == 0 ? 0.3 : null, r % 2 == 0, r % 4 == 0, null, null, null, null, null));
        }
        rules.add(Rule.of(1, List.of(Rule.ANY_VALUE), List.of(63)));
        return new RuleSet(0, List.of(new RuleGroup("walls", true, rules.subList(0, 50)),
                new RuleGroup("details", true, rules.subList(50, 100))));
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int[] wholeGrid() {
        return rules.evaluate(grid, 42);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public int[] editOf8x8() {
        return rules.evaluate(grid, 42, edit);
    }
}
