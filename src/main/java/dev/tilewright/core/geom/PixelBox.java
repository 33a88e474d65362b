package dev.tilewright.core.geom;

/**
 * A rectangle of whole pixels on the screen of a map (tile (0,0)'s cell starts at (0,0) on an orthogonal map):
 * columns {@code x .. x+width-1}, rows {@code y .. y+height-1}. Sides are never negative; long so that a map's
 * bounds and boxes near them do not overflow.
 */
public record PixelBox(long x, long y, long width, long height) {

    public PixelBox {
        if (width < 0 || height < 0) {
            throw new IllegalArgumentException("pixel box size must not be negative, was " + width + "x" + height);
        }
    }

    public long right() {
        return x + width;
    }

    public long bottom() {
        return y + height;
    }

    public boolean isEmpty() {
        return width == 0 || height == 0;
    }

    /** Whether this box reaches past {@code bounds} on any side. */
    public boolean reachesPast(PixelBox bounds) {
        return x < bounds.x || y < bounds.y || right() > bounds.right() || bottom() > bounds.bottom();
    }

    /** This box grown by the given pixels on each side (a negative amount shrinks it, never below empty). */
    public PixelBox grown(long left, long top, long rightBy, long bottomBy) {
        return new PixelBox(x - left, y - top, Math.max(0, width + left + rightBy), Math.max(0, height + top + bottomBy));
    }
}
