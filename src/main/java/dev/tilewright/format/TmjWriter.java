package dev.tilewright.format;

import dev.tilewright.core.model.GroupLayer;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.ListItem;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.ObjectText;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.MapSettings;
import dev.tilewright.core.model.Orientation;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.core.model.TilesetSettings;
import dev.tilewright.core.model.WangSet;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.Locale;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Writes Tiled's JSON formats: a map (.tmj) and tilesets (.tsj). Numbers that are whole are written whole. */
public final class TmjWriter {

    private TmjWriter() {
    }

    public static byte[] writeMap(TiledMap map, TmxWriter.Options options) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        MapSettings settings = map.settings();
        root.put("type", "map").put("version", TmxWriter.TMX_VERSION).put("tiledversion", TmxWriter.TILED_VERSION);
        if (!settings.className().isEmpty()) {
            root.put("class", settings.className());
        }
        if (!settings.parallaxOrigin().equals(dev.tilewright.core.geom.Position.ORIGIN)) {
            number(root, "parallaxoriginx", settings.parallaxOrigin().x());
            number(root, "parallaxoriginy", settings.parallaxOrigin().y());
        }
        Orientation orientation = settings.orientation();
        root.put("orientation", orientation.kind().fileName()).put("renderorder", settings.renderOrder())
                .put("width", InfiniteMaps.statedWidth(map)).put("height", InfiniteMaps.statedHeight(map))
                .put("tilewidth", map.tileWidth()).put("tileheight", map.tileHeight())
                .put("infinite", settings.infinite())
                .put("nextlayerid", map.nextLayerId())
                .put("nextobjectid", map.nextObjectId()).put("compressionlevel", options.level());
        if (orientation.kind() == Orientation.Kind.HEXAGONAL) {
            root.put("hexsidelength", orientation.hexSideLength());
        }
        if (orientation.staggers()) {
            root.put("staggeraxis", orientation.staggerAxis()).put("staggerindex", orientation.staggerIndex());
        }
        if (orientation.skewX() != 0) {
            root.put("skewx", orientation.skewX());
        }
        if (orientation.skewY() != 0) {
            root.put("skewy", orientation.skewY());
        }
        if (map.backgroundColor() != null) {
            root.put("backgroundcolor", map.backgroundColor());
        }
        MapSettings.Editor editor = settings.editorSettings();
        if (!editor.isNone()) {
            ObjectNode node = root.putObject("editorsettings");
            if (editor.chunkWidth() != null) {
                node.putObject("chunksize").put("width", editor.chunkWidth()).put("height", editor.chunkHeight());
            }
            if (editor.exportTarget() != null || editor.exportFormat() != null) {
                ObjectNode export = node.putObject("export");
                if (editor.exportTarget() != null) {
                    export.put("target", editor.exportTarget());
                }
                if (editor.exportFormat() != null) {
                    export.put("format", editor.exportFormat());
                }
            }
        }
        properties(root, map.properties());
        ArrayNode tilesets = root.putArray("tilesets");
        for (TiledTileset tileset : map.tilesets()) {
            if (tileset.source() != null) {
                tilesets.addObject().put("firstgid", tileset.firstGid()).put("source", tileset.source());
            } else {
                tileset(tilesets.addObject().put("firstgid", tileset.firstGid()), tileset.tileset(),
                        tileset.templates());
            }
        }
        ArrayNode layers = root.putArray("layers");
        // a group holds its layers in its own "layers": they follow it in the map's list
        java.util.Map<Integer, ArrayNode> groups = new java.util.HashMap<>();
        for (Layer layer : InfiniteMaps.placed(map)) {
            ArrayNode into = layer.parentId() == 0 ? layers : groups.getOrDefault(layer.parentId(), layers);
            ObjectNode node = into.addObject();
            layer(node, layer, map, options);
            if (layer instanceof GroupLayer) {
                groups.put(layer.id(), node.putArray("layers"));
            }
        }
        return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(root);
    }

    /** How a tile layer's data is written (nothing for CSV, which is a plain array). */
    private static void encoding(ObjectNode layer, TmxWriter.Options options) {
        if (options.encoding() != LayerData.Encoding.CSV) {
            layer.put("encoding", "base64");
            if (options.compression() != LayerData.Compression.NONE) {
                layer.put("compression", options.compression().name().toLowerCase(Locale.ROOT));
            }
        }
    }

    /** Gids as the layer's (or chunk's) {@code data}: an array for CSV, else base64 of the bytes, compressed or not. */
    private static void data(ObjectNode node, int[] gids, int width, TmxWriter.Options options) {
        if (options.encoding() == LayerData.Encoding.CSV) {
            ArrayNode data = node.putArray("data");
            for (int gid : gids) {
                data.add(Integer.toUnsignedLong(gid));
            }
        } else {
            node.put("data", LayerData.encode(gids, width, options));
        }
    }

    /** A lone tileset: collision shapes that are template instances written whole. */
    public static byte[] writeTileset(Tileset tileset) {
        return writeTileset(tileset, Map.of());
    }

    /** A tileset with the templates beside it its collision shapes are instances of (by the reference it writes). */
    public static byte[] writeTileset(Tileset tileset, Map<String, TiledTemplate> templates) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("type", "tileset").put("version", TmxWriter.TMX_VERSION).put("tiledversion", TmxWriter.TILED_VERSION);
        tileset(root, tileset, templates);
        return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(root);
    }

    private static void tileset(ObjectNode node, Tileset t, Map<String, TiledTemplate> templates) {
        TilesetSettings settings = t.settings();
        node.put("name", t.name());
        if (!settings.className().isEmpty()) {
            node.put("class", settings.className());
        }
        node.put("tilewidth", t.tileWidth()).put("tileheight", t.tileHeight())
                .put("spacing", t.spacing()).put("margin", t.margin())
                .put("tilecount", t.isCollection() ? t.tiles().size() : t.tileCount()).put("columns", t.columns());
        if (settings.backgroundColor() != null) {
            node.put("backgroundcolor", settings.backgroundColor());
        }
        TmxWriter.stated(settings).forEach(node::put);
        if (!t.isCollection()) {
            node.put("image", t.imageSource() == null ? t.name() + ".png" : t.imageSource())
                    .put("imagewidth", t.imageWidth()).put("imageheight", t.imageHeight());
            if (t.transparentColor() != null) {
                node.put("transparentcolor", "#" + TmxWriter.color(t.transparentColor()));
            }
        }
        if (settings.grid() != null) {
            node.putObject("grid").put("orientation", settings.grid().orientation()).put("width", settings.grid().width())
                    .put("height", settings.grid().height());
        } else if (t.isCollection()) {
            node.putObject("grid").put("orientation", "orthogonal").put("width", 1).put("height", 1);
        }
        if (t.tileOffsetX() != 0 || t.tileOffsetY() != 0) {
            node.putObject("tileoffset").put("x", t.tileOffsetX()).put("y", t.tileOffsetY());
        }
        if (settings.transformations() != null) {
            TilesetSettings.Transformations allowed = settings.transformations();
            node.putObject("transformations").put("hflip", allowed.hflip()).put("vflip", allowed.vflip())
                    .put("rotate", allowed.rotate()).put("preferuntransformed", allowed.preferUntransformed());
        }
        properties(node, t.properties());
        wangSets(node, settings.wangSets());
        if (t.tiles().isEmpty()) {
            return;
        }
        ArrayNode tiles = node.putArray("tiles");
        for (Map.Entry<Integer, TileData> entry : new TreeMap<>(t.tiles()).entrySet()) {
            TileData tile = entry.getValue();
            ObjectNode json = tiles.addObject().put("id", entry.getKey());
            if (!tile.type().isEmpty()) {
                json.put("type", tile.type());
            }
            if (tile.probability() != null) {
                json.put("probability", tile.probability());
            }
            properties(json, tile.properties());
            if (tile.image() != null) {
                json.put("image", tile.image().source()).put("imagewidth", tile.image().width())
                        .put("imageheight", tile.image().height());
                TileData.Part part = tile.image().part();
                if (part != null) {
                    json.put("x", part.x()).put("y", part.y()).put("width", part.width()).put("height", part.height());
                }
            }
            if (!tile.collision().isEmpty()) {
                ObjectNode group = json.putObject("objectgroup").put("type", "objectgroup").put("draworder", "index")
                        .put("name", "").put("opacity", 1).put("visible", true).put("x", 0).put("y", 0);
                if (tile.collisionId() != null) {
                    group.put("id", tile.collisionId());
                }
                ArrayNode objects = group.putArray("objects");
                tile.collision().forEach(o -> object(objects.addObject(), o, o.template() == null ? null
                        : templates.get(o.template())));
            }
            if (!tile.animation().isEmpty()) {
                ArrayNode frames = json.putArray("animation");
                tile.animation().forEach(f -> frames.addObject().put("tileid", f.tileId()).put("duration", f.durationMs()));
            }
        }
    }

    private static void layer(ObjectNode node, Layer layer, TiledMap map, TmxWriter.Options options) {
        LayerAttributes a = layer.attributes();
        node.put("id", layer.id()).put("name", a.name())
                .put("type", layer instanceof TileLayer ? "tilelayer" : layer instanceof ObjectLayer ? "objectgroup"
                        : layer instanceof GroupLayer ? "group" : "imagelayer")
                .put("visible", a.visible()).put("opacity", a.opacity()).put("x", 0).put("y", 0);
        number(node, "offsetx", a.offset().dx());
        number(node, "offsety", a.offset().dy());
        if (a.locked()) {
            node.put("locked", true);
        }
        if (a.tint() != null) {
            node.put("tintcolor", a.tint());
        }
        if (a.color() != null) {
            node.put("color", a.color());
        }
        if (!a.className().isEmpty()) {
            node.put("class", a.className());
        }
        if (a.parallax().x() != 1) {
            number(node, "parallaxx", a.parallax().x());
        }
        if (a.parallax().y() != 1) {
            number(node, "parallaxy", a.parallax().y());
        }
        if (!a.blendMode().equals("normal")) {
            node.put("mode", a.blendMode());
        }
        properties(node, a.properties());
        if (layer instanceof TileLayer tiles && map.settings().infinite()) {
            // Tiled's infinite layer: the area its chunks may cover, and the chunks that hold tiles
            dev.tilewright.core.geom.TileRect covered = InfiniteMaps.covered(map);
            node.put("startx", covered.x()).put("starty", covered.y()).put("width", covered.width())
                    .put("height", covered.height());
            encoding(node, options);
            ArrayNode chunks = node.putArray("chunks");
            for (MapAssembly.Chunk chunk : InfiniteMaps.chunks(map, tiles)) {
                ObjectNode json = chunks.addObject();
                data(json, chunk.gids(), chunk.width(), options);
                json.put("height", chunk.height()).put("width", chunk.width()).put("x", chunk.x()).put("y", chunk.y());
            }
        } else if (layer instanceof TileLayer tiles) {
            node.put("width", map.width()).put("height", map.height());
            encoding(node, options);
            if (options.encoding() == LayerData.Encoding.CSV) {
                data(node, tiles.read(tiles.bounds()), map.width(), options);
            } else {
                node.put("data", LayerData.encode(tiles, options));
            }
        } else if (layer instanceof ObjectLayer objects) {
            node.put("draworder", layer.attributes().drawOrder());
            ArrayNode list = node.putArray("objects");
            objects.objects().forEach(o -> object(list.addObject(), o, o.template() == null ? null
                    : map.templates().get(o.template())));
        } else if (layer instanceof ImageLayer picture && picture.image() == null) {
            node.put("image", "");
        } else if (layer instanceof ImageLayer picture) {
            ImageLayer.Image image = picture.image();
            node.put("image", image.source()).put("imagewidth", image.width()).put("imageheight", image.height())
                    .put("repeatx", image.repeatX()).put("repeaty", image.repeatY());
            if (image.transparentColor() != null) {
                node.put("transparentcolor", "#" + TmxWriter.color(image.transparentColor()));
            }
        }
    }

    /**
     * An object; an instance of a template that goes with the map ({@code template} non-null) is written as Tiled
     * writes one: the reference, its position, and only what it changes of the template's object (whole, without the
     * reference, when an instance cannot say what it changes).
     */
    private static void object(ObjectNode node, MapObject o, TiledTemplate template) {
        TiledTemplate.Changes c = template == null ? null : template.changes(o);
        node.put("id", o.id());
        if (c != null) {
            node.put("template", o.template());
        }
        if (c == null || c.name()) {
            node.put("name", o.name());
        }
        if (c == null || c.type()) {
            node.put("type", o.type());
        }
        if (c == null || c.visible()) {
            node.put("visible", o.visible());
        }
        if (c == null ? o.alpha() != 1 : c.opacity()) {
            number(node, "opacity", o.alpha());
        }
        number(node, "x", o.x());
        number(node, "y", o.y());
        if (c == null || c.size()) {
            number(node, "width", o.width());
        }
        if (c == null || c.size()) {
            number(node, "height", o.height());
        }
        if (c == null || c.rotation()) {
            number(node, "rotation", o.rotation());
        }
        if (c == null ? o.gid() != 0 : c.gid()) {
            node.put("gid", (long) o.gid());
        }
        if (c == null || c.shape()) {
            switch (o.shape()) {
                case ELLIPSE -> node.put("ellipse", true);
                case CAPSULE -> node.put("capsule", true);
                case POINT -> node.put("point", true);
                case POLYGON, POLYLINE -> {
                    ArrayNode points = node.putArray(o.shape() == ObjectShape.POLYGON ? "polygon" : "polyline");
                    o.points().forEach(p -> {
                        ObjectNode point = points.addObject();
                        number(point, "x", p.dx());
                        number(point, "y", p.dy());
                    });
                }
                case TEXT -> text(node.putObject("text"), o.text());
                case RECTANGLE -> {
                    // a plain rectangle (or tile object) needs no shape flag
                }
            }
        }
        properties(node, c == null ? o.properties() : c.properties());
    }

    private static void text(ObjectNode node, ObjectText t) {
        node.put("text", t.text()).put("fontfamily", t.fontFamily()).put("pixelsize", t.pixelSize())
                .put("wrap", t.wrap()).put("color", t.color()).put("bold", t.bold()).put("italic", t.italic())
                .put("underline", t.underline()).put("strikeout", t.strikeout()).put("kerning", t.kerning())
                .put("halign", t.halign()).put("valign", t.valign());
    }

    private static void number(ObjectNode node, String name, double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            node.put(name, (long) value);
        } else {
            node.put(name, value);
        }
    }

    private static void wangSets(ObjectNode node, List<WangSet> sets) {
        if (sets.isEmpty()) {
            return;
        }
        ArrayNode list = node.putArray("wangsets");
        for (WangSet set : sets) {
            ObjectNode json = list.addObject().put("name", set.name());
            if (!set.className().isEmpty()) {
                json.put("class", set.className());
            }
            json.put("type", set.type()).put("tile", set.tile());
            properties(json, set.properties());
            ArrayNode colors = json.putArray("colors");
            for (WangSet.WangColor color : set.colors()) {
                ObjectNode c = colors.addObject().put("name", color.name());
                if (!color.className().isEmpty()) {
                    c.put("class", color.className());
                }
                c.put("color", color.color()).put("tile", color.tile());
                number(c, "probability", color.probability());
                properties(c, color.properties());
            }
            ArrayNode tiles = json.putArray("wangtiles");
            set.tiles().forEach((tile, id) -> {
                ArrayNode parts = tiles.addObject().put("tileid", tile).putArray("wangid");
                id.forEach(parts::add);
            });
        }
    }

    private static void properties(ObjectNode node, Properties properties) {
        if (properties.isEmpty()) {
            return;
        }
        ArrayNode list = node.putArray("properties");
        for (Property p : properties.all()) {
            ObjectNode json = list.addObject().put("name", p.name()).put("type", p.type().tiledName());
            if (p.propertyType() != null) {
                json.put("propertytype", p.propertyType());
            }
            value(json, "value", p.value());
        }
    }

    /**
     * A property's value as Tiled's JSON holds it; a class's as an object of its members' values, a list's as an
     * array of its typed items, nested.
     */
    static void value(ObjectNode json, String field, Object value) {
        if (value instanceof Long l) {
            json.put(field, l);
        } else if (value instanceof Double d) {
            json.put(field, d);
        } else if (value instanceof Boolean b) {
            json.put(field, b);
        } else if (value instanceof Properties members) {
            ObjectNode object = json.putObject(field);
            members.all().forEach(member -> value(object, member.name(), member.value()));
        } else if (value instanceof List<?> items) {
            // a list (Tiled 1.12): its items as {type, propertytype?, value}
            ArrayNode array = json.putArray(field);
            for (Object o : items) {
                ListItem item = (ListItem) o;
                ObjectNode node = array.addObject().put("type", item.type().tiledName());
                if (item.propertyType() != null) {
                    node.put("propertytype", item.propertyType());
                }
                value(node, "value", item.value());
            }
        } else {
            json.put(field, value.toString());
        }
    }
}
