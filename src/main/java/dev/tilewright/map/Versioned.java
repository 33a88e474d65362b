package dev.tilewright.map;

import dev.tilewright.core.model.TileMap;

/** A map at one version, detached from the cache: a read-only view of the current one, or a past one rebuilt. */
public record Versioned(long version, TileMap map) {
}
