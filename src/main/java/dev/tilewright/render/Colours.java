package dev.tilewright.render;

import java.util.Arrays;

/**
 * Distinct pixels, each given the next index (0..255) as first met: the palette of an indexed image. Full at
 * {@value #MAX}. An open-addressed table four times the palette's size keeps probes short.
 */
final class Colours {

    /** A palette has at most this many colours (8-bit indices). */
    static final int MAX = 256;
    private static final int SLOTS = 1024;

    private final int[] keys = new int[SLOTS];
    private final short[] slots = new short[SLOTS]; // 0: empty, else index + 1
    private final int[] colours = new int[MAX];
    private int count;

    /** The colour's index, given one if new; -1 when it is new and the table is full. */
    int indexOf(int colour) {
        int slot = (colour * 0x9E3779B9) >>> 22;
        while (slots[slot] != 0 && keys[slot] != colour) {
            slot = (slot + 1) & (SLOTS - 1);
        }
        if (slots[slot] == 0) {
            if (count == MAX) {
                return -1;
            }
            keys[slot] = colour;
            colours[count] = colour;
            slots[slot] = (short) ++count;
        }
        return slots[slot] - 1;
    }

    int count() {
        return count;
    }

    /** The colours in index order. */
    int[] toArray() {
        return Arrays.copyOf(colours, count);
    }

    /** The fewest bits a pixel (1, 2, 4 or 8) that index {@code count} colours. */
    static int bits(int count) {
        return count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8;
    }
}
