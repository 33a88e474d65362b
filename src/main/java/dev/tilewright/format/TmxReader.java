package dev.tilewright.format;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.Properties;
import org.w3c.dom.Element;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tiled's XML syntax: maps (.tmx), tilesets (.tsx) and object templates (.tx). What they hold is read by
 * {@link TiledReader}; this says how XML spells it.
 */
public final class TmxReader extends TiledReader<TmxNode> {

    private final Map<String, Template> templates = new HashMap<>();

    /** A template's object and the tileset its gid refers to, if any. */
    private record Template(Element object, String file, int firstGid, String tilesetSource) {
    }

    /** A reader that says in {@code warnings} what it does not keep. */
    public TmxReader(TiledFiles files, ReadLimits limits, Warnings warnings) {
        super(files, limits, warnings);
    }

    @Override
    TmxNode parseMap(String file) {
        return root(file, "map", ".tmx");
    }

    @Override
    TmxNode parseTileset(String file) {
        return root(file, "tileset", ".tsx");
    }

    private TmxNode root(String file, String tag, String ending) {
        Element root = Xml.parse(files.read(file, file), file);
        if (!root.getTagName().equals(tag)) {
            throw TiledFormatException.invalid(file, "a " + ending + " file starts with <" + tag + ">, not <"
                    + root.getTagName() + ">");
        }
        return new TmxNode(root, file);
    }

    @Override
    List<TmxNode> layers(TmxNode parent) {
        return parent.items(null, null, null);
    }

    /** A layer's element name. */
    @Override
    String layerType(TmxNode layer) {
        return layer.tag();
    }


    /** An {@code <image>} child: its source, size and transparent colour ({@code trans}). */
    @Override
    Picture picture(TmxNode owner) {
        TmxNode image = owner.part("image");
        if (image == null) {
            return null;
        }
        return new Picture(image.text("source", ""), image.has("width") ? image.integer("width", 0) : null,
                image.has("height") ? image.integer("height", 0) : null, image.text("trans", null));
    }

    @Override
    Map<Integer, TmxNode> tiles(TmxNode tileset, String file, String name) {
        Map<Integer, TmxNode> tiles = new LinkedHashMap<>();
        for (TmxNode tile : tileset.items(null, "tile", null)) {
            int id = tile.integer("id", -1);
            if (id < 0) {
                throw TiledFormatException.invalid(file, "a <tile> of tileset '" + name + "' has no id");
            }
            tiles.put(id, tile);
        }
        return tiles;
    }

    @Override
    List<Integer> wangId(TmxNode wangTile, String file) {
        return SettingsRead.wangId(file, wangTile.text("wangid", ""));
    }

    @Override
    Properties properties(TmxNode owner, String file) {
        return XmlProps.read(owner.element(), file, files.types(), warnings);
    }

    @Override
    boolean ownTemplate(String path) {
        return endsWith(path, ".tx");
    }

    /** A .tx template's object, its gid moved to the map's tileset. */
    @Override
    MapObject template(String path, String from, List<TiledTileset> tilesets) {
        Template template = template(path, from);
        return Fields.inMap(plainObject(new TmxNode(template.object(), template.file()), template.file(), null),
                template.tilesetSource(), template.firstGid(), tilesets, from, path);
    }

    @Override
    List<MapAssembly.Chunk> chunks(TmxNode node, String file, int width, int height, String name) {
        Element data = Xml.child(node.element(), "data");
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
            checkChunk(file, name, w, h);
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

    /** The shape its child element states ({@code <ellipse/>}, {@code <polygon points>}, {@code <text>}...). */
    @Override
    Shape shape(TmxNode object, String file) {
        Shape shape = null;
        for (String tag : List.of("ellipse", "capsule", "point", "polygon", "polyline", "text")) {
            TmxNode found = object.part(tag);
            if (found != null) {
                ObjectShape kind = ObjectShape.fromWireName(tag);
                shape = new Shape(kind, kind == ObjectShape.POLYGON || kind == ObjectShape.POLYLINE
                        ? points(found.text("points", ""), file) : List.of(),
                        kind == ObjectShape.TEXT ? text(found, found.element().getTextContent()) : null);
            }
        }
        return shape;
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

}
