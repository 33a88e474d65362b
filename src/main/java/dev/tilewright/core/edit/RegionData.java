package dev.tilewright.core.edit;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The compact form of a region's gids: Tiled's "base64 + zlib" layer data (little-endian uint32, zlib, base64).
 * Decoding never inflates past the size the region needs, so a hostile payload cannot exhaust memory.
 */
final class RegionData {

    private RegionData() {
    }

    static String encode(long[] gids) {
        ByteBuffer raw = ByteBuffer.allocate(gids.length * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (long gid : gids) {
            raw.putInt((int) gid);
        }
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        try {
            deflater.setInput(raw.array());
            deflater.finish();
            ByteBuffer out = ByteBuffer.allocate(raw.capacity() / 4 + 64);
            byte[] buffer = new byte[8192];
            while (!deflater.finished()) {
                int n = deflater.deflate(buffer);
                if (out.remaining() < n) {
                    ByteBuffer bigger = ByteBuffer.allocate(out.capacity() * 2 + n);
                    bigger.put(out.flip());
                    out = bigger;
                }
                out.put(buffer, 0, n);
            }
            byte[] compressed = new byte[out.position()];
            out.flip().get(compressed);
            return Base64.getEncoder().encodeToString(compressed);
        } finally {
            deflater.end();
        }
    }

    /** Decodes exactly {@code cells} gids, or fails naming what is wrong. */
    static long[] decode(String data, int cells) {
        byte[] compressed;
        try {
            compressed = Base64.getDecoder().decode(data.strip());
        } catch (IllegalArgumentException e) {
            throw new InvalidOpException("data", "data is not base64: " + e.getMessage());
        }
        byte[] raw = new byte[Math.multiplyExact(cells, Integer.BYTES)];
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(compressed);
            int filled = 0;
            while (filled < raw.length && !inflater.finished()) {
                int n = inflater.inflate(raw, filled, raw.length - filled);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                filled += n;
            }
            if (filled != raw.length || !inflater.finished()) {
                throw new InvalidOpException("data", "data must inflate to exactly " + raw.length + " bytes ("
                        + cells + " gids)");
            }
        } catch (DataFormatException e) {
            throw new InvalidOpException("data", "data is not zlib-compressed: " + e.getMessage());
        } finally {
            inflater.end();
        }
        ByteBuffer buffer = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN);
        long[] gids = new long[cells];
        for (int i = 0; i < cells; i++) {
            gids[i] = Integer.toUnsignedLong(buffer.getInt());
        }
        return gids;
    }
}
