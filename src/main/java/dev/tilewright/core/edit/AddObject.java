package dev.tilewright.core.edit;

import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileMap;

import java.util.Objects;

/** Adds an object on top of an object layer; an object id of 0 asks the map for the next free id. */
public record AddObject(int layerId, MapObject object) implements MapOp {

    public AddObject {
        Objects.requireNonNull(object, "object");
    }

    @Override
    public Applied applyTo(TileMap map) {
        ObjectLayer layer = Checks.objectLayer(map, layerId);
        if (object.id() != 0) {
            int owner = Checks.objectIdInUse(map, object.id());
            if (owner >= 0) {
                throw new InvalidOpException("object.id", "object id " + object.id() + " is in use on layer " + owner
                        + "; leave it out (or 0) to get a new one");
            }
        }
        if (object.gid() != 0) {
            Checks.gid(map, object.gid(), "object.gid");
        }
        MapObject placed = object.id() == 0 ? object.withId(map.takeObjectId()) : object;
        map.noteObjectId(placed.id());
        layer.put(placed);
        return new Applied(new AddObject(layerId, placed), new RemoveObject(layerId, placed.id()));
    }
}
