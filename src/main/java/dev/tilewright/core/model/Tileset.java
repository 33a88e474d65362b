package dev.tilewright.core.model;

import java.util.Map;
import java.util.TreeMap;

/**
 * A tileset cut from one atlas image into a grid of equal tiles, as Tiled does: the first tile starts at
 * ({@code margin}, {@code margin}); neighbouring tiles are {@code spacing} pixels apart; a partial tile at the
 * right or bottom edge is not a tile. Local tile ids run row-major from 0 to {@code tileCount - 1}.
 *
 * @param transparentColor the colour key as 0xRRGGBB whose pixels are drawn transparent, or null for none
 * @param tiles            per-tile custom properties by local id; tiles without properties are absent
 */
public record Tileset(String name, int tileWidth, int tileHeight, int margin, int spacing, int columns, int tileCount,
                      int imageWidth, int imageHeight, Integer transparentColor, Properties properties,
                      Map<Integer, Properties> tiles) {

    /** The property that marks a tile as solid for computed collision grids. */
    public static final String SOLID = "solid";

    public Tileset {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("tileset name must not be blank");
        }
        requirePositive("tileWidth", tileWidth);
        requirePositive("tileHeight", tileHeight);
        requireNotNegative("margin", margin);
        requireNotNegative("spacing", spacing);
        requirePositive("columns", columns);
        requirePositive("tileCount", tileCount);
        if (transparentColor != null && (transparentColor & 0xFF000000) != 0) {
            throw new IllegalArgumentException("transparentColor must be 0xRRGGBB");
        }
        properties = properties == null ? Properties.EMPTY : properties;
        tiles = Map.copyOf(tiles == null ? Map.of() : tiles);
        for (int id : tiles.keySet()) {
            requireTile(id, tileCount);
        }
    }

    /**
     * Cuts an atlas of the given size into tiles.
     *
     * @throws IllegalArgumentException when not one whole tile fits the image, naming the sizes
     */
    public static Tileset grid(String name, int imageWidth, int imageHeight, int tileWidth, int tileHeight,
                               int margin, int spacing, Integer transparentColor) {
        requirePositive("tileWidth", tileWidth);
        requirePositive("tileHeight", tileHeight);
        requireNotNegative("margin", margin);
        requireNotNegative("spacing", spacing);
        int columns = fit(imageWidth, tileWidth, margin, spacing);
        int rows = fit(imageHeight, tileHeight, margin, spacing);
        if (columns < 1 || rows < 1) {
            throw new IllegalArgumentException("a " + tileWidth + "x" + tileHeight + " tile with margin " + margin
                    + " and spacing " + spacing + " does not fit the " + imageWidth + "x" + imageHeight + " image");
        }
        return new Tileset(name, tileWidth, tileHeight, margin, spacing, columns, columns * rows, imageWidth,
                imageHeight, transparentColor, Properties.EMPTY, Map.of());
    }

    private static int fit(int imageSize, int tileSize, int margin, int spacing) {
        long usable = (long) imageSize - 2L * margin + spacing;
        return usable < tileSize + spacing ? 0 : (int) (usable / (tileSize + spacing));
    }

    public int rows() {
        return tileCount / columns + (tileCount % columns == 0 ? 0 : 1);
    }

    /** Pixel x of the left edge of a local tile in the atlas. */
    public int tileX(int localId) {
        return margin + (localId % columns) * (tileWidth + spacing);
    }

    public int tileY(int localId) {
        return margin + (localId / columns) * (tileHeight + spacing);
    }

    public Properties tileProperties(int localId) {
        requireTile(localId, tileCount);
        return tiles.getOrDefault(localId, Properties.EMPTY);
    }

    public boolean isSolid(int localId) {
        return tileProperties(localId).flag(SOLID);
    }

    public Tileset withTileProperties(int localId, Properties tileProperties) {
        requireTile(localId, tileCount);
        Map<Integer, Properties> copy = new TreeMap<>(tiles);
        if (tileProperties.isEmpty()) {
            copy.remove(localId);
        } else {
            copy.put(localId, tileProperties);
        }
        return new Tileset(name, tileWidth, tileHeight, margin, spacing, columns, tileCount, imageWidth, imageHeight,
                transparentColor, properties, copy);
    }

    private static void requireTile(int localId, int tileCount) {
        if (localId < 0 || localId >= tileCount) {
            throw new IllegalArgumentException("tile " + localId + " is outside the tileset's 0.." + (tileCount - 1));
        }
    }

    private static void requirePositive(String field, int value) {
        if (value <= 0) {
            throw new IllegalArgumentException(field + " must be positive, was " + value);
        }
    }

    private static void requireNotNegative(String field, int value) {
        if (value < 0) {
            throw new IllegalArgumentException(field + " must not be negative, was " + value);
        }
    }
}
