package dev.tilewright.map;

import dev.tilewright.config.StorageProperties;
import dev.tilewright.db.LongStatements;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.system.HeapBudget;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Decoded maps kept in memory, bounded by bytes ({@code tilewright.storage.map-cache-bytes}, each map as its
 * {@link TileMap#heapBytes()} says, measured again whenever it changes), least recently used evicted first: the one
 * owner of a cached map and of what is known about it (the version it reflects, the version its stored rows reflect, when they were written). Whoever
 * reads or changes a cached map holds that map's lock ({@link #lock(long)}); a map behind the log (another instance
 * moved it on) is brought forward by replaying the logged ops, and one not cached is loaded from its stored rows.
 */
@Component
class MapCache {

    /**
     * A decoded map as this instance holds it. Only {@link MapCache} changes what it knows; others read its map
     * (under the map's lock) and hand it back when they committed a change to it.
     */
    static final class Cached {
        private final TileMap map;
        /** The project the map belongs to (it does not move). */
        private final long projectId;
        /** The version of the last op the map reflects. */
        private long version;
        /** The version its stored rows reflect: what the map marks changed is what differs from them. */
        private long storedVersion;
        private long storedAt = System.nanoTime();
        /** What the map took on the heap when last measured. */
        private long bytes;

        private Cached(TileMap map, long projectId, long version) {
            this.map = map;
            this.projectId = projectId;
            this.version = version;
            this.storedVersion = version;
        }

        TileMap map() {
            return map;
        }

        long projectId() {
            return projectId;
        }
    }

    /** Locks by map id, striped so their number stays fixed however many maps are touched. */
    private static final int STRIPES = 1024;

    private final Map<Long, Cached> entries = new LinkedHashMap<>(16, 0.75f, true);
    /** The bytes of every cached map, as last measured. Guarded by this. */
    private long bytes;
    private final ReentrantLock[] locks = new ReentrantLock[STRIPES];
    private final MapRepository maps;
    private final MapStore store;
    private final MapRows rows;
    private final OpLog log;
    private final StorageProperties storage;
    private final long budget;
    private final TransactionTemplate tx;
    private final LongStatements longStatements;
    private final Pasts pasts;

    MapCache(StorageProperties storage, MapRepository maps, MapStore store, MapRows rows, OpLog log,
             TransactionTemplate tx, HeapBudget heap, LongStatements longStatements, Pasts pasts) {
        this.longStatements = longStatements;
        this.pasts = pasts;
        this.budget = heap.mapCacheBytes();
        for (int i = 0; i < STRIPES; i++) {
            locks[i] = new ReentrantLock();
        }
        this.maps = maps;
        this.store = store;
        this.rows = rows;
        this.log = log;
        this.storage = storage;
        this.tx = tx;
    }

    /** The lock of a map; maps may share one (never two locks for one map), which only costs some contention. */
    ReentrantLock lock(long mapId) {
        return locks[(int) Math.floorMod(mapId ^ (mapId >>> 32), (long) STRIPES)];
    }

    /**
     * Takes the map's lock for a request, waiting at most {@code lock-wait-ms}: past it (an edit stuck on a slow or
     * absent database holds it) the request is answered 503 with Retry-After instead of hanging. Unlock when done.
     */
    ReentrantLock enter(long mapId) {
        ReentrantLock lock = lock(mapId);
        boolean entered;
        try {
            entered = lock.tryLock(storage.lockWaitMs(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            entered = false;
        }
        if (!entered) {
            throw Refused.overLimit(Refusal.Kind.BUSY,
                    "tilewright.storage.lock-wait-ms", storage.lockWaitMs(), "Map " + mapId + " is busy (its changes "
                            + "wait for the database); nothing was changed, try again").retryAfter(storage.retryAfterSeconds());
        }
        return lock;
    }

    /**
     * The map at {@code version} (its current one, read in this transaction): as cached, brought forward by the
     * logged ops when it is behind, or loaded from its stored rows and brought forward from their version. Called
     * under the map's lock.
     */
    Cached at(long mapId, long version) {
        Cached cached = get(mapId);
        if (cached != null && (cached.version == version || cached.version < version && catchUp(mapId, cached, version))) {
            return cached;
        }
        MapEntity row = maps.findById(mapId).orElseThrow(() -> Refused.notFound("Map", mapId));
        cached = put(mapId, new Cached(store.load(row), row.getProjectId(), row.getStoredVersion()));
        if (cached.version < version && !catchUp(mapId, cached, version)) {
            throw new IllegalStateException("The log of map " + mapId + " does not reach from its stored version "
                    + row.getStoredVersion() + " to " + version);
        }
        return cached;
    }

    /**
     * The map as cached if it is at exactly {@code version}, else null (then {@link #at} in a transaction brings it
     * there). Called under the map's lock.
     */
    Cached ifAt(long mapId, long version) {
        Cached cached = get(mapId);
        return cached != null && cached.version == version ? cached : null;
    }

    /** A map just created from its row (version 0, nothing logged yet). */
    Cached created(MapEntity row) {
        return put(row.getId(), new Cached(store.load(row), row.getProjectId(), 0));
    }

    /**
     * The map's ops up to {@code version} were applied to {@code cached} and are logged in this transaction: its rows
     * are written back now when {@code storeNow} or when they ran too far behind (write-behind-ops / -ms); else only
     * the map's version moves on, by the statement returned, which the caller runs with the log's append.
     */
    Optional<SqlStep> committed(long mapId, Cached cached, long version, boolean storeNow) {
        Optional<SqlStep> advance = Optional.empty();
        if (storeNow || version - cached.storedVersion >= storage.writeBehindOps()
                || System.nanoTime() - cached.storedAt >= storage.writeBehindMs() * 1_000_000L) {
            store(mapId, cached, version);
        } else {
            advance = Optional.of(MapRows.advancing(mapId, version));
        }
        cached.version = version;
        cached.map.compact(storage.plainChunksPerLayer());
        measure(mapId, cached);
        return advance;
    }

    /**
     * Replays the logged ops after the cached version onto it. What they change stays marked changed: it is what
     * this instance's next write-back must store (another instance may not have stored it yet). False (and the
     * map dropped) if the log does not reach.
     */
    private boolean catchUp(long mapId, Cached cached, long version) {
        long reached;
        try {
            reached = log.forEach(mapId, cached.version, version, logged -> pasts.replay(mapId, logged, cached.map));
        } catch (RuntimeException broken) {
            reached = -1;
        }
        if (reached != version) {
            evict(mapId);
            return false;
        }
        cached.version = version;
        cached.map.compact(storage.plainChunksPerLayer());
        measure(mapId, cached);
        return true;
    }

    /** Writes the cached map back to its rows, which then reflect {@code version}. */
    private void store(long mapId, Cached cached, long version) {
        store.save(mapId, cached.map, version);
        cached.storedVersion = version;
        cached.storedAt = System.nanoTime();
    }

    /**
     * Writes a map's changes back to its rows now if they run behind its log (the write-back of live ops;
     * {@code onlyIfDue}: only once they have waited {@link StorageProperties#writeBehindMs()}).
     */
    void flush(long mapId, boolean onlyIfDue) {
        ReentrantLock lock = lock(mapId);
        lock.lock();
        try {
            Cached known = get(mapId);
            if (known == null || onlyIfDue && System.nanoTime() - known.storedAt < storage.writeBehindMs() * 1_000_000L) {
                return;
            }
            tx.executeWithoutResult(status -> {
                longStatements.allow(); // a big map's rows take a while; the map's edits wait lock-wait-ms at most
                long version = rows.lockVersion(mapId);
                Cached cached = at(mapId, version);
                if (rows.storedVersion(mapId) < version) {
                    store(mapId, cached, version);
                } else {
                    // another instance wrote the rows back; what this one marks changed is written with its next change
                    cached.storedVersion = version;
                    cached.storedAt = System.nanoTime();
                }
            });
        } catch (RuntimeException failed) {
            evict(mapId);
            throw failed;
        } finally {
            lock.unlock();
        }
    }

    /** The maps whose cached state runs ahead of their stored rows (read without their locks: check again). */
    synchronized List<Long> unsaved() {
        return entries.entrySet().stream().filter(e -> e.getValue().storedVersion < e.getValue().version)
                .map(Map.Entry::getKey).toList();
    }

    /** Drops a map from memory: the next read or change loads it from its stored rows. */
    synchronized void evict(long mapId) {
        Cached gone = entries.remove(mapId);
        if (gone != null) {
            bytes -= gone.bytes;
        }
    }

    /** What the cached maps take, as last measured. */
    synchronized long bytes() {
        return bytes;
    }

    /** How many maps are cached. */
    synchronized int size() {
        return entries.size();
    }

    private synchronized Cached get(long mapId) {
        return entries.get(mapId);
    }

    private synchronized Cached put(long mapId, Cached cached) {
        Cached replaced = entries.put(mapId, cached);
        if (replaced != null) {
            bytes -= replaced.bytes;
        }
        cached.bytes = 0;
        measure(mapId, cached);
        return cached;
    }

    /**
     * Counts a map's bytes again (it grew or shrank with its ops) and evicts the least recently used others while the
     * cache is over its budget. The map measured is the most recently used: it stays, even alone over the budget.
     */
    private synchronized void measure(long mapId, Cached cached) {
        if (entries.get(mapId) != cached) {
            return; // evicted meanwhile: no longer counted
        }
        long now = cached.map.heapBytes();
        bytes += now - cached.bytes;
        cached.bytes = now;
        var eldest = entries.entrySet().iterator();
        while (bytes > budget && eldest.hasNext()) {
            Map.Entry<Long, Cached> next = eldest.next();
            if (next.getKey() == mapId) {
                break;
            }
            bytes -= next.getValue().bytes;
            eldest.remove();
        }
    }
}
