package dev.tilewright.core.edit;

/**
 * One cell to paint.
 *
 * @param gid the tile with its flip bits, unsigned 32-bit as Tiled writes it (so held in a long); 0 erases
 */
public record Cell(int x, int y, long gid) {
}
