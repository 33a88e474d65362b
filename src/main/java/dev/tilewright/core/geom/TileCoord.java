package dev.tilewright.core.geom;

/** The column and row of a tile. Which tile a point lies in is the map's {@link Projection}'s to say. */
public record TileCoord(int x, int y) {
}
