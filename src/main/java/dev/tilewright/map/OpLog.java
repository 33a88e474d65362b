package dev.tilewright.map;

import dev.tilewright.config.LimitsProperties;
import dev.tilewright.core.edit.MapOp;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.PreparedStatementCallback;
import org.springframework.jdbc.core.PreparedStatementCreator;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import java.sql.PreparedStatement;
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

    /**
     * One logged change; {@code op} is its JSON as applied (ids assigned); its author, if known; a note on what it was
     * where the op alone does not say ({@code restore:57}), else null.
     */
    public record Entry(long version, String clientId, Long clientSeq, String op, Instant createdAt, Author author,
                        String note) {

        public Entry(long version, String clientId, Long clientSeq, String op, Instant createdAt, Author author) {
            this(version, clientId, clientSeq, op, createdAt, author, null);
        }
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
        append(mapId, entries, List.of());
    }

    /**
     * Appends the entries and runs the statements given after them, all in one round trip to PostgreSQL (the driver
     * sends the statements together and waits once).
     */
    void append(long mapId, List<Entry> entries, List<SqlStep> alongside) {
        StringBuilder sql = new StringBuilder("INSERT INTO map_ops (map_id, version, client_id, client_seq, op,"
                + " author_user_id, author_token_id, author_name, note) SELECT ?, * FROM unnest(?::bigint[], ?::text[],"
                + " ?::bigint[], ?::text[], ?::bigint[], ?::bigint[], ?::text[], ?::text[])");
        alongside.forEach(step -> sql.append(";\n").append(step.sql()));
        // one statement for the lot (a group commit may append hundreds)
        jdbc.execute((PreparedStatementCreator) con -> {
            var statement = con.prepareStatement(sql.toString());
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
            statement.setArray(9, con.createArrayOf("text", entries.stream().map(Entry::note).toArray()));
            int at = 10;
            for (SqlStep step : alongside) {
                for (Object arg : step.args()) {
                    statement.setObject(at++, arg);
                }
            }
            return statement;
        }, (PreparedStatementCallback<Boolean>) PreparedStatement::execute);
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
                    + " o.author_user_id, o.author_token_id, o.author_name, o.note FROM unnest(?::text[], ?::bigint[]) AS k(client_id, client_seq) CROSS JOIN LATERAL"
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
                        + " o.author_token_id, o.author_name, o.note FROM"
                        + " (SELECT version, sum(octet_length(op)) OVER (ORDER BY version) - octet_length(op) AS before"
                        + " FROM map_ops WHERE map_id = ? AND version > ? ORDER BY version LIMIT ?) p"
                        + " JOIN map_ops o ON o.map_id = ? AND o.version = p.version WHERE p.before < ? ORDER BY o.version",
                (rs, i) -> entry(rs), mapId, version, limit, mapId, pageBytes);
    }

    /**
     * A run of consecutive versions by one author, each made within {@code gap} of the one before it.
     *
     * @param note     the note of a change that is a run of its own (a restore), else null
     * @param complete false when the run may reach further back than the versions looked at
     */
    public record Run(long fromVersion, long toVersion, Author author, Instant startedAt, Instant endedAt, long ops,
                      String note, boolean complete) {
    }

    /**
     * The runs before {@code before}, newest first, at most {@code limit}, found among the {@code scan} versions
     * before it (read without their ops). A map's first version is a run of its own (its making), and so is a version
     * with a note (a restore).
     */
    public List<Run> runs(long mapId, long before, int scan, long gapMillis, int limit) {
        long[] looked = {0};
        List<Run> runs = jdbc.query("""
                WITH recent AS (SELECT version, author_user_id, author_token_id, author_name, created_at, note
                                  FROM map_ops WHERE map_id = ? AND version < ? ORDER BY version DESC LIMIT ?),
                     marked AS (SELECT *, count(*) OVER () AS looked,
                                       CASE WHEN version = 1 OR lag(version) OVER w IS NULL
                                   OR note IS NOT NULL OR lag(note) OVER w IS NOT NULL
                                   OR lag(author_user_id) OVER w IS DISTINCT FROM author_user_id
                                   OR lag(author_token_id) OVER w IS DISTINCT FROM author_token_id
                                   OR lag(author_name) OVER w IS DISTINCT FROM author_name
                                   OR lag(created_at) OVER w - created_at > ? * interval '1 millisecond'
                                   THEN 1 ELSE 0 END AS starts
                                  FROM recent WINDOW w AS (ORDER BY version DESC)),
                     numbered AS (SELECT *, sum(starts) OVER (ORDER BY version DESC) AS run FROM marked)
                SELECT run, min(version) AS from_version, max(version) AS to_version, min(created_at) AS started_at,
                       max(created_at) AS ended_at, count(*) AS ops, max(looked) AS looked,
                       (array_agg(author_user_id))[1] AS author_user_id, (array_agg(author_token_id))[1] AS author_token_id,
                       (array_agg(author_name))[1] AS author_name, max(note) AS note
                  FROM numbered WHERE run <= ? GROUP BY run ORDER BY run""", (rs, i) -> {
            looked[0] = rs.getLong("looked");
            String name = rs.getString("author_name");
            Author author = name == null ? null : new Author((Long) rs.getObject("author_user_id"),
                    (Long) rs.getObject("author_token_id"), name);
            return new Run(rs.getLong("from_version"), rs.getLong("to_version"), author,
                    rs.getTimestamp("started_at").toInstant(), rs.getTimestamp("ended_at").toInstant(),
                    rs.getLong("ops"), rs.getString("note"), true);
        }, mapId, before, scan, gapMillis, limit + 1);
        if (runs.isEmpty()) {
            return runs;
        }
        // the last run found may go on before the versions looked at (when they were all there was to look at, or
        // the run is the one past the limit, it is whole or not wanted)
        List<Run> found = new java.util.ArrayList<>(runs.subList(0, Math.min(limit, runs.size())));
        Run last = found.get(found.size() - 1);
        if (runs.size() <= limit && looked[0] >= scan && last.fromVersion() > 1) {
            found.set(found.size() - 1, new Run(last.fromVersion(), last.toVersion(), last.author(), last.startedAt(),
                    last.endedAt(), last.ops(), last.note(), false));
        }
        return found;
    }

    private static Entry entry(java.sql.ResultSet rs) throws java.sql.SQLException {
        long seq = rs.getLong("client_seq");
        Long clientSeq = rs.wasNull() ? null : seq;
        Timestamp created = rs.getTimestamp("created_at");
        String name = rs.getString("author_name");
        Author author = name == null ? null : new Author((Long) rs.getObject("author_user_id"),
                (Long) rs.getObject("author_token_id"), name);
        return new Entry(rs.getLong("version"), rs.getString("client_id"), clientSeq, rs.getString("op"),
                created.toInstant(), author, rs.getString("note"));
    }
}
