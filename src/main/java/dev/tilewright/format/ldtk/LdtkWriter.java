package dev.tilewright.format.ldtk;

import dev.tilewright.core.model.GroupLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.format.Warnings;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * Writes levels made from an LDtk project back as that project's {@code .ldtk} (levels inline): the kept definitions
 * and settings as they came, each map a level at its place in the world, each layer definition's instance in LDtk's
 * order — IntGrid cells as {@code intGridCsv}, auto-layers' tiles baked by LDtk's rules from the grids as they are now
 * ({@code autoLayerTiles}, with the rule and anchor of each), painted tiles as {@code gridTiles}, objects as entities
 * with their fields and LDtk's {@code __} helpers. Iids are the ones imported ({@value LdtkMaps#IID}), or made from
 * the map and object ids (the same each export); {@code nextUid} is past every uid written. What LDtk cannot hold is
 * named in the warnings (the export report).
 */
public final class LdtkWriter {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    /**
     * A level to write: the map, its id (stable iids), its place in the world in pixels, and the layer definitions
     * each of its layers is written as (by layer id; null: as its {@value LdtkMaps#LAYER_DEF} property names).
     */
    public record Level(long mapId, TileMap map, int worldX, int worldY, Map<Integer, List<Integer>> layerDefs) {

        public Level(long mapId, TileMap map, int worldX, int worldY) {
            this(mapId, map, worldX, worldY, null);
        }

        /** Whether the layer is written as that definition. */
        boolean writes(Layer layer, int defUid) {
            if (layerDefs != null) {
                return layerDefs.getOrDefault(layer.id(), List.of()).contains(defUid);
            }
            return Objects.equals(number(layer.attributes().properties(), LdtkMaps.LAYER_DEF), (long) defUid);
        }
    }

    /** An object's class as an entity's identifier: its type, else its name, else "Object". */
    public static String classOf(MapObject object) {
        return object.type() != null && !object.type().isBlank() ? object.type()
                : object.name() != null && !object.name().isBlank() ? object.name() : "Object";
    }

    private final LdtkProject definitions;
    private final Warnings warnings;
    private final LdtkTileWriter tileWriter;
    private int nextUid;

    private LdtkWriter(LdtkProject definitions, Map<Long, Tileset> tilesets, Map<Integer, Long> storedTilesets,
                       Warnings warnings) {
        this.definitions = definitions;
        this.tileWriter = new LdtkTileWriter(definitions, tilesets, storedTilesets, warnings);
        this.warnings = warnings;
        this.nextUid = definitions.root().path("nextUid").asInt(1);
    }

    /**
     * @param tilesets the stored tilesets the maps use, by id (their columns turn gids into LDtk's tile ids)
     */
    public static byte[] write(LdtkProject definitions, List<Level> levels, Map<Long, Tileset> tilesets,
                               Warnings warnings) {
        return new LdtkWriter(definitions, tilesets, Map.of(), warnings).project(levels);
    }

    /** Maps that did not come from LDtk, as the definitions {@link LdtkFromTiled} made for them. */
    public static byte[] write(LdtkFromTiled.Made made, List<Level> levels, Map<Long, Tileset> tilesets,
                               Warnings warnings) {
        return new LdtkWriter(made.definitions(), tilesets, made.storedTilesets(), warnings).project(levels);
    }

    /** Bytes the JSON tree of an IntGrid cell, a tile and an entity take while the file is made (measured, rounded up). */
    private static final long CELL_BYTES = 32;
    private static final long TILE_BYTES = 640;
    private static final long ENTITY_BYTES = 2048;

    /**
     * About the bytes writing these levels holds before the file is written, worked out before any of it is: each
     * IntGrid layer's cells at its definition's cell size, each tile the map's tile layers hold (an auto-layer's are
     * those its layers hold now), each object.
     */
    public static long workBytes(LdtkProject definitions, List<Level> levels) {
        long bytes = 0;
        for (Level level : levels) {
            TileMap map = level.map();
            long pxWidth = pixels(map.properties(), LdtkMaps.PX_WIDTH, map.width(), map.tileWidth());
            long pxHeight = pixels(map.properties(), LdtkMaps.PX_HEIGHT, map.height(), map.tileHeight());
            for (LdtkProject.LayerDef def : definitions.layers()) {
                if (def.type().equals("IntGrid")) {
                    bytes += CELL_BYTES * ((pxWidth + def.gridSize() - 1) / def.gridSize())
                            * ((pxHeight + def.gridSize() - 1) / def.gridSize());
                }
            }
            for (Layer layer : map.layers()) {
                if (layer instanceof TileLayer tiles && !tiles.isIntGrid()) {
                    bytes += TILE_BYTES * painted(tiles);
                } else if (layer instanceof ObjectLayer objects) {
                    bytes += ENTITY_BYTES * objects.objects().size();
                }
            }
        }
        return bytes;
    }

    /** How many cells of a tile layer hold a tile, chunk by chunk (a chunk of one gid counted at once). */
    private static long painted(TileLayer tiles) {
        long count = 0;
        int size = TileLayer.CHUNK_SIZE;
        for (int cy = 0; cy < tiles.chunksY(); cy++) {
            for (int cx = 0; cx < tiles.chunksX(); cx++) {
                int[] cells = tiles.liveChunk(cx, cy);
                if (cells == null) {
                    continue;
                }
                if (tiles.uniformChunk(cx, cy)) {
                    long w = Math.min(size, tiles.width() - (long) cx * size);
                    long h = Math.min(size, tiles.height() - (long) cy * size);
                    count += cells[0] != 0 ? w * h : 0;
                } else {
                    for (int gid : cells) {
                        count += gid != 0 ? 1 : 0;
                    }
                }
            }
        }
        return count;
    }

    private byte[] project(List<Level> levels) {
        ObjectNode root = MAPPER.createObjectNode();
        definitions.root().properties().forEach(e -> root.set(e.getKey(), e.getValue()));
        ArrayNode written = MAPPER.createArrayNode();
        for (Level level : levels) {
            written.add(level(level));
        }
        root.set("levels", written);
        root.put("externalLevels", false);
        root.put("nextUid", nextUid);
        // LDtk rebuilds its table of contents on save; none is listed rather than a stale one
        root.set("toc", MAPPER.createArrayNode());
        return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(root);
    }

    private ObjectNode level(Level level) {
        TileMap map = level.map();
        Properties p = map.properties();
        ObjectNode out = MAPPER.createObjectNode();
        out.put("identifier", map.name());
        String iid = text(p, LdtkMaps.IID, iid("map", level.mapId(), 0));
        out.put("iid", iid);
        Long uid = number(p, LdtkMaps.UID);
        out.put("uid", uid != null ? uid.intValue() : nextUid++);
        out.put("worldX", level.worldX());
        out.put("worldY", level.worldY());
        out.put("worldDepth", 0);
        out.put("pxWid", pixels(p, LdtkMaps.PX_WIDTH, map.width(), map.tileWidth()));
        out.put("pxHei", pixels(p, LdtkMaps.PX_HEIGHT, map.height(), map.tileHeight()));
        String bg = map.backgroundColor() == null ? definitions.root().path("defaultLevelBgColor").asString("#696A79")
                : "#" + map.backgroundColor().substring(map.backgroundColor().length() - 6).toUpperCase(Locale.ROOT);
        out.put("__bgColor", bg);
        out.putNull("bgColor");
        out.put("useAutoIdentifier", false);
        out.putNull("bgRelPath");
        out.putNull("bgPos");
        out.put("bgPivotX", 0.5);
        out.put("bgPivotY", 0.5);
        out.put("__smartColor", bg);
        out.putNull("__bgPos");
        out.putNull("externalRelPath");
        out.set("fieldInstances", fields(definitions.defs().path("levelFields"), p, map, iid));
        ArrayNode layers = MAPPER.createArrayNode();
        for (LdtkProject.LayerDef def : definitions.layers()) {
            layers.add(layer(level, def, iid, out.get("uid").asInt()));
        }
        out.set("layerInstances", layers);
        out.set("__neighbours", MAPPER.createArrayNode());
        return out;
    }

    /** A level's size in pixels: as it came when its map still has that many cells, else the map's. */
    private static int pixels(Properties p, String name, int cells, int cell) {
        Long kept = number(p, name);
        return kept != null && (kept + cell - 1) / cell == cells ? kept.intValue() : cells * cell;
    }

    private ObjectNode layer(Level level, LdtkProject.LayerDef def, String levelIid, int levelUid) {
        TileMap map = level.map();
        String kept = text(map.properties(), LdtkMaps.KEPT + def.uid(), null);
        if (kept != null) {
            ObjectNode asItCame = (ObjectNode) MAPPER.readTree(kept);
            asItCame.put("levelId", levelUid);
            return asItCame;
        }
        // LDtk's cells of a layer cover the level, the last one partly
        int width = (pixels(map.properties(), LdtkMaps.PX_WIDTH, map.width(), map.tileWidth()) + def.gridSize() - 1)
                / def.gridSize();
        int height = (pixels(map.properties(), LdtkMaps.PX_HEIGHT, map.height(), map.tileHeight()) + def.gridSize()
                - 1) / def.gridSize();
        TileLayer grid = null;
        Layer tiles = null;
        ObjectLayer objects = null;
        for (Layer layer : map.layers()) {
            if (!level.writes(layer, def.uid())) {
                continue;
            }
            if (layer instanceof TileLayer t && t.isIntGrid()) {
                grid = t;
            } else if (layer instanceof ObjectLayer o) {
                objects = o;
            } else if (layer.parentId() == 0 || level.layerDefs() != null
                    || !(map.layer(layer.parentId()).orElse(null) instanceof GroupLayer g)
                    || number(g.attributes().properties(), LdtkMaps.LAYER_DEF) == null) {
                tiles = layer;
            }
        }
        Layer shown = grid != null ? grid : tiles != null ? tiles : objects;
        ObjectNode out = MAPPER.createObjectNode();
        out.put("__identifier", def.identifier());
        out.put("__type", def.type());
        out.put("__cWid", width);
        out.put("__cHei", height);
        out.put("__gridSize", def.gridSize());
        out.put("__opacity", shown == null || shown.attributes().opacity() == null ? def.opacity()
                : shown.attributes().opacity());
        int offsetX = shown == null ? 0 : (int) Math.round(shown.attributes().offset().dx()) - def.pxOffsetX();
        int offsetY = shown == null ? 0 : (int) Math.round(shown.attributes().offset().dy()) - def.pxOffsetY();
        out.put("__pxTotalOffsetX", offsetX + def.pxOffsetX());
        out.put("__pxTotalOffsetY", offsetY + def.pxOffsetY());
        Properties auto = tiles == null ? Properties.EMPTY : tiles.attributes().properties();
        Long tilesetUid = number(auto, LdtkAutoTiles.TILESET);
        Integer usedTileset = tilesetUid != null ? Integer.valueOf(tilesetUid.intValue()) : def.tilesetUid();
        LdtkProject.TilesetDef tileset = usedTileset == null ? null : definitions.tileset(usedTileset);
        if (tileset != null) {
            out.put("__tilesetDefUid", tileset.uid());
            out.put("__tilesetRelPath", tileset.relPath());
        } else {
            out.putNull("__tilesetDefUid");
            out.putNull("__tilesetRelPath");
        }
        Properties own = shown == null ? Properties.EMPTY : shown.attributes().properties();
        out.put("iid", text(own, LdtkMaps.IID, iid("layer", level.mapId(), def.uid())));
        out.put("levelId", levelUid);
        out.put("layerDefUid", def.uid());
        out.put("pxOffsetX", offsetX);
        out.put("pxOffsetY", offsetY);
        out.put("visible", shown == null || shown.attributes().visible() == null || shown.attributes().visible());
        Long seed = number(own, LdtkAutoTiles.SEED) != null ? number(own, LdtkAutoTiles.SEED)
                : number(auto, LdtkAutoTiles.SEED);
        out.put("seed", seed == null ? 0 : seed.intValue());
        ArrayNode optional = MAPPER.createArrayNode();
        java.util.Set<Integer> on = new java.util.TreeSet<>(LdtkAutoTiles.optional(auto));
        on.forEach(optional::add);
        out.set("optionalRules", optional);
        if (usedTileset != null && !Objects.equals(usedTileset, def.tilesetUid())) {
            out.put("overrideTilesetUid", usedTileset);
        } else {
            out.putNull("overrideTilesetUid");
        }
        ArrayNode csv = MAPPER.createArrayNode();
        if (def.type().equals("IntGrid")) {
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    csv.add(grid == null || x >= grid.width() || y >= grid.height() ? 0 : grid.get(x, y));
                }
            }
        }
        out.set("intGridCsv", csv);
        out.set("autoLayerTiles", tileWriter.autoTiles(level, def, tileset, on, seed == null ? 0 : seed.intValue(),
                width, height));
        out.set("gridTiles", def.type().equals("Tiles") && tiles != null && tileset != null
                ? tileWriter.gridTiles(map, tiles, def, tileset, width) : MAPPER.createArrayNode());
        out.set("entityInstances", objects == null ? MAPPER.createArrayNode()
                : entities(level, objects, def, levelIid, out.get("iid").asString()));
        return out;
    }

    private ArrayNode entities(Level level, ObjectLayer objects, LdtkProject.LayerDef def, String levelIid,
                               String layerIid) {
        ArrayNode out = MAPPER.createArrayNode();
        Map<Integer, String> iids = new HashMap<>();
        for (Layer layer : level.map().layers()) {
            if (layer instanceof ObjectLayer o) {
                for (MapObject object : o.objects()) {
                    iids.put(object.id(), text(object.properties(), LdtkMaps.IID, iid("object", level.mapId(),
                            object.id())));
                }
            }
        }
        for (MapObject object : objects.objects()) {
            JsonNode entity = entityDef(classOf(object));
            if (entity == null) {
                warnings.add("objects", "object " + object.id() + " of " + level.map().name() + " is of class '"
                        + object.type() + "', which the project defines no entity for: not written");
                continue;
            }
            double w = object.width() == null ? entity.path("width").asDouble(16) : object.width();
            double h = object.height() == null ? entity.path("height").asDouble(16) : object.height();
            double pivotX = entity.path("pivotX").asDouble(0);
            double pivotY = entity.path("pivotY").asDouble(0);
            double top = object.gid() != null && object.gid() != 0 ? object.y() - h : object.y();
            int px = (int) Math.round(object.x() + pivotX * w);
            int py = (int) Math.round(top + pivotY * h);
            ObjectNode e = MAPPER.createObjectNode();
            e.put("__identifier", entity.path("identifier").asString());
            // LDtk's cell of an entity: a point on a cell's right or bottom edge (pivot 1) is of the cell before
            e.set("__grid", MAPPER.createArrayNode().add((px + (pivotX == 1 ? -1 : 0)) / def.gridSize())
                    .add((py + (pivotY == 1 ? -1 : 0)) / def.gridSize()));
            // as the definition writes them (LDtk writes a whole pivot as an integer)
            e.set("__pivot", MAPPER.createArrayNode().add(entity.path("pivotX")).add(entity.path("pivotY")));
            e.set("__tags", entity.path("tags").isArray() ? entity.path("tags") : MAPPER.createArrayNode());
            e.set("__tile", entity.path("tileRect").isObject() ? entity.path("tileRect") : null);
            e.put("__smartColor", entity.path("color").asString("#BE4A2F"));
            e.put("iid", iids.get(object.id()));
            e.put("width", (int) Math.round(w));
            e.put("height", (int) Math.round(h));
            e.put("defUid", entity.path("uid").asInt());
            e.set("px", MAPPER.createArrayNode().add(px).add(py));
            e.set("fieldInstances", fields(entity.path("fieldDefs"), object.properties(), level.map(), levelIid,
                    iids, layerIid));
            e.put("__worldX", level.worldX() + px);
            e.put("__worldY", level.worldY() + py);
            out.add(e);
        }
        return out;
    }

    /** The entity of that identifier, or of the identifier LDtk makes of that class name. */
    private JsonNode entityDef(String identifier) {
        JsonNode made = null;
        for (JsonNode entity : definitions.defs().path("entities")) {
            String id = entity.path("identifier").asString("");
            if (id.equals(identifier)) {
                return entity;
            }
            if (made == null && id.equals(LdtkFromTiled.identifierPart(identifier))) {
                made = entity;
            }
        }
        return made;
    }

    private ArrayNode fields(JsonNode fieldDefs, Properties properties, TileMap map, String levelIid) {
        return LdtkFieldWriter.fields(fieldDefs, properties, map, levelIid, Map.of(), null,
                definitions.root().path("dummyWorldIid").asString(""));
    }

    private ArrayNode fields(JsonNode fieldDefs, Properties properties, TileMap map, String levelIid,
                             Map<Integer, String> iids, String layerIid) {
        return LdtkFieldWriter.fields(fieldDefs, properties, map, levelIid, iids, layerIid,
                definitions.root().path("dummyWorldIid").asString(""));
    }

    /** An iid made from what it names (the same each export), in UUID form as LDtk writes them. */
    private static String iid(String kind, long mapId, long id) {
        return UUID.nameUUIDFromBytes(("tilewright:" + kind + ":" + mapId + ":" + id)
                .getBytes(StandardCharsets.UTF_8)).toString();
    }

    static String text(Properties properties, String name, String otherwise) {
        return properties.get(name).map(Property::value).filter(String.class::isInstance).map(String.class::cast)
                .filter(s -> !s.isEmpty()).orElse(otherwise);
    }

    private static Long number(Properties properties, String name) {
        return LdtkAutoTiles.number(properties, name);
    }
}
