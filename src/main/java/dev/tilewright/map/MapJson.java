package dev.tilewright.map;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.model.GridSettings;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.MapSettings;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.Orientation;
import dev.tilewright.core.model.Parallax;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.List;

/**
 * A map as the API shows it: attributes, tilesets with first gids, and layers (objects inline, cells by link). The
 * orientation is named as Tiled's JSON names it; the stagger axis and index only on staggered and hexagonal maps, the
 * side length only on hexagonal ones.
 */
public record MapJson(long id, long projectId, String name, long version, int width, int height, int tileWidth, int tileHeight,
               Position offset, String backgroundColor, List<MapTileset> tilesets, List<LayerJson> layers, Properties properties,
               int nextLayerId, int nextObjectId, GridSettings gridSettings, String className, String renderOrder,
               Position parallaxOrigin, boolean infinite, String orientation, String staggerAxis, String staggerIndex,
               Integer hexSideLength, Integer skewX, Integer skewY) {

    /** The map's box on its screen, in pixels (an isometric map's is not width x tileWidth). */
    public PixelBox pixelBounds() {
        Orientation layout = Orientation.of(orientation, staggerAxis, staggerIndex,
                hexSideLength == null ? 0 : hexSideLength).withSkew(skewX == null ? 0 : skewX, skewY == null ? 0 : skewY);
        return MapSettings.DEFAULT.withOrientation(layout).projection(tileWidth, tileHeight, width, height)
                .bounds(width, height);
    }

    /** A layer: tile layers link to their cells, object layers list their objects, image layers their image. */
    public record LayerJson(int id, String name, String type, boolean visible, boolean locked, double opacity,
                     Difference offset, String tint, String color, Properties properties, List<MapObject> objects,
                     String cells,
                     ImageLayer.Image image, String className, Parallax parallax, String blendMode,
                     String drawOrder, Integer parentId) {

        static LayerJson of(long mapId, Layer layer, String query) {
            var a = layer.attributes();
            List<MapObject> objects = layer instanceof ObjectLayer o ? List.copyOf(o.objects()) : null;
            String cells = layer instanceof TileLayer ? "/api/v1/maps/" + mapId + "/layers/" + layer.id() + "/cells" + query : null;
            ImageLayer.Image image = layer instanceof ImageLayer picture ? picture.image() : null;
            return new LayerJson(layer.id(), a.name(), layer.kind().wireName(), a.visible(), a.locked(), a.opacity(),
                    a.offset(), a.tint(), a.color(), a.properties(), objects, cells, image, a.className(), a.parallax(),
                    a.blendMode(), layer instanceof ObjectLayer ? a.drawOrder() : null,
                    layer.parentId() == 0 ? null : layer.parentId());
        }
    }

    public static MapJson of(long id, long projectId, long version, TileMap map) {
        return of(id, projectId, version, map, "");
    }

    /** A past version of a map: its tile layers' cells link to that version's. */
    public static MapJson past(long id, long projectId, long version, TileMap map) {
        return of(id, projectId, version, map, "?version=" + version);
    }

    private static MapJson of(long id, long projectId, long version, TileMap map, String query) {
        return new MapJson(id, projectId, map.name(), version, map.width(), map.height(), map.tileWidth(), map.tileHeight(),
                map.offset(), map.backgroundColor(), map.tilesets(), map.layers().stream().map(l -> LayerJson.of(id, l, query)).toList(),
                map.properties(), map.nextLayerId(), map.nextObjectId(), map.gridSettings(), map.settings().className(),
                map.settings().renderOrder(), map.settings().parallaxOrigin(), map.settings().infinite(),
                map.settings().orientation().kind().fileName(),
                map.settings().orientation().staggers() ? map.settings().orientation().staggerAxis() : null,
                map.settings().orientation().staggers() ? map.settings().orientation().staggerIndex() : null,
                map.settings().orientation().kind() == Orientation.Kind.HEXAGONAL
                        ? map.settings().orientation().hexSideLength() : null,
                skew(map.settings().orientation(), map.settings().orientation().skewX()),
                skew(map.settings().orientation(), map.settings().orientation().skewY()));
    }

    /** A skew as the API shows it: on an oblique map always, elsewhere only when a file gave one. */
    private static Integer skew(Orientation orientation, int skew) {
        return orientation.kind() == Orientation.Kind.OBLIQUE || skew != 0 ? skew : null;
    }
}
