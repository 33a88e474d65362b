package dev.tilewright.format.ldtk;

import dev.tilewright.core.autotile.LdtkAutoLayer;
import dev.tilewright.core.autotile.TileDecks;
import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.model.GroupLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.Parallax;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.format.TiledFormatException;
import dev.tilewright.format.TiledMap;
import dev.tilewright.format.TiledTileset;
import dev.tilewright.format.Warnings;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * An LDtk project's levels as Tilewright maps, one per level, placed where the world puts them: IntGrid layers keep
 * their values ({@value TileLayer#INTGRID}), the tiles of Tiles layers and the tiles LDtk baked into auto-layers
 * become tile layers, entities become objects with their fields as typed properties. LDtk stacks tiles in a cell and
 * moves and fades them per rule; a tile layer holds one tile a cell, so a layer's tiles are dealt, in LDtk's drawing
 * order, to as many tile layers as it needs (a group of them then), each with the offset within a cell and the
 * opacity of its tiles, every tile above those it overlaps that LDtk drew before it: the picture is LDtk's.
 * What has no place is named in the warnings.
 */
public final class LdtkMaps {

    /** The most tile layers one LDtk layer's tiles are dealt to. */
    public static final int MAX_STACK = 64;
    /** The property a map, layer or object keeps its LDtk iid in (exports keep it). */
    public static final String IID = "ldtk.iid";
    /** The tile property an LDtk tileset's custom data for a tile is kept in. */
    public static final String CUSTOM_DATA = LdtkTilesets.CUSTOM_DATA;
    /** The properties a map keeps its level's size in pixels in (LDtk's last cells may be partly outside). */
    public static final String PX_WIDTH = "ldtk.pxWid";
    public static final String PX_HEIGHT = "ldtk.pxHei";
    /** Map properties keeping a layer instance that has no place in the map, as it came: this + its definition uid. */
    public static final String KEPT = "ldtk.kept.";
    /** The property a map keeps its level's uid in. */
    public static final String UID = "ldtk.uid";
    /** The property a layer made from an LDtk layer keeps its definition's uid in (exports and live rules read it). */
    public static final String LAYER_DEF = "ldtk.layerDefUid";

    /** A level as a map, with its place in the world (pixels). */
    public record LevelMap(String name, int worldX, int worldY, TiledMap map) {
    }

    private final LdtkProject project;
    private final String file;
    private final Function<String, byte[]> files;
    private final Warnings warnings;
    /** Whether auto-layers get the tiles the rules make of the grid now rather than those the file holds. */
    private boolean bake;
    /** Field instances as properties (enum fields of the project's types). */
    private LdtkFieldReader fieldReader;
    private final Map<Integer, byte[]> atlases = new HashMap<>();
    /** Entities whose tile is not kept, named once each. */
    private final java.util.Set<String> warnedTiles = new java.util.HashSet<>();
    /** The layers of the level being made that have no place in its map, as they came, by definition uid. */
    private final Map<Integer, JsonNode> kept = new LinkedHashMap<>();
    /** Layer definitions scaled with their parallax, named once each. */
    private final java.util.Set<Integer> warnedScaling = new java.util.HashSet<>();
    /** Tilesets drawing from Aseprite files, named once each. */
    private final java.util.Set<Integer> warnedAseprite = new java.util.HashSet<>();

    private LdtkMaps(LdtkProject project, String file, Function<String, byte[]> files, Warnings warnings) {
        this.project = project;
        this.file = file;
        this.files = files;
        this.warnings = warnings;
    }

    /**
     * The levels of a project as maps.
     *
     * @param files     the files sent beside the project by relative path (atlases); null when not sent
     * @param maxWidth  the largest map side in cells a level may have, and {@code maxHeight}
     */
    public static List<LevelMap> convert(LdtkProject project, String file, Function<String, byte[]> files,
                                         int maxWidth, int maxHeight, Long definitions, Warnings warnings) {
        return convert(project, file, files, maxWidth, maxHeight, definitions, LdtkTypes.of(project, warnings),
                warnings);
    }

    /** @param types the project's enums and entities as property types (fields of an enum name its type) */
    public static List<LevelMap> convert(LdtkProject project, String file, Function<String, byte[]> files,
                                         int maxWidth, int maxHeight, Long definitions, LdtkTypes types,
                                         Warnings warnings) {
        LdtkMaps maps = new LdtkMaps(project, file, files, warnings);
        maps.fieldReader = new LdtkFieldReader(types, warnings);
        return maps.levels(maxWidth, maxHeight, definitions);
    }

    private List<LevelMap> levels(int maxWidth, int maxHeight, Long definitions) {
        List<LevelMap> levels = new ArrayList<>();
        for (int i = 0; i < project.levels().size(); i++) {
            LdtkProject.Level level = project.levels().get(i);
            levels.add(new LevelMap(level.identifier(), level.worldX(), level.worldY(),
                    level(level, "levels[" + i + "]", maxWidth, maxHeight, definitions)));
        }
        return levels;
    }

    private TiledMap level(LdtkProject.Level level, String path, int maxWidth, int maxHeight, Long definitions) {
        int grid = gridOf(level);
        long width = Math.max(1, (level.pxWid() + grid - 1L) / grid);
        long height = Math.max(1, (level.pxHei() + grid - 1L) / grid);
        if (width > maxWidth || height > maxHeight) {
            boolean wide = width > maxWidth;
            throw TiledFormatException.overLimit(file, path + " (" + level.identifier() + ") is " + width + "x"
                    + height + " cells of " + grid + " px, over the " + maxWidth + "x" + maxHeight + " a map may have",
                    wide ? "tilewright.limits.max-map-width" : "tilewright.limits.max-map-height",
                    wide ? maxWidth : maxHeight);
        }
        Map<Integer, TiledTileset> tilesets = new LinkedHashMap<>();
        Ids ids = new Ids();
        List<Layer> layers = new ArrayList<>();
        Map<String, Integer> objectOfEntity = new HashMap<>();
        for (LdtkProject.LayerInstance layer : level.layers()) {
            for (JsonNode entity : layer.entities()) {
                int id = ids.nextObject++;
                ids.ofEntity.put(entity, id);
                objectOfEntity.putIfAbsent(entity.path("iid").asString(""), id);
            }
        }
        List<LdtkProject.LayerInstance> bottomFirst = new ArrayList<>(level.layers());
        java.util.Collections.reverse(bottomFirst);
        for (LdtkProject.LayerInstance layer : bottomFirst) {
            LdtkProject.LayerDef def = project.layer(layer.layerDefUid());
            String where = path + ".layerInstances[" + level.layers().indexOf(layer) + "]";
            if (def == null) {
                warnings.add(where, "its layer definition " + layer.layerDefUid() + " is not in the project: not "
                        + "imported");
                continue;
            }
            if (def.gridSize() != grid) {
                warnings.add(where, "layer '" + def.identifier() + "' has cells of " + def.gridSize() + " px and the "
                        + "map " + grid + " px (a map has one cell size): not imported (kept as it came, an LDtk "
                        + "export writes it back)");
                kept.put(def.uid(), layer.json());
                continue;
            }
            LayerAttributes attributes = attributes(def, layer, def.identifier());
            switch (def.type()) {
                case "IntGrid" -> {
                    tiles(level, layer, def, autoTiles(level, layer), def.identifier() + " tiles", (int) width,
                            (int) height, tilesets, ids, layers, where);
                    layers.add(intGrid(layer, def, attributes, (int) width, (int) height, ids));
                }
                case "AutoLayer" -> tiles(level, layer, def, autoTiles(level, layer), def.identifier(), (int) width,
                        (int) height, tilesets, ids, layers, where);
                case "Tiles" -> tiles(level, layer, def, layer.gridTiles(), def.identifier(), (int) width,
                        (int) height, tilesets, ids, layers, where);
                default -> layers.add(entities(layer, attributes, ids, objectOfEntity, where, tilesets, level));
            }
        }
        Properties properties = Properties.EMPTY;
        for (Map.Entry<Integer, JsonNode> layer : kept.entrySet()) {
            properties = properties.with(Property.of(KEPT + layer.getKey(), layer.getValue().toString()));
        }
        kept.clear();
        properties = properties.with(Property.of(IID, level.iid()))
                .with(Property.of(UID, (long) level.uid())).with(Property.of(PX_WIDTH, (long) level.pxWid()))
                .with(Property.of(PX_HEIGHT, (long) level.pxHei()));
        if (definitions != null) {
            properties = properties.with(Property.of(LdtkAutoTiles.DEFINITIONS, definitions));
        }
        for (JsonNode field : level.fields()) {
            Property property = fieldReader.field(field, path + ".fieldInstances", objectOfEntity);
            if (property != null) {
                properties = properties.with(property);
            }
        }
        return new TiledMap(level.identifier() + ".tmx", (int) width, (int) height, grid, grid, new Position(0, 0),
                level.bgColor(), properties, List.copyOf(tilesets.values()), layers, ids.nextLayer,
                ids.nextObject, Map.of());
    }

    /**
     * The levels as maps whose auto-layers hold what LDtk's rules make of their grids as they are now (the file's own
     * baked tiles are passed over): what an import of a project whose grids were edited since makes.
     */
    static List<LevelMap> baked(LdtkProject project, String file, Function<String, byte[]> files, int maxWidth,
                                int maxHeight, Long definitions, Warnings warnings) {
        LdtkMaps maps = new LdtkMaps(project, file, files, warnings);
        maps.fieldReader = new LdtkFieldReader(LdtkTypes.of(project, new Warnings()), warnings);
        maps.bake = true;
        return maps.levels(maxWidth, maxHeight, definitions);
    }

    private List<LdtkProject.PlacedTile> autoTiles(LdtkProject.Level level, LdtkProject.LayerInstance layer) {
        LdtkAutoLayer.Baked baked = bake ? project.bake(level, layer) : null;
        return baked == null ? layer.autoLayerTiles() : baked.tiles().stream().map(t -> new LdtkProject.PlacedTile(
                t.x(), t.y(), t.tileId(), t.flips(), t.alpha(), List.of(t.ruleUid(), t.anchor()))).toList();
    }

    /** The cell size of the level's map: that of most of its layers (the project's default when it has none). */
    private int gridOf(LdtkProject.Level level) {
        Map<Integer, Integer> counts = new HashMap<>();
        for (LdtkProject.LayerInstance layer : level.layers()) {
            LdtkProject.LayerDef def = project.layer(layer.layerDefUid());
            if (def != null) {
                counts.merge(def.gridSize(), 1, Integer::sum);
            }
        }
        return counts.entrySet().stream().max(Map.Entry.<Integer, Integer>comparingByValue()
                        .thenComparing(Map.Entry.comparingByKey(java.util.Comparator.reverseOrder())))
                .map(Map.Entry::getKey).orElse(project.defaultGridSize());
    }

    /**
     * A layer's attributes: its visibility, opacity, offset, and parallax — LDtk moves a layer by the camera times
     * its factor, Tiled by the camera times one less its factor, so Tiled's is {@code 1 - f}.
     */
    private LayerAttributes attributes(LdtkProject.LayerDef def, LdtkProject.LayerInstance layer, String name) {
        if (def.parallaxScaling() && (def.parallaxX() != 0 || def.parallaxY() != 0) && warnedScaling.add(def.uid())) {
            warnings.add("defs.layers[" + def.identifier() + "]", "layer '" + def.identifier() + "' is scaled with "
                    + "its parallax in LDtk (Tiled's parallax does not scale): its scrolling is kept, not its scale");
        }
        return new LayerAttributes(name, layer.visible(), false, def.opacity(),
                new Difference(def.pxOffsetX() + layer.pxOffsetX(), def.pxOffsetY() + layer.pxOffsetY()), null, null,
                Properties.EMPTY.with(Property.of(IID, layer.iid())).with(Property.of(LAYER_DEF, (long) def.uid()))
                        .with(Property.of(LdtkAutoTiles.SEED, (long) layer.seed())), null,
                new Parallax(1 - def.parallaxX(), 1 - def.parallaxY()), null, null);
    }

    private static TileLayer intGrid(LdtkProject.LayerInstance layer, LdtkProject.LayerDef def,
                                     LayerAttributes attributes, int width, int height, Ids ids) {
        TileLayer grid = new TileLayer(ids.nextLayer++, attributes.withProperties(attributes.properties()
                .with(Property.of(TileLayer.INTGRID, true))), width, height);
        int[] cells = layer.intGrid();
        for (int y = 0; y < Math.min(height, layer.cHei()); y++) {
            for (int x = 0; x < Math.min(width, layer.cWid()); x++) {
                int value = cells[x + y * layer.cWid()];
                if (value > 0 && value <= TileLayer.MAX_INTGRID_VALUE) {
                    grid.set(x, y, value);
                }
            }
        }
        return grid;
    }

    private void tiles(LdtkProject.Level level, LdtkProject.LayerInstance layer, LdtkProject.LayerDef def,
                       List<LdtkProject.PlacedTile> placed, String name, int width, int height,
                       Map<Integer, TiledTileset> tilesets, Ids ids, List<Layer> layers, String where) {
        boolean auto = !def.ruleGroups().isEmpty() && !def.type().equals("Tiles");
        // an IntGrid layer without rules has no tiles; a Tiles layer with none yet is one to paint on
        if (placed.isEmpty() && !auto && !def.type().equals("Tiles")) {
            return;
        }
        Integer tilesetUid = layer.overrideTilesetUid() != null ? layer.overrideTilesetUid() : def.tilesetUid();
        TiledTileset tileset = tilesetUid == null ? null : tileset(tilesetUid, tilesets, where);
        if (tileset == null) {
            if (!placed.isEmpty() || tilesetUid != null) {
                warnings.add(where, "layer '" + def.identifier() + "' draws " + placed.size() + " tiles from a "
                        + "tileset without an image here: not imported" + (def.type().equals("IntGrid") ? ""
                        : " (kept as it came, an LDtk export writes it back)"));
            }
            if (!def.type().equals("IntGrid")) {
                kept.put(def.uid(), layer.json());
            }
            return;
        }
        LdtkProject.TilesetDef ldtk = project.tileset(tilesetUid);
        int grid = def.gridSize();
        List<LdtkProject.PlacedTile> kept = new ArrayList<>(placed.size());
        int outside = 0;
        for (LdtkProject.PlacedTile tile : placed) {
            if (LdtkTilesets.localTile(tile.tileId(), ldtk, tileset.tileset()) < 0) {
                outside++;
            } else {
                kept.add(tile);
            }
        }
        TileDecks.Dealt dealt = TileDecks.deal(kept, grid, width, height, List.of(), MAX_STACK);
        if (dealt == null) {
            throw new TiledFormatException(TiledFormatException.Kind.OVER_LIMIT, file, where + " (layer '"
                    + def.identifier() + "' of " + level.identifier() + ") stacks its tiles deeper than the "
                    + MAX_STACK + " tile layers a layer may become");
        }
        for (int deck : dealt.deckOf()) {
            outside += deck < 0 ? 1 : 0;
        }
        if (outside > 0) {
            warnings.add(where, outside + " tiles of layer '" + def.identifier() + "' lie outside the level or its "
                    + "tileset's image: not imported");
        }
        LayerAttributes base = attributes(def, layer, name);
        List<TileDecks.Deck> decks = dealt.decks();
        boolean grouped = auto || decks.size() > 1;
        int group = 0;
        if (grouped) {
            group = ids.nextLayer++;
            Properties own = base.properties();
            if (auto) {
                own = LdtkAutoTiles.attach(own, def, layer, tilesetUid, tileset.firstGid());
            }
            layers.add(new GroupLayer(group, base.withProperties(own)));
        }
        int[][] cells = TileDecks.cells(dealt, kept, grid, width, height,
                tile -> LdtkTilesets.gid(tile.tileId(), tile.flips(), ldtk, tileset.tileset(), tileset.firstGid()));
        if (decks.isEmpty() && !grouped) {
            decks = List.of(new TileDecks.Deck(0, 0, 1));
            cells = new int[][]{new int[width * height]};
        }
        int taller = tileset.tileset().tileHeight() - grid;
        for (int i = 0; i < decks.size(); i++) {
            TileDecks.Deck deck = decks.get(i);
            TileLayer made = new TileLayer(ids.nextLayer++, grouped ? deckAttributes(name, i, deck, taller)
                    : new LayerAttributes(name, layer.visible(), false, deck.alpha() * def.opacity(),
                    base.offset().plus(new Difference(deck.dx(), deck.dy() + taller)), null, null,
                    base.properties(), null, base.parallax(), null, null), width, height);
            int[] of = cells[i];
            for (int c = 0; c < of.length; c++) {
                if (of[c] != 0) {
                    made.set(c % width, c / width, of[c]);
                }
            }
            if (group != 0) {
                made.setParentId(group);
            }
            layers.add(made);
        }
    }

    /** The attributes of a layer's {@code index}th deck within its group (its offset moved up for taller tiles). */
    static LayerAttributes deckAttributes(String name, int index, TileDecks.Deck deck, int taller) {
        return new LayerAttributes(name + " " + (index + 1), true, false, deck.alpha(),
                new Difference(deck.dx(), deck.dy() + taller), null, null, Properties.EMPTY);
    }

    private TiledTileset tileset(int uid, Map<Integer, TiledTileset> used, String where) {
        TiledTileset known = used.get(uid);
        if (known != null) {
            return known;
        }
        LdtkProject.TilesetDef def = project.tileset(uid);
        if (def == null || def.relPath() == null) {
            return null;
        }
        String ending = def.relPath().toLowerCase(Locale.ROOT);
        if (ending.endsWith(".aseprite") || ending.endsWith(".ase")) {
            if (warnedAseprite.add(uid)) {
                warnings.add(where, "tileset '" + def.identifier() + "' draws from " + def.relPath() + ", an "
                        + "Aseprite file (LDtk reads them, Tilewright reads PNG images): the tiles drawn from it are "
                        + "not imported; save the atlas as a PNG beside it, point the tileset at it and import again");
            }
            return null;
        }
        byte[] atlas = atlases.computeIfAbsent(uid, u -> files.apply(def.relPath()));
        if (atlas == null) {
            throw TiledFormatException.missing(file, dev.tilewright.format.TiledFiles.resolved(file, def.relPath()),
                    where + " uses tileset '" + def.identifier() + "', whose image " + def.relPath() + " was not sent; "
                    + "send the project with its images");
        }
        Tileset grid = LdtkTilesets.tilesetOf(def);
        Tileset tileset = new Tileset(grid.name(), grid.tileWidth(), grid.tileHeight(), grid.margin(), grid.spacing(),
                grid.columns(), grid.tileCount(), grid.imageWidth(), grid.imageHeight(), null, 0, 0, grid.imageSource(),
                Properties.EMPTY, LdtkTilesets.tileData(project, def, grid));
        int firstGid = used.values().stream().mapToInt(t -> t.firstGid() + t.tileset().tileCount()).max().orElse(1);
        TiledTileset made = new TiledTileset(firstGid, def.identifier() + ".tsx", tileset, atlas, Map.of());
        used.put(uid, made);
        return made;
    }

    private ObjectLayer entities(LdtkProject.LayerInstance layer, LayerAttributes attributes, Ids ids,
                                 Map<String, Integer> objectOfEntity, String where,
                                 Map<Integer, TiledTileset> tilesets, LdtkProject.Level level) {
        ObjectLayer objects = new ObjectLayer(ids.nextLayer++, attributes);
        for (int i = 0; i < layer.entities().size(); i++) {
            JsonNode entity = layer.entities().get(i);
            String at = where + ".entityInstances[" + i + "]";
            LdtkFields e = new LdtkFields(entity, at, file);
            List<Integer> px = e.integers("px", Integer.MIN_VALUE, Integer.MAX_VALUE);
            List<JsonNode> pivot = e.array("__pivot");
            double pivotX = pivot.size() == 2 ? pivot.get(0).asDouble() : 0;
            double pivotY = pivot.size() == 2 ? pivot.get(1).asDouble() : 0;
            int w = e.integer("width", 16, 0, 1 << 20);
            int h = e.integer("height", 16, 0, 1 << 20);
            double left = (px.size() == 2 ? px.get(0) : 0) - pivotX * w;
            double topY = (px.size() == 2 ? px.get(1) : 0) - pivotY * h;
            Properties properties = Properties.EMPTY.with(Property.of(IID, e.text("iid", "")));
            List<JsonNode> fields = e.array("fieldInstances");
            for (int f = 0; f < fields.size(); f++) {
                Property property = fieldReader.field(fields.get(f), at + ".fieldInstances[" + f + "]", objectOfEntity);
                if (property != null) {
                    properties = properties.with(property);
                }
            }
            String identifier = e.text("__identifier", "");
            Long gid = entityTile(entity.path("__tile"), tilesets, at, identifier);
            // every entity was given its id before the layers were made (references name them by iid)
            int id = ids.ofEntity.get(entity);
            objects.put(new MapObject(id, identifier, identifier, ObjectShape.RECTANGLE, left, gid == null ? topY : topY + h, (double) w, (double) h, 0.0, gid,
                    true, null, null, properties));
        }
        return objects;
    }

    /** The tile an entity shows, as a gid, when it is one whole cell of an image tileset; else null. */
    private Long entityTile(JsonNode rect, Map<Integer, TiledTileset> tilesets, String where, String identifier) {
        if (rect == null || !rect.isObject()) {
            return null;
        }
        LdtkProject.TilesetDef def = project.tileset(rect.path("tilesetUid").asInt(Integer.MIN_VALUE));
        if (def == null || def.relPath() == null || rect.path("w").asInt() != def.tileGridSize()
                || rect.path("h").asInt() != def.tileGridSize()) {
            if (warnedTiles.add(identifier)) {
                warnings.add(where, "entity '" + identifier + "' shows a tile of " + (def == null ? "an unknown "
                        + "tileset" : def.relPath() == null ? "LDtk's own icons, which have no image here"
                        : "tileset '" + def.identifier() + "' that is not one of its cells") + ": not kept, its "
                        + "objects are rectangles (this and later ones of the project)");
            }
            return null;
        }
        TiledTileset tileset = tileset(def.uid(), tilesets, where);
        int step = def.tileGridSize() + def.spacing();
        int column = (rect.path("x").asInt() - def.padding()) / step;
        int row = (rect.path("y").asInt() - def.padding()) / step;
        if (column < 0 || row < 0 || column >= tileset.tileset().columns()) {
            return null;
        }
        int local = row * tileset.tileset().columns() + column;
        return local < tileset.tileset().tileCount() ? (long) tileset.firstGid() + local : null;
    }

    /** The next layer and object ids of a map being made. */
    private static final class Ids {
        int nextLayer = 1;
        int nextObject = 1;
        /** Each entity's object id, by the entity itself (a file may repeat an iid). */
        final Map<JsonNode, Integer> ofEntity = new java.util.IdentityHashMap<>();
    }
}
