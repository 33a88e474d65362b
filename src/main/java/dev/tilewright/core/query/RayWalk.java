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
        return p == cell * size && s < 0 ? cell - 1 : cell;
    }

    /** The tile holding coordinate p just before it, moving in direction s (the one before the line if s > 0). */
    static long endCell(long p, long size, int s) {
        long cell = Math.floorDiv(p, size);
        return p == cell * size && s > 0 ? cell - 1 : cell;
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
            long distX = sx == 0 ? width : distance(x0 - tx * width, width, sx);
            long distY = sy == 0 ? height : distance(y0 - ty * height, height, sy);
            e = distX * ady - distY * adx;
            stepX = width * ady;
            stepY = height * adx;
        }

        /**
         * The distance to the next grid line in direction s (not 0) from offset m into the start cell (m is the
         * cell's size for a start on its far line moving down): size - m moving up, m moving down. Without a branch
         * on s, which varies from ray to ray.
         */
        private static long distance(long m, long size, int s) {
            long up = size - m;
            return up ^ ((up ^ m) & (s >> 31));
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
            if (within(minX, minY, maxX, maxY)) {
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

        /** Whether the whole walk lies in columns minX..maxX and rows minY..maxY (then clipping changes nothing). */
        boolean within(long minX, long minY, long maxX, long maxY) {
            return tx >= minX && tx <= maxX && ty >= minY && ty <= maxY
                    && endX >= minX && endX <= maxX && endY >= minY && endY <= maxY;
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

    /**
     * Four steps of a walk at once, each tile among them found from e without the ones before it: no chain of
     * decisions, so the steps of a block are worked out side by side.
     * <p>
     * e stays in [-stepY, stepX): an x step (e < 0) adds stepX, a y step (e >= 0) takes stepY. After j steps with n
     * in x it is {@code e + n (stepX + stepY) - j stepY}, still in that range, which leaves one n: the x steps among
     * the next j are {@code ceil(((j - 1) stepY - e) / (stepX + stepY))}. Over the range of e that takes two
     * neighbouring values, b_j (for the largest e, counted by walking from it) and b_j + 1 when {@code e < t_j},
     * {@code t_j = (j - 1) stepY - b_j (stepX + stepY)}. Four steps move e by {@code d4}, plus stepX + stepY when
     * e < t_4. A walk without x motion (stepY 0) keeps e at stepX, just out of range, but there every t_j is 0 and
     * b_j 0: y steps only, as it should. For steps below {@link #MAX_WINDOW_STEP}, where nothing leaves a long.
     */
    static final class Quad {
        final int b1;
        final int b2;
        final int b3;
        final int b4;
        final long t1;
        final long t2;
        final long t3;
        final long t4;
        final long d4;

        Quad(long stepX, long stepY) {
            long eX = stepX + stepY;
            long f = stepX - 1;
            b1 = (int) (f >>> 63);
            f = f - stepY + (eX & (f >> 63));
            b2 = b1 + (int) (f >>> 63);
            f = f - stepY + (eX & (f >> 63));
            b3 = b2 + (int) (f >>> 63);
            f = f - stepY + (eX & (f >> 63));
            b4 = b3 + (int) (f >>> 63);
            t1 = -b1 * eX;
            t2 = stepY - b2 * eX;
            t3 = 2 * stepY - b3 * eX;
            t4 = 3 * stepY - b4 * eX;
            d4 = b4 * eX - 4 * stepY;
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
     * ({@link #stepsInside}) and takes them four at a time ({@link Quad}): each block's tiles are found from e at
     * once, as offsets into the chunk array, read, and then visited in order. The last few steps in the chunk and the
     * one that leaves it are taken one by one, the sign of e as a mask picking the axis. A walk whose decision term
     * could overflow there (cells times coordinates beyond 2^56) takes the plain walk instead.
     */
    public static long walk(TileLayer layer, long x0, long y0, long x1, long y1, long width, long height,
                            CellVisitor visitor) {
        // a walk inside the layer is taken from a Steps that never leaves this method (no allocation per ray)
        Steps steps = new Steps(x0, y0, x1, y1, width, height);
        if (steps.stepX >= MAX_WINDOW_STEP || steps.stepY >= MAX_WINDOW_STEP
                || !steps.within(0, 0, layer.width() - 1L, layer.height() - 1L)) {
            return walkClipped(layer, x0, y0, x1, y1, width, height, visitor);
        }
        return walkChunks(layer, steps.tx, steps.ty, steps.e, steps.sx, steps.sy, steps.stepX,
                steps.stepY, steps.tiles, visitor);
    }

    /** {@link #walk(TileLayer, long, long, long, long, long, long, CellVisitor)} of a walk not wholly on the layer. */
    private static long walkClipped(TileLayer layer, long x0, long y0, long x1, long y1, long width, long height,
                                    CellVisitor visitor) {
        Steps steps = new Steps(x0, y0, x1, y1, width, height);
        if (!steps.clip(0, 0, layer.width() - 1L, layer.height() - 1L)) {
            return 0;
        }
        if (steps.stepX >= MAX_WINDOW_STEP || steps.stepY >= MAX_WINDOW_STEP) {
            return walk(steps, (tx, ty) -> visitor.visit(tx, ty, layer.get(tx, ty)));
        }
        return walkChunks(layer, steps.tx, steps.ty, steps.e, steps.sx, steps.sy, steps.stepX,
                steps.stepY, steps.tiles, visitor);
    }

    /** The chunk walk from tile (tx, ty) with decision term e, taking {@code tiles} tiles, all on the layer. */
    private static long walkChunks(TileLayer layer, long tx, long ty, long e, int sx, int sy, long stepX,
                                   long stepY, long tiles, CellVisitor visitor) {
        // per step: e changes by -stepY, plus eX on an x step; the chunk index by rowStep, plus atX on an x step
        final long eX = stepX + stepY;
        final int rowStep = sy << CHUNK_SHIFT;
        final int atX = sx - rowStep;
        final Quad q = new Quad(stepX, stepY);
        // the chunk index j steps on with b_j x steps (o_j) or one more (p_j)
        final long t1 = q.t1;
        final long t2 = q.t2;
        final long t3 = q.t3;
        final long t4 = q.t4;
        final long d4 = q.d4;
        final int o1 = rowStep + q.b1 * atX;
        final int o2 = 2 * rowStep + q.b2 * atX;
        final int o3 = 3 * rowStep + q.b3 * atX;
        final int o4 = 4 * rowStep + q.b4 * atX;
        final int p1 = o1 + atX;
        final int p2 = o2 + atX;
        final int p3 = o3 + atX;
        int x = (int) tx;
        int y = (int) ty;
        // tiles still to visit, the current one included
        long left = tiles;
        while (true) {
            int chunkX = x & ~CHUNK_MASK;
            int chunkY = y & ~CHUNK_MASK;
            int[] chunk = chunk(layer, x >> CHUNK_SHIFT, y >> CHUNK_SHIFT);
            int at = (y & CHUNK_MASK) << CHUNK_SHIFT | x & CHUNK_MASK;
            int run = (int) Math.min(left - 1, stepsInside(x & CHUNK_MASK, y & CHUNK_MASK, sx, sy, e, stepX, stepY));
            int k = 0;
            // Blocks whose four steps stay in the chunk. Two tiles are read before they are visited: reading all
            // four first is slower when the visitor checks, reading one at a time when it writes (its write cannot
            // be dropped before a read that may fail its index check). The visitor is called here, not through a
            // helper: a helper's one call site shares its type profile, which C2 sometimes compiles without, and
            // then every tile is a virtual call (a third of JMH forks ran 3x slower that way).
            for (; k < run - 3; k += 4) {
                int a1 = at + (e < t1 ? p1 : o1);
                int a2 = at + (e < t2 ? p2 : o2);
                int a3 = at + (e < t3 ? p3 : o3);
                long m = (e - t4) >> 63;
                int g0 = chunk[at];
                int g1 = chunk[a1];
                if (!visitor.visit(chunkX + (at & CHUNK_MASK), chunkY + (at >>> CHUNK_SHIFT), g0)) {
                    return tiles - left + k + 1;
                }
                if (!visitor.visit(chunkX + (a1 & CHUNK_MASK), chunkY + (a1 >>> CHUNK_SHIFT), g1)) {
                    return tiles - left + k + 2;
                }
                int g2 = chunk[a2];
                int g3 = chunk[a3];
                if (!visitor.visit(chunkX + (a2 & CHUNK_MASK), chunkY + (a2 >>> CHUNK_SHIFT), g2)) {
                    return tiles - left + k + 3;
                }
                if (!visitor.visit(chunkX + (a3 & CHUNK_MASK), chunkY + (a3 >>> CHUNK_SHIFT), g3)) {
                    return tiles - left + k + 4;
                }
                at += o4 + (atX & (int) m);
                e += d4 + (eX & m);
            }
            for (; k < run; k++) {
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
     * (Long.MAX_VALUE when it never leaves: no motion at all): whichever edge's step comes first. Without a branch
     * on the direction or on which edge comes first: a walk crosses chunks often, and which way it goes and which
     * edge it meets next vary from ray to ray, so such branches are mispredicted.
     */
    static long stepsInside(int x, int y, int sx, int sy, long e, long stepX, long stepY) {
        // seen from y, -1 - e decides as e does from x (y steps while e >= 0), with the step terms swapped
        long byX = sx == 0 ? Long.MAX_VALUE : stepsBeforeEdge(x, sx, e, stepX, stepY);
        long byY = sy == 0 ? Long.MAX_VALUE : stepsBeforeEdge(y, sy, -1 - e, stepY, stepX);
        long d = byX - byY;
        return byY + (d & (d >> 63));
    }

    /**
     * Steps taken before the one in this axis (s != 0) that leaves the chunk: {@link #stepsBefore} for its n-th step
     * from column or row c, n = CHUNK - c moving up (c ^ CHUNK_MASK is CHUNK - 1 - c) and c + 1 moving down. d is at
     * least -other (e is at least -stepY, -1 - e at least -stepX), so {@code d + (n - 1) step + other} is not
     * negative, and divided by other it is the other axis' steps before: 0 where {@code d + (n - 1) step} is below 0.
     * (A walk without x motion keeps e at stepX, one more: there the sum is -1 and the quotient still 0.)
     */
    private static long stepsBeforeEdge(int c, int s, long d, long step, long other) {
        int before = c ^ (CHUNK_MASK & ~(s >> 31));
        return before + (d + before * step + other) / other;
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
