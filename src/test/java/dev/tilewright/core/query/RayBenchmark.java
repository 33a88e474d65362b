package dev.tilewright.core.query;

import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.TileLayer;
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
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Tile steps per second of the exact walk against two float versions on the same 2000 random rays, all reading
 * every tile they pass from a 512x512 layer that stays in cache: the straightforward float transcription of the
 * seed's traversal (each step works out where the ray meets the next vertical and the next horizontal grid line,
 * and takes the nearer, vertical first on a tie) and the tuned float DDA (Amanatides-Woo: next-crossing parameters
 * advanced by adding deltas). Each tile is used two ways: its gid added up (the exact walk through its visitor, into
 * a field; the float walks in a local) and as line of sight (a compare in a register on both sides, no wall on the
 * map). Run {@link #main}: it prints steps per second and the ratios.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class RayBenchmark {

    private static final int SIZE = 512;
    private static final long CELL = 16 * Fixed.ONE;
    private static final int RAYS = 2000;
    /** A gid no tile of the layer has (they are 0-3): the line of sight reads every tile and never stops. */
    private static final int WALL = 100;

    private final long[] rays = new long[RAYS * 4];
    private TileLayer layer;
    private long steps;

    /** Sums the gids a walk passes. */
    private static final class Sum implements RayWalk.CellVisitor {
        long total;

        @Override
        public boolean visit(int tx, int ty, int gid) {
            total += gid;
            return true;
        }
    }

    private Sum sum;

    /**
     * Line of sight: reads each gid and compares it in a register, the check a ray stopped by a layer makes, with no
     * memory written per tile.
     */
    private static final class Sight implements RayWalk.CellVisitor {
        final int wall;

        Sight(int wall) {
            this.wall = wall;
        }

        @Override
        public boolean visit(int tx, int ty, int gid) {
            return gid < wall;
        }
    }

    private Sight sight;

    @Setup
    public void setUp() {
        layer = new TileLayer(1, LayerAttributes.named("walls"), SIZE, SIZE);
        Random r = new Random(5);
        for (int y = 0; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                layer.set(x, y, r.nextInt(4));
            }
        }
        long max = SIZE * CELL - 1;
        for (int i = 0; i < RAYS; i++) {
            rays[4 * i] = r.nextLong(0, max);
            rays[4 * i + 1] = r.nextLong(0, max);
            rays[4 * i + 2] = r.nextLong(0, max);
            rays[4 * i + 3] = r.nextLong(0, max);
            steps += RayWalk.length(rays[4 * i], rays[4 * i + 1], rays[4 * i + 2], rays[4 * i + 3], CELL, CELL);
        }
        sum = new Sum();
        sight = new Sight(WALL);
    }

    @Benchmark
    public long exact() {
        sum.total = 0;
        for (int i = 0; i < RAYS; i++) {
            RayWalk.walk(layer, rays[4 * i], rays[4 * i + 1], rays[4 * i + 2], rays[4 * i + 3], CELL, CELL, sum);
        }
        return sum.total;
    }

    /** Line of sight along the same rays: every tile read and compared, nothing written per tile. */
    @Benchmark
    public long exactSight() {
        long tiles = 0;
        for (int i = 0; i < RAYS; i++) {
            tiles += RayWalk.walk(layer, rays[4 * i], rays[4 * i + 1], rays[4 * i + 2], rays[4 * i + 3], CELL, CELL,
                    sight);
        }
        return tiles;
    }

    /** The walk alone: no tile read, only a cheap use of the coordinates. */
    @Benchmark
    public long exactNoRead() {
        long[] total = {0};
        RayWalk.Visitor v = (x, y) -> {
            total[0] += x ^ y;
            return true;
        };
        for (int i = 0; i < RAYS; i++) {
            RayWalk.walk(rays[4 * i], rays[4 * i + 1], rays[4 * i + 2], rays[4 * i + 3], CELL, CELL, v);
        }
        return total[0];
    }

    @Benchmark
    public long seedFloat() {
        return seedFloatRays(SUM);
    }

    /** The seed's float walk as line of sight: the same check as {@link #exactSight}, stopping at a wall. */
    @Benchmark
    public long seedFloatSight() {
        return seedFloatRays(SIGHT);
    }

    /** The seed's float walk alone, with the same cheap use of the coordinates as {@link #exactNoRead}. */
    @Benchmark
    public long seedFloatNoRead() {
        return seedFloatRays(NO_READ);
    }

    /** What the seed's float walk does with each tile: adds its gid, adds its coordinates, or checks for a wall. */
    private static final int SUM = 0;
    private static final int NO_READ = 1;
    private static final int SIGHT = 2;

    private long seedFloatRays(int use) {
        long total = 0;
        for (int i = 0; i < RAYS; i++) {
            total += seedFloatWalk(rays[4 * i] / (double) CELL, rays[4 * i + 1] / (double) CELL,
                    rays[4 * i + 2] / (double) CELL, rays[4 * i + 3] / (double) CELL, use);
        }
        return total;
    }

    /**
     * The seed's rule written down directly in doubles: per step, the parameters of both next crossings. Answers the
     * sum, or for {@link #SIGHT} the tiles seen up to and with the first wall.
     */
    private long seedFloatWalk(double x0, double y0, double x1, double y1, int use) {
        int tx = (int) Math.floor(x0);
        int ty = (int) Math.floor(y0);
        int n = Math.abs((int) Math.floor(x1) - tx) + Math.abs((int) Math.floor(y1) - ty) + 1;
        double dx = x1 - x0;
        double dy = y1 - y0;
        int sx = dx > 0 ? 1 : -1;
        int sy = dy > 0 ? 1 : -1;
        long total = 0;
        for (int i = 0; i < n; i++) {
            if (use == SIGHT) {
                if (layer.get(tx, ty) >= WALL) {
                    return i + 1;
                }
            } else {
                total += use == SUM ? layer.get(tx, ty) : tx ^ ty;
            }
            double tX = dx == 0 ? Double.MAX_VALUE : ((sx > 0 ? tx + 1 : tx) - x0) / dx;
            double tY = dy == 0 ? Double.MAX_VALUE : ((sy > 0 ? ty + 1 : ty) - y0) / dy;
            if (tY <= tX) {
                ty += sy;
            } else {
                tx += sx;
            }
        }
        return use == SIGHT ? n : total;
    }

    @Benchmark
    public long floating() {
        long total = 0;
        for (int i = 0; i < RAYS; i++) {
            total += floatWalk(rays[4 * i] / (double) CELL, rays[4 * i + 1] / (double) CELL,
                    rays[4 * i + 2] / (double) CELL, rays[4 * i + 3] / (double) CELL);
        }
        return total;
    }

    /** The seed's traversal in doubles, as it is usually written; it drifts on long rays and at vertices. */
    private long floatWalk(double x0, double y0, double x1, double y1) {
        int tx = (int) Math.floor(x0);
        int ty = (int) Math.floor(y0);
        int ex = (int) Math.floor(x1);
        int ey = (int) Math.floor(y1);
        double dx = x1 - x0;
        double dy = y1 - y0;
        int sx = dx > 0 ? 1 : -1;
        int sy = dy > 0 ? 1 : -1;
        double deltaX = dx == 0 ? Double.MAX_VALUE : Math.abs(1 / dx);
        double deltaY = dy == 0 ? Double.MAX_VALUE : Math.abs(1 / dy);
        double nextX = dx == 0 ? Double.MAX_VALUE : (sx > 0 ? tx + 1 - x0 : x0 - tx) * deltaX;
        double nextY = dy == 0 ? Double.MAX_VALUE : (sy > 0 ? ty + 1 - y0 : y0 - ty) * deltaY;
        int n = Math.abs(ex - tx) + Math.abs(ey - ty) + 1;
        long total = 0;
        for (int i = 0; i < n; i++) {
            total += layer.get(tx, ty);
            if (nextX < nextY) {
                nextX += deltaX;
                tx += sx;
            } else {
                nextY += deltaY;
                ty += sy;
            }
        }
        return total;
    }

    public static void main(String[] args) throws Exception {
        RayBenchmark counted = new RayBenchmark();
        counted.setUp();
        Collection<RunResult> results = new Runner(new OptionsBuilder().include(RayBenchmark.class.getName())
                .build()).run();
        Map<String, Double> microseconds = new HashMap<>();
        for (RunResult result : results) {
            String name = result.getParams().getBenchmark();
            microseconds.put(name.substring(name.lastIndexOf('.') + 1), result.getPrimaryResult().getScore());
        }
        double steps = counted.steps;
        double exact = microseconds.get("exact");
        double sight = microseconds.get("exactSight");
        double walkAlone = microseconds.get("exactNoRead");
        System.out.printf("%n%d rays, %d tile steps per pass%n", RAYS, counted.steps);
        System.out.printf("exact walk:           %4.0f million tile steps/s (one core)%n", steps / exact);
        System.out.printf("exact walk, no reads: %4.0f million tile steps/s%n", steps / walkAlone);
        System.out.printf("seed's walk in float: %4.0f million tile steps/s, exact is %.2fx as fast%n",
                steps / microseconds.get("seedFloat"), microseconds.get("seedFloat") / exact);
        System.out.printf("seed's walk alone:    %4.0f million tile steps/s, exact alone is %.2fx as fast%n",
                steps / microseconds.get("seedFloatNoRead"), microseconds.get("seedFloatNoRead") / walkAlone);
        System.out.printf("float DDA:            %4.0f million tile steps/s, exact is %.2fx as fast%n",
                steps / microseconds.get("floating"), microseconds.get("floating") / exact);
        System.out.printf("line of sight: exact %4.0f, seed's float %4.0f million tile steps/s, exact is %.2fx as fast%n",
                steps / sight, steps / microseconds.get("seedFloatSight"), microseconds.get("seedFloatSight") / sight);
    }
}
