package dev.tilewright.map;

/** Another instance changed (made, answered, resolved, deleted) a review thread of a map. */
public record ThreadElsewhere(long mapId, long threadId) {
}
