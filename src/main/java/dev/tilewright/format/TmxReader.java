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
import org.w3c.dom.Element;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Reads Tiled's XML formats: maps (.tmx), tilesets (.tsx) and object templates (.tx). */
public final class TmxReader implements TiledReader {

    private final TiledFiles files;
    private final ReadLimits limits;
    private final Warnings warnings;
    /** How the first tile layer's data was written (exports default to it). */
    private TmxWriter.Options dataEncoding;
    private final Map<String, Template> templates = new HashMap<>();
    private List<TiledTileset> mapTilesets = List.of();
    /** The map's {@code compressionlevel} (-1: none stated). */
    private int compressionLevel = -1;
    private TemplateUses templateUses = new TemplateUses(false);

    /** A template's object and the tileset its gid refers to, if any. */
    private record Template(Element object, String file, int firstGid, String tilesetSource) {
    }

    public TmxReader(TiledFiles files, ReadLimits limits) {
        this(files, limits, new Warnings());
    }

    /** A reader that says in {@code warnings} what it does not keep. */
    public TmxReader(TiledFiles files, ReadLimits limits, Warnings warnings) {
        this.files = files;
        this.limits = limits;
        this.warnings = warnings;
    }

    /** This reader, reading template instances as plain objects (their values kept, the reference not). */
    public TmxReader detachingTemplates() {
        templateUses = new TemplateUses(true);
        return this;
    }

    public TiledMap readMap(String file) {
        Element map = Xml.parse(files.read(file, file), file);
        if (!map.getTagName().equals("map")) {
            throw TiledFormatException.invalid(file, "a .tmx file starts with <map>, not <" + map.getTagName() + ">");
        }
        MapAssembly.requireOrthogonal(file, Xml.text(map, "orientation", "orthogonal"));
        NotKept.unknown(warnings, "map", "map", NotKept.attributeNames(map));
        compressionLevel = Xml.integer(map, "compressionlevel", -1, file);
        boolean infinite = Xml.flag(map, "infinite", false);
        MapSettings settings = MapAssembly.settings(file, Xml.text(map, "class", ""),
                Xml.text(map, "renderorder", "right-down"), Xml.decimal(map, "parallaxoriginx", 0, file),
                Xml.decimal(map, "parallaxoriginy", 0, file), editorPart(map, "chunksize", file),
                editorPart(map, "export", file));
        int width = Xml.integer(map, "width", 0, file);
        int height = Xml.integer(map, "height", 0, file);
        if (!infinite) {
            limits.check(file, width, height);
        }
        List<TiledTileset> tilesets = new ArrayList<>();
        for (Element tileset : Xml.children(map, "tileset")) {
            int firstGid = Xml.integer(tileset, "firstgid", 1, file);
            if (tileset.hasAttribute("source")) {
                String path = files.resolve(file, tileset.getAttribute("source"));
                tilesets.add(Tilesets.read(files, file, path, firstGid, warnings));
            } else {
                tilesets.add(tileset(tileset, file, firstGid, null));
            }
        }
        mapTilesets = tilesets;
        List<MapAssembly.RawLayer> layers = new ArrayList<>();
        Map<String, byte[]> images = new LinkedHashMap<>();
        readLayers(map, -1, file, width, height, layers, images);
        return MapAssembly.assemble(file, width, height, Xml.integer(map, "tilewidth", 0, file),
                Xml.integer(map, "tileheight", 0, file), infinite, map.hasAttribute("backgroundcolor")
                        ? map.getAttribute("backgroundcolor") : null, properties(map, file), tilesets, layers,
                images, limits, Xml.integer(map, "nextlayerid", 0, file), Xml.integer(map, "nextobjectid", 0, file),
                settings).withTemplates(templateUses.used());
    }

    /** How the map's (first) tile layer data was written: csv unless the file said otherwise. */
    public TmxWriter.Options dataEncoding() {
        return (dataEncoding == null ? TmxWriter.Options.DEFAULT : dataEncoding).withFileLevel(compressionLevel);
    }

    /** A child of the map's {@code <editorsettings>} ({@code chunksize}, {@code export}), or null. */
    private static Fields editorPart(Element map, String name, String file) {
        Element settings = Xml.child(map, "editorsettings");
        Element part = settings == null ? null : Xml.child(settings, name);
        return part == null ? null : Fields.of(part, file);
    }

    /** A lone .tsx (firstGid 0). */
    public TiledTileset readTileset(String file, int firstGid) {
        Element root = Xml.parse(files.read(file, file), file);
        if (!root.getTagName().equals("tileset")) {
            throw TiledFormatException.invalid(file, "a .tsx file starts with <tileset>, not <" + root.getTagName() + ">");
        }
        return tileset(root, file, firstGid, file);
    }

    private TiledTileset tileset(Element ts, String file, int firstGid, String source) {
        return TemplateUses.ownedBy(templateUses, uses -> templateUses = uses, () -> read(ts, file, firstGid, source));
    }

    private TiledTileset read(Element ts, String file, int firstGid, String source) {
        String name = Xml.text(ts, "name", baseName(file));
        NotKept.unknown(warnings, "tileset", "tileset[" + name + "]", NotKept.attributeNames(ts));
        if (Xml.child(ts, "terraintypes") != null) {
            NotKept.legacyTerrains(warnings, name);
        }
        TilesetSettings settings = settings(ts, file, name);
        int tileWidth = Xml.integer(ts, "tilewidth", 0, file);
        int tileHeight = Xml.integer(ts, "tileheight", 0, file);
        Element offset = Xml.child(ts, "tileoffset");
        int offsetX = offset == null ? 0 : Xml.integer(offset, "x", 0, file);
        int offsetY = offset == null ? 0 : Xml.integer(offset, "y", 0, file);
        Map<Integer, TileData> tiles = new TreeMap<>();
        Map<Integer, byte[]> tileImages = new TreeMap<>();
        for (Element tile : Xml.children(ts, "tile")) {
            int id = Xml.integer(tile, "id", -1, file);
            if (id < 0) {
                throw TiledFormatException.invalid(file, "a <tile> of tileset '" + name + "' has no id");
            }
            NotKept.unknown(warnings, "tile", "tileset[" + name + "].tiles[" + id + "]", NotKept.attributeNames(tile));
            TileData.TileImage image = null;
            Element tileImage = Xml.child(tile, "image");
            if (tileImage != null) {
                String path = files.resolve(file, tileImage.getAttribute("source"));
                byte[] bytes = files.read(file, path);
                tileImages.put(id, bytes);
                image = Fields.tileImage(Fields.of(tile, file), file, tileImage.getAttribute("source"),
                        size(tileImage, "width", bytes, true, path), size(tileImage, "height", bytes, false, path));
            }
            List<TileData.Frame> frames = new ArrayList<>();
            Element animation = Xml.child(tile, "animation");
            if (animation != null) {
                for (Element frame : Xml.children(animation, "frame")) {
                    frames.add(new TileData.Frame(Xml.integer(frame, "tileid", 0, file),
                            Xml.integer(frame, "duration", 0, file)));
                }
            }
            List<MapObject> collision = new ArrayList<>();
            Element shapes = Xml.child(tile, "objectgroup");
            if (shapes != null) {
                for (Element object : Xml.children(shapes, "object")) {
                    collision.add(object(object, file));
                }
            }
            String probability = Xml.text(tile, "probability", null);
            TileData data = new TileData(properties(tile, file), Xml.text(tile, "class", Xml.text(tile, "type", "")),
                    probability == null ? null : Xml.decimal(tile, "probability", 1, file), frames, collision, image,
                    shapes == null || !shapes.hasAttribute("id") ? null : Xml.integer(shapes, "id", 0, file));
            if (!data.isEmpty()) {
                tiles.put(id, data);
            }
        }
        Element image = Xml.child(ts, "image");
        String imageSource = image == null ? null : image.getAttribute("source");
        String imagePath = image == null ? null : files.resolve(file, imageSource);
        byte[] atlas = image == null ? null : files.read(file, imagePath);
        return new MapAssembly.TilesetParts(file, firstGid, source, name, tileWidth, tileHeight,
                Xml.integer(ts, "margin", 0, file), Xml.integer(ts, "spacing", 0, file),
                ts.hasAttribute("columns") ? Xml.integer(ts, "columns", 0, file) : null,
                ts.hasAttribute("tilecount") ? Xml.integer(ts, "tilecount", 0, file) : null, imageSource, atlas,
                image == null ? 0 : size(image, "width", atlas, true, imagePath),
                image == null ? 0 : size(image, "height", atlas, false, imagePath),
                image != null && image.hasAttribute("trans") ? color(image.getAttribute("trans"), file) : null,
                offsetX, offsetY, properties(ts, file), tiles, tileImages, settings).build();
    }

    /** A tileset's class, alignment, render size, transformations, grid and Wang sets. */
    private TilesetSettings settings(Element ts, String file, String name) {
        Element transformations = Xml.child(ts, "transformations");
        Element grid = Xml.child(ts, "grid");
        List<WangSet> wangSets = new ArrayList<>();
        Element sets = Xml.child(ts, "wangsets");
        for (Element set : sets == null ? List.<Element>of() : Xml.children(sets, "wangset")) {
            if (!Xml.children(set, "wangcornercolor").isEmpty() || !Xml.children(set, "wangedgecolor").isEmpty()) {
                NotKept.legacyWangSet(warnings, name, set.getAttribute("name"));
                continue;
            }
            String where = "tileset[" + name + "].wangsets[" + set.getAttribute("name") + "]";
            NotKept.unknown(warnings, "wangset", where, NotKept.attributeNames(set));
            List<WangSet.WangColor> colors = new ArrayList<>();
            for (Element color : Xml.children(set, "wangcolor")) {
                NotKept.unknown(warnings, "wangcolor", where + ".colors[" + color.getAttribute("name") + "]",
                        NotKept.attributeNames(color));
                colors.add(SettingsRead.wangColor(file, color.getAttribute("name"), Xml.text(color, "class", ""),
                        color.getAttribute("color"), Xml.integer(color, "tile", -1, file),
                        Xml.decimal(color, "probability", 1, file), properties(color, file)));
            }
            Map<Integer, List<Integer>> wangTiles = new TreeMap<>();
            for (Element tile : Xml.children(set, "wangtile")) {
                wangTiles.put(Xml.integer(tile, "tileid", -1, file), SettingsRead.wangId(file, tile.getAttribute("wangid")));
            }
            wangSets.add(SettingsRead.wangSet(file, set.getAttribute("name"), Xml.text(set, "class", ""),
                    Xml.text(set, "type", "corner"), Xml.integer(set, "tile", -1, file), properties(set, file), colors,
                    wangTiles));
        }
        return SettingsRead.tileset(file, name, Xml.text(ts, "class", ""),
                Xml.text(ts, "objectalignment", "unspecified"), Xml.text(ts, "tilerendersize", "tile"),
                Xml.text(ts, "fillmode", "stretch"),
                transformations == null ? null : new TilesetSettings.Transformations(
                        Xml.flag(transformations, "hflip", false), Xml.flag(transformations, "vflip", false),
                        Xml.flag(transformations, "rotate", false),
                        Xml.flag(transformations, "preferuntransformed", false)),
                grid == null ? null : SettingsRead.grid(file, Xml.text(grid, "orientation", "orthogonal"),
                        Xml.integer(grid, "width", 0, file), Xml.integer(grid, "height", 0, file)),
                wangSets, Xml.text(ts, "backgroundcolor", null));
    }

    private static int size(Element image, String attribute, byte[] bytes, boolean width, String path) {
        return MapAssembly.imageSize(image.hasAttribute(attribute) ? Xml.integer(image, attribute, 0, path) : null,
                bytes, width, path);
    }

    static Integer color(String text, String file) {
        String hex = text.strip().replace("#", "");
        if (!hex.matches("[0-9a-fA-F]{6}")) {
            throw TiledFormatException.invalid(file, "'" + text + "' is not a colour (rrggbb)");
        }
        return Integer.parseInt(hex, 16);
    }

    /** The layers under {@code parent}, in order, each naming the group it is in ({@code group}: its index, or -1). */
    private void readLayers(Element parent, int group, String file, int width, int height,
                            List<MapAssembly.RawLayer> out, Map<String, byte[]> images) {
        for (Element e : Xml.children(parent, null)) {
            int id = Xml.integer(e, "id", 0, file);
            if (List.of("layer", "objectgroup", "imagelayer", "group").contains(e.getTagName())) {
                NotKept.unknown(warnings, "layer", "layers[" + e.getAttribute("name") + "]", NotKept.attributeNames(e));
            }
            switch (e.getTagName()) {
                case "layer" -> {
                    LayerAttributes attributes = attributes(e, file);
                    out.add(new MapAssembly.RawTiles(id, attributes, chunks(e, file, width, height, attributes.name()),
                            group));
                }
                case "objectgroup" -> {
                    List<MapObject> objects = new ArrayList<>();
                    for (Element object : Xml.children(e, "object")) {
                        objects.add(object(object, file));
                    }
                    out.add(new MapAssembly.RawObjects(id, attributes(e, file), objects, group));
                }
                case "imagelayer" -> {
                    Element image = Xml.child(e, "image");
                    if (image == null || !image.hasAttribute("source") || image.getAttribute("source").isEmpty()) {
                        out.add(new MapAssembly.RawImage(id, attributes(e, file), null, group));
                        continue;
                    }
                    String path = files.resolve(file, image.getAttribute("source"));
                    byte[] bytes = files.read(file, path);
                    images.put(image.getAttribute("source"), bytes);
                    out.add(new MapAssembly.RawImage(id, attributes(e, file), new ImageLayer.Image(
                            image.getAttribute("source"), size(image, "width", bytes, true, path),
                            size(image, "height", bytes, false, path),
                            image.hasAttribute("trans") ? color(image.getAttribute("trans"), file) : null,
                            Xml.flag(e, "repeatx", false), Xml.flag(e, "repeaty", false)), group));
                }
                case "group" -> {
                    int me = out.size();
                    out.add(new MapAssembly.RawGroup(id, attributes(e, file), group));
                    readLayers(e, me, file, width, height, out, images);
                }
                default -> {
                    // properties, tilesets, editor settings and unknown elements are not layers
                }
            }
        }
    }

    private LayerAttributes attributes(Element e, String file) {
        try {
            return new LayerAttributes(Xml.text(e, "name", "").isEmpty() ? "layer" : e.getAttribute("name"),
                    Xml.flag(e, "visible", true), Xml.flag(e, "locked", false), Xml.decimal(e, "opacity", 1, file),
                    new Difference(Xml.decimal(e, "offsetx", 0, file), Xml.decimal(e, "offsety", 0, file)),
                    e.hasAttribute("tintcolor") ? e.getAttribute("tintcolor") : null,
                    e.hasAttribute("color") ? Fields.hashColor(e.getAttribute("color")) : null, properties(e, file),
                    Xml.text(e, "class", ""), new Parallax(Xml.decimal(e, "parallaxx", 1, file),
                    Xml.decimal(e, "parallaxy", 1, file)), Xml.text(e, "mode", "normal"),
                    e.getTagName().equals("objectgroup") ? Xml.text(e, "draworder", "topdown") : null);
        } catch (IllegalArgumentException x) {
            throw TiledFormatException.invalid(file, "layer '" + e.getAttribute("name") + "': " + x.getMessage());
        }
    }

    private List<MapAssembly.Chunk> chunks(Element layer, String file, int width, int height, String name) {
        Element data = Xml.child(layer, "data");
        if (data == null) {
            return List.of();
        }
        LayerData.Encoding encoding = LayerData.encoding(Xml.text(data, "encoding", null), file);
        LayerData.Compression compression = LayerData.compression(Xml.text(data, "compression", null), file);
        if (dataEncoding == null) {
            dataEncoding = encoding == null || (encoding == LayerData.Encoding.CSV
                    && compression != LayerData.Compression.NONE) ? TmxWriter.Options.DEFAULT
                    : new TmxWriter.Options(encoding, compression);
        }
        List<Element> chunks = Xml.children(data, "chunk");
        if (chunks.isEmpty()) {
            return List.of(new MapAssembly.Chunk(0, 0, width, height,
                    gids(data, encoding, compression, width * height, file, name)));
        }
        List<MapAssembly.Chunk> out = new ArrayList<>();
        for (Element chunk : chunks) {
            int w = Xml.integer(chunk, "width", 0, file);
            int h = Xml.integer(chunk, "height", 0, file);
            if (w < 1 || h < 1 || (long) w * h > 1 << 20) {
                throw TiledFormatException.invalid(file, "layer '" + name + "' has a " + w + "x" + h + " chunk");
            }
            out.add(new MapAssembly.Chunk(Xml.integer(chunk, "x", 0, file), Xml.integer(chunk, "y", 0, file), w, h,
                    gids(chunk, encoding, compression, w * h, file, name)));
        }
        return out;
    }

    private int[] gids(Element data, LayerData.Encoding encoding, LayerData.Compression compression, int cells,
                              String file, String name) {
        limits.spend(file, name, cells);
        if (encoding != null) {
            return LayerData.decode(encoding, compression, data.getTextContent(), cells, file, name);
        }
        List<Element> tiles = Xml.children(data, "tile");
        if (tiles.size() != cells) {
            throw TiledFormatException.invalid(file, "layer '" + name + "' lists " + tiles.size()
                    + " <tile> elements; it needs " + cells);
        }
        int[] gids = new int[cells];
        for (int i = 0; i < cells; i++) {
            gids[i] = (int) Xml.unsigned(tiles.get(i), "gid", file);
        }
        return gids;
    }

    private MapObject object(Element e, String file) {
        NotKept.unknown(warnings, "object", "objects[" + e.getAttribute("id") + "]", NotKept.attributeNames(e));
        if (!e.hasAttribute("template")) {
            return plainObject(e, file, null);
        }
        String reference = e.getAttribute("template");
        String path = files.resolve(file, reference);
        MapObject template = templateObject(path, file, mapTilesets);
        return templateUses.instance(plainObject(e, file, template), reference, path, template, files, file);
    }

    /** A template's object (.tx here, .tj through the JSON reader), its gid moved to the map's tileset. */
    MapObject templateObject(String path, String from, List<TiledTileset> tilesets) {
        if (!path.toLowerCase(java.util.Locale.ROOT).endsWith(".tx")) {
            return new TmjReader(files, limits).templateObject(path, from, tilesets);
        }
        Template template = template(path, from);
        return Fields.inMap(plainObject(template.object(), template.file(), null), template.tilesetSource(),
                template.firstGid(), tilesets, from, path);
    }

    /** An object from its element; attributes and children it lacks come from {@code base} (its template). */
    private MapObject plainObject(Element e, String file, MapObject base) {
        ObjectShape shape = base == null ? ObjectShape.RECTANGLE : base.shape();
        List<Difference> points = base == null ? List.of() : base.points();
        ObjectText text = base == null ? null : base.text();
        Element shapeElement = null;
        for (String tag : List.of("ellipse", "capsule", "point", "polygon", "polyline", "text")) {
            Element found = Xml.child(e, tag);
            if (found != null) {
                shape = ObjectShape.fromWireName(tag);
                shapeElement = found;
            }
        }
        if (shapeElement != null) {
            points = shape == ObjectShape.POLYGON || shape == ObjectShape.POLYLINE
                    ? points(shapeElement.getAttribute("points"), file) : List.of();
            text = shape == ObjectShape.TEXT ? text(shapeElement, file) : null;
        }
        return Fields.object(Fields.of(e, file), file, base, shape, points, text, properties(e, file));
    }

    private Template template(String path, String from) {
        Template cached = templates.get(path);
        if (cached != null) {
            return cached;
        }
        Element root = Xml.parse(files.read(from, path), path);
        Element object = root.getTagName().equals("template") ? Xml.child(root, "object") : null;
        if (object == null) {
            throw TiledFormatException.invalid(path, "a template (.tx) holds <template><object/></template>");
        }
        Element tileset = Xml.child(root, "tileset");
        Template template = new Template(object, path, tileset == null ? 0 : Xml.integer(tileset, "firstgid", 1, path),
                tileset == null ? null : files.resolve(path, tileset.getAttribute("source")));
        templates.put(path, template);
        return template;
    }

    private static List<Difference> points(String text, String file) {
        List<Difference> points = new ArrayList<>();
        for (String pair : text.strip().split("\\s+")) {
            String[] xy = pair.split(",");
            try {
                points.add(new Difference(Double.parseDouble(xy[0]), Double.parseDouble(xy[1])));
            } catch (RuntimeException e) {
                throw TiledFormatException.invalid(file, "'" + pair + "' is not a point x,y");
            }
        }
        return points;
    }

    private static ObjectText text(Element e, String file) {
        return new ObjectText(e.getTextContent(), Xml.text(e, "fontfamily", null),
                e.hasAttribute("pixelsize") ? Xml.integer(e, "pixelsize", 16, file) : null,
                e.hasAttribute("wrap") ? Xml.flag(e, "wrap", false) : null, Xml.text(e, "color", null),
                e.hasAttribute("bold") ? Xml.flag(e, "bold", false) : null,
                e.hasAttribute("italic") ? Xml.flag(e, "italic", false) : null,
                e.hasAttribute("underline") ? Xml.flag(e, "underline", false) : null,
                e.hasAttribute("strikeout") ? Xml.flag(e, "strikeout", false) : null,
                e.hasAttribute("kerning") ? Xml.flag(e, "kerning", true) : null, Xml.text(e, "halign", null),
                Xml.text(e, "valign", null));
    }

    private Properties properties(Element owner, String file) {
        return XmlProps.read(owner, file, files.types(), warnings);
    }

    static String baseName(String file) {
        String name = file.substring(file.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
