package dev.tilewright.core.geom;

/**
 * The column and row of a tile. World positions map to tiles with {@code floor((world - offset) / tileSize)}:
 * a floor, not a cast, so that world -0.5 lies in tile -1.
 */
public record TileCoord(int x, int y) {

    /** The tile that contains {@code position} in a grid of the given tile size whose tile (0,0) starts at offset. */
    public static TileCoord containing(Position position, Position offset, int tileWidth, int tileHeight) {
        if (tileWidth <= 0 || tileHeight <= 0) {
            throw new IllegalArgumentException("tile size must be positive, was " + tileWidth + "x" + tileHeight);
        }
        return new TileCoord(
                (int) Math.floor((position.x() - offset.x()) / tileWidth),
                (int) Math.floor((position.y() - offset.y()) / tileHeight));
    }

    /** The world position of this tile's top-left corner. */
    public Position topLeft(Position offset, int tileWidth, int tileHeight) {
        return new Position(offset.x() + (double) x * tileWidth, offset.y() + (double) y * tileHeight);
    }
}
