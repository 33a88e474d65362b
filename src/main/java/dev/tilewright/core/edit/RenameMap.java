package dev.tilewright.core.edit;

import dev.tilewright.core.model.TileMap;

/** Gives the map a new name. */
public record RenameMap(String name) implements MapOp {

    @Override
    public Applied applyTo(TileMap map) {
        if (name == null || name.isBlank()) {
            throw new InvalidOpException("name", "map name must not be blank");
        }
        return new Applied(this, new RenameMap(map.setName(name)));
    }
}
