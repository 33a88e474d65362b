package dev.tilewright.map;

import dev.tilewright.config.LimitsProperties;
import dev.tilewright.config.StorageProperties;
import dev.tilewright.core.edit.AddLayer;
import dev.tilewright.core.edit.AddTileset;
import dev.tilewright.core.edit.Applied;
import dev.tilewright.core.edit.Batch;
import dev.tilewright.core.edit.InvalidOpException;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.tileset.StoredTileset;
import dev.tilewright.tileset.TilesetService;
import dev.tilewright.web.ApiProblem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * The one edit path. {@link #apply} takes the map's row lock in PostgreSQL (one total order per map, across
 * instances), answers a repeated (clientId, clientSeq) with its original result, checks the caller's
 * precondition, applies the op to the cached map, appends it to the op log with the next version and writes back
 * the changed rows, all in one transaction: an op is acknowledged only once it is committed.
 */
@Service
public class MapService {

    private static final Logger logger = LoggerFactory.getLogger(MapService.class);

    private final MapRepository maps;
    private final MapStore store;
    private final MapCache cache;
    private final OpLog log;
    private final TilesetService tilesets;
    private final LimitsProperties limits;
    private final StorageProperties storage;
    private final JdbcTemplate jdbc;
    private final TransactionTemplate tx;
    private final JsonMapper json;
    private final MapFeed feed;
    private final ApplicationEventPublisher events;

    MapService(MapRepository maps, MapStore store, MapCache cache, OpLog log, TilesetService tilesets,
               LimitsProperties limits, StorageProperties storage, JdbcTemplate jdbc, TransactionTemplate tx,
               JsonMapper json, MapFeed feed, ApplicationEventPublisher events) {
        this.maps = maps;
        this.store = store;
        this.cache = cache;
        this.log = log;
        this.tilesets = tilesets;
        this.limits = limits;
        this.storage = storage;
        this.jdbc = jdbc;
        this.tx = tx;
        this.json = json;
        this.feed = feed;
        this.events = events;
    }

    /** What a new map starts as. */
    public record NewMap(String name, Integer width, Integer height, Integer tileWidth, Integer tileHeight,
                         Position offset, String backgroundColor, List<Long> tilesetIds, List<NewLayer> layers,
                         Properties properties) {
    }

    public record NewLayer(String name, LayerKind type) {
    }

    /**
     * The map as created, before its first op; replaying the log on it rebuilds any version.
     *
     * @param tilesets the tilesets with their first gids (assigned in order for a new map, as written for an import)
     */
    public record Genesis(String name, int width, int height, int tileWidth, int tileHeight, Position offset,
                          String backgroundColor, List<MapTileset> tilesets, Properties properties) {
    }

    /**
     * The answer to an applied (or repeated) change.
     *
     * @param op       JSON of the op as logged, ids assigned
     * @param repeated true when this (clientId, clientSeq) had been applied before and nothing was applied now
     */
    public record Result(long version, String op, boolean repeated) {
    }

    /** Reads a map under its lock; must not keep the map. */
    @FunctionalInterface
    public interface MapReader<T> {
        T read(long version, TileMap map);
    }

    /** A map at one version, detached from the cache. */
    public record Versioned(long version, TileMap map) {
    }

    /** A copy of the map as it is now, or as it was at {@code version} (rebuilt from the log). */
    public Versioned snapshot(long mapId, Long version) {
        if (version == null) {
            return read(mapId, (v, map) -> new Versioned(v, map.copy()));
        }
        long current = version(mapId);
        if (version < 1 || version > current) {
            throw ApiProblem.invalidField("version", "Map " + mapId + " has versions 1.." + current + ", not " + version + ".");
        }
        return new Versioned(version, replay(mapId, version));
    }

    /** A rectangle of a tile layer's gids, row-major, at one version. */
    public record Region(long version, TileRect rect, int[] gids) {
    }

    /** Creates a map; its layers arrive as the map's first op (version 1). Returns the new map's id. */
    public long create(NewMap request) {
        Genesis genesis = validate(request);
        List<MapOp> layerOps = new ArrayList<>();
        for (int i = 0; i < request.layers().size(); i++) {
            NewLayer layer = request.layers().get(i);
            if (layer == null || layer.type() == null) {
                throw ApiProblem.invalidField("layers[" + i + "].type", "Give each layer a type: tile or object.");
            }
            try {
                layerOps.add(new AddLayer(0, layer.type(), LayerAttributes.named(layer.name()), null));
            } catch (IllegalArgumentException e) {
                throw ApiProblem.invalidField("layers[" + i + "].name", e.getMessage());
            }
        }
        return create(genesis, layerOps.isEmpty() ? null : new Batch(layerOps));
    }

    /**
     * Creates a map from its genesis and applies its first op (version 1) through the edit path, in one
     * transaction (joining the caller's, so an import stores all or nothing). Returns the new map's id.
     */
    public long create(Genesis genesis, MapOp first) {
        Long created = tx.execute(status -> {
            MapEntity row = maps.saveAndFlush(new MapEntity(genesis.name(), genesis.width(), genesis.height(),
                    genesis.tileWidth(), genesis.tileHeight(), genesis.offset().x(), genesis.offset().y(),
                    genesis.backgroundColor(), json.writeValueAsString(genesis.properties()), json.writeValueAsString(genesis),
                    genesis.tilesets().stream().map(t -> new MapEntity.TilesetUse(t.tilesetId(), t.firstGid(),
                            t.tileCount())).toList()));
            long mapId = row.getId();
            cache.put(mapId, store.load(row), 0);
            try {
                if (first != null) {
                    long version = lockRow(mapId);
                    MapCache.Entry entry = current(mapId, version);
                    Applied applied = withTileCounts(first, "").applyTo(entry.map);
                    log.append(mapId, List.of(new OpLog.Entry(version + 1, null, null,
                            json.writeValueAsString(applied.op()), null)));
                    store(mapId, entry, version + 1);
                    entry.version = version + 1;
                }
            } catch (RuntimeException e) {
                cache.evict(mapId);
                throw e;
            }
            return mapId;
        });
        return Objects.requireNonNull(created);
    }

    private Genesis validate(NewMap r) {
        if (r.name() == null || r.name().isBlank()) {
            throw ApiProblem.invalidField("name", "Give the map a name.");
        }
        int width = require("width", r.width(), limits.maxMapWidth(), "tilewright.limits.max-map-width");
        int height = require("height", r.height(), limits.maxMapHeight(), "tilewright.limits.max-map-height");
        int tileWidth = require("tileWidth", r.tileWidth(), 4096, null);
        int tileHeight = require("tileHeight", r.tileHeight(), 4096, null);
        List<Long> ids = Objects.requireNonNullElse(r.tilesetIds(), List.of());
        if (ids.stream().distinct().count() != ids.size()) {
            throw ApiProblem.invalidField("tilesets", "Each tileset may be listed once.");
        }
        List<Integer> counts = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            Long id = ids.get(i);
            if (id == null) {
                throw ApiProblem.invalidField("tilesets[" + i + "].tilesetId", "Name the tileset by its id.");
            }
            try {
                StoredTileset tileset = tilesets.get(id);
                counts.add(tileset.tileset().tileCount());
            } catch (ApiProblem notFound) {
                throw ApiProblem.invalidField("tilesets[" + i + "].tilesetId", "There is no tileset " + id
                        + "; upload it first (POST /api/v1/tilesets).");
            }
        }
        List<NewLayer> layers = Objects.requireNonNullElse(r.layers(), List.of());
        if (layers.size() > limits.maxLayersPerMap()) {
            throw ApiProblem.overLimit(HttpStatus.UNPROCESSABLE_CONTENT, "tilewright.limits.max-layers-per-map",
                    limits.maxLayersPerMap(), "The map would have " + layers.size() + " layers").with("field", "layers");
        }
        if (r.backgroundColor() != null && !r.backgroundColor().matches("#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})")) {
            throw ApiProblem.invalidField("backgroundColor", "The background colour is #rrggbb or #aarrggbb, was '"
                    + r.backgroundColor() + "'.");
        }
        return new Genesis(r.name().trim(), width, height, tileWidth, tileHeight,
                Objects.requireNonNullElse(r.offset(), Position.ORIGIN), r.backgroundColor(),
                TileMap.assignFirstGids(ids, counts),
                Objects.requireNonNullElse(r.properties(), Properties.EMPTY));
    }

    private static int require(String field, Integer value, int max, String limitProperty) {
        if (value == null || value < 1) {
            throw ApiProblem.invalidField(field, field + " must be a positive number of " + (field.startsWith("tile")
                    ? "pixels" : "tiles") + ", was " + value + ".");
        }
        if (value > max) {
            ApiProblem problem = limitProperty == null
                    ? ApiProblem.invalidField(field, field + " must be at most " + max + ", was " + value + ".")
                    : ApiProblem.overLimit(HttpStatus.UNPROCESSABLE_CONTENT, limitProperty, max,
                    field + " " + value + " is over the map size limit").with("field", field);
            throw problem;
        }
        return value;
    }

    public List<MapEntitySummary> list() {
        return tx.execute(status -> maps.findAllByOrderByIdAsc().stream().map(MapEntitySummary::of).toList());
    }

    /** A map summary for lists: no content is loaded. */
    public record MapEntitySummary(long id, String name, long version, int width, int height, int tileWidth,
                                   int tileHeight, java.time.Instant updatedAt) {
        static MapEntitySummary of(MapEntity e) {
            return new MapEntitySummary(e.getId(), e.getName(), e.getVersion(), e.getWidth(), e.getHeight(),
                    e.getTileWidth(), e.getTileHeight(), e.getUpdatedAt());
        }
    }

    /** The current version of a map, without loading it. */
    public long version(long mapId) {
        return mapColumn(mapId, "SELECT version FROM maps WHERE id = ?", Long.class);
    }

    /** One value of a map's row; an unknown map is a 404. */
    private <T> T mapColumn(long mapId, String sql, Class<T> type) {
        try {
            return Objects.requireNonNull(jdbc.queryForObject(sql, type, mapId));
        } catch (EmptyResultDataAccessException e) {
            throw ApiProblem.notFound("Map", mapId);
        }
    }

    /** Runs {@code reader} on the current map under its lock. */
    public <T> T read(long mapId, MapReader<T> reader) {
        ReentrantLock lock = cache.lock(mapId);
        lock.lock();
        try {
            return tx.execute(status -> {
                long version = version(mapId);
                return reader.read(version, current(mapId, version).map);
            });
        } finally {
            lock.unlock();
        }
    }

    /** The gids of a rectangle of a tile layer, row-major. */
    public Region cells(long mapId, int layerId, Integer x, Integer y, Integer width, Integer height) {
        return read(mapId, (version, map) -> {
            Layer layer = map.layer(layerId).orElseThrow(() -> ApiProblem.notFound("Layer", layerId));
            if (!(layer instanceof TileLayer tiles)) {
                throw ApiProblem.invalidField("layerId", "Layer " + layerId + " is an object layer; it has no cells.");
            }
            TileRect rect = new TileRect(orElse(x, 0), orElse(y, 0), Math.max(0, orElse(width, map.width())),
                    Math.max(0, orElse(height, map.height())));
            if (rect.isEmpty() || !map.bounds().contains(rect)) {
                throw ApiProblem.invalidField("x", "The rectangle " + rect.width() + "x" + rect.height() + " at ("
                        + rect.x() + ", " + rect.y() + ") must be non-empty and inside the " + map.width() + "x"
                        + map.height() + " map.");
            }
            if (rect.area() > limits.maxCellsPerRead()) {
                throw ApiProblem.overLimit(HttpStatus.UNPROCESSABLE_CONTENT, "tilewright.limits.max-cells-per-read",
                        limits.maxCellsPerRead(), "The rectangle holds " + rect.area() + " cells; read it in parts")
                        .with("field", "width");
            }
            return new Region(version, rect, tiles.read(rect));
        });
    }

    private static int orElse(Integer value, int fallback) {
        return value == null ? fallback : value;
    }

    public List<OpLog.Entry> history(long mapId, long since, Integer limit) {
        int count = limit == null ? limits.maxOpsPerRead() : limit;
        if (count < 1 || count > limits.maxOpsPerRead()) {
            throw ApiProblem.overLimit(HttpStatus.UNPROCESSABLE_CONTENT, "tilewright.limits.max-ops-per-read",
                    limits.maxOpsPerRead(), "limit must be 1 or more and at most the read limit").with("field", "limit");
        }
        version(mapId);
        return log.since(mapId, since, count);
    }

    /**
     * The map as it was at {@code version}, rebuilt from its genesis by replaying the op log: the log is the truth,
     * and this is how any past version is read.
     */
    public TileMap replay(long mapId, long version) {
        return tx.execute(status -> {
            Genesis g = json.readValue(mapColumn(mapId, "SELECT genesis FROM maps WHERE id = ?", String.class),
                    Genesis.class);
            TileMap map = new TileMap(g.name(), g.width(), g.height(), g.tileWidth(), g.tileHeight(), g.offset(),
                    g.backgroundColor(), g.tilesets(), g.properties(), 1, 1);
            long reached = forEachLogged(mapId, 0, version,
                    entry -> json.readValue(entry.op(), MapOp.class).applyTo(map));
            if (reached < version) {
                throw ApiProblem.invalidField("version", "Map " + mapId + " has no version " + version
                        + "; its latest is " + reached + ".");
            }
            map.markClean();
            return map;
        });
    }

    /**
     * The ops that took a map from version {@code after} to {@code upTo} (or its latest, if earlier), as applied,
     * oldest first.
     */
    public List<MapOp> ops(long mapId, long after, long upTo) {
        List<MapOp> ops = new ArrayList<>();
        forEachLogged(mapId, after, upTo, entry -> ops.add(json.readValue(entry.op(), MapOp.class)));
        return ops;
    }

    /**
     * Reads the log entries after one version up to another (or the latest, if earlier), oldest first, page by page;
     * returns the last version read.
     */
    public long forEachLogged(long mapId, long after, long upTo, Consumer<OpLog.Entry> sink) {
        long at = after;
        while (at < upTo) {
            List<OpLog.Entry> page = log.since(mapId, at, limits.maxOpsPerRead());
            if (page.isEmpty()) {
                break;
            }
            for (OpLog.Entry entry : page) {
                if (entry.version() > upTo) {
                    return at;
                }
                sink.accept(entry);
                at = entry.version();
            }
        }
        return at;
    }

    /** Drops the decoded map from memory: the next read or change loads it from the stored rows. */
    public void forget(long mapId) {
        ReentrantLock lock = cache.lock(mapId);
        lock.lock();
        try {
            cache.evict(mapId);
        } finally {
            lock.unlock();
        }
    }

    public void delete(long mapId) {
        ReentrantLock lock = cache.lock(mapId);
        lock.lock();
        try {
            tx.executeWithoutResult(status -> {
                version(mapId);
                maps.deleteById(mapId);
            });
            cache.evict(mapId);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Applies one change through the edit path.
     *
     * @param precondition called with the current version before anything is applied; throws to refuse
     * @param clientId     with clientSeq, identifies the change so a resend is answered, not applied again
     */
    public Result apply(long mapId, LongConsumer precondition, String clientId, Long clientSeq, MapOp requested) {
        if ((clientId == null) != (clientSeq == null)) {
            throw ApiProblem.invalidField(clientId == null ? "clientId" : "clientSeq",
                    "Send clientId and clientSeq together (or neither).");
        }
        Outcome outcome = commit(mapId, precondition, List.of(new Submitted(clientId, clientSeq, requested)), true)
                .get(0);
        if (outcome.refused() != null) {
            throw outcome.refused();
        }
        return outcome.result();
    }

    /** One change sent by a client, for {@link #applyAll}. */
    public record Submitted(String clientId, Long clientSeq, MapOp op) {
    }

    /** What became of one submitted change: its result, or the refusal (InvalidOpException or ApiProblem). */
    public record Outcome(Result result, RuntimeException refused) {
    }

    /**
     * Applies several clients' changes in order in one transaction (group commit): each gets its own version and log
     * row, or is refused on its own without touching the others; a repeated (clientId, clientSeq) gets its original
     * result. Nothing is answered before the commit; a failing commit fails them all (thrown). The map's rows are
     * written back behind the log (see {@link StorageProperties#writeBehindOps()}).
     */
    public List<Outcome> applyAll(long mapId, List<Submitted> changes) {
        return commit(mapId, version -> { }, changes, false);
    }

    private List<Outcome> commit(long mapId, LongConsumer precondition, List<Submitted> changes, boolean storeNow) {
        Outcome[] outcomes = new Outcome[changes.size()];
        MapOp[] ops = new MapOp[changes.size()];
        for (int i = 0; i < ops.length; i++) {
            try {
                checkLimits(changes.get(i).op());
                ops[i] = withTileCounts(changes.get(i).op(), "");
            } catch (ApiProblem refused) {
                outcomes[i] = new Outcome(null, refused);
            }
        }
        ReentrantLock lock = cache.lock(mapId);
        lock.lock();
        try {
            List<OpLog.Entry> committed = tx.execute(status -> {
                long version = lockRow(mapId);
                Map<OpLog.Key, OpLog.Entry> earlier = log.find(mapId, changes.stream()
                        .filter(c -> c.clientId() != null).map(c -> new OpLog.Key(c.clientId(), c.clientSeq())).toList());
                MapCache.Entry entry = null;
                List<OpLog.Entry> appended = new ArrayList<>();
                for (int i = 0; i < ops.length; i++) {
                    if (outcomes[i] != null) {
                        continue;
                    }
                    Submitted change = changes.get(i);
                    OpLog.Key key = change.clientId() == null ? null : new OpLog.Key(change.clientId(), change.clientSeq());
                    OpLog.Entry before = key == null ? null : earlier.get(key);
                    if (before != null) {
                        outcomes[i] = new Outcome(new Result(before.version(), before.op(), true), null);
                        continue;
                    }
                    if (entry == null) {
                        // a resend is answered whatever the caller's precondition says; anything new must meet it
                        precondition.accept(version);
                        entry = current(mapId, version);
                    }
                    try {
                        Applied applied = ops[i].applyTo(entry.map);
                        OpLog.Entry logged = new OpLog.Entry(version + appended.size() + 1, change.clientId(),
                                change.clientSeq(), json.writeValueAsString(applied.op()), null);
                        appended.add(logged);
                        outcomes[i] = new Outcome(new Result(logged.version(), logged.op(), false), null);
                        if (key != null) {
                            earlier.put(key, logged);
                        }
                    } catch (InvalidOpException refused) {
                        outcomes[i] = new Outcome(null, refused);
                    }
                }
                if (!appended.isEmpty()) {
                    long last = appended.get(appended.size() - 1).version();
                    log.append(mapId, appended);
                    if (storeNow || last - entry.storedVersion >= storage.writeBehindOps()
                            || System.nanoTime() - entry.storedAt >= storage.writeBehindMs() * 1_000_000L) {
                        store(mapId, entry, last);
                    } else {
                        jdbc.update("UPDATE maps SET version = ?, updated_at = now() WHERE id = ?", last, mapId);
                    }
                    entry.version = last;
                    feed.announce(mapId, last);
                }
                return appended;
            });
            if (!committed.isEmpty()) {
                // after the commit, still under the map's lock: listeners get each map's ops in version order
                try {
                    events.publishEvent(new OpsCommitted(mapId, committed));
                } catch (RuntimeException listenerFailed) {
                    // committed all the same: the answer stands (a live room that missed it catches up from the log)
                    logger.warn("A listener of map {}'s commit up to version {} failed", mapId,
                            committed.get(committed.size() - 1).version(), listenerFailed);
                }
            }
            return Arrays.asList(outcomes);
        } catch (InvalidOpException | ApiProblem refused) {
            throw refused;
        } catch (RuntimeException failed) {
            cache.evict(mapId);
            throw failed;
        } finally {
            lock.unlock();
        }
    }

    /** The op with each addTileset's tile count taken from the stored tileset (which must exist). */
    private MapOp withTileCounts(MapOp op, String path) {
        if (op instanceof Batch batch) {
            List<MapOp> ops = new ArrayList<>(batch.ops().size());
            for (int i = 0; i < batch.ops().size(); i++) {
                ops.add(withTileCounts(batch.ops().get(i), path + "ops[" + i + "]."));
            }
            return new Batch(ops);
        }
        if (op instanceof AddTileset add) {
            Tileset stored;
            try {
                stored = tilesets.get(add.tilesetId()).tileset();
            } catch (ApiProblem missing) {
                throw ApiProblem.invalidField(path + "tilesetId", "There is no tileset " + add.tilesetId()
                        + "; upload it first (POST /api/v1/tilesets).");
            }
            if (add.tileCount() != null && add.tileCount() != stored.tileCount()) {
                throw ApiProblem.invalidField(path + "tileCount", "Tileset " + add.tilesetId() + " has "
                        + stored.tileCount() + " tiles, not " + add.tileCount() + " (or leave tileCount out).");
            }
            return new AddTileset(add.tilesetId(), add.firstGid(), stored.tileCount());
        }
        return op;
    }

    private long lockRow(long mapId) {
        return mapColumn(mapId, "SELECT version FROM maps WHERE id = ? FOR UPDATE", Long.class);
    }

    /**
     * The cached map at {@code version}: as cached, brought forward by the logged ops when it is behind (another
     * instance moved the map on), or loaded from its stored rows and brought forward from their version.
     */
    private MapCache.Entry current(long mapId, long version) {
        MapCache.Entry entry = cache.get(mapId);
        if (entry != null && (entry.version == version || entry.version < version && catchUp(mapId, entry, version))) {
            return entry;
        }
        MapEntity row = maps.findById(mapId).orElseThrow(() -> ApiProblem.notFound("Map", mapId));
        entry = cache.put(mapId, store.load(row), row.getStoredVersion());
        if (entry.version < version && !catchUp(mapId, entry, version)) {
            throw new IllegalStateException("The log of map " + mapId + " does not reach from its stored version "
                    + row.getStoredVersion() + " to " + version);
        }
        return entry;
    }

    /**
     * Replays the logged ops after the entry's version onto it. What they change stays marked changed: it is what
     * this instance's next write-back must store (another instance may not have stored it yet). False (and the
     * entry dropped) if the log does not reach.
     */
    private boolean catchUp(long mapId, MapCache.Entry entry, long version) {
        long reached;
        try {
            reached = forEachLogged(mapId, entry.version, version,
                    logged -> json.readValue(logged.op(), MapOp.class).applyTo(entry.map));
        } catch (RuntimeException broken) {
            reached = -1;
        }
        if (reached != version) {
            cache.evict(mapId);
            return false;
        }
        entry.version = version;
        return true;
    }

    /** Writes the cached map back to its rows, which then reflect {@code version}. */
    private void store(long mapId, MapCache.Entry entry, long version) {
        store.save(mapId, entry.map, version);
        entry.storedVersion = version;
        entry.storedAt = System.nanoTime();
    }

    /**
     * Writes a map's changes back to its rows now if they run behind its log (the write-back of live ops;
     * {@code onlyIfDue}: only once they have waited {@link StorageProperties#writeBehindMs()}).
     */
    public void flush(long mapId, boolean onlyIfDue) {
        ReentrantLock lock = cache.lock(mapId);
        lock.lock();
        try {
            MapCache.Entry cached = cache.get(mapId);
            if (cached == null || onlyIfDue
                    && System.nanoTime() - cached.storedAt < storage.writeBehindMs() * 1_000_000L) {
                return;
            }
            tx.executeWithoutResult(status -> {
                long version = lockRow(mapId);
                MapCache.Entry entry = current(mapId, version);
                if (mapColumn(mapId, "SELECT stored_version FROM maps WHERE id = ?", Long.class) < version) {
                    store(mapId, entry, version);
                } else {
                    // another instance wrote the rows back; what this one marks changed is written with its next change
                    entry.storedVersion = version;
                    entry.storedAt = System.nanoTime();
                }
            });
        } catch (RuntimeException failed) {
            cache.evict(mapId);
            throw failed;
        } finally {
            lock.unlock();
        }
    }

    private void checkLimits(MapOp op) {
        if (op.opCount() > limits.maxOpsPerRequest()) {
            throw ApiProblem.overLimit(HttpStatus.CONTENT_TOO_LARGE, "tilewright.limits.max-ops-per-request",
                    limits.maxOpsPerRequest(), "The change holds " + op.opCount() + " ops; send it in parts")
                    .with("field", "ops");
        }
        if (op.cellCount() > limits.maxCellsPerOp()) {
            throw ApiProblem.overLimit(HttpStatus.CONTENT_TOO_LARGE, "tilewright.limits.max-cells-per-op",
                    limits.maxCellsPerOp(), "The change writes " + op.cellCount() + " cells; send it in parts")
                    .with("field", "ops");
        }
    }
}
