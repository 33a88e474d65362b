package dev.tilewright.map;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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

    /** A client's name for one of its changes. */
    public record Key(String clientId, long clientSeq) {
    }

    /** Appends entries (their createdAt is set by the database), in one batch. */
    void append(long mapId, List<Entry> entries) {
        jdbc.batchUpdate("INSERT INTO map_ops (map_id, version, client_id, client_seq, op) VALUES (?, ?, ?, ?, ?)",
                entries.stream().map(e -> new Object[]{mapId, e.version(), e.clientId(), e.clientSeq(), e.op()}).toList());
    }

    /** The entries clients already sent with these keys, by key (a modifiable map). */
    Map<Key, Entry> find(long mapId, List<Key> keys) {
        Map<Key, Entry> found = new HashMap<>();
        if (keys.isEmpty()) {
            return found;
        }
        jdbc.query(con -> {
            var statement = con.prepareStatement("SELECT o.version, o.client_id, o.client_seq, o.op, o.created_at"
                    + " FROM map_ops o JOIN unnest(?::text[], ?::bigint[]) AS k(client_id, client_seq)"
                    + " ON o.client_id = k.client_id AND o.client_seq = k.client_seq WHERE o.map_id = ?");
            statement.setArray(1, con.createArrayOf("text", keys.stream().map(Key::clientId).toArray()));
            statement.setArray(2, con.createArrayOf("bigint", keys.stream().map(Key::clientSeq).toArray()));
            statement.setLong(3, mapId);
            return statement;
        }, rs -> {
            Entry entry = entry(rs);
            found.put(new Key(entry.clientId(), entry.clientSeq()), entry);
        });
        return found;
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
