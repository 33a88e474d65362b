package dev.tilewright.tileset;

import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.core.model.TilesetSettings;
import dev.tilewright.core.model.WangSet;

import java.util.HexFormat;
import java.util.List;

/**
 * A tileset as the API shows it: Tiled's attributes, its tiles' data, and its settings (class, object alignment,
 * render size and fill mode, transformations, grid, Wang sets).
 */
public record TilesetJson(long id, long projectId, String name, int tileWidth, int tileHeight, int margin, int spacing, int columns,
                   int tileCount, int imageWidth, int imageHeight, String transparentColor, int tileOffsetX,
                   int tileOffsetY, Properties properties, List<TileJson> tiles, String image, String className,
                   String objectAlignment, String tileRenderSize, String fillMode,
                   TilesetSettings.Transformations transformations, TilesetSettings.Grid grid, List<WangSet> wangSets) {

    /** One tile's data; {@code image} is the URL of a collection tile's own image. */
    public record TileJson(int id, boolean solid, Properties properties, String type, Double probability,
                    List<TileData.Frame> animation, List<MapObject> collision, String image) {
    }

    public static TilesetJson of(StoredTileset stored) {
        Tileset t = stored.tileset();
        List<TileJson> tiles = t.tiles().entrySet().stream()
                .sorted(java.util.Map.Entry.comparingByKey())
                .map(e -> new TileJson(e.getKey(), t.isSolid(e.getKey()), e.getValue().properties(),
                        e.getValue().type(), e.getValue().probability(), e.getValue().animation(),
                        e.getValue().collision(), e.getValue().image() == null ? null
                        : "/api/v1/tilesets/" + stored.id() + "/tiles/" + e.getKey() + "/image"))
                .toList();
        String colorKey = t.transparentColor() == null ? null : HexFormat.of().toHexDigits(t.transparentColor()).substring(2);
        return new TilesetJson(stored.id(), stored.projectId(), t.name(), t.tileWidth(), t.tileHeight(), t.margin(), t.spacing(),
                t.columns(), t.tileCount(), t.imageWidth(), t.imageHeight(), colorKey, t.tileOffsetX(),
                t.tileOffsetY(), t.properties(), tiles,
                t.isCollection() ? null : "/api/v1/tilesets/" + stored.id() + "/image", t.settings().className(),
                t.settings().objectAlignment(), t.settings().tileRenderSize(), t.settings().fillMode(),
                t.settings().transformations(), t.settings().grid(), t.settings().wangSets());
    }
}
