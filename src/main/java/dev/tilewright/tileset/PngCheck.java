package dev.tilewright.tileset;

import dev.tilewright.config.LimitsProperties;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Checks an uploaded atlas before anything is stored: PNG by its magic bytes (415 otherwise), within the byte and
 * pixel limits (413; the pixel count is read from the IHDR header so a decompression bomb is refused before it is
 * decoded), and decodable (422).
 */
public final class PngCheck {

    private static final byte[] MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final byte[] IHDR = {'I', 'H', 'D', 'R'};

    public record Dimensions(int width, int height) {
    }

    private PngCheck() {
    }

    /** Refuses an image of more bytes than a tileset may have: called with an upload's size before it is read. */
    static void checkSize(long bytes, LimitsProperties limits, String field) {
        if (bytes > limits.maxTilesetBytes()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-tileset-bytes",
                    limits.maxTilesetBytes(), "The image has " + bytes + " bytes; send a smaller PNG")
                    .with("field", field);
        }
    }

    static Dimensions check(byte[] png, LimitsProperties limits, String field) {
        checkSize(png.length, limits, field);
        if (png.length < 24 || !Arrays.equals(png, 0, MAGIC.length, MAGIC, 0, MAGIC.length)
                || !Arrays.equals(png, 12, 16, IHDR, 0, IHDR.length)) {
            throw Refused.of(Refusal.Kind.UNSUPPORTED_TYPE, "Not a PNG",
                    "The image must be a PNG file (it does not start with the PNG signature).").with("field", field);
        }
        ByteBuffer header = ByteBuffer.wrap(png, 16, 8);
        long width = Integer.toUnsignedLong(header.getInt());
        long height = Integer.toUnsignedLong(header.getInt());
        if (width == 0 || height == 0) {
            throw Refused.invalidField(field, "The PNG header says the image is " + width + "x" + height + ".");
        }
        if (width * height > limits.maxTilesetPixels()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-tileset-pixels",
                    limits.maxTilesetPixels(), "The image is " + width + "x" + height + " = " + width * height
                            + " pixels; split the atlas or scale it down").with("field", field);
        }
        decode(png, field);
        return new Dimensions((int) width, (int) height);
    }

    private static void decode(byte[] png, String field) {
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
            if (image == null) {
                throw new IOException("no PNG reader accepted the data");
            }
        } catch (IOException | RuntimeException e) {
            throw Refused.invalidField(field, "The PNG could not be decoded (" + e.getMessage()
                    + "); save it again from an image editor.");
        }
    }
}
