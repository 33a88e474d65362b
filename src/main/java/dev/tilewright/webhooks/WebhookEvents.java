package dev.tilewright.webhooks;

import dev.tilewright.checks.ChecksRan;
import dev.tilewright.config.WebhooksProperties;
import dev.tilewright.core.history.MapDiff;
import dev.tilewright.history.HistoryService;
import dev.tilewright.map.MapReads;
import dev.tilewright.map.OpsCommitted;
import dev.tilewright.review.Reviews;
import dev.tilewright.review.ThreadChanged;
import dev.tilewright.system.BackgroundWork;
import dev.tilewright.system.Phase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * What webhooks hear: {@code map.changed} once a map's edits paused for {@code debounce-ms} (or after six times that
 * of steady editing), with the versions since the last one and what the diff counts; {@code map.checks} with a run's
 * results; {@code thread.created} and {@code comment.created}. Each goes to the {@link Webhooks} of the map's project
 * that want it. Only what happened on this instance is sent from here (each instance sends its own).
 */
@Component
class WebhookEvents extends BackgroundWork {

    private static final Logger log = LoggerFactory.getLogger(WebhookEvents.class);

    /** A map's edits not yet told: from the version before the first to the last, since when, and the timer. */
    private static final class Pending {
        long from;
        long to;
        long since;
        ScheduledFuture<?> timer;
    }

    private final Webhooks webhooks;
    private final MapReads reads;
    private final HistoryService history;
    private final JdbcTemplate jdbc;
    private final WebhooksProperties properties;
    private final Map<Long, Pending> pending = new HashMap<>();
    private ScheduledExecutorService timer;

    WebhookEvents(Webhooks webhooks, MapReads reads, HistoryService history, JdbcTemplate jdbc,
                  WebhooksProperties properties) {
        super("webhook-events", Phase.WRITE_BACK);
        this.webhooks = webhooks;
        this.reads = reads;
        this.history = history;
        this.jdbc = jdbc;
        this.properties = properties;
    }

    @Override
    protected void started() {
        timer = timer("debounce");
    }

    /** Heard under the map's lock: only the versions are noted and the telling is (re)scheduled. */
    @EventListener
    void committed(OpsCommitted event) {
        if (timer == null || event.entries().isEmpty()) {
            return;
        }
        long mapId = event.mapId();
        long now = System.nanoTime();
        synchronized (pending) {
            Pending p = pending.get(mapId);
            if (p == null) {
                p = new Pending();
                p.from = event.entries().get(0).version() - 1;
                p.since = now;
                pending.put(mapId, p);
            } else if (p.timer != null) {
                if (now - p.since > TimeUnit.MILLISECONDS.toNanos(6 * properties.debounceMs())) {
                    p.to = event.entries().get(event.entries().size() - 1).version();
                    return; // steady editing: the timer already set fires; these versions go along
                }
                p.timer.cancel(false);
            }
            p.to = event.entries().get(event.entries().size() - 1).version();
            try {
                p.timer = timer.schedule(() -> tell(mapId), properties.debounceMs(), TimeUnit.MILLISECONDS);
            } catch (RuntimeException stopping) {
                pending.remove(mapId);
            }
        }
    }

    private void tell(long mapId) {
        Pending p;
        synchronized (pending) {
            p = pending.remove(mapId);
        }
        if (p == null) {
            return;
        }
        try {
            long projectId = reads.project(mapId);
            if (!wanted(projectId, "map.changed")) {
                return;
            }
            HistoryService.Pair pair = history.pair(mapId, Math.max(1, p.from), p.to);
            MapDiff.Counts counts = MapDiff.between(pair.a(), pair.b(), 0).counts();
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("mapId", mapId);
            body.put("fromVersion", Math.max(1, p.from));
            body.put("toVersion", p.to);
            body.put("counts", counts);
            webhooks.queue(projectId, "map.changed", body);
        } catch (RuntimeException e) {
            log.debug("map.changed of map {} not queued: {}", mapId, e.toString());
        }
    }

    @EventListener
    void checksRan(ChecksRan event) {
        try {
            long projectId = reads.project(event.mapId());
            long failed = event.results().stream().filter(r -> !r.passed()).count();
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("mapId", event.mapId());
            body.put("version", event.version());
            body.put("passed", event.results().size() - failed);
            body.put("failed", failed);
            body.put("results", event.results());
            webhooks.queue(projectId, "map.checks", body);
        } catch (RuntimeException e) {
            log.debug("map.checks of map {} not queued: {}", event.mapId(), e.toString());
        }
    }

    /** A thread made or a comment added here (an edit, a deletion and another instance's changes are not events). */
    @EventListener
    void threadChanged(ThreadChanged event) {
        Reviews.Frame frame = event.frame();
        if (frame.removed() || frame.comment() == null || frame.comment().editedAt() != null) {
            return;
        }
        try {
            boolean made = frame.thread().commentCount() == 1;
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("mapId", event.mapId());
            body.put("thread", frame.thread());
            body.put("comment", frame.comment());
            webhooks.queue(reads.project(event.mapId()), made ? "thread.created" : "comment.created", body);
        } catch (RuntimeException e) {
            log.debug("A thread event of map {} not queued: {}", event.mapId(), e.toString());
        }
    }

    private boolean wanted(long projectId, String event) {
        return !jdbc.queryForList("SELECT 1 FROM webhooks WHERE project_id = ? AND ? = ANY (events) LIMIT 1",
                Integer.class, projectId, event).isEmpty();
    }
}
