package dev.tilewright.core.edit;

import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.TileMap;

/**
 * Makes a stored tileset available to the map's cells, after the tilesets it has: its tiles get the gids from
 * {@code firstGid} on (null: the first gid after every tileset's). {@code tileCount} is the tileset's, filled in by
 * the service from the stored tileset.
 */
public record AddTileset(long tilesetId, Integer firstGid, Integer tileCount) implements MapOp {

    @Override
    public Applied applyTo(TileMap map) {
        if (tileCount == null || tileCount < 1) {
            throw new InvalidOpException("tileCount", "the tileset's tile count is missing");
        }
        if (map.tilesets().stream().anyMatch(t -> t.tilesetId() == tilesetId)) {
            throw new InvalidOpException("tilesetId", "the map uses tileset " + tilesetId + " already");
        }
        int first = firstGid == null ? map.nextFirstGid() : firstGid;
        MapTileset added;
        try {
            added = new MapTileset(tilesetId, first, tileCount);
            map.addTileset(added);
        } catch (IllegalArgumentException e) {
            throw new InvalidOpException("firstGid", e.getMessage());
        }
        return new Applied(new AddTileset(tilesetId, first, tileCount), new RemoveTileset(tilesetId));
    }
}
