package dev.tilewright.core.geom;

/**
 * A rectangle of whole tiles: columns {@code x .. x+width-1}, rows {@code y .. y+height-1}. Width and height are
 * never negative; an empty rectangle has a zero side.
 */
public record TileRect(int x, int y, int width, int height) {

    public TileRect {
        if (width < 0 || height < 0) {
            throw new IllegalArgumentException("tile rectangle size must not be negative, was " + width + "x" + height);
        }
    }

    /** The rectangle spanned by two corner tiles given in any order, both included. */
    public static TileRect spanning(TileCoord a, TileCoord b) {
        int x0 = Math.min(a.x(), b.x());
        int y0 = Math.min(a.y(), b.y());
        return new TileRect(x0, y0, Math.max(a.x(), b.x()) - x0 + 1, Math.max(a.y(), b.y()) - y0 + 1);
    }

    public boolean isEmpty() {
        return width == 0 || height == 0;
    }

    /** Exclusive right edge, computed in long so rectangles near the int range do not overflow. */
    public long right() {
        return (long) x + width;
    }

    public long bottom() {
        return (long) y + height;
    }

    public long area() {
        return (long) width * height;
    }

    public boolean contains(int tx, int ty) {
        return tx >= x && ty >= y && tx < right() && ty < bottom();
    }

    public boolean contains(TileRect other) {
        return other.x >= x && other.y >= y && other.right() <= right() && other.bottom() <= bottom();
    }

    /** The overlap of both rectangles; empty (at this rectangle's origin) when they do not overlap. */
    public TileRect intersection(TileRect other) {
        long x0 = Math.max(x, other.x);
        long y0 = Math.max(y, other.y);
        long x1 = Math.min(right(), other.right());
        long y1 = Math.min(bottom(), other.bottom());
        if (x1 <= x0 || y1 <= y0) {
            return new TileRect(x, y, 0, 0);
        }
        return new TileRect((int) x0, (int) y0, (int) (x1 - x0), (int) (y1 - y0));
    }
}
