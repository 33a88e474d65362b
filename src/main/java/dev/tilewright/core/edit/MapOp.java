package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.TileMap;

import java.util.function.Consumer;

/**
 * One change to a map: the unit that every entry point (REST, live socket, import, undo) sends through the one
 * edit path, that the op log stores, and that clients replay. Applying validates the op against the map first
 * and throws {@link InvalidOpException} with the map unchanged; otherwise it changes the map and returns the op
 * as applied (ids assigned) with its inverse.
 */
public sealed interface MapOp
        permits Paint, AreaFill, PutRegion, AddObject, UpdateObject, RemoveObject, MoveObject, AddLayer, RemoveLayer, MoveLayer, UpdateMap,
        UpdateLayer, RenameMap, SetProperty, SetGrid, OverrideGrid, AddTileset, RemoveTileset, Batch,
        RestoreCells.Resolved {

    Applied applyTo(TileMap map);

    /**
     * Applies the op as {@link #applyTo} does, leaving the map the same, without working out its inverse: replaying
     * the log (a past version, a cached map catching up with its log) never undoes, and a region op's inverse holds
     * as many cells as the op writes (a whole-layer fill's, hundreds of megabytes). Meant for ops that were applied
     * before (the log's): a batch that fails part-way is not rolled back.
     */
    default void replayOn(TileMap map) {
        applyTo(map);
    }

    /**
     * The op ready to apply to a map whose earlier versions are {@code past}: itself, but for an op that reads them
     * ({@link RestoreCells}, and a batch holding one), which takes what it reads from them. Every op from a client or
     * the log goes through this before it is applied or replayed.
     */
    default MapOp resolve(Past past) {
        return this;
    }

    /**
     * The tiles whose collision-grid elements this op, as applied, may have changed (what a kept grid recomputes).
     * Ops that change no tile cell, no layer stack and no grid setting or override touch none.
     */
    default void touchedTiles(TileMap map, Consumer<TileRect> touched) {
    }

    /** How many cells the op writes cell by cell (fills aside: {@link #fillCells}), for limits on op size. */
    default long cellCount() {
        return 0;
    }

    /**
     * How many cells the op fills with one gid: cheap per cell (chunks it covers whole share one array, and its
     * inverse is as compact as what it covers), so limited apart from {@link #cellCount}.
     */
    default long fillCells() {
        return 0;
    }

    /** How many layers the op adds at most (removals in the same batch not counted), for the layers-per-map limit. */
    default int layersAdded() {
        return 0;
    }

    /** The longest text the op gives an object, in UTF-8 bytes (0: none), for the text length limit. */
    default long longestText() {
        return 0;
    }

    /** How many ops this counts as, for limits on batch size. */
    default int opCount() {
        return 1;
    }
}
