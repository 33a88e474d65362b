package dev.tilewright.tileset;

import dev.tilewright.system.HeapBudget;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.render.Atlas;
import org.springframework.stereotype.Component;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decoded tilesets, kept in a cache bounded by bytes ({@code tilewright.render.atlas-cache-bytes}). A tileset never
 * changes its pixels, so entries need no invalidation; its tile data may change, so ask {@link TilesetService} for
 * that, not the atlas.
 */
@Component
public class Atlases {

    private final TilesetService tilesets;
    private final long budget;
    private final Map<Long, Atlas> cache = new LinkedHashMap<>(16, 0.75f, true);
    private long bytes;

    Atlases(TilesetService tilesets, HeapBudget heap) {
        this.tilesets = tilesets;
        this.budget = heap.atlasCacheBytes();
    }

    /**
     * The decoded tilesets a map uses. Call it before taking the map's lock: never decode while holding it (and a
     * DB connection), or readers waiting on this cache could starve the connection pool.
     */
    public Map<Long, Atlas> of(List<MapTileset> used) {
        Map<Long, Atlas> decoded = new HashMap<>();
        used.forEach(t -> decoded.put(t.tilesetId(), get(t.tilesetId())));
        return decoded;
    }


    public synchronized Atlas get(long tilesetId) {
        Atlas cached = cache.get(tilesetId);
        if (cached != null) {
            return cached;
        }
        StoredTileset stored = tilesets.get(tilesetId);
        Atlas atlas = Atlas.decode(stored.tileset(), stored.tileset().isCollection() ? null : tilesets.image(tilesetId),
                local -> tilesets.tileImage(tilesetId, local));
        cache.put(tilesetId, atlas);
        bytes += atlas.bytes();
        var eldest = cache.entrySet().iterator();
        while (bytes > budget && cache.size() > 1 && eldest.hasNext()) {
            Map.Entry<Long, Atlas> entry = eldest.next();
            if (entry.getKey() != tilesetId) {
                bytes -= entry.getValue().bytes();
                eldest.remove();
            }
        }
        return atlas;
    }
}
