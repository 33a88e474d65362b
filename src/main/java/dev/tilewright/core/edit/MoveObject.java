package dev.tilewright.core.edit;

import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileMap;

/**
 * Moves an object to another place in its layer's drawing order (0 = drawn first), where it stands once moved: raise,
 * lower, to front and to back. Its inverse moves it back.
 */
public record MoveObject(int layerId, int objectId, int index) implements MapOp {

    @Override
    public Applied applyTo(TileMap map) {
        ObjectLayer layer = Checks.objectLayer(map, layerId);
        Checks.object(layer, objectId);
        if (index < 0 || index >= layer.size()) {
            throw new InvalidOpException("index", "object index " + index + " is outside 0.." + (layer.size() - 1));
        }
        int from = layer.indexOf(objectId);
        layer.move(objectId, index);
        return new Applied(this, new MoveObject(layerId, objectId, from));
    }
}
