package dev.tilewright.render;

import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.TileMap;

import java.util.List;

/** The decoded pixels a gid shows: its tileset's atlas and the tile's place in it. */
record Drawable(Atlas atlas, Atlas.Source source) {

    /**
     * A cell's tile, or null when its tileset or tile is missing; an animated one's frame at {@code timeMs} when it
     * is given (null: the tile itself).
     */
    static Drawable of(TileMap map, Atlas[] atlases, int gid, Long timeMs) {
        int index = map.tilesetOf(gid).map(map.tilesets()::indexOf).orElse(-1);
        if (index < 0 || atlases[index] == null) {
            return null;
        }
        int local = Gid.id(gid) - map.tilesets().get(index).firstGid();
        if (timeMs != null && atlases[index].tileset().hasTile(local)) {
            List<TileData.Frame> frames = atlases[index].tileset().tile(local).animation();
            if (!frames.isEmpty()) {
                local = TileData.frameAt(frames, timeMs);
            }
        }
        Atlas.Source source = atlases[index].source(local);
        return source == null ? null : new Drawable(atlases[index], source);
    }

    /** Whether a tileset of the map has animated tiles. */
    static boolean animated(Atlas[] atlases) {
        for (Atlas atlas : atlases) {
            if (atlas != null && atlas.tileset().tiles().values().stream().anyMatch(t -> !t.animation().isEmpty())) {
                return true;
            }
        }
        return false;
    }
}
