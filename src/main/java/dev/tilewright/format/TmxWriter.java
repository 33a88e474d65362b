package dev.tilewright.format;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.GroupLayer;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.ObjectText;
import dev.tilewright.core.model.MapSettings;
import dev.tilewright.core.model.Orientation;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.TilesetSettings;
import dev.tilewright.core.model.WangSet;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.Tileset;

import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes Tiled's XML formats: a map (.tmx) with its tilesets embedded or referenced (a tileset with a
 * {@code source} is written as a reference to that .tsx), and tilesets (.tsx).
 */
public final class TmxWriter {

    static final String TMX_VERSION = "1.10";
    static final String TILED_VERSION = "1.10.2";

    /**
     * How tile layer data is written: the encoding, the compression and its level (Tiled's map {@code
     * compressionlevel}; -1 for the compressor's default: zlib's and gzip's, zstd's 3).
     */
    public record Options(LayerData.Encoding encoding, LayerData.Compression compression, int level) {
        public static final Options DEFAULT = new Options(LayerData.Encoding.CSV, LayerData.Compression.NONE);

        public Options {
            if (encoding == LayerData.Encoding.CSV && compression != LayerData.Compression.NONE) {
                throw new IllegalArgumentException("CSV layer data is never compressed; use base64 to compress");
            }
            if (level < -1 || level > (compression == LayerData.Compression.ZSTD ? 22 : 9)) {
                throw new IllegalArgumentException("a compression level is -1 (the default) or 0 to "
                        + (compression == LayerData.Compression.ZSTD ? 22 : 9) + ", was " + level);
            }
        }

        public Options(LayerData.Encoding encoding, LayerData.Compression compression) {
            this(encoding, compression, -1);
        }

        public Options withLevel(int next) {
            return new Options(encoding, compression, next);
        }

        /** With the level a map's file states (Tiled's {@code compressionlevel}), kept within what the compressor takes. */
        Options withFileLevel(int stated) {
            return stated < 0 ? this : withLevel(Math.min(stated, compression == LayerData.Compression.ZSTD ? 22 : 9));
        }
    }

    private TmxWriter() {
    }

    public static byte[] writeMap(TiledMap map, Options options) {
        XmlOut out = new XmlOut();
        MapSettings settings = map.settings();
        out.start("map").attr("version", TMX_VERSION).attr("tiledversion", TILED_VERSION)
                .attr("class", settings.className().isEmpty() ? null : settings.className())
                .attr("orientation", settings.orientation().kind().fileName()).attr("renderorder", settings.renderOrder())
                .attr("compressionlevel", options.level() >= 0 ? Integer.toString(options.level()) : null)
.attr("width", InfiniteMaps.statedWidth(map)).attr("height", InfiniteMaps.statedHeight(map))
                .attr("tilewidth", map.tileWidth()).attr("tileheight", map.tileHeight())
                .attr("infinite", settings.infinite() ? 1 : 0);
        Orientation orientation = settings.orientation();
        if (orientation.kind() == Orientation.Kind.HEXAGONAL) {
            out.attr("hexsidelength", orientation.hexSideLength());
        }
        if (orientation.staggers()) {
            out.attr("staggeraxis", orientation.staggerAxis()).attr("staggerindex", orientation.staggerIndex());
        }
        if (orientation.skewX() != 0) {
            out.attr("skewx", orientation.skewX());
        }
        if (orientation.skewY() != 0) {
            out.attr("skewy", orientation.skewY());
        }
        if (!settings.parallaxOrigin().equals(Position.ORIGIN)) {
            out.attr("parallaxoriginx", settings.parallaxOrigin().x())
                    .attr("parallaxoriginy", settings.parallaxOrigin().y());
        }
        out.attr("backgroundcolor", map.backgroundColor())
                .attr("nextlayerid", map.nextLayerId())
                .attr("nextobjectid", map.nextObjectId());
        MapSettings.Editor editor = settings.editorSettings();
        if (!editor.isNone()) {
            out.start("editorsettings");
            if (editor.chunkWidth() != null) {
                out.empty("chunksize").attr("width", editor.chunkWidth()).attr("height", editor.chunkHeight());
            }
            if (editor.exportTarget() != null || editor.exportFormat() != null) {
                out.empty("export").attr("target", editor.exportTarget()).attr("format", editor.exportFormat());
            }
            out.end(true);
        }
        XmlProps.write(out, map.properties());
        for (TiledTileset tileset : map.tilesets()) {
            if (tileset.source() != null) {
                out.empty("tileset").attr("firstgid", tileset.firstGid()).attr("source", tileset.source());
            } else {
                tileset(out, tileset.tileset(), tileset.firstGid(), tileset.templates());
            }
        }
        // a group's element holds its layers: it stays open while the layers that follow are in it
        java.util.ArrayDeque<Integer> open = new java.util.ArrayDeque<>();
        for (Layer layer : InfiniteMaps.placed(map)) {
            while (!open.isEmpty() && open.peek() != layer.parentId()) {
                open.pop();
                out.end(true);
            }
            layer(out, layer, map, options);
            if (layer instanceof GroupLayer) {
                open.push(layer.id());
            }
        }
        open.forEach(group -> out.end(true));
        out.end(true);
        return out.finish();
    }

    /** A lone tileset: collision shapes that are template instances written whole. */
    public static byte[] writeTileset(Tileset tileset) {
        return writeTileset(tileset, Map.of());
    }

    /** A tileset with the templates beside it its collision shapes are instances of (by the reference it writes). */
    public static byte[] writeTileset(Tileset tileset, Map<String, TiledTemplate> templates) {
        XmlOut out = new XmlOut();
        tileset(out, tileset, 0, templates);
        return out.finish();
    }

    private static void tileset(XmlOut out, Tileset t, int firstGid, Map<String, TiledTemplate> templates) {
        out.start("tileset");
        if (firstGid > 0) {
            out.attr("firstgid", firstGid);
        } else {
            out.attr("version", TMX_VERSION).attr("tiledversion", TILED_VERSION);
        }
        TilesetSettings settings = t.settings();
        out.attr("name", t.name());
        if (!settings.className().isEmpty()) {
            out.attr("class", settings.className());
        }
        out.attr("tilewidth", t.tileWidth()).attr("tileheight", t.tileHeight());
        if (t.spacing() != 0) {
            out.attr("spacing", t.spacing());
        }
        if (t.margin() != 0) {
            out.attr("margin", t.margin());
        }
        out.attr("tilecount", t.isCollection() ? t.tiles().size() : t.tileCount()).attr("columns", t.columns());
        out.attr("backgroundcolor", settings.backgroundColor());
        stated(settings).forEach(out::attr);
        if (t.tileOffsetX() != 0 || t.tileOffsetY() != 0) {
            out.empty("tileoffset").attr("x", t.tileOffsetX()).attr("y", t.tileOffsetY());
        }
        // as the tileset came: without a grid (Tiled then shows its tiles at their size), or with its own
        if (settings.grid() != null) {
            out.empty("grid").attr("orientation", settings.grid().orientation()).attr("width", settings.grid().width())
                    .attr("height", settings.grid().height());
        }
        if (settings.transformations() != null) {
            TilesetSettings.Transformations allowed = settings.transformations();
            out.empty("transformations").attr("hflip", allowed.hflip() ? 1 : 0).attr("vflip", allowed.vflip() ? 1 : 0)
                    .attr("rotate", allowed.rotate() ? 1 : 0)
                    .attr("preferuntransformed", allowed.preferUntransformed() ? 1 : 0);
        }
        XmlProps.write(out, t.properties());
        if (!t.isCollection()) {
            out.empty("image").attr("source", t.imageSource() == null ? t.name() + ".png" : t.imageSource())
                    .attr("trans", color(t.transparentColor())).attr("width", t.imageWidth())
                    .attr("height", t.imageHeight());
        }
        for (Map.Entry<Integer, TileData> entry : new java.util.TreeMap<>(t.tiles()).entrySet()) {
            tile(out, entry.getKey(), entry.getValue(), templates);
        }
        wangSets(out, settings.wangSets());
        out.end(true);
    }

    private static void wangSets(XmlOut out, List<WangSet> sets) {
        if (sets.isEmpty()) {
            return;
        }
        out.start("wangsets");
        for (WangSet set : sets) {
            out.start("wangset").attr("name", set.name());
            if (!set.className().isEmpty()) {
                out.attr("class", set.className());
            }
            out.attr("type", set.type()).attr("tile", set.tile());
            for (WangSet.WangColor color : set.colors()) {
                boolean nested = !color.properties().isEmpty();
                if (nested) {
                    out.start("wangcolor");
                } else {
                    out.empty("wangcolor");
                }
                out.attr("name", color.name());
                if (!color.className().isEmpty()) {
                    out.attr("class", color.className());
                }
                out.attr("color", color.color()).attr("tile", color.tile()).attr("probability", color.probability());
                if (nested) {
                    XmlProps.write(out, color.properties());
                    out.end(true);
                }
            }
            set.tiles().forEach((tile, id) -> out.empty("wangtile").attr("tileid", tile)
                    .attr("wangid", WangSet.wangIdText(id)));
            // after the tiles, where Tiled writes them
            XmlProps.write(out, set.properties());
            out.end(true);
        }
        out.end(true);
    }

    private static void tile(XmlOut out, int id, TileData tile, Map<String, TiledTemplate> templates) {
        out.start("tile").attr("id", id);
        if (tile.image() != null && tile.image().part() != null) {
            TileData.Part part = tile.image().part();
            out.attr("x", part.x()).attr("y", part.y()).attr("width", part.width()).attr("height", part.height());
        }
        if (!tile.type().isEmpty()) {
            out.attr("type", tile.type());
        }
        if (tile.probability() != null) {
            out.attr("probability", tile.probability());
        }
        XmlProps.write(out, tile.properties());
        if (tile.image() != null) {
            out.empty("image").attr("width", tile.image().width()).attr("height", tile.image().height())
                    .attr("source", tile.image().source());
        }
        if (!tile.collision().isEmpty()) {
            out.start("objectgroup").attr("draworder", "index");
            if (tile.collisionId() != null) {
                out.attr("id", tile.collisionId());
            }
            tile.collision().forEach(o -> object(out, o, o.template() == null ? null : templates.get(o.template())));
            out.end(true);
        }
        if (!tile.animation().isEmpty()) {
            out.start("animation");
            tile.animation().forEach(f -> out.empty("frame").attr("tileid", f.tileId()).attr("duration", f.durationMs()));
            out.end(true);
        }
        out.end();
    }

    private static void layer(XmlOut out, Layer layer, TiledMap map, Options options) {
        String tag = layer instanceof TileLayer ? "layer" : layer instanceof ObjectLayer ? "objectgroup"
                : layer instanceof GroupLayer ? "group" : "imagelayer";
        out.start(tag).attr("id", layer.id()).attr("name", layer.name());
        if (!layer.attributes().className().isEmpty()) {
            out.attr("class", layer.attributes().className());
        }
        if (layer instanceof TileLayer) {
            out.attr("width", InfiniteMaps.statedWidth(map)).attr("height", InfiniteMaps.statedHeight(map));
        }
        if (layer instanceof ObjectLayer && !layer.attributes().drawsTopDown()) {
            // Tiled's default is topdown: it writes the attribute only for index
            out.attr("draworder", "index");
        }
        attributes(out, layer.attributes());
        if (layer instanceof ImageLayer picture && picture.image() != null) {
            ImageLayer.Image image = picture.image();
            if (image.repeatX()) {
                out.attr("repeatx", 1);
            }
            if (image.repeatY()) {
                out.attr("repeaty", 1);
            }
        }
        XmlProps.write(out, layer.attributes().properties());
        if (layer instanceof GroupLayer) {
            return; // ended once its layers are written
        }
        if (layer instanceof TileLayer tiles) {
            out.start("data").attr("encoding", options.encoding().name().toLowerCase(java.util.Locale.ROOT));
            if (options.compression() != LayerData.Compression.NONE) {
                out.attr("compression", options.compression().name().toLowerCase(java.util.Locale.ROOT));
            }
            if (map.settings().infinite()) {
                for (MapAssembly.Chunk chunk : InfiniteMaps.chunks(map, tiles)) {
                    out.start("chunk").attr("x", chunk.x()).attr("y", chunk.y()).attr("width", chunk.width())
                            .attr("height", chunk.height());
                    out.text("\n" + LayerData.encode(chunk.gids(), chunk.width(), options) + "\n" + "   ");
                    out.end(false);
                }
                out.end(true);
            } else {
                String data = LayerData.encode(tiles, options);
                out.text("\n" + data + "\n" + "  ");
                out.end(false);
            }
        } else if (layer instanceof ObjectLayer objects) {
            objects.objects().forEach(o -> object(out, o, o.template() == null ? null
                    : map.templates().get(o.template())));
        } else if (layer instanceof ImageLayer picture && picture.image() != null) {
            ImageLayer.Image image = picture.image();
            out.empty("image").attr("source", image.source()).attr("trans", color(image.transparentColor()))
                    .attr("width", image.width()).attr("height", image.height());
        }
        out.end();
    }

    private static void attributes(XmlOut out, LayerAttributes a) {
        if (a.opacity() != 1) {
            out.attr("opacity", a.opacity());
        }
        if (!a.visible()) {
            out.attr("visible", 0);
        }
        if (a.locked()) {
            out.attr("locked", 1);
        }
        out.attr("tintcolor", a.tint());
        out.attr("color", a.color());
        // both or neither, as Tiled writes them: Tiled reads an image layer without offsetx as placed by its legacy
        // x and y, dropping an offsety given alone
        Difference offset = a.offset();
        if (offset.dx() != 0 || offset.dy() != 0) {
            out.attr("offsetx", offset.dx());
            out.attr("offsety", offset.dy());
        }
        if (a.parallax().x() != 1) {
            out.attr("parallaxx", a.parallax().x());
        }
        if (a.parallax().y() != 1) {
            out.attr("parallaxy", a.parallax().y());
        }
        if (!a.blendMode().equals("normal")) {
            out.attr("mode", a.blendMode());
        }
    }

    /**
     * An object; an instance of a template that goes with the map ({@code template} non-null) is written as Tiled
     * writes one: the reference, its position, and only what it changes of the template's object (whole, without the
     * reference, when an instance cannot say what it changes).
     */
    static void object(XmlOut out, MapObject o, TiledTemplate template) {
        TiledTemplate.Changes c = template == null ? null : template.changes(o);
        out.start("object").attr("id", o.id());
        if (c != null) {
            out.attr("template", o.template());
        }
        if (c == null ? !o.name().isEmpty() : c.name()) {
            out.attr("name", o.name());
        }
        if (c == null ? !o.type().isEmpty() : c.type()) {
            out.attr("type", o.type());
        }
        if (c == null ? o.gid() != 0 : c.gid()) {
            out.attr("gid", Gid.toUnsignedString((int) (long) o.gid()));
        }
        out.attr("x", o.x()).attr("y", o.y());
        // an instance's size is its own only as a pair (Tiled reads one without the other as the template's)
        if (c == null ? o.width() != 0 : c.size()) {
            out.attr("width", o.width());
        }
        if (c == null ? o.height() != 0 : c.size()) {
            out.attr("height", o.height());
        }
        if (c == null ? o.rotation() != 0 : c.rotation()) {
            out.attr("rotation", o.rotation());
        }
        if (c == null ? !o.visible() : c.visible()) {
            out.attr("visible", o.visible() ? 1 : 0);
        }
        if (c == null ? o.alpha() != 1 : c.opacity()) {
            out.attr("opacity", o.alpha());
        }
        XmlProps.write(out, c == null ? o.properties() : c.properties());
        if (c == null || c.shape()) {
            switch (o.shape()) {
                case ELLIPSE -> out.empty("ellipse");
                case CAPSULE -> out.empty("capsule");
                case POINT -> out.empty("point");
                case POLYGON, POLYLINE -> out.empty(o.shape().wireName()).attr("points", o.points().stream()
                        .map(p -> XmlOut.number(p.dx()) + "," + XmlOut.number(p.dy())).collect(Collectors.joining(" ")));
                case TEXT -> text(out, o.text());
                case RECTANGLE -> {
                    // a plain rectangle (or tile object) has no shape element
                }
            }
        }
        out.end();
    }

    private static void text(XmlOut out, ObjectText t) {
        out.start("text").attr("fontfamily", t.fontFamily()).attr("pixelsize", t.pixelSize());
        flag(out, "wrap", t.wrap(), false);
        out.attr("color", t.color());
        flag(out, "bold", t.bold(), false);
        flag(out, "italic", t.italic(), false);
        flag(out, "underline", t.underline(), false);
        flag(out, "strikeout", t.strikeout(), false);
        flag(out, "kerning", t.kerning(), true);
        out.attr("halign", t.halign()).attr("valign", t.valign()).text(t.text()).end(false);
    }

    private static void flag(XmlOut out, String name, boolean value, boolean fallback) {
        if (value != fallback) {
            out.attr(name, value ? 1 : 0);
        }
    }

    static String color(Integer rgb) {
        return rgb == null ? null : HexFormat.of().toHexDigits(rgb).substring(2);
    }

    /** A tileset's alignment, render size and fill mode where they are not Tiled's defaults (which it leaves out). */
    static Map<String, String> stated(TilesetSettings settings) {
        Map<String, String> stated = new LinkedHashMap<>();
        if (!settings.objectAlignment().equals("unspecified")) {
            stated.put("objectalignment", settings.objectAlignment());
        }
        if (!settings.tileRenderSize().equals("tile")) {
            stated.put("tilerendersize", settings.tileRenderSize());
        }
        if (!settings.fillMode().equals("stretch")) {
            stated.put("fillmode", settings.fillMode());
        }
        return stated;
    }
}
