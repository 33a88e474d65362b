package dev.tilewright.format;

import java.nio.ByteBuffer;
import java.util.Arrays;

/** Reads a PNG's size from its signature and IHDR chunk, without decoding any pixels. */
public final class PngHeader {

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final byte[] IHDR = {'I', 'H', 'D', 'R'};

    /** Width and height as unsigned values from the header. */
    public record Size(long width, long height) {
    }

    private PngHeader() {
    }

    /** The size, or null when the bytes do not start like a PNG. */
    public static Size read(byte[] png) {
        if (png.length < 24 || !Arrays.equals(png, 0, 8, SIGNATURE, 0, 8) || !Arrays.equals(png, 12, 16, IHDR, 0, 4)) {
            return null;
        }
        ByteBuffer header = ByteBuffer.wrap(png, 16, 8);
        return new Size(Integer.toUnsignedLong(header.getInt()), Integer.toUnsignedLong(header.getInt()));
    }
}
