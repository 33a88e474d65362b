package dev.tilewright.core.refusal;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A {@link Refusal} thrown: how the domain and the services refuse from deep in their work. Built as it is thrown,
 * with the facts that go with it ({@link #with}); {@link #refusal()} is the value.
 */
public final class Refused extends RuntimeException {

    private final Refusal.Kind kind;
    private final String title;
    private final Map<String, Object> extras = new LinkedHashMap<>();
    private Integer retryAfter;

    private Refused(Refusal.Kind kind, String title, String detail) {
        super(detail);
        this.kind = kind;
        this.title = title;
    }

    public static Refused of(Refusal.Kind kind, String title, String detail) {
        return new Refused(kind, title, detail);
    }

    /** A value that is not acceptable, the field named. */
    public static Refused invalidField(String field, String detail) {
        return new Refused(Refusal.Kind.INVALID, "Invalid " + field, detail).with("field", field);
    }

    /** A request the API cannot read as it is (a missing or mistyped value), the field named. */
    public static Refused badRequest(String field, String detail) {
        return new Refused(Refusal.Kind.MALFORMED, "Bad request", detail).with("field", field);
    }

    /** The database unreachable for now: busy, telling when to ask again; nothing was changed. */
    public static Refused databaseAway(int retryAfterSeconds) {
        return of(Refusal.Kind.BUSY, "Database unreachable", "The database cannot be reached just now; nothing was "
                + "changed. Try again in " + retryAfterSeconds + " s.").retryAfter(retryAfterSeconds);
    }

    public static Refused notFound(String what, Object id) {
        return new Refused(Refusal.Kind.NOT_FOUND, what + " not found", "There is no " + what.toLowerCase(Locale.ROOT)
                + " with id " + id + ".");
    }

    /** A configured limit was exceeded; {@code property} is the setting that raises it. */
    public static Refused overLimit(Refusal.Kind kind, String property, long limit, String detail) {
        return new Refused(kind, "Over a limit", detail + " (limit " + limit + ", set by " + property + ")")
                .with("limit", property).with("limitValue", limit);
    }

    /** The number, or refused naming the field when it is missing, NaN or infinite. */
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
            if (constant.name().toLowerCase(Locale.ROOT).equals(value)) {
                return constant;
            }
        }
        String names = Arrays.stream(type.getEnumConstants())
                .map(c -> "\"" + c.name().toLowerCase(Locale.ROOT) + "\"" + (c == fallback ? " (the default)" : ""))
                .collect(Collectors.joining(" or "));
        throw invalidField(field, field.substring(field.lastIndexOf('.') + 1) + " is " + names + ", was \"" + value
                + "\".");
    }

    public Refused with(String key, Object value) {
        extras.put(key, value);
        return this;
    }

    /** Says when to ask again, in seconds: for busy services and callers that ask too often. */
    public Refused retryAfter(int seconds) {
        retryAfter = seconds;
        return this;
    }

    public Refusal.Kind kind() {
        return kind;
    }

    /** Seconds to wait before asking again, or null. */
    public Integer retryAfter() {
        return retryAfter;
    }

    public Refusal refusal() {
        return new Refusal(kind, title, getMessage(), extras, retryAfter);
    }
}
