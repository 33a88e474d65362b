package dev.tilewright.core.history;

import java.util.HashMap;
import java.util.Map;

/**
 * A set of cells of one layer, as bitmaps of 64x64 cells made as cells are added (a whole 4096x4096 layer takes
 * 2 MiB). Rectangles are added and removed a row of 64 cells at a time.
 */
final class CellSet {

    private static final int SHIFT = 6;
    private static final int SIZE = 1 << SHIFT;
    private static final int MASK = SIZE - 1;

    /** Chunk key to its rows, one long per row of 64 cells (bit c for column c). */
    private final Map<Long, long[]> chunks = new HashMap<>();

    private static long key(int cx, int cy) {
        return ((long) cx << 32) | (cy & 0xffffffffL);
    }

    void add(int x, int y) {
        chunks.computeIfAbsent(key(x >> SHIFT, y >> SHIFT), k -> new long[SIZE])[y & MASK] |= 1L << (x & MASK);
    }

    void remove(int x, int y) {
        long[] rows = chunks.get(key(x >> SHIFT, y >> SHIFT));
        if (rows != null) {
            rows[y & MASK] &= ~(1L << (x & MASK));
        }
    }

    /** Adds (or removes) every cell of a rectangle; returns the rows of chunks it went through (the work done). */
    long rect(int x, int y, int width, int height, boolean add) {
        long work = 0;
        for (int row = y; row < y + height; row++) {
            int column = x;
            int end = x + width;
            while (column < end) {
                int inChunk = column & MASK;
                int take = Math.min(SIZE - inChunk, end - column);
                long bits = (take == SIZE ? -1L : ((1L << take) - 1)) << inChunk;
                long key = key(column >> SHIFT, row >> SHIFT);
                if (add) {
                    chunks.computeIfAbsent(key, k -> new long[SIZE])[row & MASK] |= bits;
                } else {
                    long[] rows = chunks.get(key);
                    if (rows != null) {
                        rows[row & MASK] &= ~bits;
                    }
                }
                column += take;
                work++;
            }
        }
        return work;
    }

    long size() {
        long count = 0;
        for (long[] rows : chunks.values()) {
            for (long row : rows) {
                count += Long.bitCount(row);
            }
        }
        return count;
    }
}
