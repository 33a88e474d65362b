package dev.tilewright.format.ldtk;

import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.Tileset;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * LDtk's tilesets as a map's: the image cut by LDtk's grid, an LDtk tile id as the tile of the map's tileset (LDtk
 * counts a partly filled last column, Tiled does not), and the custom data and enum tags of tiles as their properties.
 */
final class LdtkTilesets {

    /** The tile property an LDtk tileset's custom data for a tile is kept in. */
    static final String CUSTOM_DATA = "ldtk.customData";

    private LdtkTilesets() {
    }

    /** An LDtk tile id's index in the map's tileset of its image; -1 when the image has no such tile. */
    static int localTile(int tileId, LdtkProject.TilesetDef ldtk, Tileset tileset) {
        if (tileId < 0) {
            return -1;
        }
        int column = tileId % ldtk.columns();
        int row = tileId / ldtk.columns();
        int local = row * tileset.columns() + column;
        return column >= tileset.columns() || local >= tileset.tileCount() ? -1 : local;
    }

    /** An LDtk tile (id and flips, bit 0 x and bit 1 y) as a gid of the map (0 when the image has no such tile). */
        static int gid(int tileId, int flips, LdtkProject.TilesetDef ldtk, Tileset tileset, int firstGid) {
        int local = localTile(tileId, ldtk, tileset);
        return local < 0 ? 0 : firstGid + local | ((flips & 1) != 0 ? Gid.FLIP_HORIZONTAL : 0)
                | ((flips & 2) != 0 ? Gid.FLIP_VERTICAL : 0);
    }

    /**
     * A tileset's custom data and enum tags as its tiles' properties: {@value #CUSTOM_DATA} (the text LDtk keeps)
     * and, named as the enum its tags come from, the tile's tags (its values, comma-separated).
     */
    static Map<Integer, TileData> tileData(LdtkProject project, LdtkProject.TilesetDef def, Tileset grid) {
        JsonNode json = null;
        for (JsonNode t : project.defs().path("tilesets")) {
            json = t.path("uid").asInt(Integer.MIN_VALUE) == def.uid() ? t : json;
        }
        if (json == null) {
            return Map.of();
        }
        Map<Integer, Properties> properties = new java.util.TreeMap<>();
        for (JsonNode custom : json.path("customData")) {
            int local = localTile(custom.path("tileId").asInt(-1), def, grid);
            if (local >= 0 && custom.path("data").isString()) {
                properties.merge(local, Properties.EMPTY.with(Property.of(CUSTOM_DATA, custom.path("data").asString())),
                        (a, b) -> a.with(b.get(CUSTOM_DATA).orElseThrow()));
            }
        }
        String tagsFrom = enumName(project, json.path("tagsSourceEnumUid").asInt(Integer.MIN_VALUE));
        if (tagsFrom != null) {
            Map<Integer, List<String>> tags = new java.util.TreeMap<>();
            for (JsonNode tag : json.path("enumTags")) {
                for (JsonNode id : tag.path("tileIds")) {
                    int local = localTile(id.asInt(-1), def, grid);
                    if (local >= 0) {
                        tags.computeIfAbsent(local, k -> new ArrayList<>()).add(tag.path("enumValueId").asString(""));
                    }
                }
            }
            tags.forEach((local, values) -> properties.merge(local, Properties.EMPTY.with(Property.of(tagsFrom,
                    String.join(",", values))), (a, b) -> a.with(b.get(tagsFrom).orElseThrow())));
        }
        Map<Integer, TileData> tiles = new java.util.TreeMap<>();
        properties.forEach((local, p) -> tiles.put(local, new TileData(p, null, null, null,
                null, null)));
        return tiles;
    }

    /** An enum's identifier by its uid (the project's own or an external one); null when there is none. */
    private static String enumName(LdtkProject project, int uid) {
        for (String kind : List.of("enums", "externalEnums")) {
            for (JsonNode e : project.defs().path(kind)) {
                if (e.path("uid").asInt(Integer.MIN_VALUE) == uid) {
                    return e.path("identifier").asString(null);
                }
            }
        }
        return null;
    }

    /** The tileset a map draws an LDtk tileset's tiles from: its image cut by LDtk's grid. */
    static Tileset tilesetOf(LdtkProject.TilesetDef def) {
        Tileset grid = Tileset.grid(def.identifier(), def.pxWid(), def.pxHei(), def.tileGridSize(),
                def.tileGridSize(), def.padding(), def.spacing(), null);
        return new Tileset(def.identifier(), grid.tileWidth(), grid.tileHeight(), grid.margin(), grid.spacing(),
                grid.columns(), grid.tileCount(), grid.imageWidth(), grid.imageHeight(), null, 0, 0, def.relPath(),
                Properties.EMPTY, Map.of());
    }
}
