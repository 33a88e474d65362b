package dev.tilewright.web;

import dev.tilewright.core.refusal.Refusal;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a {@link Refusal} is said in HTTP: its status by kind, and RFC 9457 problem JSON (title, detail, and its facts,
 * such as {@code field} or {@code limit}, as members). The one place the domain's refusals meet HTTP.
 */
public final class Problems {

    private Problems() {
    }

    /** The status a kind of refusal is answered with. */
    public static HttpStatus status(Refusal.Kind kind) {
        return switch (kind) {
            case INVALID -> HttpStatus.UNPROCESSABLE_CONTENT;
            case MALFORMED -> HttpStatus.BAD_REQUEST;
            case NOT_FOUND -> HttpStatus.NOT_FOUND;
            case CONFLICT -> HttpStatus.CONFLICT;
            case FORBIDDEN -> HttpStatus.FORBIDDEN;
            case SIGNED_OUT -> HttpStatus.UNAUTHORIZED;
            case TOO_LARGE -> HttpStatus.CONTENT_TOO_LARGE;
            case TOO_OFTEN -> HttpStatus.TOO_MANY_REQUESTS;
            case BUSY -> HttpStatus.SERVICE_UNAVAILABLE;
            case STALE -> HttpStatus.PRECONDITION_FAILED;
            case UNVERSIONED -> HttpStatus.PRECONDITION_REQUIRED;
            case UNSUPPORTED_TYPE -> HttpStatus.UNSUPPORTED_MEDIA_TYPE;
            case FAILED -> HttpStatus.INTERNAL_SERVER_ERROR;
        };
    }

    /** The status code a kind of refusal is answered with. */
    public static int code(Refusal.Kind kind) {
        return status(kind).value();
    }

    /** The refusal as a problem detail, for Spring to write. */
    public static ProblemDetail detail(Refusal refusal) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status(refusal.kind()), refusal.detail());
        problem.setTitle(refusal.title());
        refusal.extras().forEach(problem::setProperty);
        return problem;
    }

    /** The refusal as RFC 9457 JSON members, its facts at the top level (for bodies written by hand, live frames). */
    public static Map<String, Object> members(Refusal refusal) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("type", "about:blank");
        out.put("title", refusal.title());
        out.put("status", code(refusal.kind()));
        out.put("detail", refusal.detail());
        out.putAll(refusal.extras());
        return out;
    }
}
