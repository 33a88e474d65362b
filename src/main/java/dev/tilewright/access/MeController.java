package dev.tilewright.access;

import dev.tilewright.access.Roles.Action;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.time.Instant;
import java.util.List;

/** Who the caller is, and their API tokens: made (the secret shown once), listed (never the secret), revoked. */
@RestController
class MeController {

    private final ApiTokens tokens;
    private final Users users;
    private final Sessions sessions;

    MeController(ApiTokens tokens, Users users, Sessions sessions) {
        this.tokens = tokens;
        this.users = users;
        this.sessions = sessions;
    }

    record PasswordChange(String currentPassword, String newPassword) {
    }

    record NameChange(String name) {
    }

    /** Renames the signed-in person (the name others see on their edits, cursors and in member lists). */
    @PatchMapping("/api/v1/me")
    @Requires(on = Requires.On.CALLER)
    Me rename(@RequestBody NameChange body, Caller caller, jakarta.servlet.http.HttpServletRequest request,
              jakarta.servlet.http.HttpServletResponse response) {
        Users.User user = users.update(caller.person(true), body.name() == null ? "" : body.name(), null, null);
        if (caller.kind() == Caller.Kind.SESSION) {
            sessions.keep(user, request, response);
        }
        Caller renamed = new Caller(caller.kind(), caller.userId(), user.name(), caller.instanceAdmin(),
                caller.tokenId(), caller.projectId(), caller.mapId(), caller.scope(), caller.browser());
        return me(renamed);
    }

    /**
     * Changes the signed-in person's password (in their browser session: a token cannot) and ends their other
     * sessions; this one stays signed in.
     */
    @PostMapping("/api/v1/me/password")
    @Requires(on = Requires.On.CALLER)
    ResponseEntity<Void> changePassword(@RequestBody PasswordChange body, Caller caller,
                                        jakarta.servlet.http.HttpServletRequest request) {
        long user = inSession(caller);
        users.changePassword(user, body.currentPassword() == null ? "" : body.currentPassword(), body.newPassword());
        jakarta.servlet.http.HttpSession session = request.getSession(false);
        sessions.end(user, session == null ? null : session.getId());
        return ResponseEntity.noContent().build();
    }

    /** Signs the person out everywhere: every browser session of theirs ends, this one too (tokens stay). */
    @DeleteMapping("/api/v1/me/sessions")
    @Requires(on = Requires.On.CALLER)
    ResponseEntity<Void> signOutEverywhere(Caller caller) {
        sessions.end(caller.person(true), null);
        return ResponseEntity.noContent().build();
    }

    /** The person of a browser session: what only they do in person (a token cannot change their password). */
    static long inSession(Caller caller) {
        if (caller.kind() != Caller.Kind.SESSION) {
            throw Refused.of(Refusal.Kind.FORBIDDEN, "Not allowed", "Sign in with the "
                    + "browser to change a password; a token cannot.");
        }
        return caller.person(true);
    }

    /** The caller: a person (with their email), or the token it came with. */
    record Me(String kind, Long id, String email, String name, boolean instanceAdmin, TokenInfo token) {
    }

    record TokenInfo(Long id, String scope, Long projectId, Long mapId) {
    }

    record NewToken(String name, List<String> scopes, Integer expiresInDays) {
    }

    /** A token just made: {@code token} is the secret, shown this once. */
    record MadeToken(long id, String name, String token, String hint, String scope, Instant expiresAt) {
    }

    @GetMapping("/api/v1/me")
    @Requires(on = Requires.On.CALLER)
    Me me(Caller caller) {
        String email = caller.userId() == null ? null : users.find(caller.userId()).map(Users.User::email).orElse(null);
        TokenInfo token = caller.kind() == Caller.Kind.SESSION ? null
                : new TokenInfo(caller.tokenId(), caller.scope(), caller.projectId(), caller.mapId());
        return new Me(caller.kind().name().toLowerCase(java.util.Locale.ROOT), caller.userId(), email, caller.name(),
                caller.instanceAdmin(), token);
    }

    @PostMapping("/api/v1/me/tokens")
    @Requires(on = Requires.On.CALLER)
    ResponseEntity<MadeToken> create(@RequestBody NewToken body, Caller caller) {
        long user = caller.person(true);
        if (caller.kind() != Caller.Kind.SESSION) {
            // a token that made tokens would live on in them after it is revoked
            throw Refused.of(Refusal.Kind.FORBIDDEN, "Not allowed", "Personal tokens are made in a signed-in "
                    + "browser session (your account page, /account), not with another token.");
        }
        String scope = scope(body.scopes());
        ApiTokens.Made made = tokens.personal(user, body.name(), scope, body.expiresInDays());
        return ResponseEntity.created(URI.create("/api/v1/me/tokens/" + made.id())).body(new MadeToken(made.id(),
                made.name(), made.token(), made.hint(), scope, made.expiresAt()));
    }

    @GetMapping("/api/v1/me/tokens")
    @Requires(on = Requires.On.CALLER)
    List<ApiTokens.Listed> list(Caller caller) {
        return tokens.of(ApiTokens.Owner.USER, caller.person(false));
    }

    @DeleteMapping("/api/v1/me/tokens/{tokenId}")
    @Requires(on = Requires.On.CALLER)
    ResponseEntity<Void> revoke(@PathVariable long tokenId, Caller caller) {
        if (!tokens.revoke(ApiTokens.Owner.USER, caller.person(false), tokenId)) {
            throw Refused.notFound("Token", tokenId);
        }
        return ResponseEntity.noContent().build();
    }

    /** A project's bot token, made by a maintainer of the project: it acts in that project only. */
    @PostMapping("/api/v1/projects/{id}/tokens")
    @Requires(value = Action.MAINTAIN, on = Requires.On.PROJECT)
    ResponseEntity<MadeToken> createBot(@PathVariable long id, @RequestBody NewToken body, Caller caller) {
        String scope = scope(body.scopes());
        ApiTokens.Made made = tokens.bot(id, caller, body.name(), scope, body.expiresInDays());
        return ResponseEntity.created(URI.create("/api/v1/projects/" + id + "/tokens/" + made.id()))
                .body(new MadeToken(made.id(), made.name(), made.token(), made.hint(), scope,
                        made.expiresAt()));
    }

    /** A project's working bot tokens (never their secrets). */
    @GetMapping("/api/v1/projects/{id}/tokens")
    @Requires(value = Action.MAINTAIN, on = Requires.On.PROJECT)
    List<ApiTokens.Listed> bots(@PathVariable long id) {
        return tokens.of(ApiTokens.Owner.PROJECT, id);
    }

    @DeleteMapping("/api/v1/projects/{id}/tokens/{tokenId}")
    @Requires(value = Action.MAINTAIN, on = Requires.On.PROJECT)
    ResponseEntity<Void> revokeBot(@PathVariable long id, @PathVariable long tokenId) {
        if (!tokens.revoke(ApiTokens.Owner.PROJECT, id, tokenId)) {
            throw Refused.notFound("Token", tokenId);
        }
        return ResponseEntity.noContent().build();
    }

    /** {@code ["read"]} or {@code ["read", "write"]} (or {@code ["write"]}): write includes read. */
    private static String scope(List<String> scopes) {
        if (scopes == null || scopes.isEmpty() || !List.of("read", "write").containsAll(scopes)) {
            throw Refused.invalidField("scopes", "Give the token's scopes: [\"read\"] or [\"read\", \"write\"].");
        }
        return scopes.contains("write") ? "write" : "read";
    }
}
