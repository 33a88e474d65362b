package dev.tilewright.core.query;

import dev.tilewright.core.model.TileLayer;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * The tiles a segment passes, decided with exact integer arithmetic on fixed-point coordinates (see
 * {@link Fixed}): no accumulated float, no drift, whatever the length.
 * <p>
 * {@link #walk} is the seed's traversal: from the start tile to the end tile, exactly |dx| + |dy| + 1 tiles, one
 * axis step at a time, the vertical step first where the segment crosses a grid vertex exactly. The start tile is
 * the one the segment is in just after its start, the end tile the one it is in just before its end; along an
 * axis the segment does not move, floor decides; a zero-length segment is its one floor tile.
 * <p>
 * {@link #supercover} visits every tile whose closed square the segment touches (conservative line of sight),
 * each once, in an order in which the parameter where the segment first touches a tile never decreases.
 * <p>
 * Given an area (a map's columns and rows), both visit only the tiles in it, and the walk gets there without
 * stepping through the tiles before it: it is a line, so where it enters and leaves the area is worked out from the
 * decision term directly ({@link Steps#clip}), and its length there is what a query's work cap counts.
 * <p>
 * Which step comes next is decided by the sign of {@code e = distX * |dy| - distY * |dx|}, the distances to the
 * next vertical and horizontal grid lines scaled to a common denominator; it is kept up to date by adding and
 * subtracting whole cell sizes, so it stays within {@code cell * |d|} (no overflow for coordinates below 2^40 and
 * cells below 2^22 fixed-point units).
 */
public final class RayWalk {

    /** Receives tiles in order; answers false to stop the walk. */
    @FunctionalInterface
    public interface Visitor {
        boolean visit(int tx, int ty);
    }

    private RayWalk() {
    }

    /** The tile holding coordinate p just after it, moving in direction s (just before the floor line if s < 0). */
    static long startCell(long p, long size, int s) {
        long cell = Math.floorDiv(p, size);
        return s < 0 && Math.floorMod(p, size) == 0 ? cell - 1 : cell;
    }

    /** The tile holding coordinate p just before it, moving in direction s (the one before the line if s > 0). */
    static long endCell(long p, long size, int s) {
        long cell = Math.floorDiv(p, size);
        return s > 0 && Math.floorMod(p, size) == 0 ? cell - 1 : cell;
    }

    /** How many tiles the walk from (x0, y0) to (x1, y1) visits: |dx| + |dy| + 1 counted in tiles. */
    public static long length(long x0, long y0, long x1, long y1, long width, long height) {
        return new Steps(x0, y0, x1, y1, width, height).tiles;
    }

    /** How many tiles of the walk lie in the area of {@code columns} x {@code rows} tiles from tile (0, 0). */
    public static long length(long x0, long y0, long x1, long y1, long width, long height, int columns, int rows) {
        Steps steps = new Steps(x0, y0, x1, y1, width, height);
        return steps.clip(0, 0, columns - 1L, rows - 1L) ? steps.tiles : 0;
    }

    /**
     * At most how many tiles {@link #supercover(long, long, long, long, long, long, int, int, Visitor)} visits: the
     * walk's tiles within one tile of the area, each with at most two beside it, and the tiles at the two ends.
     */
    public static long supercoverBound(long x0, long y0, long x1, long y1, long width, long height, int columns,
                                       int rows) {
        Steps steps = new Steps(x0, y0, x1, y1, width, height);
        return (steps.clip(-1, -1, columns, rows) ? 3 * steps.tiles : 0) + 8;
    }

    /**
     * The walk's state: the current tile, how many tiles the walk has, and the decision term e. e < 0: the
     * vertical grid line comes first, so the next step is in x; otherwise in y (e == 0 is a vertex: y first). The
     * crossings the start and end rules leave out (at t = 0 and t = 1) would come first and last, so taking exactly
     * {@code tiles} tiles takes exactly the right ones. On an axis without motion the distance to the next line is
     * any positive value: its term is multiplied by zero, and e keeps the sign that never steps that way.
     */
    static final class Steps {
        long tx;
        long ty;
        long e;
        final int sx;
        final int sy;
        final long stepX;
        final long stepY;
        long tiles;
        long endX;
        long endY;

        Steps(long x0, long y0, long x1, long y1, long width, long height) {
            long dx = x1 - x0;
            long dy = y1 - y0;
            sx = Long.signum(dx);
            sy = Long.signum(dy);
            tx = startCell(x0, width, sx);
            ty = startCell(y0, height, sy);
            endX = endCell(x1, width, sx);
            endY = endCell(y1, height, sy);
            tiles = Math.abs(endX - tx) + Math.abs(endY - ty) + 1;
            long adx = Math.abs(dx);
            long ady = Math.abs(dy);
            long distX = sx > 0 ? (tx + 1) * width - x0 : sx < 0 ? x0 - tx * width : width;
            long distY = sy > 0 ? (ty + 1) * height - y0 : sy < 0 ? y0 - ty * height : height;
            e = distX * ady - distY * adx;
            stepX = width * ady;
            stepY = height * adx;
        }

        void advance() {
            if (e < 0) {
                tx += sx;
                e += stepX;
            } else {
                ty += sy;
                e -= stepY;
            }
        }

        /**
         * Keeps the part of the walk in columns minX..maxX and rows minY..maxY: moves to its first tile there and
         * ends at its last one. The walk is monotone on each axis, so that part is one run: it begins when the walk
         * has taken enough steps in x and enough in y to be inside on both, and ends before the first step that
         * leaves on either. When the walk takes its k-th step in an axis follows from e alone
         * ({@link #tileAfter}), so nothing before the area is walked.
         *
         * @return false when no tile of the walk lies there (the steps are then not to be walked)
         */
        boolean clip(long minX, long minY, long maxX, long maxY) {
            if (tx >= minX && tx <= maxX && ty >= minY && ty <= maxY
                    && endX >= minX && endX <= maxX && endY >= minY && endY <= maxY) {
                return true;
            }
            // steps in each axis before the walk is inside on it (in) and after which it has left (out)
            long xIn = stepsToEnter(tx, sx, minX, maxX);
            long xOut = stepsToLeave(tx, sx, minX, maxX);
            long yIn = stepsToEnter(ty, sy, minY, maxY);
            long yOut = stepsToLeave(ty, sy, minY, maxY);
            if (xIn < 0 || yIn < 0) {
                tiles = 0;
                return false;
            }
            // seen from y, -1 - e decides as e does from x, with the step terms swapped
            long enterByX = tileAfter(xIn, e, stepX, stepY, tiles);
            long enterByY = tileAfter(yIn, -1 - e, stepY, stepX, tiles);
            long leaveByX = tileAfter(xOut, e, stepX, stepY, tiles);
            long leaveByY = tileAfter(yOut, -1 - e, stepY, stepX, tiles);
            long first = Math.max(enterByX, enterByY);
            long end = Math.min(tiles, Math.min(leaveByX, leaveByY));
            if (first >= end) {
                tiles = 0;
                return false;
            }
            // x and y steps taken to the first and to the last tile kept: the step into the tile is the one that
            // decides it
            long firstX = enterByX >= enterByY ? xIn : first - yIn;
            long lastX = end == tiles ? Math.abs(endX - tx) : end == leaveByX ? xOut - 1 : end - 1 - (yOut - 1);
            long lastY = end - 1 - lastX;
            long firstY = first - firstX;
            endX = tx + sx * lastX;
            endY = ty + sy * lastY;
            tx += sx * firstX;
            ty += sy * firstY;
            // exact modulo 2^64, and the true value fits (e stays within a cell times |d|)
            e += firstX * stepX - firstY * stepY;
            tiles = end - first;
            return true;
        }

        /** Steps along an axis from c until within lo..hi: 0 when already, -1 when never. */
        private static long stepsToEnter(long c, int s, long lo, long hi) {
            if (c >= lo && c <= hi) {
                return 0;
            }
            return s > 0 && c < lo ? lo - c : s < 0 && c > hi ? c - hi : -1;
        }

        /** Steps along an axis from c after which it has passed lo..hi (Long.MAX_VALUE when it never does). */
        private static long stepsToLeave(long c, int s, long lo, long hi) {
            return s > 0 ? Math.max(0, hi - c + 1) : s < 0 ? Math.max(0, c - lo + 1) : Long.MAX_VALUE;
        }
    }

    /**
     * The index (from 0) of the walk's tile just after its k-th step in one axis, or cap when that is cap or later:
     * 0 for k = 0, else the steps before it ({@link #stepsBefore}) and one. Exact at any size: where
     * {@code d + (k - 1) step} could leave a long it is worked out in BigInteger.
     */
    private static long tileAfter(long k, long d, long step, long other, long cap) {
        if (k == 0) {
            return 0;
        }
        if (k >= cap) {
            return cap;
        }
        long product = (k - 1) * step;
        if (Math.multiplyHigh(k - 1, step) == 0 && product >= 0 && product < 1L << 62
                && d > -(1L << 62) && d < 1L << 62) {
            long before = stepsBefore(k, d, step, other);
            // before + 1 can only overflow far beyond any cap
            return before < 0 || before >= cap ? cap : before + 1;
        }
        BigInteger v = BigInteger.valueOf(d).add(BigInteger.valueOf(k - 1).multiply(BigInteger.valueOf(step)));
        BigInteger others = v.signum() < 0 ? BigInteger.ZERO
                : v.divide(BigInteger.valueOf(other)).add(BigInteger.ONE);
        BigInteger after = others.add(BigInteger.valueOf(k));
        return after.compareTo(BigInteger.valueOf(cap)) >= 0 ? cap : after.longValueExact();
    }

    /**
     * Steps the walk takes before its k-th step in one axis (k >= 1): k - 1 of its own and b of the other, the
     * least b >= 0 with d + (k - 1) step - b other < 0 (d < 0: this axis steps next; d is e for x, -1 - e for y).
     * For values where {@code d + (k - 1) step} stays within a long.
     */
    private static long stepsBefore(long k, long d, long step, long other) {
        long v = d + (k - 1) * step;
        return k - 1 + (v < 0 ? 0 : v / other + 1);
    }

    /**
     * Walks from (x0, y0) to (x1, y1) over cells of width x height, all in fixed-point units.
     *
     * @return the number of tiles visited (the last one included when the visitor stopped there)
     */
    public static long walk(long x0, long y0, long x1, long y1, long width, long height, Visitor visitor) {
        return walk(new Steps(x0, y0, x1, y1, width, height), visitor);
    }

    /**
     * {@link #walk(long, long, long, long, long, long, Visitor)}, visiting only the tiles in the area of
     * {@code columns} x {@code rows} tiles from tile (0, 0), and not stepping through those before it.
     *
     * @return the number of tiles visited
     */
    public static long walk(long x0, long y0, long x1, long y1, long width, long height, int columns, int rows,
                            Visitor visitor) {
        Steps steps = new Steps(x0, y0, x1, y1, width, height);
        return steps.clip(0, 0, columns - 1L, rows - 1L) ? walk(steps, visitor) : 0;
    }

    private static long walk(Steps steps, Visitor visitor) {
        for (long i = 1; ; i++) {
            if (!visitor.visit((int) steps.tx, (int) steps.ty) || i == steps.tiles) {
                return i;
            }
            steps.advance();
        }
    }

    /** Receives a layer's tiles in order with their gids; answers false to stop. */
    @FunctionalInterface
    public interface CellVisitor {
        boolean visit(int tx, int ty, int gid);
    }

    /** What a chunk that was never painted reads as. */
    private static final int[] EMPTY_CHUNK = new int[TileLayer.CHUNK_CELLS];

    /**
     * {@link #walk} over a tile layer, reading each tile's gid: the walk's tiles on the layer, reached without
     * stepping through those before it.
     * <p>
     * It goes chunk by chunk. On entering a chunk it works out exactly how many steps stay inside
     * ({@link #stepsInside}: two integer divisions) and takes them without a branch: the sign of e, as a mask, picks
     * each step's axis, its change of e and its move in the chunk array. The step that leaves the chunk is taken the same way. A walk whose decision
     * term could overflow there (cells times coordinates beyond 2^56) takes the plain walk instead.
     */
    public static long walk(TileLayer layer, long x0, long y0, long x1, long y1, long width, long height,
                            CellVisitor visitor) {
        Steps steps = new Steps(x0, y0, x1, y1, width, height);
        if (!steps.clip(0, 0, layer.width() - 1L, layer.height() - 1L)) {
            return 0;
        }
        if (steps.stepX >= MAX_WINDOW_STEP || steps.stepY >= MAX_WINDOW_STEP) {
            return walk(steps, (tx, ty) -> visitor.visit(tx, ty, layer.get(tx, ty)));
        }
        final int sx = steps.sx;
        final int sy = steps.sy;
        final long stepX = steps.stepX;
        final long stepY = steps.stepY;
        // per step: e changes by -stepY, plus stepX + stepY on an x step (the mask all ones); the chunk index alike
        final long eX = stepX + stepY;
        final int rowStep = sy << CHUNK_SHIFT;
        final int atX = sx - rowStep;
        final long tiles = steps.tiles;
        long e = steps.e;
        int x = (int) steps.tx;
        int y = (int) steps.ty;
        long left = tiles;
        while (true) {
            int chunkX = x & ~CHUNK_MASK;
            int chunkY = y & ~CHUNK_MASK;
            int[] chunk = chunk(layer, x >> CHUNK_SHIFT, y >> CHUNK_SHIFT);
            int at = (y & CHUNK_MASK) << CHUNK_SHIFT | x & CHUNK_MASK;
            int run = (int) Math.min(left - 1, stepsInside(x & CHUNK_MASK, y & CHUNK_MASK, sx, sy, e, stepX, stepY));
            for (int k = 0; k < run; k++) {
                if (!visitor.visit(chunkX + (at & CHUNK_MASK), chunkY + (at >>> CHUNK_SHIFT), chunk[at])) {
                    return tiles - left + k + 1;
                }
                long xStep = e >> 63;
                e = e - stepY + (eX & xStep);
                at += rowStep + (atX & (int) xStep);
            }
            left -= run;
            x = chunkX + (at & CHUNK_MASK);
            y = chunkY + (at >>> CHUNK_SHIFT);
            if (!visitor.visit(x, y, chunk[at]) || left == 1) {
                return tiles - left + 1;
            }
            // the step out of the chunk
            long xStep = e >> 63;
            e = e - stepY + (eX & xStep);
            x += sx & (int) xStep;
            y += sy & ~(int) xStep;
            left--;
        }
    }

    private static final int CHUNK = TileLayer.CHUNK_SIZE;
    private static final int CHUNK_SHIFT = Integer.numberOfTrailingZeros(CHUNK);
    private static final int CHUNK_MASK = CHUNK - 1;
    /** Steps below this keep e + CHUNK * step within a long in {@link #stepsInside}. */
    private static final long MAX_WINDOW_STEP = 1L << 56;

    /**
     * How many steps the walk takes from tile (x, y) of its chunk before the step that leaves the chunk
     * (Long.MAX_VALUE when it never leaves: no motion at all): whichever edge's step comes first.
     */
    static long stepsInside(int x, int y, int sx, int sy, long e, long stepX, long stepY) {
        // seen from y, -1 - e decides as e does from x (y steps while e >= 0), with the step terms swapped
        return Math.min(stepsBeforeEdge(x, sx, e, stepX, stepY), stepsBeforeEdge(y, sy, -1 - e, stepY, stepX));
    }

    /** Steps taken before the one in this axis that leaves the chunk (its n-th step from column or row c). */
    private static long stepsBeforeEdge(int c, int s, long d, long step, long other) {
        return s == 0 ? Long.MAX_VALUE : stepsBefore(s > 0 ? CHUNK - c : c + 1, d, step, other);
    }

    private static int[] chunk(TileLayer layer, int cx, int cy) {
        int[] chunk = layer.liveChunk(cx, cy);
        return chunk == null ? EMPTY_CHUNK : chunk;
    }

    /**
     * Every tile whose closed square the segment touches: the walk's tiles, plus at a grid vertex crossed exactly
     * the tile beside the step, along a grid line the tiles across it, and at the ends every tile touching the
     * end point. Each tile is visited once.
     *
     * @return the number of tiles visited
     */
    public static long supercover(long x0, long y0, long x1, long y1, long width, long height, Visitor visitor) {
        return supercover(x0, y0, x1, y1, width, height, new Cover(visitor, Integer.MIN_VALUE, Integer.MIN_VALUE,
                Integer.MAX_VALUE, Integer.MAX_VALUE));
    }

    /**
     * {@link #supercover(long, long, long, long, long, long, Visitor)}, visiting only the tiles in the area of
     * {@code columns} x {@code rows} tiles from tile (0, 0); the walk under it starts and ends within one tile of
     * the area (a touched tile lies at most one tile beside the walk).
     *
     * @return the number of tiles visited
     */
    public static long supercover(long x0, long y0, long x1, long y1, long width, long height, int columns, int rows,
                                  Visitor visitor) {
        return supercover(x0, y0, x1, y1, width, height, new Cover(visitor, 0, 0, columns - 1L, rows - 1L));
    }

    private static long supercover(long x0, long y0, long x1, long y1, long width, long height, Cover cover) {
        if (!closure(x0, y0, width, height, cover) || x0 == x1 && y0 == y1) {
            return cover.visited;
        }
        // along a grid line the tiles on the line's other side are touched all the way; floor put the walk on the
        // far side (right, below), so the near side is the one before
        boolean alongX = y0 == y1 && Math.floorMod(y0, height) == 0;
        boolean alongY = x0 == x1 && Math.floorMod(x0, width) == 0;
        Steps steps = new Steps(x0, y0, x1, y1, width, height);
        if (!steps.clip(cover.minX - 1, cover.minY - 1, cover.maxX + 1, cover.maxY + 1)) {
            closure(x1, y1, width, height, cover);
            return cover.visited;
        }
        for (long i = 1; ; i++) {
            long tx = steps.tx;
            long ty = steps.ty;
            if (!cover.visit(tx, ty) || alongY && !cover.visit(tx - 1, ty) || alongX && !cover.visit(tx, ty - 1)) {
                return cover.visited;
            }
            if (i == steps.tiles) {
                break;
            }
            // a vertex crossed exactly: the walk goes round it vertically first, the tile beside is touched too
            if (steps.e == 0 && !cover.visit(tx + steps.sx, ty)) {
                return cover.visited;
            }
            steps.advance();
        }
        closure(x1, y1, width, height, cover);
        return cover.visited;
    }

    /** Visits every tile whose closed square contains the point (1, 2 or 4 tiles), row by row. */
    private static boolean closure(long x, long y, long width, long height, Cover cover) {
        long cx = Math.floorDiv(x, width);
        long cy = Math.floorDiv(y, height);
        long fromX = Math.floorMod(x, width) == 0 ? cx - 1 : cx;
        long fromY = Math.floorMod(y, height) == 0 ? cy - 1 : cy;
        for (long ty = fromY; ty <= cy; ty++) {
            for (long tx = fromX; tx <= cx; tx++) {
                if (!cover.visit(tx, ty)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Passes the tiles in its area on, each once: a tile can come up again only within the last few (at the ends
     * and at vertices).
     */
    private static final class Cover {
        private final Visitor visitor;
        final long minX;
        final long minY;
        final long maxX;
        final long maxY;
        private final long[] recent = new long[8];
        private int next;
        private long visited;

        Cover(Visitor visitor, long minX, long minY, long maxX, long maxY) {
            this.visitor = visitor;
            this.minX = minX;
            this.minY = minY;
            this.maxX = maxX;
            this.maxY = maxY;
            Arrays.fill(recent, Long.MIN_VALUE);
        }

        boolean visit(long tx, long ty) {
            if (tx < minX || tx > maxX || ty < minY || ty > maxY) {
                return true;
            }
            long key = tx << 32 ^ (ty & 0xFFFFFFFFL);
            for (long seen : recent) {
                if (seen == key) {
                    return true;
                }
            }
            recent[next] = key;
            next = (next + 1) % recent.length;
            visited++;
            return visitor.visit((int) tx, (int) ty);
        }
    }
}
