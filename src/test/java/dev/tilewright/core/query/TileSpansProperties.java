package dev.tilewright.core.query;

import dev.tilewright.core.geom.TileRect;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import java.math.BigInteger;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Circle and box spans against brute force in exact integers over every tile of the bounding box. */
class TileSpansProperties {

    private static final TileRect CLIP = new TileRect(-5, -3, 60, 40);

    @Property(tries = 300)
    void circleSpansAreExactlyTheTilesMeetingTheDisc(@ForAll long seed) {
        Random r = new Random(seed);
        for (int i = 0; i < 200; i++) {
            long w = r.nextBoolean() ? 16 * 256 : 2 + r.nextInt(6);
            long h = r.nextBoolean() ? w : 2 + r.nextInt(6);
            long cx = r.nextBoolean() ? (r.nextInt(60) - 5) * w : r.nextLong(-5 * w, 55 * w);
            long cy = r.nextBoolean() ? (r.nextInt(40) - 3) * h : r.nextLong(-3 * h, 37 * h);
            long radius = switch (r.nextInt(4)) {
                case 0 -> 0;
                case 1 -> w * r.nextInt(6); // reaching exactly to grid lines
                default -> r.nextLong(0, 12 * Math.max(w, h));
            };
            Set<List<Integer>> ours = new HashSet<>();
            long count = TileSpans.circle(cx, cy, radius, w, h, CLIP, (ty, first, last) -> {
                for (int tx = first; tx <= last; tx++) {
                    assertThat(ours.add(List.of(tx, ty))).isTrue();
                }
            });
            Set<List<Integer>> exact = new HashSet<>();
            for (int ty = CLIP.y(); ty < CLIP.bottom(); ty++) {
                for (int tx = CLIP.x(); tx < CLIP.right(); tx++) {
                    BigInteger dx = BigInteger.valueOf(Math.max(0, Math.max(tx * w - cx, cx - (tx + 1) * w)));
                    BigInteger dy = BigInteger.valueOf(Math.max(0, Math.max(ty * h - cy, cy - (ty + 1) * h)));
                    if (dx.pow(2).add(dy.pow(2)).compareTo(BigInteger.valueOf(radius).pow(2)) <= 0) {
                        exact.add(List.of(tx, ty));
                    }
                }
            }
            assertThat(ours).as("circle (%d, %d) r %d over %dx%d", cx, cy, radius, w, h).isEqualTo(exact);
            assertThat(count).isEqualTo(exact.size());
        }
    }

    @Property(tries = 200)
    void withinIsExactFarBeyondDoubles(@ForAll long seed) {
        Random r = new Random(seed);
        for (int i = 0; i < 1000; i++) {
            long dx = r.nextLong(0, 1L << 61);
            long dy = r.nextLong(0, 1L << 61);
            BigInteger sum = BigInteger.valueOf(dx).pow(2).add(BigInteger.valueOf(dy).pow(2));
            long root = BigInteger.valueOf(dx).pow(2).add(BigInteger.valueOf(dy).pow(2)).sqrt().longValueExact();
            for (long radius : new long[]{root - 1, root, root + 1}) {
                if (radius >= 0 && radius < 1L << 62) {
                    assertThat(TileSpans.within(dx, dy, radius))
                            .isEqualTo(sum.compareTo(BigInteger.valueOf(radius).pow(2)) <= 0);
                }
            }
        }
    }

    @Property(tries = 100)
    void boxesCoverTheirHalfOpenAreaAndAPointIsItsTile(@ForAll long seed) {
        Random r = new Random(seed);
        long w = 16 * 256;
        for (int i = 0; i < 1000; i++) {
            long xa = r.nextBoolean() ? (r.nextInt(20) - 10) * w : r.nextLong(-10 * w, 10 * w);
            long xb = r.nextInt(4) == 0 ? xa : r.nextLong(-10 * w, 10 * w);
            long ya = r.nextLong(-10 * w, 10 * w);
            long yb = r.nextBoolean() ? (r.nextInt(20) - 10) * w : r.nextLong(-10 * w, 10 * w);
            TileRect box = TileSpans.box(xa, ya, xb, yb, w, w);
            for (long tx = -12; tx <= 12; tx++) {
                long lo = Math.min(xa, xb);
                long hi = Math.max(xa, xb);
                boolean expected = lo == hi ? Math.floorDiv(lo, w) == tx : tx * w < hi && (tx + 1) * w > lo;
                assertThat(tx >= box.x() && tx < box.right()).as("column %d of [%d, %d)", tx, lo, hi).isEqualTo(expected);
            }
        }
    }
}
