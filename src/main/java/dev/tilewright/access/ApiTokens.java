package dev.tilewright.access;

import dev.tilewright.config.AccessProperties;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/**
 * API tokens: made (the secret returned once), found again by their hash, used, listed without their secret,
 * revoked. A token that is malformed or has a wrong checksum is refused before any lookup; one that is revoked or
 * expired finds nothing. Its last use is written at most every token-touch-minutes.
 */
@Component
public class ApiTokens {

    /** A token just made: the secret, shown this once. */
    public record Made(long id, String name, String token, String hint, Instant expiresAt) {
    }

    /** What a valid token grants: whose it is or where it acts, and its scope (read/write, view/comment). */
    public record Grant(long id, Tokens.Kind kind, String name, Long userId, Long projectId, Long mapId,
                        String scope, Instant expiresAt, String userName, boolean instanceAdmin) {
    }

    /** A token as its lists show it: never the secret. */
    public record Listed(long id, String name, String hint, String scope, Instant createdAt, Instant expiresAt,
                         Instant lastUsedAt) {
    }

    private final JdbcTemplate jdbc;
    private final AccessProperties properties;
    private final Tokens tokens = new Tokens(new SecureRandom());

    ApiTokens(JdbcTemplate jdbc, AccessProperties properties) {
        this.jdbc = jdbc;
        this.properties = properties;
    }

    /** A personal token: acts as the user, never beyond their role, at most {@code scope} (read or write). */
    public Made personal(long userId, String name, String scope, Integer expiresInDays) {
        return make(Tokens.Kind.PERSONAL, name, scope, List.of("read", "write"), expiresInDays, userId, null, null,
                userId, null);
    }

    /**
     * A project's bot token (made by a maintainer): acts in that project only. Made with a token ({@code maker}), it
     * expires no later than that token.
     */
    public Made bot(long projectId, Caller maker, String name, String scope, Integer expiresInDays) {
        return make(Tokens.Kind.BOT, name, scope, List.of("read", "write"), expiresInDays, null, projectId, null,
                maker.userId(), expiryOf(maker));
    }

    /**
     * A share link's token: views (or comments on) one map and nothing else. Made with a token ({@code maker}), it
     * expires no later than that token.
     */
    public Made share(long mapId, Caller maker, String name, String access, Integer expiresInDays) {
        return make(Tokens.Kind.SHARE, name, access, List.of("view", "comment"), expiresInDays, null, null, mapId,
                maker.userId(), expiryOf(maker));
    }

    /** When the token a caller came with expires; null for a browser session and the bootstrap token. */
    private Instant expiryOf(Caller caller) {
        if (caller.tokenId() == null) {
            return null;
        }
        return jdbc.queryForList("SELECT expires_at FROM tokens WHERE id = ?", Timestamp.class, caller.tokenId())
                .stream().findFirst().map(Timestamp::toInstant).orElse(Instant.now());
    }

    private Made make(Tokens.Kind kind, String name, String scope, List<String> scopes, Integer expiresInDays,
                      Long userId, Long projectId, Long mapId, Long createdBy, Instant notAfter) {
        String label = Names.shown(name, " (what uses the token)");
        if (!scopes.contains(scope)) {
            throw Refused.invalidField(kind == Tokens.Kind.SHARE ? "access" : "scopes", "The token's "
                    + (kind == Tokens.Kind.SHARE ? "access" : "scope") + " is one of " + scopes + ".");
        }
        int days = expiresInDays == null ? properties.tokenDefaultDays() : expiresInDays;
        if (days < 1 || days > properties.tokenMaxDays()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.access.token-max-days",
                    properties.tokenMaxDays(), "A token expires in 1 to " + properties.tokenMaxDays() + " days, not "
                            + days).with("field", "expiresInDays");
        }
        String secret = tokens.generate(kind);
        Instant expires = Instant.now().plus(days, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        if (notAfter != null && expires.isAfter(notAfter)) {
            expires = notAfter; // a token never makes one that outlives it
        }
        long id = jdbc.queryForObject("INSERT INTO tokens (kind, hash, hint, name, user_id, project_id, map_id, "
                        + "created_by, scope, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id", Long.class,
                kind.name().toLowerCase(java.util.Locale.ROOT), Tokens.hash(secret), Tokens.hint(secret), label, userId,
                projectId, mapId, createdBy, scope, Timestamp.from(expires));
        return new Made(id, label, secret, Tokens.hint(secret), expires);
    }

    /** What a presented token grants, if it is well formed, known, not revoked and not expired. */
    public Optional<Grant> authenticate(String presented) {
        Optional<Tokens.Kind> kind = Tokens.kind(presented);
        if (kind.isEmpty() || kind.get() == Tokens.Kind.INVITE) {
            return Optional.empty(); // an invite code is no API token
        }
        // one read per request: the token, its person (a personal token's), and whether its last use is due to be
        // written (at most every token-touch-minutes: most requests write nothing)
        boolean[] touch = {false};
        Optional<Grant> grant = jdbc.query("SELECT t.id, t.name, t.user_id, t.project_id, t.map_id, t.scope, "
                        + "t.expires_at, u.name, coalesce(u.instance_admin, false), t.last_used_at IS NULL OR "
                        + "t.last_used_at < now() - make_interval(mins => ?) FROM tokens t LEFT JOIN users u ON "
                        + "u.id = t.user_id WHERE t.hash = ? AND t.revoked_at IS NULL AND t.expires_at > now()",
                (rs, row) -> {
                    touch[0] = rs.getBoolean(10);
                    return new Grant(rs.getLong(1), kind.get(), rs.getString(2), (Long) rs.getObject(3),
                            (Long) rs.getObject(4), (Long) rs.getObject(5), rs.getString(6),
                            rs.getTimestamp(7).toInstant(), rs.getString(8), rs.getBoolean(9));
                }, properties.tokenTouchMinutes(), Tokens.hash(presented)).stream().findFirst();
        if (grant.isPresent() && touch[0]) {
            jdbc.update("UPDATE tokens SET last_used_at = now() WHERE id = ?", grant.get().id());
        }
        return grant;
    }

    /** Whether a token is still good (not revoked, not expired): open live sockets ask it again and again. */
    public boolean stillValid(long tokenId) {
        return !jdbc.queryForList("SELECT 1 FROM tokens WHERE id = ? AND revoked_at IS NULL AND expires_at > now()",
                Integer.class, tokenId).isEmpty();
    }

    /** Whose tokens a list shows: a person's personal tokens, a project's bots, a map's share links. */
    public enum Owner {
        USER("personal", "user_id"), PROJECT("bot", "project_id"), MAP("share", "map_id");

        private final String kind;
        private final String column;

        Owner(String kind, String column) {
            this.kind = kind;
            this.column = column;
        }
    }

    /** The working tokens of a person, project or map (newest first; revoked and expired ones left out). */
    public List<Listed> of(Owner owner, long ownerId) {
        return jdbc.query("SELECT id, name, hint, scope, created_at, expires_at, last_used_at FROM tokens WHERE "
                + "kind = ? AND " + owner.column + " = ? AND revoked_at IS NULL AND expires_at > now() ORDER BY id "
                + "DESC", (rs, row) -> new Listed(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
                rs.getTimestamp(5).toInstant(), rs.getTimestamp(6).toInstant(),
                rs.getTimestamp(7) == null ? null : rs.getTimestamp(7).toInstant()), owner.kind, ownerId);
    }

    /** Revokes a token of a person, project or map at once; false when it has no such working token. */
    public boolean revoke(Owner owner, long ownerId, long tokenId) {
        return jdbc.update("UPDATE tokens SET revoked_at = now() WHERE id = ? AND kind = ? AND " + owner.column
                + " = ? AND revoked_at IS NULL", tokenId, owner.kind, ownerId) == 1;
    }
}
