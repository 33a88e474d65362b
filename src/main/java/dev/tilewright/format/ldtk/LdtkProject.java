package dev.tilewright.format.ldtk;

import dev.tilewright.core.autotile.IntCells;
import dev.tilewright.core.autotile.LdtkAutoLayer;
import dev.tilewright.core.autotile.LdtkRuleGroup;
import dev.tilewright.format.TiledFormatException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * An LDtk project as read from its {@code .ldtk} file (and the {@code .ldtkl} files of its levels when it keeps them
 * apart): the layer and tileset definitions, and each level's layer instances with their IntGrid cells, seeds and the
 * tiles LDtk baked. Every count a read allocates for (cells, tiles) is checked against the read's cell budget before
 * it is held.
 */
public final class LdtkProject {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    /** A layer definition: what the rules of its auto-layer read and where they place tiles. */
    public record LayerDef(int uid, String identifier, String type, int gridSize, double tilePivotX,
                           double tilePivotY, Integer tilesetUid, Integer autoSourceLayerUid, Integer killedByLayerUid,
                           Integer biomeFieldUid, Map<Integer, Integer> groupOfValue, List<LdtkRuleGroup> ruleGroups,
                           List<IntGridValue> values, double opacity, int pxOffsetX, int pxOffsetY, double parallaxX,
                           double parallaxY, boolean parallaxScaling) {
    }

    /** An IntGrid value of a layer definition: its number, name and colour ({@code #rrggbb}). */
    public record IntGridValue(int value, String identifier, String color, int groupUid) {
    }

    /** A tileset definition: its grid in its image and which tiles are opaque. */
    public record TilesetDef(int uid, String identifier, String relPath, int pxWid, int pxHei, int tileGridSize,
                             int spacing, int padding, BitSet opaque) {

        /** LDtk's columns: {@code ceil((pxWid - 2 padding) / (tileGridSize + spacing))}. */
        public int columns() {
            return (int) Math.ceil((double) (pxWid - 2 * padding) / (tileGridSize + spacing));
        }

        public int rows() {
            return (int) Math.ceil((double) (pxHei - 2 * padding) / (tileGridSize + spacing));
        }
    }

    /** A tile LDtk baked or a painter placed: pixel position in the layer, tile id, flips, alpha, LDtk's own ids. */
    public record PlacedTile(int x, int y, int tileId, int flips, double alpha, List<Integer> d)
            implements dev.tilewright.core.autotile.TileDecks.Placed {
    }

    /** A layer of a level (its JSON as written too: what has no place in a map is kept as it came). */
    public record LayerInstance(String iid, int layerDefUid, int cWid, int cHei, int pxOffsetX, int pxOffsetY,
                                int seed, Set<Integer> optionalRules, Integer overrideTilesetUid, int[] intGrid,
                                List<PlacedTile> autoLayerTiles, List<PlacedTile> gridTiles, boolean visible,
                                List<JsonNode> entities, JsonNode json) {
    }

    /** A level: where it lies in the world, its size, its field values (as LDtk resolves them), its layers. */
    public record Level(int uid, String iid, String identifier, int worldX, int worldY, int pxWid, int pxHei,
                        String bgColor, List<JsonNode> fields, Map<Integer, JsonNode> fieldValues,
                        List<LayerInstance> layers) {

        /** An enum field's values on this level (a single value as a list of one); null when the level has none. */
        public List<String> enumValues(Integer fieldUid) {
            JsonNode value = fieldUid == null ? null : fieldValues.get(fieldUid);
            if (value == null) {
                return null;
            }
            List<String> values = new ArrayList<>();
            if (value.isArray()) {
                value.forEach(v -> values.add(v.isString() ? v.asString() : null));
            } else {
                values.add(value.isString() ? value.asString() : null);
            }
            return values;
        }
    }

    private final String jsonVersion;
    private final String worldLayout;
    private final int defaultGridSize;
    private final Map<Integer, LayerDef> layers;
    private final Map<Integer, TilesetDef> tilesets;
    private final List<Level> levels;
    private final JsonNode defs;
    private final JsonNode root;

    private LdtkProject(String jsonVersion, String worldLayout, int defaultGridSize, Map<Integer, LayerDef> layers,
                        Map<Integer, TilesetDef> tilesets, List<Level> levels, JsonNode defs,
                        JsonNode root) {
        this.root = root;
        this.jsonVersion = jsonVersion;
        this.worldLayout = worldLayout;
        this.defaultGridSize = defaultGridSize;
        this.defs = defs;
        this.layers = layers;
        this.tilesets = tilesets;
        this.levels = levels;
    }

    public String jsonVersion() {
        return jsonVersion;
    }

    /** Free, GridVania, LinearHorizontal or LinearVertical (null in a project of several worlds). */
    public String worldLayout() {
        return worldLayout;
    }

    public int defaultGridSize() {
        return defaultGridSize;
    }

    /** The definitions as written (entities, enums: read by those who map them). */
    public JsonNode defs() {
        return defs;
    }

    /**
     * The project file without its levels (its definitions, world settings and header): what is kept of it to
     * evaluate its rules and to write it again; {@link #read} reads it back as a project of no levels.
     */
    public byte[] withoutLevels() {
        tools.jackson.databind.node.ObjectNode kept = MAPPER.createObjectNode();
        root.properties().forEach(e -> kept.set(e.getKey(), e.getKey().equals("levels")
                ? MAPPER.createArrayNode() : e.getValue()));
        return MAPPER.writeValueAsBytes(kept);
    }

    /** The project file's root object as read (its levels too, unless read from {@link #withoutLevels}). */
    public JsonNode root() {
        return root;
    }

    public LayerDef layer(int uid) {
        return layers.get(uid);
    }

    public List<LayerDef> layers() {
        return List.copyOf(layers.values());
    }

    public TilesetDef tileset(int uid) {
        return tilesets.get(uid);
    }

    public List<Level> levels() {
        return levels;
    }

    /**
     * A level's auto-layer evaluated by LDtk's rules from its IntGrid (its own, or its source layer's on the level),
     * seed, optional groups and biome; null when the layer has no rules, source or tileset.
     */
    public LdtkAutoLayer.Baked bake(Level level, LayerInstance layer) {
        LayerDef def = layers.get(layer.layerDefUid());
        if (def == null || def.ruleGroups().isEmpty()) {
            return null;
        }
        LayerInstance source = def.type().equals("IntGrid") ? layer : level.layers().stream()
                .filter(l -> def.autoSourceLayerUid() != null && l.layerDefUid() == def.autoSourceLayerUid())
                .findFirst().orElse(null);
        Integer tilesetUid = layer.overrideTilesetUid() != null ? layer.overrideTilesetUid() : def.tilesetUid();
        LdtkAutoLayer rules = autoLayer(def, tilesetUid, layer.optionalRules(), level.enumValues(def.biomeFieldUid()));
        if (source == null || rules == null || source.intGrid().length == 0) {
            return null;
        }
        return rules.bake(IntCells.of(source.cWid(), source.cHei(), source.intGrid()), layer.seed(),
                killedBy(level, def));
    }

    /**
     * The rules of an auto-layer's definition that apply with these optional groups switched on and these biome
     * values of its level (null: the level has none), placing tiles from this tileset; null when the definition has
     * no rules, its source layer or the tileset is not in the project.
     */
    public LdtkAutoLayer autoLayer(LayerDef def, Integer tilesetUid, Set<Integer> optional, List<String> biomes) {
        TilesetDef tileset = tilesetUid == null ? null : tilesets.get(tilesetUid);
        LayerDef sourceDef = def.type().equals("IntGrid") ? def
                : def.autoSourceLayerUid() == null ? null : layers.get(def.autoSourceLayerUid());
        if (def.ruleGroups().isEmpty() || tileset == null || sourceDef == null) {
            return null;
        }
        List<LdtkRuleGroup> applied = def.ruleGroups().stream().filter(g -> g.appliesOn(optional, biomes)).toList();
        return new LdtkAutoLayer(applied, sourceDef.groupOfValue(), def.gridSize(), def.tilePivotX(),
                def.tilePivotY(), new LdtkAutoLayer.Atlas(tileset.columns(), tileset.opaque()));
    }

    /** A level field's identifier by its uid; null when the project defines no such field. */
    public String levelField(int uid) {
        for (JsonNode field : defs.path("levelFields")) {
            if (field.path("uid").asInt(Integer.MIN_VALUE) == uid) {
                return field.path("identifier").asString(null);
            }
        }
        return null;
    }

    /** Cells where the layer that kills this one's auto-tiles has a painted tile. */
    private LdtkAutoLayer.Allowed killedBy(Level level, LayerDef def) {
        if (def.killedByLayerUid() == null) {
            return LdtkAutoLayer.Allowed.ALL;
        }
        LayerInstance killer = level.layers().stream().filter(l -> l.layerDefUid() == def.killedByLayerUid())
                .findFirst().orElse(null);
        LayerDef killerDef = layers.get(def.killedByLayerUid());
        if (killer == null || killerDef == null) {
            return LdtkAutoLayer.Allowed.ALL;
        }
        Set<Long> painted = new java.util.HashSet<>();
        for (PlacedTile tile : killer.gridTiles()) {
            painted.add((long) (tile.x() / killerDef.gridSize()) << 32 | (tile.y() / killerDef.gridSize()) & 0xFFFFFFFFL);
        }
        return (x, y) -> !painted.contains((long) x << 32 | y & 0xFFFFFFFFL);
    }

    /**
     * Reads a project.
     *
     * @param bytes     the {@code .ldtk} file
     * @param file      its name, for refusals
     * @param levelFile the bytes of a file beside it by its relative path (a level kept apart); null when not sent
     * @param maxCells  how many IntGrid cells and tiles the read may hold in all
     */
    public static LdtkProject read(byte[] bytes, String file, Function<String, byte[]> levelFile, long maxCells) {
        LdtkFields root = new LdtkFields(parse(bytes, file), "", file);
        Budget budget = new Budget(file, maxCells);
        LdtkFields defs = new LdtkFields(root.node().path("defs"), "defs", file);
        Map<Integer, LayerDef> layers = new java.util.LinkedHashMap<>();
        for (LdtkFields layer : defs.objects("layers")) {
            LayerDef def = layerDef(layer);
            layers.put(def.uid(), def);
        }
        Map<Integer, TilesetDef> tilesets = new java.util.LinkedHashMap<>();
        for (LdtkFields tileset : defs.objects("tilesets")) {
            TilesetDef def = tilesetDef(tileset);
            tilesets.put(def.uid(), def);
        }
        List<Level> levels = new ArrayList<>();
        for (LdtkFields level : root.objects("levels")) {
            String external = level.text("externalRelPath", null);
            if (external != null && level.array("layerInstances").isEmpty()) {
                byte[] apart = levelFile.apply(external);
                if (apart == null) {
                    throw TiledFormatException.missing(file, dev.tilewright.format.TiledFiles.resolved(file,
                            external), level.path() + " is kept in " + external + ", which was not sent; send the "
                            + "project with its level files");
                }
                level = new LdtkFields(parse(apart, external), "", external);
            }
            levels.add(level(level, budget));
        }
        return new LdtkProject(root.text("jsonVersion", ""), root.text("worldLayout", null),
                root.integer("defaultGridSize", 16, 1, 1 << 16), layers, tilesets, List.copyOf(levels), defs.node(),
                root.node());
    }

    private static JsonNode parse(byte[] bytes, String file) {
        try {
            JsonNode root = MAPPER.readTree(bytes);
            if (root == null || !root.isObject()) {
                throw LdtkFields.invalid(file, "the file", "does not hold one JSON object");
            }
            return root;
        } catch (JacksonException e) {
            throw LdtkFields.invalid(file, "the file", "is not valid JSON: " + e.getOriginalMessage());
        }
    }

    private static LayerDef layerDef(LdtkFields layer) {
        Map<Integer, Integer> groupOf = new HashMap<>();
        List<IntGridValue> values = new ArrayList<>();
        for (LdtkFields value : layer.objects("intGridValues")) {
            IntGridValue read = new IntGridValue(value.integer("value", 0, 1, Integer.MAX_VALUE),
                    value.text("identifier", null), value.text("color", "#000000"),
                    value.integer("groupUid", 0, 0, 1 << 20));
            groupOf.put(read.value(), read.groupUid());
            values.add(read);
        }
        return new LayerDef(layer.integer("uid", 0, Integer.MIN_VALUE, Integer.MAX_VALUE),
                layer.text("identifier", ""), layer.choice("type", "IntGrid", "IntGrid", "Entities", "Tiles",
                "AutoLayer"), layer.integer("gridSize", 16, 1, 1 << 16), layer.decimal("tilePivotX", 0, 0, 1),
                layer.decimal("tilePivotY", 0, 0, 1), uid(layer, "tilesetDefUid"), uid(layer, "autoSourceLayerDefUid"),
                uid(layer, "autoTilesKilledByOtherLayerUid"), uid(layer, "biomeFieldUid"), groupOf,
                LdtkRules.groups(layer), List.copyOf(values), layer.decimal("displayOpacity", 1, 0, 1),
                layer.integer("pxOffsetX", 0, -(1 << 20), 1 << 20), layer.integer("pxOffsetY", 0, -(1 << 20), 1 << 20),
                layer.decimal("parallaxFactorX", 0, -1, 1), layer.decimal("parallaxFactorY", 0, -1, 1),
                layer.bool("parallaxScaling", true));
    }

    private static Integer uid(LdtkFields node, String name) {
        return node.nullableInteger(name, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    private static TilesetDef tilesetDef(LdtkFields tileset) {
        BitSet opaque = new BitSet();
        JsonNode pixels = tileset.node().path("cachedPixelData").path("opaqueTiles");
        if (pixels.isString()) {
            String bits = pixels.asString();
            for (int i = 0; i < bits.length(); i++) {
                opaque.set(i, bits.charAt(i) == '1');
            }
        }
        return new TilesetDef(tileset.integer("uid", 0, Integer.MIN_VALUE, Integer.MAX_VALUE),
                tileset.text("identifier", ""), tileset.text("relPath", null), tileset.integer("pxWid", 0, 0, 1 << 20),
                tileset.integer("pxHei", 0, 0, 1 << 20), tileset.integer("tileGridSize", 16, 1, 1 << 16),
                tileset.integer("spacing", 0, 0, 1 << 16), tileset.integer("padding", 0, 0, 1 << 16), opaque);
    }

    private static Level level(LdtkFields level, Budget budget) {
        Map<Integer, JsonNode> fields = new HashMap<>();
        List<JsonNode> given = new ArrayList<>();
        for (LdtkFields field : level.objects("fieldInstances")) {
            fields.put(field.integer("defUid", 0, Integer.MIN_VALUE, Integer.MAX_VALUE), field.node().path("__value"));
            given.add(field.node());
        }
        List<LayerInstance> layers = new ArrayList<>();
        for (LdtkFields layer : level.objects("layerInstances")) {
            layers.add(layerInstance(layer, budget));
        }
        return new Level(level.integer("uid", 0, Integer.MIN_VALUE, Integer.MAX_VALUE), level.text("iid", ""),
                level.text("identifier", ""), level.integer("worldX", 0, Integer.MIN_VALUE, Integer.MAX_VALUE),
                level.integer("worldY", 0, Integer.MIN_VALUE, Integer.MAX_VALUE), level.integer("pxWid", 0, 0,
                Integer.MAX_VALUE), level.integer("pxHei", 0, 0, Integer.MAX_VALUE), level.text("__bgColor",
                level.text("bgColor", null)), List.copyOf(given), fields, List.copyOf(layers));
    }

    private static LayerInstance layerInstance(LdtkFields layer, Budget budget) {
        int cWid = layer.integer("__cWid", 0, 0, Integer.MAX_VALUE);
        int cHei = layer.integer("__cHei", 0, 0, Integer.MAX_VALUE);
        List<JsonNode> csv = layer.array("intGridCsv");
        int[] grid = new int[0];
        if (!csv.isEmpty()) {
            budget.spend((long) cWid * cHei, layer.at("intGridCsv"));
            if (csv.size() != (long) cWid * cHei) {
                throw LdtkFields.invalid(layer.file(), layer.at("intGridCsv"), "holds " + csv.size()
                        + " values; a " + cWid + "x" + cHei + " layer has " + (long) cWid * cHei);
            }
            grid = new int[csv.size()];
            for (int i = 0; i < grid.length; i++) {
                grid[i] = layer.whole(csv.get(i), layer.at("intGridCsv") + "[" + i + "]", 0, Integer.MAX_VALUE);
            }
        }
        Set<Integer> optional = new LinkedHashSet<>(layer.integers("optionalRules", Integer.MIN_VALUE,
                Integer.MAX_VALUE));
        return new LayerInstance(layer.text("iid", ""), layer.integer("layerDefUid", 0, Integer.MIN_VALUE,
                Integer.MAX_VALUE), cWid, cHei, layer.integer("pxOffsetX", 0, Integer.MIN_VALUE, Integer.MAX_VALUE),
                layer.integer("pxOffsetY", 0, Integer.MIN_VALUE, Integer.MAX_VALUE),
                layer.integer("seed", 0, Integer.MIN_VALUE, Integer.MAX_VALUE), Set.copyOf(optional),
                uid(layer, "overrideTilesetUid"), grid, tiles(layer, "autoLayerTiles", budget),
                tiles(layer, "gridTiles", budget), layer.bool("visible", true), entities(layer, budget),
                layer.node());
    }

    private static List<JsonNode> entities(LdtkFields layer, LdtkProject.Budget budget) {
        List<JsonNode> entities = layer.array("entityInstances");
        budget.spend(entities.size(), layer.at("entityInstances"));
        return List.copyOf(entities);
    }

    private static List<PlacedTile> tiles(LdtkFields layer, String name, Budget budget) {
        List<LdtkFields> given = layer.objects(name);
        budget.spend(given.size(), layer.at(name));
        List<PlacedTile> tiles = new ArrayList<>(given.size());
        for (LdtkFields tile : given) {
            List<Integer> px = tile.integers("px", Integer.MIN_VALUE, Integer.MAX_VALUE);
            if (px.size() != 2) {
                throw LdtkFields.invalid(tile.file(), tile.at("px"), "holds " + px.size() + " values; [x, y] is "
                        + "expected");
            }
            tiles.add(new PlacedTile(px.get(0), px.get(1), tile.integer("t", 0, 0, Integer.MAX_VALUE),
                    tile.integer("f", 0, 0, 3), tile.decimal("a", 1, 0, 1),
                    List.copyOf(tile.integers("d", Integer.MIN_VALUE, Integer.MAX_VALUE))));
        }
        return List.copyOf(tiles);
    }

    /** The cells and tiles a read may still hold. */
    private static final class Budget {
        private final String file;
        private final long max;
        private long spent;

        Budget(String file, long max) {
            this.file = file;
            this.max = max;
        }

        void spend(long cells, String where) {
            if (spent + cells > max) {
                throw new TiledFormatException(TiledFormatException.Kind.OVER_LIMIT, file, where + " would take the"
                        + " project's cells and tiles to " + (spent + cells) + ", over the " + max + " a read may "
                        + "hold; split the project or raise the limit");
            }
            spent += cells;
        }
    }
}
