package dev.tilewright.render;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A PNG encoder tuned for rendered tile maps: 8-bit RGB when every pixel is opaque (RGBA otherwise), each row
 * filtered with Sub (tile art repeats along rows), and deflate at a fast level. Compared with ImageIO's writer on
 * the same frames it is several times faster for files of similar size (see the render benchmark).
 */
public final class PngWriter {

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    private PngWriter() {
    }

    public static byte[] write(Pixels pixels, int level) {
        int width = pixels.width();
        int height = pixels.height();
        int[] argb = pixels.argb();
        boolean opaque = true;
        for (int pixel : argb) {
            if (pixel >>> 24 != 255) {
                opaque = false;
                break;
            }
        }
        int channels = opaque ? 3 : 4;
        int rowBytes = width * channels;
        byte[] raw = new byte[(rowBytes + 1) * height];
        byte[] row = new byte[rowBytes];
        int at = 0;
        for (int y = 0; y < height; y++) {
            int i = 0;
            for (int x = 0; x < width; x++) {
                int pixel = argb[y * width + x];
                if (!opaque) {
                    pixel = Pixels.unpremultiply(pixel);
                }
                row[i++] = (byte) (pixel >> 16);
                row[i++] = (byte) (pixel >> 8);
                row[i++] = (byte) pixel;
                if (!opaque) {
                    row[i++] = (byte) (pixel >>> 24);
                }
            }
            raw[at++] = 1;
            for (int b = 0; b < rowBytes; b++) {
                raw[at++] = (byte) (row[b] - (b >= channels ? row[b - channels] : 0));
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length / 8 + 64);
        out.writeBytes(SIGNATURE);
        ByteBuffer header = ByteBuffer.allocate(13).putInt(width).putInt(height)
                .put((byte) 8).put((byte) (opaque ? 2 : 6)).put((byte) 0).put((byte) 0).put((byte) 0);
        chunk(out, "IHDR", header.array(), 13);
        Deflater deflater = new Deflater(level);
        try {
            deflater.setInput(raw);
            deflater.finish();
            byte[] buffer = new byte[Math.max(8192, raw.length / 4)];
            ByteArrayOutputStream data = new ByteArrayOutputStream(raw.length / 8 + 64);
            while (!deflater.finished()) {
                int n = deflater.deflate(buffer);
                data.write(buffer, 0, n);
            }
            chunk(out, "IDAT", data.toByteArray(), data.size());
        } finally {
            deflater.end();
        }
        chunk(out, "IEND", new byte[0], 0);
        return out.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data, int length) {
        byte[] typeBytes = type.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        out.writeBytes(ByteBuffer.allocate(4).putInt(length).array());
        out.writeBytes(typeBytes);
        out.write(data, 0, length);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data, 0, length);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }
}
