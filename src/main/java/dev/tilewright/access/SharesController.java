package dev.tilewright.access;

import dev.tilewright.access.Roles.Action;
import dev.tilewright.core.refusal.Refused;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

import java.net.URI;
import java.time.Instant;
import java.util.List;

/**
 * Share links for reviewers, made by a map's maintainers: the link opens the map's preview (and the editor, read
 * only) in any browser, without an account; its token, as a bearer token, reads that one map through the API.
 */
@RestController
class SharesController {

    private final ApiTokens tokens;
    private final ApplicationEventPublisher events;

    SharesController(ApiTokens tokens, ApplicationEventPublisher events) {
        this.tokens = tokens;
        this.events = events;
    }

    record NewShare(String access, Integer expiresInDays, String name) {
    }

    /** A share link just made: {@code url} and {@code token} carry its secret, shown this once. */
    record MadeShare(long id, String url, String token, String access, String name, Instant expiresAt) {
    }

    @PostMapping("/api/v1/maps/{id}/shares")
    @Requires(value = Action.MAINTAIN, on = Requires.On.MAP)
    ResponseEntity<MadeShare> create(@PathVariable long id, @RequestBody NewShare body, Caller caller) {
        String name = body.name() == null || body.name().isBlank() ? "Share link" : body.name();
        ApiTokens.Made made = tokens.share(id, caller, name, body.access() == null ? "view" : body.access(),
                body.expiresInDays());
        String url = ServletUriComponentsBuilder.fromCurrentContextPath().path("/s/{token}")
                .buildAndExpand(made.token()).toUriString();
        return ResponseEntity.created(URI.create("/api/v1/maps/" + id + "/shares/" + made.id())).body(new MadeShare(
                made.id(), url, made.token(), body.access() == null ? "view" : body.access(), made.name(),
                made.expiresAt()));
    }

    /** A share link as its list shows it: never the secret. */
    record Share(long id, String name, String hint, String access, Instant createdAt, Instant expiresAt,
                 Instant lastUsedAt) {
    }

    /** The map's working share links, newest first. */
    @GetMapping("/api/v1/maps/{id}/shares")
    @Requires(value = Action.MAINTAIN, on = Requires.On.MAP)
    List<Share> list(@PathVariable long id) {
        return tokens.of(ApiTokens.Owner.MAP, id).stream().map(t -> new Share(t.id(), t.name(), t.hint(), t.scope(),
                t.createdAt(), t.expiresAt(), t.lastUsedAt())).toList();
    }

    @DeleteMapping("/api/v1/maps/{id}/shares/{shareId}")
    @Requires(value = Action.MAINTAIN, on = Requires.On.MAP)
    ResponseEntity<Void> revoke(@PathVariable long id, @PathVariable long shareId,
                                @RequestParam(defaultValue = "false") boolean removeComments) {
        if (!tokens.revoke(ApiTokens.Owner.MAP, id, shareId)) {
            throw Refused.notFound("Share", shareId);
        }
        events.publishEvent(new ShareRevoked(id, shareId, removeComments));
        return ResponseEntity.noContent().build();
    }
}
