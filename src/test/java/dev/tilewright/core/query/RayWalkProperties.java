package dev.tilewright.core.query;

import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.TileLayer;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The walk and the supercover against the exact rational oracle on millions of random segments: many on grid
 * lines, through vertices, of zero length, in every direction, some 10k tiles long. Each try checks a batch drawn
 * from its seed, so a failure names a seed to replay.
 */
class RayWalkProperties {

    private static final int RAYS_PER_TRY = 1000;

    /** Cell sizes in fixed units: a 16 px tile, a 24 x 16 px tile, and tiny ones where vertices are everywhere. */
    private static final long[][] CELLS = {{16 * 256, 16 * 256}, {24 * 256, 16 * 256}, {3, 3}, {2, 5}, {7, 4}};

    private record Ray(long x0, long y0, long x1, long y1, long w, long h) {
    }

    private static long coordinate(Random r, long cell, long around) {
        return switch (r.nextInt(6)) {
            case 0 -> (around / cell + r.nextInt(21) - 10) * cell; // on a grid line
            case 1 -> around + r.nextInt(2 * (int) Math.min(cell * 4, 1 << 20) + 1) - Math.min(cell * 4, 1 << 20);
            case 2 -> around; // an axis that does not move
            default -> around + (long) (r.nextGaussian() * cell * 12);
        };
    }

    private static Ray ray(Random r) {
        long[] cell = CELLS[r.nextInt(CELLS.length)];
        long x0 = r.nextBoolean() ? (r.nextInt(41) - 20) * cell[0] : r.nextLong(-cell[0] * 40, cell[0] * 40);
        long y0 = r.nextBoolean() ? (r.nextInt(41) - 20) * cell[1] : r.nextLong(-cell[1] * 40, cell[1] * 40);
        if (r.nextInt(50) == 0) {
            return new Ray(x0, y0, x0, y0, cell[0], cell[1]); // zero length
        }
        if (r.nextInt(20) == 0) {
            // through vertices: a whole multiple of a cell diagonal
            long k = r.nextInt(30) - 15;
            long m = r.nextInt(30) - 15;
            long sx = (x0 / cell[0]) * cell[0];
            long sy = (y0 / cell[1]) * cell[1];
            return new Ray(sx, sy, sx + k * cell[0] * (1 + r.nextInt(3)), sy + m * cell[1] * (1 + r.nextInt(3)),
                    cell[0], cell[1]);
        }
        return new Ray(x0, y0, coordinate(r, cell[0], x0), coordinate(r, cell[1], y0), cell[0], cell[1]);
    }

    private static List<long[]> walked(Ray ray) {
        List<long[]> out = new ArrayList<>();
        RayWalk.walk(ray.x0, ray.y0, ray.x1, ray.y1, ray.w, ray.h, (x, y) -> out.add(new long[]{x, y}));
        return out;
    }

    private static void assertWalk(Ray ray) {
        List<long[]> ours = walked(ray);
        List<long[]> exact = RayOracle.walk(ray.x0, ray.y0, ray.x1, ray.y1, ray.w, ray.h);
        assertThat(ours).as("%s", ray).hasSameSizeAs(exact);
        for (int i = 0; i < ours.size(); i++) {
            assertThat(ours.get(i)).as("%s tile %d", ray, i).containsExactly(exact.get(i));
        }
        long[] first = ours.get(0);
        long[] last = ours.get(ours.size() - 1);
        assertThat(ours).as("|dx| + |dy| + 1 tiles").hasSize(
                (int) (Math.abs(last[0] - first[0]) + Math.abs(last[1] - first[1]) + 1));
    }

    @Property(tries = 2000)
    void theWalkIsTheExactOne(@ForAll long seed) {
        Random r = new Random(seed);
        for (int i = 0; i < RAYS_PER_TRY; i++) {
            assertWalk(ray(r));
        }
    }

    @Property(tries = 20)
    void longRaysDoNotDrift(@ForAll long seed) {
        Random r = new Random(seed);
        long w = 16 * 256;
        // 10k tiles and more, from anywhere to anywhere, including one exactly along a vertex diagonal
        long x0 = r.nextLong(0, w * 100);
        long y0 = r.nextLong(0, w * 100);
        assertWalk(new Ray(x0, y0, x0 + (r.nextBoolean() ? 1 : -1) * r.nextLong(w * 6000, w * 9000),
                y0 + (r.nextBoolean() ? 1 : -1) * r.nextLong(w * 3000, w * 6000), w, w));
        long v = (x0 / w) * w;
        assertWalk(new Ray(v, v, v + 7000 * 3 * w, v - 7000 * 2 * w, w, w));
    }

    @Property(tries = 300)
    void theSupercoverIsEveryTouchedTileOnceInTouchingOrder(@ForAll long seed) {
        Random r = new Random(seed);
        for (int i = 0; i < RAYS_PER_TRY; i++) {
            Ray ray = ray(r);
            if (Math.abs(ray.x1 - ray.x0) / ray.w + Math.abs(ray.y1 - ray.y0) / ray.h > 200) {
                continue; // the oracle looks at the whole bounding box
            }
            List<List<Long>> ours = new ArrayList<>();
            RayWalk.supercover(ray.x0, ray.y0, ray.x1, ray.y1, ray.w, ray.h, (x, y) -> ours.add(List.of((long) x, (long) y)));
            Map<List<Long>, RayOracle.Fraction> exact = RayOracle.supercover(ray.x0, ray.y0, ray.x1, ray.y1, ray.w, ray.h);
            Set<List<Long>> distinct = new HashSet<>(ours);
            assertThat(distinct).as("%s: each once", ray).hasSameSizeAs(ours);
            assertThat(distinct).as("%s", ray).isEqualTo(exact.keySet());
            for (int k = 1; k < ours.size(); k++) {
                assertThat(exact.get(ours.get(k))).as("%s: touching order at %d", ray, k)
                        .isGreaterThanOrEqualTo(exact.get(ours.get(k - 1)));
            }
        }
    }

    /** The tiles of a list in columns minX..maxX and rows minY..maxY, in order. */
    private static List<long[]> within(List<long[]> tiles, long minX, long minY, long maxX, long maxY) {
        return tiles.stream().filter(t -> t[0] >= minX && t[0] <= maxX && t[1] >= minY && t[1] <= maxY).toList();
    }

    /** What the clipped steps walk: their tiles, taken one step at a time from the state clip left. */
    private static List<long[]> walkedFrom(RayWalk.Steps steps) {
        List<long[]> out = new ArrayList<>();
        for (long i = 0; i < steps.tiles; i++) {
            if (i > 0) {
                steps.advance();
            }
            out.add(new long[]{steps.tx, steps.ty});
        }
        return out;
    }

    private static void assertSameTiles(List<long[]> ours, List<long[]> expected, Object what) {
        assertThat(ours).as("%s", what).hasSameSizeAs(expected);
        for (int i = 0; i < ours.size(); i++) {
            assertThat(ours.get(i)).as("%s tile %d", what, i).containsExactly(expected.get(i));
        }
    }

    /**
     * Clipping to an area jumps straight to the walk's first tile there (its decision term included: the walk goes
     * on exactly as the plain one) and ends at its last: the plain walk's tiles in the area, for areas anywhere
     * around the rays, from one tile to wider than they reach.
     */
    @Property(tries = 1000)
    void theClippedWalkIsThePlainWalkInTheArea(@ForAll long seed) {
        Random r = new Random(seed);
        for (int i = 0; i < RAYS_PER_TRY; i++) {
            Ray ray = ray(r);
            long minX = Math.floorDiv(ray.x0, ray.w) + r.nextInt(61) - 30;
            long minY = Math.floorDiv(ray.y0, ray.h) + r.nextInt(61) - 30;
            long maxX = minX + (r.nextInt(4) == 0 ? r.nextInt(3) : r.nextInt(80));
            long maxY = minY + (r.nextInt(4) == 0 ? r.nextInt(3) : r.nextInt(80));
            List<long[]> expected = within(walked(ray), minX, minY, maxX, maxY);
            RayWalk.Steps steps = new RayWalk.Steps(ray.x0, ray.y0, ray.x1, ray.y1, ray.w, ray.h);
            boolean any = steps.clip(minX, minY, maxX, maxY);
            String what = ray + " in " + List.of(minX, minY, maxX, maxY);
            assertThat(any).as("%s", what).isEqualTo(!expected.isEmpty());
            if (any) {
                assertThat(new long[]{steps.endX, steps.endY}).as("%s: last tile", what)
                        .containsExactly(expected.get(expected.size() - 1));
                assertSameTiles(walkedFrom(steps), expected, what);
            }
        }
    }

    /** The public walks over an area from tile (0, 0) (a map): the walk, its length and the supercover. */
    @Property(tries = 300)
    void theWalksOverAnAreaVisitItsTilesOnly(@ForAll long seed) {
        Random r = new Random(seed);
        for (int i = 0; i < RAYS_PER_TRY; i++) {
            Ray ray = ray(r);
            int columns = 1 + r.nextInt(30);
            int rows = 1 + r.nextInt(30);
            String what = ray + " in " + columns + "x" + rows;
            List<long[]> expected = within(walked(ray), 0, 0, columns - 1, rows - 1);
            List<long[]> ours = new ArrayList<>();
            long visited = RayWalk.walk(ray.x0, ray.y0, ray.x1, ray.y1, ray.w, ray.h, columns, rows,
                    (x, y) -> ours.add(new long[]{x, y}));
            assertThat(visited).as("%s", what).isEqualTo(expected.size());
            assertThat(RayWalk.length(ray.x0, ray.y0, ray.x1, ray.y1, ray.w, ray.h, columns, rows)).as("%s", what)
                    .isEqualTo(expected.size());
            assertSameTiles(ours, expected, what);

            List<long[]> cover = new ArrayList<>();
            RayWalk.supercover(ray.x0, ray.y0, ray.x1, ray.y1, ray.w, ray.h, (x, y) -> cover.add(new long[]{x, y}));
            List<long[]> coverIn = new ArrayList<>();
            long covered = RayWalk.supercover(ray.x0, ray.y0, ray.x1, ray.y1, ray.w, ray.h, columns, rows,
                    (x, y) -> coverIn.add(new long[]{x, y}));
            List<long[]> expectedCover = within(cover, 0, 0, columns - 1, rows - 1);
            assertThat(covered).as("%s", what).isEqualTo(expectedCover.size());
            assertSameTiles(coverIn, expectedCover, what + " supercover");
            assertThat(RayWalk.supercoverBound(ray.x0, ray.y0, ray.x1, ray.y1, ray.w, ray.h, columns, rows))
                    .as("%s", what).isGreaterThanOrEqualTo(covered);
        }
    }

    /**
     * Clipping where the decision term's jump does not fit in a long (cells of 2^20 units, rays some 2^19 tiles
     * long from far outside a small area, some through it, some past it): worked out in BigInteger, still the plain
     * walk's tiles there.
     */
    @Property(tries = 30)
    void clippingFarOutsideIsExactBeyondALong(@ForAll long seed) {
        Random r = new Random(seed);
        long cell = 1L << 20;
        for (int i = 0; i < 4; i++) {
            long x0 = -r.nextLong(1L << 38, 1L << 39);
            long y0 = (r.nextBoolean() ? -1 : 1) * r.nextLong(1L << 37, 1L << 39);
            // through a point near the area from tile (0, 0) to (40, 40), ending a little beyond it
            long px = r.nextLong(-10 * cell, 50 * cell);
            long py = r.nextLong(-10 * cell, 50 * cell);
            long x1 = px + (px - x0) / 64;
            long y1 = py + (py - y0) / 64;
            RayWalk.Steps steps = new RayWalk.Steps(x0, y0, x1, y1, cell, cell);
            assertThat(Math.multiplyHigh(-steps.tx, steps.stepX)).as("the jump is past a long").isNotZero();
            List<long[]> expected = new ArrayList<>();
            RayWalk.walk(x0, y0, x1, y1, cell, cell, (x, y) -> {
                if (x >= 0 && x <= 40 && y >= 0 && y <= 40) {
                    expected.add(new long[]{x, y});
                }
                return true;
            });
            Ray ray = new Ray(x0, y0, x1, y1, cell, cell);
            boolean any = steps.clip(0, 0, 40, 40);
            assertThat(any).as("%s", ray).isEqualTo(!expected.isEmpty());
            if (any) {
                assertSameTiles(walkedFrom(steps), expected, ray);
            }
        }
    }

    /** A 300x200 layer (chunks cut by its edges), painted at random except two chunks never touched. */
    private static TileLayer paintedLayer(Random r) {
        TileLayer layer = new TileLayer(1, LayerAttributes.named("walls"), 300, 200);
        for (int y = 0; y < 200; y++) {
            for (int x = 0; x < 300; x++) {
                boolean untouched = y < 64 && x >= 64 && x < 128 || y >= 128 && x >= 256;
                if (!untouched) {
                    layer.set(x, y, 1 + r.nextInt(1000));
                }
            }
        }
        return layer;
    }

    @Property(tries = 40)
    void theWalkOverALayerReadsTheExactTilesAndStopsWhereAsked(@ForAll long seed) {
        Random r = new Random(seed);
        TileLayer layer = paintedLayer(r);
        for (int i = 0; i < RAYS_PER_TRY; i++) {
            assertLayerWalk(layer, layerRay(r), r);
        }
    }

    /**
     * A ray over the 300x200 layer: mostly on it, some beginning or ending off it; many on grid lines, through
     * vertices and chunk corners, along an axis, with square, oblong and tiny cells.
     */
    private static Ray layerRay(Random r) {
        long[] cell = CELLS[r.nextInt(CELLS.length)];
        long[] ends = new long[4];
        for (int k = 0; k < 4; k++) {
            long size = cell[k % 2];
            long cells = k % 2 == 0 ? 300 : 200;
            long tile = r.nextInt(10) == 0 ? r.nextLong(-20, cells + 20) : r.nextLong(0, cells);
            ends[k] = tile * size + (r.nextInt(4) == 0 ? 0 : r.nextLong(0, size));
        }
        switch (r.nextInt(10)) {
            case 0 -> ends[2] = ends[0]; // along the y axis
            case 1 -> ends[3] = ends[1]; // along the x axis
            case 2 -> {
                // from a chunk corner along a small whole-number slope: through vertices, chunk corners among them
                long cx = r.nextInt(5) * TileLayer.CHUNK_SIZE;
                long cy = r.nextInt(4) * TileLayer.CHUNK_SIZE;
                long a = r.nextInt(7) - 3;
                long b = r.nextInt(7) - 3;
                long n = r.nextInt(40);
                ends = new long[]{cx * cell[0], cy * cell[1], (cx + a * n) * cell[0], (cy + b * n) * cell[1]};
            }
            case 3 -> ends[2] = ends[0] + (ends[3] - ends[1]) / cell[1] * cell[0]; // a cell diagonal
            default -> {
            }
        }
        return new Ray(ends[0], ends[1], ends[2], ends[3], cell[0], cell[1]);
    }

    /**
     * The layer walk's window, exactly: from a walk's start, as many steps as the plain walk takes before its first
     * tile in another chunk (a shorter count would still walk right, only slower, so the walk alone cannot tell).
     */
    @Property(tries = 200)
    void stepsInsideAreTheStepsBeforeTheChunkEdge(@ForAll long seed) {
        Random r = new Random(seed);
        for (int i = 0; i < RAYS_PER_TRY; i++) {
            Ray ray = layerRay(r);
            RayWalk.Steps steps = new RayWalk.Steps(ray.x0, ray.y0, ray.x1, ray.y1, ray.w, ray.h);
            long chunkX = Math.floorDiv(steps.tx, TileLayer.CHUNK_SIZE);
            long chunkY = Math.floorDiv(steps.ty, TileLayer.CHUNK_SIZE);
            List<long[]> tiles = RayOracle.walk(ray.x0, ray.y0, ray.x1, ray.y1, ray.w, ray.h);
            int leaving = 0;
            while (leaving < tiles.size() && Math.floorDiv(tiles.get(leaving)[0], TileLayer.CHUNK_SIZE) == chunkX
                    && Math.floorDiv(tiles.get(leaving)[1], TileLayer.CHUNK_SIZE) == chunkY) {
                leaving++;
            }
            long inside = RayWalk.stepsInside((int) Math.floorMod(steps.tx, TileLayer.CHUNK_SIZE),
                    (int) Math.floorMod(steps.ty, TileLayer.CHUNK_SIZE), steps.sx, steps.sy, steps.e, steps.stepX,
                    steps.stepY);
            if (leaving < tiles.size()) {
                assertThat(inside).as("%s", ray).isEqualTo(leaving - 1);
            } else {
                assertThat(inside).as("%s: the walk ends in its first chunk", ray).isGreaterThanOrEqualTo(leaving - 1);
            }
        }
    }

    /**
     * The layer walk's blocks: from any e in [-stepY, stepX) (or stepX, with stepY 0), the x steps among the next 1
     * to 4 and e four steps on, as {@link RayWalk.Quad} works them out from e alone, are those of four single steps.
     * Step terms from 0 (an axis without motion) and 1 up to just below the walk's limit of 2^56, e at both ends of
     * its range and in between.
     */
    @Property(tries = 200)
    void aBlockOfFourStepsIsFourSingleSteps(@ForAll long seed) {
        Random r = new Random(seed);
        for (int i = 0; i < RAYS_PER_TRY; i++) {
            long stepX = stepTerm(r);
            long stepY = stepTerm(r);
            if (stepX + stepY == 0) {
                continue;
            }
            RayWalk.Quad q = new RayWalk.Quad(stepX, stepY);
            // a walk without x motion (stepY 0) keeps e at stepX
            long e = switch (r.nextInt(4)) {
                case 0 -> -stepY;
                case 1 -> stepY == 0 ? stepX : stepX - 1;
                default -> stepX == 0 ? r.nextLong(-stepY, 0) : r.nextLong(-stepY, stepX);
            };
            int[] b = {q.b1, q.b2, q.b3, q.b4};
            long[] t = {q.t1, q.t2, q.t3, q.t4};
            long single = e;
            int xSteps = 0;
            for (int j = 0; j < 4; j++) {
                if (single < 0) {
                    xSteps++;
                    single += stepX;
                } else {
                    single -= stepY;
                }
                assertThat(b[j] + (e < t[j] ? 1 : 0)).as("x steps among %d from e %d, steps %d %d", j + 1, e, stepX,
                        stepY).isEqualTo(xSteps);
            }
            assertThat(e + q.d4 + (e < q.t4 ? stepX + stepY : 0)).as("e %d, steps %d %d", e, stepX, stepY)
                    .isEqualTo(single);
        }
    }

    private static long stepTerm(Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> 0;
            case 1 -> r.nextLong(1, 8);
            case 2 -> (1L << 56) - 1 - r.nextInt(8);
            default -> r.nextLong(1, 1L << (1 + r.nextInt(56)));
        };
    }

    private static void assertLayerWalk(TileLayer layer, Ray ray, Random r) {
        List<long[]> exact = within(RayOracle.walk(ray.x0, ray.y0, ray.x1, ray.y1, ray.w, ray.h), 0, 0,
                layer.width() - 1, layer.height() - 1);
        int stopAt = r.nextInt(4) == 0 && !exact.isEmpty() ? r.nextInt(exact.size()) : exact.size();
        List<long[]> seen = new ArrayList<>();
        long visited = RayWalk.walk(layer, ray.x0, ray.y0, ray.x1, ray.y1, ray.w, ray.h, (x, y, gid) -> {
            seen.add(new long[]{x, y, gid});
            return seen.size() <= stopAt;
        });
        int expected = Math.min(stopAt + 1, exact.size());
        assertThat(visited).as("%s", ray).isEqualTo(expected);
        assertThat(seen).as("%s", ray).hasSize(expected);
        for (int k = 0; k < expected; k++) {
            long x = exact.get(k)[0];
            long y = exact.get(k)[1];
            assertThat(seen.get(k)).as("%s tile %d", ray, k).containsExactly(x, y, layer.get((int) x, (int) y));
        }
    }
}
