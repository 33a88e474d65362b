package dev.tilewright.core.query;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/**
 * Where a ray (fixed-point, from (x0, y0) to (x1, y1)) enters one tile: the exact parameter {@code num / den} along
 * the ray at which it first touches the tile's closed square (the later of the two axes' entries) and the side it
 * comes in through. The parameter is exact; {@link #along} rounds a point on the ray once.
 *
 * <p>Edge cases: the tile the ray starts in (or starts on the edge of) is entered {@link Side#INSIDE} at 0. Through a
 * vertex (both axes enter at once) the walk went round vertically first, so it stepped in by x ({@link Side#LEFT}
 * or {@link Side#RIGHT}); the supercover touches such a tile first at the vertex: {@link Side#CORNER}.
 *
 * @param side the side of the tile the ray comes in through
 * @param num  with {@code den}, the parameter of the entry: 0 at the ray's start, 1 at its end
 * @param den  positive
 */
public record RayEntry(Side side, long num, long den) {

    /**
     * A side of a tile's cell: a square's four, and on staggered and hexagonal maps the slanted ones of diamonds and
     * hexagons ({@link StaggeredCells}).
     */
    public enum Side { LEFT, RIGHT, TOP, BOTTOM, INSIDE, CORNER, TOP_LEFT, TOP_RIGHT, BOTTOM_RIGHT, BOTTOM_LEFT }

    public RayEntry {
        if (den <= 0 || num < 0) {
            throw new IllegalArgumentException("an entry's parameter is num / den with num >= 0 and den > 0, was "
                    + num + " / " + den);
        }
    }

    /**
     * The entry into tile (tx, ty) of cells {@code cellWidth} x {@code cellHeight}, for a tile the ray reaches.
     *
     * @param walk the seed's walk (a vertex is passed vertically first) rather than the supercover
     */
    public static RayEntry of(long x0, long y0, long x1, long y1, long tx, long ty, long cellWidth, long cellHeight,
                              boolean walk) {
        long dx = x1 - x0;
        long dy = y1 - y0;
        long enterX = dx > 0 ? tx * cellWidth - x0 : dx < 0 ? x0 - (tx + 1) * cellWidth : 0;
        long enterY = dy > 0 ? ty * cellHeight - y0 : dy < 0 ? y0 - (ty + 1) * cellHeight : 0;
        long adx = Math.abs(dx);
        long ady = Math.abs(dy);
        boolean xEnters = dx != 0 && enterX > 0;
        boolean yEnters = dy != 0 && enterY > 0;
        if (!xEnters && !yEnters) {
            return new RayEntry(Side.INSIDE, 0, 1);
        }
        // which axis enters last (the later of enterX / |dx| and enterY / |dy|, compared exactly)
        int order = !yEnters ? 1 : !xEnters ? -1 : compareProducts(enterX, ady, enterY, adx);
        boolean byX = walk ? order >= 0 : order > 0;
        Side side;
        if (!walk && order == 0) {
            side = Side.CORNER;
        } else if (byX) {
            side = dx > 0 ? Side.LEFT : Side.RIGHT;
        } else {
            side = dy > 0 ? Side.TOP : Side.BOTTOM;
        }
        return byX ? new RayEntry(side, enterX, adx) : new RayEntry(side, enterY, ady);
    }

    /**
     * {@code p0 + d * num / den} (fixed-point units), the rational rounded once: a grid line the ray enters comes out
     * exactly, and the other coordinate is the nearest double, not one carried through a rounded parameter.
     */
    public double along(long p0, long d) {
        BigInteger exact = BigInteger.valueOf(p0).multiply(BigInteger.valueOf(den))
                .add(BigInteger.valueOf(d).multiply(BigInteger.valueOf(num)));
        return new BigDecimal(exact).divide(BigDecimal.valueOf(den), MathContext.DECIMAL128).doubleValue();
    }

    /** The sign of a * b - c * d for non-negative values, exactly (128-bit products). */
    static int compareProducts(long a, long b, long c, long d) {
        long high = Math.multiplyHigh(a, b);
        long otherHigh = Math.multiplyHigh(c, d);
        return high != otherHigh ? Long.compare(high, otherHigh) : Long.compareUnsigned(a * b, c * d);
    }
}
