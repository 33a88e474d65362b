package dev.tilewright.live;

import dev.tilewright.access.Access;
import dev.tilewright.access.ApiTokens;
import dev.tilewright.access.Caller;
import dev.tilewright.access.Roles;
import dev.tilewright.live.protocol.Frames;
import dev.tilewright.web.DatabaseAway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.session.SessionRepository;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.server.support.HttpSessionHandshakeInterceptor;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Keeps every open socket within what its caller may do now: a socket whose session ended (signed out, timed out)
 * or whose token was revoked or expired, or whose caller may no longer see the map, is closed (4403); one whose
 * caller may no longer edit gets its ops refused (403) from then on. Checked every
 * {@code tilewright.live.access-check-ms}, once per caller and map however many sockets they hold; with the database
 * away nothing is closed.
 */
@Component
class LiveAccess {

    private static final Logger log = LoggerFactory.getLogger(LiveAccess.class);

    private final Rooms rooms;
    private final Access access;
    private final ApiTokens tokens;
    private final SessionRepository<?> sessions;

    LiveAccess(Rooms rooms, Access access, ApiTokens tokens, SessionRepository<?> sessions) {
        this.rooms = rooms;
        this.access = access;
        this.tokens = tokens;
        this.sessions = sessions;
    }

    /** What a caller may do on a map now: nothing (close), view, or edit. */
    private enum Verdict {
        NONE, VIEW, EDIT
    }

    void recheck() {
        Map<String, Verdict> verdicts = new HashMap<>();
        try {
            for (Room room : rooms.all()) {
                for (Peer peer : room.peers.values()) {
                    String session = (String) peer.session.getAttributes()
                            .get(HttpSessionHandshakeInterceptor.HTTP_SESSION_ID_ATTR_NAME);
                    Caller caller = peer.caller;
                    String key = caller.identity() + "|" + (caller.kind() == Caller.Kind.SESSION ? session : "")
                            + "|" + room.mapId;
                    Verdict verdict = verdicts.computeIfAbsent(key, k -> verdict(caller, session, room.mapId));
                    if (verdict == Verdict.NONE) {
                        peer.outbox.close(new CloseStatus(Frames.ACCESS_ENDED, "Access to this map ended"));
                        rooms.leave(room.mapId, peer.session.getId());
                    } else {
                        peer.mayEdit = verdict == Verdict.EDIT;
                    }
                }
            }
        } catch (RuntimeException e) {
            // a failure must not end the schedule: the next round tries again
            if (DatabaseAway.is(e)) {
                log.debug("Live access not checked: the database is away ({})", e.toString());
            } else {
                log.error("Live access not checked", e);
            }
        }
    }

    private Verdict verdict(Caller caller, String session, long mapId) {
        boolean valid = switch (caller.kind()) {
            case SESSION -> session != null && sessions.findById(session) != null;
            case BOOTSTRAP_TOKEN -> true;
            case PERSONAL_TOKEN, BOT_TOKEN, SHARE_LINK -> tokens.stillValid(caller.tokenId());
        };
        if (!valid) {
            return Verdict.NONE;
        }
        Optional<Access.Standing> standing = access.onMap(caller, mapId);
        return Access.allows(standing, Roles.Action.EDIT) ? Verdict.EDIT
                : Access.allows(standing, Roles.Action.VIEW) ? Verdict.VIEW : Verdict.NONE;
    }
}
