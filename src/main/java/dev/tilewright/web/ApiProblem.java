package dev.tilewright.web;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import tools.jackson.databind.DatabindException;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A refusal the user can act on, answered as RFC 9457 problem JSON: the status, a short title, a detail that
 * says what to do, and where it applies the {@code field} at fault or the {@code limit} (a configuration
 * property) that was exceeded.
 */
public final class ApiProblem extends RuntimeException {

    private final HttpStatus status;
    private final String title;
    private final Map<String, Object> extras = new LinkedHashMap<>();
    private Integer retryAfter;

    private ApiProblem(HttpStatus status, String title, String detail) {
        super(detail);
        this.status = status;
        this.title = title;
    }

    public static ApiProblem of(HttpStatus status, String title, String detail) {
        return new ApiProblem(status, title, detail);
    }

    public static ApiProblem invalidField(String field, String detail) {
        return new ApiProblem(HttpStatus.UNPROCESSABLE_CONTENT, "Invalid " + field, detail).with("field", field);
    }

    public static ApiProblem badRequest(String field, String detail) {
        return new ApiProblem(HttpStatus.BAD_REQUEST, "Bad request", detail).with("field", field);
    }

    /** The database unreachable for now: a 503 telling when to ask again; nothing was changed. */
    public static ApiProblem databaseAway(int retryAfterSeconds) {
        return of(HttpStatus.SERVICE_UNAVAILABLE, "Database unreachable", "The database cannot be reached just now; "
                + "nothing was changed. Try again in " + retryAfterSeconds + " s.").retryAfter(retryAfterSeconds);
    }

    public static ApiProblem notFound(String what, Object id) {
        return new ApiProblem(HttpStatus.NOT_FOUND, what + " not found", "There is no " + what.toLowerCase()
                + " with id " + id + ".");
    }

    /** The number, or a 422 naming the field when it is missing, NaN or infinite. */
    public static double finite(Double value, String field) {
        if (value == null || !Double.isFinite(value)) {
            throw invalidField(field, field + " must be a finite number, was " + value + ".");
        }
        return value;
    }

    /**
     * One of an enum's values by its lower-case name ({@code fallback} when absent); anything else is refused naming
     * the field and the values it takes.
     */
    public static <E extends Enum<E>> E choice(Class<E> type, String value, E fallback, String field) {
        if (value == null) {
            return fallback;
        }
        for (E constant : type.getEnumConstants()) {
            if (constant.name().toLowerCase(java.util.Locale.ROOT).equals(value)) {
                return constant;
            }
        }
        String names = java.util.Arrays.stream(type.getEnumConstants())
                .map(c -> "\"" + c.name().toLowerCase(java.util.Locale.ROOT) + "\"" + (c == fallback ? " (the default)" : ""))
                .collect(java.util.stream.Collectors.joining(" or "));
        throw invalidField(field, field.substring(field.lastIndexOf('.') + 1) + " is " + names + ", was \"" + value
                + "\".");
    }

    /** A configured limit was exceeded; {@code property} is the setting that raises it. */
    public static ApiProblem overLimit(HttpStatus status, String property, long limit, String detail) {
        return new ApiProblem(status, "Over a limit", detail + " (limit " + limit + ", set by " + property + ")")
                .with("limit", property).with("limitValue", limit);
    }

    public ApiProblem with(String key, Object value) {
        extras.put(key, value);
        return this;
    }

    public HttpStatus status() {
        return status;
    }

    /** Says when to ask again (the {@code Retry-After} header, in seconds): for 503s and 429s. */
    public ApiProblem retryAfter(int seconds) {
        retryAfter = seconds;
        return this;
    }

    /** Seconds to wait before asking again, or null. */
    public Integer retryAfter() {
        return retryAfter;
    }

    public ProblemDetail toProblemDetail() {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, getMessage());
        problem.setTitle(title);
        extras.forEach(problem::setProperty);
        return problem;
    }

    /**
     * JSON that parsed but did not bind: the field by its path (under {@code prefix}, e.g. "op" for a live frame's
     * op), a 422 when the domain refused the value, a 400 when it has the wrong type or is missing.
     *
     * @param what how the detail names the whole ("The request body", "The op")
     */
    public static ApiProblem unbound(DatabindException databind, String prefix, String what) {
        String path = databind.getPath().stream()
                .map(ref -> ref.getPropertyName() != null ? ref.getPropertyName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining(".")).replace(".[", "[");
        String field = path.isEmpty() ? (prefix.isEmpty() ? "body" : prefix)
                : prefix.isEmpty() || path.startsWith("[") ? prefix + path : prefix + "." + path;
        Throwable cause = databind;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        if (cause instanceof IllegalArgumentException || cause instanceof NullPointerException) {
            return ApiProblem.invalidField(field, cause.getMessage());
        }
        if (databind.getOriginalMessage().startsWith("Cannot map `null`")) {
            return ApiProblem.badRequest(field, field + " is required and must be a number.");
        }
        return ApiProblem.badRequest(field, what + " does not match the API: " + databind.getOriginalMessage());
    }
}
