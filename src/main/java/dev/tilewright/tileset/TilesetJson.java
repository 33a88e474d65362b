package dev.tilewright.tileset;

import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Tileset;

import java.util.HexFormat;
import java.util.List;

/** A tileset as the API shows it. */
record TilesetJson(long id, String name, int tileWidth, int tileHeight, int margin, int spacing, int columns,
                   int tileCount, int imageWidth, int imageHeight, String transparentColor, Properties properties,
                   List<TileJson> tiles, String image) {

    record TileJson(int id, boolean solid, Properties properties) {
    }

    static TilesetJson of(StoredTileset stored) {
        Tileset t = stored.tileset();
        List<TileJson> tiles = t.tiles().entrySet().stream()
                .sorted(java.util.Map.Entry.comparingByKey())
                .map(e -> new TileJson(e.getKey(), t.isSolid(e.getKey()), e.getValue()))
                .toList();
        String colorKey = t.transparentColor() == null ? null : HexFormat.of().toHexDigits(t.transparentColor()).substring(2);
        return new TilesetJson(stored.id(), t.name(), t.tileWidth(), t.tileHeight(), t.margin(), t.spacing(),
                t.columns(), t.tileCount(), t.imageWidth(), t.imageHeight(), colorKey, t.properties(), tiles,
                "/api/v1/tilesets/" + stored.id() + "/image");
    }
}
