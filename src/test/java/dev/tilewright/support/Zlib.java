package dev.tilewright.support;

import java.io.ByteArrayOutputStream;
import java.util.Base64;
import java.util.zip.Deflater;

/** Bytes as Tiled's and putRegion's compact form: zlib, then base64. */
public final class Zlib {

    private Zlib() {
    }

    public static String base64(byte[] raw) {
        return base64(raw, Deflater.BEST_COMPRESSION);
    }

    /** Gids as Tiled's layer data: little-endian uint32, zlib (level 6: big layers go quickly), base64. */
    public static String gids(int[] gids) {
        java.nio.ByteBuffer raw = java.nio.ByteBuffer.allocate(4 * gids.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        raw.asIntBuffer().put(gids);
        return base64(raw.array(), 6);
    }

    private static String base64(byte[] raw, int level) {
        Deflater deflater = new Deflater(level);
        deflater.setInput(raw);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[65536];
        while (!deflater.finished()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        return Base64.getEncoder().encodeToString(out.toByteArray());
    }
}
