package dev.tilewright.web;

import dev.tilewright.core.refusal.Refused;
import tools.jackson.databind.DatabindException;

import java.util.stream.Collectors;

/** Refusals of JSON that parsed but did not bind to what the API reads. */
public final class JsonRefusals {

    private JsonRefusals() {
    }

    /**
     * JSON that parsed but did not bind: the field by its path (under {@code prefix}, e.g. "op" for a live frame's
     * op), a 422 when the domain refused the value, a 400 when it has the wrong type or is missing.
     *
     * @param what how the detail names the whole ("The request body", "The op")
     */
    public static Refused unbound(DatabindException databind, String prefix, String what) {
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
            return Refused.invalidField(field, cause.getMessage());
        }
        if (databind.getOriginalMessage().startsWith("Cannot map `null`")) {
            return Refused.badRequest(field, field + " is required and must be a number.");
        }
        return Refused.badRequest(field, what + " does not match the API: " + databind.getOriginalMessage());
    }
}
