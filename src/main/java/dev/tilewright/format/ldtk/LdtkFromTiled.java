package dev.tilewright.format.ldtk;

import dev.tilewright.core.geom.Orthogonal;
import dev.tilewright.core.model.GroupLayer;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.ListItem;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.PropertyType;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.format.TiledFormatException;
import dev.tilewright.format.Warnings;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * LDtk definitions for maps that did not come from LDtk (made here or brought from Tiled), so {@link LdtkWriter}
 * writes them as an LDtk project: each tile layer becomes a Tiles layer per tileset it draws from, an IntGrid layer an
 * IntGrid layer of the project's values, an object layer an Entities layer, each object class an entity with a field
 * per property; layers of one name in several maps share a definition. What LDtk cannot hold is named in the
 * warnings with how it was written (the export report).
 */
public final class LdtkFromTiled {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    /** The LDtk version the definitions are written for (the schema they are checked against). */
    public static final String VERSION = "1.5.3";

    /** A value the project's IntGrid layers hold: its number, name, colour ({@code #rrggbb}). */
    public record Value(int value, String name, String color) {
    }

    /**
     * The definitions, the definitions each map's layers are written as (map id, layer id: definition uids), and the
     * stored tileset each tileset definition is.
     */
    public record Made(LdtkProject definitions, Map<Long, Map<Integer, List<Integer>>> layerDefs,
                       Map<Integer, Long> storedTilesets) {
    }

    private final Map<Long, Tileset> tilesets;
    private final Warnings warnings;
    private int nextUid = 1;
    private final Map<Long, Integer> tilesetUid = new LinkedHashMap<>();
    private final Map<String, ObjectNode> layerDefs = new LinkedHashMap<>();
    private final Map<String, ObjectNode> entityDefs = new LinkedHashMap<>();
    private final Set<String> identifiers = new HashSet<>();
    private final Set<String> warned = new HashSet<>();
    /** Layer definitions whose parallax their first layer set. */
    private final Set<Integer> parallaxSet = new HashSet<>();

    private LdtkFromTiled(Map<Long, Tileset> tilesets, Warnings warnings) {
        this.tilesets = tilesets;
        this.warnings = warnings;
    }

    /**
     * @param name   the project's name (the file's iid is made from it)
     * @param values the project's IntGrid values
     */
    public static Made define(String name, List<LdtkWriter.Level> levels, Map<Long, Tileset> tilesets,
                              List<Value> values, Warnings warnings) {
        return new LdtkFromTiled(tilesets, warnings).made(name, levels, values);
    }

    private Made made(String name, List<LdtkWriter.Level> levels, List<Value> values) {
        Map<Long, Map<Integer, List<Integer>>> assigned = new LinkedHashMap<>();
        for (LdtkWriter.Level level : levels) {
            TileMap map = level.map();
            if (!(map.projection() instanceof Orthogonal)) {
                throw new TiledFormatException(TiledFormatException.Kind.INVALID, map.name(), "map '" + map.name()
                        + "' is not orthogonal: LDtk holds orthogonal levels only (export it to Tiled's formats)");
            }
            // the map's properties: level fields
            fieldDefs(levelFields, map.properties(), "map");
            Map<Integer, List<Integer>> ofLayer = new LinkedHashMap<>();
            // LDtk lists layers top first
            List<Layer> topFirst = new ArrayList<>(map.layers());
            java.util.Collections.reverse(topFirst);
            for (Layer layer : topFirst) {
                List<Integer> defs = define(map, layer, values);
                if (!defs.isEmpty()) {
                    ofLayer.put(layer.id(), defs);
                }
            }
            assigned.put(level.mapId(), ofLayer);
        }
        ObjectNode root = root(name);
        Map<Integer, Long> stored = new HashMap<>();
        tilesetUid.forEach((id, uid) -> {
            if (uid != null) {
                stored.put(uid, id);
            }
        });
        byte[] bytes = MAPPER.writeValueAsBytes(root);
        return new Made(LdtkProject.read(bytes, name + ".ldtk", r -> null, 0), assigned, stored);
    }

    /** The definitions a layer is written as (none: it is not written, and the warnings say why). */
    private List<Integer> define(TileMap map, Layer layer, List<Value> values) {
        String name = layer.attributes().name();
        if (layer instanceof GroupLayer) {
            once("group:" + name, "layers", "group '" + name + "': LDtk has no groups; its layers are written as "
                    + "layers of the level");
            return List.of();
        }
        if (layer instanceof ImageLayer) {
            once("image:" + name, "layers", "image layer '" + name + "': not written (LDtk shows a level's "
                    + "background image only)");
            return List.of();
        }
        if (layer instanceof ObjectLayer objects) {
            ObjectNode def = parallax(layerDef("Entities:" + name + ":" + map.tileWidth(), name, "Entities",
                    map.tileWidth()), layer);
            for (MapObject object : objects.objects()) {
                entity(object, map);
            }
            return List.of(def.get("uid").asInt());
        }
        TileLayer tiles = (TileLayer) layer;
        if (tiles.isIntGrid()) {
            ObjectNode def = parallax(layerDef("IntGrid:" + name + ":" + map.tileWidth(), name, "IntGrid",
                    map.tileWidth()), layer);
            if (def.get("intGridValues").isEmpty()) {
                for (Value v : values) {
                    ((ArrayNode) def.get("intGridValues")).add(MAPPER.createObjectNode().put("value", v.value())
                            .put("identifier", identifierPart(v.name())).put("color", v.color().toUpperCase(Locale.ROOT))
                            .putNull("tile").put("groupUid", 0));
                }
            }
            return List.of(def.get("uid").asInt());
        }
        if (map.tileWidth() != map.tileHeight()) {
            once("cells:" + name, "layers", "layer '" + name + "' of " + map.name() + ": its cells are "
                    + map.tileWidth() + "x" + map.tileHeight() + " px; LDtk's are square: not written");
            return List.of();
        }
        // one Tiles layer per tileset the layer draws from
        Set<Long> drawn = new java.util.TreeSet<>();
        for (int y = 0; y < tiles.height(); y++) {
            for (int x = 0; x < tiles.width(); x++) {
                int gid = tiles.get(x, y);
                if (gid != 0) {
                    map.tilesetOf(gid).ifPresent(t -> drawn.add(t.tilesetId()));
                }
            }
        }

        List<Integer> defs = new ArrayList<>();
        for (long tilesetId : drawn) {
            Integer uid = tileset(tilesetId);
            if (uid == null) {
                continue;
            }
            String layerName = drawn.size() == 1 ? name : name + "_" + tilesets.get(tilesetId).name();
            if (drawn.size() > 1) {
                once("split:" + name, "layers", "layer '" + name + "' draws from " + drawn.size() + " tilesets (an "
                        + "LDtk layer from one): written as a layer per tileset");
            }
            ObjectNode def = parallax(layerDef("Tiles:" + layerName + ":" + map.tileWidth() + ":" + uid, layerName,
                    "Tiles", map.tileWidth()), layer);
            def.put("tilesetDefUid", uid);
            defs.add(def.get("uid").asInt());
        }
        if (drawn.isEmpty()) {
            defs.add(layerDef("Tiles:" + name + ":" + map.tileWidth(), name, "Tiles", map.tileWidth()).get("uid")
                    .asInt());
        }
        return defs;
    }

    /** The tileset definition of a stored tileset; null (and a warning) when LDtk cannot hold it. */
    private Integer tileset(long id) {
        if (tilesetUid.containsKey(id)) {
            return tilesetUid.get(id);
        }
        Tileset t = tilesets.get(id);
        if (t == null || t.imageSource() == null || t.columns() <= 0 || t.tileWidth() != t.tileHeight()) {
            once("tileset:" + id, "tilesets", "tileset '" + (t == null ? id : t.name()) + "': "
                    + (t != null && t.imageSource() == null ? "a collection of images" : "tiles that are not square")
                    + " (LDtk's tilesets are one image cut into squares): its tiles are not written");
            tilesetUid.put(id, null);
            return null;
        }
        int uid = nextUid++;
        tilesetUid.put(id, uid);
        boolean animated = false;
        boolean shapes = false;
        ArrayNode custom = MAPPER.createArrayNode();
        for (Map.Entry<Integer, TileData> tile : t.tiles().entrySet()) {
            TileData data = tile.getValue();
            animated |= data.animation() != null && !data.animation().isEmpty();
            shapes |= data.collision() != null && !data.collision().isEmpty();
            if (data.properties() != null && !data.properties().isEmpty()) {
                ObjectNode properties = MAPPER.createObjectNode();
                for (Property p : data.properties().all()) {
                    properties.set(p.name(), MAPPER.valueToTree(plain(p.value())));
                }
                custom.add(MAPPER.createObjectNode().put("tileId", ldtkTile(tile.getKey(), t))
                        .put("data", properties.toString()));
            }
        }
        if (animated) {
            warnings.add("tilesets", "tileset '" + t.name() + "': animated tiles (LDtk has none): written as their "
                    + "first frame");
        }
        if (shapes) {
            warnings.add("tilesets", "tileset '" + t.name() + "': tile collision shapes (LDtk has none): not "
                    + "written; an IntGrid layer holds collisions in LDtk");
        }
        ObjectNode def = MAPPER.createObjectNode();
        def.put("__cWid", ldtkColumns(t)).put("__cHei", (int) Math.ceil((double) (t.imageHeight() - 2 * t.margin())
                        / (t.tileWidth() + t.spacing()))).put("identifier", identifier(t.name())).put("uid", uid)
                .put("relPath", t.imageSource()).putNull("embedAtlas").put("pxWid", t.imageWidth())
                .put("pxHei", t.imageHeight()).put("tileGridSize", t.tileWidth()).put("spacing", t.spacing())
                .put("padding", t.margin()).set("tags", MAPPER.createArrayNode());
        def.putNull("tagsSourceEnumUid");
        def.set("enumTags", MAPPER.createArrayNode());
        def.set("customData", custom);
        def.set("savedSelections", MAPPER.createArrayNode());
        def.putNull("cachedPixelData");
        tilesetDefs.add(def);
        return uid;
    }

    private final List<ObjectNode> tilesetDefs = new ArrayList<>();
    private final ArrayNode levelFields = MAPPER.createArrayNode();

    /** A tile's index in its tileset as LDtk numbers it (by LDtk's columns, which count a partial one). */
    private static int ldtkTile(int local, Tileset t) {
        return local / t.columns() * ldtkColumns(t) + local % t.columns();
    }

    private static int ldtkColumns(Tileset t) {
        return (int) Math.ceil((double) (t.imageWidth() - 2 * t.margin()) / (t.tileWidth() + t.spacing()));
    }

    /**
     * The layer's parallax as LDtk's factor ({@code 1 - p}: LDtk moves a layer by the camera times its factor), set
     * by the first layer of the definition; LDtk's factors are -1 to 1 (others are clamped, and named).
     */
    private ObjectNode parallax(ObjectNode def, Layer layer) {
        if (parallaxSet.add(def.get("uid").asInt())) {
            double x = 1 - layer.attributes().parallax().x();
            double y = 1 - layer.attributes().parallax().y();
            if (Math.abs(x) > 1 || Math.abs(y) > 1) {
                once("parallax:" + layer.attributes().name(), "layers", "layer '" + layer.attributes().name()
                        + "': a parallax factor LDtk cannot hold (its factors are 1 - Tiled's, from -1 to 1): clamped");
            }
            def.put("parallaxFactorX", Math.max(-1, Math.min(1, x))).put("parallaxFactorY", Math.max(-1, Math.min(1,
                    y)));
            def.put("parallaxScaling", false);
        }
        return def;
    }

    private ObjectNode layerDef(String key, String name, String type, int gridSize) {
        return layerDefs.computeIfAbsent(key, k -> LdtkDefaults.layer(type, identifier(name), nextUid++, gridSize));
    }

    /** The entity an object's class is, its fields those of the objects' properties (first type seen). */
    private void entity(MapObject object, TileMap map) {
        String name = LdtkWriter.classOf(object);
        ObjectNode def = entityDefs.computeIfAbsent(identifier(name, false), id -> LdtkDefaults.entity(id, nextUid++,
                Math.max(1, (int) Math.round(object.width() == null ? map.tileWidth() : object.width())),
                Math.max(1, (int) Math.round(object.height() == null ? map.tileHeight() : object.height())),
                object.shape() == ObjectShape.ELLIPSE));
        ObjectShape shape = object.shape() == null ? ObjectShape.RECTANGLE : object.shape();
        if (shape != ObjectShape.RECTANGLE && shape != ObjectShape.ELLIPSE) {
            once("shape:" + shape, "objects", shape.name().toLowerCase(Locale.ROOT) + " objects (LDtk's entities are "
                    + "boxes): written as their box, their points not kept");
        }
        if (object.rotation() != null && object.rotation() != 0) {
            once("rotation", "objects", "rotated objects (LDtk's entities do not turn): written unturned");
        }
        if (object.gid() != null && object.gid() != 0) {
            once("tile objects", "objects", "tile objects: written as entities of their box (LDtk shows an entity's "
                    + "tile from its definition)");
        }
        fieldDefs((ArrayNode) def.get("fieldDefs"), object.properties(), "objects");
    }

    /** A field definition per property not defined yet (of a type LDtk has: others are named in the warnings). */
    private void fieldDefs(ArrayNode fields, dev.tilewright.core.model.Properties properties, String where) {
        for (Property p : properties.all()) {
            if (p.name().startsWith("ldtk.") || p.name().startsWith("tilewright.")) {
                continue;
            }
            String id = identifier(p.name(), false);
            boolean known = false;
            for (var f : fields) {
                known |= f.get("identifier").asString().equals(id);
            }
            if (known) {
                continue;
            }
            String[] type = fieldType(p);
            if (type == null) {
                once("field:" + where + ":" + p.name(), where, "property '" + p.name() + "' (" + p.type().tiledName()
                        + "): LDtk has no such field: not written");
                continue;
            }
            fields.add(LdtkDefaults.field(id, type[0], type[1], p.type() == PropertyType.LIST, nextUid++));
        }
    }

    /** LDtk's field type of a property: its {@code type} and {@code __type} (of an array's items); null: none. */
    private static String[] fieldType(Property p) {
        PropertyType type = p.type();
        if (type == PropertyType.LIST) {
            if (!(p.value() instanceof List<?> items) || items.isEmpty() || !(items.get(0) instanceof ListItem first)
                    || first.type() == PropertyType.LIST) {
                return null;
            }
            type = first.type();
        }
        return switch (type) {
            case INT -> new String[]{"F_Int", "Int"};
            case FLOAT -> new String[]{"F_Float", "Float"};
            case BOOL -> new String[]{"F_Bool", "Bool"};
            case STRING -> new String[]{"F_String", "String"};
            case COLOR -> new String[]{"F_Color", "Color"};
            case FILE -> new String[]{"F_Path", "FilePath"};
            case OBJECT -> new String[]{"F_EntityRef", "EntityRef"};
            default -> null;
        };
    }

    private static Object plain(Object value) {
        if (value instanceof dev.tilewright.core.model.Properties nested) {
            Map<String, Object> out = new LinkedHashMap<>();
            nested.all().forEach(p -> out.put(p.name(), plain(p.value())));
            return out;
        }
        if (value instanceof List<?> items) {
            return items.stream().map(i -> i instanceof ListItem li ? plain(li.value()) : plain(i)).toList();
        }
        return value;
    }

    private ObjectNode root(String name) {
        ObjectNode defs = MAPPER.createObjectNode();
        ArrayNode layers = MAPPER.createArrayNode();
        layerDefs.values().forEach(layers::add);
        defs.set("layers", layers);
        ArrayNode entities = MAPPER.createArrayNode();
        entityDefs.values().forEach(entities::add);
        defs.set("entities", entities);
        ArrayNode sets = MAPPER.createArrayNode();
        tilesetDefs.forEach(sets::add);
        defs.set("tilesets", sets);
        defs.set("enums", MAPPER.createArrayNode());
        defs.set("externalEnums", MAPPER.createArrayNode());
        defs.set("levelFields", levelFields);
        return LdtkDefaults.root(name, nextUid, defs);
    }

    private void once(String key, String where, String what) {
        if (warned.add(key)) {
            warnings.add(where, what);
        }
    }

    /** A unique LDtk identifier made of a name (letters, digits, underscores; not starting with a digit). */
    private String identifier(String name) {
        return identifier(name, true);
    }

    private String identifier(String name, boolean unique) {
        String base = identifierPart(name);
        if (!unique) {
            return base;
        }
        String id = base;
        for (int n = 2; !identifiers.add(id); n++) {
            id = base + "_" + n;
        }
        return id;
    }

    /** A name as LDtk writes identifiers: letters, digits and underscores, capitalised, not starting with a digit. */
    static String identifierPart(String name) {
        String cleaned = (name == null ? "" : name).replaceAll("[^A-Za-z0-9_]", "_");
        if (cleaned.isEmpty() || Character.isDigit(cleaned.charAt(0))) {
            cleaned = "_" + cleaned;
        }
        return Character.toUpperCase(cleaned.charAt(0)) + cleaned.substring(1);
    }
}
