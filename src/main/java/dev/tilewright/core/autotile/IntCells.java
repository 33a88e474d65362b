package dev.tilewright.core.autotile;

/** An IntGrid as the rules read it: small non-negative integers per cell, 0 empty. */
public interface IntCells {

    int width();

    int height();

    /** The value at a cell inside the grid. */
    int value(int x, int y);

    /** A grid held in a row-major array (not copied). */
    static IntCells of(int width, int height, int[] cells) {
        if (cells.length != (long) width * height) {
            throw new IllegalArgumentException(width + "x" + height + " cells need " + (long) width * height
                    + " values, not " + cells.length);
        }
        return new IntCells() {
            @Override
            public int width() {
                return width;
            }

            @Override
            public int height() {
                return height;
            }

            @Override
            public int value(int x, int y) {
                return cells[y * width + x];
            }
        };
    }
}
