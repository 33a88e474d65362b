package dev.tilewright.core.query;

import dev.tilewright.core.model.TileLayer;

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
        final long tiles;
        final long endX;
        final long endY;

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
    }

    /**
     * Walks from (x0, y0) to (x1, y1) over cells of width x height, all in fixed-point units.
     *
     * @return the number of tiles visited (the last one included when the visitor stopped there)
     */
    public static long walk(long x0, long y0, long x1, long y1, long width, long height, Visitor visitor) {
        Steps steps = new Steps(x0, y0, x1, y1, width, height);
        for (long i = 1; ; i++) {
            if (!visitor.visit((int) steps.tx, (int) steps.ty) || i == steps.tiles) {
                return i;
            }
            steps.advance();
        }
    }

    /** Receives a layer's tiles in order with their gids (0 off the layer); answers false to stop. */
    @FunctionalInterface
    public interface CellVisitor {
        boolean visit(int tx, int ty, int gid);
    }

    /** What a chunk that was never painted reads as. */
    private static final int[] EMPTY_CHUNK = new int[TileLayer.CHUNK_CELLS];

    /**
     * {@link #walk} over a tile layer, reading each tile's gid (0 off the layer).
     * <p>
     * When the walk stays on the layer (both end tiles on it: the walk is monotone on each axis) it goes chunk by
     * chunk. On entering a chunk it works out exactly how many steps stay inside ({@link #stepsInside}: two integer
     * divisions) and takes them without a branch: the sign of e, as a mask, picks each step's axis, its change of e
     * and its move in the chunk array. The step that leaves the chunk is taken the same way. A walk whose decision
     * term could overflow there (cells times coordinates beyond 2^56) takes the plain walk instead.
     */
    public static long walk(TileLayer layer, long x0, long y0, long x1, long y1, long width, long height,
                            CellVisitor visitor) {
        Steps steps = new Steps(x0, y0, x1, y1, width, height);
        if (!layer.contains(steps.tx, steps.ty) || !layer.contains(steps.endX, steps.endY)
                || steps.stepX >= MAX_WINDOW_STEP || steps.stepY >= MAX_WINDOW_STEP) {
            return walk(x0, y0, x1, y1, width, height,
                    (tx, ty) -> visitor.visit(tx, ty, layer.contains(tx, ty) ? layer.get(tx, ty) : 0));
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

    /**
     * Steps taken before the one in this axis that leaves the chunk: before its n-th step here the walk takes b
     * steps in the other axis, the least b >= 0 with d + (n - 1) step - b other < 0 (d < 0: this axis steps next).
     */
    private static long stepsBeforeEdge(int c, int s, long d, long step, long other) {
        if (s == 0) {
            return Long.MAX_VALUE;
        }
        int n = s > 0 ? CHUNK - c : c + 1;
        long v = d + (n - 1) * step;
        return n - 1 + (v < 0 ? 0 : v / other + 1);
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
        Cover cover = new Cover(visitor);
        if (!closure(x0, y0, width, height, cover) || x0 == x1 && y0 == y1) {
            return cover.visited;
        }
        // along a grid line the tiles on the line's other side are touched all the way; floor put the walk on the
        // far side (right, below), so the near side is the one before
        boolean alongX = y0 == y1 && Math.floorMod(y0, height) == 0;
        boolean alongY = x0 == x1 && Math.floorMod(x0, width) == 0;
        Steps steps = new Steps(x0, y0, x1, y1, width, height);
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

    /** Passes tiles on once: a tile can come up again only within the last few (at the ends and at vertices). */
    private static final class Cover {
        private final Visitor visitor;
        private final long[] recent = new long[8];
        private int next;
        private long visited;

        Cover(Visitor visitor) {
            this.visitor = visitor;
            java.util.Arrays.fill(recent, Long.MIN_VALUE);
        }

        boolean visit(long tx, long ty) {
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
