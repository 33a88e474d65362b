package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Writes a rectangle of gids, row-major (a pasted stamp, a bucket fill, an imported layer, the undo of a fill). The
 * gids come either as {@code gids} (unsigned 32-bit values in longs) or as {@code data}, Tiled's base64 + zlib layer
 * data; a region of more than {@value #INLINE_LIMIT} cells is kept and written in the compact form. An optional
 * {@code mask} (one bit per cell, base64 + zlib, see {@link RegionData}) names the cells written: the others are
 * left as they are and their gids ignored, so a bucket fill's irregular area travels as its bounding box without
 * overwriting what others changed beside it. The inverse has the same mask.
 */
public record PutRegion(int layerId, int x, int y, int width, int height, long[] gids, String data, String mask)
        implements MapOp {

    static final int INLINE_LIMIT = 256;

    public PutRegion {
        if ((gids == null) == (data == null)) {
            throw new IllegalArgumentException("give a region's gids either as gids or as data, not both or neither");
        }
        if (gids != null) {
            gids = gids.clone();
            if (gids.length > INLINE_LIMIT) {
                data = RegionData.encode(gids);
                gids = null;
            }
        }
    }

    public PutRegion(int layerId, int x, int y, int width, int height, long[] gids, String data) {
        this(layerId, x, y, width, height, gids, data, null);
    }

    public PutRegion(int layerId, int x, int y, int width, int height, long[] gids) {
        this(layerId, x, y, width, height, Objects.requireNonNull(gids, "gids"), null, null);
    }

    /** A region from a layer's own values (as read), written compactly when large; mask as {@link #mask()}. */
    static PutRegion of(int layerId, TileRect rect, int[] gids, String mask) {
        if (gids.length > INLINE_LIMIT) {
            return new PutRegion(layerId, rect.x(), rect.y(), rect.width(), rect.height(), null,
                    RegionData.encode(gids), mask);
        }
        long[] values = new long[gids.length];
        for (int i = 0; i < gids.length; i++) {
            values[i] = Integer.toUnsignedLong(gids[i]);
        }
        return new PutRegion(layerId, rect.x(), rect.y(), rect.width(), rect.height(), values, null, mask);
    }

    /**
     * A region of a layer's values (as held) that writes only the cells whose bit is set in {@code written} (bit i:
     * cell i, row-major), compact when large; no mask when every cell is written.
     */
    public static PutRegion masked(int layerId, TileRect rect, int[] gids, byte[] written) {
        int area = gids.length;
        boolean all = true;
        for (int i = 0; i < area && all; i++) {
            all = RegionData.masked(written, i);
        }
        return of(layerId, rect, gids, all ? null : RegionData.encodeMask(written));
    }

    static PutRegion of(int layerId, TileRect rect, int[] gids) {
        return of(layerId, rect, gids, null);
    }

    /** The inline gids, or null when they travel as {@link #data()}; see {@link #cells()}. */
    @Override
    public long[] gids() {
        return gids == null ? null : gids.clone();
    }

    /** The region's gids row-major, whichever form they came in. */
    public long[] cells() {
        int[] values = values();
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = Integer.toUnsignedLong(values[i]);
        }
        return out;
    }

    /** The gids as the layer holds them (unchecked): inline ones cut to 32 bits, compact ones decoded. */
    private int[] values() {
        if (gids != null) {
            int[] out = new int[gids.length];
            for (int i = 0; i < gids.length; i++) {
                out[i] = (int) gids[i];
            }
            return out;
        }
        return RegionData.decode(data, area());
    }

    /** What a region writes, cell by cell: {@code (x, y, gid)} of every cell it names (the mask's, or all). */
    public interface CellSink {
        void cell(int x, int y, long gid);
    }

    /** Visits every cell the region writes (its mask's cells, or all), row by row, with the gid it writes. */
    public void forEachWritten(CellSink sink) {
        int[] values = values();
        byte[] bits = mask == null ? null : RegionData.decodeMask(mask, values.length);
        for (int i = 0; i < values.length; i++) {
            if (bits == null || RegionData.masked(bits, i)) {
                sink.cell(x + i % width, y + i / width, Integer.toUnsignedLong(values[i]));
            }
        }
    }

    private int area() {
        if (width < 1 || height < 1) {
            throw new InvalidOpException("width", "a region needs a positive width and height");
        }
        try {
            return Math.multiplyExact(width, height);
        } catch (ArithmeticException e) {
            throw new InvalidOpException("width", "a " + width + "x" + height + " region is too large");
        }
    }

    @Override
    public Applied applyTo(TileMap map) {
        TileLayer layer = Checks.tileLayer(map, layerId);
        TileRect rect = Checks.rect(map, x, y, width, height);
        requireGidCount(rect);
        byte[] bits = mask == null ? null : RegionData.decodeMask(mask, (int) rect.area());
        int[] values = checkedValues(map, layer, rect, bits);
        int[] previous = layer.read(rect);
        write(layer, rect, values, bits);
        if (bits != null) {
            for (int i = 0; i < values.length; i++) {
                if (!RegionData.masked(bits, i)) {
                    previous[i] = 0; // not part of the region: its inverse leaves it alone too
                }
            }
        }
        return new Applied(this, of(layerId, rect, previous, mask));
    }

    @Override
    public void replayOn(TileMap map) {
        TileLayer layer = Checks.tileLayer(map, layerId);
        TileRect rect = Checks.rect(map, x, y, width, height);
        requireGidCount(rect);
        byte[] bits = mask == null ? null : RegionData.decodeMask(mask, (int) rect.area());
        write(layer, rect, checkedValues(map, layer, rect, bits), bits);
    }

    /** The region's cells as the layer stores them, each checked against the map (its tilesets, its flags). */
    private int[] checkedValues(TileMap map, TileLayer layer, TileRect rect, byte[] bits) {
        int[] values = values();
        for (int i = 0; i < values.length; i++) {
            if (bits == null || RegionData.masked(bits, i)) {
                long gid = gids != null ? gids[i] : Integer.toUnsignedLong(values[i]);
                values[i] = Checks.cellValue(map, layer, gid, gids != null ? "gids[" + i + "]" : "data");
            }
        }
        return values;
    }

    private void requireGidCount(TileRect rect) {
        if (gids != null && gids.length != rect.area()) {
            throw new InvalidOpException("gids", "a " + width + "x" + height + " region takes " + rect.area()
                    + " gids, got " + gids.length);
        }
    }

    /** Writes the region (only its masked cells, with a mask). */
    private static void write(TileLayer layer, TileRect rect, int[] values, byte[] bits) {
        if (bits == null) {
            layer.write(rect, values);
            return;
        }
        for (int i = 0; i < values.length; i++) {
            if (RegionData.masked(bits, i)) {
                layer.set(rect.x() + i % rect.width(), rect.y() + i / rect.width(), values[i]);
            }
        }
    }

    @Override
    public long cellCount() {
        return (long) Math.max(0, width) * Math.max(0, height);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PutRegion other && layerId == other.layerId && x == other.x && y == other.y
                && width == other.width && height == other.height && Arrays.equals(cells(), other.cells())
                && Objects.equals(mask, other.mask);
    }

    @Override
    public int hashCode() {
        return Objects.hash(layerId, x, y, width, height, Arrays.hashCode(cells()), mask);
    }

    @Override
    public String toString() {
        return "PutRegion[layerId=" + layerId + ", x=" + x + ", y=" + y + ", width=" + width + ", height=" + height
                + (gids != null ? ", " + gids.length + " gids" : ", data") + (mask != null ? ", masked]" : "]");
    }

    @Override
    public void touchedTiles(TileMap map, Consumer<TileRect> touched) {
        touched.accept(new TileRect(x, y, width, height));
    }
}
