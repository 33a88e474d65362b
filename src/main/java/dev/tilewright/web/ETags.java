package dev.tilewright.web;

import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;


import java.util.Arrays;

/**
 * A map's entity tag is its version: {@code "42"}. Writes must say which version they were made against
 * ({@code If-Match}); reads may ask "only if changed" ({@code If-None-Match}).
 */
public final class ETags {

    private ETags() {
    }

    public static String of(long version) {
        return "\"" + version + "\"";
    }

    /** True when an If-None-Match header names this version (or is {@code *}). */
    public static boolean noneMatchHits(String ifNoneMatch, long version) {
        return noneMatchHits(ifNoneMatch, of(version));
    }

    /** True when an If-None-Match header names this entity tag (weak or strong) or is {@code *}. */
    public static boolean noneMatchHits(String ifNoneMatch, String etag) {
        return ifNoneMatch != null && listed(ifNoneMatch, etag);
    }

    /**
     * Checks a write's If-Match against the current version.
     *
     * @throws Refused 428 without the header, 412 when it names another version
     */
    public static void requireMatch(String ifMatch, long currentVersion) {
        if (ifMatch == null || ifMatch.isBlank()) {
            throw Refused.of(Refusal.Kind.UNVERSIONED, "If-Match required",
                    "Send If-Match with the map's ETag (its version, e.g. If-Match: " + of(currentVersion)
                            + ") so that edits made against an older version are not applied blindly.")
                    .with("field", "If-Match");
        }
        if (!listed(ifMatch, of(currentVersion))) {
            throw Refused.of(Refusal.Kind.STALE, "Stale version",
                    "The map is at version " + currentVersion + ", not " + ifMatch.trim()
                            + ". Fetch the ops since your version (GET /api/v1/maps/{id}/ops?since=N), rebase, and retry.")
                    .with("field", "If-Match").with("currentVersion", currentVersion);
        }
    }

    private static boolean listed(String header, String etag) {
        return Arrays.stream(header.split(","))
                .map(String::trim)
                .map(tag -> tag.startsWith("W/") ? tag.substring(2) : tag)
                .anyMatch(tag -> tag.equals("*") || tag.equals(etag));
    }
}
