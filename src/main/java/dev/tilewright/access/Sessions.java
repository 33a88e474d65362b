package dev.tilewright.access;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.session.Session;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * Browser sessions begun by the service itself rather than the sign-in form (a person who just made their account
 * through an invite is signed in, in a session with a new id: never one an attacker could have planted), and ended
 * by it (a changed password ends the other sessions; "sign out everywhere" ends all).
 */
@Component
public class Sessions {

    private final SecurityContextRepository repository = new HttpSessionSecurityContextRepository();
    private final SecurityContextHolderStrategy holder = SecurityContextHolder.getContextHolderStrategy();
    private final FindByIndexNameSessionRepository<? extends Session> sessions;

    Sessions(FindByIndexNameSessionRepository<? extends Session> sessions) {
        this.sessions = sessions;
    }

    /**
     * Ends a person's browser sessions (in every instance: they are rows in PostgreSQL), but the one kept (null: all);
     * their live sockets close within {@code tilewright.live.access-check-ms}. How many ended.
     */
    public int end(long userId, String keep) {
        int ended = 0;
        for (String id : sessions.findByPrincipalName(Long.toString(userId)).keySet()) {
            if (!id.equals(keep)) {
                sessions.deleteById(id);
                ended++;
            }
        }
        return ended;
    }

    /** Signs a person in for the rest of this browser's session (kept in PostgreSQL like every session). */
    public void signIn(Users.User user, HttpServletRequest request, HttpServletResponse response) {
        if (request.getSession(false) != null) {
            request.changeSessionId();
        }
        keep(user, request, response);
    }

    /** What this browser's session knows of its person, anew (their name changed). */
    public void keep(Users.User user, HttpServletRequest request, HttpServletResponse response) {
        SecurityContext context = holder.createEmptyContext();
        context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(Caller.signedIn(user), null,
                List.of()));
        holder.setContext(context);
        repository.saveContext(context, request, response);
    }
}
