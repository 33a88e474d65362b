package dev.tilewright.access;

import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;

import java.util.Map;

/**
 * Asks {@link Access} what every handler's {@link Requires} says, before it runs: the map, tileset or project in
 * the path, by the caller's role there. A handler of ours without {@code @Requires} is refused with a 500 naming it.
 */
class AccessInterceptor implements HandlerInterceptor {

    /** Our handlers: each says what it needs. */
    private static final String OURS = "dev.tilewright.";

    private final Access access;

    AccessInterceptor(Access access) {
        this.access = access;
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!(handler instanceof HandlerMethod method)
                || !method.getBeanType().getPackageName().startsWith(OURS)) {
            // static resources, the API's OpenAPI description, the error page: Spring Security's rules decide
            return true;
        }
        Requires requires = method.getMethodAnnotation(Requires.class);
        if (requires == null) {
            throw new IllegalStateException("No @Requires on " + method.getShortLogMessage()
                    + ": every route says what it needs");
        }
        if (requires.on() == Requires.On.ANYONE) {
            return true;
        }
        Caller caller = Caller.current().orElseThrow(() -> Refused.of(Refusal.Kind.SIGNED_OUT, "Sign in",
                "This needs credentials: a session or an API token (Authorization: Bearer)."));
        switch (requires.on()) {
            case MAP -> access.map(caller, id(request), requires.value());
            case TILESET -> access.tileset(caller, id(request), requires.value());
            case WORLD -> access.world(caller, id(request), requires.value());
            case PROJECT -> access.project(caller, id(request), requires.value());
            case TEAM -> access.team(caller, id(request), requires.value());
            case ADMIN -> {
                if (!caller.instanceAdmin()) {
                    throw Refused.of(Refusal.Kind.FORBIDDEN, "Not allowed", "Only the instance admin may do this.");
                }
            }
            case CALLER, ANYONE -> {
            }
        }
        return true;
    }

    @SuppressWarnings("unchecked")
    private static long id(HttpServletRequest request) {
        Map<String, String> variables = (Map<String, String>) request.getAttribute(
                HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE);
        String id = variables == null ? null : variables.get("id");
        try {
            return Long.parseLong(id);
        } catch (NumberFormatException | NullPointerException e) {
            throw Refused.badRequest("id", "'" + id + "' is not a valid id.");
        }
    }
}
