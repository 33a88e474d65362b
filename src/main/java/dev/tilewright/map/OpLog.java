package dev.tilewright.map;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The map_ops table: one row per accepted change, the truth that layer chunks materialise. */
@Component
public class OpLog {

    /** One logged change; {@code op} is its JSON as applied (ids assigned). */
    public record Entry(long version, String clientId, Long clientSeq, String op, Instant createdAt) {
    }

    private final JdbcTemplate jdbc;

    OpLog(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void append(long mapId, long version, String clientId, Long clientSeq, String op) {
        jdbc.update("INSERT INTO map_ops (map_id, version, client_id, client_seq, op) VALUES (?, ?, ?, ?, ?)",
                mapId, version, clientId, clientSeq, op);
    }

    /** The entry a client already sent with this sequence number, if any. */
    Optional<Entry> find(long mapId, String clientId, long clientSeq) {
        return jdbc.query("SELECT version, client_id, client_seq, op, created_at FROM map_ops"
                        + " WHERE map_id = ? AND client_id = ? AND client_seq = ?",
                (rs, i) -> entry(rs), mapId, clientId, clientSeq).stream().findFirst();
    }

    List<Entry> since(long mapId, long version, int limit) {
        return jdbc.query("SELECT version, client_id, client_seq, op, created_at FROM map_ops"
                        + " WHERE map_id = ? AND version > ? ORDER BY version LIMIT ?",
                (rs, i) -> entry(rs), mapId, version, limit);
    }

    private static Entry entry(java.sql.ResultSet rs) throws java.sql.SQLException {
        long seq = rs.getLong("client_seq");
        Long clientSeq = rs.wasNull() ? null : seq;
        Timestamp created = rs.getTimestamp("created_at");
        return new Entry(rs.getLong("version"), rs.getString("client_id"), clientSeq, rs.getString("op"),
                created.toInstant());
    }
}
