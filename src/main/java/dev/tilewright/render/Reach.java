package dev.tilewright.render;

/**
 * How far a tile can reach from its cell: up to its largest side (tiles anchor bottom-left and grow up and right)
 * plus the largest tile offset; it decides which cells around the window can touch it.
 */
record Reach(int size, int offset, int minSize, boolean collections) {
    static Reach of(Atlas[] atlases) {
        int size = 0;
        int offset = 0;
        int minSize = Integer.MAX_VALUE;
        boolean collections = false;
        for (Atlas atlas : atlases) {
            if (atlas == null) {
                continue;
            }
            collections |= atlas.tileset().isCollection();
            minSize = Math.min(minSize, Math.min(atlas.tileset().tileWidth(), atlas.tileset().tileHeight()));
            size = Math.max(size, Math.max(atlas.tileset().tileWidth(), atlas.tileset().tileHeight()));
            for (var tile : atlas.tileset().tiles().values()) {
                if (tile.image() != null) {
                    size = Math.max(size, Math.max(tile.image().width(), tile.image().height()));
                }
            }
            offset = Math.max(offset, Math.max(Math.abs(atlas.tileset().tileOffsetX()),
                    Math.abs(atlas.tileset().tileOffsetY())));
        }
        return new Reach(size, offset, minSize, collections);
    }

    /** Whether every tile covers exactly a square cell of this side, whatever its flips. */
    boolean fitCells(int side) {
        return !collections && offset == 0 && (size == 0 || size == side && minSize == side);
    }
}
