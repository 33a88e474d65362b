package dev.tilewright.core.model;

import java.util.Arrays;

/**
 * A chunk's {@value TileLayer#CHUNK_CELLS} gids held compactly: the distinct gids once (its palette, in the order
 * they first occur) and per cell the index of its gid, in the fewest bits of 0, 1, 2, 4, 8 or 16 that number them
 * all. A chunk of 16 different tiles takes 2 KiB instead of 16, one of 200 takes 4.8 KiB. Immutable, so copies and
 * views of a layer share it.
 */
final class PackedChunk {

    private static final int CELLS = TileLayer.CHUNK_CELLS;
    /** Bytes of a chunk held as plain ints, with its array's header: what packing must beat. */
    static final long RAW_BYTES = 16 + 4L * CELLS;

    private final int[] palette;
    private final byte[] indices;
    /** Bits per cell's index, a power of two up to 16 (0: one gid, every cell). */
    private final int bits;

    private PackedChunk(int[] palette, byte[] indices, int bits) {
        this.palette = palette;
        this.indices = indices;
        this.bits = bits;
    }

    /** The gids packed, or null when that would not take fewer bytes than plain ints (over 2,048 distinct gids). */
    static PackedChunk of(int[] gids) {
        if (gids.length != CELLS) {
            throw new IllegalArgumentException("a chunk holds " + CELLS + " gids, got " + gids.length);
        }
        Numbering numbering = Numbering.LOCAL.get();
        int[] index = numbering.number(gids);
        int distinct = numbering.count;
        int bits = bitsFor(distinct);
        if (bits > 16 || bytes(distinct, bits) >= RAW_BYTES) {
            return null;
        }
        byte[] indices = new byte[CELLS * bits / 8];
        if (bits == 16) {
            for (int cell = 0; cell < CELLS; cell++) {
                indices[2 * cell] = (byte) index[cell];
                indices[2 * cell + 1] = (byte) (index[cell] >>> 8);
            }
        } else if (bits > 0) {
            int perByte = 8 / bits;
            for (int cell = 0; cell < CELLS; cell++) {
                indices[cell / perByte] |= (byte) (index[cell] << (cell % perByte * bits));
            }
        }
        return new PackedChunk(Arrays.copyOf(numbering.palette, distinct), indices, bits);
    }

    private static int bitsFor(int distinct) {
        int bits = 0;
        while ((1 << bits) < distinct) {
            bits = bits == 0 ? 1 : bits * 2;
        }
        return bits;
    }

    private static long bytes(int distinct, int bits) {
        return 16 + 16 + 4L * distinct + 16 + (long) CELLS * bits / 8;
    }

    /** What it takes on the heap: this object, its palette and its indices. */
    long bytes() {
        return bytes(palette.length, bits);
    }

    int get(int cell) {
        return palette[index(cell)];
    }

    private int index(int cell) {
        return switch (bits) {
            case 0 -> 0;
            case 8 -> indices[cell] & 0xFF;
            case 16 -> (indices[2 * cell] & 0xFF) | (indices[2 * cell + 1] & 0xFF) << 8;
            default -> {
                int perByte = 8 / bits;
                yield (indices[cell / perByte] >>> (cell % perByte * bits)) & ((1 << bits) - 1);
            }
        };
    }

    /** Copies {@code count} gids from cell {@code from} on into {@code out} at {@code at}. */
    void copy(int from, int[] out, int at, int count) {
        if (bits == 0) {
            Arrays.fill(out, at, at + count, palette[0]);
            return;
        }
        switch (bits) {
            case 8 -> {
                for (int i = 0; i < count; i++) {
                    out[at + i] = palette[indices[from + i] & 0xFF];
                }
            }
            case 16 -> {
                for (int i = 0, b = 2 * from; i < count; i++, b += 2) {
                    out[at + i] = palette[(indices[b] & 0xFF) | (indices[b + 1] & 0xFF) << 8];
                }
            }
            default -> {
                int perByte = 8 / bits;
                int mask = (1 << bits) - 1;
                for (int i = 0, cell = from; i < count; i++, cell++) {
                    out[at + i] = palette[(indices[cell / perByte] >>> (cell % perByte * bits)) & mask];
                }
            }
        }
    }

    /** The gids as plain ints, in a new array. */
    int[] unpack() {
        int[] gids = new int[CELLS];
        copy(0, gids, 0, CELLS);
        return gids;
    }

    /** How many distinct gids it holds. */
    int distinct() {
        return palette.length;
    }

    /**
     * Numbers the distinct gids of a chunk in the order they first occur, with an open-addressing table of twice the
     * cells (a chunk has at most that many distinct gids); one per thread, reused, so packing allocates only what
     * it keeps.
     */
    private static final class Numbering {
        static final ThreadLocal<Numbering> LOCAL = ThreadLocal.withInitial(Numbering::new);
        private static final int SLOTS = 2 * CELLS;

        final int[] keys = new int[SLOTS];
        final int[] values = new int[SLOTS];
        /** The pass that last wrote each slot; a slot of an earlier pass is free, so no clearing between passes. */
        final int[] passes = new int[SLOTS];
        final int[] palette = new int[CELLS];
        final int[] index = new int[CELLS];
        int pass;
        int count;

        int[] number(int[] gids) {
            if (++pass == 0) {
                Arrays.fill(passes, 0);
                pass = 1;
            }
            count = 0;
            int last = 0;
            int lastIndex = -1;
            for (int cell = 0; cell < CELLS; cell++) {
                int gid = gids[cell];
                if (gid == last && lastIndex >= 0) {
                    index[cell] = lastIndex; // runs of one gid are common: skip the table
                    continue;
                }
                int slot = (gid * 0x9E3779B1) >>> 19 & (SLOTS - 1);
                while (passes[slot] == pass && keys[slot] != gid) {
                    slot = (slot + 1) & (SLOTS - 1);
                }
                if (passes[slot] != pass) {
                    passes[slot] = pass;
                    keys[slot] = gid;
                    values[slot] = count;
                    palette[count++] = gid;
                }
                last = gid;
                lastIndex = index[cell] = values[slot];
            }
            return index;
        }
    }
}
