package dev.tilewright.render;

import java.util.Locale;

/**
 * How a layer's pixels combine with what is below them: Tiled 1.12's blend modes, which are Qt's composition modes
 * (the separable ones of the W3C compositing spec) on premultiplied ARGB. Normal is source-over, exactly as before;
 * the others are computed in doubles and rounded to bytes. The result's alpha is {@code Sa + Da - Sa*Da} for every
 * mode but add, which saturates both colour and alpha.
 */
enum Blend {
    NORMAL, ADD, MULTIPLY, SCREEN, OVERLAY, DARKEN, LIGHTEN, COLOR_DODGE, COLOR_BURN, HARD_LIGHT, SOFT_LIGHT,
    DIFFERENCE, EXCLUSION;

    /** The mode Tiled names so ({@code color-dodge}, ...); normal for a name it does not have. */
    static Blend named(String mode) {
        if (mode == null) {
            return NORMAL;
        }
        try {
            return valueOf(mode.replace('-', '_').toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return NORMAL;
        }
    }

    /** A premultiplied source pixel combined with a premultiplied destination pixel. */
    int apply(int src, int dst) {
        if (this == NORMAL) {
            return Pixels.over(src, dst);
        }
        int sa = src >>> 24;
        if (sa == 0) {
            return dst;
        }
        int da = dst >>> 24;
        if (this == ADD) {
            return Math.min(255, sa + da) << 24 | Math.min(255, ((src >> 16) & 0xFF) + ((dst >> 16) & 0xFF)) << 16
                    | Math.min(255, ((src >> 8) & 0xFF) + ((dst >> 8) & 0xFF)) << 8
                    | Math.min(255, (src & 0xFF) + (dst & 0xFF));
        }
        double a = sa / 255.0;
        double b = da / 255.0;
        int alpha = (int) Math.round((a + b - a * b) * 255);
        int r = channel((src >> 16) & 0xFF, (dst >> 16) & 0xFF, a, b);
        int g = channel((src >> 8) & 0xFF, (dst >> 8) & 0xFF, a, b);
        int bl = channel(src & 0xFF, dst & 0xFF, a, b);
        return alpha << 24 | Math.min(r, alpha) << 16 | Math.min(g, alpha) << 8 | Math.min(bl, alpha);
    }

    /** One premultiplied channel: s and d in bytes, sa and da the alphas in 0..1. */
    private int channel(int sByte, int dByte, double sa, double da) {
        double s = sByte / 255.0;
        double d = dByte / 255.0;
        double outside = s * (1 - da) + d * (1 - sa);
        double mixed = switch (this) {
            case MULTIPLY -> s * d;
            case SCREEN -> s * da + d * sa - s * d;
            case OVERLAY -> hardLight(d, s, da, sa);
            case DARKEN -> Math.min(s * da, d * sa);
            case LIGHTEN -> Math.max(s * da, d * sa);
            case COLOR_DODGE -> s * da + d * sa >= sa * da ? sa * da : d * sa * sa / (sa - s);
            case COLOR_BURN -> s * da + d * sa <= sa * da ? 0 : sa * (s * da + d * sa - sa * da) / s;
            case HARD_LIGHT -> hardLight(s, d, sa, da);
            case SOFT_LIGHT -> softLight(s, d, sa, da);
            case DIFFERENCE -> s * da + d * sa - 2 * Math.min(s * da, d * sa);
            case EXCLUSION -> s * da + d * sa - 2 * s * d;
            case NORMAL, ADD -> throw new IllegalStateException("not separable: " + this);
        };
        return (int) Math.round(Math.max(0, Math.min(1, mixed + outside)) * 255);
    }

    /** Hard light of premultiplied s over d, without the parts outside either (overlay is it with s and d swapped). */
    private static double hardLight(double s, double d, double sa, double da) {
        return 2 * s < sa ? 2 * s * d : sa * da - 2 * (da - d) * (sa - s);
    }

    private static double softLight(double s, double d, double sa, double da) {
        if (da == 0) {
            return 0;
        }
        double m = d / da;
        if (2 * s < sa) {
            return d * (sa + (2 * s - sa) * (1 - m));
        }
        if (4 * d <= da) {
            return d * sa + da * (2 * s - sa) * ((16 * m - 12) * m + 3) * m;
        }
        return d * sa + da * (2 * s - sa) * (Math.sqrt(m) - m);
    }
}
