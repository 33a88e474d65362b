package dev.tilewright.webhooks;

import dev.tilewright.config.WebhooksProperties;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * A project's webhooks and their deliveries, as PostgreSQL keeps them (V22): made, listed, deleted; an event queued
 * as one delivery per webhook that wants it (the {@link Deliverer} sends them); a delivery sent again on demand.
 */
@Component
class Webhooks {

    /** The events a webhook may want. */
    static final Set<String> EVENTS = Set.of("map.changed", "map.checks", "thread.created", "comment.created");

    /** A webhook as listed: never its secret. */
    record Hook(long id, long projectId, String url, List<String> events, Instant createdAt) {
    }

    /** One delivery and what came of it. */
    record Delivery(long id, long webhookId, String delivery, String event, String status, int attempts,
                    Instant nextAttemptAt, Integer lastStatusCode, String lastError, String lastResponse,
                    Instant createdAt, Instant deliveredAt, Object payload) {
    }

    private final JdbcTemplate jdbc;
    private final JsonMapper json;
    private final WebhooksProperties properties;

    Webhooks(JdbcTemplate jdbc, JsonMapper json, WebhooksProperties properties) {
        this.jdbc = jdbc;
        this.json = json;
        this.properties = properties;
    }

    Hook create(long projectId, String url, String secret, List<String> events, Long userId) {
        if (url == null || url.getBytes(StandardCharsets.UTF_8).length > properties.maxUrlBytes()) {
            throw url == null ? Refused.invalidField("url", "Where to deliver: {\"url\": \"https://ci.example/hook\"}.")
                    : Refused.overLimit(Refusal.Kind.INVALID, "tilewright.webhooks.max-url-bytes",
                    properties.maxUrlBytes(), "The URL is too long").with("field", "url");
        }
        Destinations.check(url, properties.allowLoopback(), properties.allowPrivate());
        if (secret == null || secret.length() < 16) {
            throw Refused.invalidField("secret", "A secret of at least 16 characters signs each delivery; keep it "
                    + "where the receiver checks the signature.");
        }
        if (secret.getBytes(StandardCharsets.UTF_8).length > properties.maxSecretBytes()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.webhooks.max-secret-bytes",
                    properties.maxSecretBytes(), "The secret is too long").with("field", "secret");
        }
        if (events == null || events.isEmpty() || !EVENTS.containsAll(events)) {
            throw Refused.invalidField("events", "events is a list of map.changed, map.checks, thread.created and "
                    + "comment.created.");
        }
        Integer count = jdbc.queryForObject("SELECT count(*) FROM webhooks WHERE project_id = ?", Integer.class,
                projectId);
        if (count != null && count >= properties.maxPerProject()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.webhooks.max-per-project",
                    properties.maxPerProject(), "The project has as many webhooks as it may; delete one")
                    .with("field", "url");
        }
        String[] wanted = new LinkedHashSet<>(events).toArray(String[]::new);
        GeneratedKeyHolder keys = new GeneratedKeyHolder();
        jdbc.update(connection -> {
            PreparedStatement insert = connection.prepareStatement("INSERT INTO webhooks (project_id, url, secret, "
                    + "events, created_by) VALUES (?, ?, ?, ?, ?)", new String[]{"id"});
            insert.setLong(1, projectId);
            insert.setString(2, url);
            insert.setString(3, secret);
            insert.setArray(4, connection.createArrayOf("text", wanted));
            insert.setObject(5, userId);
            return insert;
        }, keys);
        return hook(projectId, keys.getKeyAs(Long.class));
    }

    List<Hook> list(long projectId) {
        return jdbc.query("SELECT id, project_id, url, events, created_at FROM webhooks WHERE project_id = ? "
                + "ORDER BY id", (rs, row) -> new Hook(rs.getLong(1), rs.getLong(2), rs.getString(3),
                Arrays.asList((String[]) rs.getArray(4).getArray()), rs.getTimestamp(5).toInstant()), projectId);
    }

    Hook hook(long projectId, long hookId) {
        return list(projectId).stream().filter(h -> h.id() == hookId).findFirst()
                .orElseThrow(() -> Refused.notFound("Webhook", hookId));
    }

    void delete(long projectId, long hookId) {
        if (jdbc.update("DELETE FROM webhooks WHERE project_id = ? AND id = ?", projectId, hookId) == 0) {
            throw Refused.notFound("Webhook", hookId);
        }
    }

    /** A webhook's deliveries, newest first, at most {@code limit}. */
    List<Delivery> deliveries(long projectId, long hookId, int limit) {
        hook(projectId, hookId);
        return jdbc.query("SELECT id, webhook_id, delivery::text, event, status, attempts, next_attempt_at, "
                + "last_status_code, last_error, last_response, created_at, delivered_at, payload FROM "
                + "webhook_deliveries WHERE webhook_id = ? ORDER BY id DESC LIMIT ?", (rs, row) -> new Delivery(
                rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5), rs.getInt(6),
                instant(rs.getTimestamp(7)), (Integer) rs.getObject(8), rs.getString(9), rs.getString(10),
                instant(rs.getTimestamp(11)), instant(rs.getTimestamp(12)), json.readTree(rs.getString(13))),
                hookId, limit);
    }

    /** Sends a delivery's payload again, as a new delivery (its own id and attempts); the new one. */
    Delivery redeliver(long projectId, long hookId, long deliveryId) {
        hook(projectId, hookId);
        List<Long> made = jdbc.queryForList("INSERT INTO webhook_deliveries (webhook_id, delivery, event, payload) "
                + "SELECT webhook_id, ?, event, payload FROM webhook_deliveries WHERE webhook_id = ? AND id = ? "
                + "RETURNING id", Long.class, UUID.randomUUID(), hookId, deliveryId);
        if (made.isEmpty()) {
            throw Refused.notFound("Delivery", deliveryId);
        }
        return deliveries(projectId, hookId, 1).get(0);
    }

    /**
     * Queues an event of a project for every webhook that wants it: the payload is {@code {"event", "deliveredFor"...}}
     * with {@code body}'s members. Old deliveries past {@code keep-deliveries} per webhook go.
     */
    void queue(long projectId, String event, Map<String, Object> body) {
        List<Long> hooks = jdbc.queryForList("SELECT id FROM webhooks WHERE project_id = ? AND ? = ANY (events)",
                Long.class, projectId, event);
        if (hooks.isEmpty()) {
            return;
        }
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("event", event);
        payload.put("projectId", projectId);
        payload.putAll(body);
        String text = json.writeValueAsString(payload);
        for (long hook : hooks) {
            jdbc.update("INSERT INTO webhook_deliveries (webhook_id, delivery, event, payload) VALUES (?, ?, ?, ?)",
                    hook, UUID.randomUUID(), event, text);
            jdbc.update("DELETE FROM webhook_deliveries WHERE webhook_id = ? AND id <= (SELECT id FROM "
                    + "webhook_deliveries WHERE webhook_id = ? ORDER BY id DESC OFFSET ? LIMIT 1)", hook, hook,
                    properties.keepDeliveries());
        }
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
