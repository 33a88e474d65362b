package dev.tilewright.webhooks;

import dev.tilewright.config.WebhooksProperties;
import dev.tilewright.system.BackgroundWork;
import dev.tilewright.system.Phase;
import dev.tilewright.core.refusal.Refused;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Sends webhook deliveries: every half second (and as soon as a sender is free) it takes the due ones — as many as
 * it has free senders, at most {@code threads-per-project} of one project at a time, so a slow or hostile receiver
 * delays only its own project's deliveries; taking one leases it, so another instance on the same database does not
 * send it too — and POSTs each, signed, to the address its URL was checked to have ({@link PinnedPost}). An attempt
 * is bounded as a whole by {@code timeout-ms} and its answer by bytes. A 2xx delivers it; anything else (a status,
 * a refused destination, a timeout) is tried again after a pause that doubles each time, until {@code max-attempts}.
 * Redirects are not followed.
 */
@Component
class Deliverer extends BackgroundWork {

    /** The header with the signature: {@code sha256=<hex of HMAC-SHA256(secret, timestamp + "." + body)>}. */
    static final String SIGNATURE = "X-Tilewright-Signature";
    private static final Logger log = LoggerFactory.getLogger(Deliverer.class);
    private static final long MAX_PAUSE_MS = 3_600_000;
    /** Due deliveries looked at per round to find ones of projects not already at their share. */
    private static final int LOOK_AHEAD = 256;

    private record Due(long id, long projectId, String delivery, String event, String payload, int attempts,
                       String url, String secret) {
    }

    private final JdbcTemplate jdbc;
    private final WebhooksProperties properties;
    private final Semaphore free;
    /** Deliveries being sent from this instance, per project. */
    private final Map<Long, Integer> sending = new HashMap<>();
    private ScheduledExecutorService timer;
    private ExecutorService senders;

    Deliverer(JdbcTemplate jdbc, WebhooksProperties properties) {
        super("webhooks", Phase.WRITE_BACK);
        this.jdbc = jdbc;
        this.properties = properties;
        this.free = new Semaphore(Math.max(1, properties.threads()));
    }

    @Override
    protected void started() {
        senders = fixedPool("send", Math.max(1, properties.threads()));
        timer = timer("due");
        timer.scheduleWithFixedDelay(this::sendDue, 500, 500, TimeUnit.MILLISECONDS);
    }

    private void sendDue() {
        try {
            int permits = free.drainPermits();
            if (permits == 0) {
                return;
            }
            List<Due> due = List.of();
            try {
                due = take(permits);
            } finally {
                free.release(permits - due.size());
            }
            for (Due one : due) {
                senders.execute(() -> {
                    try {
                        send(one);
                    } finally {
                        done(one.projectId());
                        free.release();
                        again();
                    }
                });
            }
        } catch (RuntimeException e) {
            // a database away, or stopping: the next round tries again
            log.debug("Webhook deliveries not taken: {}", e.toString());
        }
    }

    /** A sender is free: look for more at once rather than at the next round. */
    private void again() {
        try {
            timer.execute(this::sendDue);
        } catch (RuntimeException stopping) {
            // the timer has stopped with the service
        }
    }

    /**
     * Takes up to {@code most} due deliveries, oldest first, leaving out projects at their share here and taking at
     * most their share of the others; leases them for twice an attempt's time. The lease re-checks that each is
     * still due, so two instances never take the same one.
     */
    private List<Due> take(int most) {
        Map<Long, Integer> busy;
        synchronized (sending) {
            busy = new HashMap<>(sending);
        }
        int share = Math.max(1, properties.threadsPerProject());
        List<long[]> candidates = jdbc.query("SELECT d.id, w.project_id FROM webhook_deliveries d JOIN webhooks w ON "
                + "w.id = d.webhook_id WHERE d.status = 'pending' AND d.next_attempt_at <= now() ORDER BY "
                + "d.next_attempt_at LIMIT ?", (rs, row) -> new long[] {rs.getLong(1), rs.getLong(2)}, LOOK_AHEAD);
        List<Long> chosen = new ArrayList<>();
        for (long[] candidate : candidates) {
            if (chosen.size() == most) {
                break;
            }
            if (busy.merge(candidate[1], 1, Integer::sum) <= share) {
                chosen.add(candidate[0]);
            }
        }
        if (chosen.isEmpty()) {
            return List.of();
        }
        List<Due> taken = jdbc.query(connection -> {
            PreparedStatement statement = connection.prepareStatement("UPDATE webhook_deliveries d SET "
                    + "next_attempt_at = now() + ? * interval '1 millisecond' FROM webhooks w WHERE w.id = "
                    + "d.webhook_id AND d.id = ANY (?) AND d.status = 'pending' AND d.next_attempt_at <= now() "
                    + "RETURNING d.id, w.project_id, d.delivery::text, d.event, d.payload, d.attempts, w.url, w.secret");
            statement.setLong(1, properties.timeoutMs() * 2);
            statement.setArray(2, connection.createArrayOf("bigint", chosen.toArray()));
            return statement;
        }, (rs, row) -> new Due(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5),
                rs.getInt(6), rs.getString(7), rs.getString(8)));
        synchronized (sending) {
            taken.forEach(one -> sending.merge(one.projectId(), 1, Integer::sum));
        }
        return taken;
    }

    private void done(long projectId) {
        synchronized (sending) {
            sending.computeIfPresent(projectId, (project, n) -> n > 1 ? n - 1 : null);
        }
    }

    private void send(Due due) {
        Integer status = null;
        String error = null;
        String response = null;
        try {
            Destinations.Destination to = Destinations.resolve(due.url(), properties.allowLoopback(),
                    properties.allowPrivate());
            String timestamp = Long.toString(System.currentTimeMillis() / 1000);
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("Content-Type", "application/json");
            headers.put("User-Agent", "Tilewright-Webhooks");
            headers.put("X-Tilewright-Event", due.event());
            headers.put("X-Tilewright-Delivery", due.delivery());
            headers.put("X-Tilewright-Timestamp", timestamp);
            headers.put(SIGNATURE, "sha256=" + sign(due.secret(), timestamp, due.payload()));
            PinnedPost.Answer answer = PinnedPost.send(to.uri(), to.address(), headers,
                    due.payload().getBytes(StandardCharsets.UTF_8), new PinnedPost.Bounds(properties.timeoutMs(),
                            properties.maxResponseHeaderBytes(), properties.maxResponseBytes()));
            status = answer.status();
            response = answer.body();
        } catch (Refused refused) {
            error = refused.getMessage();
        } catch (IOException | RuntimeException e) {
            error = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        }
        record(due, status, error, response);
    }
    private void record(Due due, Integer status, String error, String response) {
        int attempts = due.attempts() + 1;
        try {
            if (status != null && status >= 200 && status < 300) {
                jdbc.update("UPDATE webhook_deliveries SET status = 'delivered', attempts = ?, last_status_code = ?, "
                        + "last_error = NULL, last_response = ?, delivered_at = now() WHERE id = ?", attempts, status,
                        response, due.id());
                return;
            }
            boolean last = attempts >= properties.maxAttempts();
            long pause = Math.min(MAX_PAUSE_MS, properties.retryBaseMs() << Math.min(20, attempts - 1));
            jdbc.update("UPDATE webhook_deliveries SET status = ?, attempts = ?, last_status_code = ?, last_error = ?, "
                    + "last_response = ?, next_attempt_at = now() + ? * interval '1 millisecond' WHERE id = ?",
                    last ? "failed" : "pending", attempts, status, error, response, pause, due.id());
        } catch (RuntimeException e) {
            // the lease runs out and the delivery is taken again
            log.debug("Webhook delivery {} not recorded: {}", due.id(), e.toString());
        }
    }

    /** HMAC-SHA256 of {@code timestamp + "." + body} with the webhook's secret, as hex. */
    static String sign(String secret, String timestamp, String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal((timestamp + "." + body).getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java", e);
        }
    }
}
