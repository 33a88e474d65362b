package dev.tilewright.render;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A PNG encoder tuned for rendered tile maps: indexed colour when the frame has at most 256 distinct pixels (pixel
 * art's usual case: a third of the bytes to deflate, a palette with its alpha in {@code tRNS}), else 8-bit RGB when
 * every pixel is opaque (RGBA otherwise); rows left unfiltered (deflate finds repeated tiles best in raw rows; measured on a 1280x720 frame, unfiltered at level 3 is
 * smaller than ImageIO's file). Large images are cut into strips that are converted and deflated in parallel, each
 * strip primed with the previous one's last 32 KiB and ended by a sync flush, then joined into one zlib stream (as
 * pigz does): the file is one ordinary PNG.
 */
public final class PngWriter {

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final int WINDOW = 32 * 1024;
    private static final int MIN_STRIP_BYTES = 256 * 1024;

    private final Executor workers;

    /**
     * @param workers runs the strips beside the caller: one thread per core pays (the common pool has one fewer,
     *                which on two cores serialises the strips); {@code Runnable::run} encodes in the caller alone
     */
    public PngWriter(Executor workers) {
        this.workers = workers;
    }

    public byte[] write(Pixels pixels, int level) {
        int width = pixels.width();
        int height = pixels.height();
        int strips = (int) Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(),
                (long) width * height * 3 / MIN_STRIP_BYTES));
        int rowsPerStrip = (height + strips - 1) / Math.max(1, strips);
        List<int[]> bounds = new ArrayList<>();
        for (int y = 0; y < height; y += rowsPerStrip) {
            bounds.add(new int[]{y, Math.min(height, y + rowsPerStrip)});
        }
        Indexed indexed = indexed(pixels, bounds);
        boolean opaque = indexed == null && isOpaque(pixels.argb());
        int rowBytes = indexed != null ? indexed.rowBytes() : width * (opaque ? 3 : 4) + 1;
        byte[] raw = indexed != null ? indexed.rows() : new byte[rowBytes * height];
        if (indexed == null) {
            inParallel(bounds.stream().map(b -> (Runnable) () -> convert(pixels, opaque, raw, b[0], b[1])).toList());
        }
        List<byte[]> parts = new ArrayList<>();
        List<Runnable> deflations = new ArrayList<>();
        for (int i = 0; i < bounds.size(); i++) {
            int from = bounds.get(i)[0] * rowBytes;
            int to = bounds.get(i)[1] * rowBytes;
            boolean last = i == bounds.size() - 1;
            int index = i;
            parts.add(null);
            deflations.add(() -> parts.set(index, deflate(raw, from, to, last, level)));
        }
        Adler32 adler = new Adler32();
        deflations.add(() -> adler.update(raw));
        inParallel(deflations);

        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length / 6 + 64);
        out.writeBytes(SIGNATURE);
        ByteBuffer header = ByteBuffer.allocate(13).putInt(width).putInt(height)
                .put((byte) (indexed != null ? indexed.bits() : 8)).put((byte) (indexed != null ? 3 : opaque ? 2 : 6))
                .put((byte) 0).put((byte) 0).put((byte) 0);
        chunk(out, "IHDR", header.array(), 13);
        if (indexed != null) {
            writePalette(out, indexed.palette());
        }
        ByteArrayOutputStream idat = new ByteArrayOutputStream(raw.length / 6 + 64);
        idat.write(0x78);
        idat.write(0x01);
        parts.forEach(idat::writeBytes);
        idat.writeBytes(ByteBuffer.allocate(4).putInt((int) adler.getValue()).array());
        chunk(out, "IDAT", idat.toByteArray(), idat.size());
        chunk(out, "IEND", new byte[0], 0);
        return out.toByteArray();
    }

    /** A palette has at most this many colours (8-bit indices). */
    private static final int MAX_COLOURS = 256;
    /** Slots of a colour table: a power of two, four times the palette, so probes stay short. */
    private static final int SLOTS = 1024;

    /** An indexed image: its colours (premultiplied), bits an index, the rows as PNG holds them (filter byte first). */
    record Indexed(int[] palette, int bits, byte[] rows, int rowBytes) {
    }

    /**
     * The frame as indices into its distinct pixels, if it has at most 256 (then 1, 2, 4 or 8 bits a pixel, the
     * fewest that hold them); null otherwise. Each strip finds its own colours in parallel, then their palettes are
     * joined and the rows packed (in parallel) with each strip's indices translated into the joined palette's.
     */
    private Indexed indexed(Pixels pixels, List<int[]> bounds) {
        int width = pixels.width();
        byte[] eight = new byte[(width + 1) * pixels.height()];
        int[][] found = new int[bounds.size()][];
        List<Runnable> scans = new ArrayList<>();
        for (int i = 0; i < bounds.size(); i++) {
            int strip = i;
            scans.add(() -> found[strip] = palette(pixels.argb(), width, bounds.get(strip)[0], bounds.get(strip)[1],
                    eight));
        }
        inParallel(scans);
        ColourTable joined = new ColourTable();
        byte[][] translate = new byte[bounds.size()][];
        for (int i = 0; i < found.length; i++) {
            if (found[i] == null) {
                return null;
            }
            translate[i] = new byte[found[i].length];
            for (int c = 0; c < found[i].length; c++) {
                int index = joined.indexOf(found[i][c]);
                if (index < 0) {
                    return null;
                }
                translate[i][c] = (byte) index;
            }
        }
        int count = joined.count;
        int bits = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8;
        int rowBytes = (width * bits + 7) / 8 + 1;
        byte[] rows = bits == 8 ? eight : new byte[rowBytes * pixels.height()];
        List<Runnable> packs = new ArrayList<>();
        for (int i = 0; i < bounds.size(); i++) {
            int strip = i;
            packs.add(() -> pack(eight, width, bounds.get(strip)[0], bounds.get(strip)[1], translate[strip], bits, rows,
                    rowBytes));
        }
        inParallel(packs);
        return new Indexed(Arrays.copyOf(joined.colours, count), bits, rows, rowBytes);
    }

    /** Distinct pixels, each given the next index as first met; full at 256. */
    private static final class ColourTable {
        private final int[] keys = new int[SLOTS];
        private final short[] slots = new short[SLOTS]; // 0: empty, else index + 1
        private final int[] colours = new int[MAX_COLOURS];
        private int count;

        /** The colour's index, given one if new; -1 when it is new and the table is full. */
        int indexOf(int colour) {
            int slot = (colour * 0x9E3779B9) >>> 22;
            while (slots[slot] != 0 && keys[slot] != colour) {
                slot = (slot + 1) & (SLOTS - 1);
            }
            if (slots[slot] == 0) {
                if (count == MAX_COLOURS) {
                    return -1;
                }
                keys[slot] = colour;
                colours[count] = colour;
                slots[slot] = (short) ++count;
            }
            return slots[slot] - 1;
        }
    }

    /**
     * The distinct pixels of rows [{@code fromRow}, {@code toRow}) in the order met, each row written to
     * {@code indexed} as a filter byte and an index a pixel; null as soon as a 257th colour shows. A run of one
     * colour costs a comparison a pixel.
     */
    static int[] palette(int[] argb, int width, int fromRow, int toRow, byte[] indexed) {
        ColourTable table = new ColourTable();
        int last = 0;
        int lastIndex = -1;
        int at = fromRow * (width + 1);
        for (int y = fromRow; y < toRow; y++) {
            indexed[at++] = 0;
            int base = y * width;
            for (int x = 0; x < width; x++) {
                int pixel = argb[base + x];
                if (pixel != last || lastIndex < 0) {
                    lastIndex = table.indexOf(pixel);
                    if (lastIndex < 0) {
                        return null;
                    }
                    last = pixel;
                }
                indexed[at++] = (byte) lastIndex;
            }
        }
        return Arrays.copyOf(table.colours, table.count);
    }

    /** Rows of 8-bit strip indices as rows of {@code bits}-bit joined indices, the leftmost pixel highest. */
    private static void pack(byte[] eight, int width, int fromRow, int toRow, byte[] translate, int bits, byte[] rows,
                             int rowBytes) {
        int perByte = 8 / bits;
        for (int y = fromRow; y < toRow; y++) {
            int from = y * (width + 1) + 1;
            int to = y * rowBytes;
            rows[to++] = 0;
            int acc = 0;
            int held = 0;
            for (int x = 0; x < width; x++) {
                acc = acc << bits | (translate[eight[from + x] & 0xFF] & 0xFF);
                if (++held == perByte) {
                    rows[to++] = (byte) acc;
                    acc = 0;
                    held = 0;
                }
            }
            if (held > 0) {
                rows[to] = (byte) (acc << (bits * (perByte - held)));
            }
        }
    }

    /** PLTE (straight RGB) and, when a colour is not opaque, tRNS (its straight alpha). */
    private static void writePalette(ByteArrayOutputStream out, int[] palette) {
        byte[] rgb = new byte[palette.length * 3];
        byte[] alpha = new byte[palette.length];
        boolean translucent = false;
        for (int i = 0; i < palette.length; i++) {
            int straight = Pixels.unpremultiply(palette[i]);
            rgb[i * 3] = (byte) (straight >> 16);
            rgb[i * 3 + 1] = (byte) (straight >> 8);
            rgb[i * 3 + 2] = (byte) straight;
            alpha[i] = (byte) (straight >>> 24);
            translucent |= straight >>> 24 != 255;
        }
        chunk(out, "PLTE", rgb, rgb.length);
        if (translucent) {
            chunk(out, "tRNS", alpha, alpha.length);
        }
    }

    private static boolean isOpaque(int[] argb) {
        for (int pixel : argb) {
            if (pixel >>> 24 != 255) {
                return false;
            }
        }
        return true;
    }

    private static void convert(Pixels pixels, boolean opaque, byte[] raw, int fromRow, int toRow) {
        int width = pixels.width();
        int[] argb = pixels.argb();
        int at = fromRow * (width * (opaque ? 3 : 4) + 1);
        for (int y = fromRow; y < toRow; y++) {
            raw[at++] = 0;
            int base = y * width;
            for (int x = 0; x < width; x++) {
                int pixel = opaque ? argb[base + x] : Pixels.unpremultiply(argb[base + x]);
                raw[at++] = (byte) (pixel >> 16);
                raw[at++] = (byte) (pixel >> 8);
                raw[at++] = (byte) pixel;
                if (!opaque) {
                    raw[at++] = (byte) (pixel >>> 24);
                }
            }
        }
    }

    /** A raw deflate segment; all but the last end byte-aligned (sync flush) so segments concatenate. */
    private static byte[] deflate(byte[] raw, int from, int to, boolean last, int level) {
        Deflater deflater = new Deflater(level, true);
        try {
            if (from > 0) {
                int start = Math.max(0, from - WINDOW);
                deflater.setDictionary(raw, start, from - start);
            }
            deflater.setInput(raw, from, to - from);
            ByteArrayOutputStream out = new ByteArrayOutputStream((to - from) / 6 + 64);
            byte[] buffer = new byte[64 * 1024];
            if (last) {
                deflater.finish();
                while (!deflater.finished()) {
                    out.write(buffer, 0, deflater.deflate(buffer));
                }
            } else {
                int n;
                do {
                    n = deflater.deflate(buffer, 0, buffer.length, Deflater.SYNC_FLUSH);
                    out.write(buffer, 0, n);
                } while (n == buffer.length || !deflater.needsInput());
            }
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }

    private void inParallel(List<Runnable> tasks) {
        if (tasks.size() == 1) {
            tasks.get(0).run();
            return;
        }
        List<CompletableFuture<Void>> others = tasks.subList(1, tasks.size()).stream()
                .map(task -> CompletableFuture.runAsync(task, workers)).toList();
        tasks.get(0).run();
        CompletableFuture.allOf(others.toArray(CompletableFuture[]::new)).join();
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
