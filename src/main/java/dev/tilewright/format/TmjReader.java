package dev.tilewright.format;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapSettings;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.ObjectText;
import dev.tilewright.core.model.Parallax;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.TilesetSettings;
import dev.tilewright.core.model.WangSet;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Reads Tiled's JSON formats: maps (.tmj/.json), tilesets (.tsj) and object templates (.tj). */
public final class TmjReader implements TiledReader {

    private final TiledFiles files;
    private final ReadLimits limits;
    private final Map<String, MapObject> templates = new HashMap<>();
    private final Warnings warnings;
    /** How the first tile layer's data was written (exports default to it). */
    private TmxWriter.Options dataEncoding;
    private List<TiledTileset> mapTilesets = List.of();
    /** The map's {@code compressionlevel} (-1: none stated). */
    private int compressionLevel = -1;
    private TemplateUses templateUses = new TemplateUses(false);

    public TmjReader(TiledFiles files, ReadLimits limits) {
        this(files, limits, new Warnings());
    }

    /** A reader that says in {@code warnings} what it does not keep. */
    public TmjReader(TiledFiles files, ReadLimits limits, Warnings warnings) {
        this.files = files;
        this.limits = limits;
        this.warnings = warnings;
    }

    /** This reader, reading template instances as plain objects (their values kept, the reference not). */
    public TmjReader detachingTemplates() {
        templateUses = new TemplateUses(true);
        return this;
    }

    public TiledMap readMap(String file) {
        JsonNode map = Json.parse(files.read(file, file), file);
        if (!Json.text(map, "type", "map").equals("map")) {
            throw TiledFormatException.invalid(file, "a Tiled JSON map has \"type\": \"map\"");
        }
        MapAssembly.requireOrthogonal(file, Json.text(map, "orientation", "orthogonal"));
        NotKept.unknown(warnings, "map", "map", map.propertyNames());
        compressionLevel = Json.integer(map, "compressionlevel", -1, file);
        boolean infinite = Json.flag(map, "infinite", false);
        MapSettings settings = MapAssembly.settings(file, Json.text(map, "class", ""),
                Json.text(map, "renderorder", "right-down"), Json.decimal(map, "parallaxoriginx", 0, file),
                Json.decimal(map, "parallaxoriginy", 0, file), editorPart(map, "chunksize", file),
                editorPart(map, "export", file));
        int width = Json.integer(map, "width", 0, file);
        int height = Json.integer(map, "height", 0, file);
        if (!infinite) {
            limits.check(file, width, height);
        }
        List<TiledTileset> tilesets = new ArrayList<>();
        for (JsonNode tileset : map.path("tilesets").values()) {
            int firstGid = Json.integer(tileset, "firstgid", 1, file);
            if (tileset.has("source")) {
                tilesets.add(Tilesets.read(files, file, files.resolve(file, tileset.get("source").asString()), firstGid,
                        warnings));
            } else {
                tilesets.add(tileset(tileset, file, firstGid, null));
            }
        }
        mapTilesets = tilesets;
        List<MapAssembly.RawLayer> layers = new ArrayList<>();
        Map<String, byte[]> images = new LinkedHashMap<>();
        readLayers(map.path("layers"), -1, file, width, height, layers, images);
        return MapAssembly.assemble(file, width, height, Json.integer(map, "tilewidth", 0, file),
                Json.integer(map, "tileheight", 0, file), infinite, Json.text(map, "backgroundcolor", null),
                properties(map, file), tilesets, layers, images, limits, Json.integer(map, "nextlayerid", 0, file),
                Json.integer(map, "nextobjectid", 0, file), settings).withTemplates(templateUses.used());
    }

    /** How the map's (first) tile layer data was written: csv (a JSON array) unless the file said otherwise. */
    public TmxWriter.Options dataEncoding() {
        return (dataEncoding == null ? TmxWriter.Options.DEFAULT : dataEncoding).withFileLevel(compressionLevel);
    }

    /** A part of the map's {@code editorsettings} ({@code chunksize}, {@code export}), or null. */
    private static Fields editorPart(JsonNode map, String name, String file) {
        JsonNode part = map.path("editorsettings").path(name);
        return part.isObject() ? Fields.of(part, file) : null;
    }

    public TiledTileset readTileset(String file, int firstGid) {
        return tileset(Json.parse(files.read(file, file), file), file, firstGid, file);
    }

    private TiledTileset tileset(JsonNode ts, String file, int firstGid, String source) {
        return TemplateUses.ownedBy(templateUses, uses -> templateUses = uses, () -> read(ts, file, firstGid, source));
    }

    private TiledTileset read(JsonNode ts, String file, int firstGid, String source) {
        String name = Json.text(ts, "name", TmxReader.baseName(file));
        NotKept.unknown(warnings, "tileset", "tileset[" + name + "]", ts.propertyNames());
        if (ts.has("terrains")) {
            NotKept.legacyTerrains(warnings, name);
        }
        TilesetSettings settings = settings(ts, file, name);
        int tileWidth = Json.integer(ts, "tilewidth", 0, file);
        int tileHeight = Json.integer(ts, "tileheight", 0, file);
        JsonNode offset = ts.path("tileoffset");
        int offsetX = Json.integer(offset, "x", 0, file);
        int offsetY = Json.integer(offset, "y", 0, file);
        Map<Integer, TileData> tiles = new TreeMap<>();
        Map<Integer, byte[]> tileImages = new TreeMap<>();
        for (Map.Entry<Integer, JsonNode> entry : tiles(ts, file, name).entrySet()) {
            int id = entry.getKey();
            JsonNode tile = entry.getValue();
            NotKept.unknown(warnings, "tile", "tileset[" + name + "].tiles[" + id + "]", tile.propertyNames());
            TileData.TileImage image = null;
            if (tile.has("image")) {
                String path = files.resolve(file, tile.get("image").asString());
                byte[] bytes = files.read(file, path);
                tileImages.put(id, bytes);
                image = Fields.tileImage(Fields.of(tile, file), file, tile.get("image").asString(),
                        size(tile, "imagewidth", bytes, true, path), size(tile, "imageheight", bytes, false, path));
            }
            List<TileData.Frame> frames = new ArrayList<>();
            for (JsonNode frame : tile.path("animation").values()) {
                frames.add(new TileData.Frame(Json.integer(frame, "tileid", 0, file), Json.integer(frame, "duration", 0, file)));
            }
            List<MapObject> collision = new ArrayList<>();
            for (JsonNode object : tile.path("objectgroup").path("objects").values()) {
                collision.add(object(object, file));
            }
            TileData data = new TileData(properties(tile, file), Json.text(tile, "class", Json.text(tile, "type", "")),
                    tile.has("probability") ? Json.decimal(tile, "probability", 1, file) : null, frames, collision, image,
                    tile.path("objectgroup").has("id") ? Json.integer(tile.path("objectgroup"), "id", 0, file) : null);
            if (!data.isEmpty()) {
                tiles.put(id, data);
            }
        }
        String imageSource = ts.has("image") ? ts.get("image").asString() : null;
        String imagePath = imageSource == null ? null : files.resolve(file, imageSource);
        byte[] atlas = imageSource == null ? null : files.read(file, imagePath);
        return new MapAssembly.TilesetParts(file, firstGid, source, name, tileWidth, tileHeight,
                Json.integer(ts, "margin", 0, file), Json.integer(ts, "spacing", 0, file),
                ts.has("columns") ? Json.integer(ts, "columns", 0, file) : null,
                ts.has("tilecount") ? Json.integer(ts, "tilecount", 0, file) : null, imageSource, atlas,
                atlas == null ? 0 : size(ts, "imagewidth", atlas, true, imagePath),
                atlas == null ? 0 : size(ts, "imageheight", atlas, false, imagePath),
                ts.has("transparentcolor") ? TmxReader.color(ts.get("transparentcolor").asString(), file) : null,
                offsetX, offsetY, properties(ts, file), tiles, tileImages, settings).build();
    }

    /** A tileset's class, alignment, render size, transformations, grid and Wang sets. */
    private TilesetSettings settings(JsonNode ts, String file, String name) {
        List<WangSet> wangSets = new ArrayList<>();
        for (JsonNode set : ts.path("wangsets").values()) {
            if (set.has("cornercolors") || set.has("edgecolors")) {
                NotKept.legacyWangSet(warnings, name, Json.text(set, "name", ""));
                continue;
            }
            String where = "tileset[" + name + "].wangsets[" + Json.text(set, "name", "") + "]";
            NotKept.unknown(warnings, "wangset", where, set.propertyNames());
            List<WangSet.WangColor> colors = new ArrayList<>();
            for (JsonNode color : set.path("colors").values()) {
                NotKept.unknown(warnings, "wangcolor", where + ".colors[" + Json.text(color, "name", "") + "]",
                        color.propertyNames());
                colors.add(SettingsRead.wangColor(file, Json.text(color, "name", ""), Json.text(color, "class", ""),
                        Json.text(color, "color", ""), Json.integer(color, "tile", -1, file),
                        Json.decimal(color, "probability", 1, file), properties(color, file)));
            }
            Map<Integer, List<Integer>> wangTiles = new TreeMap<>();
            for (JsonNode tile : set.path("wangtiles").values()) {
                List<Integer> id = new ArrayList<>();
                tile.path("wangid").values().forEach(part -> id.add(part.asInt(-1)));
                wangTiles.put(Json.integer(tile, "tileid", -1, file), id);
            }
            wangSets.add(SettingsRead.wangSet(file, Json.text(set, "name", ""), Json.text(set, "class", ""),
                    Json.text(set, "type", "corner"), Json.integer(set, "tile", -1, file), properties(set, file),
                    colors, wangTiles));
        }
        JsonNode transformations = ts.get("transformations");
        JsonNode grid = ts.get("grid");
        return SettingsRead.tileset(file, name, Json.text(ts, "class", ""),
                Json.text(ts, "objectalignment", "unspecified"), Json.text(ts, "tilerendersize", "tile"),
                Json.text(ts, "fillmode", "stretch"),
                transformations == null ? null : new TilesetSettings.Transformations(
                        transformations.path("hflip").asBoolean(false), transformations.path("vflip").asBoolean(false),
                        transformations.path("rotate").asBoolean(false),
                        transformations.path("preferuntransformed").asBoolean(false)),
                grid == null ? null : SettingsRead.grid(file, Json.text(grid, "orientation", "orthogonal"),
                        Json.integer(grid, "width", 0, file), Json.integer(grid, "height", 0, file)),
                wangSets, Json.text(ts, "backgroundcolor", null));
    }

    private static int size(JsonNode node, String name, byte[] bytes, boolean width, String path) {
        return MapAssembly.imageSize(node.has(name) ? node.get(name).asInt() : null, bytes, width, path);
    }

    /** The layers of a list, in order, each naming the group it is in ({@code group}: its index, or -1). */
    private void readLayers(JsonNode layers, int group, String file, int width, int height,
                            List<MapAssembly.RawLayer> out, Map<String, byte[]> images) {
        for (JsonNode layer : layers.values()) {
            String type = Json.text(layer, "type", "");
            NotKept.unknown(warnings, "layer", "layers[" + Json.text(layer, "name", "") + "]", layer.propertyNames());
            int id = Json.integer(layer, "id", 0, file);
            LayerAttributes attributes = attributes(layer, file);
            switch (type) {
                case "tilelayer" -> out.add(new MapAssembly.RawTiles(id, attributes, chunks(layer, file, width, height,
                        attributes.name()), group));
                case "objectgroup" -> {
                    List<MapObject> objects = new ArrayList<>();
                    for (JsonNode object : layer.path("objects").values()) {
                        objects.add(object(object, file));
                    }
                    out.add(new MapAssembly.RawObjects(id, attributes, objects, group));
                }
                case "imagelayer" -> {
                    String source = Json.text(layer, "image", "");
                    if (source.isEmpty()) {
                        out.add(new MapAssembly.RawImage(id, attributes, null, group));
                        continue;
                    }
                    String path = files.resolve(file, source);
                    byte[] bytes = files.read(file, path);
                    images.put(source, bytes);
                    out.add(new MapAssembly.RawImage(id, attributes, new ImageLayer.Image(source,
                            size(layer, "imagewidth", bytes, true, path), size(layer, "imageheight", bytes, false, path),
                            layer.has("transparentcolor") ? TmxReader.color(layer.get("transparentcolor").asString(), file) : null,
                            Json.flag(layer, "repeatx", false), Json.flag(layer, "repeaty", false)), group));
                }
                case "group" -> {
                    int me = out.size();
                    out.add(new MapAssembly.RawGroup(id, attributes, group));
                    readLayers(layer.path("layers"), me, file, width, height, out, images);
                }
                default -> {
                    // unknown layer types are ignored
                }
            }
        }
    }

    private LayerAttributes attributes(JsonNode layer, String file) {
        try {
            String name = Json.text(layer, "name", "");
            return new LayerAttributes(name.isEmpty() ? "layer" : name, Json.flag(layer, "visible", true),
                    Json.flag(layer, "locked", false), Json.decimal(layer, "opacity", 1, file),
                    new Difference(Json.decimal(layer, "offsetx", 0, file), Json.decimal(layer, "offsety", 0, file)),
                    Json.text(layer, "tintcolor", null), Fields.hashColor(Json.text(layer, "color", null)),
                    properties(layer, file), Json.text(layer, "class", ""), new Parallax(
                    Json.decimal(layer, "parallaxx", 1, file), Json.decimal(layer, "parallaxy", 1, file)),
                    Json.text(layer, "mode", "normal"), "objectgroup".equals(Json.text(layer, "type", ""))
                    ? Json.text(layer, "draworder", "topdown") : null);
        } catch (IllegalArgumentException x) {
            throw TiledFormatException.invalid(file, "layer '" + Json.text(layer, "name", "") + "': " + x.getMessage());
        }
    }

    private List<MapAssembly.Chunk> chunks(JsonNode layer, String file, int width, int height, String name) {
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
                if (w < 1 || h < 1 || (long) w * h > 1 << 20) {
                    throw TiledFormatException.invalid(file, "layer '" + name + "' has a " + w + "x" + h + " chunk");
                }
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

    private MapObject object(JsonNode node, String file) {
        NotKept.unknown(warnings, "object", "objects[" + Json.text(node, "id", "?") + "]", node.propertyNames());
        MapObject base = null;
        String reference = node.has("template") ? node.get("template").asString() : null;
        String path = reference == null ? null : files.resolve(file, reference);
        if (reference != null) {
            base = templateObject(path, file, mapTilesets);
        }
        ObjectShape shape = base == null ? ObjectShape.RECTANGLE : base.shape();
        List<Difference> points = base == null ? List.of() : base.points();
        ObjectText text = base == null ? null : base.text();
        if (Json.flag(node, "ellipse", false)) {
            shape = ObjectShape.ELLIPSE;
        } else if (Json.flag(node, "capsule", false)) {
            shape = ObjectShape.CAPSULE;
        } else if (Json.flag(node, "point", false)) {
            shape = ObjectShape.POINT;
        } else if (node.has("polygon") || node.has("polyline")) {
            shape = node.has("polygon") ? ObjectShape.POLYGON : ObjectShape.POLYLINE;
            points = new ArrayList<>();
            for (JsonNode point : node.path(shape == ObjectShape.POLYGON ? "polygon" : "polyline").values()) {
                points.add(new Difference(Json.decimal(point, "x", 0, file), Json.decimal(point, "y", 0, file)));
            }
        } else if (node.has("text")) {
            shape = ObjectShape.TEXT;
            JsonNode t = node.get("text");
            text = new ObjectText(Json.text(t, "text", ""), Json.text(t, "fontfamily", null),
                    t.has("pixelsize") ? Json.integer(t, "pixelsize", 16, file) : null,
                    t.has("wrap") ? Json.flag(t, "wrap", false) : null, Json.text(t, "color", null),
                    t.has("bold") ? Json.flag(t, "bold", false) : null, t.has("italic") ? Json.flag(t, "italic", false) : null,
                    t.has("underline") ? Json.flag(t, "underline", false) : null,
                    t.has("strikeout") ? Json.flag(t, "strikeout", false) : null,
                    t.has("kerning") ? Json.flag(t, "kerning", true) : null, Json.text(t, "halign", null),
                    Json.text(t, "valign", null));
        }
        if (shape != ObjectShape.POLYGON && shape != ObjectShape.POLYLINE) {
            points = List.of();
        }
        if (shape != ObjectShape.TEXT) {
            text = null;
        }
        MapObject object = Fields.object(Fields.of(node, file), file, base, shape, points, text, properties(node, file));
        return reference == null ? object : templateUses.instance(object, reference, path, base, files, file);
    }

    /** A template's object (.tj here, .tx through the XML reader), its gid moved to the map's tileset. */
    MapObject templateObject(String path, String from, List<TiledTileset> tilesets) {
        if (path.toLowerCase(java.util.Locale.ROOT).endsWith(".tx")) {
            return new TmxReader(files, limits).templateObject(path, from, tilesets);
        }
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
        MapObject template = Fields.inMap(object(object, path), tileset.isObject()
                ? files.resolve(path, Json.text(tileset, "source", "")) : null,
                Json.integer(tileset, "firstgid", 1, path), mapTilesets, from, path);
        templates.put(path, template);
        return template;
    }

    /**
     * A tileset's tiles by id: Tiled 1.2+ writes an array of tiles with ids; earlier versions an object keyed by id,
     * with their properties apart in {@code tileproperties} and {@code tilepropertytypes} (read as Tiled reads them).
     */
    private Map<Integer, JsonNode> tiles(JsonNode ts, String file, String name) {
        Map<Integer, JsonNode> tiles = new TreeMap<>();
        JsonNode listed = ts.path("tiles");
        if (listed.isArray()) {
            for (JsonNode tile : listed.values()) {
                int id = Json.integer(tile, "id", -1, file);
                if (id < 0) {
                    throw TiledFormatException.invalid(file, "a tile of tileset '" + name + "' has no id");
                }
                tiles.put(id, tile);
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
            tiles.put(id, tile);
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

    private Properties properties(JsonNode owner, String file) {
        return JsonProps.read(owner, file, files.types(), warnings);
    }
}
