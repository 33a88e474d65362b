package dev.tilewright.core.query;

/**
 * Fixed-point coordinates for exact queries: a world pixel is {@value #ONE} units, so a position is taken to the
 * nearest 1/256 of a pixel once, on the way in, and every decision after that is exact integer arithmetic.
 */
public final class Fixed {

    /** Units per pixel. */
    public static final int ONE = 256;

    private Fixed() {
    }

    /** A pixel coordinate (finite, checked by the caller to lie within a sane range) in fixed-point units. */
    public static long of(double pixels) {
        return Math.round(pixels * ONE);
    }

    /** Fixed-point units back to pixels. */
    public static double toPixels(double units) {
        return units / ONE;
    }
}
