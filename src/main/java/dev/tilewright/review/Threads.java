package dev.tilewright.review;

import dev.tilewright.core.history.Anchor;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The review threads and comments of maps, as PostgreSQL keeps them (V20); no rules here, {@link Reviews} has them. */
@Component
public class Threads {

    /**
     * Who wrote a comment: {@code account} is {@code user:<id>}, {@code link:<token id>} or {@code token:<id>};
     * {@code browser} the share link holder's browser (kept, never shown), else null.
     */
    record Writer(String name, Long userId, Long tokenId, String account, String browser) {

        static Writer of(String name, Long userId, Long tokenId, boolean shareLink, String browser) {
            String account = userId != null ? "user:" + userId
                    : (shareLink ? "link:" : "token:") + (tokenId == null ? "bootstrap" : tokenId);
            return new Writer(name, userId, tokenId, account, shareLink ? browser : null);
        }
    }

    /** A project member a comment names with {@code @}. */
    public record Mention(long userId, String name) {
    }

    /** Who wrote a comment, as the API shows it. */
    public record CommentAuthor(String name, Long userId, String account) {
    }

    public record Comment(long id, long threadId, CommentAuthor author, String body, List<Mention> mentions,
                   Instant createdAt, Instant editedAt) {
    }

    /**
     * A thread: {@code version} is the version it was made at; {@code comments} all of them (one thread read) or the
     * first and the latest (a listing); {@code anchorChanged} whether the anchored cells changed since, when known.
     */
    public record Thread(long id, long mapId, Anchor anchor, long version, String status, String resolvedBy,
                  Instant resolvedAt, Instant createdAt, Instant updatedAt, int commentCount, List<Comment> comments,
                  Boolean anchorChanged) {

        Thread withComments(List<Comment> list) {
            return new Thread(id, mapId, anchor, version, status, resolvedBy, resolvedAt, createdAt, updatedAt,
                    commentCount, list, anchorChanged);
        }

        Thread withAnchorChanged(Boolean changed) {
            return new Thread(id, mapId, anchor, version, status, resolvedBy, resolvedAt, createdAt, updatedAt,
                    commentCount, comments, changed);
        }
    }

    private static final String THREAD_COLUMNS = "t.id, t.map_id, t.x, t.y, t.width, t.height, t.layer_id, "
            + "t.object_id, t.made_at, t.resolved_by, t.resolved_at, t.created_at, t.updated_at, "
            + "(SELECT count(*) FROM review_comments c WHERE c.thread_id = t.id)";
    private static final String COMMENT_COLUMNS = "c.id, c.thread_id, c.author_name, c.author_user_id, "
            + "c.author_token_id, c.body, c.mentions, c.created_at, c.edited_at, "
            + "EXISTS (SELECT 1 FROM tokens k WHERE k.id = c.author_token_id AND k.kind = 'share')";
    private static final TypeReference<List<Mention>> MENTIONS = new TypeReference<>() {
    };

    private final JdbcTemplate jdbc;
    private final JsonMapper json;

    Threads(JdbcTemplate jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    int count(long mapId) {
        Integer n = jdbc.queryForObject("SELECT count(*) FROM review_threads WHERE map_id = ?", Integer.class, mapId);
        return n == null ? 0 : n;
    }

    /** The UTF-8 bytes of all comments of a map's threads. */
    long bytes(long mapId) {
        Long n = jdbc.queryForObject("SELECT coalesce(sum(octet_length(c.body)), 0) FROM review_comments c JOIN "
                + "review_threads t ON t.id = c.thread_id WHERE t.map_id = ?", Long.class, mapId);
        return n == null ? 0 : n;
    }

    /** A new thread made at {@code version}; its id. */
    long create(long mapId, long version, Anchor anchor) {
        GeneratedKeyHolder keys = new GeneratedKeyHolder();
        jdbc.update(connection -> {
            PreparedStatement insert = connection.prepareStatement("INSERT INTO review_threads (map_id, made_at, x, "
                    + "y, width, height, layer_id, object_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", new String[]{"id"});
            insert.setLong(1, mapId);
            insert.setLong(2, version);
            insert.setInt(3, anchor.x());
            insert.setInt(4, anchor.y());
            insert.setInt(5, anchor.width());
            insert.setInt(6, anchor.height());
            insert.setObject(7, anchor.layerId(), Types.INTEGER);
            insert.setObject(8, anchor.objectId(), Types.INTEGER);
            return insert;
        }, keys);
        return keys.getKeyAs(Long.class);
    }

    /** A new comment on a thread (which counts as the thread's update); its id. */
    long comment(long threadId, Writer writer, String body, List<Mention> mentions) {
        GeneratedKeyHolder keys = new GeneratedKeyHolder();
        jdbc.update(connection -> {
            PreparedStatement insert = connection.prepareStatement("INSERT INTO review_comments (thread_id, "
                    + "author_user_id, author_token_id, author_name, body, mentions, author_browser) VALUES (?, ?, ?, "
                    + "?, ?, ?::jsonb, ?)", Statement.RETURN_GENERATED_KEYS);
            insert.setLong(1, threadId);
            insert.setObject(2, writer.userId(), Types.BIGINT);
            insert.setObject(3, writer.tokenId(), Types.BIGINT);
            insert.setString(4, writer.name());
            insert.setString(5, body);
            insert.setString(6, json.writeValueAsString(mentions));
            insert.setString(7, writer.browser());
            return insert;
        }, keys);
        touch(threadId);
        return ((Number) keys.getKeys().get("id")).longValue();
    }

    /** A thread of a map without its comments (count only), if the map has it. */
    Optional<Thread> thread(long mapId, long threadId) {
        return jdbc.query("SELECT " + THREAD_COLUMNS + " FROM review_threads t WHERE t.map_id = ? AND t.id = ?",
                this::thread, mapId, threadId).stream().findFirst();
    }

    /** A thread's comments, oldest first. */
    List<Comment> comments(long threadId) {
        return jdbc.query("SELECT " + COMMENT_COLUMNS + " FROM review_comments c WHERE c.thread_id = ? ORDER BY c.id",
                this::readComment, threadId);
    }

    Optional<Comment> comment(long threadId, long commentId) {
        return jdbc.query("SELECT " + COMMENT_COLUMNS + " FROM review_comments c WHERE c.thread_id = ? AND c.id = ?",
                this::readComment, threadId, commentId).stream().findFirst();
    }

    /**
     * A map's threads, newest first, before thread id {@code before} (all: null), at most {@code limit}:
     * {@code resolved} true for resolved ones, false for open ones, null for both. Each with its first and latest
     * comment.
     */
    List<Thread> list(long mapId, Boolean resolved, Long before, int limit) {
        String status = resolved == null ? "" : resolved ? " AND t.resolved_at IS NOT NULL" : " AND t.resolved_at IS NULL";
        List<Thread> threads = jdbc.query("SELECT " + THREAD_COLUMNS + " FROM review_threads t WHERE t.map_id = ? AND "
                + "t.id < ?" + status + " ORDER BY t.id DESC LIMIT ?", this::thread, mapId,
                before == null ? Long.MAX_VALUE : before, limit);
        if (threads.isEmpty()) {
            return threads;
        }
        Map<Long, List<Comment>> ends = new LinkedHashMap<>();
        Long[] ids = threads.stream().map(Thread::id).toArray(Long[]::new);
        jdbc.query(connection -> {
            PreparedStatement select = connection.prepareStatement("SELECT " + COMMENT_COLUMNS + " FROM "
                    + "review_comments c WHERE c.thread_id = ANY (?) AND (c.id = (SELECT min(id) FROM review_comments "
                    + "WHERE thread_id = c.thread_id) OR c.id = (SELECT max(id) FROM review_comments WHERE thread_id "
                    + "= c.thread_id)) ORDER BY c.id");
            select.setArray(1, connection.createArrayOf("bigint", ids));
            return select;
        }, (ResultSet rs) -> {
            Comment c = readComment(rs, 0);
            ends.computeIfAbsent(c.threadId(), k -> new ArrayList<>()).add(c);
        });
        return threads.stream().map(t -> t.withComments(ends.getOrDefault(t.id(), List.of()))).toList();
    }

    void edit(long commentId, String body, List<Mention> mentions) {
        jdbc.update("UPDATE review_comments SET body = ?, mentions = ?::jsonb, edited_at = now() WHERE id = ?", body,
                json.writeValueAsString(mentions), commentId);
    }

    /** Deletes a comment; whether its thread has none left (and went with it). */
    boolean delete(long threadId, long commentId) {
        jdbc.update("DELETE FROM review_comments WHERE id = ?", commentId);
        if (jdbc.update("DELETE FROM review_threads t WHERE t.id = ? AND NOT EXISTS (SELECT 1 FROM review_comments "
                + "WHERE thread_id = t.id)", threadId) > 0) {
            return true;
        }
        touch(threadId);
        return false;
    }

    /** The browser a share link's holder wrote a comment from, if it was one. */
    Optional<String> browserOf(long commentId) {
        return jdbc.queryForList("SELECT author_browser FROM review_comments WHERE id = ?", String.class, commentId)
                .stream().filter(java.util.Objects::nonNull).findFirst();
    }

    /**
     * Deletes what a share link's holders wrote on a map, and the threads left without comments; the threads that
     * changed, by id.
     */
    List<Long> deleteWrittenWith(long mapId, long tokenId) {
        List<Long> touched = jdbc.queryForList("DELETE FROM review_comments c USING review_threads t WHERE t.id = "
                + "c.thread_id AND t.map_id = ? AND c.author_token_id = ? RETURNING c.thread_id", Long.class, mapId,
                tokenId).stream().distinct().toList();
        for (long threadId : touched) {
            if (jdbc.update("DELETE FROM review_threads t WHERE t.id = ? AND NOT EXISTS (SELECT 1 FROM "
                    + "review_comments WHERE thread_id = t.id)", threadId) == 0) {
                touch(threadId);
            }
        }
        return touched;
    }

    void deleteThread(long threadId) {
        jdbc.update("DELETE FROM review_threads WHERE id = ?", threadId);
    }

    /** Resolves a thread ({@code by}: who) or opens it again ({@code by} null). */
    void resolve(long threadId, String by) {
        if (by == null) {
            jdbc.update("UPDATE review_threads SET resolved_at = NULL, resolved_by = NULL, updated_at = now() "
                    + "WHERE id = ?", threadId);
        } else {
            jdbc.update("UPDATE review_threads SET resolved_at = now(), resolved_by = ?, updated_at = now() "
                    + "WHERE id = ?", by, threadId);
        }
    }

    private void touch(long threadId) {
        jdbc.update("UPDATE review_threads SET updated_at = now() WHERE id = ?", threadId);
    }

    private Thread thread(ResultSet rs, int row) throws SQLException {
        Anchor anchor = new Anchor(rs.getInt(3), rs.getInt(4), rs.getInt(5), rs.getInt(6),
                (Integer) rs.getObject(7), (Integer) rs.getObject(8));
        Timestamp resolvedAt = rs.getTimestamp(11);
        return new Thread(rs.getLong(1), rs.getLong(2), anchor, rs.getLong(9),
                resolvedAt == null ? "open" : "resolved", rs.getString(10),
                resolvedAt == null ? null : resolvedAt.toInstant(), rs.getTimestamp(12).toInstant(),
                rs.getTimestamp(13).toInstant(), rs.getInt(14), List.of(), null);
    }

    private Comment readComment(ResultSet rs, int row) throws SQLException {
        Long userId = (Long) rs.getObject(4);
        Long tokenId = (Long) rs.getObject(5);
        Writer writer = Writer.of(rs.getString(3), userId, tokenId, rs.getBoolean(10), null);
        Timestamp edited = rs.getTimestamp(9);
        return new Comment(rs.getLong(1), rs.getLong(2), new CommentAuthor(writer.name(), userId, writer.account()),
                rs.getString(6), json.readValue(rs.getString(7), MENTIONS), rs.getTimestamp(8).toInstant(),
                edited == null ? null : edited.toInstant());
    }
}
