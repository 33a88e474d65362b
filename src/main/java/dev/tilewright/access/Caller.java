package dev.tilewright.access;

import org.springframework.security.core.AuthenticatedPrincipal;

import java.io.Serial;
import java.io.Serializable;

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
 */
public record Caller(Kind kind, Long userId, String name, boolean instanceAdmin, Long tokenId, Long projectId,
                     Long mapId, String scope) implements AuthenticatedPrincipal, Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    /** How a caller proved who they are. */
    public enum Kind {
        SESSION, PERSONAL_TOKEN, BOT_TOKEN, SHARE_LINK, BOOTSTRAP_TOKEN
    }

    public static Caller signedIn(Users.User user) {
        return new Caller(Kind.SESSION, user.id(), user.name(), user.instanceAdmin(), null, null, null, null);
    }

    /**
     * Spring Session indexes sessions by this name (to end a person's sessions): the user's id; tokens never have a
     * session.
     */
    @Override
    public String getName() {
        return userId != null ? Long.toString(userId) : kind.name().toLowerCase(java.util.Locale.ROOT) + ":" + tokenId;
    }

    /** The caller's identity for binding live clients and authorship: a person, else the token. */
    public String identity() {
        return userId != null ? "user:" + userId : "token:" + (tokenId == null ? "bootstrap" : tokenId);
    }
}
