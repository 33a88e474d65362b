package dev.tilewright.map;

import dev.tilewright.config.LimitsProperties;
import dev.tilewright.config.StorageProperties;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A map's past: its log read page by page, and any version rebuilt by replaying the log from the map's genesis. */
@Service
public class MapHistory {

    private final MapReads reads;
    private final MapRows rows;
    private final OpLog log;
    private final LimitsProperties limits;
    private final TransactionTemplate tx;
    private final JsonMapper json;
    private final Checkpoints checkpoints;
    private final StorageProperties storage;
    private final PastVersions past;
    private final RebuildBudget budget;
    private final Pasts pasts;

    MapHistory(MapReads reads, MapRows rows, OpLog log, LimitsProperties limits, TransactionTemplate tx,
               JsonMapper json, Checkpoints checkpoints, StorageProperties storage, PastVersions past,
               RebuildBudget budget, Pasts pasts) {
        this.pasts = pasts;
        this.budget = budget;
        this.past = past;
        this.checkpoints = checkpoints;
        this.storage = storage;
        this.reads = reads;
        this.rows = rows;
        this.log = log;
        this.limits = limits;
        this.tx = tx;
        this.json = json;
    }

    /**
     * The map as it is now (a read-only view, see {@link MapReads#view}), or as it was at {@code version} (rebuilt
     * from the log, or kept from a read a moment ago: a read-only view too, which throws on a write; a caller that
     * goes on changing a past version takes {@link #replay}, its own copy).
     */
    public Versioned snapshot(long mapId, Long version) {
        if (version == null) {
            return reads.view(mapId);
        }
        long current = rows.version(mapId);
        if (version < 1 || version > current) {
            throw Refused.invalidField("version", "Map " + mapId + " has versions 1.." + current + ", not " + version + ".");
        }
        return new Versioned(version, past.view(mapId, version, () -> replay(mapId, version)));
    }

    /**
     * Version {@code version} of a map, read-only, for an op that reads it ({@link Pasts}): kept from a moment ago or
     * rebuilt within the rebuild budget, which reserves {@code estimate} bytes (the map as it is now) for it. Unlike
     * {@link #snapshot} it reads nothing of the map as it is now, so it may be asked while the map is being worked on.
     */
    TileMap past(long mapId, long version, long estimate) {
        return this.past.view(mapId, version, () -> budget.within(estimate, () -> replayed(mapId, version)));
    }

    /**
     * A copy of a map (of a past version, to work on) made within the rebuild budget, as {@link #snapshot}'s rebuilds
     * are: it reserves what the map takes before it is made.
     */
    public TileMap copy(TileMap map) {
        return budget.within(map.heapBytes(), map::copy);
    }

    /** Log entries after {@code since}, oldest first, at most {@code limit} (default and cap: the read limit). */
    public List<OpLog.Entry> entries(long mapId, long since, Integer limit) {
        int count = limit == null ? limits.maxOpsPerRead() : limit;
        if (count < 1 || count > limits.maxOpsPerRead()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.limits.max-ops-per-read",
                    limits.maxOpsPerRead(), "limit must be 1 or more and at most the read limit").with("field", "limit");
        }
        rows.version(mapId);
        return log.since(mapId, since, count);
    }

    /** The map as it was created (its header, where its ids started, how an imported map's data was written). */
    public MapCatalogue.Genesis genesis(long mapId) {
        return json.readValue(rows.genesis(mapId), MapCatalogue.Genesis.class);
    }

    /**
     * The map as it was at {@code version}, rebuilt by replaying the op log (the truth) from the nearest checkpoint
     * at or before it, or from the map's genesis. A replay that passes {@code checkpoint-every} versions or more keeps
     * a checkpoint at the last multiple of it it passes (and {@link CheckpointKeeper} keeps them as maps grow), so no
     * version is ever much more than that many ops from one. Within the rebuild budget ({@link RebuildBudget}).
     */
    public TileMap replay(long mapId, long version) {
        // within the rebuild budget: it reserves what the map takes now (a past version is about as large)
        return budget.within(reads.view(mapId).map().heapBytes(), () -> replayed(mapId, version));
    }

    private TileMap replayed(long mapId, long version) {
        return tx.execute(status -> {
            Versioned start = checkpoints.nearest(mapId, version)
                    .orElseGet(() -> new Versioned(0, genesis(mapId).blank()));
            TileMap map = start.map();
            long every = storage.checkpointEvery();
            // the last boundary passed is kept (the one nearest the version asked for): keeping each would write the
            // whole map once per boundary
            long keepAt = every > 0 && version - start.version() >= every ? version / every * every : -1;
            long reached = log.forEach(mapId, start.version(), version, entry -> {
                pasts.replay(mapId, entry, map);
                map.compact(storage.plainChunksPerLayer()); // as the cache holds maps: a long replay stays small
                if (entry.version() == keepAt) {
                    checkpoints.keep(mapId, entry.version(), map);
                }
            });
            if (reached < version) {
                throw Refused.invalidField("version", "Map " + mapId + " has no version " + version
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
        log.forEach(mapId, after, upTo, entry -> ops.add(log.op(entry)));
        return ops;
    }

    /** An op of the log with the version it made. */
    public record Logged(long version, MapOp op) {
    }

    /**
     * The ops after version {@code after} up to {@code upTo}, with their versions, oldest first; empty when there
     * are more than {@code most} of them or their JSON passes {@code maxBytes} (the caller then tells otherwise).
     */
    public Optional<List<Logged>> logged(long mapId, long after, long upTo, int most, long maxBytes) {
        if (upTo - after > most) {
            return Optional.empty();
        }
        List<Logged> ops = new ArrayList<>();
        long[] bytes = {0};
        long reached = log.forEachWhile(mapId, after, upTo, entry -> {
            bytes[0] += entry.op().length();
            if (bytes[0] > maxBytes) {
                return false;
            }
            ops.add(new Logged(entry.version(), log.op(entry)));
            return true;
        });
        return reached < upTo ? Optional.empty() : Optional.of(ops);
    }
}
