package dev.tilewright.core.query;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where a ray enters a tile ({@link RayEntry}) against the exact oracle: every supercover tile is entered at the
 * parameter where the segment first touches its closed square, by the side that touch lies on ("corner" at a
 * vertex); every walked tile at that same parameter, by the side the walk stepped across.
 */
class RayEntryProperties {

    @Property(tries = 1000)
    void supercoverTilesAreEnteredWhereTheSegmentFirstTouchesThem(
            @ForAll @LongRange(min = -600, max = 600) long x0, @ForAll @LongRange(min = -600, max = 600) long y0,
            @ForAll @LongRange(min = -600, max = 600) long x1, @ForAll @LongRange(min = -600, max = 600) long y1,
            @ForAll @IntRange(min = 3, max = 64) int w, @ForAll @IntRange(min = 3, max = 64) int h) {
        Map<List<Long>, RayOracle.Fraction> touched = RayOracle.supercover(x0, y0, x1, y1, w, h);
        for (Map.Entry<List<Long>, RayOracle.Fraction> tile : touched.entrySet()) {
            long tx = tile.getKey().get(0);
            long ty = tile.getKey().get(1);
            RayEntry entry = RayEntry.of(x0, y0, x1, y1, tx, ty, w, h, false);
            assertThat(sameFraction(entry, tile.getValue())).as("entry of (%d, %d): %s, oracle %s", tx, ty, entry,
                    tile.getValue()).isTrue();
            if (entry.num() == 0) {
                assertThat(entry.side()).isEqualTo(RayEntry.Side.INSIDE);
            }
        }
    }

    @Property(tries = 1000)
    void walkedTilesAreEnteredByTheSideTheWalkSteppedAcross(
            @ForAll @LongRange(min = -600, max = 600) long x0, @ForAll @LongRange(min = -600, max = 600) long y0,
            @ForAll @LongRange(min = -600, max = 600) long x1, @ForAll @LongRange(min = -600, max = 600) long y1,
            @ForAll @IntRange(min = 3, max = 64) int w, @ForAll @IntRange(min = 3, max = 64) int h) {
        List<long[]> walked = RayOracle.walk(x0, y0, x1, y1, w, h);
        Map<List<Long>, RayOracle.Fraction> touched = RayOracle.supercover(x0, y0, x1, y1, w, h);
        assertThat(RayEntry.of(x0, y0, x1, y1, walked.get(0)[0], walked.get(0)[1], w, h, true).side())
                .isEqualTo(RayEntry.Side.INSIDE);
        for (int i = 1; i < walked.size(); i++) {
            long[] from = walked.get(i - 1);
            long[] to = walked.get(i);
            RayEntry entry = RayEntry.of(x0, y0, x1, y1, to[0], to[1], w, h, true);
            RayEntry.Side expected = to[0] > from[0] ? RayEntry.Side.LEFT : to[0] < from[0] ? RayEntry.Side.RIGHT
                    : to[1] > from[1] ? RayEntry.Side.TOP : RayEntry.Side.BOTTOM;
            assertThat(entry.side()).as("step %d into (%d, %d)", i, to[0], to[1]).isEqualTo(expected);
            assertThat(sameFraction(entry, touched.get(List.of(to[0], to[1])))).as("step %d: %s", i, entry).isTrue();
        }
    }

    @Property(tries = 1000)
    void aPointOnTheRayIsRoundedOnceAndAGridLineComesOutExact(
            @ForAll @LongRange(min = -1_000_000, max = 1_000_000) long p0,
            @ForAll @LongRange(min = -1_000_000, max = 1_000_000) long d,
            @ForAll @LongRange(min = 1, max = 1_000_000) long den, @ForAll @LongRange(min = 0, max = 1_000_000) long num) {
        RayEntry entry = new RayEntry(RayEntry.Side.LEFT, num, den);
        double exact = (double) p0 + (double) d * num / den;
        assertThat(entry.along(p0, d)).isCloseTo(exact, org.assertj.core.api.Assertions.within(Math.ulp(exact) * 4 + 1e-9));
        // num / den == k / d lands on p0 + k exactly
        if (d != 0) {
            long k = Math.floorMod(num, Math.abs(d));
            assertThat(new RayEntry(RayEntry.Side.LEFT, k, Math.abs(d)).along(p0, d)).isEqualTo((double) (p0 + Long.signum(d) * k));
        }
    }

    private static boolean sameFraction(RayEntry entry, RayOracle.Fraction oracle) {
        return BigInteger.valueOf(entry.num()).multiply(oracle.d())
                .equals(oracle.n().multiply(BigInteger.valueOf(entry.den())));
    }
}
