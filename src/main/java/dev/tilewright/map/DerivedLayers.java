package dev.tilewright.map;

import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.model.TileMap;

import java.util.function.LongSupplier;

/**
 * Layers the server keeps derived from others (auto-layers): asked after each op is applied, under the map's lock and
 * in its transaction, for the op that brings them up to date; that op is applied and logged with the change that
 * caused it, as one version.
 */
public interface DerivedLayers {

    /**
     * The op updating derived layers after {@code applied} changed {@code map}; null when none changes.
     *
     * @param project the map's project id (looked up when first asked)
     */
    MapOp follow(LongSupplier project, TileMap map, MapOp applied);
}
