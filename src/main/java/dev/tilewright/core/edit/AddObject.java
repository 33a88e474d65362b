package dev.tilewright.core.edit;

import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileMap;

import java.util.Objects;

/**
 * Adds an object to an object layer; an object id of 0 asks the map for the next free id.
 *
 * @param index drawing-order position (0 = drawn first), or null for on top
 */
public record AddObject(int layerId, MapObject object, Integer index) implements MapOp {

    public AddObject(int layerId, MapObject object) {
        this(layerId, object, null);
    }


    public AddObject {
        Objects.requireNonNull(object, "object");
    }

    @Override
    public long longestText() {
        return object.text() == null ? 0 : object.text().utf8Bytes();
    }

    @Override
    public Applied applyTo(TileMap map) {
        ObjectLayer layer = Checks.objectLayer(map, layerId);
        Checks.newId(object.id(), map.nextObjectId(), "object.id", "object");
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
        int at = index == null ? layer.size() : index;
        if (at < 0 || at > layer.size()) {
            throw new InvalidOpException("index", "object index " + at + " is outside 0.." + layer.size());
        }
        MapObject placed = object.id() == 0 ? object.withId(map.takeObjectId()) : object;
        map.noteObjectId(placed.id());
        layer.insert(at, placed);
        return new Applied(new AddObject(layerId, placed, index), new RemoveObject(layerId, placed.id()));
    }
}
