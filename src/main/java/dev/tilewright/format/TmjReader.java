package dev.tilewright.format;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.Properties;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tiled's JSON syntax: maps (.tmj, .json), tilesets (.tsj) and object templates (.tj), Tiled's older JSON too. What
 * they hold is read by {@link TiledReader}; this says how JSON spells it.
 */
public final class TmjReader extends TiledReader<TmjNode> {

    private final Map<String, MapObject> templates = new HashMap<>();

    /** A reader that says in {@code warnings} what it does not keep. */
    public TmjReader(TiledFiles files, ReadLimits limits, Warnings warnings) {
        super(files, limits, warnings);
    }

    @Override
    TmjNode parseMap(String file) {
        JsonNode map = Json.parse(files.read(file, file), file);
        if (!Json.text(map, "type", "map").equals("map")) {
            throw TiledFormatException.invalid(file, "a Tiled JSON map has \"type\": \"map\"");
        }
        return new TmjNode(map, file);
    }

    @Override
    TmjNode parseTileset(String file) {
        return new TmjNode(Json.parse(files.read(file, file), file), file);
    }

    @Override
    List<TmjNode> layers(TmjNode parent) {
        return parent.items(null, null, "layers");
    }

    /** A layer's {@code type}. */
    @Override
    String layerType(TmjNode layer) {
        return layer.text("type", "");
    }


    /** The owner's own {@code image}, {@code imagewidth}, {@code imageheight} and {@code transparentcolor}. */
    @Override
    Picture picture(TmjNode owner) {
        if (!owner.has("image")) {
            return null;
        }
        return new Picture(owner.text("image", ""), owner.has("imagewidth") ? owner.integer("imagewidth", 0) : null,
                owner.has("imageheight") ? owner.integer("imageheight", 0) : null,
                owner.text("transparentcolor", null));
    }

    @Override
    List<Integer> wangId(TmjNode wangTile, String file) {
        List<Integer> id = new ArrayList<>();
        wangTile.json().path("wangid").values().forEach(part -> id.add(part.asInt(-1)));
        return id;
    }

    @Override
    Properties properties(TmjNode owner, String file) {
        return JsonProps.read(owner.json(), file, files.types(), warnings);
    }

    @Override
    boolean ownTemplate(String path) {
        return !endsWith(path, ".tx");
    }

    @Override
    List<MapAssembly.Chunk> chunks(TmjNode node, String file, int width, int height, String name) {
        JsonNode layer = node.json();
        LayerData.Encoding encoding = LayerData.encoding(Json.text(layer, "encoding", "csv"), file);
        LayerData.Compression compression = LayerData.compression(Json.text(layer, "compression", null), file);
        if (dataEncoding == null) {
            dataEncoding = encoding == LayerData.Encoding.CSV && compression != LayerData.Compression.NONE
                    ? TmxWriter.Options.DEFAULT : new TmxWriter.Options(encoding, compression);
        }
        if (layer.has("chunks")) {
            List<MapAssembly.Chunk> out = new ArrayList<>();
            for (JsonNode chunk : layer.get("chunks").values()) {
                int w = Json.integer(chunk, "width", 0, file);
                int h = Json.integer(chunk, "height", 0, file);
                checkChunk(file, name, w, h);
                out.add(new MapAssembly.Chunk(Json.integer(chunk, "x", 0, file), Json.integer(chunk, "y", 0, file), w, h,
                        gids(chunk.path("data"), encoding, compression, w * h, file, name)));
            }
            return out;
        }
        if (!layer.has("data")) {
            return List.of();
        }
        return List.of(new MapAssembly.Chunk(0, 0, width, height,
                gids(layer.get("data"), encoding, compression, width * height, file, name)));
    }

    private int[] gids(JsonNode data, LayerData.Encoding encoding, LayerData.Compression compression, int cells,
                              String file, String name) {
        limits.spend(file, name, cells);
        if (data.isString()) {
            return LayerData.decode(encoding == LayerData.Encoding.CSV ? LayerData.Encoding.BASE64 : encoding,
                    compression, data.asString(), cells, file, name);
        }
        if (!data.isArray() || data.size() != cells) {
            throw TiledFormatException.invalid(file, "layer '" + name + "' data has " + data.size()
                    + " gids; it needs " + cells);
        }
        int[] gids = new int[cells];
        for (int i = 0; i < cells; i++) {
            JsonNode gid = data.get(i);
            if (!gid.isNumber()) {
                throw TiledFormatException.invalid(file, "layer '" + name + "' data has " + gid + ", not a gid");
            }
            gids[i] = LayerData.checkedGid(gid.asLong(), file, name);
        }
        return gids;
    }

    /** The shape its members state: {@code ellipse}, {@code capsule}, {@code point} flags, points, text. */
    @Override
    Shape shape(TmjNode object, String file) {
        JsonNode node = object.json();
        if (Json.flag(node, "ellipse", false)) {
            return new Shape(ObjectShape.ELLIPSE, List.of(), null);
        } else if (Json.flag(node, "capsule", false)) {
            return new Shape(ObjectShape.CAPSULE, List.of(), null);
        } else if (Json.flag(node, "point", false)) {
            return new Shape(ObjectShape.POINT, List.of(), null);
        } else if (node.has("polygon") || node.has("polyline")) {
            ObjectShape shape = node.has("polygon") ? ObjectShape.POLYGON : ObjectShape.POLYLINE;
            List<Difference> points = new ArrayList<>();
            for (JsonNode point : node.path(shape == ObjectShape.POLYGON ? "polygon" : "polyline").values()) {
                points.add(new Difference(Json.decimal(point, "x", 0, file), Json.decimal(point, "y", 0, file)));
            }
            return new Shape(shape, points, null);
        } else if (node.has("text")) {
            TmjNode text = new TmjNode(node.get("text"), file);
            return new Shape(ObjectShape.TEXT, List.of(), text(text, text.text("text", "")));
        }
        return null;
    }

    /** A .tj template's object, its gid moved to the map's tileset. */
    @Override
    MapObject template(String path, String from, List<TiledTileset> tilesets) {
        mapTilesets = tilesets;
        MapObject cached = templates.get(path);
        if (cached != null) {
            return cached;
        }
        JsonNode root = Json.parse(files.read(from, path), path);
        JsonNode object = root.path("object");
        if (!object.isObject()) {
            throw TiledFormatException.invalid(path, "a template (.tj) holds {\"type\":\"template\",\"object\":{...}}");
        }
        JsonNode tileset = root.path("tileset");
        MapObject template = Fields.inMap(object(new TmjNode(object, path), path), tileset.isObject()
                ? files.resolve(path, Json.text(tileset, "source", "")) : null,
                Json.integer(tileset, "firstgid", 1, path), mapTilesets, from, path);
        templates.put(path, template);
        return template;
    }

    /**
     * A tileset's tiles by id: Tiled 1.2+ writes an array of tiles with ids; earlier versions an object keyed by id,
     * with their properties apart in {@code tileproperties} and {@code tilepropertytypes} (read as Tiled reads them).
     */
    @Override
    Map<Integer, TmjNode> tiles(TmjNode node, String file, String name) {
        JsonNode ts = node.json();
        Map<Integer, TmjNode> tiles = new java.util.TreeMap<>();
        JsonNode listed = ts.path("tiles");
        if (listed.isArray()) {
            for (JsonNode tile : listed.values()) {
                int id = Json.integer(tile, "id", -1, file);
                if (id < 0) {
                    throw TiledFormatException.invalid(file, "a tile of tileset '" + name + "' has no id");
                }
                tiles.put(id, new TmjNode(tile, file));
            }
            return tiles;
        }
        java.util.Set<String> ids = new java.util.LinkedHashSet<>(listed.propertyNames());
        ids.addAll(ts.path("tileproperties").propertyNames());
        for (String key : ids) {
            int id = legacyId(key, file, name);
            tools.jackson.databind.node.ObjectNode tile = listed.path(key).isObject()
                    ? ((tools.jackson.databind.node.ObjectNode) listed.get(key)).deepCopy() : Json.MAPPER.createObjectNode();
            if (ts.path("tileproperties").has(key)) {
                tile.set("properties", ts.path("tileproperties").get(key));
                tile.set("propertytypes", ts.path("tilepropertytypes").path(key));
            }
            tiles.put(id, new TmjNode(tile, file));
        }
        return tiles;
    }

    private static int legacyId(String key, String file, String name) {
        try {
            int id = Integer.parseInt(key);
            if (id >= 0) {
                return id;
            }
        } catch (NumberFormatException ignored) {
            // refused below
        }
        throw TiledFormatException.invalid(file, "a tile of tileset '" + name + "' has the id '" + key
                + "', not a number");
    }
}
