package dev.tilewright.review;

import dev.tilewright.access.Access;
import dev.tilewright.access.Caller;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;
import dev.tilewright.core.history.Anchor;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.web.Lanes;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;

/**
 * Review threads pinned to a map (docs/review.md): anyone who sees the map reads them; commenters (and holders of a
 * {@code comment} share link), editors and maintainers write, answer and resolve; a comment is changed by its writer,
 * and deleted by its writer or a maintainer.
 */
@RestController
@RequestMapping("/api/v1/maps/{id}/threads")
class ReviewController {

    private final Reviews reviews;
    private final Access access;
    private final Lanes lanes;

    ReviewController(Reviews reviews, Access access, Lanes lanes) {
        this.reviews = reviews;
        this.access = access;
        this.lanes = lanes;
    }

    /** Where a thread is pinned, in map pixels: a point (no width and height) or a rectangle. */
    record AnchorBody(Integer x, Integer y, Integer width, Integer height, Integer layerId, Integer objectId) {

        Anchor anchor() {
            if (x == null || y == null) {
                throw Refused.invalidField("anchor." + (x == null ? "x" : "y"), "An anchor is a point {\"x\": 40, "
                        + "\"y\": 72} or a rectangle with width and height, in map pixels.");
            }
            if ((width != null && width < 0) || (height != null && height < 0)) {
                throw Refused.invalidField("anchor." + (width != null && width < 0 ? "width" : "height"),
                        "An anchor's width and height are 0 or more.");
            }
            return new Anchor(x, y, width == null ? 0 : width, height == null ? 0 : height, layerId, objectId);
        }
    }

    /**
     * A new thread: where, what, and the version the writer looked at (the current one when not given); {@code name}
     * is the name a share link's holder comments under.
     */
    record NewThread(AnchorBody anchor, String body, Long version, String name) {
    }

    record NewComment(String body, String name) {
    }

    /** @param name the name a share link's holder resolves under (as they write) */
    record ThreadChange(Boolean resolved, String name) {
    }

    @PostMapping
    @Requires(value = Action.COMMENT, on = Requires.On.MAP)
    ResponseEntity<Threads.Thread> create(@PathVariable long id, @RequestBody NewThread body, Caller caller) {
        if (body == null || body.anchor() == null) {
            throw Refused.invalidField("anchor", "Pin the thread: {\"anchor\": {\"x\": 40, \"y\": 72}, "
                    + "\"body\": \"...\"}.");
        }
        Threads.Thread made = reviews.create(id, project(caller, id), caller, body.anchor().anchor(), body.version(),
                body.body(), body.name());
        return ResponseEntity.created(URI.create("/api/v1/maps/" + id + "/threads/" + made.id())).body(made);
    }

    /** The map's threads, newest first ({@code status}: open, resolved or all); {@code next} pages on. */
    @GetMapping
    @Requires(on = Requires.On.MAP)
    Reviews.Page list(@PathVariable long id, @RequestParam(defaultValue = "all") String status,
                      @RequestParam(required = false) Long before, @RequestParam(required = false) Integer limit) {
        return lanes.run(Lanes.Lane.HISTORY, () -> reviews.list(id, status, before, limit));
    }

    @GetMapping("/{threadId}")
    @Requires(on = Requires.On.MAP)
    Threads.Thread thread(@PathVariable long id, @PathVariable long threadId) {
        return lanes.run(Lanes.Lane.HISTORY, () -> reviews.thread(id, threadId));
    }

    /** Resolves the thread ({@code {"resolved": true}}) or opens it again. */
    @PatchMapping("/{threadId}")
    @Requires(value = Action.COMMENT, on = Requires.On.MAP)
    Threads.Thread change(@PathVariable long id, @PathVariable long threadId, @RequestBody ThreadChange body,
                          Caller caller) {
        if (body == null || body.resolved() == null) {
            throw Refused.invalidField("resolved", "Say {\"resolved\": true} to resolve, false to reopen.");
        }
        return reviews.resolve(id, project(caller, id), threadId, caller, body.resolved(), body.name());
    }

    @DeleteMapping("/{threadId}")
    @Requires(value = Action.COMMENT, on = Requires.On.MAP)
    ResponseEntity<Void> delete(@PathVariable long id, @PathVariable long threadId, Caller caller) {
        reviews.deleteThread(id, threadId, caller, maintainer(caller, id));
        return ResponseEntity.noContent().build();
    }

    @PostMapping("/{threadId}/comments")
    @Requires(value = Action.COMMENT, on = Requires.On.MAP)
    ResponseEntity<Threads.Comment> reply(@PathVariable long id, @PathVariable long threadId,
                                          @RequestBody NewComment body, Caller caller) {
        Threads.Comment made = reviews.reply(id, project(caller, id), threadId, caller,
                body == null ? null : body.body(), body == null ? null : body.name());
        return ResponseEntity.created(URI.create("/api/v1/maps/" + id + "/threads/" + threadId + "/comments/"
                + made.id())).body(made);
    }

    @PatchMapping("/{threadId}/comments/{commentId}")
    @Requires(value = Action.COMMENT, on = Requires.On.MAP)
    Threads.Comment edit(@PathVariable long id, @PathVariable long threadId, @PathVariable long commentId,
                         @RequestBody NewComment body, Caller caller) {
        return reviews.edit(id, project(caller, id), threadId, commentId, caller, body == null ? null : body.body());
    }

    @DeleteMapping("/{threadId}/comments/{commentId}")
    @Requires(value = Action.COMMENT, on = Requires.On.MAP)
    ResponseEntity<Void> deleteComment(@PathVariable long id, @PathVariable long threadId,
                                       @PathVariable long commentId, Caller caller) {
        reviews.deleteComment(id, threadId, commentId, caller, maintainer(caller, id));
        return ResponseEntity.noContent().build();
    }

    private long project(Caller caller, long mapId) {
        return access.map(caller, mapId, Action.COMMENT);
    }

    private boolean maintainer(Caller caller, long mapId) {
        return Access.allows(access.onMap(caller, mapId), Action.MAINTAIN);
    }
}
