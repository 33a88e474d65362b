package dev.tilewright.map;

import dev.tilewright.config.LimitsProperties;
import dev.tilewright.core.edit.Batch;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;

/**
 * The edit path's limits on one op, checked before it is applied: its size (ops, cells written, cells filled, a
 * text's bytes), the layers it would give the map, and IntGrid fills counted cell by cell. Each refusal names the
 * setting and what to do.
 */
final class EditLimits {

    private final LimitsProperties limits;

    EditLimits(LimitsProperties limits) {
        this.limits = limits;
    }

    void checkText(MapOp op) {
        long text = op.longestText();
        if (text > limits.maxTextBytes()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-text-bytes",
                    limits.maxTextBytes(), "A text object's text has " + text + " bytes").with("field", "ops");
        }
    }

    /** The refusal when the op could take the map past its layer limit (checked before anything is applied). */
    Refused layersOverLimit(TileMap map, MapOp op) {
        int added = op.layersAdded();
        if (added == 0 || map.layers().size() + added <= limits.maxLayersPerMap()) {
            return null;
        }
        return Refused.overLimit(Refusal.Kind.INVALID, "tilewright.limits.max-layers-per-map",
                limits.maxLayersPerMap(), "The map has " + map.layers().size() + " layers and the change adds " + added)
                .with("field", "ops");
    }

    /** The op's size against the per-request limits (ops, cells written, cells filled; a text's bytes). */
    void checkSize(MapOp op) {
        checkText(op);
        if (op.opCount() > limits.maxOpsPerRequest()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-ops-per-request",
                    limits.maxOpsPerRequest(), "The change holds " + op.opCount() + " ops; send it in parts")
                    .with("field", "ops");
        }
        if (op.cellCount() > limits.maxCellsPerOp()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-cells-per-op",
                    limits.maxCellsPerOp(), "The change writes " + op.cellCount() + " cells; send it in parts")
                    .with("field", "ops");
        }
        if (op.fillCells() > limits.maxFillCells()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-fill-cells",
                    limits.maxFillCells(), "The change fills " + op.fillCells() + " cells; fill less at once")
                    .with("field", "ops");
        }
    }

    /**
     * A change that fills IntGrid cells past max-cells-per-op (with what it writes cell by cell): its auto-layers are
     * worked out cell by cell, so such fills count as cells. Null when within.
     */
    Refused intGridOverLimit(TileMap map, MapOp op) {
        long cells = op.cellCount() + intGridFills(map, op);
        if (cells <= limits.maxCellsPerOp()) {
            return null;
        }
        return Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-cells-per-op",
                limits.maxCellsPerOp(), "The change writes " + cells + " cells (IntGrid fills count cell by cell: "
                        + "their auto-layers are worked out for each); send it in parts").with("field", "ops");
    }

    private static long intGridFills(TileMap map, MapOp op) {
        if (op instanceof Batch batch) {
            return batch.ops().stream().mapToLong(o -> intGridFills(map, o)).sum();
        }
        int layerId = op instanceof dev.tilewright.core.edit.FillRect fill ? fill.layerId()
                : op instanceof dev.tilewright.core.edit.RestoreCells restore ? restore.layerId() : -1;
        if (layerId >= 0 && map.layer(layerId)
                .filter(l -> l instanceof dev.tilewright.core.model.TileLayer t && t.isIntGrid()).isPresent()) {
            return op.fillCells();
        }
        return 0;
    }
}
