package dev.tilewright.core.edit;

import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileMap;

import java.util.Objects;

/** Moves, resizes, renames or otherwise changes fields of one object (see {@link ObjectPatch}). */
public record UpdateObject(int layerId, int objectId, ObjectPatch patch) implements MapOp {

    public UpdateObject {
        Objects.requireNonNull(patch, "patch");
    }

    @Override
    public long longestText() {
        return patch == null || patch.text() == null ? 0 : patch.text().utf8Bytes();
    }

    @Override
    public Applied applyTo(TileMap map) {
        ObjectLayer layer = Checks.objectLayer(map, layerId);
        MapObject current = Checks.object(layer, objectId);
        if (patch.gid() != null && patch.gid() != 0) {
            Checks.gid(map, patch.gid(), "patch.gid");
        }
        MapObject next;
        try {
            next = patch.applyTo(current);
        } catch (IllegalArgumentException e) {
            throw new InvalidOpException("patch", e.getMessage());
        }
        layer.put(next);
        return new Applied(this, new UpdateObject(layerId, objectId, patch.inverseFor(current)));
    }
}
