package dev.tilewright.core.history;

import dev.tilewright.core.edit.Applied;
import dev.tilewright.core.edit.Batch;
import dev.tilewright.core.edit.FillRect;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.Paint;
import dev.tilewright.core.edit.PutRegion;
import dev.tilewright.core.edit.RemoveTileset;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.ArrayList;
import java.util.List;

/**
 * The op that takes a map back to an earlier version, and its undo. Fed the map as it was at that version and then,
 * oldest first, the ops logged since ({@link #replay}), it applies each and keeps its inverse without what it does to
 * cells; the op ({@link #op}) is those inverses newest first — layers, objects, properties, settings put back as undo
 * would — followed by what makes every tile layer's cells equal to the old version's: per layer one region over the
 * cells that differ, masked to them. So years of painting restore as one region per layer, and the op count is that
 * of the other changes. Its undo is the same the other way: the logged ops' other parts again, then the cells of now.
 * A tileset taken off on the way (the undo of adding it, or a removal done again) first has the cells that still show
 * it erased, as one masked region per layer: the cells are only put right at the end, and a tileset in use cannot go.
 */
public final class Restore {

    /** The cells to put back are more than one op may write. */
    public static final class TooLarge extends RuntimeException {
        private final long cells;

        TooLarge(long cells) {
            super(cells + " cells differ");
            this.cells = cells;
        }

        public long cells() {
            return cells;
        }
    }

    private final TileMap then;
    private final TileMap map;
    /** Per replayed op, its inverse's ops that are not about cells, in the order they apply. */
    private final List<List<MapOp>> inverses = new ArrayList<>();
    /** The replayed ops' parts that are not about cells, in log order (what the undo of the restore does again). */
    private final List<MapOp> forward = new ArrayList<>();
    private int ops;
    /** Cells the regions made so far cover (erasures on the way count too). */
    private long cells;

    /** @param atVersion the map as it was at the version to go back to (it is changed as ops are replayed) */
    public Restore(TileMap atVersion) {
        this.then = atVersion.view();
        this.map = atVersion;
    }

    /** The restore op and the op that undoes it. */
    public record Result(Batch op, Batch undo) {
    }

    /** Applies the next logged op (as logged; one that reads no past) and keeps its inverse. */
    public void replay(MapOp logged) {
        replay(logged, map -> dev.tilewright.core.edit.Past.NONE);
    }

    /**
     * Applies the next logged op (as logged, resolved against the map's past: {@code past} of the map as it is
     * replayed to) and keeps its inverse.
     */
    public void replay(MapOp logged, java.util.function.Function<TileMap, dev.tilewright.core.edit.Past> past) {
        Applied applied = logged.resolve(past.apply(map)).applyTo(map);
        List<MapOp> kept = new ArrayList<>();
        structural(applied.inverse(), kept);
        if (!kept.isEmpty()) {
            inverses.add(kept);
            ops += kept.size();
        }
        int before = forward.size();
        structural(applied.op(), forward);
        ops += forward.size() - before;
    }

    /** The ops kept so far (not about cells, both ways): what a caller bounds. */
    public int ops() {
        return ops;
    }

    private static void structural(MapOp op, List<MapOp> into) {
        if (op instanceof Batch batch) {
            batch.ops().forEach(o -> structural(o, into));
        } else if (!(op instanceof Paint || op instanceof FillRect || op instanceof PutRegion
                || op instanceof dev.tilewright.core.edit.RestoreCells
                || op instanceof dev.tilewright.core.edit.RestoreCells.Resolved)) {
            into.add(op);
        }
    }

    /**
     * The op that makes the map replayed to (its state after the last {@link #replay}) equal to the old version, and
     * the op that undoes it: the non-cell parts of the logged ops again, in order, then what makes every tile layer's
     * cells equal to now. Works both out on the replayed map (which ends as it began).
     *
     * @param maxCells the cells each op's regions may cover in all; past it {@link TooLarge} is thrown before they
     *                 are made
     */
    public Result op(long maxCells) {
        TileMap now = map.view();
        cells = 0;
        List<MapOp> back = new ArrayList<>();
        for (int i = inverses.size() - 1; i >= 0; i--) {
            for (MapOp op : inverses.get(i)) {
                apply(op, maxCells, back);
            }
        }
        cells(then, map, maxCells, back);
        List<MapOp> again = new ArrayList<>();
        for (MapOp op : forward) {
            apply(op, maxCells, again);
        }
        cells(now, map, maxCells, again);
        return new Result(new Batch(back), new Batch(again));
    }

    private void apply(MapOp op, long maxCells, List<MapOp> out) {
        if (op instanceof RemoveTileset removal) {
            map.tilesets().stream().filter(t -> t.tilesetId() == removal.tilesetId()).findFirst()
                    .ifPresent(shown -> erase(shown, maxCells, out));
        }
        op.applyTo(map);
        out.add(op);
    }

    /** Appends (and applies) what erases every cell that shows a tile of {@code tileset}: a masked region per layer. */
    private void erase(MapTileset tileset, long maxCells, List<MapOp> out) {
        for (Layer layer : map.layers()) {
            if (!(layer instanceof TileLayer tiles)) {
                continue;
            }
            TileRect box = box(tiles, tileset);
            if (box == null) {
                continue;
            }
            spend(box.area(), maxCells);
            int[] gids = tiles.read(box);
            byte[] written = new byte[(gids.length + 7) / 8];
            for (int c = 0; c < gids.length; c++) {
                if (gids[c] != Gid.EMPTY && tileset.owns(Gid.id(gids[c]))) {
                    written[c >> 3] |= (byte) (1 << (c & 7));
                }
                gids[c] = Gid.EMPTY;
            }
            PutRegion region = PutRegion.masked(tiles.id(), box, gids, written);
            region.applyTo(map);
            out.add(region);
        }
    }

    private void spend(long area, long maxCells) {
        cells += area;
        if (cells > maxCells) {
            throw new TooLarge(cells);
        }
    }

    /**
     * Appends (and applies to {@code have}) what makes each tile layer of {@code want} hold the same cells in
     * {@code have}: one region per layer over the cells that differ, masked to them.
     */
    private void cells(TileMap want, TileMap have, long maxCells, List<MapOp> out) {
        List<TileLayer> layers = new ArrayList<>();
        List<TileRect> boxes = new ArrayList<>();
        long area = 0;
        for (Layer layer : want.layers()) {
            if (layer instanceof TileLayer wanted && have.layer(wanted.id()).orElse(null) instanceof TileLayer there) {
                TileRect box = differing(wanted, there);
                if (box != null) {
                    layers.add(wanted);
                    boxes.add(box);
                    area += box.area();
                }
            }
        }
        spend(area, maxCells);
        for (int i = 0; i < layers.size(); i++) {
            TileLayer wanted = layers.get(i);
            TileRect box = boxes.get(i);
            int[] gids = wanted.read(box);
            int[] there = ((TileLayer) have.layer(wanted.id()).orElseThrow()).read(box);
            byte[] written = new byte[(gids.length + 7) / 8];
            for (int c = 0; c < gids.length; c++) {
                if (gids[c] != there[c]) {
                    written[c >> 3] |= (byte) (1 << (c & 7));
                }
            }
            PutRegion region = PutRegion.masked(wanted.id(), box, gids, written);
            region.applyTo(have);
            out.add(region);
        }
    }

    /** The smallest rectangle holding every cell that shows a tile of {@code tileset}; null when none does. */
    private static TileRect box(TileLayer layer, MapTileset tileset) {
        Bounds bounds = new Bounds();
        int size = TileLayer.CHUNK_SIZE;
        for (int cy = 0; cy < layer.chunksY(); cy++) {
            for (int cx = 0; cx < layer.chunksX(); cx++) {
                int[] chunk = layer.liveChunk(cx, cy);
                for (int i = 0; chunk != null && i < TileLayer.CHUNK_CELLS; i++) {
                    if (chunk[i] != Gid.EMPTY && tileset.owns(Gid.id(chunk[i]))) {
                        bounds.add(cx * size + i % size, cy * size + i / size);
                    }
                }
            }
        }
        return bounds.rect();
    }

    /** A growing box of cells. */
    private static final class Bounds {
        private int minX = Integer.MAX_VALUE;
        private int minY = Integer.MAX_VALUE;
        private int maxX = -1;
        private int maxY = -1;

        void add(int x, int y) {
            minX = Math.min(minX, x);
            minY = Math.min(minY, y);
            maxX = Math.max(maxX, x);
            maxY = Math.max(maxY, y);
        }

        TileRect rect() {
            return maxX < 0 ? null : new TileRect(minX, minY, maxX - minX + 1, maxY - minY + 1);
        }
    }

    /** The smallest rectangle holding every cell that differs between two layers of one size; null when none does. */
    private static TileRect differing(TileLayer a, TileLayer b) {
        Bounds bounds = new Bounds();
        int size = TileLayer.CHUNK_SIZE;
        for (int cy = 0; cy < a.chunksY(); cy++) {
            for (int cx = 0; cx < a.chunksX(); cx++) {
                if (a.sameChunk(b, cx, cy)) {
                    continue;
                }
                int[] x = a.liveChunk(cx, cy);
                int[] y = b.liveChunk(cx, cy);
                if (x == y) {
                    continue;
                }
                for (int i = 0; i < TileLayer.CHUNK_CELLS; i++) {
                    int p = x == null ? 0 : x[i];
                    int q = y == null ? 0 : y[i];
                    if (p != q) {
                        bounds.add(cx * size + i % size, cy * size + i / size);
                    }
                }
            }
        }
        return bounds.rect();
    }
}
