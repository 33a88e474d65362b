package dev.tilewright.support;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/** PNG files for tests: real atlases, and headers that only claim a size. */
public final class Pngs {

    private Pngs() {
    }

    /** A real PNG whose 16x16 cells each have their own colour. */
    public static byte[] atlas(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int cell = (y / 16) * 97 + x / 16;
                image.setRGB(x, y, 0xFF000000 | (cell * 0x3F1F7) & 0xFFFFFF);
            }
        }
        return encode(image);
    }

    /** A PNG of random pixels: a quarter transparent, a quarter half see-through, the rest opaque. */
    public static byte[] noise(java.util.Random random, int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int alpha = switch (random.nextInt(4)) {
                    case 0 -> 0;
                    case 1 -> random.nextInt(256);
                    default -> 255;
                };
                image.setRGB(x, y, alpha << 24 | random.nextInt(1 << 24));
            }
        }
        return encode(image);
    }

    private static byte[] encode(BufferedImage image) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toByteArray();
    }

    /** The PNG signature and an IHDR chunk claiming the given size, with no image data behind it. */
    public static byte[] headerOnly(int width, int height) {
        ByteBuffer buffer = ByteBuffer.allocate(8 + 25);
        buffer.put(new byte[]{(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        buffer.putInt(13).put(new byte[]{'I', 'H', 'D', 'R'}).putInt(width).putInt(height)
                .put(new byte[]{8, 6, 0, 0, 0});
        CRC32 crc = new CRC32();
        crc.update(buffer.array(), 12, 17);
        buffer.putInt((int) crc.getValue());
        return buffer.array();
    }
}
