package dev.tilewright.format;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.MapSettings;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.ObjectText;
import dev.tilewright.core.model.Parallax;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.TilesetSettings;
import dev.tilewright.core.model.WangSet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one reading of Tiled's model (maps, tilesets, layers, tiles, Wang sets, objects and their templates) over its
 * two syntaxes: each rule about Tiled's data is written here once, against {@link TiledNode}s, and a syntax
 * ({@link TmxReader} for XML, {@link TmjReader} for JSON) says only how its files spell what differs: parsing, how
 * layers and images are written, tile data, object shapes, properties. What its formats read with.
 */
public abstract sealed class TiledReader<N extends TiledNode<N>> permits TmxReader, TmjReader {

    /** A reader of the upload's files within limits, noting what it cannot keep. */
    @FunctionalInterface
    interface Factory {
        TiledReader<?> over(TiledFiles files, ReadLimits limits, Warnings warnings);
    }

    /** What a layer is, however its syntax names it (TMX's element names, TMJ's {@code type}s). */
    enum LayerKind {
        TILES, OBJECTS, IMAGE, GROUP;

        /** The kind a syntax's name says; null for what is not a layer (or a kind Tilewright does not know). */
        static LayerKind named(String type) {
            return switch (type) {
                case "layer", "tilelayer" -> TILES;
                case "objectgroup" -> OBJECTS;
                case "imagelayer" -> IMAGE;
                case "group" -> GROUP;
                default -> null;
            };
        }
    }

    /** An object's shape, with the points of a polygon or polyline and the text of a text object (else none). */
    record Shape(ObjectShape shape, List<Difference> points, ObjectText text) {
    }

    /** An image as a tileset, a tile or an image layer refers to it; sizes null where the file leaves them out. */
    record Picture(String source, Integer width, Integer height, String transparent) {
    }

    final TiledFiles files;
    final ReadLimits limits;
    final Warnings warnings;
    /** How the first tile layer's data was written (exports default to it). */
    TmxWriter.Options dataEncoding;
    List<TiledTileset> mapTilesets = List.of();
    /** The map's {@code compressionlevel} (-1: none stated). */
    private int compressionLevel = -1;
    TemplateUses templateUses = new TemplateUses(false);

    TiledReader(TiledFiles files, ReadLimits limits, Warnings warnings) {
        this.files = files;
        this.limits = limits;
        this.warnings = warnings;
    }

    /** The root of a map file, checked to be one. */
    abstract N parseMap(String file);

    /** The root of a tileset file, checked to be one. */
    abstract N parseTileset(String file);

    /** The layers directly in a map or a group, in order. */
    abstract List<N> layers(N parent);

    /** How the syntax names a layer's kind: TMX by its element, TMJ by its {@code type}. */
    abstract String layerType(N layer);

    /** A tile layer's data as written: the whole layer, or the chunks of an infinite map. */
    abstract List<MapAssembly.Chunk> chunks(N layer, String file, int width, int height, String name);

    /** The image a tileset, a tile or an image layer refers to, or null. */
    abstract Picture picture(N owner);

    /** A tileset's tiles by id. */
    abstract Map<Integer, N> tiles(N tileset, String file, String name);

    /** A Wang tile's Wang id. */
    abstract List<Integer> wangId(N wangTile, String file);

    abstract Properties properties(N owner, String file);

    /** The shape an object states of its own (with its points or text), or null when it states none. */
    abstract Shape shape(N object, String file);

    /** Whether {@code path} is a template in this syntax (else the other syntax reads it). */
    abstract boolean ownTemplate(String path);

    /** A template of this syntax's object, its gid moved to the map's tileset. */
    abstract MapObject template(String path, String from, List<TiledTileset> tilesets);

    /** This reader, reading template instances as plain objects (their values kept, the reference not). */
    public TiledReader<N> detachingTemplates() {
        templateUses = new TemplateUses(true);
        return this;
    }

    /** How the last map read wrote its (first) tile layer's data: csv unless the file said otherwise. */
    public TmxWriter.Options dataEncoding() {
        return (dataEncoding == null ? TmxWriter.Options.DEFAULT : dataEncoding).withFileLevel(compressionLevel);
    }

    public TiledMap readMap(String file) {
        N map = parseMap(file);
        NotKept.unknown(warnings, "map", "map", map.names());
        compressionLevel = map.integer("compressionlevel", -1);
        boolean infinite = map.flag("infinite", false);
        N editor = map.part("editorsettings");
        MapSettings settings = MapAssembly.settings(file, map.text("class", ""), map.text("renderorder", "right-down"),
                map.decimal("parallaxoriginx", 0), map.decimal("parallaxoriginy", 0),
                editor == null ? null : editor.part("chunksize"), editor == null ? null : editor.part("export"),
                MapAssembly.orientation(file, map.text("orientation", "orthogonal"), map.text("staggeraxis", null),
                        map.text("staggerindex", null), map.integer("hexsidelength", 0), map.integer("skewx", 0),
                        map.integer("skewy", 0)));
        int width = map.integer("width", 0);
        int height = map.integer("height", 0);
        if (!infinite) {
            limits.check(file, width, height);
        }
        List<TiledTileset> tilesets = new ArrayList<>();
        for (N tileset : map.items(null, "tileset", "tilesets")) {
            int firstGid = tileset.integer("firstgid", 1);
            if (tileset.has("source")) {
                tilesets.add(Tilesets.read(files, file, files.resolve(file, tileset.text("source", "")), firstGid,
                        warnings));
            } else {
                tilesets.add(tileset(tileset, file, firstGid, null));
            }
        }
        mapTilesets = tilesets;
        List<MapAssembly.RawLayer> layers = new ArrayList<>();
        Map<String, byte[]> images = new LinkedHashMap<>();
        readLayers(map, -1, file, width, height, layers, images);
        return MapAssembly.assemble(file, width, height, map.integer("tilewidth", 0), map.integer("tileheight", 0),
                infinite, map.text("backgroundcolor", null), properties(map, file), tilesets, layers, images, limits,
                map.integer("nextlayerid", 0), map.integer("nextobjectid", 0), settings)
                .withTemplates(templateUses.used());
    }

    /** A lone tileset file ({@code firstGid} 0). */
    public TiledTileset readTileset(String file, int firstGid) {
        return tileset(parseTileset(file), file, firstGid, file);
    }

    private TiledTileset tileset(N ts, String file, int firstGid, String source) {
        return TemplateUses.ownedBy(templateUses, uses -> templateUses = uses, () -> read(ts, file, firstGid, source));
    }

    private TiledTileset read(N ts, String file, int firstGid, String source) {
        String name = ts.text("name", TiledFiles.baseName(file));
        NotKept.unknown(warnings, "tileset", "tileset[" + name + "]", ts.names());
        if (ts.hasPart("terraintypes", "terrains")) {
            NotKept.legacyTerrains(warnings, name);
        }
        TilesetSettings settings = settings(ts, file, name);
        N offset = ts.part("tileoffset");
        Map<Integer, TileData> tiles = new TreeMap<>();
        Map<Integer, byte[]> tileImages = new TreeMap<>();
        for (Map.Entry<Integer, N> entry : tiles(ts, file, name).entrySet()) {
            int id = entry.getKey();
            N tile = entry.getValue();
            NotKept.unknown(warnings, "tile", "tileset[" + name + "].tiles[" + id + "]", tile.names());
            TileData.TileImage image = null;
            Picture picture = picture(tile);
            if (picture != null) {
                String path = files.resolve(file, picture.source());
                byte[] bytes = files.read(file, path);
                tileImages.put(id, bytes);
                image = Fields.tileImage(tile, file, picture.source(), width(picture, bytes, path),
                        height(picture, bytes, path));
            }
            List<TileData.Frame> frames = new ArrayList<>();
            for (N frame : tile.items("animation", "frame", "animation")) {
                frames.add(new TileData.Frame(frame.integer("tileid", 0), frame.integer("duration", 0)));
            }
            List<MapObject> collision = new ArrayList<>();
            N shapes = tile.part("objectgroup");
            for (N object : shapes == null ? List.<N>of() : shapes.items(null, "object", "objects")) {
                collision.add(object(object, file));
            }
            TileData data = new TileData(properties(tile, file), tile.text("class", tile.text("type", "")),
                    tile.has("probability") ? tile.decimal("probability", 1) : null, frames, collision, image,
                    shapes == null || !shapes.has("id") ? null : shapes.integer("id", 0));
            if (!data.isEmpty()) {
                tiles.put(id, data);
            }
        }
        Picture picture = picture(ts);
        String imagePath = picture == null ? null : files.resolve(file, picture.source());
        byte[] atlas = picture == null ? null : files.read(file, imagePath);
        return new MapAssembly.TilesetParts(file, firstGid, source, name, ts.integer("tilewidth", 0),
                ts.integer("tileheight", 0), ts.integer("margin", 0), ts.integer("spacing", 0),
                ts.has("columns") ? ts.integer("columns", 0) : null,
                ts.has("tilecount") ? ts.integer("tilecount", 0) : null, picture == null ? null : picture.source(),
                atlas, picture == null ? 0 : width(picture, atlas, imagePath),
                picture == null ? 0 : height(picture, atlas, imagePath),
                picture == null || picture.transparent() == null ? null : color(picture.transparent(), file),
                offset == null ? 0 : offset.integer("x", 0), offset == null ? 0 : offset.integer("y", 0),
                properties(ts, file), tiles, tileImages, settings).build();
    }

    /** A tileset's class, alignment, render size, transformations, grid and Wang sets. */
    private TilesetSettings settings(N ts, String file, String name) {
        List<WangSet> wangSets = new ArrayList<>();
        for (N set : ts.items("wangsets", "wangset", "wangsets")) {
            String setName = set.text("name", "");
            if (set.hasPart("wangcornercolor", "cornercolors") || set.hasPart("wangedgecolor", "edgecolors")) {
                NotKept.legacyWangSet(warnings, name, setName);
                continue;
            }
            String where = "tileset[" + name + "].wangsets[" + setName + "]";
            NotKept.unknown(warnings, "wangset", where, set.names());
            List<WangSet.WangColor> colors = new ArrayList<>();
            for (N color : set.items(null, "wangcolor", "colors")) {
                NotKept.unknown(warnings, "wangcolor", where + ".colors[" + color.text("name", "") + "]",
                        color.names());
                colors.add(SettingsRead.wangColor(file, color.text("name", ""), color.text("class", ""),
                        color.text("color", ""), color.integer("tile", -1), color.decimal("probability", 1),
                        properties(color, file)));
            }
            Map<Integer, List<Integer>> wangTiles = new TreeMap<>();
            for (N tile : set.items(null, "wangtile", "wangtiles")) {
                wangTiles.put(tile.integer("tileid", -1), wangId(tile, file));
            }
            wangSets.add(SettingsRead.wangSet(file, setName, set.text("class", ""), set.text("type", "corner"),
                    set.integer("tile", -1), properties(set, file), colors, wangTiles));
        }
        N transformations = ts.part("transformations");
        N grid = ts.part("grid");
        return SettingsRead.tileset(file, name, ts.text("class", ""), ts.text("objectalignment", "unspecified"),
                ts.text("tilerendersize", "tile"), ts.text("fillmode", "stretch"),
                transformations == null ? null : new TilesetSettings.Transformations(
                        transformations.flag("hflip", false), transformations.flag("vflip", false),
                        transformations.flag("rotate", false), transformations.flag("preferuntransformed", false)),
                grid == null ? null : SettingsRead.grid(file, grid.text("orientation", "orthogonal"),
                        grid.integer("width", 0), grid.integer("height", 0)),
                wangSets, ts.text("backgroundcolor", null));
    }

    /** The layers under {@code parent}, in order, each naming the group it is in ({@code group}: its index, or -1). */
    private void readLayers(N parent, int group, String file, int width, int height, List<MapAssembly.RawLayer> out,
                            Map<String, byte[]> images) {
        for (N layer : layers(parent)) {
            LayerKind kind = LayerKind.named(layerType(layer));
            if (kind == null) {
                continue; // properties, tilesets, editor settings: not layers
            }
            NotKept.unknown(warnings, "layer", "layers[" + layer.text("name", "") + "]", layer.names());
            int id = layer.integer("id", 0);
            LayerAttributes attributes = attributes(layer, kind, file);
            switch (kind) {
                case TILES -> out.add(new MapAssembly.RawTiles(id, attributes,
                        chunks(layer, file, width, height, attributes.name()), group));
                case OBJECTS -> {
                    List<MapObject> objects = new ArrayList<>();
                    for (N object : layer.items(null, "object", "objects")) {
                        objects.add(object(object, file));
                    }
                    out.add(new MapAssembly.RawObjects(id, attributes, objects, group));
                }
                case IMAGE -> {
                    Picture picture = picture(layer);
                    if (picture == null || picture.source().isEmpty()) {
                        out.add(new MapAssembly.RawImage(id, attributes, null, group));
                        continue;
                    }
                    String path = files.resolve(file, picture.source());
                    byte[] bytes = files.read(file, path);
                    images.put(picture.source(), bytes);
                    out.add(new MapAssembly.RawImage(id, attributes, new ImageLayer.Image(picture.source(),
                            width(picture, bytes, path), height(picture, bytes, path),
                            picture.transparent() == null ? null : color(picture.transparent(), file),
                            layer.flag("repeatx", false), layer.flag("repeaty", false)), group));
                }
                case GROUP -> {
                    int me = out.size();
                    out.add(new MapAssembly.RawGroup(id, attributes, group));
                    readLayers(layer, me, file, width, height, out, images);
                }
            }
        }
    }

    private LayerAttributes attributes(N layer, LayerKind kind, String file) {
        String name = layer.text("name", "");
        try {
            return new LayerAttributes(name.isEmpty() ? "layer" : name, layer.flag("visible", true),
                    layer.flag("locked", false), layer.decimal("opacity", 1),
                    new Difference(layer.decimal("offsetx", 0), layer.decimal("offsety", 0)),
                    layer.text("tintcolor", null), Fields.hashColor(layer.text("color", null)),
                    properties(layer, file), layer.text("class", ""),
                    new Parallax(layer.decimal("parallaxx", 1), layer.decimal("parallaxy", 1)),
                    layer.text("mode", "normal"), kind == LayerKind.OBJECTS ? layer.text("draworder", "topdown") : null);
        } catch (IllegalArgumentException x) {
            throw TiledFormatException.invalid(file, "layer '" + name + "': " + x.getMessage());
        }
    }

    /** An object of a layer or a tile's collision shapes: plain, or an instance of a template (.tx or .tj). */
    final MapObject object(N node, String file) {
        NotKept.unknown(warnings, "object", "objects[" + node.text("id", "?") + "]", node.names());
        String reference = node.text("template", null);
        if (reference == null) {
            return plainObject(node, file, null);
        }
        String path = files.resolve(file, reference);
        MapObject template = templateObject(path, file, mapTilesets);
        return templateUses.instance(plainObject(node, file, template), reference, path, template, files, file);
    }

    /**
     * An object from its node; what it does not state comes from {@code base} (its template's object): a shape of
     * its own replaces the template's with its points and text.
     */
    final MapObject plainObject(N node, String file, MapObject base) {
        Shape own = shape(node, file);
        Shape shape = own != null ? own : base == null ? new Shape(ObjectShape.RECTANGLE, List.of(), null)
                : new Shape(base.shape(), base.points(), base.text());
        return Fields.object(node, file, base, shape.shape(), shape.points(), shape.text(), properties(node, file));
    }

    /** A template's object in either syntax, its gid moved to the map's tileset. */
    final MapObject templateObject(String path, String from, List<TiledTileset> tilesets) {
        if (ownTemplate(path)) {
            return template(path, from, tilesets);
        }
        TiledReader<?> other = this instanceof TmxReader
                ? new TmjReader(files, limits, new Warnings()) : (TiledReader<?>) new TmxReader(files, limits, new Warnings());
        return other.template(path, from, tilesets);
    }

    /** A text object's text and its style as Tiled writes it (what it leaves out is Tiled's default). */
    static ObjectText text(Fields t, String content) {
        return new ObjectText(content, t.text("fontfamily", null),
                t.has("pixelsize") ? t.integer("pixelsize", 16) : null, t.has("wrap") ? t.flag("wrap", false) : null,
                t.text("color", null), t.has("bold") ? t.flag("bold", false) : null,
                t.has("italic") ? t.flag("italic", false) : null,
                t.has("underline") ? t.flag("underline", false) : null,
                t.has("strikeout") ? t.flag("strikeout", false) : null,
                t.has("kerning") ? t.flag("kerning", true) : null, t.text("halign", null), t.text("valign", null));
    }

    /** A chunk's size, refused as the file's fault when it is empty or over a million cells. */
    static void checkChunk(String file, String layer, int width, int height) {
        if (width < 1 || height < 1 || (long) width * height > 1 << 20) {
            throw TiledFormatException.invalid(file, "layer '" + layer + "' has a " + width + "x" + height + " chunk");
        }
    }

    private static int width(Picture picture, byte[] bytes, String path) {
        return MapAssembly.imageSize(picture.width(), bytes, true, path);
    }

    private static int height(Picture picture, byte[] bytes, String path) {
        return MapAssembly.imageSize(picture.height(), bytes, false, path);
    }

    static Integer color(String text, String file) {
        String hex = text.strip().replace("#", "");
        if (!hex.matches("[0-9a-fA-F]{6}")) {
            throw TiledFormatException.invalid(file, "'" + text + "' is not a colour (rrggbb)");
        }
        return Integer.parseInt(hex, 16);
    }

    static boolean endsWith(String path, String ending) {
        return path.toLowerCase(Locale.ROOT).endsWith(ending);
    }
}
