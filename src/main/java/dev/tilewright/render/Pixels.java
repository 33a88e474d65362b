package dev.tilewright.render;

/**
 * A block of pixels as premultiplied ARGB ints, row-major, plus the compositing rules the renderer uses. The
 * arithmetic follows Qt's for premultiplied ARGB32 (what Tiled draws with): x * a / 255 rounded as
 * {@code (t + (t >> 8) + 0x80) >> 8}.
 */
public record Pixels(int width, int height, int[] argb) {

    public Pixels {
        if (width < 0 || height < 0 || argb.length != width * height) {
            throw new IllegalArgumentException("pixels " + width + "x" + height + " need " + width * height + " values");
        }
    }

    public static Pixels blank(int width, int height) {
        return new Pixels(width, height, new int[Math.multiplyExact(width, height)]);
    }

    /** A copy of a window of these pixels (inside them). */
    public Pixels window(ViewWindow view) {
        Pixels out = blank(view.width(), view.height());
        for (int row = 0; row < view.height(); row++) {
            System.arraycopy(argb, (view.y() + row) * width + view.x(), out.argb, row * view.width(), view.width());
        }
        return out;
    }

    /** These pixels each drawn as a {@code scale} x {@code scale} square (themselves at scale 1). */
    public Pixels scaled(int scale) {
        if (scale == 1) {
            return this;
        }
        int wide = width * scale;
        Pixels out = blank(wide, height * scale);
        int[] dst = out.argb;
        for (int y = 0; y < height; y++) {
            int row = y * scale * wide;
            for (int x = 0; x < width; x++) {
                java.util.Arrays.fill(dst, row + x * scale, row + x * scale + scale, argb[y * width + x]);
            }
            for (int copy = 1; copy < scale; copy++) {
                System.arraycopy(dst, row, dst, row + copy * wide, wide);
            }
        }
        return out;
    }

    /** Multiplies a byte by a byte, divided by 255, rounded as Qt does. */
    static int mul(int x, int a) {
        int t = x * a;
        return (t + (t >> 8) + 0x80) >> 8;
    }

    /** Premultiplied source over premultiplied destination. */
    static int over(int src, int dst) {
        int sa = src >>> 24;
        if (sa == 255) {
            return src;
        }
        if (sa == 0) {
            return dst;
        }
        int inv = 255 - sa;
        int a = sa + mul(dst >>> 24, inv);
        int r = ((src >> 16) & 0xFF) + mul((dst >> 16) & 0xFF, inv);
        int g = ((src >> 8) & 0xFF) + mul((dst >> 8) & 0xFF, inv);
        int b = (src & 0xFF) + mul(dst & 0xFF, inv);
        return a << 24 | r << 16 | g << 8 | b;
    }

    /**
     * Draws {@code src} over these pixels with its top-left corner at ({@code dx}, {@code dy}); inside {@code under}
     * (a rectangle x, y, width, height in these pixels; null: none) the colour {@code underArgb} (straight ARGB) is
     * laid first, below {@code src} (a map's background within the map, in a world).
     */
    void drawOver(Pixels src, int dx, int dy, int[] under, int underArgb) {
        int fill = premultiply(underArgb);
        for (int y = Math.max(0, dy); y < Math.min(height, dy + src.height); y++) {
            for (int x = Math.max(0, dx); x < Math.min(width, dx + src.width); x++) {
                int i = y * width + x;
                int dst = argb[i];
                if (under != null && x >= under[0] && x < under[0] + under[2] && y >= under[1]
                        && y < under[1] + under[3]) {
                    dst = over(fill, dst);
                }
                argb[i] = over(src.argb[(y - dy) * src.width + (x - dx)], dst);
            }
        }
    }

    /** Every channel of a premultiplied pixel scaled by {@code alpha} / 255 (layer opacity). */
    static int fade(int pixel, int alpha) {
        if (alpha == 255) {
            return pixel;
        }
        return mul(pixel >>> 24, alpha) << 24 | mul((pixel >> 16) & 0xFF, alpha) << 16
                | mul((pixel >> 8) & 0xFF, alpha) << 8 | mul(pixel & 0xFF, alpha);
    }

    /** A colour as Tiled writes it, {@code #rrggbb} or {@code #aarrggbb}, as straight ARGB. */
    static int parseColor(String color) {
        String hex = color.startsWith("#") ? color.substring(1) : color;
        return hex.length() == 6 ? 0xFF000000 | Integer.parseInt(hex, 16) : (int) Long.parseLong(hex, 16);
    }

    static int premultiply(int argb) {
        int a = argb >>> 24;
        if (a == 255) {
            return argb;
        }
        if (a == 0) {
            return 0;
        }
        return a << 24 | mul((argb >> 16) & 0xFF, a) << 16 | mul((argb >> 8) & 0xFF, a) << 8 | mul(argb & 0xFF, a);
    }

    static int unpremultiply(int pixel) {
        int a = pixel >>> 24;
        if (a == 255 || a == 0) {
            return a == 0 ? 0 : pixel;
        }
        int r = Math.min(255, (((pixel >> 16) & 0xFF) * 255 + a / 2) / a);
        int g = Math.min(255, (((pixel >> 8) & 0xFF) * 255 + a / 2) / a);
        int b = Math.min(255, ((pixel & 0xFF) * 255 + a / 2) / a);
        return a << 24 | r << 16 | g << 8 | b;
    }

    /** The pixels as plain (not premultiplied) ARGB, as images are stored. */
    public int[] straight() {
        int[] out = new int[argb.length];
        for (int i = 0; i < argb.length; i++) {
            out[i] = unpremultiply(argb[i]);
        }
        return out;
    }
}
