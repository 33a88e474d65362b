package dev.tilewright.core.model;

import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.Projection;
import dev.tilewright.core.geom.TileRect;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * An orthogonal tile map: a size in tiles, a tile size in pixels, a world offset (where tile (0,0) starts), the
 * tilesets it uses with their first gids, and an ordered stack of layers, bottom first. The map is mutable and
 * changed only through {@code core.edit.MapOp}s; it remembers which layers, chunks and objects changed until a
 * store calls {@link #markClean()} (its own attributes are small and always written).
 */
public final class TileMap {

    private String name;
    private final int width;
    private final int height;
    private final int tileWidth;
    private final int tileHeight;
    private final Position offset;
    private final String backgroundColor;
    /** Immutable: replaced whole when a tileset is added or removed, so readers may keep it. */
    private List<MapTileset> tilesets;
    private boolean tilesetsChanged;
    private final List<Layer> layers = new ArrayList<>();
    private Properties properties;
    /**
     * The largest object or layer id: the next free id (one more) must still fit an int, so ids never wrap round to
     * negative ones.
     */
    public static final int MAX_ID = Integer.MAX_VALUE - 1;

    private int nextLayerId;
    private int nextObjectId;
    private GridSettings gridSettings = GridSettings.DEFAULT;
    private MapSettings settings = MapSettings.DEFAULT;
    private final GridOverrides gridOverrides = new GridOverrides();
    private boolean layerStackChanged;
    private final Set<Integer> removedLayers = new TreeSet<>();

    public TileMap(String name, int width, int height, int tileWidth, int tileHeight, Position offset,
                   List<MapTileset> tilesets, Properties properties, int nextLayerId, int nextObjectId) {
        this(name, width, height, tileWidth, tileHeight, offset, null, tilesets, properties, nextLayerId, nextObjectId);
    }

    /** @param backgroundColor Tiled's map background colour ({@code #rrggbb} or {@code #aarrggbb}), or null */
    public TileMap(String name, int width, int height, int tileWidth, int tileHeight, Position offset,
                   String backgroundColor, List<MapTileset> tilesets, Properties properties, int nextLayerId,
                   int nextObjectId) {
        this.name = requireName(name);
        if (backgroundColor != null && !backgroundColor.matches("#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})")) {
            throw new IllegalArgumentException("background colour must be #rrggbb or #aarrggbb, was '" + backgroundColor + "'");
        }
        this.backgroundColor = backgroundColor;
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("map size must be positive, was " + width + "x" + height);
        }
        if (tileWidth < 1 || tileHeight < 1) {
            throw new IllegalArgumentException("tile size must be positive, was " + tileWidth + "x" + tileHeight);
        }
        this.width = width;
        this.height = height;
        this.tileWidth = tileWidth;
        this.tileHeight = tileHeight;
        this.offset = Objects.requireNonNullElse(offset, Position.ORIGIN);
        checkTilesetsDoNotOverlap(tilesets);
        this.tilesets = List.copyOf(tilesets);
        this.properties = Objects.requireNonNullElse(properties, Properties.EMPTY);
        this.nextLayerId = Math.max(1, nextLayerId);
        this.nextObjectId = Math.max(1, nextObjectId);
    }

    /** Gives each tileset its first gid in order, starting at 1, as Tiled does on export. */
    public static List<MapTileset> assignFirstGids(List<Long> tilesetIds, List<Integer> tileCounts) {
        List<MapTileset> result = new ArrayList<>();
        int next = 1;
        for (int i = 0; i < tilesetIds.size(); i++) {
            MapTileset tileset = new MapTileset(tilesetIds.get(i), next, tileCounts.get(i));
            result.add(tileset);
            next = tileset.endGid();
        }
        return result;
    }

    private static void checkTilesetsDoNotOverlap(List<MapTileset> tilesets) {
        List<MapTileset> sorted = new ArrayList<>(tilesets);
        sorted.sort((a, b) -> Integer.compare(a.firstGid(), b.firstGid()));
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).firstGid() < sorted.get(i - 1).endGid()) {
                throw new IllegalArgumentException("tilesets " + sorted.get(i - 1).tilesetId() + " and "
                        + sorted.get(i).tilesetId() + " share gids");
            }
        }
    }

    private static String requireName(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("map name must not be blank");
        }
        return name;
    }

    public String name() {
        return name;
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    public int tileWidth() {
        return tileWidth;
    }

    public int tileHeight() {
        return tileHeight;
    }

    /** How this map's tiles lie on its screen: ask it for tile <-> pixel, picking, draw order and bounds. */
    public Projection projection() {
        return settings.projection(tileWidth, tileHeight, width, height);
    }

    public Position offset() {
        return offset;
    }

    public String backgroundColor() {
        return backgroundColor;
    }

    public TileRect bounds() {
        return new TileRect(0, 0, width, height);
    }

    public List<MapTileset> tilesets() {
        return tilesets;
    }

    /** The first gid after every tileset's: where a tileset added now starts. */
    public int nextFirstGid() {
        return tilesets.stream().mapToInt(MapTileset::endGid).max().orElse(1);
    }

    /** Adds a tileset; its gids must not overlap another's, and a tileset is used once. */
    public void addTileset(MapTileset tileset) {
        if (tilesets.stream().anyMatch(t -> t.tilesetId() == tileset.tilesetId())) {
            throw new IllegalArgumentException("tileset " + tileset.tilesetId() + " is used already");
        }
        List<MapTileset> next = new ArrayList<>(tilesets);
        next.add(tileset);
        checkTilesetsDoNotOverlap(next);
        tilesets = List.copyOf(next);
        tilesetsChanged = true;
    }

    /** Removes a tileset the map uses (the caller checks no cell or object uses its gids). */
    public MapTileset removeTileset(long tilesetId) {
        MapTileset used = tilesets.stream().filter(t -> t.tilesetId() == tilesetId).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("the map does not use tileset " + tilesetId));
        List<MapTileset> next = new ArrayList<>(tilesets);
        next.remove(used);
        tilesets = List.copyOf(next);
        tilesetsChanged = true;
        return used;
    }

    /** Whether the tilesets changed since the last {@link #markClean()}. */
    public boolean tilesetsChanged() {
        return tilesetsChanged;
    }

    public Properties properties() {
        return properties;
    }

    public int nextLayerId() {
        return nextLayerId;
    }

    public int nextObjectId() {
        return nextObjectId;
    }

    /** Layers bottom first. */
    public List<Layer> layers() {
        return Collections.unmodifiableList(layers);
    }

    public Optional<Layer> layer(int id) {
        return layers.stream().filter(l -> l.id() == id).findFirst();
    }

    public int layerIndex(int id) {
        for (int i = 0; i < layers.size(); i++) {
            if (layers.get(i).id() == id) {
                return i;
            }
        }
        return -1;
    }

    /** The tileset that owns a gid (flip bits ignored), if any: the one with the largest firstGid not above it. */
    public Optional<MapTileset> tilesetOf(int gid) {
        int id = Gid.id(gid);
        MapTileset best = null;
        for (MapTileset tileset : tilesets) {
            if (tileset.firstGid() <= id && (best == null || tileset.firstGid() > best.firstGid())) {
                best = tileset;
            }
        }
        return best != null && best.owns(id) ? Optional.of(best) : Optional.empty();
    }

    /** True for 0 and for gids whose tile lies in one of the map's tilesets. */
    public boolean isValidGid(int gid) {
        return Gid.isEmpty(gid) ? gid == Gid.EMPTY : tilesetOf(gid).isPresent();
    }

    /** The map's class, render order and parallax origin. */
    public MapSettings settings() {
        return settings;
    }

    public MapSettings setSettings(MapSettings next) {
        MapSettings previous = settings;
        settings = Objects.requireNonNull(next, "settings");
        return previous;
    }

    /** How the map's collision grid is computed. */
    public GridSettings gridSettings() {
        return gridSettings;
    }

    public GridSettings setGridSettings(GridSettings next) {
        GridSettings previous = gridSettings;
        gridSettings = Objects.requireNonNull(next, "grid settings");
        return previous;
    }

    /**
     * Roughly what the map takes on the heap, in bytes: its layers' content (painted chunks, objects, indexes) and
     * its grid overrides. For caches bounded by bytes; cheap to ask (no cell is read).
     */
    public long heapBytes() {
        long bytes = 1024 + 48L * gridOverrides.count();
        for (Layer layer : layers) {
            bytes += layer.heapBytes();
        }
        return bytes;
    }

    /** Packs each tile layer's chunks but the {@code keepPlain} it wrote last ({@link TileLayer#compact}). */
    public void compact(int keepPlain) {
        layers.stream().filter(TileLayer.class::isInstance).forEach(l -> ((TileLayer) l).compact(keepPlain));
    }

    /** Designers' overrides of the collision grid, by element of the grid the settings give. */
    public GridOverrides gridOverrides() {
        return gridOverrides;
    }

    /** Columns of the collision grid the settings give. */
    public int gridColumns() {
        return width * (tileWidth / gridSettings.elementWidth(tileWidth));
    }

    public int gridRows() {
        return height * (tileHeight / gridSettings.elementHeight(tileHeight));
    }

    public String setName(String next) {
        String previous = name;
        name = requireName(next);
        return previous;
    }

    public Properties setProperties(Properties next) {
        Properties previous = properties;
        properties = Objects.requireNonNull(next, "properties");
        return previous;
    }

    /** Inserts a layer at a stack index (0 = bottom); its id must be unused. */
    public void insertLayer(int index, Layer layer) {
        if (layer(layer.id()).isPresent()) {
            throw new IllegalArgumentException("layer id " + layer.id() + " is in use");
        }
        if (index < 0 || index > layers.size()) {
            throw new IndexOutOfBoundsException("layer index " + index + " is outside 0.." + layers.size());
        }
        if (layer instanceof TileLayer tiles && (tiles.width() != width || tiles.height() != height)) {
            throw new IllegalArgumentException("a tile layer must be " + width + "x" + height);
        }
        layers.add(index, layer);
        layer.markAllChanged();
        nextLayerId = Math.max(nextLayerId, layer.id() + 1);
        layerStackChanged = true;
    }

    /** Removes a layer and, when it is a group, every layer in it; returns what was removed, in list order. */
    public List<Layer> removeLayer(int id) {
        int index = layerIndex(id);
        if (index < 0) {
            throw new IllegalArgumentException("no layer " + id);
        }
        int end = blockEnd(index);
        List<Layer> removed = new ArrayList<>(layers.subList(index, end));
        layers.subList(index, end).clear();
        removed.forEach(l -> removedLayers.add(l.id()));
        layerStackChanged = true;
        return removed;
    }

    /**
     * Moves a layer (a group with everything in it) so that it stands at {@code toIndex} of the list once moved, in
     * the group {@code parentId} (0: none). Refused, changing nothing, when the list would not be a tree so.
     */
    public void moveLayer(int id, int toIndex, int parentId) {
        int from = layerIndex(id);
        if (from < 0) {
            throw new IllegalArgumentException("no layer " + id);
        }
        int end = blockEnd(from);
        List<Layer> block = new ArrayList<>(layers.subList(from, end));
        if (toIndex < 0 || toIndex > layers.size() - block.size()) {
            throw new IndexOutOfBoundsException("layer index " + toIndex + " is outside 0.."
                    + (layers.size() - block.size()));
        }
        int previousParent = block.get(0).parentId();
        layers.subList(from, end).clear();
        layers.addAll(toIndex, block);
        block.get(0).setParentId(parentId);
        try {
            checkTree();
        } catch (IllegalArgumentException invalid) {
            layers.subList(toIndex, toIndex + block.size()).clear();
            layers.addAll(from, block);
            block.get(0).setParentId(previousParent);
            throw invalid;
        }
        layerStackChanged = true;
    }

    /** Moves a layer within its group (or the top of the tree). */
    public void moveLayer(int id, int toIndex) {
        moveLayer(id, toIndex, layer(id).map(Layer::parentId).orElse(0));
    }

    /** The index just past a layer and, for a group, everything in it (which follows it in the list). */
    public int blockEnd(int index) {
        return LayerTree.blockEnd(layers, index);
    }

    /** Whether a layer is in the group {@code groupId}, directly or through groups within it. */
    public boolean isIn(Layer layer, int groupId) {
        return LayerTree.isIn(layers, layer, groupId);
    }

    /** Where a new layer goes in a group by default: on top of everything in it (for 0, on top of the map). */
    public int topOf(int groupId) {
        return groupId == 0 ? layers.size() : blockEnd(layerIndex(groupId));
    }

    /** {@link LayerTree#check}: the list is a tree as Tiled's. */
    public void checkTree() {
        LayerTree.check(layers);
    }

    /** {@link LayerTree#check} of a list the map's layers may become (a layer inserted, say). */
    public static void checkTree(List<Layer> layers) {
        LayerTree.check(layers);
    }

    /** {@link LayerTree#effective}: a layer as drawn with its groups' attributes applied. */
    public LayerAttributes effective(Layer layer) {
        return LayerTree.effective(layers, layer);
    }

    public void layerAttributesChanged() {
        layerStackChanged = true;
    }

    /** Reserves the next object id; ids are never reused within a map. */
    public int takeObjectId() {
        return nextObjectId++;
    }

    public void noteObjectId(int id) {
        if (id >= nextObjectId) {
            nextObjectId = id + 1;
        }
    }

    public int takeLayerId() {
        return nextLayerId++;
    }

    /** What changed since the last {@link #markClean()}, for a store to write back. */
    public MapChanges changes() {
        List<Layer> changed = new ArrayList<>(layers);
        return new MapChanges(layerStackChanged, Set.copyOf(removedLayers), changed);
    }

    public void markClean() {
        layerStackChanged = false;
        tilesetsChanged = false;
        removedLayers.clear();
        layers.forEach(Layer::markClean);
        gridOverrides.markClean();
    }

    /** A deep copy with no pending changes. */
    public TileMap copy() {
        return copy(false);
    }

    /**
     * The map as it is now, for reading outside its lock: tile layers share their chunks copy-on-write (see
     * {@link TileLayer#view()}) and are read-only; the rest is copied. Made in time proportional to the chunk and
     * object count, not the cell count.
     */
    public TileMap view() {
        return copy(true);
    }

    private TileMap copy(boolean view) {
        TileMap copy = new TileMap(name, width, height, tileWidth, tileHeight, offset, backgroundColor, tilesets,
                properties, nextLayerId, nextObjectId);
        layers.forEach(l -> {
            Layer layer = view ? l.view() : l.copy();
            layer.setParentId(l.parentId());
            copy.layers.add(layer);
        });
        copy.gridSettings = gridSettings;
        copy.settings = settings;
        gridOverrides.forEach(copy.gridOverrides::set);
        copy.markClean();
        return copy;
    }
}
