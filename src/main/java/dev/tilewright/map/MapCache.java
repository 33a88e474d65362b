package dev.tilewright.map;

import dev.tilewright.config.StorageProperties;
import dev.tilewright.core.model.TileMap;
import org.springframework.stereotype.Component;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Decoded maps kept in memory, least recently used evicted first, each with the version it reflects. Whoever
 * reads or changes a cached map holds that map's lock ({@link #lock(long)}); the version stamp lets the holder
 * see whether another instance moved the map on since.
 */
@Component
class MapCache {

    /**
     * A decoded map, the version of the last op it reflects, and the version its stored rows reflect (what the map
     * marks changed is what differs from them).
     */
    static final class Entry {
        final TileMap map;
        long version;
        long storedVersion;
        long storedAt = System.nanoTime();

        Entry(TileMap map, long version) {
            this.map = map;
            this.version = version;
            this.storedVersion = version;
        }
    }

    /** Locks by map id, striped so their number stays fixed however many maps are touched. */
    private static final int STRIPES = 1024;

    private final Map<Long, Entry> entries;
    private final ReentrantLock[] locks = new ReentrantLock[STRIPES];

    MapCache(StorageProperties storage) {
        int capacity = Math.max(1, storage.mapCacheSize());
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Entry> eldest) {
                return size() > capacity;
            }
        };
        for (int i = 0; i < STRIPES; i++) {
            locks[i] = new ReentrantLock();
        }
    }

    /** The lock of a map; maps may share one (never two locks for one map), which only costs some contention. */
    ReentrantLock lock(long mapId) {
        return locks[(int) Math.floorMod(mapId ^ (mapId >>> 32), (long) STRIPES)];
    }

    /** The cached map, at whatever version it reflects (check {@link Entry#version} under the map's lock). */
    synchronized Entry get(long mapId) {
        return entries.get(mapId);
    }

    synchronized Entry put(long mapId, TileMap map, long version) {
        Entry entry = new Entry(map, version);
        entries.put(mapId, entry);
        return entry;
    }

    /** The maps whose cached state runs ahead of their stored rows (read without their locks: check again). */
    synchronized java.util.List<Long> unsaved() {
        return entries.entrySet().stream().filter(e -> e.getValue().storedVersion < e.getValue().version)
                .map(Map.Entry::getKey).toList();
    }

    synchronized void evict(long mapId) {
        entries.remove(mapId);
    }
}
