package dev.tilewright.render;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
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

    /**
     * A frame given as indices into at most 256 colours rather than as pixels: what a view drawn from indexed blocks
     * is ({@link MapRenderer#renderIndexed}).
     *
     * @param palette premultiplied ARGB, 1 to 256 colours
     * @param rows    writes row {@code y}'s {@code width} indices; called from several threads at once
     */
    public record Indexed(int width, int height, int[] palette, Rows rows) {
        public Indexed {
            if (palette.length < 1 || palette.length > Colours.MAX) {
                throw new IllegalArgumentException("a palette has 1 to 256 colours, not " + palette.length);
            }
        }
    }

    /** The indices of one row at a time. */
    public interface Rows {
        void row(int y, byte[] into);
    }

    public byte[] write(Pixels pixels, int level) {
        int width = pixels.width();
        int height = pixels.height();
        List<int[]> bounds = strips(width, height);
        Packed indexed = indexed(pixels, bounds);
        if (indexed != null) {
            return encode(width, height, indexed.palette(), indexed.bits(), 3, indexed.rows(), indexed.rowBytes(),
                    bounds, level);
        }
        boolean opaque = isOpaque(pixels.argb());
        int rowBytes = width * (opaque ? 3 : 4) + 1;
        byte[] raw = new byte[rowBytes * height];
        inParallel(bounds.stream().map(b -> (Runnable) () -> convert(pixels, opaque, raw, b[0], b[1])).toList());
        return encode(width, height, null, 8, opaque ? 2 : 6, raw, rowBytes, bounds, level);
    }

    /** An indexed frame as a palette PNG of the fewest bits a pixel that hold its colours; strips packed in parallel. */
    public byte[] write(Indexed image, int level) {
        int width = image.width();
        int bits = Colours.bits(image.palette().length);
        int rowBytes = (width * bits + 7) / 8 + 1;
        byte[] raw = new byte[rowBytes * image.height()];
        List<int[]> bounds = strips(width, image.height());
        inParallel(bounds.stream().map(b -> (Runnable) () -> {
            byte[] row = new byte[width];
            for (int y = b[0]; y < b[1]; y++) {
                image.rows().row(y, row);
                packRow(row, 0, width, null, bits, raw, y * rowBytes);
            }
        }).toList());
        return encode(width, image.height(), image.palette(), bits, 3, raw, rowBytes, bounds, level);
    }

    /** Rows of a strip each: as many strips as cores, none under {@value #MIN_STRIP_BYTES} bytes of RGB. */
    private static List<int[]> strips(int width, int height) {
        int strips = (int) Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(),
                (long) width * height * 3 / MIN_STRIP_BYTES));
        int rowsPerStrip = (height + strips - 1) / Math.max(1, strips);
        List<int[]> bounds = new ArrayList<>();
        for (int y = 0; y < height; y += rowsPerStrip) {
            bounds.add(new int[]{y, Math.min(height, y + rowsPerStrip)});
        }
        return bounds;
    }

    /** The PNG of rows as PNG holds them (filter byte first), deflated strip by strip in parallel. */
    private byte[] encode(int width, int height, int[] palette, int bits, int colourType, byte[] raw, int rowBytes,
                          List<int[]> bounds, int level) {
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
        Runnable sum = () -> adler.update(raw);
        if (deflations.size() == 1) { // a small image: summed where it is deflated, no thread woken for either
            Runnable only = deflations.get(0);
            deflations.set(0, () -> {
                only.run();
                sum.run();
            });
        } else {
            deflations.add(sum);
        }
        inParallel(deflations);

        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length / 6 + 64);
        out.writeBytes(SIGNATURE);
        ByteBuffer header = ByteBuffer.allocate(13).putInt(width).putInt(height)
                .put((byte) bits).put((byte) colourType).put((byte) 0).put((byte) 0).put((byte) 0);
        chunk(out, "IHDR", header.array(), 13);
        if (palette != null) {
            writePalette(out, palette);
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

    /** An indexed image: its colours (premultiplied), bits an index, the rows as PNG holds them (filter byte first). */
    private record Packed(int[] palette, int bits, byte[] rows, int rowBytes) {
    }

    /**
     * The frame as indices into its distinct pixels, if it has at most 256 (then 1, 2, 4 or 8 bits a pixel, the
     * fewest that hold them); null otherwise. Each strip finds its own colours in parallel, then their palettes are
     * joined and the rows packed (in parallel) with each strip's indices translated into the joined palette's.
     */
    private Packed indexed(Pixels pixels, List<int[]> bounds) {
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
        Colours joined = new Colours();
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
        int bits = Colours.bits(joined.count());
        int rowBytes = (width * bits + 7) / 8 + 1;
        byte[] rows = bits == 8 ? eight : new byte[rowBytes * pixels.height()];
        List<Runnable> packs = new ArrayList<>();
        for (int i = 0; i < bounds.size(); i++) {
            int strip = i;
            packs.add(() -> {
                for (int y = bounds.get(strip)[0]; y < bounds.get(strip)[1]; y++) {
                    packRow(eight, y * (width + 1) + 1, width, translate[strip], bits, rows, y * rowBytes);
                }
            });
        }
        inParallel(packs);
        return new Packed(joined.toArray(), bits, rows, rowBytes);
    }

    /**
     * The distinct pixels of rows [{@code fromRow}, {@code toRow}) in the order met, each row written to
     * {@code indexed} as a filter byte and an index a pixel; null as soon as a 257th colour shows. A run of one
     * colour costs a comparison a pixel.
     */
    static int[] palette(int[] argb, int width, int fromRow, int toRow, byte[] indexed) {
        Colours table = new Colours();
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
        return table.toArray();
    }

    /**
     * One row of 8-bit indices ({@code width} from {@code eight[from]}, each through {@code translate} unless it is
     * null) as a PNG row at {@code rows[to]}: the filter byte, then {@code bits}-bit indices, the leftmost pixel
     * highest; a translated row's indices are translated in {@code eight} too. May write in place
     * ({@code to == from - 1}).
     */
    private static void packRow(byte[] eight, int from, int width, byte[] translate, int bits, byte[] rows, int to) {
        rows[to++] = 0;
        int end = from + width;
        if (translate != null) { // the strip's own indices into the joined palette's, in place
            for (int x = from; x < end; x++) {
                eight[x] = translate[eight[x] & 0xFF];
            }
        }
        if (bits == 8) {
            System.arraycopy(eight, from, rows, to, width);
            return;
        }
        // below 8 bits an index is under 128: no mask
        if (bits == 4) {
            int x = from;
            for (; x + 1 < end; x += 2) {
                rows[to++] = (byte) (eight[x] << 4 | eight[x + 1]);
            }
            if (x < end) {
                rows[to] = (byte) (eight[x] << 4);
            }
            return;
        }
        int perByte = 8 / bits;
        int x = from;
        for (; x + perByte <= end; x += perByte) {
            int acc = 0;
            for (int k = 0; k < perByte; k++) {
                acc = acc << bits | eight[x + k];
            }
            rows[to++] = (byte) acc;
        }
        if (x < end) {
            int acc = 0;
            int held = end - x;
            for (int k = 0; k < held; k++) {
                acc = acc << bits | eight[x + k];
            }
            rows[to] = (byte) (acc << (bits * (perByte - held)));
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
