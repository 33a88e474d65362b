package dev.tilewright.core.query;

import dev.tilewright.core.refusal.Refused;

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

    /**
     * Map pixels (along an axis of {@code tilesAcross} tiles of {@code tileSize} px) to fixed point, refused
     * (naming {@code field}) beyond {@code margin} tiles around the map.
     */
    public static long within(double pixels, int tilesAcross, int tileSize, int margin, String field) {
        double reach = (double) (tilesAcross + margin) * tileSize;
        double least = -(double) margin * tileSize;
        if (!(pixels >= least && pixels <= reach)) {
            throw Refused.invalidField(field, field + " lies too far outside the map: keep within "
                    + margin + " tiles of it (tilewright.query.margin-tiles).");
        }
        return of(pixels);
    }

    /** Fixed-point units back to pixels. */
    public static double toPixels(double units) {
        return units / ONE;
    }
}
