package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;

import java.util.List;

/** Cells scattered over a layer as one op: a paint when few, else a region over their box masked to exactly them. */
public final class Scattered {

    /** At most this many cells go as a paint (as the editor's INLINE_LIMIT). */
    public static final int INLINE_LIMIT = 256;

    private Scattered() {
    }

    /** The op writing these cells (none of them twice), or null when there are none. */
    public static MapOp op(int layerId, List<Cell> cells) {
        if (cells.isEmpty()) {
            return null;
        }
        if (cells.size() <= INLINE_LIMIT) {
            return new Paint(layerId, cells);
        }
        int x0 = Integer.MAX_VALUE;
        int y0 = Integer.MAX_VALUE;
        int x1 = Integer.MIN_VALUE;
        int y1 = Integer.MIN_VALUE;
        for (Cell c : cells) {
            x0 = Math.min(x0, c.x());
            y0 = Math.min(y0, c.y());
            x1 = Math.max(x1, c.x());
            y1 = Math.max(y1, c.y());
        }
        TileRect box = new TileRect(x0, y0, x1 - x0 + 1, y1 - y0 + 1);
        int[] gids = new int[Math.toIntExact(box.area())];
        byte[] written = new byte[(gids.length + 7) / 8];
        for (Cell c : cells) {
            int i = (c.y() - y0) * box.width() + (c.x() - x0);
            gids[i] = (int) c.gid();
            written[i >> 3] |= (byte) (1 << (i & 7));
        }
        return PutRegion.masked(layerId, box, gids, written);
    }
}
