package dev.tilewright.format;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.ObjectText;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileData;
import org.w3c.dom.Element;
import tools.jackson.databind.JsonNode;

import java.util.List;

/** The named values of an XML element or a JSON object, read the same way by both Tiled readers. */
interface Fields {

    boolean has(String name);

    String text(String name, String fallback);

    double decimal(String name, double fallback);

    int integer(String name, int fallback);

    long unsigned(String name);

    boolean flag(String name, boolean fallback);

    /** A colour as Tiled writes it, with or without its leading '#' (older files), as "#…"; null or empty -> null. */
    static String hashColor(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String stripped = text.strip();
        return stripped.startsWith("#") ? stripped : "#" + stripped;
    }

    static Fields of(Element e, String file) {
        return new TmxNode(e, file);
    }

    static Fields of(JsonNode node, String file) {
        return new TmjNode(node, file);
    }

    /**
     * A collection tile's image with the part of it the tile shows (Tiled 1.9's sub-images: the tile's {@code x},
     * {@code y}, {@code width}, {@code height}, the whole image where left out).
     */
    static TileData.TileImage tileImage(Fields tile, String file, String source, int width, int height) {
        try {
            return new TileData.TileImage(source, width, height, new TileData.Part(tile.integer("x", 0),
                    tile.integer("y", 0), tile.integer("width", width), tile.integer("height", height)));
        } catch (IllegalArgumentException x) {
            throw TiledFormatException.invalid(file, "tile " + tile.integer("id", -1) + ": " + x.getMessage());
        }
    }

    /**
     * A map object from its fields; what it does not state comes from {@code base}, the object of its template
     * (instance properties override the template's one by one).
     */
    static MapObject object(Fields f, String file, MapObject base, ObjectShape shape, List<Difference> points,
                            ObjectText text, Properties properties) {
        try {
            return new MapObject(f.integer("id", 0), f.text("name", base == null ? "" : base.name()),
                    f.text("class", f.text("type", base == null ? "" : base.type())), shape,
                    f.decimal("x", base == null ? 0 : base.x()), f.decimal("y", base == null ? 0 : base.y()),
                    base == null || ownSize(f) ? f.decimal("width", 0) : base.width(),
                    base == null || ownSize(f) ? f.decimal("height", 0) : base.height(),
                    f.decimal("rotation", base == null ? 0 : base.rotation()),
                    f.has("gid") ? f.unsigned("gid") : base == null ? 0 : base.gid(),
                    f.flag("visible", base == null || base.visible()), points, text,
                    base == null ? properties : Props.merge(base.properties(), properties), null,
                    f.decimal("opacity", base == null ? 1 : base.alpha()));
        } catch (IllegalArgumentException x) {
            throw TiledFormatException.invalid(file, "object " + f.text("id", "?") + ": " + x.getMessage());
        }
    }

    /**
     * Whether a template instance sets its own size: as Tiled reads one, only when it gives both a width and a height
     * above 0 (one without the other leaves the template's size).
     */
    private static boolean ownSize(Fields f) {
        return f.has("width") && f.has("height") && f.decimal("width", 0) > 0 && f.decimal("height", 0) > 0;
    }

    /**
     * A template's object as the map sees it: its gid is of the template's own tileset ({@code source}, null for
     * none, starting at {@code firstGid}) and moves to where the map lists that tileset, one rule for .tx and .tj.
     */
    static MapObject inMap(MapObject template, String source, int firstGid, List<TiledTileset> mapTilesets,
                           String from, String path) {
        if (template.gid() == 0 || source == null) {
            return template;
        }
        TiledTileset owner = mapTilesets.stream().filter(t -> source.equals(t.source())).findFirst()
                .orElseThrow(() -> TiledFormatException.invalid(from, "template " + path + " uses tileset " + source
                        + ", which the map does not list"));
        MapObject t = template;
        return new MapObject(t.id(), t.name(), t.type(), t.shape(), t.x(), t.y(), t.width(), t.height(), t.rotation(),
                remap(t.gid(), firstGid, owner.firstGid()), t.visible(), t.points(), t.text(), t.properties(),
                t.template(), t.opacity());
    }

    /** A gid of a template's own tileset moved to where that tileset starts in the map. */
    static long remap(long gid, int templateFirstGid, int mapFirstGid) {
        int value = (int) gid;
        return Integer.toUnsignedLong((mapFirstGid + dev.tilewright.core.model.Gid.id(value) - templateFirstGid)
                | dev.tilewright.core.model.Gid.flags(value));
    }
}
