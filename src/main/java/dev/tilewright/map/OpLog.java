package dev.tilewright.map;

import dev.tilewright.config.LimitsProperties;
import dev.tilewright.core.edit.MapOp;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The map_ops table: one row per accepted change, the truth that layer chunks materialise. Ops are kept as their
 * JSON as applied (ids assigned); this class writes and reads that JSON.
 */
@Component
public class OpLog {

    /** One logged change; {@code op} is its JSON as applied (ids assigned); its author, if known. */
    public record Entry(long version, String clientId, Long clientSeq, String op, Instant createdAt, Author author) {
    }

    private final JdbcTemplate jdbc;
    private final JsonMapper json;
    private final int pageSize;
    private final long pageBytes;

    OpLog(JdbcTemplate jdbc, JsonMapper json, LimitsProperties limits) {
        this.jdbc = jdbc;
        this.json = json;
        this.pageSize = limits.maxOpsPerRead();
        this.pageBytes = Math.max(1, limits.maxOpsReadBytes());
    }

    /** An op as the log keeps it. */
    String json(MapOp op) {
        return json.writeValueAsString(op);
    }

    /** A logged entry's op. */
    public MapOp op(Entry entry) {
        return json.readValue(entry.op(), MapOp.class);
    }

    /**
     * Reads the entries after one version up to another (or the latest, if earlier), oldest first, page by page;
     * returns the last version read.
     */
    public long forEach(long mapId, long after, long upTo, Consumer<Entry> sink) {
        return forEachWhile(mapId, after, upTo, entry -> {
            sink.accept(entry);
            return true;
        });
    }

    /**
     * As {@link #forEach}, stopping before the first entry the sink refuses (returns false); returns the last version
     * the sink took.
     */
    public long forEachWhile(long mapId, long after, long upTo, Predicate<Entry> sink) {
        long at = after;
        while (at < upTo) {
            List<Entry> page = since(mapId, at, pageSize);
            if (page.isEmpty()) {
                break;
            }
            for (Entry entry : page) {
                if (entry.version() > upTo || !sink.test(entry)) {
                    return at;
                }
                at = entry.version();
            }
        }
        return at;
    }

    /** A client's name for one of its changes. */
    public record Key(String clientId, long clientSeq) {
    }

    /** Appends entries (their createdAt is set by the database), in one batch. */
    void append(long mapId, List<Entry> entries) {
        // one statement for the lot (a group commit may append hundreds)
        jdbc.update(con -> {
            var statement = con.prepareStatement("INSERT INTO map_ops (map_id, version, client_id, client_seq, op,"
                    + " author_user_id, author_token_id, author_name) SELECT ?, * FROM unnest(?::bigint[], ?::text[],"
                    + " ?::bigint[], ?::text[], ?::bigint[], ?::bigint[], ?::text[])");
            statement.setLong(1, mapId);
            statement.setArray(2, con.createArrayOf("bigint", entries.stream().map(Entry::version).toArray()));
            statement.setArray(3, con.createArrayOf("text", entries.stream().map(Entry::clientId).toArray()));
            statement.setArray(4, con.createArrayOf("bigint", entries.stream().map(Entry::clientSeq).toArray()));
            statement.setArray(5, con.createArrayOf("text", entries.stream().map(Entry::op).toArray()));
            statement.setArray(6, con.createArrayOf("bigint", entries.stream()
                    .map(e -> e.author() == null ? null : e.author().id()).toArray()));
            statement.setArray(7, con.createArrayOf("bigint", entries.stream()
                    .map(e -> e.author() == null ? null : e.author().tokenId()).toArray()));
            statement.setArray(8, con.createArrayOf("text", entries.stream()
                    .map(e -> e.author() == null ? null : e.author().name()).toArray()));
            return statement;
        });
    }

    /**
     * The entries clients already sent with these keys, by key (a modifiable map). Clients number their changes
     * upwards, so first each client's highest logged number is read (one index probe per client); only keys at or
     * below it can be repeats and are looked up one by one.
     */
    Map<Key, Entry> find(long mapId, List<Key> keys) {
        Map<Key, Entry> found = new HashMap<>();
        if (keys.isEmpty()) {
            return found;
        }
        Map<String, Long> highest = new HashMap<>();
        jdbc.query(con -> {
            var statement = con.prepareStatement("SELECT k.client_id, (SELECT max(o.client_seq) FROM map_ops o"
                    + " WHERE o.map_id = ? AND o.client_id = k.client_id) FROM unnest(?::text[]) AS k(client_id)");
            statement.setLong(1, mapId);
            statement.setArray(2, con.createArrayOf("text", keys.stream().map(Key::clientId).distinct().toArray()));
            return statement;
        }, rs -> {
            long max = rs.getLong(2);
            if (!rs.wasNull()) {
                highest.put(rs.getString(1), max);
            }
        });
        List<Key> candidates = keys.stream()
                .filter(k -> k.clientSeq() <= highest.getOrDefault(k.clientId(), Long.MIN_VALUE)).toList();
        if (candidates.isEmpty()) {
            return found;
        }
        jdbc.query(con -> {
            var statement = con.prepareStatement("SELECT o.version, o.client_id, o.client_seq, o.op, o.created_at,"
                    + " o.author_user_id, o.author_token_id, o.author_name FROM unnest(?::text[], ?::bigint[]) AS k(client_id, client_seq) CROSS JOIN LATERAL"
                    + " (SELECT * FROM map_ops m WHERE m.map_id = ? AND m.client_id = k.client_id"
                    + " AND m.client_seq = k.client_seq) o");
            statement.setArray(1, con.createArrayOf("text", candidates.stream().map(Key::clientId).toArray()));
            statement.setArray(2, con.createArrayOf("bigint", candidates.stream().map(Key::clientSeq).toArray()));
            statement.setLong(3, mapId);
            return statement;
        }, rs -> {
            Entry entry = entry(rs);
            found.put(new Key(entry.clientId(), entry.clientSeq()), entry);
        });
        return found;
    }

    /**
     * The entries after {@code version}, oldest first: at most {@code limit}, and only as many as start within
     * tilewright.limits.max-ops-read-bytes of op JSON (always the first), so one read holds at most that plus one
     * entry. The sizes are summed in PostgreSQL before any op is read.
     */
    List<Entry> since(long mapId, long version, int limit) {
        return jdbc.query("SELECT o.version, o.client_id, o.client_seq, o.op, o.created_at, o.author_user_id,"
                        + " o.author_token_id, o.author_name FROM"
                        + " (SELECT version, sum(octet_length(op)) OVER (ORDER BY version) - octet_length(op) AS before"
                        + " FROM map_ops WHERE map_id = ? AND version > ? ORDER BY version LIMIT ?) p"
                        + " JOIN map_ops o ON o.map_id = ? AND o.version = p.version WHERE p.before < ? ORDER BY o.version",
                (rs, i) -> entry(rs), mapId, version, limit, mapId, pageBytes);
    }

    private static Entry entry(java.sql.ResultSet rs) throws java.sql.SQLException {
        long seq = rs.getLong("client_seq");
        Long clientSeq = rs.wasNull() ? null : seq;
        Timestamp created = rs.getTimestamp("created_at");
        String name = rs.getString("author_name");
        Author author = name == null ? null : new Author((Long) rs.getObject("author_user_id"),
                (Long) rs.getObject("author_token_id"), name);
        return new Entry(rs.getLong("version"), rs.getString("client_id"), clientSeq, rs.getString("op"),
                created.toInstant(), author);
    }
}
