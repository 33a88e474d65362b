package dev.tilewright.format;

import com.github.luben.zstd.ZstdInputStream;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import java.util.Locale;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.InflaterInputStream;

/**
 * Tile layer data in every encoding Tiled writes: CSV, or base64 of little-endian uint32 gids, uncompressed or
 * compressed with zlib, gzip or zstd. Decoding reads at most one byte past the size the layer needs, so a
 * compressed bomb is refused without being inflated.
 */
public final class LayerData {

    /** How layer data is written. */
    public enum Encoding { CSV, BASE64 }

    /** Cells of a layer read at once while it is written or measured (a band of whole rows). */
    private static final int BAND_CELLS = 1 << 18;

    public enum Compression { NONE, ZLIB, GZIP, ZSTD }

    private LayerData() {
    }

    public static Encoding encoding(String name, String file) {
        if (name == null || name.isEmpty()) {
            return null;
        }
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "csv" -> Encoding.CSV;
            case "base64" -> Encoding.BASE64;
            default -> throw TiledFormatException.invalid(file, "unknown layer data encoding '" + name + "'");
        };
    }

    public static Compression compression(String name, String file) {
        if (name == null || name.isEmpty()) {
            return Compression.NONE;
        }
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "zlib" -> Compression.ZLIB;
            case "gzip" -> Compression.GZIP;
            case "zstd" -> Compression.ZSTD;
            default -> throw TiledFormatException.invalid(file, "unknown layer data compression '" + name + "'");
        };
    }

    /** Decodes exactly {@code cells} gids (as Java ints holding uint32 bits). */
    public static int[] decode(Encoding encoding, Compression compression, String text, int cells, String file,
                               String layer) {
        if (encoding == Encoding.CSV) {
            return csv(text, cells, file, layer);
        }
        byte[] packed;
        try {
            String data = text.strip();
            packed = plainBase64(data);
        } catch (IllegalArgumentException e) {
            throw TiledFormatException.invalid(file, "layer '" + layer + "' data is not base64: " + e.getMessage());
        }
        long expected = (long) cells * Integer.BYTES;
        byte[] raw = inflate(packed, compression, expected, file, layer);
        if (raw.length != expected) {
            throw TiledFormatException.invalid(file, "layer '" + layer + "' data holds " + (raw.length > expected
                    ? "more than " + expected : String.valueOf(raw.length)) + " bytes; a " + cells
                    + "-tile layer needs exactly " + expected);
        }
        int[] gids = new int[cells];
        ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(gids);
        return gids;
    }

    /** Base64 of one line as Tiled writes it; text with line breaks or other characters goes to the MIME decoder. */
    private static byte[] plainBase64(String data) {
        try {
            return Base64.getDecoder().decode(data);
        } catch (IllegalArgumentException notOneLine) {
            return Base64.getMimeDecoder().decode(data);
        }
    }

    /** Gids from a plain list of unsigned numbers (Tiled's JSON array form). */
    public static int checkedGid(long value, String file, String layer) {
        if (value < 0 || value > 0xFFFF_FFFFL) {
            throw TiledFormatException.invalid(file, "layer '" + layer + "' has gid " + value + ", outside 0..4294967295");
        }
        return (int) value;
    }

    private static int[] csv(String text, int cells, String file, String layer) {
        int[] gids = new int[cells];
        int count = 0;
        for (String token : text.split(",")) {
            String trimmed = token.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            if (count == cells) {
                throw TiledFormatException.invalid(file, "layer '" + layer + "' CSV has more than " + cells + " gids");
            }
            try {
                gids[count++] = checkedGid(Long.parseLong(trimmed), file, layer);
            } catch (NumberFormatException e) {
                throw TiledFormatException.invalid(file, "layer '" + layer + "' CSV has '" + trimmed + "', not a gid");
            }
        }
        if (count != cells) {
            throw TiledFormatException.invalid(file, "layer '" + layer + "' CSV has " + count + " gids; it needs " + cells);
        }
        return gids;
    }

    private static byte[] inflate(byte[] packed, Compression compression, long expected, String file, String layer) {
        if (compression == Compression.NONE) {
            return packed;
        }
        try (InputStream in = switch (compression) {
            case ZLIB -> new InflaterInputStream(new ByteArrayInputStream(packed));
            case GZIP -> new GZIPInputStream(new ByteArrayInputStream(packed));
            case ZSTD -> new ZstdInputStream(new ByteArrayInputStream(packed));
            case NONE -> throw new IllegalStateException();
        }) {
            return in.readNBytes((int) Math.min(Integer.MAX_VALUE - 16, expected + 1));
        } catch (IOException e) {
            throw TiledFormatException.invalid(file, "layer '" + layer + "' data is not valid "
                    + compression.name().toLowerCase(Locale.ROOT) + ": " + e.getMessage());
        }
    }

    /**
     * A whole tile layer's data as Tiled writes it. zlib and gzip are compressed a band of rows at a time (the same
     * bytes as compressing it whole: deflate's output does not depend on how its input is split), so a large layer is
     * never held uncompressed; the other encodings hold the layer's gids (see {@link #workBytes}).
     */
    public static String encode(TileLayer layer, TmxWriter.Options options) {
        if (options.encoding() == Encoding.CSV || options.compression() == Compression.NONE
                || options.compression() == Compression.ZSTD) {
            return encode(layer.read(layer.bounds()), layer.width(), options);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        java.util.zip.Deflater deflater = options.compression() == Compression.ZLIB
                ? new java.util.zip.Deflater(options.level()) : null;
        int band = Math.max(1, BAND_CELLS / Math.max(1, layer.width()));
        try (OutputStream compressing = deflater != null
                ? new DeflaterOutputStream(out, deflater) : new LevelledGzip(out, options.level())) {
            for (int top = 0; top < layer.height(); top += band) {
                int[] gids = layer.read(new TileRect(0, top, layer.width(), Math.min(band, layer.height() - top)));
                ByteBuffer raw = ByteBuffer.allocate(gids.length * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
                raw.asIntBuffer().put(gids);
                compressing.write(raw.array());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (deflater != null) {
                deflater.end();
            }
        }
        return Base64.getEncoder().encodeToString(out.toByteArray());
    }

    /**
     * What writing a tile layer's data takes in memory besides its compressed result, in bytes, worked out before
     * the work: zlib and gzip nothing (they go a band at a time); CSV its text; uncompressed base64 the raw bytes and
     * their text; zstd the gids and the raw bytes. {@code perCsvCell}: what one CSV cell's structure costs besides its
     * digits (a JSON array node's, in a TMJ).
     */
    public static long workBytes(TileMap map, TmxWriter.Options options, long perCsvCell) {
        long bytes = 0;
        for (dev.tilewright.core.model.Layer layer : map.layers()) {
            if (layer instanceof TileLayer tiles) {
                bytes += workBytes(tiles, options, perCsvCell);
            }
        }
        return bytes;
    }

    /** {@link #workBytes(TileMap, TmxWriter.Options, long)} of one layer. */
    public static long workBytes(TileLayer layer, TmxWriter.Options options, long perCsvCell) {
        long cells = (long) layer.width() * layer.height();
        if (options.encoding() == Encoding.CSV) {
            long text = 0;
            int band = Math.max(1, BAND_CELLS / Math.max(1, layer.width()));
            for (int top = 0; top < layer.height(); top += band) {
                for (int gid : layer.read(new TileRect(0, top, layer.width(), Math.min(band, layer.height() - top)))) {
                    text += Long.toString(Integer.toUnsignedLong(gid)).length() + 1 + perCsvCell;
                }
            }
            return text + cells * Integer.BYTES;
        }
        return switch (options.compression()) {
            case ZLIB, GZIP -> 0;
            case NONE -> cells * Integer.BYTES * 2 + (cells * Integer.BYTES + 2) / 3 * 4;
            case ZSTD -> cells * Integer.BYTES * 2;
        };
    }

    /** Encodes gids as Tiled writes them, compressed at the options' level. */
    public static String encode(int[] gids, int width, TmxWriter.Options options) {
        return encode(gids, width, options.encoding(), options.compression(), options.level());
    }

    /** Encodes gids as Tiled writes them: CSV rows, or base64 of (compressed) little-endian uint32. */
    public static String encode(int[] gids, int width, Encoding encoding, Compression compression) {
        return encode(gids, width, encoding, compression, -1);
    }

    private static String encode(int[] gids, int width, Encoding encoding, Compression compression, int level) {
        if (encoding == Encoding.CSV) {
            StringBuilder out = new StringBuilder(gids.length * 3);
            for (int i = 0; i < gids.length; i++) {
                out.append(Integer.toUnsignedString(gids[i]));
                if (i + 1 < gids.length) {
                    out.append(',');
                    if ((i + 1) % width == 0) {
                        out.append('\n');
                    }
                }
            }
            return out.toString();
        }
        ByteBuffer raw = ByteBuffer.allocate(gids.length * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        raw.asIntBuffer().put(gids);
        return Base64.getEncoder().encodeToString(compress(raw.array(), compression, level));
    }

    /** Compressed at {@code level} (-1: zlib's and gzip's default, zstd's 3, as Tiled compresses). */
    private static byte[] compress(byte[] raw, Compression compression, int level) {
        if (compression == Compression.NONE) {
            return raw;
        }
        if (compression == Compression.ZSTD) {
            return com.github.luben.zstd.Zstd.compress(raw, level < 0 ? 3 : level);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length / 4 + 64);
        java.util.zip.Deflater deflater = compression == Compression.ZLIB ? new java.util.zip.Deflater(level) : null;
        try (OutputStream compressing = deflater != null
                ? new DeflaterOutputStream(out, deflater) : new LevelledGzip(out, level)) {
            compressing.write(raw);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (deflater != null) {
                deflater.end(); // a deflater given to the stream is not ended by it
            }
        }
        return out.toByteArray();
    }

    /** A gzip stream compressing at a chosen level. */
    private static final class LevelledGzip extends GZIPOutputStream {
        LevelledGzip(OutputStream out, int level) throws IOException {
            super(out);
            def.setLevel(level);
        }
    }
}
