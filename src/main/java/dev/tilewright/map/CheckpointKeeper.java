package dev.tilewright.map;

import dev.tilewright.config.StorageProperties;
import dev.tilewright.system.BackgroundWork;
import dev.tilewright.system.Phase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Keeps checkpoints as maps grow, so that a past version is never much more than {@code checkpoint-every} versions
 * from one without waiting for a reader to pass it: once a map is that many versions past its last checkpoint, one is
 * kept of the map as it is then (a copy-on-write view taken under its lock in a moment, written outside it) on one
 * background thread. Writing a checkpoint of a large map takes a while, so each map waits 19 times as long as its
 * last one took before the next (a checkpoint due meanwhile is kept when the wait is over, edited or not):
 * checkpoints take at most a twentieth of a core, however fast a map is edited.
 */
@Component
class CheckpointKeeper extends BackgroundWork {

    private static final Logger log = LoggerFactory.getLogger(CheckpointKeeper.class);
    /** A map waits this many times its last checkpoint's duration before the next. */
    private static final int PAUSE = 19;

    private final MapReads reads;
    private final Checkpoints checkpoints;
    private final JdbcTemplate jdbc;
    private final long every;
    /** Per map: the version of its last checkpoint, and when (System.nanoTime) the next may start. Guarded by this. */
    private final Map<Long, long[]> kept = new HashMap<>();
    private final Set<Long> queued = new HashSet<>();
    private ScheduledExecutorService worker;

    CheckpointKeeper(MapReads reads, Checkpoints checkpoints, JdbcTemplate jdbc, StorageProperties storage) {
        super("checkpoints", Phase.WRITE_BACK);
        this.reads = reads;
        this.checkpoints = checkpoints;
        this.jdbc = jdbc;
        this.every = storage.checkpointEvery();
    }

    @Override
    protected void started() {
        worker = timer("keeper");
    }

    /** Heard under the map's lock after each commit: only numbers are compared here, the work is queued. */
    @EventListener
    void committed(OpsCommitted event) {
        if (every <= 0 || worker == null || event.entries().isEmpty()) {
            return;
        }
        long version = event.entries().get(event.entries().size() - 1).version();
        long mapId = event.mapId();
        long delay;
        synchronized (this) {
            long[] last = kept.get(mapId);
            if (queued.contains(mapId) || last != null && version - last[0] < every) {
                return;
            }
            queued.add(mapId);
            // due: now, or once the map's pause after its last checkpoint is over (edits may have stopped by then)
            delay = last == null ? 0 : Math.max(0, last[1] - System.nanoTime());
        }
        try {
            worker.schedule(() -> keep(mapId), delay, TimeUnit.NANOSECONDS);
        } catch (RuntimeException stopping) {
            forget(mapId);
        }
    }

    private void keep(long mapId) {
        try {
            long[] last;
            synchronized (this) {
                last = kept.get(mapId);
            }
            long lastVersion = last != null ? last[0] : lastKept(mapId);
            long started = System.nanoTime();
            Versioned view = reads.view(mapId);
            if (view.version() - lastVersion >= every) {
                checkpoints.keep(mapId, view.version(), view.map());
                lastVersion = view.version();
            }
            long took = System.nanoTime() - started;
            synchronized (this) {
                kept.put(mapId, new long[]{lastVersion, System.nanoTime() + PAUSE * took});
                queued.remove(mapId);
            }
        } catch (RuntimeException e) {
            // a deleted map, a database away: the next commit asks again
            log.debug("No checkpoint of map {} now: {}", mapId, e.toString());
            forget(mapId);
        }
    }

    private synchronized void forget(long mapId) {
        queued.remove(mapId);
        kept.remove(mapId);
    }

    private long lastKept(long mapId) {
        Long version = jdbc.queryForObject("SELECT max(version) FROM map_checkpoints WHERE map_id = ?", Long.class,
                mapId);
        return version == null ? 0 : version;
    }
}
