package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.function.Consumer;

/**
 * Puts a rectangle of a tile layer's cells back as they were at an earlier version of the map: the undo of an edit too
 * large to keep what it overwrote (a fill of a whole 8192x8192 layer of varied tiles), a few bytes however many cells
 * it covers. It reads the map's past, so it is applied {@linkplain #resolve resolved} against it: chunks it covers
 * whole are then taken from that version as they are ({@link TileLayer#restore}). Its inverse names the version it
 * was applied to.
 */
public record RestoreCells(int layerId, int x, int y, int width, int height, long version) implements AreaFill {

    @Override
    public Applied applyTo(TileMap map) {
        throw new IllegalStateException("restoreCells reads the map's past: resolve it against the past first");
    }

    @Override
    public MapOp resolve(Past past) {
        if (version < 1 || version > past.version()) {
            throw new InvalidOpException("version", "the map has versions 1.." + past.version() + ", not " + version);
        }
        return new Resolved(this, past.tileLayer(version, layerId), past.version());
    }

    /**
     * What puts {@code rect} of a layer back as {@code before} (a view of it taken before an edit) holds it, applied
     * in place right after the edit (a batch or a derived layer that fails rolls back): no version is named (0), so
     * it is never logged or sent.
     */
    static MapOp putBack(int layerId, TileRect rect, TileLayer before) {
        return new Resolved(new RestoreCells(layerId, rect.x(), rect.y(), rect.width(), rect.height(), 0), before, 0);
    }

    /**
     * The op with what it reads from the past: the layer as it was then ({@code then}, null when the map had no tile
     * layer of that id), and the version the map is at now (what its inverse names). Its inverse, applied right
     * after it, is resolved already: a view of the layer as it was before (pages shared, made in a moment).
     */
    public record Resolved(RestoreCells op, TileLayer then, long now) implements MapOp {

        @Override
        public Applied applyTo(TileMap map) {
            TileLayer layer = Checks.tileLayer(map, op.layerId);
            TileLayer before = layer.view();
            restoreOn(layer, map);
            return new Applied(op, new Resolved(new RestoreCells(op.layerId, op.x, op.y, op.width, op.height, now),
                    before, now + 1));
        }

        @Override
        public void replayOn(TileMap map) {
            restoreOn(Checks.tileLayer(map, op.layerId), map);
        }

        private void restoreOn(TileLayer layer, TileMap map) {
            TileRect rect = Checks.rect(map, op.x, op.y, op.width, op.height);
            if (then == null) {
                throw new InvalidOpException("version", "layer " + op.layerId + " was no tile layer at version "
                        + op.version);
            }
            layer.restore(rect, then);
        }

        @Override
        public long fillCells() {
            return op.fillCells();
        }

        @Override
        public void touchedTiles(TileMap map, Consumer<TileRect> touched) {
            op.touchedTiles(map, touched);
        }
    }
}
