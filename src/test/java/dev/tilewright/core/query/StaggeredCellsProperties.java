package dev.tilewright.core.query;

import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.geom.TileRect;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link StaggeredCells} against {@link StaggeredOracle} on random staggered and hexagonal cells (either axis and
 * index, sides from 0 to the whole tile) and random segments, boxes and discs: many through cells' corners and along
 * their edges (whole and half pixels), of zero length, in every direction. Each try checks a batch drawn from its
 * seed, so a failure names a seed to replay.
 */
class StaggeredCellsProperties {

    private static final int PER_TRY = 6;

    private static Hexagonal cells(Random r) {
        int w = 2 + r.nextInt(r.nextBoolean() ? 6 : 40);
        int h = 2 + r.nextInt(r.nextBoolean() ? 6 : 40);
        boolean x = r.nextBoolean();
        int most = x ? w : h;
        int side = switch (r.nextInt(4)) {
            case 0 -> 0; // staggered: diamonds
            case 1 -> most; // bricks: no slant at all
            default -> r.nextInt(most + 1);
        };
        return new Hexagonal(w, h, x, r.nextBoolean(), side);
    }

    /** A fixed-point coordinate near {@code around}: on a whole or half pixel (where corners and edges lie) or anywhere. */
    private static long coordinate(Random r, long around, int spread) {
        long p = around + (long) (r.nextGaussian() * spread * Fixed.ONE);
        return switch (r.nextInt(4)) {
            case 0 -> Math.floorDiv(p, Fixed.ONE) * Fixed.ONE;
            case 1 -> Math.floorDiv(p, Fixed.ONE / 2) * (Fixed.ONE / 2);
            default -> p;
        };
    }

    private record Segment(long x0, long y0, long x1, long y1) {
    }

    private static Segment segment(Random r, Hexagonal hex) {
        int spread = 2 * Math.max(hex.tileWidth(), hex.tileHeight());
        long x0 = coordinate(r, (long) r.nextInt(8) * hex.tileWidth() * Fixed.ONE, spread);
        long y0 = coordinate(r, (long) r.nextInt(8) * hex.tileHeight() * Fixed.ONE, spread);
        return switch (r.nextInt(8)) {
            case 0 -> new Segment(x0, y0, x0, y0);
            case 1 -> {
                // corner to corner of cells: along edges and through vertices
                long[][] a = hex.corners();
                long[][] b = hex.corners();
                int tx = r.nextInt(5);
                int ty = r.nextInt(5);
                long[] ca = a[r.nextInt(8)];
                long[] cb = b[r.nextInt(8)];
                var boxA = hex.cellBox(tx, ty);
                var boxB = hex.cellBox(tx + r.nextInt(5) - 2, ty + r.nextInt(5) - 2);
                yield new Segment((boxA.x() + ca[0]) * Fixed.ONE, (boxA.y() + ca[1]) * Fixed.ONE,
                        (boxB.x() + cb[0]) * Fixed.ONE, (boxB.y() + cb[1]) * Fixed.ONE);
            }
            case 2 -> new Segment(x0, y0, coordinate(r, x0, spread), y0); // level
            case 3 -> new Segment(x0, y0, x0, coordinate(r, y0, spread)); // upright
            default -> new Segment(x0, y0, coordinate(r, x0, spread), coordinate(r, y0, spread));
        };
    }

    private static List<List<Integer>> walked(StaggeredCells cells, Segment s) {
        List<List<Integer>> out = new ArrayList<>();
        cells.walk(s.x0, s.y0, s.x1, s.y1, (tx, ty) -> out.add(List.of(tx, ty)));
        return out;
    }

    @Property(tries = 1000)
    void theWalkIsTheOraclesAndWithinItsBound(@ForAll long seed) {
        Random r = new Random(seed);
        for (int i = 0; i < PER_TRY; i++) {
            Hexagonal hex = cells(r);
            StaggeredCells cells = new StaggeredCells(hex);
            Segment s = segment(r, hex);
            List<List<Integer>> walk = walked(cells, s);
            assertThat(walk).as("seed %s: %s %s", seed, hex, s)
                    .isEqualTo(StaggeredOracle.walk(hex, s.x0, s.y0, s.x1, s.y1));
            assertThat((long) walk.size()).as("seed %s: %s %s", seed, hex, s)
                    .isLessThanOrEqualTo(cells.walkBound(s.x1 - s.x0, s.y1 - s.y0));
            // each cell after the first shares a side or a corner with the one before
            for (int k = 1; k < walk.size(); k++) {
                assertThat(sharedCorners(hex, walk.get(k - 1), walk.get(k))).as("seed %s: %s %s step %s", seed, hex,
                        s, k).isPositive();
            }
        }
    }

    @Property(tries = 600)
    void theSupercoverIsEveryTouchedCellInOrderOfFirstTouch(@ForAll long seed) {
        Random r = new Random(seed);
        for (int i = 0; i < PER_TRY; i++) {
            Hexagonal hex = cells(r);
            StaggeredCells cells = new StaggeredCells(hex);
            Segment s = segment(r, hex);
            List<List<Integer>> cover = new ArrayList<>();
            cells.supercover(s.x0, s.y0, s.x1, s.y1, (tx, ty) -> cover.add(List.of(tx, ty)));
            Map<List<Integer>, StaggeredOracle.Rat> touched = new HashMap<>();
            for (int[] c : StaggeredOracle.window(hex, s.x0, s.y0, s.x1, s.y1)) {
                StaggeredOracle.Rat t = StaggeredOracle.firstTouch(hex, c[0], c[1], s.x0, s.y0, s.x1, s.y1);
                if (t != null) {
                    touched.put(List.of(c[0], c[1]), t);
                }
            }
            String what = "seed " + seed + ": " + hex + " " + s;
            assertThat(new HashSet<>(cover)).as(what).hasSize(cover.size()).isEqualTo(touched.keySet());
            assertThat((long) cover.size()).as(what)
                    .isLessThanOrEqualTo(cells.supercoverBound(s.x1 - s.x0, s.y1 - s.y0));
            for (int k = 1; k < cover.size(); k++) {
                assertThat(touched.get(cover.get(k)).compareTo(touched.get(cover.get(k - 1)))).as(what)
                        .isGreaterThanOrEqualTo(0);
            }
            // where each is entered, and through what
            for (List<Integer> c : cover) {
                RayEntry entry = cells.entry(s.x0, s.y0, s.x1, s.y1, c.get(0), c.get(1));
                StaggeredOracle.Rat t = touched.get(c);
                assertThat(entry).as(what).isNotNull();
                assertThat(StaggeredOracle.Rat.of(java.math.BigInteger.valueOf(entry.num()),
                        java.math.BigInteger.valueOf(entry.den()))).as(what + " entry of " + c).isEqualTo(t);
                RayEntry.Side side = t.signum() == 0 ? RayEntry.Side.INSIDE
                        : StaggeredOracle.side(hex, c.get(0), c.get(1), s.x0, s.y0, s.x1, s.y1, t);
                assertThat(entry.side()).as(what + " side of " + c).isEqualTo(side);
            }
            // a cell of the window it does not touch has no entry
            for (int[] c : StaggeredOracle.window(hex, s.x0, s.y0, s.x1, s.y1)) {
                if (!touched.containsKey(List.of(c[0], c[1]))) {
                    assertThat(cells.entry(s.x0, s.y0, s.x1, s.y1, c[0], c[1])).as(what).isNull();
                }
            }
        }
    }

    @Property(tries = 600)
    void boxesAndDiscsMeetTheOraclesCells(@ForAll long seed) {
        Random r = new Random(seed);
        for (int i = 0; i < PER_TRY; i++) {
            Hexagonal hex = cells(r);
            StaggeredCells cells = new StaggeredCells(hex);
            TileRect clip = new TileRect(r.nextInt(3) - 1, r.nextInt(3) - 1, 1 + r.nextInt(9), 1 + r.nextInt(9));
            Segment s = segment(r, hex);
            long radius = r.nextInt(5) == 0 ? 0 : coordinate(r, 0, 2 * hex.tileWidth());
            radius = Math.abs(radius);
            Set<List<Integer>> box = new HashSet<>();
            long boxCount = cells.box(s.x0, s.y0, s.x1, s.y1, clip, runInto(box, hex));
            Set<List<Integer>> disc = new HashSet<>();
            long discCount = cells.disc(s.x0, s.y0, radius, clip, runInto(disc, hex));
            Set<List<Integer>> expectBox = new HashSet<>();
            Set<List<Integer>> expectDisc = new HashSet<>();
            for (int[] c : StaggeredOracle.window(hex, Math.min(Math.min(s.x0, s.x1), s.x0 - radius),
                    Math.min(Math.min(s.y0, s.y1), s.y0 - radius), Math.max(Math.max(s.x0, s.x1), s.x0 + radius),
                    Math.max(Math.max(s.y0, s.y1), s.y0 + radius))) {
                if (!clip.contains(c[0], c[1])) {
                    continue;
                }
                if (StaggeredOracle.meetsBox(hex, c[0], c[1], s.x0, s.y0, s.x1, s.y1)) {
                    expectBox.add(List.of(c[0], c[1]));
                }
                if (StaggeredOracle.meetsDisc(hex, c[0], c[1], s.x0, s.y0, radius)) {
                    expectDisc.add(List.of(c[0], c[1]));
                }
            }
            String what = "seed " + seed + ": " + hex + " " + s + " r " + radius + " clip " + clip;
            assertThat(box).as(what).isEqualTo(expectBox);
            assertThat(boxCount).as(what).isEqualTo(expectBox.size());
            assertThat(disc).as(what).isEqualTo(expectDisc);
            assertThat(discCount).as(what).isEqualTo(expectDisc.size());
        }
    }

    private static long sharedCorners(Hexagonal hex, List<Integer> a, List<Integer> b) {
        Set<List<Long>> corners = new HashSet<>();
        for (long[] c : dev.tilewright.core.geom.TiledCells.corners2(hex, a.get(0), a.get(1))) {
            corners.add(List.of(c[0], c[1]));
        }
        long shared = 0;
        for (long[] c : dev.tilewright.core.geom.TiledCells.corners2(hex, b.get(0), b.get(1))) {
            shared += corners.contains(List.of(c[0], c[1])) ? 1 : 0;
        }
        return shared;
    }

    private static StaggeredCells.Run runInto(Set<List<Integer>> into, Hexagonal hex) {
        return (line, first, last) -> {
            for (int k = first; k <= last; k++) {
                into.add(hex.staggerX() ? List.of(line, k) : List.of(k, line));
            }
        };
    }
}
