package dev.tilewright.core.query;

import dev.tilewright.core.geom.TileRect;

/**
 * Which tiles an area covers, exactly, on fixed-point coordinates (see {@link Fixed}) over cells of width x height.
 */
public final class TileSpans {

    /** Receives one row's run of tiles, first to last inclusive. */
    @FunctionalInterface
    public interface Row {
        void span(int ty, int firstTx, int lastTx);
    }

    private TileSpans() {
    }

    /**
     * The tiles a box overlaps: the box is [min, max) on each axis with corners in any order; an axis of zero
     * extent is the floor tile of that coordinate (so a point is its one tile). Not clipped.
     */
    public static TileRect box(long xa, long ya, long xb, long yb, long width, long height) {
        long x0 = Math.floorDiv(Math.min(xa, xb), width);
        long y0 = Math.floorDiv(Math.min(ya, yb), height);
        long x1 = xa == xb ? x0 : Math.floorDiv(Math.max(xa, xb) - 1, width);
        long y1 = ya == yb ? y0 : Math.floorDiv(Math.max(ya, yb) - 1, height);
        return new TileRect(Math.toIntExact(x0), Math.toIntExact(y0), Math.toIntExact(x1 - x0 + 1),
                Math.toIntExact(y1 - y0 + 1));
    }

    /**
     * The tiles whose closed square meets the closed disc, row by row (top first) within {@code clip}: per row the
     * first and the last such tile are found (estimated, then settled exactly with 128-bit arithmetic), every tile
     * between them meets the disc too; inner tiles are never tested one by one.
     *
     * @return the number of tiles
     */
    public static long circle(long cx, long cy, long r, long width, long height, TileRect clip, Row row) {
        long count = 0;
        long top = Math.max(clip.y(), Math.floorDiv(cy - r, height) - 1);
        long bottom = Math.min(clip.bottom() - 1, Math.floorDiv(cy + r, height) + 1);
        for (long ty = top; ty <= bottom; ty++) {
            long dy = Math.max(0, Math.max(ty * height - cy, cy - (ty + 1) * height));
            if (!within(0, dy, r)) {
                continue;
            }
            double half = Math.sqrt(Math.max(0, (double) r * r - (double) dy * dy));
            long first = (long) Math.ceil((cx - half) / width) - 1;
            while (touches(first - 1, cx, dy, r, width)) {
                first--;
            }
            while (!touches(first, cx, dy, r, width)) {
                first++;
            }
            long last = (long) Math.floor((cx + half) / width);
            while (touches(last + 1, cx, dy, r, width)) {
                last++;
            }
            while (!touches(last, cx, dy, r, width)) {
                last--;
            }
            first = Math.max(first, clip.x());
            last = Math.min(last, clip.right() - 1);
            if (first <= last) {
                row.span((int) ty, (int) first, (int) last);
                count += last - first + 1;
            }
        }
        return count;
    }

    /** Whether tile column tx of a row at vertical distance dy meets the disc. */
    private static boolean touches(long tx, long cx, long dy, long r, long width) {
        long dx = Math.max(0, Math.max(tx * width - cx, cx - (tx + 1) * width));
        return within(dx, dy, r);
    }

    /** dx^2 + dy^2 <= r^2, exactly, for non-negative values below 2^62. */
    static boolean within(long dx, long dy, long r) {
        long lowX = dx * dx;
        long lowY = dy * dy;
        long low = lowX + lowY;
        long high = Math.multiplyHigh(dx, dx) + Math.multiplyHigh(dy, dy) + (Long.compareUnsigned(low, lowX) < 0 ? 1 : 0);
        long highR = Math.multiplyHigh(r, r);
        long lowR = r * r;
        return high < highR || high == highR && Long.compareUnsigned(low, lowR) <= 0;
    }
}
