package dev.tilewright.core.edit;

import dev.tilewright.core.model.TileMap;

/**
 * One change to a map: the unit that every entry point (REST, live socket, import, undo) sends through the one
 * edit path, that the op log stores, and that clients replay. Applying validates the op against the map first
 * and throws {@link InvalidOpException} with the map unchanged; otherwise it changes the map and returns the op
 * as applied (ids assigned) with its inverse.
 */
public sealed interface MapOp
        permits Paint, FillRect, PutRegion, AddObject, UpdateObject, RemoveObject, AddLayer, RemoveLayer, MoveLayer,
        UpdateLayer, RenameMap, SetProperty, Batch {

    Applied applyTo(TileMap map);

    /** How many cells the op writes, for limits on op size. */
    default long cellCount() {
        return 0;
    }

    /** How many ops this counts as, for limits on batch size. */
    default int opCount() {
        return 1;
    }
}
