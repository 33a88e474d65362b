package dev.tilewright.map;

import dev.tilewright.config.LimitsProperties;
import dev.tilewright.config.StorageProperties;
import dev.tilewright.core.edit.AddTileset;
import dev.tilewright.core.edit.Applied;
import dev.tilewright.core.edit.Batch;
import dev.tilewright.core.edit.InvalidOpException;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.Past;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.tileset.StoredTileset;
import dev.tilewright.tileset.TilesetService;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongConsumer;

/**
 * The one edit path. {@link #apply} takes the map's row lock in PostgreSQL (one total order per map, across
 * instances), answers a repeated (clientId, clientSeq) with its original result, checks the caller's
 * precondition, applies the op to the cached map, appends it to the op log with the next version and writes back
 * the changed rows, all in one transaction: an op is acknowledged only once it is committed. After the commit, still
 * under the map's lock, {@link OpsCommitted} goes to listeners in version order.
 */
@Service
public class MapEdits {

    private static final Logger logger = LoggerFactory.getLogger(MapEdits.class);

    /** One change sent by a client, for {@link #applyAll}, who sent it, and a note for the log (null: none). */
    public record Submitted(String clientId, Long clientSeq, MapOp op, Author author, String note) {

        public Submitted(String clientId, Long clientSeq, MapOp op, Author author) {
            this(clientId, clientSeq, op, author, null);
        }
    }

    /**
     * What became of one submitted change, for every caller alike (REST and live): committed as a new version,
     * repeated (its (clientId, clientSeq) was applied before: answered as then, nothing applied now), or refused
     * (nothing changed).
     */
    public sealed interface Outcome permits Done, Declined {

        /** The change done, or its refusal thrown: for callers that answer a refusal by throwing it. */
        default Done done() {
            if (this instanceof Declined declined) {
                throw declined.refusal().refused();
            }
            return (Done) this;
        }
    }

    /** A change the map holds: the version it made and its op as logged (JSON, ids assigned). */
    public sealed interface Done extends Outcome permits Committed, Repeated {
        long version();

        String op();

        default boolean repeated() {
            return this instanceof Repeated;
        }
    }

    public record Committed(long version, String op) implements Done {
    }

    public record Repeated(long version, String op) implements Done {
    }

    /**
     * A refused change.
     *
     * @param inOp whether the refusal's field is a path in the op itself (the map refused the op), which a live frame
     *             names under {@code op.}; else it names the request's field (a limit, the precondition, the map)
     */
    public record Declined(Refusal refusal, boolean inOp) implements Outcome {
    }

    private final MapCache cache;
    private final MapRows rows;
    private final OpLog log;
    private final TilesetService tilesets;
    private final EditLimits limits;
    private final TransactionTemplate tx;
    private final MapFeed feed;
    private final ApplicationEventPublisher events;
    private final List<DerivedLayers> derived;

    /** Edits filling or writing at least this many cells keep the map before them as a past version (see commit). */
    static final long KEEP_BEFORE_CELLS = 64L * TileLayer.CHUNK_CELLS;

    private final Pasts pasts;
    private final PastVersions pastVersions;

    MapEdits(MapCache cache, MapRows rows, OpLog log, TilesetService tilesets, LimitsProperties limits,
             TransactionTemplate tx, MapFeed feed, ApplicationEventPublisher events, List<DerivedLayers> derived,
             Pasts pasts, PastVersions pastVersions) {
        this.pasts = pasts;
        this.pastVersions = pastVersions;
        this.derived = List.copyOf(derived);
        this.cache = cache;
        this.rows = rows;
        this.log = log;
        this.tilesets = tilesets;
        this.limits = new EditLimits(limits);
        this.tx = tx;
        this.feed = feed;
        this.events = events;
    }

    /**
     * Applies one change through the edit path.
     *
     * @param precondition called with the current version before anything is applied; throws to refuse
     * @param clientId     with clientSeq, identifies the change so a resend is answered, not applied again
     */
    public Outcome apply(long mapId, LongConsumer precondition, String clientId, Long clientSeq, MapOp requested,
                         Author author) {
        return apply(mapId, precondition, clientId, clientSeq, requested, author, null);
    }

    /** As {@link #apply(long, LongConsumer, String, Long, MapOp, Author)}, with a note the log keeps with the op. */
    public Outcome apply(long mapId, LongConsumer precondition, String clientId, Long clientSeq, MapOp requested,
                         Author author, String note) {
        if ((clientId == null) != (clientSeq == null)) {
            return new Declined(Refused.invalidField(clientId == null ? "clientId" : "clientSeq",
                    "Send clientId and clientSeq together (or neither).").refusal(), false);
        }
        return new Commit(mapId, precondition, List.of(new Submitted(clientId, clientSeq, requested, author, note)),
                true).run().get(0);
    }

    /**
     * Applies several clients' changes in order in one transaction (group commit): each gets its own version and log
     * row, or is refused on its own without touching the others; a repeated (clientId, clientSeq) gets its original
     * result. Nothing is answered before the commit; a failing commit fails them all (thrown). The map's rows are
     * written back behind the log (see {@link StorageProperties#writeBehindOps()}).
     */
    public List<Outcome> applyAll(long mapId, List<Submitted> changes) {
        return new Commit(mapId, version -> { }, changes, false).run();
    }

    /**
     * A new map's first op (version 1), in the creating transaction: nobody can know the map yet, so there is
     * nothing to lock, repeat or tell; of the limits only the layers per map apply (an import's size is held to the
     * import's own limits).
     */
    void applyFirst(long mapId, MapCache.Cached created, MapOp first, Author author) {
        limits.checkText(first);
        Refused tooMany = limits.layersOverLimit(created.map(), first);
        if (tooMany != null) {
            throw tooMany;
        }
        Applied applied = withTileCounts(first, "", created::projectId).resolve(Past.NONE).applyTo(created.map());
        log.append(mapId, List.of(new OpLog.Entry(1, null, null, log.json(applied.op()), null, author)));
        cache.committed(mapId, created, 1, true); // stored: nothing left to run
    }

    /**
     * One commit of the edit path, step by step: each change checked on its own ({@link #checkEach}); then, under the
     * map's lock and in one transaction, the map's row locked, resends answered as before ({@link #repeat}), the
     * caller's precondition met once ({@link #admit}), each new change applied to the cached map and logged
     * ({@link #applyOne}), and the log appended with the map's new version ({@link #append}); after the commit the
     * listeners told ({@link #publish}). A refusal of the whole (the map gone, the precondition) refuses every change
     * not answered yet; a failure (the database) is thrown and the cached map dropped.
     */
    private final class Commit {

        private final long mapId;
        private final LongConsumer precondition;
        private final List<Submitted> changes;
        private final boolean storeNow;
        private final Outcome[] outcomes;
        private final MapOp[] ops;
        private long project = -1;
        private long version;
        private MapCache.Cached cached;
        private Map<OpLog.Key, OpLog.Entry> earlier;
        private final List<OpLog.Entry> appended = new ArrayList<>();
        /** The map's name after the commit when one of its ops renamed it, else null. */
        private String renamed;

        Commit(long mapId, LongConsumer precondition, List<Submitted> changes, boolean storeNow) {
            this.mapId = mapId;
            this.precondition = precondition;
            this.changes = changes;
            this.storeNow = storeNow;
            this.outcomes = new Outcome[changes.size()];
            this.ops = new MapOp[changes.size()];
        }

        List<Outcome> run() {
            checkEach();
            try {
                ReentrantLock lock = cache.enter(mapId);
                try {
                    tx.executeWithoutResult(status -> {
                        version = rows.lockVersion(mapId);
                        earlier = log.find(mapId, changes.stream().filter(c -> c.clientId() != null)
                                .map(c -> new OpLog.Key(c.clientId(), c.clientSeq())).toList());
                        for (int i = 0; i < ops.length; i++) {
                            if (outcomes[i] == null && !repeat(i)) {
                                admit();
                                applyOne(i);
                            }
                        }
                        append();
                    });
                    publish();
                } catch (RuntimeException failed) {
                    if (!(failed instanceof Refused) || !appended.isEmpty()) {
                        cache.evict(mapId); // the cached map may hold what the transaction did not keep
                    }
                    throw failed;
                } finally {
                    lock.unlock();
                }
            } catch (Refused whole) {
                // the map gone or busy, the precondition not met: nothing of the commit was stored, so every change
                // not refused on its own is refused with it (a repeat stands: it was stored before)
                Declined refused = new Declined(whole.refusal(), false);
                for (int i = 0; i < outcomes.length; i++) {
                    if (outcomes[i] == null || outcomes[i] instanceof Committed) {
                        outcomes[i] = refused;
                    }
                }
            }
            return Arrays.asList(outcomes);
        }

        /** Each change's own limits, and its tilesets' tile counts from the store: before anything is locked. */
        private void checkEach() {
            for (int i = 0; i < ops.length; i++) {
                try {
                    limits.checkSize(changes.get(i).op());
                    ops[i] = withTileCounts(changes.get(i).op(), "", this::project);
                } catch (Refused refused) {
                    outcomes[i] = new Declined(refused.refusal(), false);
                }
            }
        }

        private long project() {
            return project >= 0 ? project : (project = rows.project(mapId));
        }

        /** A change sent before (its clientId, clientSeq logged) is answered with its original version and op. */
        private boolean repeat(int i) {
            OpLog.Key key = key(changes.get(i));
            OpLog.Entry before = key == null ? null : earlier.get(key);
            if (before != null) {
                outcomes[i] = new Repeated(before.version(), before.op());
            }
            return before != null;
        }

        /** The first new change meets the caller's precondition (a resend is answered whatever it says) and reads the map. */
        private void admit() {
            if (cached == null) {
                precondition.accept(version);
                cached = cache.at(mapId, version);
            }
        }

        /** A change applied to the cached map (with what derived layers make of it) and queued for the log. */
        private void applyOne(int i) {
            Refused tooMany = limits.layersOverLimit(cached.map(), ops[i]);
            if (tooMany == null) {
                tooMany = limits.intGridOverLimit(cached.map(), ops[i]);
            }
            if (tooMany != null) {
                outcomes[i] = new Declined(tooMany.refusal(), false);
                return;
            }
            Submitted change = changes.get(i);
            try {
                long now = version + appended.size();
                MapOp op = ops[i].resolve(pasts.of(mapId, now, version, cached.map()));
                // the map before a region edit is kept as a past version (a view: it holds only what the edit
                // replaces), so its undo, a restoreCells naming it, takes those chunks by reference
                TileMap unedited = appended.isEmpty() && op.fillCells() + op.cellCount() >= KEEP_BEFORE_CELLS
                        ? cached.map().view() : null;
                String name = cached.map().name();
                Applied applied = withDerived(op.applyTo(cached.map()), cached.map(), this::project);
                if (!name.equals(cached.map().name())) {
                    try {
                        rows.claimName(project(), cached.map().name(), mapId);
                    } catch (Refused taken) {
                        applied.inverse().applyTo(cached.map());
                        throw taken;
                    }
                    renamed = cached.map().name();
                }
                if (unedited != null) {
                    pastVersions.keep(mapId, now, unedited);
                }
                OpLog.Entry logged = new OpLog.Entry(now + 1, change.clientId(), change.clientSeq(),
                        log.json(applied.op()), null, change.author(), change.note());
                appended.add(logged);
                outcomes[i] = new Committed(logged.version(), logged.op());
                OpLog.Key key = key(change);
                if (key != null) {
                    earlier.put(key, logged); // the same change twice in one group: the second is a repeat
                }
            } catch (InvalidOpException refused) {
                outcomes[i] = new Declined(Refused.invalidField(refused.field(), refused.getMessage()).refusal(), true);
            } catch (Refused refused) {
                // a past version the op names cannot be rebuilt now, or a derived layer refuses: the map is as before
                outcomes[i] = new Declined(refused.refusal(), false);
            }
        }

        /** The queued ops appended to the log, the map's version moving on and the others told with it: one round trip. */
        private void append() {
            if (appended.isEmpty()) {
                return;
            }
            long last = appended.get(appended.size() - 1).version();
            List<SqlStep> alongside = new ArrayList<>(3);
            if (renamed != null) {
                alongside.add(MapRows.renaming(mapId, renamed));
            }
            cache.committed(mapId, cached, last, storeNow).ifPresent(alongside::add);
            feed.announcing(mapId, last).ifPresent(alongside::add);
            log.append(mapId, appended, alongside);
        }

        /** After the commit, still under the map's lock: listeners get each map's ops in version order. */
        private void publish() {
            if (appended.isEmpty()) {
                return;
            }
            try {
                events.publishEvent(new OpsCommitted(mapId, List.copyOf(appended)));
            } catch (RuntimeException listenerFailed) {
                // committed all the same: the answer stands (a live room that missed it catches up from the log)
                logger.warn("A listener of map {}'s commit up to version {} failed", mapId,
                        appended.get(appended.size() - 1).version(), listenerFailed);
            }
        }

        private static OpLog.Key key(Submitted change) {
            return change.clientId() == null ? null : new OpLog.Key(change.clientId(), change.clientSeq());
        }
    }

    /**
     * The applied op followed by what derived layers make of it, as one batch (the sent op's own ops first, so a
     * client finds what it sent at the start); unchanged when no derived layer changes. A derived op the map refuses
     * takes the applied op back and refuses the change.
     */
    private Applied withDerived(Applied applied, TileMap map, java.util.function.LongSupplier project) {
        for (DerivedLayers layers : derived) {
            MapOp follow;
            try {
                follow = layers.follow(project, map, applied.op());
            } catch (RuntimeException refused) {
                applied.inverse().applyTo(map);
                throw refused;
            }
            if (follow == null) {
                continue;
            }
            Applied more;
            try {
                more = follow.applyTo(map);
            } catch (InvalidOpException refused) {
                applied.inverse().applyTo(map);
                throw new InvalidOpException("op", "The change would make an auto-layer invalid: "
                        + refused.getMessage());
            }
            List<MapOp> ops = new ArrayList<>(applied.op() instanceof Batch b ? b.ops() : List.of(applied.op()));
            ops.add(more.op());
            applied = new Applied(new Batch(ops), new Batch(List.of(more.inverse(), applied.inverse())));
        }
        return applied;
    }

    /** The op with each addTileset's tile count taken from the stored tileset (which must exist). */
    private MapOp withTileCounts(MapOp op, String path, java.util.function.LongSupplier project) {
        if (op instanceof Batch batch) {
            List<MapOp> ops = new ArrayList<>(batch.ops().size());
            for (int i = 0; i < batch.ops().size(); i++) {
                ops.add(withTileCounts(batch.ops().get(i), path + "ops[" + i + "].", project));
            }
            return new Batch(ops);
        }
        if (op instanceof AddTileset add) {
            StoredTileset found;
            try {
                found = tilesets.get(add.tilesetId());
            } catch (Refused missing) {
                throw Refused.invalidField(path + "tilesetId", "There is no tileset " + add.tilesetId()
                        + "; upload it first (POST /api/v1/tilesets).");
            }
            tilesets.checkSameProject(found, project.getAsLong(), path + "tilesetId");
            Tileset stored = found.tileset();
            if (add.tileCount() != null && add.tileCount() != stored.tileCount()) {
                throw Refused.invalidField(path + "tileCount", "Tileset " + add.tilesetId() + " has "
                        + stored.tileCount() + " tiles, not " + add.tileCount() + " (or leave tileCount out).");
            }
            return new AddTileset(add.tilesetId(), add.firstGid(), stored.tileCount());
        }
        return op;
    }
}
