package dev.tilewright.core.refusal;

import java.util.Map;

/**
 * Why a request was refused, in the domain's words: what kind of refusal it is, a short title, a detail that says
 * what to do, and where it applies the {@code field} at fault or the {@code limit} (a configuration property) that
 * was exceeded, with any other facts a caller can act on. Nothing was changed by a refused request. The web layer
 * alone says it in HTTP (RFC 9457 problem JSON, its status by {@link Kind}).
 *
 * @param retryAfter seconds to wait before asking again (busy, too often), or null
 */
public record Refusal(Kind kind, String title, String detail, Map<String, Object> extras, Integer retryAfter) {

    public Refusal {
        extras = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(extras));
    }

    /** What kind of refusal: what the caller can do about it. */
    public enum Kind {
        /** A value is not acceptable (the field says which): change it. */
        INVALID,
        /** The request does not have the shape the API reads (a missing or mistyped value). */
        MALFORMED,
        /** There is no such thing, or the caller may not know of it. */
        NOT_FOUND,
        /** It contradicts what is there now (a name taken, a state that does not allow it). */
        CONFLICT,
        /** The caller is known but may not do this. */
        FORBIDDEN,
        /** The caller must sign in (or its credentials are no longer good). */
        SIGNED_OUT,
        /** Larger than a limit allows. */
        TOO_LARGE,
        /** Asked too often: wait for {@code retryAfter}. */
        TOO_OFTEN,
        /** The service cannot do it just now (busy, its database away): ask again after {@code retryAfter}. */
        BUSY,
        /** Made against a version that is no longer the current one: read again and redo. */
        STALE,
        /** A change must say which version it was made against. */
        UNVERSIONED,
        /** The content is of a type that is not read here. */
        UNSUPPORTED_TYPE,
        /** Something broke on our side; nothing was changed. */
        FAILED
    }

    /** The field at fault, if the refusal names one. */
    public String field() {
        return extras.get("field") instanceof String field ? field : null;
    }

    /** This refusal thrown. */
    public Refused refused() {
        Refused refused = Refused.of(kind, title, detail);
        extras.forEach(refused::with);
        return retryAfter == null ? refused : refused.retryAfter(retryAfter);
    }
}
