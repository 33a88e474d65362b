package dev.tilewright.format.ldtk;

import dev.tilewright.core.autotile.IntCells;
import dev.tilewright.core.autotile.LdtkAutoLayer;
import dev.tilewright.core.autotile.TileDecks;
import dev.tilewright.core.edit.AddLayer;
import dev.tilewright.core.edit.Batch;
import dev.tilewright.core.edit.Cell;
import dev.tilewright.core.edit.FillRect;
import dev.tilewright.core.edit.InvalidOpException;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.Paint;
import dev.tilewright.core.edit.PutRegion;
import dev.tilewright.core.edit.RestoreCells;
import dev.tilewright.core.edit.Scattered;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.GroupLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.core.model.ListItem;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * LDtk's auto-layers kept live on an imported level: the group an auto-layer's tiles were dealt to (its decks, see
 * {@link TileDecks}) names its layer definition ({@value LdtkMaps#LAYER_DEF}), seed ({@value #SEED}), optional groups
 * switched on ({@value #OPTIONAL}), tileset ({@value #TILESET}) and that tileset's first gid in the map
 * ({@value #FIRST_GID}); the map names the stored definitions ({@value #DEFINITIONS}). After an op, the IntGrid the
 * rules read is compared with what they last read, the anchors within reach of what differs are evaluated again
 * ({@link LdtkAutoLayer.Baked#update}), LDtk's tiles are dealt again to the decks they had, and the op returned sets
 * the deck cells that differ (adding decks when the stacks grew). What a map keeps between ops is in a {@link Kept}.
 */
public final class LdtkAutoTiles {

    /** The map property naming the LDtk definitions its layers were made from (their id in the project). */
    public static final String DEFINITIONS = "ldtk.definitions";
    public static final String SEED = "ldtk.seed";
    /** The uids of the optional rule groups switched on, comma-separated. */
    public static final String OPTIONAL = "ldtk.optionalRules";
    public static final String TILESET = "ldtk.tilesetUid";
    public static final String FIRST_GID = "ldtk.firstgid";
    /** The layer definition whose IntGrid the rules read (the editor sends painters there). */
    public static final String SOURCE = "ldtk.sourceLayerDefUid";

    private LdtkAutoTiles() {
    }

    /** An auto-layer's group properties: what its live rules need of the layer instance beyond its seed. */
    static Properties attach(Properties properties, LdtkProject.LayerDef def, LdtkProject.LayerInstance layer,
                             int tilesetUid, int firstGid) {
        List<String> on = layer.optionalRules().stream().sorted().map(String::valueOf).toList();
        Integer source = def.type().equals("IntGrid") ? Integer.valueOf(def.uid()) : def.autoSourceLayerUid();
        if (source != null) {
            properties = properties.with(Property.of(SOURCE, (long) source));
        }
        return properties.with(Property.of(OPTIONAL, String.join(",", on)))
                .with(Property.of(TILESET, (long) tilesetUid)).with(Property.of(FIRST_GID, (long) firstGid));
    }

    /** The definitions id a map names; null when it names none. */
    public static Long definitions(TileMap map) {
        return number(map.properties(), DEFINITIONS);
    }

    /** What one map's auto-layers last read and made, by group layer id; held by whoever follows the map. */
    public static final class Kept {
        private final Map<Integer, State> states = new HashMap<>();

        /** The IntGrid cells held for the map (what the kept state costs). */
        public long cells() {
            return states.values().stream().mapToLong(s -> s.read.length).sum();
        }
    }

    /** An auto-layer's evaluation, valid while its key holds. */
    private record State(Key key, int[] read, BitSet killed, LdtkAutoLayer.Baked baked) {
    }

    private record Key(LdtkProject definitions, int defUid, int source, long seed, Set<Integer> optional,
                       List<String> biomes, int tilesetUid, int firstGid, int width, int height) {
    }

    /** One auto-layer of the map: its group, definition, source IntGrid layer, tileset, decks bottom-up. */
    private record Attachment(GroupLayer group, LdtkProject.LayerDef def, TileLayer source,
                              LdtkProject.TilesetDef tileset, Key key, List<TileLayer> decks) {
    }

    /**
     * The op bringing the map's LDtk auto-layers up to date after {@code applied} (null: whatever happened); null when
     * nothing differs.
     */
    public static MapOp follow(TileMap map, LdtkProject definitions, Kept kept, MapOp applied) {
        List<MapOp> ops = new ArrayList<>();
        int[] nextLayer = {map.nextLayerId()};
        Set<Integer> live = new LinkedHashSet<>();
        for (Attachment at : attachments(map, definitions)) {
            live.add(at.group().id());
            State state = kept.states.get(at.group().id());
            BitSet killed = killed(map, at.def());
            boolean changed;
            if (state == null || !state.key().equals(at.key()) || !Objects.equals(state.killed(), killed)) {
                state = evaluate(definitions, at, killed);
                kept.states.put(at.group().id(), state);
                changed = true;
            } else {
                changed = reread(state, at.source());
            }
            if (changed || applied == null || touches(applied, at)) {
                ops.addAll(deal(map, at, state, nextLayer));
            }
        }
        kept.states.keySet().retainAll(live);
        return ops.isEmpty() ? null : ops.size() == 1 ? ops.get(0) : new Batch(ops);
    }

    private static List<Attachment> attachments(TileMap map, LdtkProject definitions) {
        List<Attachment> found = new ArrayList<>();
        for (Layer layer : map.layers()) {
            if (!(layer instanceof GroupLayer group)) {
                continue;
            }
            Properties p = group.attributes().properties();
            Long defUid = number(p, LdtkMaps.LAYER_DEF);
            Long tilesetUid = number(p, TILESET);
            Long firstGid = number(p, FIRST_GID);
            LdtkProject.LayerDef def = defUid == null ? null : definitions.layer(defUid.intValue());
            if (def == null || tilesetUid == null || firstGid == null || def.ruleGroups().isEmpty()
                    || !(def.type().equals("IntGrid") || def.type().equals("AutoLayer"))) {
                continue;
            }
            int sourceUid = def.type().equals("IntGrid") ? def.uid()
                    : def.autoSourceLayerUid() == null ? Integer.MIN_VALUE : def.autoSourceLayerUid();
            TileLayer source = intGrid(map, sourceUid);
            LdtkProject.TilesetDef tileset = definitions.tileset(tilesetUid.intValue());
            boolean inMap = map.tilesets().stream().anyMatch(t -> t.firstGid() == firstGid);
            if (source == null || tileset == null || !inMap) {
                continue;
            }
            Long seed = number(p, SEED);
            Key key = new Key(definitions, def.uid(), source.id(), seed == null ? 0 : seed, optional(p),
                    biomes(map, definitions, def), tilesetUid.intValue(), firstGid.intValue(), source.width(),
                    source.height());
            List<TileLayer> decks = new ArrayList<>();
            for (Layer child : map.layers()) {
                if (child.parentId() == group.id() && child instanceof TileLayer deck && !deck.isIntGrid()) {
                    decks.add(deck);
                }
            }
            found.add(new Attachment(group, def, source, tileset, key, decks));
        }
        return found;
    }

    /** The map's IntGrid layer made from that layer definition; null when it has none. */
    static TileLayer intGrid(TileMap map, int defUid) {
        for (Layer layer : map.layers()) {
            if (layer instanceof TileLayer grid && grid.isIntGrid()
                    && Objects.equals(number(grid.attributes().properties(), LdtkMaps.LAYER_DEF), (long) defUid)) {
                return grid;
            }
        }
        return null;
    }

    static Set<Integer> optional(Properties p) {
        Set<Integer> on = new java.util.TreeSet<>();
        Object listed = p.get(OPTIONAL).map(Property::value).orElse("");
        if (listed instanceof String names) {
            for (String uid : names.split(",")) {
                try {
                    on.add(Integer.parseInt(uid.strip()));
                } catch (NumberFormatException notOne) {
                    // a hand-edited list: what is not a uid switches nothing on
                }
            }
        }
        return Set.copyOf(on);
    }

    /** The values of the definition's biome field on the map (a map property of that name); null when none. */
    static List<String> biomes(TileMap map, LdtkProject definitions, LdtkProject.LayerDef def) {
        String field = def.biomeFieldUid() == null ? null : definitions.levelField(def.biomeFieldUid());
        Object value = field == null ? null : map.properties().get(field).map(Property::value).orElse(null);
        if (value instanceof String one) {
            return List.of(one);
        }
        if (value instanceof List<?> items) {
            List<String> values = new ArrayList<>();
            for (Object item : items) {
                values.add(item instanceof ListItem li && li.value() instanceof String s ? s : null);
            }
            return java.util.Collections.unmodifiableList(values);
        }
        return null;
    }

    /** The cells the layer that kills this one's auto-tiles paints (any of its decks); null when none does. */
    static BitSet killed(TileMap map, LdtkProject.LayerDef def) {
        if (def.killedByLayerUid() == null) {
            return null;
        }
        BitSet painted = new BitSet();
        Set<Integer> killers = new java.util.HashSet<>();
        for (Layer layer : map.layers()) {
            if (Objects.equals(number(layer.attributes().properties(), LdtkMaps.LAYER_DEF),
                    (long) def.killedByLayerUid())) {
                killers.add(layer.id());
            }
        }
        for (Layer layer : map.layers()) {
            if (layer instanceof TileLayer tiles && !tiles.isIntGrid()
                    && (killers.contains(tiles.id()) || killers.contains(tiles.parentId()))) {
                for (int y = 0; y < tiles.height(); y++) {
                    for (int x = 0; x < tiles.width(); x++) {
                        if (tiles.get(x, y) != 0) {
                            painted.set(y * tiles.width() + x);
                        }
                    }
                }
            }
        }
        return painted;
    }

    private static State evaluate(LdtkProject definitions, Attachment at, BitSet killed) {
        TileLayer source = at.source();
        int width = source.width();
        int[] read = new int[Math.multiplyExact(width, source.height())];
        for (int y = 0; y < source.height(); y++) {
            for (int x = 0; x < width; x++) {
                read[y * width + x] = source.get(x, y);
            }
        }
        LdtkAutoLayer rules = definitions.autoLayer(at.def(), at.key().tilesetUid(), at.key().optional(),
                at.key().biomes());
        LdtkAutoLayer.Allowed allowed = killed == null ? LdtkAutoLayer.Allowed.ALL
                : (x, y) -> !killed.get(y * width + x);
        LdtkAutoLayer.Baked baked = rules == null ? null
                : rules.bake(IntCells.of(width, source.height(), read), (int) at.key().seed(), allowed);
        return new State(at.key(), read, killed, baked);
    }

    /**
     * Reads the source layer again into what the rules read: the anchors within reach of the cells that differ are
     * evaluated again, by bounding box per block of 32x32 cells. True when any differed.
     */
    private static boolean reread(State state, TileLayer source) {
        int width = source.width();
        Map<Long, int[]> blocks = new HashMap<>();
        for (int y = 0; y < source.height(); y++) {
            for (int x = 0; x < width; x++) {
                int now = source.get(x, y);
                if (state.read()[y * width + x] != now) {
                    state.read()[y * width + x] = now;
                    int[] box = blocks.computeIfAbsent((long) (y >> 5) << 32 | (x >> 5),
                            k -> new int[]{Integer.MAX_VALUE, Integer.MAX_VALUE, -1, -1});
                    box[0] = Math.min(box[0], x);
                    box[1] = Math.min(box[1], y);
                    box[2] = Math.max(box[2], x);
                    box[3] = Math.max(box[3], y);
                }
            }
        }
        if (state.baked() != null) {
            for (int[] box : blocks.values()) {
                state.baked().update(new TileRect(box[0], box[1], box[2] - box[0] + 1, box[3] - box[1] + 1));
            }
        }
        return !blocks.isEmpty();
    }

    /** Whether an op may have written the auto-layer's decks or changed its layers. */
    private static boolean touches(MapOp op, Attachment at) {
        Set<Integer> decks = new java.util.HashSet<>();
        at.decks().forEach(d -> decks.add(d.id()));
        return touches(op, decks);
    }

    private static boolean touches(MapOp op, Set<Integer> decks) {
        if (op instanceof Batch batch) {
            return batch.ops().stream().anyMatch(o -> touches(o, decks));
        }
        if (op instanceof Paint paint) {
            return decks.contains(paint.layerId());
        }
        if (op instanceof FillRect fill) {
            return decks.contains(fill.layerId());
        }
        if (op instanceof PutRegion region) {
            return decks.contains(region.layerId());
        }
        if (op instanceof RestoreCells restore) {
            return decks.contains(restore.layerId());
        }
        if (op instanceof RestoreCells.Resolved restore) {
            return decks.contains(restore.op().layerId());
        }
        return !(op instanceof dev.tilewright.core.edit.AddObject || op instanceof dev.tilewright.core.edit.UpdateObject
                || op instanceof dev.tilewright.core.edit.MoveObject
                || op instanceof dev.tilewright.core.edit.RemoveObject);
    }

    /** The ops making the decks hold the baked tiles as dealt again to them (new decks added on top). */
    private static List<MapOp> deal(TileMap map, Attachment at, State state, int[] nextLayer) {
        int grid = at.def().gridSize();
        int width = at.source().width();
        int height = at.source().height();
        Tileset image = LdtkTilesets.tilesetOf(at.tileset());
        int taller = image.tileHeight() - grid;
        List<LdtkAutoLayer.Tile> tiles = new ArrayList<>();
        if (state.baked() != null) {
            for (LdtkAutoLayer.Tile tile : state.baked().tiles()) {
                if (LdtkTilesets.localTile(tile.tileId(), at.tileset(), image) >= 0) {
                    tiles.add(tile);
                }
            }
        }
        List<TileDecks.Deck> presets = new ArrayList<>();
        for (TileLayer deck : at.decks()) {
            presets.add(new TileDecks.Deck((int) Math.round(deck.attributes().offset().dx()),
                    (int) Math.round(deck.attributes().offset().dy()) - taller, deck.attributes().opacity()));
        }
        TileDecks.Dealt dealt = TileDecks.deal(tiles, grid, width, height, presets, LdtkMaps.MAX_STACK);
        if (dealt == null) {
            throw new InvalidOpException("op", "LDtk auto-layer '" + at.group().attributes().name() + "' would stack"
                    + " its tiles deeper than the " + LdtkMaps.MAX_STACK + " tile layers a layer may become");
        }
        int firstGid = at.key().firstGid();
        int[][] cells = TileDecks.cells(dealt, tiles, grid, width, height,
                tile -> LdtkTilesets.gid(tile.tileId(), tile.flips(), at.tileset(), image, firstGid));
        List<MapOp> ops = new ArrayList<>();
        int decks = Math.max(cells.length, at.decks().size());
        for (int d = 0; d < decks; d++) {
            int[] want = d < cells.length ? cells[d] : new int[width * height];
            TileLayer has = d < at.decks().size() ? at.decks().get(d) : null;
            int layerId;
            if (has == null) {
                layerId = nextLayer[0]++;
                ops.add(new AddLayer(layerId, LayerKind.TILE, LdtkMaps.deckAttributes(at.group().attributes().name(),
                        d, dealt.decks().get(d), taller), null, null, at.group().id()));
            } else {
                layerId = has.id();
            }
            List<Cell> differing = new ArrayList<>();
            for (int y = 0; y < Math.min(height, has == null ? height : has.height()); y++) {
                for (int x = 0; x < Math.min(width, has == null ? width : has.width()); x++) {
                    int now = has == null ? 0 : has.get(x, y);
                    if (now != want[y * width + x]) {
                        differing.add(new Cell(x, y, Integer.toUnsignedLong(want[y * width + x])));
                    }
                }
            }
            MapOp set = Scattered.op(layerId, differing);
            if (set != null) {
                ops.add(set);
            }
        }
        return ops;
    }

    static Long number(Properties properties, String name) {
        return properties.get(name).map(Property::value).filter(Number.class::isInstance)
                .map(v -> ((Number) v).longValue()).orElse(null);
    }
}
