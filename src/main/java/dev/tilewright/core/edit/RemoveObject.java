package dev.tilewright.core.edit;

import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileMap;

/** Removes an object from an object layer; its inverse puts it back at its place in the drawing order. */
public record RemoveObject(int layerId, int objectId) implements MapOp {

    @Override
    public Applied applyTo(TileMap map) {
        ObjectLayer layer = Checks.objectLayer(map, layerId);
        MapObject removed = Checks.object(layer, objectId);
        int index = layer.indexOf(objectId);
        layer.remove(objectId);
        return new Applied(this, new AddObject(layerId, removed, index));
    }
}
