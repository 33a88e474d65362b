package dev.tilewright.history;

import dev.tilewright.config.HistoryProperties;
import dev.tilewright.config.LimitsProperties;
import dev.tilewright.config.StorageProperties;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.history.ChangeSummary;
import dev.tilewright.core.history.MapDiff;
import dev.tilewright.core.history.Restore;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.map.Author;
import dev.tilewright.map.MapEdits;
import dev.tilewright.map.MapHistory;
import dev.tilewright.map.MapReads;
import dev.tilewright.map.Pasts;
import dev.tilewright.map.OpLog;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.web.ETags;
import org.springframework.stereotype.Service;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a map's log as changes and takes a map back to a past version. Every page and every restore is bounded: a
 * page by the versions it looks at, the op JSON it reads and the cells it counts; a restore by the limits of one op
 * (it is one).
 */
@Service
public class HistoryService {

    /**
     * One change: versions {@code fromVersion..toVersion} by one author, and what they did.
     *
     * @param restored    the version a restore took the map back to (a restore is a change of its own), else null
     * @param complete    false when the change may reach back past the versions this page looked at
     * @param countedUpTo the last version counted when the page's budget ran out within this change, else null
     */
    public record Change(long fromVersion, long toVersion, Author author, Instant startedAt, Instant endedAt, long ops,
                         ChangeSummary.Summary summary, Long restored, boolean complete, Long countedUpTo,
                         String message) {
    }

    /**
     * A page of changes, newest first.
     *
     * @param next the {@code before} of the next (older) page; null when this page reaches the map's first version
     */
    public record Page(long mapId, long version, List<Change> changes, Long next) {
    }

    /**
     * A restore's outcome: the map's new version, or its version unchanged when it was at that version already.
     *
     * @param undo the op that undoes the restore (right after it), for an editor's undo; null when nothing changed
     */
    public record Restored(long version, long restored, int ops, boolean changed,
                           @com.fasterxml.jackson.annotation.JsonRawValue String undo) {
    }

    /** The log's note on a restore: this, then the version restored. */
    static final String RESTORE = "restore:";

    private final MapReads reads;
    private final Pasts pasts;
    private final MapHistory history;
    private final MapEdits edits;
    private final OpLog log;
    private final HistoryProperties properties;
    private final LimitsProperties limits;
    private final JsonMapper json;
    private final StorageProperties storage;

    HistoryService(MapReads reads, MapHistory history, MapEdits edits, OpLog log, HistoryProperties properties,
                   LimitsProperties limits, JsonMapper json, StorageProperties storage, Pasts pasts) {
        this.pasts = pasts;
        this.json = json;
        this.storage = storage;
        this.reads = reads;
        this.history = history;
        this.edits = edits;
        this.log = log;
        this.properties = properties;
        this.limits = limits;
    }

    /**
     * The changes before version {@code before} (null: all), newest first, at most {@code limit}; a pause of
     * {@code gapSeconds} (0 up to the configured {@code history.gap-seconds}; null: that) ends a run: a smaller one
     * opens a run into its parts, 0 into each version its author made apart.
     */
    public Page changes(long mapId, Long before, Integer limit, Integer gapSeconds) {
        if (gapSeconds != null && (gapSeconds < 0 || gapSeconds > properties.gapSeconds())) {
            throw Refused.invalidField("gap", "gap is the pause in seconds that ends a change, 0 to "
                    + properties.gapSeconds() + ".");
        }
        long gapMillis = (gapSeconds == null ? properties.gapSeconds() : gapSeconds) * 1000L;
        int count = limit == null ? properties.pageChanges() : limit;
        if (count < 1 || count > properties.maxChanges()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.history.max-changes",
                    properties.maxChanges(), "limit must be 1 or more and at most the page limit")
                    .with("field", "limit");
        }
        if (before != null && before < 1) {
            throw Refused.invalidField("before", "before is a version, 1 or more (the next page's is in `next`).");
        }
        TileMap now = reads.view(mapId).map();
        long current = reads.version(mapId);
        long upTo = before == null ? current + 1 : Math.min(before, current + 1);
        List<OpLog.Run> runs = log.runs(mapId, upTo, properties.scanVersions(), gapMillis, count);
        if (runs.size() > 1 && !runs.get(runs.size() - 1).complete()) {
            // the oldest run may reach back past the versions looked at: the next page has it whole
            runs = runs.subList(0, runs.size() - 1);
        }
        long[] budget = {properties.maxReadBytes(), properties.maxCells()};
        List<Change> changes = new ArrayList<>(runs.size());
        for (OpLog.Run run : runs) {
            changes.add(counted(mapId, run, now, budget));
        }
        Long next = changes.isEmpty() || changes.get(changes.size() - 1).fromVersion() <= 1 ? null
                : changes.get(changes.size() - 1).fromVersion();
        return new Page(mapId, current, changes, next);
    }

    /** A run counted op by op while the page's budget lasts (what it could not count is said, not guessed). */
    private Change counted(long mapId, OpLog.Run run, TileMap now, long[] budget) {
        ChangeSummary summary = new ChangeSummary();
        long reached = log.forEachWhile(mapId, run.fromVersion() - 1, run.toVersion(), entry -> {
            if (budget[0] <= 0 || budget[1] <= summary.work()) {
                return false;
            }
            budget[0] -= entry.op().length();
            summary.add(log.op(entry));
            return true;
        });
        budget[1] -= summary.work();
        String name = run.author() == null ? null : run.author().name();
        ChangeSummary.Summary said = summary.summary(name, id -> layerName(now, id));
        // a map's making and a restore are read as one: what they did to cells and objects is in the counts
        String whole = run.fromVersion() == 1 ? "made the map"
                : run.note() != null && run.note().startsWith(RESTORE)
                ? "restored version " + run.note().substring(RESTORE.length()) : null;
        if (whole != null) {
            said = new ChangeSummary.Summary(name == null ? whole : name + ": " + whole, said.layers(),
                    said.mapChanged(), said.gridChanged(), said.tilesetsAdded(), said.tilesetsRemoved(),
                    said.mapProperties(), said.ops());
        }
        return new Change(run.fromVersion(), run.toVersion(), run.author(), run.startedAt(), run.endedAt(), run.ops(),
                said, run.note() != null && run.note().startsWith(RESTORE)
                ? Long.valueOf(run.note().substring(RESTORE.length())) : null, run.complete(),
                reached < run.toVersion() ? reached : null,
                run.note() == null || run.note().startsWith(RESTORE) ? null : run.note());
    }

    private static String layerName(TileMap map, int id) {
        for (Layer layer : map.layers()) {
            if (layer.id() == id) {
                return layer.attributes().name();
            }
        }
        return null;
    }

    /** What differs between two versions of a map. */
    public record Compared(long mapId, long from, long to, MapDiff.Diff diff) {
    }

    /** Two versions of a map, {@code a} at {@code from} and {@code b} at {@code to}, read-only. */
    public record Pair(long from, long to, TileMap a, TileMap b) {
    }

    /**
     * Versions {@code from} and {@code to} (null: the current one) of a map. The older is rebuilt from its checkpoint
     * (or kept from a read a moment ago); the newer, when it is near, by going on from a copy of the older, else from
     * its own checkpoint, or is the map as it is now.
     */
    public Pair pair(long mapId, long from, Long to) {
        long current = reads.version(mapId);
        long until = to == null ? current : to;
        for (long[] v : new long[][]{{from, 0}, {until, 1}}) {
            if (v[0] < 1 || v[0] > current) {
                throw Refused.invalidField(v[1] == 0 ? "from" : "to", "Map " + mapId + " has versions 1.." + current
                        + ", not " + v[0] + ".");
            }
        }
        long older = Math.min(from, until);
        long newer = Math.max(from, until);
        TileMap first = history.snapshot(mapId, older == current ? null : older).map();
        TileMap second;
        if (newer - older <= Math.max(1, storage.checkpointEvery())) {
            TileMap map = history.copy(first);
            log.forEach(mapId, older, newer, entry -> pasts.replay(mapId, entry, map));
            second = map;
        } else {
            second = history.snapshot(mapId, newer == current ? null : newer).map();
        }
        return from <= until ? new Pair(from, until, first, second) : new Pair(from, until, second, first);
    }

    /** What differs from version {@code from} to version {@code to} (null: the current one). */
    public Compared diff(long mapId, long from, Long to) {
        Pair pair = pair(mapId, from, to);
        return new Compared(mapId, pair.from(), pair.to(), MapDiff.between(pair.a(), pair.b(), properties.maxDiffCells()));
    }

    /**
     * Makes the map equal to what it was at {@code version}: one new op (a batch undoing every version after it,
     * attributed to {@code author}, undoable and relayed like any other), against the version {@code ifMatch} names.
     */
    public Restored restore(long mapId, long version, String ifMatch, Author author) {
        long current = reads.version(mapId);
        ETags.requireMatch(ifMatch, current);
        if (version < 1 || version > current) {
            throw Refused.invalidField("version", "Map " + mapId + " has versions 1.." + current + ", not "
                    + version + ".");
        }
        if (version == current) {
            return new Restored(current, version, 0, false, null);
        }
        Restore restore = new Restore(history.replay(mapId, version));
        log.forEach(mapId, version, current, entry -> {
            restore.replay(log.op(entry), map -> pasts.of(mapId, entry.version() - 1, map));
            if (restore.ops() > limits.maxOpsPerRequest()) {
                throw tooFar("tilewright.limits.max-ops-per-request", limits.maxOpsPerRequest(), "Undoing the "
                        + "versions after " + version + " takes more than " + limits.maxOpsPerRequest()
                        + " ops besides cells (layers, objects, properties)", version);
            }
        });
        Restore.Result worked;
        try {
            worked = restore.op(limits.maxCellsPerOp());
        } catch (Restore.TooLarge e) {
            throw tooFar("tilewright.limits.max-cells-per-op", limits.maxCellsPerOp(), "Putting back the cells that "
                    + "changed since version " + version + " writes " + e.cells() + " cells", version);
        }
        MapOp op = worked.op();
        if (worked.op().ops().isEmpty()) {
            // the versions since changed nothing that stayed: the map equals that version already
            return new Restored(current, version, 0, false, null);
        }
        MapEdits.Done result = edits.apply(mapId, v -> ETags.requireMatch(ifMatch, v), null, null, op, author,
                RESTORE + version).done();
        return new Restored(result.version(), version, op.opCount(), true, json.writeValueAsString(worked.undo()));
    }

    private static Refused tooFar(String property, long limit, String what, long version) {
        return Refused.overLimit(Refusal.Kind.TOO_LARGE, property, limit, what + "; a restore is one op, "
                + "held to the limits of one: raise the limit, or export that version and import it as a new map")
                .with("field", "version").with("version", version);
    }
}
