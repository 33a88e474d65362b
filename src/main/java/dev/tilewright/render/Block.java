package dev.tilewright.render;

/**
 * A rendered block of tile layers as {@link TileBlocks} keeps it: its pixels as one byte each, an index into at most
 * 256 colours (premultiplied ARGB; tile art's usual case, a quarter of the bytes), or as they are when it has more.
 * Immutable once made.
 */
final class Block {

    private final int width;
    private final int height;
    private final int[] colours; // null: the pixels are kept as they are
    private final byte[] indices;
    private final int[] argb;

    private Block(int width, int height, int[] colours, byte[] indices, int[] argb) {
        this.width = width;
        this.height = height;
        this.colours = colours;
        this.indices = indices;
        this.argb = argb;
    }

    /** The block of these pixels (which it takes over: the caller does not change them after). */
    static Block of(Pixels pixels) {
        int[] argb = pixels.argb();
        byte[] indices = new byte[argb.length];
        Colours table = new Colours();
        int last = 0;
        int lastIndex = -1;
        for (int i = 0; i < argb.length; i++) {
            int pixel = argb[i];
            if (pixel != last || lastIndex < 0) {
                lastIndex = table.indexOf(pixel);
                if (lastIndex < 0) {
                    return new Block(pixels.width(), pixels.height(), null, null, argb);
                }
                last = pixel;
            }
            indices[i] = (byte) lastIndex;
        }
        return new Block(pixels.width(), pixels.height(), table.toArray(), indices, null);
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    /** The premultiplied pixel at {@code i} (row-major). */
    int pixel(int i) {
        return colours != null ? colours[indices[i] & 0xFF] : argb[i];
    }

    /** Whether the block is kept as indices ({@link #colours()}, {@link #indices()}). */
    boolean indexed() {
        return colours != null;
    }

    /** Its colours (indexed blocks only); not to be changed. */
    int[] colours() {
        return colours;
    }

    /** Its pixels as indices into {@link #colours()}, row-major (indexed blocks only); not to be changed. */
    byte[] indices() {
        return indices;
    }

    /** Bytes it holds. */
    long bytes() {
        return 64 + (colours != null ? indices.length + 4L * colours.length : 4L * argb.length);
    }
}
