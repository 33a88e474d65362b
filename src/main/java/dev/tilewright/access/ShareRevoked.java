package dev.tilewright.access;

/**
 * A map's share link was revoked; {@code removeComments}: what its holders wrote on the map goes too (the review
 * feature removes it).
 */
public record ShareRevoked(long mapId, long shareId, boolean removeComments) {
}
