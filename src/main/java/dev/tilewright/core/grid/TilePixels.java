package dev.tilewright.core.grid;

/** Where a grid computed from pixels finds the tiles' pixels. */
@FunctionalInterface
public interface TilePixels {

    /** A tile's image: premultiplied ARGB, row-major. */
    record Image(int width, int height, int[] argb) {
    }

    /** The image of a tileset's tile, or null when it has none. */
    Image image(long tilesetId, int localId);
}
