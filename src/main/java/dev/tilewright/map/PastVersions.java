package dev.tilewright.map;

import dev.tilewright.core.model.TileMap;
import dev.tilewright.system.HeapBudget;
import org.springframework.stereotype.Component;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Past versions rebuilt lately, kept so that the several requests that read one (the map, then each layer's cells;
 * a render next to a diff) replay it once: at most {@code tilewright.history.version-cache-bytes} of them as their
 * heapBytes count, least recently used first out; a version larger than that is not kept. A past version never
 * changes, so what is kept is never stale; readers get read-only views of it.
 */
@Component
class PastVersions {

    private record Key(long mapId, long version) {
    }

    private final long budget;
    private final Map<Key, TileMap> kept = new LinkedHashMap<>(16, 0.75f, true);
    private long bytes;

    PastVersions(HeapBudget heap) {
        this.budget = heap.versionCacheBytes();
    }

    /** A read-only view of the map at that version: the kept one, or rebuilt by {@code replay} (outside the lock). */
    TileMap view(long mapId, long version, Supplier<TileMap> replay) {
        Key key = new Key(mapId, version);
        synchronized (this) {
            TileMap map = kept.get(key);
            if (map != null) {
                return map.view();
            }
        }
        TileMap map = replay.get();
        long size = map.heapBytes();
        synchronized (this) {
            if (size <= budget && !kept.containsKey(key)) {
                kept.put(key, map);
                bytes += size;
                Iterator<Map.Entry<Key, TileMap>> eldest = kept.entrySet().iterator();
                while (bytes > budget && eldest.hasNext()) {
                    bytes -= eldest.next().getValue().heapBytes();
                    eldest.remove();
                }
            }
            // views mark what they share in the map they are made of: made under this lock, one at a time
            return map.view();
        }
    }

    /**
     * Keeps {@code map} (a read-only view, of a version committed) as that version, as a rebuilt one would be, unless
     * it is there already or larger than the budget.
     */
    void keep(long mapId, long version, TileMap map) {
        view(mapId, version, () -> map);
    }

    /** A map deleted (here or elsewhere): its versions go. */
    @org.springframework.context.event.EventListener
    void deleted(MapDeleted event) {
        forget(event.mapId());
    }

    private synchronized void forget(long mapId) {
        kept.entrySet().removeIf(e -> {
            if (e.getKey().mapId() == mapId) {
                bytes -= e.getValue().heapBytes();
                return true;
            }
            return false;
        });
    }
}
