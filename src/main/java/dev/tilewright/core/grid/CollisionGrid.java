package dev.tilewright.core.grid;

import java.util.Arrays;

/**
 * The computed collision grid: the map divided into elements (a tile is split into whole elements), each one byte
 * of flags. Elements are kept in 64x64 chunks made when first written; an element never written is free. Outside
 * the grid everything is solid, so nothing moves off the map. A {@link #copy()} shares the chunks until either side
 * writes one (copy on write), so a grid that others read is never changed under them.
 */
public final class CollisionGrid {

    /** A box moving right cannot enter the element (its left side is solid). */
    public static final int LEFT = 1;
    /** A box moving left cannot enter. */
    public static final int RIGHT = 2;
    /** A box moving down cannot enter: a floor; alone, a one-way platform. */
    public static final int TOP = 4;
    /** A box moving up cannot enter: a ceiling. */
    public static final int BOTTOM = 8;
    /** Something to stand on: the element's top is solid and the element above has none. Derived. */
    public static final int GROUND = 16;
    /** Free, with nothing to stand on below: a box here falls. Derived. */
    public static final int FLOATING = 32;
    public static final int SOLID = LEFT | RIGHT | TOP | BOTTOM;
    public static final int SIDES = SOLID;

    private static final int CHUNK = 64;

    private final int columns;
    private final int rows;
    private final int elementWidth;
    private final int elementHeight;
    private final int chunksX;
    private final byte[][] chunks;
    /** Whether this grid may write a chunk in place (false: it is shared with a copy). */
    private final boolean[] owned;

    public CollisionGrid(int columns, int rows, int elementWidth, int elementHeight) {
        if (columns < 1 || rows < 1 || elementWidth < 1 || elementHeight < 1) {
            throw new IllegalArgumentException("a grid needs positive sizes, was " + columns + "x" + rows
                    + " elements of " + elementWidth + "x" + elementHeight);
        }
        this.columns = columns;
        this.rows = rows;
        this.elementWidth = elementWidth;
        this.elementHeight = elementHeight;
        this.chunksX = (columns + CHUNK - 1) / CHUNK;
        this.chunks = new byte[chunksX * ((rows + CHUNK - 1) / CHUNK)][];
        this.owned = new boolean[chunks.length];
    }

    private CollisionGrid(CollisionGrid original) {
        this.columns = original.columns;
        this.rows = original.rows;
        this.elementWidth = original.elementWidth;
        this.elementHeight = original.elementHeight;
        this.chunksX = original.chunksX;
        this.chunks = original.chunks.clone();
        this.owned = new boolean[chunks.length];
    }

    /**
     * A copy to change while this one is read: both share their chunks until one is written. Not thread-safe
     * itself: copy a grid that nobody writes any more (one published to readers).
     */
    public CollisionGrid copy() {
        Arrays.fill(owned, false);
        return new CollisionGrid(this);
    }

    /** A grid from its row-major bytes ({@link #toBytes()}). */
    public static CollisionGrid fromBytes(int columns, int rows, int elementWidth, int elementHeight, byte[] bytes) {
        CollisionGrid grid = new CollisionGrid(columns, rows, elementWidth, elementHeight);
        if (bytes.length != (long) columns * rows) {
            throw new IllegalArgumentException("a " + columns + "x" + rows + " grid has " + (long) columns * rows
                    + " bytes, not " + bytes.length);
        }
        for (int ey = 0; ey < rows; ey++) {
            for (int ex = 0; ex < columns; ex++) {
                grid.set(ex, ey, bytes[ey * columns + ex] & 0xFF);
            }
        }
        return grid;
    }

    public int columns() {
        return columns;
    }

    public int rows() {
        return rows;
    }

    public int elementWidth() {
        return elementWidth;
    }

    public int elementHeight() {
        return elementHeight;
    }

    /** The grid's width in pixels. */
    public long pixelWidth() {
        return (long) columns * elementWidth;
    }

    public long pixelHeight() {
        return (long) rows * elementHeight;
    }

    /** The element's flags; outside the grid, {@link #SOLID}. */
    public int get(int ex, int ey) {
        if (ex < 0 || ey < 0 || ex >= columns || ey >= rows) {
            return SOLID;
        }
        byte[] chunk = chunks[(ey / CHUNK) * chunksX + ex / CHUNK];
        return chunk == null ? 0 : chunk[(ey % CHUNK) * CHUNK + ex % CHUNK] & 0xFF;
    }

    public void set(int ex, int ey, int flags) {
        if (ex < 0 || ey < 0 || ex >= columns || ey >= rows) {
            throw new IndexOutOfBoundsException("element " + ex + "," + ey + " is outside the " + columns + "x"
                    + rows + " grid");
        }
        int c = (ey / CHUNK) * chunksX + ex / CHUNK;
        int i = (ey % CHUNK) * CHUNK + ex % CHUNK;
        if (chunks[c] == null) {
            if (flags == 0) {
                return;
            }
            chunks[c] = new byte[CHUNK * CHUNK];
            owned[c] = true;
        } else if (!owned[c]) {
            if (chunks[c][i] == (byte) flags) {
                return;
            }
            chunks[c] = chunks[c].clone();
            owned[c] = true;
        }
        chunks[c][i] = (byte) flags;
    }

    /** The rows of elements as bytes, row-major (for a compact download). */
    public byte[] toBytes() {
        byte[] out = new byte[Math.multiplyExact(columns, rows)];
        for (int ey = 0; ey < rows; ey++) {
            for (int ex = 0; ex < columns; ex++) {
                out[ey * columns + ex] = (byte) get(ex, ey);
            }
        }
        return out;
    }
}
