package dev.tilewright.core.edit;

import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The compact form of a region's gids: Tiled's "base64 + zlib" layer data (little-endian uint32, zlib, base64), and
 * of a region's mask (one bit per cell, row-major, the lowest bit of each byte first; zlib, base64). Both ways are
 * streamed through a small buffer, so a region costs its int[] and its compressed text, nothing in between; decoding
 * never inflates past the size the region needs, so a hostile payload cannot exhaust memory.
 */
final class RegionData {

    private static final int SLICE = 1 << 14;

    private RegionData() {
    }

    static String encode(int[] gids) {
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        try {
            Bytes out = new Bytes(Math.min(1 << 20, gids.length / 8 + 64));
            byte[] raw = new byte[SLICE * Integer.BYTES];
            byte[] buffer = new byte[1 << 16];
            for (int from = 0; from < gids.length; from += SLICE) {
                int n = Math.min(SLICE, gids.length - from);
                for (int i = 0; i < n; i++) {
                    int gid = gids[from + i];
                    raw[i * 4] = (byte) gid;
                    raw[i * 4 + 1] = (byte) (gid >>> 8);
                    raw[i * 4 + 2] = (byte) (gid >>> 16);
                    raw[i * 4 + 3] = (byte) (gid >>> 24);
                }
                deflater.setInput(raw, 0, n * 4);
                while (!deflater.needsInput()) {
                    out.write(buffer, 0, deflater.deflate(buffer));
                }
            }
            return finish(deflater, out, buffer);
        } finally {
            deflater.end();
        }
    }

    static String encode(long[] gids) {
        int[] values = new int[gids.length];
        for (int i = 0; i < gids.length; i++) {
            values[i] = (int) gids[i];
        }
        return encode(values);
    }

    /** A mask's compact form from its bits ({@code (bits[i >> 3] >> (i & 7)) & 1} is cell i). */
    static String encodeMask(byte[] bits) {
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        try {
            Bytes out = new Bytes(Math.min(1 << 16, bits.length / 8 + 64));
            byte[] buffer = new byte[1 << 16];
            deflater.setInput(bits);
            while (!deflater.needsInput()) {
                out.write(buffer, 0, deflater.deflate(buffer));
            }
            return finish(deflater, out, buffer);
        } finally {
            deflater.end();
        }
    }

    private static String finish(Deflater deflater, Bytes out, byte[] buffer) {
        deflater.finish();
        while (!deflater.finished()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
        return Base64.getEncoder().encodeToString(out.toArray());
    }

    /** Decodes exactly {@code cells} gids, or fails naming what is wrong. */
    static int[] decode(String data, int cells) {
        int[] gids = new int[cells];
        byte[] buffer = new byte[SLICE * Integer.BYTES];
        inflate(data, "data", (long) cells * Integer.BYTES, (bytes, at, n) -> {
            // slices are whole multiples of 4 bytes but for the last: at counts bytes from the start
            for (int i = 0; i < n; i++) {
                long position = at + i;
                int shift = (int) (position & 3) * 8;
                int index = (int) (position >>> 2);
                gids[index] |= (bytes[i] & 0xFF) << shift;
            }
        }, buffer);
        return gids;
    }

    /** Decodes a mask of exactly {@code cells} bits (the bytes that hold them), or fails naming what is wrong. */
    static byte[] decodeMask(String mask, int cells) {
        byte[] bits = new byte[(cells + 7) / 8];
        inflate(mask, "mask", bits.length, (bytes, at, n) -> System.arraycopy(bytes, 0, bits, (int) at, n), new byte[1 << 16]);
        return bits;
    }

    static boolean masked(byte[] bits, int cell) {
        return (bits[cell >> 3] >> (cell & 7) & 1) != 0;
    }

    private interface Sink {
        void take(byte[] bytes, long at, int n);
    }

    private static void inflate(String text, String field, long expected, Sink sink, byte[] buffer) {
        byte[] compressed;
        try {
            compressed = Base64.getDecoder().decode(text.strip());
        } catch (IllegalArgumentException e) {
            throw new InvalidOpException(field, field + " is not base64: " + e.getMessage());
        }
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(compressed);
            long filled = 0;
            while (filled < expected && !inflater.finished()) {
                int n = inflater.inflate(buffer, 0, (int) Math.min(buffer.length, expected - filled));
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                sink.take(buffer, filled, n);
                filled += n;
            }
            if (filled == expected && !inflater.finished() && inflater.inflate(new byte[1]) > 0) {
                filled++; // more than the region holds
            }
            if (filled != expected || !inflater.finished()) {
                throw new InvalidOpException(field, field + " must inflate to exactly " + expected + " bytes");
            }
        } catch (DataFormatException e) {
            throw new InvalidOpException(field, field + " is not zlib-compressed: " + e.getMessage());
        } finally {
            inflater.end();
        }
    }

    /** A growing byte array (core keeps to java.util and java.lang). */
    private static final class Bytes {
        private byte[] bytes;
        private int size;

        Bytes(int capacity) {
            bytes = new byte[Math.max(64, capacity)];
        }

        void write(byte[] from, int offset, int length) {
            if (size + length > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + length));
            }
            System.arraycopy(from, offset, bytes, size, length);
            size += length;
        }

        byte[] toArray() {
            return Arrays.copyOf(bytes, size);
        }
    }
}
