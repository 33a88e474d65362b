package dev.tilewright.tileset;

import dev.tilewright.core.model.Tileset;

/** A tileset as kept by the service: its id, the project it belongs to and its domain value. */
public record StoredTileset(long id, long projectId, Tileset tileset) {
}
