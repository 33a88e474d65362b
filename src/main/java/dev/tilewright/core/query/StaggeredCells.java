package dev.tilewright.core.query;

import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.TileCoord;
import dev.tilewright.core.geom.TileRect;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Exact queries over the cells of a staggered or hexagonal map ({@link Hexagonal}: hexagons, or diamonds where the
 * sides along the stagger axis have length 0), on fixed-point coordinates ({@link Fixed}) in the map's pixel space
 * (its screen). A cell is the closed convex polygon Tiled draws; every decision is a sign of integer cross products
 * of the cell's whole-pixel edges with fixed-point points, so nothing drifts along a ray.
 *
 * <ul>
 * <li>{@link #walk}: the cells a segment passes, in order: from the one holding the start pushed a hair along the
 * segment, each next one the cell the segment goes on into after leaving the last (through a side, or straight
 * through a corner into the cell beyond it), to the one holding the end approached from before it. A point on an
 * edge pushed along the edge goes to the cell below it (right of it where the edge is vertical), the rule
 * {@link Hexagonal#tileAt} keeps.</li>
 * <li>{@link #supercover}: every cell whose closed shape the closed segment touches, in an order in which the
 * parameter where it first touches a cell never decreases.</li>
 * <li>{@link #entry}: where the segment first touches a cell and through which side (a corner when two meet
 * there).</li>
 * <li>{@link #box} and {@link #disc}: the cells whose closed shape meets a closed rectangle or disc, line by line
 * along the stagger axis's rows (columns on axis x): in each line the cells meeting a convex area are one run, so
 * each line's first and last are found exactly and every cell between meets it too.</li>
 * </ul>
 */
public final class StaggeredCells {

    /** Receives cells in order; answers false to stop. */
    @FunctionalInterface
    public interface Visitor {
        boolean visit(int tx, int ty);
    }

    /** Receives one line's run of cells: {@code line} is the row (column on stagger axis x), first..last inclusive. */
    @FunctionalInterface
    public interface Run {
        void run(int line, int first, int last);
    }

    private static final RayEntry.Side[] SIDES = {RayEntry.Side.LEFT, RayEntry.Side.TOP_LEFT, RayEntry.Side.TOP,
            RayEntry.Side.TOP_RIGHT, RayEntry.Side.RIGHT, RayEntry.Side.BOTTOM_RIGHT, RayEntry.Side.BOTTOM,
            RayEntry.Side.BOTTOM_LEFT};

    private final Hexagonal cells;
    /** The edges of positive length: from corner {@code edges[i]} to the next one. */
    private final int[] edges;
    /** Corner positions relative to a cell box's top-left, pixels. */
    private final long[][] corners;
    /** The neighbour across each edge, as a tile offset: [0] for an unshifted cell, [1] for a shifted one. */
    private final int[][][] across = new int[2][8][];

    public StaggeredCells(Hexagonal cells) {
        this.cells = cells;
        this.corners = cells.corners();
        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            long[] a = corners[i];
            long[] b = corners[(i + 1) % 8];
            if (a[0] != b[0] || a[1] != b[1]) {
                kept.add(i);
            }
        }
        this.edges = kept.stream().mapToInt(Integer::intValue).toArray();
        // the cell just beyond each edge's middle, for a cell of each kind (line 0 and line 1 along the axis)
        for (int kind = 0; kind < 2; kind++) {
            int tx = cells.staggerX() ? kind : 0;
            int ty = cells.staggerX() ? 0 : kind;
            int shifted = shifted(tx, ty) ? 1 : 0;
            PixelBox box = cells.cellBox(tx, ty);
            for (int i : edges) {
                long[] a = corners[i];
                long[] b = corners[(i + 1) % 8];
                double ex = b[0] - a[0];
                double ey = b[1] - a[1];
                double length = Math.hypot(ex, ey);
                // outward is the right of the edge walked clockwise on the screen (y down): (ey, -ex)... inward is
                // (-ey, ex); a quarter pixel out from the middle lies in the neighbour, away from its other edges
                double mx = box.x() + (a[0] + b[0]) / 2.0 + ey / length * 0.25;
                double my = box.y() + (a[1] + b[1]) / 2.0 - ex / length * 0.25;
                TileCoord next = cells.tileAt(new Position(mx, my));
                across[shifted][i] = new int[]{next.x() - tx, next.y() - ty};
            }
        }
    }

    public Hexagonal cells() {
        return cells;
    }

    private boolean shifted(int tx, int ty) {
        return cells.shifted(cells.staggerX() ? tx : ty);
    }

    /** A cell box's left and top, fixed point. */
    private long originX(int tx, int ty) {
        return cells.cellBox(tx, ty).x() * Fixed.ONE;
    }

    private long originY(int tx, int ty) {
        return cells.cellBox(tx, ty).y() * Fixed.ONE;
    }

    /**
     * At most how many cells {@link #walk} visits for a segment moving (dx, dy) fixed-point units: each cell after
     * the first is entered across an edge, and a segment crosses the edges along the stagger axis (on lines a
     * slanted side's reach apart) once each and the zigzag between two lines at most twice per cell it passes
     * along it, so {@code 2 |dx| / offsetX + 2 |dy| / offsetY + 6}.
     */
    public long walkBound(long dx, long dy) {
        long ox = Math.max(1, cells.sideOffsetX()) * (long) Fixed.ONE;
        long oy = Math.max(1, cells.sideOffsetY()) * (long) Fixed.ONE;
        return 2 * ceilDiv(Math.abs(dx), ox) + 2 * ceilDiv(Math.abs(dy), oy) + 6;
    }

    /** At most how many cells {@link #supercover} visits: each walked cell and the (at most 8) cells touching it. */
    public long supercoverBound(long dx, long dy) {
        return 9 * walkBound(dx, dy);
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    /** The walk from (x0, y0) to (x1, y1), cells in order, not clipped to any map. */
    public void walk(long x0, long y0, long x1, long y1, Visitor visitor) {
        long dx = x1 - x0;
        long dy = y1 - y0;
        int[] cell = cellAfter(x0, y0, dx, dy);
        int tx = cell[0];
        int ty = cell[1];
        int[] tied = new int[8]; // the edges the segment leaves through at once, reused step to step
        while (visitor.visit(tx, ty) && (dx != 0 || dy != 0)) {
            PixelBox box = cells.cellBox(tx, ty);
            long ox = box.x() * Fixed.ONE;
            long oy = box.y() * Fixed.ONE;
            long bestNum = -1;
            long bestDen = 1;
            int ties = 0;
            for (int i : edges) {
                long c1 = turn(i, dx, dy);
                if (c1 >= 0) {
                    continue; // not moving out through this edge
                }
                long c0 = side(i, x0, y0, ox, oy);
                long num = Math.max(0, c0);
                long den = -c1;
                int order = ties == 0 ? -1 : RayEntry.compareProducts(num, bestDen, bestNum, den);
                if (order < 0) {
                    bestNum = num;
                    bestDen = den;
                    ties = 0;
                }
                if (order <= 0) {
                    tied[ties++] = i;
                }
            }
            if (ties == 0 || bestNum >= bestDen) {
                return; // the segment ends in this cell (or on its edge)
            }
            int through = tied[0];
            if (ties > 1) {
                // several edges at once: through a corner, or through one of two edges on one line (the two
                // halves of a brick's side, each with its own neighbour)
                long[] corner = cornerAt(tied, ties, x0, y0, dx, dy, bestNum, bestDen, ox, oy);
                if (corner != null) {
                    int[] next = cellAfter(ox + corner[0] * Fixed.ONE, oy + corner[1] * Fixed.ONE, dx, dy);
                    tx = next[0];
                    ty = next[1];
                    continue;
                }
                for (int k = 0; k < ties; k++) {
                    if (onEdge(tied[k], x0, y0, dx, dy, bestNum, bestDen, ox, oy)) {
                        through = tied[k];
                    }
                }
            }
            int[] step = across[shifted(tx, ty) ? 1 : 0][through];
            tx += step[0];
            ty += step[1];
        }
    }

    /**
     * Which side of edge i (of the cell whose box starts at (ox, oy)) a point lies on: the cross product of the edge
     * with the point, positive inside the cell, 0 on the edge's line.
     */
    private long side(int i, long px, long py, long ox, long oy) {
        long[] a = corners[i];
        long[] b = corners[(i + 1) % 8];
        return (b[0] - a[0]) * (py - oy - a[1] * Fixed.ONE) - (b[1] - a[1]) * (px - ox - a[0] * Fixed.ONE);
    }

    /** How a motion (dx, dy) turns against edge i: positive into the cell, negative out of it, 0 along it. */
    private long turn(int i, long dx, long dy) {
        long[] a = corners[i];
        long[] b = corners[(i + 1) % 8];
        return (b[0] - a[0]) * dy - (b[1] - a[1]) * dx;
    }

    /** Whether {@code (x0, y0) + (dx, dy) num / den} is the point (px, py), exactly. */
    private static boolean isPoint(long x0, long y0, long dx, long dy, long num, long den, long px, long py) {
        BigInteger n = BigInteger.valueOf(num);
        BigInteger d = BigInteger.valueOf(den);
        return BigInteger.valueOf(x0 - px).multiply(d).add(BigInteger.valueOf(dx).multiply(n)).signum() == 0
                && BigInteger.valueOf(y0 - py).multiply(d).add(BigInteger.valueOf(dy).multiply(n)).signum() == 0;
    }

    /**
     * Whether {@code (x0, y0) + (dx, dy) num / den}, a point on the line of edge i of the cell whose box starts at
     * (ox, oy), lies on the edge itself (between its corners, inclusive).
     */
    private boolean onEdge(int i, long x0, long y0, long dx, long dy, long num, long den, long ox, long oy) {
        long[] a = corners[i];
        long[] b = corners[(i + 1) % 8];
        long ex = b[0] - a[0];
        long ey = b[1] - a[1];
        BigInteger n = BigInteger.valueOf(num);
        BigInteger d = BigInteger.valueOf(den);
        // (p - a) . e, times den
        BigInteger along = BigInteger.valueOf(x0 - ox - a[0] * Fixed.ONE).multiply(d).add(BigInteger.valueOf(dx)
                .multiply(n)).multiply(BigInteger.valueOf(ex)).add(BigInteger.valueOf(y0 - oy - a[1] * Fixed.ONE)
                .multiply(d).add(BigInteger.valueOf(dy).multiply(n)).multiply(BigInteger.valueOf(ey)));
        BigInteger end = BigInteger.valueOf((ex * ex + ey * ey) * Fixed.ONE).multiply(d);
        return along.signum() >= 0 && along.compareTo(end) <= 0;
    }

    /**
     * The corner of one of the given edges that {@code (x0, y0) + (dx, dy) num / den} is (relative, pixels), or null
     * when it is none.
     */
    private long[] cornerAt(int[] edgesAt, int count, long x0, long y0, long dx, long dy, long num, long den, long ox,
                            long oy) {
        for (int k = 0; k < count; k++) {
            for (long[] c : new long[][]{corners[edgesAt[k]], corners[(edgesAt[k] + 1) % 8]}) {
                if (isPoint(x0, y0, dx, dy, num, den, ox + c[0] * Fixed.ONE, oy + c[1] * Fixed.ONE)) {
                    return c;
                }
            }
        }
        return null;
    }

    /**
     * The cell holding a point pushed a hair along (dx, dy), then a tinier step down and a far tinier one right (the
     * tie rule): each edge's side decided by the first of these that is not on its line.
     */
    int[] cellAfter(long px, long py, long dx, long dy) {
        PixelBox near = new PixelBox(Math.floorDiv(px, Fixed.ONE) - 1, Math.floorDiv(py, Fixed.ONE) - 1, 3, 3);
        TileRect candidates = cells.tilesMeeting(near);
        for (int ty = candidates.y(); ty < candidates.bottom(); ty++) {
            for (int tx = candidates.x(); tx < candidates.right(); tx++) {
                if (holdsAfter(tx, ty, px, py, dx, dy)) {
                    return new int[]{tx, ty};
                }
            }
        }
        throw new IllegalStateException("no cell holds (" + px + ", " + py + ") / " + Fixed.ONE);
    }

    private boolean holdsAfter(int tx, int ty, long px, long py, long dx, long dy) {
        long ox = originX(tx, ty);
        long oy = originY(tx, ty);
        for (int i : edges) {
            long s = side(i, px, py, ox, oy);
            if (s == 0) {
                s = turn(i, dx, dy);
            }
            if (s == 0) {
                s = turn(i, 0, 1) != 0 ? turn(i, 0, 1) : turn(i, 1, 0); // the push down, then right
            }
            if (s <= 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Where the segment first touches a cell's closed shape (clipped against each edge, exactly), or null when it
     * does not: {@link RayEntry.Side#INSIDE} at 0 when it starts in or on the cell, {@link RayEntry.Side#CORNER}
     * when the point is one of the cell's corners, else the side whose line it crosses last.
     */
    public RayEntry entry(long x0, long y0, long x1, long y1, int tx, int ty) {
        long dx = x1 - x0;
        long dy = y1 - y0;
        long ox = originX(tx, ty);
        long oy = originY(tx, ty);
        long inNum = 0;
        long inDen = 1;
        long outNum = 1;
        long outDen = 1;
        int[] tied = new int[8];
        int ties = 0;
        for (int i : edges) {
            long c0 = side(i, x0, y0, ox, oy);
            long c1 = turn(i, dx, dy);
            // inside the closed shape where c0 + t c1 >= 0
            if (c1 == 0) {
                if (c0 < 0) {
                    return null;
                }
            } else if (c1 > 0) {
                int order = c0 >= 0 ? -1 : ties == 0 ? 1 : RayEntry.compareProducts(-c0, inDen, inNum, c1);
                if (order > 0) {
                    inNum = -c0;
                    inDen = c1;
                    ties = 0;
                }
                if (order >= 0) {
                    tied[ties++] = i;
                }
            } else {
                if (c0 < 0) {
                    return null;
                }
                if (RayEntry.compareProducts(c0, outDen, outNum, -c1) < 0) {
                    outNum = c0;
                    outDen = -c1;
                }
            }
        }
        if (RayEntry.compareProducts(inNum, outDen, outNum, inDen) > 0) {
            return null;
        }
        if (ties == 0) {
            return new RayEntry(RayEntry.Side.INSIDE, 0, 1);
        }
        for (int i : edges) {
            if (isPoint(x0, y0, dx, dy, inNum, inDen, ox + corners[i][0] * Fixed.ONE, oy + corners[i][1] * Fixed.ONE)) {
                return new RayEntry(RayEntry.Side.CORNER, inNum, inDen);
            }
        }
        // on several edges' line at once (a brick's side in two halves): the one that holds the point
        int through = tied[0];
        for (int k = 1; k < ties; k++) {
            if (onEdge(tied[k], x0, y0, dx, dy, inNum, inDen, ox, oy)) {
                through = tied[k];
            }
        }
        return new RayEntry(SIDES[through], inNum, inDen);
    }

    /**
     * Every cell the closed segment touches, each once, ordered by where it first touches it (then by the walk's
     * order), not clipped to any map.
     */
    public void supercover(long x0, long y0, long x1, long y1, Visitor visitor) {
        record Touched(int tx, int ty, RayEntry entry, int order) {
        }
        List<Touched> touched = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        walk(x0, y0, x1, y1, (wx, wy) -> {
            TileRect around = cells.tilesMeeting(cells.cellBox(wx, wy).grown(1, 1, 1, 1));
            for (int ty = around.y(); ty < around.bottom(); ty++) {
                for (int tx = around.x(); tx < around.right(); tx++) {
                    if (seen.add(((long) tx << 32) ^ (ty & 0xffffffffL))) {
                        RayEntry entry = entry(x0, y0, x1, y1, tx, ty);
                        if (entry != null) {
                            touched.add(new Touched(tx, ty, entry, touched.size()));
                        }
                    }
                }
            }
            return true;
        });
        touched.sort((a, b) -> {
            int byT = RayEntry.compareProducts(a.entry.num(), b.entry.den(), b.entry.num(), a.entry.den());
            return byT != 0 ? byT : Integer.compare(a.order, b.order);
        });
        for (Touched t : touched) {
            if (!visitor.visit(t.tx, t.ty)) {
                return;
            }
        }
    }

    /** Whether a cell's closed shape meets the closed box [x0, x1] x [y0, y1] (fixed point, x0 <= x1, y0 <= y1). */
    public boolean meetsBox(int tx, int ty, long x0, long y0, long x1, long y1) {
        PixelBox box = cells.cellBox(tx, ty);
        long left = box.x() * Fixed.ONE;
        long top = box.y() * Fixed.ONE;
        if (left > x1 || left + box.width() * Fixed.ONE < x0 || top > y1 || top + box.height() * Fixed.ONE < y0) {
            return false;
        }
        long[][] boxCorners = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
        for (int i : edges) {
            long[] a = corners[i];
            long[] b = corners[(i + 1) % 8];
            long ex = b[0] - a[0];
            long ey = b[1] - a[1];
            boolean allOutside = true;
            for (long[] c : boxCorners) {
                if (ex * (c[1] - top - a[1] * Fixed.ONE) - ey * (c[0] - left - a[0] * Fixed.ONE) >= 0) {
                    allOutside = false;
                    break;
                }
            }
            if (allOutside) {
                return false; // the edge's line separates them
            }
        }
        return true;
    }

    /** Whether a cell's closed shape meets the closed disc of radius r about (cx, cy) (fixed point). */
    public boolean meetsDisc(int tx, int ty, long cx, long cy, long r) {
        PixelBox box = cells.cellBox(tx, ty);
        long left = box.x() * Fixed.ONE;
        long top = box.y() * Fixed.ONE;
        boolean inside = true;
        BigInteger r2 = BigInteger.valueOf(r).pow(2);
        for (int i : edges) {
            long[] a = corners[i];
            long[] b = corners[(i + 1) % 8];
            long ex = b[0] - a[0];
            long ey = b[1] - a[1];
            long ax = left + a[0] * Fixed.ONE;
            long ay = top + a[1] * Fixed.ONE;
            long cross = ex * (cy - ay) - ey * (cx - ax);
            if (cross >= 0) {
                continue; // the centre is on the inner side of this edge
            }
            inside = false;
            // the distance from the centre to the edge's segment, squared, against r^2
            long along = (cx - ax) * ex + (cy - ay) * ey;
            long lengthSquared = ex * ex + ey * ey;
            if (along <= 0) {
                if (TileSpans.within(Math.abs(cx - ax), Math.abs(cy - ay), r)) {
                    return true;
                }
            } else if (along >= lengthSquared * Fixed.ONE) {
                long bx = left + b[0] * Fixed.ONE;
                long by = top + b[1] * Fixed.ONE;
                if (TileSpans.within(Math.abs(cx - bx), Math.abs(cy - by), r)) {
                    return true;
                }
            } else if (BigInteger.valueOf(cross).pow(2).compareTo(r2.multiply(BigInteger.valueOf(lengthSquared))) <= 0) {
                return true;
            }
        }
        return inside;
    }

    /** The test of one cell against a convex area. */
    @FunctionalInterface
    public interface Meets {
        boolean test(int tx, int ty);
    }

    /**
     * The extent along a line of a convex area within the band [from, to] across it (fixed point), as a closed
     * interval {low, high} at least as wide as the area's there; null when the area misses the band.
     */
    @FunctionalInterface
    public interface Extent {
        long[] within(long from, long to);
    }

    /** The runs of cells a closed box meets, clipped to {@code clip}; returns how many cells they hold. */
    public long box(long x0, long y0, long x1, long y1, TileRect clip, Run run) {
        long ax0 = Math.min(x0, x1);
        long ax1 = Math.max(x0, x1);
        long ay0 = Math.min(y0, y1);
        long ay1 = Math.max(y0, y1);
        boolean byX = cells.staggerX();
        return runs(byX ? ax0 : ay0, byX ? ax1 : ay1, (from, to) -> byX ? new long[]{ay0, ay1} : new long[]{ax0, ax1},
                (tx, ty) -> meetsBox(tx, ty, ax0, ay0, ax1, ay1), clip, run);
    }

    /** The runs of cells a closed disc meets, clipped to {@code clip}; returns how many cells they hold. */
    public long disc(long cx, long cy, long r, TileRect clip, Run run) {
        boolean byX = cells.staggerX();
        long across = byX ? cx : cy;
        long centre = byX ? cy : cx;
        return runs(across - r, across + r, (from, to) -> {
            long d = Math.max(0, Math.max(from - across, across - to));
            if (d > r) {
                return null;
            }
            long half = (long) Math.ceil(Math.sqrt(Math.max(0, (double) r * r - (double) d * d))) + 1;
            return new long[]{centre - half, centre + half};
        }, (tx, ty) -> meetsDisc(tx, ty, cx, cy, r), clip, run);
    }

    /**
     * The runs, line by line, of a convex area lying across the lines from {@code low} to {@code high}: per line, the
     * cells whose boxes meet the area's extent there, trimmed at both ends to the first and last that meet it.
     */
    private long runs(long low, long high, Extent extent, Meets meets, TileRect clip, Run run) {
        boolean byX = cells.staggerX();
        // a line's band across the axis starts every stride and is a cell's size wide
        PixelBox zero = cells.cellBox(0, 0);
        PixelBox nextLine = byX ? cells.cellBox(1, 0) : cells.cellBox(0, 1);
        long stride = (byX ? nextLine.x() - zero.x() : nextLine.y() - zero.y()) * Fixed.ONE;
        long band = (byX ? zero.width() : zero.height()) * Fixed.ONE;
        long acrossStart = (byX ? zero.x() : zero.y()) * Fixed.ONE;
        int clipFirst = byX ? clip.x() : clip.y();
        long clipLast = (byX ? clip.right() : clip.bottom()) - 1;
        int alongFirst = byX ? clip.y() : clip.x();
        long alongLast = (byX ? clip.bottom() : clip.right()) - 1;
        long firstLine = Math.max(clipFirst, Math.floorDiv(low - acrossStart - band, stride));
        long lastLine = Math.min(clipLast, Math.floorDiv(high - acrossStart, stride));
        long count = 0;
        for (long line = firstLine; line <= lastLine; line++) {
            long from = acrossStart + line * stride;
            long[] span = extent.within(from, from + band);
            if (span == null) {
                continue;
            }
            int l = (int) line;
            PixelBox base = byX ? cells.cellBox(l, 0) : cells.cellBox(0, l);
            PixelBox second = byX ? cells.cellBox(l, 1) : cells.cellBox(1, l);
            long start = (byX ? base.y() : base.x()) * Fixed.ONE;
            long pitch = (byX ? second.y() - base.y() : second.x() - base.x()) * Fixed.ONE;
            long size = (byX ? base.height() : base.width()) * Fixed.ONE;
            // boxes [start + k pitch, + size] meeting [span0, span1]
            long first = Math.max(alongFirst, -Math.floorDiv(-(span[0] - start - size), pitch));
            long last = Math.min(alongLast, Math.floorDiv(span[1] - start, pitch));
            while (first <= last && !meetsAt(meets, l, (int) first)) {
                first++;
            }
            while (last >= first && !meetsAt(meets, l, (int) last)) {
                last--;
            }
            if (first <= last) {
                run.run(l, (int) first, (int) last);
                count += last - first + 1;
            }
        }
        return count;
    }

    private boolean meetsAt(Meets meets, int line, int along) {
        return cells.staggerX() ? meets.test(line, along) : meets.test(along, line);
    }
}
