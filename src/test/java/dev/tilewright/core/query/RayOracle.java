package dev.tilewright.core.query;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The answers of {@link RayWalk} worked out another way, in exact rationals (BigInteger fractions): the walk as the
 * start tile moved by every grid-line crossing sorted by its parameter (vertical first at equal parameters), the
 * supercover as every tile of the bounding box whose closed square meets the closed segment (slab test).
 */
final class RayOracle {

    private RayOracle() {
    }

    /** A non-negative fraction n / d, d > 0. */
    record Fraction(BigInteger n, BigInteger d) implements Comparable<Fraction> {
        static Fraction of(long n, long d) {
            return d < 0 ? new Fraction(BigInteger.valueOf(-n), BigInteger.valueOf(-d))
                    : new Fraction(BigInteger.valueOf(n), BigInteger.valueOf(d));
        }

        @Override
        public int compareTo(Fraction o) {
            return n.multiply(o.d).compareTo(o.n.multiply(d));
        }
    }

    private record Crossing(Fraction t, boolean vertical) {
    }

    static List<long[]> walk(long x0, long y0, long x1, long y1, long w, long h) {
        long dx = x1 - x0;
        long dy = y1 - y0;
        // the tile just after the start: floor of a point a hair along the segment
        long tx = dx < 0 && Math.floorMod(x0, w) == 0 ? Math.floorDiv(x0, w) - 1 : Math.floorDiv(x0, w);
        long ty = dy < 0 && Math.floorMod(y0, h) == 0 ? Math.floorDiv(y0, h) - 1 : Math.floorDiv(y0, h);
        List<Crossing> crossings = new ArrayList<>();
        // every grid line strictly inside the segment is crossed once
        for (long k = Math.floorDiv(Math.min(x0, x1), w); k * w <= Math.max(x0, x1); k++) {
            long line = k * w;
            if (dx != 0 && line > Math.min(x0, x1) && line < Math.max(x0, x1)) {
                crossings.add(new Crossing(Fraction.of(line - x0, dx), false));
            }
        }
        for (long k = Math.floorDiv(Math.min(y0, y1), h); k * h <= Math.max(y0, y1); k++) {
            long line = k * h;
            if (dy != 0 && line > Math.min(y0, y1) && line < Math.max(y0, y1)) {
                crossings.add(new Crossing(Fraction.of(line - y0, dy), true));
            }
        }
        crossings.sort((a, b) -> {
            int byT = a.t().compareTo(b.t());
            return byT != 0 ? byT : Boolean.compare(b.vertical(), a.vertical());
        });
        List<long[]> out = new ArrayList<>();
        out.add(new long[]{tx, ty});
        for (Crossing c : crossings) {
            if (c.vertical()) {
                ty += Long.signum(dy);
            } else {
                tx += Long.signum(dx);
            }
            out.add(new long[]{tx, ty});
        }
        return out;
    }

    /** Tiles whose closed square meets the closed segment, each with the parameter where it is first touched. */
    static Map<List<Long>, Fraction> supercover(long x0, long y0, long x1, long y1, long w, long h) {
        Map<List<Long>, Fraction> out = new HashMap<>();
        for (long ty = Math.floorDiv(Math.min(y0, y1), h) - 1; ty <= Math.floorDiv(Math.max(y0, y1), h) + 1; ty++) {
            for (long tx = Math.floorDiv(Math.min(x0, x1), w) - 1; tx <= Math.floorDiv(Math.max(x0, x1), w) + 1; tx++) {
                Fraction[] x = slab(x0, x1 - x0, tx * w, (tx + 1) * w);
                Fraction[] y = slab(y0, y1 - y0, ty * h, (ty + 1) * h);
                if (x == null || y == null) {
                    continue;
                }
                Fraction enter = max(x[0], y[0]);
                Fraction leave = min(x[1], y[1]);
                if (enter.compareTo(leave) <= 0) {
                    out.put(List.of(tx, ty), enter);
                }
            }
        }
        return out;
    }

    /** The parameters in [0, 1] where p + d t lies in [a, b], or null. */
    private static Fraction[] slab(long p, long d, long a, long b) {
        Fraction zero = Fraction.of(0, 1);
        Fraction one = Fraction.of(1, 1);
        if (d == 0) {
            return p >= a && p <= b ? new Fraction[]{zero, one} : null;
        }
        Fraction ta = Fraction.of(a - p, d);
        Fraction tb = Fraction.of(b - p, d);
        Fraction lo = max(zero, min(ta, tb));
        Fraction hi = min(one, max(ta, tb));
        return lo.compareTo(hi) <= 0 ? new Fraction[]{lo, hi} : null;
    }

    private static Fraction max(Fraction a, Fraction b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static Fraction min(Fraction a, Fraction b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
