package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Writes a rectangle of gids, row-major (a pasted stamp, an imported layer, the undo of a fill). The gids come
 * either as {@code gids} (unsigned 32-bit values in longs) or as {@code data}, Tiled's base64 + zlib layer data;
 * a region of more than {@value #INLINE_LIMIT} cells is kept and written in the compact form.
 */
public record PutRegion(int layerId, int x, int y, int width, int height, long[] gids, String data) implements MapOp {

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

    public PutRegion(int layerId, int x, int y, int width, int height, long[] gids) {
        this(layerId, x, y, width, height, Objects.requireNonNull(gids, "gids"), null);
    }

    static PutRegion of(int layerId, TileRect rect, int[] gids) {
        long[] values = new long[gids.length];
        for (int i = 0; i < gids.length; i++) {
            values[i] = Integer.toUnsignedLong(gids[i]);
        }
        return new PutRegion(layerId, rect.x(), rect.y(), rect.width(), rect.height(), values);
    }

    /** The inline gids, or null when they travel as {@link #data()}; see {@link #cells()}. */
    @Override
    public long[] gids() {
        return gids == null ? null : gids.clone();
    }

    /** The region's gids row-major, whichever form they came in. */
    public long[] cells() {
        if (gids != null) {
            return gids.clone();
        }
        if (width < 1 || height < 1) {
            throw new InvalidOpException("width", "a region needs a positive width and height");
        }
        return RegionData.decode(data, Math.multiplyExact(width, height));
    }

    @Override
    public Applied applyTo(TileMap map) {
        TileLayer layer = Checks.tileLayer(map, layerId);
        TileRect rect = Checks.rect(map, x, y, width, height);
        long[] cells = cells();
        if (cells.length != rect.area()) {
            throw new InvalidOpException("gids", "a " + width + "x" + height + " region takes " + rect.area()
                    + " gids, got " + cells.length);
        }
        int[] values = new int[cells.length];
        for (int i = 0; i < cells.length; i++) {
            values[i] = Checks.gid(map, cells[i], "gids[" + i + "]");
        }
        PutRegion inverse = of(layerId, rect, layer.read(rect));
        layer.write(rect, values);
        return new Applied(this, inverse);
    }

    @Override
    public long cellCount() {
        return (long) Math.max(0, width) * Math.max(0, height);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PutRegion other && layerId == other.layerId && x == other.x && y == other.y
                && width == other.width && height == other.height && Arrays.equals(cells(), other.cells());
    }

    @Override
    public int hashCode() {
        return Objects.hash(layerId, x, y, width, height, Arrays.hashCode(cells()));
    }

    @Override
    public String toString() {
        return "PutRegion[layerId=" + layerId + ", x=" + x + ", y=" + y + ", width=" + width + ", height=" + height
                + (gids != null ? ", " + gids.length + " gids]" : ", data]");
    }

    @Override
    public void touchedTiles(TileMap map, Consumer<TileRect> touched) {
        touched.accept(new TileRect(x, y, width, height));
    }
}
