package dev.tilewright.webhooks;

import dev.tilewright.config.WebhooksProperties;
import dev.tilewright.system.BackgroundWork;
import dev.tilewright.system.Phase;
import dev.tilewright.web.ApiProblem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Sends webhook deliveries: every half second it takes the due ones (as many as it has free senders; taking one
 * leases it, so another instance on the same database does not send it too) and POSTs each, signed, to its webhook's
 * URL. A 2xx delivers it; anything else (a status, a refused destination, a timeout) is tried again after a pause
 * that doubles each time, until {@code max-attempts}. Redirects are not followed.
 */
@Component
class Deliverer extends BackgroundWork {

    /** The header with the signature: {@code sha256=<hex of HMAC-SHA256(secret, timestamp + "." + body)>}. */
    static final String SIGNATURE = "X-Tilewright-Signature";
    private static final Logger log = LoggerFactory.getLogger(Deliverer.class);
    private static final long MAX_PAUSE_MS = 3_600_000;

    private record Due(long id, String delivery, String event, String payload, int attempts, String url,
                       String secret) {
    }

    private final JdbcTemplate jdbc;
    private final WebhooksProperties properties;
    private final HttpClient http;
    private final Semaphore free;
    private ScheduledExecutorService timer;
    private ExecutorService senders;

    Deliverer(JdbcTemplate jdbc, WebhooksProperties properties) {
        super("webhooks", Phase.WRITE_BACK);
        this.jdbc = jdbc;
        this.properties = properties;
        this.free = new Semaphore(Math.max(1, properties.threads()));
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(properties.timeoutMs()))
                .followRedirects(HttpClient.Redirect.NEVER).build();
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
            List<Due> due = take(permits);
            free.release(permits - due.size());
            for (Due one : due) {
                senders.execute(() -> {
                    try {
                        send(one);
                    } finally {
                        free.release();
                    }
                });
            }
        } catch (RuntimeException e) {
            // a database away: the next round tries again
            log.debug("Webhook deliveries not taken: {}", e.toString());
        }
    }

    /** Takes up to {@code most} due deliveries, leasing them for twice an attempt's time. */
    private List<Due> take(int most) {
        return jdbc.query("UPDATE webhook_deliveries d SET next_attempt_at = now() + ? * interval '1 millisecond' "
                + "FROM webhooks w WHERE w.id = d.webhook_id AND d.id IN (SELECT id FROM webhook_deliveries WHERE "
                + "status = 'pending' AND next_attempt_at <= now() ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP "
                + "LOCKED) RETURNING d.id, d.delivery::text, d.event, d.payload, d.attempts, w.url, w.secret",
                (rs, row) -> new Due(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getInt(5),
                        rs.getString(6), rs.getString(7)), properties.timeoutMs() * 2, most);
    }

    private void send(Due due) {
        Integer status = null;
        String error = null;
        String response = null;
        try {
            URI uri = Destinations.check(due.url(), properties.allowLoopback(), properties.allowPrivate());
            String timestamp = Long.toString(System.currentTimeMillis() / 1000);
            HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofMillis(properties.timeoutMs()))
                    .header("Content-Type", "application/json").header("User-Agent", "Tilewright-Webhooks")
                    .header("X-Tilewright-Event", due.event()).header("X-Tilewright-Delivery", due.delivery())
                    .header("X-Tilewright-Timestamp", timestamp)
                    .header(SIGNATURE, "sha256=" + sign(due.secret(), timestamp, due.payload()))
                    .POST(HttpRequest.BodyPublishers.ofString(due.payload(), StandardCharsets.UTF_8)).build();
            HttpResponse<InputStream> answer = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            status = answer.statusCode();
            try (InputStream body = answer.body()) {
                response = new String(body.readNBytes(properties.maxResponseBytes()), StandardCharsets.UTF_8);
            }
        } catch (ApiProblem refused) {
            error = refused.toProblemDetail().getDetail();
        } catch (IOException e) {
            error = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            error = "interrupted (the service is stopping)";
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
