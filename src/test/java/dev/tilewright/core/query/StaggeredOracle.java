package dev.tilewright.core.query;

import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.geom.TiledCells;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * {@link StaggeredCells}'s answers worked out another way: cells from Tiled's formulas ({@link TiledCells}), every
 * decision in exact rationals (BigInteger fractions) by brute force over a window of cells. The walk is the cell
 * holding the middle of each stretch between consecutive edge crossings (point in polygon, the tie rule for a
 * stretch lying on an edge); a cell's first touch is the least parameter of the segment's start in it or of its
 * meetings with the cell's edges; a box or disc meets a cell when a corner of one lies in the other, their edges
 * cross, or (disc) an edge comes within the radius.
 *
 * <p>Units: fixed point doubled, as {@link TiledCells} doubles the corners.
 */
final class StaggeredOracle {

    private StaggeredOracle() {
    }

    /** A fraction n / d with d > 0. */
    record Rat(BigInteger n, BigInteger d) implements Comparable<Rat> {
        static Rat of(BigInteger n, BigInteger d) {
            return d.signum() < 0 ? new Rat(n.negate(), d.negate()) : new Rat(n, d);
        }

        static Rat of(long n) {
            return new Rat(BigInteger.valueOf(n), BigInteger.ONE);
        }

        Rat plus(Rat o) {
            return of(n.multiply(o.d).add(o.n.multiply(d)), d.multiply(o.d));
        }

        Rat minus(Rat o) {
            return of(n.multiply(o.d).subtract(o.n.multiply(d)), d.multiply(o.d));
        }

        Rat times(Rat o) {
            return of(n.multiply(o.n), d.multiply(o.d));
        }

        Rat over(Rat o) {
            return of(n.multiply(o.d), d.multiply(o.n));
        }

        int signum() {
            return n.signum();
        }

        @Override
        public int compareTo(Rat o) {
            return n.multiply(o.d).compareTo(o.n.multiply(d));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Rat r && compareTo(r) == 0;
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }

    record Pt(Rat x, Rat y) {
        Pt minus(Pt o) {
            return new Pt(x.minus(o.x), y.minus(o.y));
        }
    }

    /** A cell's corners in doubled fixed-point units, repeated corners dropped. */
    static List<Pt> shape(Hexagonal hex, int tx, int ty) {
        List<Pt> out = new ArrayList<>();
        for (long[] c : TiledCells.corners2(hex, tx, ty)) {
            Pt p = new Pt(Rat.of(c[0] * Fixed.ONE), Rat.of(c[1] * Fixed.ONE));
            if (out.isEmpty() || !out.get(out.size() - 1).equals(p) && !out.get(0).equals(p)) {
                out.add(p);
            }
        }
        return out;
    }

    static Rat cross(Pt a, Pt b) {
        return a.x.times(b.y).minus(a.y.times(b.x));
    }

    static Rat dot(Pt a, Pt b) {
        return a.x.times(b.x).plus(a.y.times(b.y));
    }

    /** The point in doubled units of fixed-point (x, y). */
    static Pt point(long x, long y) {
        return new Pt(Rat.of(2 * x), Rat.of(2 * y));
    }

    static Pt along(Pt p0, Pt d, Rat t) {
        return new Pt(p0.x.plus(d.x.times(t)), p0.y.plus(d.y.times(t)));
    }

    /** Whether the closed polygon holds a point. */
    static boolean closedHolds(List<Pt> poly, Pt p) {
        for (int i = 0; i < poly.size(); i++) {
            Pt a = poly.get(i);
            Pt e = poly.get((i + 1) % poly.size()).minus(a);
            if (cross(e, p.minus(a)).signum() < 0) {
                return false;
            }
        }
        return true;
    }

    /** Whether the polygon holds a point pushed a tiny step down and a far tinier one right. */
    static boolean holds(List<Pt> poly, Pt p) {
        for (int i = 0; i < poly.size(); i++) {
            Pt a = poly.get(i);
            Pt e = poly.get((i + 1) % poly.size()).minus(a);
            int s = cross(e, p.minus(a)).signum();
            if (s == 0) {
                s = e.x.signum() != 0 ? e.x.signum() : -e.y.signum();
            }
            if (s <= 0) {
                return false;
            }
        }
        return true;
    }

    /** The cells of a window around fixed-point box [x0, x1] x [y0, y1]: rough, wide by three cells. */
    static List<int[]> window(Hexagonal hex, long x0, long y0, long x1, long y1) {
        long pitchX = (long) (hex.staggerX() ? hex.columnWidth() : hex.cellWidth()) * Fixed.ONE;
        long pitchY = (long) (hex.staggerX() ? hex.cellHeight() : hex.rowHeight()) * Fixed.ONE;
        List<int[]> out = new ArrayList<>();
        for (long ty = Math.floorDiv(Math.min(y0, y1), pitchY) - 3; ty <= Math.floorDiv(Math.max(y0, y1), pitchY) + 3; ty++) {
            for (long tx = Math.floorDiv(Math.min(x0, x1), pitchX) - 3; tx <= Math.floorDiv(Math.max(x0, x1), pitchX) + 3; tx++) {
                out.add(new int[]{(int) tx, (int) ty});
            }
        }
        return out;
    }

    /** The parameters in (0, 1) where the segment crosses an edge of a window cell (not along it). */
    private static TreeSet<Rat> crossings(Hexagonal hex, List<int[]> window, Pt p0, Pt d) {
        TreeSet<Rat> out = new TreeSet<>();
        for (int[] c : window) {
            List<Pt> poly = shape(hex, c[0], c[1]);
            for (int i = 0; i < poly.size(); i++) {
                Pt a = poly.get(i);
                Pt e = poly.get((i + 1) % poly.size()).minus(a);
                Rat c1 = cross(e, d);
                if (c1.signum() == 0) {
                    continue;
                }
                Rat t = cross(e, p0.minus(a)).over(c1).times(Rat.of(-1));
                if (t.signum() <= 0 || t.compareTo(Rat.of(1)) >= 0) {
                    continue;
                }
                Rat s = dot(along(p0, d, t).minus(a), e).over(dot(e, e));
                if (s.signum() >= 0 && s.compareTo(Rat.of(1)) <= 0) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    private static int[] holding(Hexagonal hex, List<int[]> window, Pt p) {
        int[] found = null;
        for (int[] c : window) {
            if (holds(shape(hex, c[0], c[1]), p)) {
                if (found != null) {
                    throw new AssertionError("two cells hold a point: the oracle's cells do not tile the plane");
                }
                found = c;
            }
        }
        if (found == null) {
            throw new AssertionError("no cell of the window holds the point");
        }
        return found;
    }

    /** The cells of the walk from (x0, y0) to (x1, y1), fixed point. */
    static List<List<Integer>> walk(Hexagonal hex, long x0, long y0, long x1, long y1) {
        List<int[]> window = window(hex, x0, y0, x1, y1);
        Pt p0 = point(x0, y0);
        Pt d = point(x1 - x0, y1 - y0);
        List<Rat> cuts = new ArrayList<>();
        cuts.add(Rat.of(0));
        cuts.addAll(crossings(hex, window, p0, d));
        cuts.add(Rat.of(1));
        List<List<Integer>> out = new ArrayList<>();
        for (int i = 0; i + 1 < cuts.size(); i++) {
            Rat middle = cuts.get(i).plus(cuts.get(i + 1)).over(Rat.of(2));
            int[] cell = holding(hex, window, along(p0, d, middle));
            List<Integer> tile = List.of(cell[0], cell[1]);
            if (out.isEmpty() || !out.get(out.size() - 1).equals(tile)) {
                out.add(tile);
            }
        }
        return out;
    }

    /** Where the closed segment first touches the cell's closed shape (a parameter in [0, 1]), or null. */
    static Rat firstTouch(Hexagonal hex, int tx, int ty, long x0, long y0, long x1, long y1) {
        List<Pt> poly = shape(hex, tx, ty);
        Pt p0 = point(x0, y0);
        Pt d = point(x1 - x0, y1 - y0);
        if (closedHolds(poly, p0)) {
            return Rat.of(0);
        }
        if (d.x.signum() == 0 && d.y.signum() == 0) {
            return null;
        }
        Rat best = null;
        for (int i = 0; i < poly.size(); i++) {
            Pt a = poly.get(i);
            Pt b = poly.get((i + 1) % poly.size());
            Pt e = b.minus(a);
            Rat c0 = cross(e, p0.minus(a));
            Rat c1 = cross(e, d);
            Rat t;
            if (c1.signum() != 0) {
                t = c0.over(c1).times(Rat.of(-1));
                if (t.signum() < 0 || t.compareTo(Rat.of(1)) > 0) {
                    continue;
                }
                Rat s = dot(along(p0, d, t).minus(a), e).over(dot(e, e));
                if (s.signum() < 0 || s.compareTo(Rat.of(1)) > 0) {
                    continue;
                }
            } else if (c0.signum() == 0) {
                // along the edge's line: where the segment and the edge overlap first
                Rat ta = dot(a.minus(p0), d).over(dot(d, d));
                Rat tb = dot(b.minus(p0), d).over(dot(d, d));
                Rat low = ta.compareTo(tb) < 0 ? ta : tb;
                Rat high = ta.compareTo(tb) < 0 ? tb : ta;
                if (high.signum() < 0 || low.compareTo(Rat.of(1)) > 0) {
                    continue;
                }
                t = low.signum() < 0 ? Rat.of(0) : low;
            } else {
                continue;
            }
            if (best == null || t.compareTo(best) < 0) {
                best = t;
            }
        }
        return best;
    }

    /** The side a segment comes in through at parameter t (not 0): the edge holding the point, or a corner. */
    static RayEntry.Side side(Hexagonal hex, int tx, int ty, long x0, long y0, long x1, long y1, Rat t) {
        Pt p = along(point(x0, y0), point(x1 - x0, y1 - y0), t);
        long[][] all = TiledCells.corners2(hex, tx, ty);
        RayEntry.Side[] names = {RayEntry.Side.LEFT, RayEntry.Side.TOP_LEFT, RayEntry.Side.TOP,
                RayEntry.Side.TOP_RIGHT, RayEntry.Side.RIGHT, RayEntry.Side.BOTTOM_RIGHT, RayEntry.Side.BOTTOM,
                RayEntry.Side.BOTTOM_LEFT};
        List<RayEntry.Side> on = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Pt a = new Pt(Rat.of(all[i][0] * Fixed.ONE), Rat.of(all[i][1] * Fixed.ONE));
            Pt b = new Pt(Rat.of(all[(i + 1) % 8][0] * Fixed.ONE), Rat.of(all[(i + 1) % 8][1] * Fixed.ONE));
            if (p.equals(a)) {
                return RayEntry.Side.CORNER;
            }
            Pt e = b.minus(a);
            if (e.x.signum() == 0 && e.y.signum() == 0 || cross(e, p.minus(a)).signum() != 0) {
                continue;
            }
            Rat s = dot(p.minus(a), e).over(dot(e, e));
            if (s.signum() >= 0 && s.compareTo(Rat.of(1)) <= 0) {
                on.add(names[i]);
            }
        }
        if (on.size() != 1) {
            throw new AssertionError("an entry point off the corners lies on " + on.size() + " edges");
        }
        return on.get(0);
    }

    /** Whether two closed segments share a point (orientation tests, collinear overlaps included). */
    static boolean segmentsMeet(Pt a, Pt b, Pt c, Pt d) {
        int d1 = cross(b.minus(a), c.minus(a)).signum();
        int d2 = cross(b.minus(a), d.minus(a)).signum();
        int d3 = cross(d.minus(c), a.minus(c)).signum();
        int d4 = cross(d.minus(c), b.minus(c)).signum();
        if (d1 * d2 < 0 && d3 * d4 < 0) {
            return true;
        }
        return d1 == 0 && onSegment(a, b, c) || d2 == 0 && onSegment(a, b, d)
                || d3 == 0 && onSegment(c, d, a) || d4 == 0 && onSegment(c, d, b);
    }

    private static boolean onSegment(Pt a, Pt b, Pt p) {
        return between(a.x, b.x, p.x) && between(a.y, b.y, p.y);
    }

    private static boolean between(Rat a, Rat b, Rat v) {
        Rat low = a.compareTo(b) < 0 ? a : b;
        Rat high = a.compareTo(b) < 0 ? b : a;
        return v.compareTo(low) >= 0 && v.compareTo(high) <= 0;
    }

    /** Whether the cell's closed shape meets the closed box [x0, x1] x [y0, y1] (fixed point, any order). */
    static boolean meetsBox(Hexagonal hex, int tx, int ty, long x0, long y0, long x1, long y1) {
        List<Pt> poly = shape(hex, tx, ty);
        Pt[] box = {point(Math.min(x0, x1), Math.min(y0, y1)), point(Math.max(x0, x1), Math.min(y0, y1)),
                point(Math.max(x0, x1), Math.max(y0, y1)), point(Math.min(x0, x1), Math.max(y0, y1))};
        for (Pt c : poly) {
            if (between(box[0].x, box[2].x, c.x) && between(box[0].y, box[2].y, c.y)) {
                return true;
            }
        }
        for (Pt c : box) {
            if (closedHolds(poly, c)) {
                return true;
            }
        }
        for (int i = 0; i < poly.size(); i++) {
            for (int j = 0; j < 4; j++) {
                if (segmentsMeet(poly.get(i), poly.get((i + 1) % poly.size()), box[j], box[(j + 1) % 4])) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the cell's closed shape meets the closed disc of radius r about (cx, cy) (fixed point). */
    static boolean meetsDisc(Hexagonal hex, int tx, int ty, long cx, long cy, long r) {
        List<Pt> poly = shape(hex, tx, ty);
        Pt c = point(cx, cy);
        if (closedHolds(poly, c)) {
            return true;
        }
        Rat r2 = Rat.of(2 * r).times(Rat.of(2 * r));
        for (int i = 0; i < poly.size(); i++) {
            Pt a = poly.get(i);
            Pt e = poly.get((i + 1) % poly.size()).minus(a);
            // the nearest point of the edge: its parameter clamped to [0, 1]
            Rat u = dot(c.minus(a), e).over(dot(e, e));
            if (u.signum() < 0) {
                u = Rat.of(0);
            } else if (u.compareTo(Rat.of(1)) > 0) {
                u = Rat.of(1);
            }
            Pt off = c.minus(along(a, e, u));
            if (dot(off, off).compareTo(r2) <= 0) {
                return true;
            }
        }
        return false;
    }
}
