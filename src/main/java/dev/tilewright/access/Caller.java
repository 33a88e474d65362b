package dev.tilewright.access;

import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.security.core.AuthenticatedPrincipal;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

import java.io.Serial;
import java.io.Serializable;
import java.util.Locale;
import java.util.Optional;

/**
 * Who a request (or a live socket) acts for: a signed-in person, a personal token (acts as its owner within its
 * scope), a project's bot token, a share link (one map), or the bootstrap token (the instance admin while it is set).
 * Kept in the session, so it holds ids and names only; what they may do is asked of {@link Access} each time.
 *
 * @param kind          how the caller came
 * @param userId        the person (sessions and personal tokens), else null
 * @param name          shown as the author of edits and in the live people list
 * @param instanceAdmin whether the person (or the bootstrap token) is the instance's admin
 * @param tokenId       the token used, else null
 * @param projectId     a bot token's project, else null
 * @param mapId         a share link's map, else null
 * @param scope         a token's scope ({@code read}/{@code write}, {@code view}/{@code comment}); null for sessions
 * @param browser       a share link opened in a browser: that browser's own id, kept in its share cookie (what its
 *                      holder wrote there is theirs); null for everyone else, and for a share link sent as a header
 */
public record Caller(Kind kind, Long userId, String name, boolean instanceAdmin, Long tokenId, Long projectId,
                     Long mapId, String scope, String browser) implements AuthenticatedPrincipal, Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    /** How a caller proved who they are. */
    public enum Kind {
        SESSION, PERSONAL_TOKEN, BOT_TOKEN, SHARE_LINK, BOOTSTRAP_TOKEN
    }

    public static Caller signedIn(Users.User user) {
        return new Caller(Kind.SESSION, user.id(), user.name(), user.instanceAdmin(), null, null, null, null, null);
    }

    /** This caller as it came from one browser (a share link's cookie). */
    public Caller inBrowser(String browserId) {
        return new Caller(kind, userId, name, instanceAdmin, tokenId, projectId, mapId, scope, browserId);
    }

    /**
     * Spring Session indexes sessions by this name (to end a person's sessions): the user's id; tokens never have a
     * session.
     */
    @Override
    public String getName() {
        return userId != null ? Long.toString(userId) : kind.name().toLowerCase(Locale.ROOT) + ":" + tokenId;
    }

    /** Who the current request (or socket upgrade) acts for, once Spring Security authenticated it. */
    public static Optional<Caller> current() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication != null && authentication.getPrincipal() instanceof Caller caller
                ? Optional.of(caller) : Optional.empty();
    }

    /**
     * The person this caller is, for what only people do (personal tokens, teams): a 403 for bots, share links and
     * the bootstrap token, and for a read-only token when {@code toWrite}.
     */
    public long person(boolean toWrite) {
        if (userId == null || (toWrite && "read".equals(scope))) {
            throw Refused.of(Refusal.Kind.FORBIDDEN, "Not allowed", userId == null
                    ? "Only a person does this (signed in, or with their personal token); this caller is a "
                    + kind.name().toLowerCase(Locale.ROOT).replace('_', ' ') + "."
                    : "A read-only token cannot do this.");
        }
        return userId;
    }

    /** The caller's identity for binding live clients and authorship: a person, else the token. */
    public String identity() {
        return userId != null ? "user:" + userId : "token:" + (tokenId == null ? "bootstrap" : tokenId);
    }
}
