package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.Arrays;
import java.util.Objects;

/**
 * Writes a rectangle of gids, row-major (a pasted stamp, or the undo of a fill).
 *
 * @param gids unsigned 32-bit gids held in longs, {@code width * height} of them
 */
public record PutRegion(int layerId, int x, int y, int width, int height, long[] gids) implements MapOp {

    public PutRegion {
        gids = Objects.requireNonNull(gids, "gids").clone();
    }

    static PutRegion of(int layerId, TileRect rect, int[] gids) {
        long[] values = new long[gids.length];
        for (int i = 0; i < gids.length; i++) {
            values[i] = Integer.toUnsignedLong(gids[i]);
        }
        return new PutRegion(layerId, rect.x(), rect.y(), rect.width(), rect.height(), values);
    }

    @Override
    public long[] gids() {
        return gids.clone();
    }

    @Override
    public Applied applyTo(TileMap map) {
        TileLayer layer = Checks.tileLayer(map, layerId);
        TileRect rect = Checks.rect(map, x, y, width, height);
        if (gids.length != rect.area()) {
            throw new InvalidOpException("gids", "a " + width + "x" + height + " region takes " + rect.area()
                    + " gids, got " + gids.length);
        }
        int[] values = new int[gids.length];
        for (int i = 0; i < gids.length; i++) {
            values[i] = Checks.gid(map, gids[i], "gids[" + i + "]");
        }
        PutRegion inverse = of(layerId, rect, layer.read(rect));
        layer.write(rect, values);
        return new Applied(this, inverse);
    }

    @Override
    public long cellCount() {
        return gids.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PutRegion other && layerId == other.layerId && x == other.x && y == other.y
                && width == other.width && height == other.height && Arrays.equals(gids, other.gids);
    }

    @Override
    public int hashCode() {
        return Objects.hash(layerId, x, y, width, height, Arrays.hashCode(gids));
    }

    @Override
    public String toString() {
        return "PutRegion[layerId=" + layerId + ", x=" + x + ", y=" + y + ", width=" + width + ", height=" + height
                + ", gids=" + gids.length + " cells]";
    }
}
