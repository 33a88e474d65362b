package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.TileLayer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What puts back the cells a fill covers, kept as compact as they are: up to a chunk's worth of cells, one fill when
 * they hold one gid, else a region of them; past it, the rectangle cut at chunk edges; a part whose cells all hold one gid becomes a {@link FillRect} (parts of one gid side
 * by side, then runs of them above one another, merged), any other part a {@link PutRegion} of its cells. So the
 * inverse of a fill over an empty or filled layer is one fill however large, and one over painted cells holds those
 * cells only. The ops: fills by their top-left (row, then column), then regions in chunk order; one op alone, else a
 * batch. {@code model/ops.js} works it out the same way (fixtures/ops/regions.json).
 */
final class FillInverse {

    /** Fills of at most this many cells are put back by one region, as any op's cells are. */
    static final int ONE_REGION = TileLayer.CHUNK_CELLS;

    private FillInverse() {
    }

    /**
     * Fills of at least this many cells are put back from a view of the layer as it was (pages shared, made in a
     * moment; {@link RestoreCells#putBack}): the server's inverse only ever rolls an op back in place, and working out
     * the regions of a whole 8192x8192 layer of varied tiles took a second. The editor's undo of such a fill is a
     * restoreCells too (model/ops.js restoreInverse).
     */
    static final long BY_REFERENCE = 64L * TileLayer.CHUNK_CELLS;

    static MapOp of(int layerId, TileLayer layer, TileRect rect) {
        if (rect.area() >= BY_REFERENCE) {
            return RestoreCells.putBack(layerId, rect, layer.view());
        }
        if (rect.area() <= ONE_REGION) {
            int[] cells = layer.read(rect);
            return TileLayer.isUniform(cells) ? new FillRect(layerId, rect.x(), rect.y(), rect.width(), rect.height(),
                    Integer.toUnsignedLong(cells[0])) : PutRegion.of(layerId, rect, cells);
        }
        int size = TileLayer.CHUNK_SIZE;
        List<FillRect> done = new ArrayList<>();
        List<FillRect> open = new ArrayList<>();
        List<MapOp> regions = new ArrayList<>();
        for (int cy = rect.y() / size; cy <= (rect.bottom() - 1) / size; cy++) {
            List<FillRect> row = new ArrayList<>();
            for (int cx = rect.x() / size; cx <= (rect.right() - 1) / size; cx++) {
                TileRect part = rect.intersection(new TileRect(cx * size, cy * size, size, size));
                int[] live = layer.liveChunk(cx, cy);
                int[] cells = layer.uniformChunk(cx, cy) ? null : layer.read(part); // one gid: no need to read them
                if (cells != null && !TileLayer.isUniform(cells)) {
                    regions.add(PutRegion.of(layerId, part, cells));
                    continue;
                }
                long gid = Integer.toUnsignedLong(cells != null ? cells[0] : live == null ? 0 : live[0]);
                FillRect last = row.isEmpty() ? null : row.get(row.size() - 1);
                if (last != null && last.gid() == gid && last.x() + last.width() == part.x()) {
                    row.set(row.size() - 1, new FillRect(layerId, last.x(), last.y(), last.width() + part.width(),
                            last.height(), gid));
                } else {
                    row.add(new FillRect(layerId, part.x(), part.y(), part.width(), part.height(), gid));
                }
            }
            // a run of this row below one of the row above, the same columns and gid, grows it
            List<FillRect> next = new ArrayList<>();
            for (FillRect run : row) {
                FillRect above = open.stream().filter(o -> o.x() == run.x() && o.width() == run.width()
                        && o.gid() == run.gid() && o.y() + o.height() == run.y()).findFirst().orElse(null);
                if (above != null) {
                    open.remove(above);
                    next.add(new FillRect(layerId, above.x(), above.y(), above.width(), above.height() + run.height(),
                            run.gid()));
                } else {
                    next.add(run);
                }
            }
            done.addAll(open);
            open = next;
        }
        done.addAll(open);
        done.sort(Comparator.comparingInt(FillRect::y).thenComparingInt(FillRect::x));
        List<MapOp> ops = new ArrayList<>(done);
        ops.addAll(regions);
        return ops.size() == 1 ? ops.get(0) : new Batch(ops);
    }
}
