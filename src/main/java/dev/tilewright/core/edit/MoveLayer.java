package dev.tilewright.core.edit;

import dev.tilewright.core.model.TileMap;

/** Moves a layer to another stack position (0 = bottom). */
public record MoveLayer(int layerId, int index) implements MapOp {

    @Override
    public Applied applyTo(TileMap map) {
        Checks.layer(map, layerId);
        if (index < 0 || index >= map.layers().size()) {
            throw new InvalidOpException("index", "layer index " + index + " is outside 0.." + (map.layers().size() - 1));
        }
        int from = map.layerIndex(layerId);
        map.moveLayer(layerId, index);
        return new Applied(this, new MoveLayer(layerId, from));
    }
}
