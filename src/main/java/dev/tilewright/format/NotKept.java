package dev.tilewright.format;

import dev.tilewright.core.model.PropertyType;

/**
 * The parts of Tiled's formats an import does not keep yet, one rule for the TMX and the JSON readers: each is said
 * as a {@link Warnings.Warning} naming where it was and what happens instead, never dropped in silence.
 */
final class NotKept {

    private NotKept() {
    }

    /**
     * What Tiled 1.8-1.12 write on a map, a layer of each kind, an object, a tileset, a tile, a Wang set and its colours,
     * in TMX and JSON, kept or meaningless here.
     */
    private static final java.util.Set<String> LAYER = java.util.Set.of("id", "name", "class", "x", "y", "width",
            "height", "opacity", "visible", "tintcolor", "offsetx", "offsety", "parallaxx", "parallaxy", "locked",
            "mode", "color", "draworder", "repeatx", "repeaty", "type", "data", "chunks", "encoding", "compression",
            "objects", "layers", "image", "imagewidth", "imageheight", "transparentcolor", "properties", "propertytypes",
            "startx", "starty");
    static final java.util.Map<String, java.util.Set<String>> KNOWN = java.util.Map.of(
            "map", java.util.Set.of("version", "tiledversion", "class", "orientation", "renderorder",
                    "compressionlevel", "width", "height", "tilewidth", "tileheight", "hexsidelength", "skewx",
                    "skewy", "staggeraxis", "staggerindex", "parallaxoriginx", "parallaxoriginy", "backgroundcolor", "nextlayerid",
                    "nextobjectid", "infinite", "type", "layers", "tilesets", "properties", "propertytypes",
                    "editorsettings"),
            "layer", LAYER,
            "object", java.util.Set.of("id", "name", "type", "class", "x", "y", "width", "height", "rotation", "gid",
                    "visible", "opacity", "template", "ellipse", "capsule", "point", "polygon", "polyline", "text", "properties",
                    "propertytypes"),
            "tileset", java.util.Set.of("version", "tiledversion", "firstgid", "source", "name", "class", "tilewidth",
                    "tileheight", "spacing", "margin", "tilecount", "columns", "objectalignment", "tilerendersize",
                    "fillmode", "backgroundcolor", "type", "image", "imagewidth", "imageheight", "transparentcolor",
                    "tileoffset", "grid", "properties", "propertytypes", "transformations", "tiles", "wangsets",
                    "editorsettings", "tileproperties", "tilepropertytypes", "terrains"),
            // a tile's terrain (before Tiled 1.5) is named once for its tileset (legacyTerrains)
            "tile", java.util.Set.of("id", "type", "class", "probability", "x", "y", "width", "height", "terrain",
                    "image", "imagewidth", "imageheight", "properties", "propertytypes", "objectgroup", "animation"),
            "wangset", java.util.Set.of("name", "class", "type", "tile", "colors", "wangtiles", "properties"),
            "wangcolor", java.util.Set.of("name", "class", "color", "tile", "probability", "properties"));

    /**
     * Names in the warnings each attribute (TMX) or key (JSON) of a map, layer or object that Tilewright does not know
     * (one a later Tiled writes): what it said is not kept.
     *
     * @param kind  map, layer, object, tileset, tile, wangset or wangcolor
     * @param where the warning's path ({@code layers[Ground]}, {@code objects[12]}, {@code map})
     */
    static void unknown(Warnings warnings, String kind, String where, Iterable<String> names) {
        java.util.Set<String> known = KNOWN.get(kind);
        for (String name : names) {
            if (!known.contains(name)) {
                warnings.add(where + "." + name, "'" + name + "' is not kept (a Tiled version later than 1.12, or a "
                        + "tool's own, wrote it)");
            }
        }
    }

    /** The attribute names of an XML element. */
    static java.util.List<String> attributeNames(org.w3c.dom.Element e) {
        java.util.List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < e.getAttributes().getLength(); i++) {
            names.add(e.getAttributes().item(i).getNodeName());
        }
        return names;
    }

    /**
     * Whether a property's type is one Tilewright keeps; when not (Tiled 1.12's lists, a type of a later Tiled), the
     * property is left out and named in the warnings, the rest of the file read as usual.
     */
    static boolean keptType(Warnings warnings, String file, String name, String type) {
        if (type == null || type.isEmpty() || PropertyType.isTiledName(type)) {
            return true;
        }
        warnings.add(file + ".properties[" + name + "]", "a property of type '" + type + "' is not kept yet");
        return false;
    }

    static void legacyTerrains(Warnings warnings, String tileset) {
        warnings.add("tileset[" + tileset + "].terrains", "terrains as Tiled wrote them before 1.5 are not kept; open "
                + "and save the tileset in Tiled 1.5 or later, which makes them a Wang set");
    }

    static void legacyWangSet(Warnings warnings, String tileset, String name) {
        warnings.add("tileset[" + tileset + "].wangsets[" + name + "]", "a Wang set as Tiled wrote it before 1.5 "
                + "(corner and edge colours apart) is not kept; open and save the tileset in Tiled 1.5 or later");
    }

}
