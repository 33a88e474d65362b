package dev.tilewright.autotile;

import dev.tilewright.config.AutotileProperties;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.format.ldtk.LdtkAutoTiles;
import dev.tilewright.format.ldtk.LdtkProject;
import dev.tilewright.map.DerivedLayers;
import org.springframework.stereotype.Component;

import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.LongSupplier;

/**
 * Keeps imported LDtk levels' auto-layers current by LDtk's own rules (see {@link LdtkAutoTiles}): a map naming no
 * LDtk definitions costs a look at one property. What each map's rules last read is kept while the map is held, up
 * to {@code tilewright.autotile.max-ldtk-live-cells} cells in all.
 */
@Component
class LdtkFollower implements DerivedLayers {

    private final LdtkDefinitions definitions;
    private final long maxCells;
    /** By the map object itself (the map cache's): let go with it. */
    private final Map<TileMap, LdtkAutoTiles.Kept> kept = new WeakHashMap<>();

    LdtkFollower(LdtkDefinitions definitions, AutotileProperties limits) {
        this.definitions = definitions;
        this.maxCells = limits.maxLdtkLiveCells();
    }

    @Override
    public MapOp follow(LongSupplier project, TileMap map, MapOp applied) {
        Long id = LdtkAutoTiles.definitions(map);
        if (id == null) {
            return null;
        }
        LdtkProject read = definitions.get(project.getAsLong(), id);
        if (read == null) {
            return null;
        }
        LdtkAutoTiles.Kept mine;
        synchronized (kept) {
            mine = kept.computeIfAbsent(map, m -> new LdtkAutoTiles.Kept());
        }
        // under the map's lock: no other thread follows this map
        MapOp op = LdtkAutoTiles.follow(map, read, mine, applied);
        synchronized (kept) {
            long held = kept.values().stream().mapToLong(LdtkAutoTiles.Kept::cells).sum();
            if (held > maxCells) {
                kept.keySet().removeIf(other -> other != map);
            }
        }
        return op;
    }
}
