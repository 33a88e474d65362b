package dev.tilewright.render;

import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.MapObject;

/**
 * A tile image stretched to a size not its own (a tile object resized in Tiled), sampled as Qt 5's raster engine
 * samples an unsmoothed scaled image, which is what Tiled's renderers and tmxrasterizer --no-smoothing draw with: the
 * pixels from the rounded left edge to the rounded right edge (rows alike) each take the source pixel under their
 * centre, stepped in 16.16 fixed point from where the first centre falls, measured from the exact, unrounded edge.
 * Drawn at whole pixels and twice the size this is what sampling from the pixel's corner gives; at halves, or one
 * and a half times the size, it is not. Not matched yet: flipped stretched tile objects, which Qt draws through its
 * transformed fill (measured: a row or column of source pixels off in places), and sizes that are not whole pixels.
 */
final class StretchedTiles {

    private StretchedTiles() {
    }

    /**
     * Where one axis's pixels sample: {@code first} the first pixel drawn, {@code count} how many, {@code base} and
     * {@code step} the 16.16 source position of the first one and the step to the next (the source index is
     * {@code (base + k * step) >>> 16}).
     */
    record Axis(int first, int count, long base, long step, int source) {

        /**
         * @param edge   the image's near edge on the screen (left or top), exact
         * @param size   how long it is drawn there, positive
         * @param source its length in the source image, in pixels
         */
        static Axis of(double edge, double size, int source) {
            double ratio = source / size;
            int first = (int) Math.floor(edge + 0.5);
            int end = (int) Math.floor(edge + size + 0.5);
            long base = (long) Math.ceil((first + 0.5 - edge) * ratio * 65536) - 1;
            return new Axis(first, Math.max(0, end - first), base, (long) (65536 * ratio), source);
        }

        /** The source index of the k-th pixel drawn. */
        int sample(int k) {
            return (int) Math.max(0, Math.min(source - 1, (base + k * step) >> 16));
        }
    }

    /**
     * Whether a tile object is drawn here: unturned is the caller's to say; drawn at a size not its tile's (its exact
     * size, not rounded) and unflipped (a flipped one Qt draws through its transformed fill: not matched yet).
     */
    static boolean stretched(MapObject object, Atlas.Source source, int gid) {
        return Gid.flags(gid) == 0
                && (width(object, source) != source.width() || height(object, source) != source.height());
    }

    private static double width(MapObject object, Atlas.Source source) {
        return object.width() == 0 ? source.width() : object.width();
    }

    private static double height(MapObject object, Atlas.Source source) {
        return object.height() == 0 ? source.height() : object.height();
    }

    /**
     * Draws {@code source}, unflipped, over the screen box from (left, top) of the object's exact size, clipped to the
     * view.
     */
    static void draw(Pixels canvas, ViewWindow view, Atlas.Source source, double left, double top, MapObject object,
                     Paint paint) {
        double width = width(object, source);
        double height = height(object, source);
        Axis across = Axis.of(left, width, source.width());
        Axis down = Axis.of(top, height, source.height());
        int x0 = Math.max(across.first(), view.x());
        int x1 = Math.min(across.first() + across.count(), view.x() + view.width());
        int y0 = Math.max(down.first(), view.y());
        int y1 = Math.min(down.first() + down.count(), view.y() + view.height());
        int[] src = source.image().argb();
        int stride = source.image().width();
        int[] dst = canvas.argb();
        for (int py = y0; py < y1; py++) {
            int v = down.sample(py - down.first());
            int row = (py - view.y()) * view.width() - view.x();
            int from = (source.y() + v) * stride + source.x();
            for (int px = x0; px < x1; px++) {
                int pixel = src[from + across.sample(px - across.first())];
                if (pixel != 0) {
                    paint.plot(dst, row + px, pixel);
                }
            }
        }
    }
}
