package dev.tilewright.core.edit;

import dev.tilewright.core.model.TileLayer;

/** What an op that reads a map's past ({@link RestoreCells}) is resolved against: the map's earlier versions. */
public interface Past {

    /** The version the map is at now (the op, applied, makes the next). */
    long version();

    /** Tile layer {@code layerId} as it was at {@code version} (1..{@link #version()}), or null when it was none. */
    TileLayer tileLayer(long version, int layerId);

    /** No past to read: a map being made. */
    Past NONE = new Past() {
        @Override
        public long version() {
            return 0;
        }

        @Override
        public TileLayer tileLayer(long version, int layerId) {
            return null;
        }
    };
}
