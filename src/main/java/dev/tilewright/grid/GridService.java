package dev.tilewright.grid;

import com.github.luben.zstd.Zstd;
import dev.tilewright.config.GridProperties;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.grid.CollisionGrid;
import dev.tilewright.core.grid.GridComputer;
import dev.tilewright.core.grid.GridMotion;
import dev.tilewright.core.grid.Reach;
import dev.tilewright.core.grid.TilePixels;
import dev.tilewright.core.model.GridSettings;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.format.Sha256;
import dev.tilewright.map.MapHistory;
import dev.tilewright.map.MapReads;
import dev.tilewright.map.Versioned;
import dev.tilewright.system.HeapBudget;
import dev.tilewright.render.Atlas;
import dev.tilewright.tileset.Atlases;
import dev.tilewright.tileset.TilesetService;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The computed collision grid of a map's current version, as the map's grid settings say (with its designers'
 * overrides), and grid motion through it. A grid is computed when first asked for and then kept per map and
 * element size (the most recently used few in memory; the one at the settings' size also in PostgreSQL): when the
 * map has moved on, the kept grid is brought forward by recomputing only the tiles the ops since touched. A change
 * of the settings or of the tile data of a tileset the map uses (its fingerprint) makes it compute anew.
 */
@Service
public class GridService {

    /**
     * A grid as computed for a version of a map, with where that map lies (its offset) and its tile size, and the
     * map as it was read for it (its size and orientation: which searches it answers).
     */
    public record Computed(long version, Reach.Placed placed, TileMap map) {

        public CollisionGrid grid() {
            return placed.grid();
        }
    }

    /** How a grid came to be: computed anew, brought forward from a kept one, or the kept one as it was. */
    public enum Source { COMPUTED, UPDATED, KEPT }

    private record Slot(long mapId, int elementWidth, int elementHeight) {
    }

    /** A grid kept for a map version; {@code stored} is the version PostgreSQL holds (-1: none). */
    private record Kept(long version, String fingerprint, CollisionGrid grid, long stored) {
    }

    private final MapReads maps;
    private final MapHistory history;
    private final TilesetService tilesets;
    private final Atlases atlases;
    private final GridProperties properties;
    private final JdbcTemplate jdbc;
    private final JsonMapper json;
    private final Map<Slot, Kept> kept;
    private final long keptBudget;
    private volatile Source lastSource;

    GridService(MapReads maps, MapHistory history, TilesetService tilesets, Atlases atlases,
                GridProperties properties, JdbcTemplate jdbc, JsonMapper json, HeapBudget heap) {
        this.maps = maps;
        this.history = history;
        this.tilesets = tilesets;
        this.atlases = atlases;
        this.properties = properties;
        this.jdbc = jdbc;
        this.json = json;
        this.keptBudget = heap.gridCacheBytes();
        this.kept = new LinkedHashMap<>(16, 0.75f, true);
    }

    /** How the last grid asked for came to be (for tests and logs). */
    Source lastSource() {
        return lastSource;
    }

    /** A map as it is now (its size, settings and orientation: which searches it answers). */
    public TileMap map(long mapId) {
        return maps.view(mapId).map();
    }

    /** The grid with elements of the given size (null: the size the map's grid settings give). */
    public Computed grid(long mapId, Integer elementWidth, Integer elementHeight) {
        // a view of the map as it is now: computed from without its lock, so no edit waits behind a grid
        Versioned at = maps.view(mapId);
        TileMap map = at.map();
        long version = at.version();
        GridSettings settings = map.gridSettings();
        int ew = elementWidth == null ? settings.elementWidth(map.tileWidth()) : elementWidth;
        int eh = elementHeight == null ? settings.elementHeight(map.tileHeight()) : elementHeight;
        check(map, ew, eh);
        Map<Long, Tileset> data = tilesets.data(map.tilesets());
        TilePixels pixels = settings.fromPixels() ? Atlas.pixels(atlases.of(map.tilesets())) : null;
        String fingerprint = fingerprint(settings, ew, eh, data);
        Slot slot = new Slot(mapId, ew, eh);
        boolean atSettingsSize = ew == settings.elementWidth(map.tileWidth())
                && eh == settings.elementHeight(map.tileHeight());
        Kept base = base(slot, fingerprint, atSettingsSize);
        List<MapOp> between = base == null || base.version() >= version
                || version - base.version() > properties.maxIncrementalOps() ? List.of()
                : history.ops(mapId, base.version(), version);
        GridComputer computer = new GridComputer(map, ew, eh, data::get, pixels);
        long storedVersion = base == null ? -1 : base.stored();
        Kept made;
        if (base != null && base.version() == version) {
            lastSource = Source.KEPT;
            made = base;
        } else if (base != null && base.version() + between.size() == version && !between.isEmpty()) {
            CollisionGrid grid = base.grid().copy();
            between.forEach(op -> op.touchedTiles(map, rect -> computer.recompute(grid, rect)));
            lastSource = Source.UPDATED;
            made = new Kept(version, fingerprint, grid, storedVersion);
        } else {
            lastSource = Source.COMPUTED;
            made = new Kept(version, fingerprint, computer.compute(), -1);
        }
        if (atSettingsSize && (made.stored() < 0 || made.version() - made.stored() >= properties.storeAfterOps())) {
            made = store(mapId, made);
        }
        keep(slot, made);
        return new Computed(made.version(), new Reach.Placed(made.grid(), map.offset().x(), map.offset().y(),
                map.tileWidth(), map.tileHeight()), map);
    }

    /**
     * Keeps a grid for next time; the least recently used go while more than cached-grids are kept or they hold more
     * than grid-cache-bytes (one byte per element). The grid just kept stays.
     */
    private void keep(Slot slot, Kept made) {
        synchronized (kept) {
            Kept current = kept.get(slot);
            if (current == null || current.version() <= made.version()) {
                kept.put(slot, made);
            }
            long bytes = kept.values().stream().mapToLong(k -> (long) k.grid().columns() * k.grid().rows()).sum();
            var eldest = kept.entrySet().iterator();
            while ((kept.size() > properties.cachedGrids() || bytes > keptBudget) && eldest.hasNext()) {
                Map.Entry<Slot, Kept> entry = eldest.next();
                if (entry.getKey().equals(slot)) {
                    continue;
                }
                bytes -= (long) entry.getValue().grid().columns() * entry.getValue().grid().rows();
                eldest.remove();
            }
        }
    }

    /** The kept grid to start from: the one in memory, else (at the settings' size) the one in PostgreSQL. */
    private Kept base(Slot slot, String fingerprint, boolean atSettingsSize) {
        Kept inMemory;
        synchronized (kept) {
            inMemory = kept.get(slot);
        }
        if (inMemory != null && inMemory.fingerprint().equals(fingerprint)) {
            return inMemory;
        }
        if (!atSettingsSize) {
            return null;
        }
        return jdbc.query("SELECT version, columns, rows, element_width, element_height, data FROM map_grids"
                        + " WHERE map_id = ? AND fingerprint = ?", (rs, i) -> {
                    int columns = rs.getInt(2);
                    int rows = rs.getInt(3);
                    byte[] bytes = Zstd.decompress(rs.getBytes(6), Math.multiplyExact(columns, rows));
                    return new Kept(rs.getLong(1), fingerprint,
                            CollisionGrid.fromBytes(columns, rows, rs.getInt(4), rs.getInt(5), bytes), rs.getLong(1));
                }, slot.mapId(), fingerprint).stream().findFirst().orElse(null);
    }

    private Kept store(long mapId, Kept made) {
        CollisionGrid grid = made.grid();
        byte[] data = Zstd.compress(grid.toBytes(), 3);
        // a map deleted meanwhile has no row to refer to: then nothing is stored
        jdbc.update("INSERT INTO map_grids (map_id, version, fingerprint, columns, rows, element_width, element_height,"
                        + " data) SELECT id, ?, ?, ?, ?, ?, ?, ? FROM maps WHERE id = ?"
                        + " ON CONFLICT (map_id) DO UPDATE SET version = EXCLUDED.version,"
                        + " fingerprint = EXCLUDED.fingerprint, columns = EXCLUDED.columns, rows = EXCLUDED.rows,"
                        + " element_width = EXCLUDED.element_width, element_height = EXCLUDED.element_height,"
                        + " data = EXCLUDED.data WHERE map_grids.version <= EXCLUDED.version",
                made.version(), made.fingerprint(), grid.columns(), grid.rows(), grid.elementWidth(),
                grid.elementHeight(), data, mapId);
        return new Kept(made.version(), made.fingerprint(), grid, made.version());
    }

    /** Names what a grid is computed from besides the map's cells: the settings, element size and tile data. */
    private String fingerprint(GridSettings settings, int ew, int eh, Map<Long, Tileset> data) {
        String inputs = json.writeValueAsString(List.of(settings, ew, eh, new TreeMap<>(data)));
        return Sha256.hex(inputs.getBytes(StandardCharsets.UTF_8));
    }

    /** How far the box may move by (dx, dy), in world pixels, as the grid motion filter allows. */
    public double[] motion(long mapId, double x, double y, double width, double height, double dx, double dy,
                           Integer elementWidth, Integer elementHeight) {
        Computed computed = gridFor(mapId, width, height, elementWidth, elementHeight);
        CollisionGrid grid = computed.grid();
        double mapWidth = grid.pixelWidth();
        double mapHeight = grid.pixelHeight();
        if (Math.abs(dx) > mapWidth || Math.abs(dy) > mapHeight) {
            throw Refused.invalidField(Math.abs(dx) > mapWidth ? "dx" : "dy", "A move is at most the map's size.");
        }
        double left = x - computed.placed().originX();
        double top = y - computed.placed().originY();
        if (left < -mapWidth || top < -mapHeight || left > 2 * mapWidth || top > 2 * mapHeight) {
            throw Refused.invalidField("box.x", "The box lies too far outside the map.");
        }
        return GridMotion.filter(grid, left, top, width, height, dx, dy);
    }

    /** The grid, for a box that must have a positive size no larger than the map. */
    private Computed gridFor(long mapId, double width, double height, Integer elementWidth, Integer elementHeight) {
        Computed computed = grid(mapId, elementWidth, elementHeight);
        Reach.checkBox(computed.grid(), width, height);
        return computed;
    }

    private void check(TileMap map, int ew, int eh) {
        if (ew < 1 || eh < 1 || map.tileWidth() % ew != 0 || map.tileHeight() % eh != 0) {
            throw Refused.invalidField("elementWidth", "Grid elements of " + ew + "x" + eh + " px must divide the "
                    + map.tileWidth() + "x" + map.tileHeight() + " px tiles (e.g. 4, 8 or the tile size).");
        }
        long elements = (long) map.width() * (map.tileWidth() / ew) * map.height() * (map.tileHeight() / eh);
        if (elements > properties.maxElements()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.grid.max-elements",
                    properties.maxElements(), "The grid would have " + elements + " elements; use larger elements")
                    .with("field", "elementWidth");
        }
    }
}
