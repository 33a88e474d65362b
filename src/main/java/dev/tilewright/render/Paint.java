package dev.tilewright.render;

import dev.tilewright.core.model.LayerAttributes;

/**
 * How a layer's pixels land on the canvas: its offset (rounded to whole pixels, as unsmoothed drawing lands), its
 * opacity, its tint (straight ARGB, or -1 for none) and its blend mode.
 */
record Paint(int dx, int dy, int alpha, int tint, Blend blend) {

    /** As the tiles are: not offset, opaque, untinted, normal blending. */
    static final Paint PLAIN = new Paint(0, 0, 255, -1);

    Paint(int dx, int dy, int alpha, int tint) {
        this(dx, dy, alpha, tint, Blend.NORMAL);
    }

    static Paint of(LayerAttributes a) {
        return new Paint((int) Math.round(a.offset().dx()), (int) Math.round(a.offset().dy()),
                (int) Math.round(a.opacity() * 255), a.tint() == null ? -1 : Pixels.parseColor(a.tint()),
                Blend.named(a.blendMode()));
    }

    /** This paint with another opacity (0..255). */
    Paint withAlpha(int newAlpha) {
        return new Paint(dx, dy, newAlpha, tint, blend);
    }

    /** A tile pixel drawn onto the canvas at {@code i} with the layer's tint, opacity and blend mode. */
    void plot(int[] dst, int i, int pixel) {
        int shown = tint == -1 ? pixel : tinted(pixel, tint);
        dst[i] = blend.apply(Pixels.fade(shown, alpha), dst[i]);
    }

    /**
     * A tile pixel tinted as Tiled does it: the tile is multiplied (Qt's Multiply, {@code s*d + d*(255-sa)} over
     * 255) onto a fill of the tint premultiplied by its own alpha and treated as opaque, then masked by the tile's
     * alpha. So each channel becomes {@code s * tint * tintAlpha} and the tile keeps its alpha (measured against
     * tmxrasterizer).
     */
    private static int tinted(int pixel, int tint) {
        int ta = tint >>> 24;
        int sa = pixel >>> 24;
        int r = Pixels.mul(multiply((pixel >> 16) & 0xFF, sa, Pixels.mul((tint >> 16) & 0xFF, ta)), sa);
        int g = Pixels.mul(multiply((pixel >> 8) & 0xFF, sa, Pixels.mul((tint >> 8) & 0xFF, ta)), sa);
        int b = Pixels.mul(multiply(pixel & 0xFF, sa, Pixels.mul(tint & 0xFF, ta)), sa);
        return sa << 24 | r << 16 | g << 8 | b;
    }

    private static int multiply(int s, int sa, int d) {
        int t = s * d + d * (255 - sa);
        return Math.min(255, (t + (t >> 8) + 0x80) >> 8);
    }
}
