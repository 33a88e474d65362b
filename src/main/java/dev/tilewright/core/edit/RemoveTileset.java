package dev.tilewright.core.edit;

import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

/** Takes a tileset off the map; refused while a cell or a tile object still shows one of its tiles. */
public record RemoveTileset(long tilesetId) implements MapOp {

    @Override
    public Applied applyTo(TileMap map) {
        MapTileset used = map.tilesets().stream().filter(t -> t.tilesetId() == tilesetId).findFirst()
                .orElseThrow(() -> new InvalidOpException("tilesetId", "the map does not use tileset " + tilesetId));
        for (Layer layer : map.layers()) {
            if (layer instanceof TileLayer cells && usesAny(cells, used)) {
                throw new InvalidOpException("tilesetId", "layer " + layer.id() + " still shows tiles of tileset "
                        + tilesetId + "; erase them first");
            }
            if (layer instanceof ObjectLayer objects) {
                for (MapObject o : objects.objects()) {
                    if (o.gid() != null && used.owns(Gid.id(Gid.parseUnsigned(o.gid())))) {
                        throw new InvalidOpException("tilesetId", "object " + o.id() + " shows a tile of tileset "
                                + tilesetId + "; remove it first");
                    }
                }
            }
        }
        map.removeTileset(tilesetId);
        return new Applied(this, new AddTileset(tilesetId, used.firstGid(), used.tileCount()));
    }

    private static boolean usesAny(TileLayer layer, MapTileset tileset) {
        for (int cy = 0; cy < layer.chunksY(); cy++) {
            for (int cx = 0; cx < layer.chunksX(); cx++) {
                int[] chunk = layer.liveChunk(cx, cy);
                if (chunk != null) {
                    for (int gid : chunk) {
                        if (gid != Gid.EMPTY && tileset.owns(Gid.id(gid))) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }
}
