package dev.tilewright.support;

import java.io.ByteArrayOutputStream;
import java.util.Base64;
import java.util.zip.Deflater;

/** Bytes as Tiled's and putRegion's compact form: zlib, then base64. */
public final class Zlib {

    private Zlib() {
    }

    public static String base64(byte[] raw) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
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
