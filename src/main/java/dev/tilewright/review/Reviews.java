package dev.tilewright.review;

import dev.tilewright.access.Caller;
import dev.tilewright.access.ShareRevoked;
import dev.tilewright.access.Throttle;
import dev.tilewright.config.ReviewProperties;
import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.history.Anchor;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.map.MapFeed;
import dev.tilewright.map.MapReads;
import dev.tilewright.map.ThreadElsewhere;
import dev.tilewright.map.Versioned;
import dev.tilewright.review.Threads.Comment;
import dev.tilewright.review.Threads.Mention;
import dev.tilewright.review.Threads.Thread;
import dev.tilewright.review.Threads.Writer;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Review threads pinned to maps (docs/review.md): made, answered, edited, resolved and deleted under the rules of
 * who may, held to {@link ReviewProperties}' bounds, and told to every open editor and preview of the map (on this
 * instance at once, on the others through {@link MapFeed}) as {@link ThreadChanged} events.
 */
@Component
public class Reviews {

    /** A page of threads, newest first; {@code next} pages on ({@code before=next}), null at the end. */
    public record Page(long mapId, List<Thread> threads, Long next) {
    }

    /**
     * What a live client is told of one thread: the thread as a listing shows it, and what changed ({@code comment}
     * added or edited, {@code removedComment}, or the whole thread {@code removed}); nothing said of a change another
     * instance made (the client reads the thread again).
     */
    public record Frame(String type, Thread thread, Comment comment, Long removedComment, boolean removed) {
    }

    private static final Pattern MENTION = Pattern.compile("(?<![\\p{L}\\p{N}._-])@([\\p{L}\\p{N}._-]{1,64})");

    private final Threads threads;
    private final MapReads reads;
    private final AnchorChecks anchors;
    private final ReviewProperties limits;
    private final TransactionTemplate tx;
    private final ApplicationEventPublisher events;
    private final MapFeed feed;
    private final JdbcTemplate jdbc;
    private final Throttle throttle;

    Reviews(Threads threads, MapReads reads, AnchorChecks anchors, ReviewProperties limits, TransactionTemplate tx,
            ApplicationEventPublisher events, MapFeed feed, JdbcTemplate jdbc, Throttle throttle) {
        this.throttle = throttle;
        this.threads = threads;
        this.reads = reads;
        this.anchors = anchors;
        this.limits = limits;
        this.tx = tx;
        this.events = events;
        this.feed = feed;
        this.jdbc = jdbc;
    }

    /**
     * A new thread on a map with its first comment, made at {@code version} (what the writer was looking at; the
     * current version when null).
     */
    public Thread create(long mapId, long projectId, Caller caller, Anchor anchor, Long version, String body,
                         String name) {
        Versioned now = reads.view(mapId);
        long madeAt = version == null ? now.version() : version;
        if (madeAt < 1 || madeAt > now.version()) {
            throw Refused.invalidField("version", "Map " + mapId + " has versions 1.." + now.version() + ", not "
                    + madeAt + "; give the version you looked at, or none for the current one.");
        }
        check(anchor, now.map());
        Writer writer = writer(caller, name, projectId);
        spend(caller);
        String text = body(body);
        List<Mention> mentions = mentions(projectId, text);
        if (threads.count(mapId) >= limits.maxThreadsPerMap()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.review.max-threads-per-map",
                    limits.maxThreadsPerMap(), "The map has as many threads as it may hold; delete resolved ones")
                    .with("field", "anchor");
        }
        room(mapId, bytes(text));
        long[] ids = tx.execute(status -> {
            long threadId = threads.create(mapId, madeAt, anchor);
            long commentId = threads.comment(threadId, writer, text, mentions);
            feed.announceThread(mapId, threadId);
            return new long[]{threadId, commentId};
        });
        Thread made = listed(mapId, ids[0]).orElseThrow();
        tell(mapId, made, threads.comment(ids[0], ids[1]).orElseThrow(), null, false);
        // made at an older version: whether its cells changed since is told when the thread is read
        return made.withAnchorChanged(madeAt == now.version() ? Boolean.FALSE : null);
    }

    /** Threads of a map, newest first: {@code status} open, resolved or all. */
    public Page list(long mapId, String status, Long before, Integer limit) {
        reads.version(mapId);
        Boolean resolved = switch (status == null ? "all" : status) {
            case "open" -> false;
            case "resolved" -> true;
            case "all" -> null;
            default -> throw Refused.invalidField("status", "status is open, resolved or all, not '" + status
                    + "'.");
        };
        int count = limit == null ? limits.pageThreads() : limit;
        if (count < 1 || count > limits.maxPageThreads()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.review.max-page-threads",
                    limits.maxPageThreads(), "limit is 1 or more and at most the page limit").with("field", "limit");
        }
        List<Thread> page = threads.list(mapId, resolved, before, count + 1);
        Long next = page.size() > count ? page.get(count - 1).id() : null;
        List<Thread> shown = page.subList(0, Math.min(count, page.size()));
        return new Page(mapId, anchors.told(mapId, shown), next);
    }

    /** One thread with all its comments. */
    public Thread thread(long mapId, long threadId) {
        Thread thread = found(mapId, threadId).withComments(threads.comments(threadId));
        return anchors.told(mapId, List.of(thread)).get(0);
    }

    /** A comment added to a thread. */
    public Comment reply(long mapId, long projectId, long threadId, Caller caller, String body, String name) {
        Thread thread = found(mapId, threadId);
        Writer writer = writer(caller, name, projectId);
        spend(caller);
        String text = body(body);
        List<Mention> mentions = mentions(projectId, text);
        if (thread.commentCount() >= limits.maxCommentsPerThread()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.review.max-comments-per-thread",
                    limits.maxCommentsPerThread(), "The thread has as many comments as it may hold; start a new "
                            + "thread").with("field", "body");
        }
        room(mapId, bytes(text));
        long commentId = tx.execute(status -> {
            long id = threads.comment(threadId, writer, text, mentions);
            feed.announceThread(mapId, threadId);
            return id;
        });
        Comment made = threads.comment(threadId, commentId).orElseThrow();
        tell(mapId, listed(mapId, threadId).orElseThrow(), made, null, false);
        return made;
    }

    /** A comment's new text, by its writer only. */
    public Comment edit(long mapId, long projectId, long threadId, long commentId, Caller caller, String body) {
        found(mapId, threadId);
        Comment comment = own(threadId, commentId, caller, false);
        spend(caller);
        String text = body(body);
        List<Mention> mentions = mentions(projectId, text);
        room(mapId, bytes(text) - bytes(comment.body()));
        tx.executeWithoutResult(status -> {
            threads.edit(comment.id(), text, mentions);
            feed.announceThread(mapId, threadId);
        });
        Comment edited = threads.comment(threadId, commentId).orElseThrow();
        tell(mapId, listed(mapId, threadId).orElseThrow(), edited, null, false);
        return edited;
    }

    /** Deletes a comment (its writer, or a maintainer); a thread left without comments goes with it. */
    public void deleteComment(long mapId, long threadId, long commentId, Caller caller, boolean maintainer) {
        found(mapId, threadId);
        own(threadId, commentId, caller, maintainer);
        boolean emptied = Boolean.TRUE.equals(tx.execute(status -> {
            boolean gone = threads.delete(threadId, commentId);
            feed.announceThread(mapId, threadId);
            return gone;
        }));
        // (deleted meanwhile by someone else: gone all the same)
        Optional<Thread> left = emptied ? Optional.empty() : listed(mapId, threadId);
        events.publishEvent(new ThreadChanged(mapId, new Frame("thread", left.orElseGet(() -> gone(mapId, threadId)),
                null, commentId, left.isEmpty())));
    }

    /** Resolves a thread or opens it again ({@code name}: a share link's holder's, as they write). */
    public Thread resolve(long mapId, long projectId, long threadId, Caller caller, boolean resolved, String name) {
        found(mapId, threadId);
        String by = writer(caller, name, projectId).name();
        spend(caller);
        tx.executeWithoutResult(status -> {
            threads.resolve(threadId, resolved ? by : null);
            feed.announceThread(mapId, threadId);
        });
        Thread thread = listed(mapId, threadId).orElseThrow();
        tell(mapId, thread, null, null, false);
        return thread;
    }

    /** Deletes a whole thread: the writer of its first comment, or a maintainer. */
    public void deleteThread(long mapId, long threadId, Caller caller, boolean maintainer) {
        found(mapId, threadId);
        long first = threads.comments(threadId).get(0).id();
        own(threadId, first, caller, maintainer);
        tx.executeWithoutResult(status -> {
            threads.deleteThread(threadId);
            feed.announceThread(mapId, threadId);
        });
        events.publishEvent(new ThreadChanged(mapId, new Frame("thread", gone(mapId, threadId), null, null, true)));
    }

    /** Another instance changed a thread: its editors and previews here hear of it as it is now. */
    @EventListener
    void changedElsewhere(ThreadElsewhere event) {
        Optional<Thread> thread = listed(event.mapId(), event.threadId());
        events.publishEvent(new ThreadChanged(event.mapId(), new Frame("thread",
                thread.orElseGet(() -> gone(event.mapId(), event.threadId())), null, null, thread.isEmpty())));
    }

    private void tell(long mapId, Thread thread, Comment comment, Long removedComment, boolean removed) {
        if (thread != null) {
            events.publishEvent(new ThreadChanged(mapId, new Frame("thread", thread, comment, removedComment,
                    removed)));
        }
    }

    /** A thread that went, as frames name it: its id only. */
    private static Thread gone(long mapId, long threadId) {
        return new Thread(threadId, mapId, null, 0, "deleted", null, null, null, null, 0, List.of(), null);
    }

    private Optional<Thread> listed(long mapId, long threadId) {
        return threads.thread(mapId, threadId).map(t -> {
            List<Comment> all = threads.comments(threadId);
            return t.withComments(all.size() <= 2 ? all : List.of(all.get(0), all.get(all.size() - 1)));
        });
    }

    private Thread found(long mapId, long threadId) {
        reads.version(mapId);
        return threads.thread(mapId, threadId).orElseThrow(() -> Refused.notFound("Thread", threadId));
    }

    /**
     * A comment the caller wrote (or, for a maintainer, any): 403 otherwise. A share link's holder wrote only what
     * their own browser wrote (its id in their share cookie); a holder who sends the link as a header owns none.
     */
    private Comment own(long threadId, long commentId, Caller caller, boolean maintainer) {
        Comment comment = threads.comment(threadId, commentId)
                .orElseThrow(() -> Refused.notFound("Comment", commentId));
        Writer me = writer(caller, comment.author().name(), null);
        boolean mine = me.account().equals(comment.author().account()) && (caller.userId() != null
                || caller.kind() != Caller.Kind.SHARE_LINK
                || caller.browser() != null && threads.browserOf(commentId).filter(caller.browser()::equals)
                .isPresent());
        if (!mine && !maintainer) {
            throw Refused.of(Refusal.Kind.FORBIDDEN, "Not allowed", "Only the writer of a comment changes it; a "
                    + "maintainer of the project may delete it.").with("field", "commentId");
        }
        return comment;
    }

    /** The account a caller's comments are written under ({@code user:5}, {@code link:12}, {@code token:7}). */
    public static String account(Caller caller) {
        return Writer.of(caller.name(), caller.userId(), caller.tokenId(), caller.kind() == Caller.Kind.SHARE_LINK,
                caller.browser()).account();
    }

    /**
     * Who writes: a person (or token) under their own name; a share link's holder under the name they give (the
     * link's name when they give none), marked as such — never a name of a member of the project or its team (any
     * case), which would pass for theirs. {@code projectId} null: the name is not being given, only compared.
     */
    private Writer writer(Caller caller, String name, Long projectId) {
        boolean link = caller.kind() == Caller.Kind.SHARE_LINK;
        String shown = caller.name();
        if (link) {
            String given = name == null ? "" : name.strip();
            if (given.getBytes(StandardCharsets.UTF_8).length > limits.maxNameBytes()) {
                throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.review.max-name-bytes",
                        limits.maxNameBytes(), "The name is too long; give a shorter one").with("field", "name");
            }
            if (projectId != null && !given.isEmpty() && membersNamed(projectId, given)) {
                throw Refused.invalidField("name", "'" + given + "' is the name of a member of this project; "
                        + "comment under a name of your own.");
            }
            shown = given.isEmpty() ? "Reviewer" : given;
        }
        return Writer.of(shown, caller.userId(), caller.tokenId(), link, caller.browser());
    }

    /** Whether someone on the project, or in its team, has this name (without case). */
    private boolean membersNamed(long projectId, String name) {
        return !jdbc.queryForList("SELECT 1 FROM users u WHERE lower(u.name) = lower(?) AND (u.id IN (SELECT user_id "
                + "FROM project_members WHERE project_id = ?) OR u.id IN (SELECT m.user_id FROM team_members m JOIN "
                + "projects p ON p.team_id = m.team_id WHERE p.id = ?)) LIMIT 1", Integer.class, name, projectId,
                projectId).isEmpty();
    }

    /**
     * Counts one written comment, thread or resolution against the caller's rate and, for a share link, the link's
     * (all its holders together): 429 with Retry-After past either.
     */
    private void spend(Caller caller) {
        boolean link = caller.kind() == Caller.Kind.SHARE_LINK;
        String who = link && caller.browser() != null ? account(caller) + ":" + caller.browser() : account(caller);
        throttle.spend("review:caller:" + who, "tilewright.review.writes-per-minute", limits.writesPerMinute());
        if (link) {
            throttle.spend("review:link:" + caller.tokenId(), "tilewright.review.link-writes-per-minute",
                    limits.linkWritesPerMinute());
        }
    }

    /** A share link revoked with its comments: what its holders wrote on the map goes, told as deletions are. */
    @EventListener
    void shareRevoked(ShareRevoked revoked) {
        if (!revoked.removeComments()) {
            return;
        }
        List<Long> touched = tx.execute(status -> {
            List<Long> changed = threads.deleteWrittenWith(revoked.mapId(), revoked.shareId());
            changed.forEach(threadId -> feed.announceThread(revoked.mapId(), threadId));
            return changed;
        });
        for (long threadId : touched) {
            Optional<Thread> left = listed(revoked.mapId(), threadId);
            events.publishEvent(new ThreadChanged(revoked.mapId(), new Frame("thread", left.orElseGet(() ->
                    gone(revoked.mapId(), threadId)), null, null, left.isEmpty())));
        }
    }

    private static long bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

    /** Refuses {@code adding} bytes of text a map's threads have no room for ({@code max-map-bytes} in all). */
    private void room(long mapId, long adding) {
        if (adding > 0 && threads.bytes(mapId) + adding > limits.maxMapBytes()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.review.max-map-bytes",
                    limits.maxMapBytes(), "The map's threads hold as much text as they may; delete resolved threads")
                    .with("field", "body");
        }
    }

    private String body(String body) {
        if (body == null || body.isBlank()) {
            throw Refused.invalidField("body", "A comment needs some text: {\"body\": \"...\"}.");
        }
        int bytes = body.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > limits.maxCommentBytes()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.review.max-comment-bytes",
                    limits.maxCommentBytes(), "The comment takes " + bytes + " bytes; split it").with("field", "body");
        }
        return body.strip();
    }

    /**
     * The project members a text names with {@code @}: by their name without spaces or the part of their email
     * before the {@code @}, either case; names nobody has stay text.
     */
    List<Mention> mentions(long projectId, String text) {
        Set<String> handles = new LinkedHashSet<>();
        Matcher matcher = MENTION.matcher(text);
        while (matcher.find() && handles.size() < limits.maxMentions()) {
            // "@alice." ends a sentence: the dot is not part of the name
            String handle = matcher.group(1).replaceAll("[._-]+$", "").toLowerCase(Locale.ROOT);
            if (!handle.isEmpty()) {
                handles.add(handle);
            }
        }
        if (handles.isEmpty()) {
            return List.of();
        }
        String[] wanted = handles.toArray(String[]::new);
        Map<String, Mention> byHandle = new HashMap<>();
        jdbc.query(connection -> {
            var select = connection.prepareStatement("SELECT u.id, u.name, lower(replace(u.name, ' ', '')), "
                    + "lower(split_part(u.email, '@', 1)) FROM users u WHERE u.id IN (SELECT user_id FROM "
                    + "project_members WHERE project_id = ? UNION SELECT tm.user_id FROM team_members tm JOIN projects "
                    + "p ON p.team_id = tm.team_id WHERE p.id = ? AND tm.role IN ('owner', 'admin')) AND "
                    + "(lower(replace(u.name, ' ', '')) = ANY (?) OR lower(split_part(u.email, '@', 1)) = ANY (?)) "
                    + "ORDER BY u.id");
            select.setLong(1, projectId);
            select.setLong(2, projectId);
            select.setArray(3, connection.createArrayOf("text", wanted));
            select.setArray(4, connection.createArrayOf("text", wanted));
            return select;
        }, (java.sql.ResultSet rs) -> {
            Mention mention = new Mention(rs.getLong(1), rs.getString(2));
            byHandle.putIfAbsent(rs.getString(3), mention);
            byHandle.putIfAbsent(rs.getString(4), mention);
        });
        List<Mention> found = new ArrayList<>();
        for (String handle : handles) {
            Mention mention = byHandle.get(handle);
            if (mention != null && !found.contains(mention)) {
                found.add(mention);
            }
        }
        return found;
    }

    private static void check(Anchor anchor, TileMap map) {
        PixelBox bounds = map.projection().bounds(map.width(), map.height());
        if (!anchor.inside(bounds)) {
            throw Refused.invalidField("anchor", "The anchor (" + anchor.x() + ", " + anchor.y() + ", "
                    + anchor.width() + "x" + anchor.height() + ") is not inside the map's " + bounds.width() + "x"
                    + bounds.height() + " pixels.");
        }
        Layer layer = null;
        if (anchor.layerId() != null) {
            layer = map.layer(anchor.layerId()).orElseThrow(() -> Refused.invalidField("anchor.layerId",
                    "The map has no layer " + anchor.layerId() + "."));
        }
        if (anchor.objectId() != null) {
            Layer in = layer;
            boolean found = map.layers().stream().anyMatch(l -> (in == null || l == in) && l instanceof ObjectLayer o
                    && o.object(anchor.objectId()).isPresent());
            if (!found) {
                throw Refused.invalidField("anchor.objectId", "The map has no object " + anchor.objectId()
                        + (in == null ? "" : " on layer " + anchor.layerId()) + ".");
            }
        }
    }
}
