package dev.tilewright.map;

/** A map was deleted (published after the deleting transaction committed): whoever holds it lets it go. */
public record MapDeleted(long mapId) {
}
