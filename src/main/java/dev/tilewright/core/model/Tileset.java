package dev.tilewright.core.model;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A tileset, as Tiled has them. Either an atlas cut into a grid of equal tiles (the first tile starts at
 * ({@code margin}, {@code margin}); neighbours are {@code spacing} pixels apart; a partial tile at the right or
 * bottom edge is not a tile; local ids run row-major from 0), or an image collection ({@code columns == 0}, no
 * atlas image) whose tiles each have their own image and whose ids may have gaps. {@code tileCount} is the span
 * of local ids the tileset reserves in a map: for a collection, the highest id plus one.
 *
 * @param transparentColor the colour key as 0xRRGGBB drawn transparent, or null for none
 * @param tileOffsetX      pixels every tile is drawn shifted right (Tiled's tileoffset)
 * @param imageSource      the atlas image's file name as written in a .tsx, or null for an image collection
 * @param tiles            per-tile data by local id; tiles without any are absent
 * @param settings         class, object alignment, render size, transformations, grid and Wang sets
 */
public record Tileset(String name, int tileWidth, int tileHeight, int margin, int spacing, int columns, int tileCount,
                      int imageWidth, int imageHeight, Integer transparentColor, int tileOffsetX, int tileOffsetY,
                      String imageSource, Properties properties, Map<Integer, TileData> tiles,
                      TilesetSettings settings) {

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
        requireNotNegative("columns", columns);
        requirePositive("tileCount", tileCount);
        if (transparentColor != null && (transparentColor & 0xFF000000) != 0) {
            throw new IllegalArgumentException("transparentColor must be 0xRRGGBB");
        }
        properties = Objects.requireNonNullElse(properties, Properties.EMPTY);
        tiles = Map.copyOf(Objects.requireNonNullElse(tiles, Map.of()));
        for (Map.Entry<Integer, TileData> tile : tiles.entrySet()) {
            requireTile(tile.getKey(), tileCount);
            boolean hasImage = tile.getValue().image() != null;
            if (hasImage != (columns == 0)) {
                throw new IllegalArgumentException("tile " + tile.getKey() + (hasImage
                        ? " has its own image, but the tileset is an atlas"
                        : " has no image, but the tileset is an image collection"));
            }
        }
        if (columns == 0 && (imageSource != null || tiles.isEmpty())) {
            throw new IllegalArgumentException("an image-collection tileset has no atlas image and at least one tile");
        }
        settings = Objects.requireNonNullElse(settings, TilesetSettings.DEFAULT);
        for (WangSet set : settings.wangSets()) {
            requireTileOrNone("Wang set '" + set.name() + "'", set.tile(), tileCount);
            for (WangSet.WangColor color : set.colors()) {
                requireTileOrNone("Wang colour '" + color.name() + "'", color.tile(), tileCount);
            }
            for (int tile : set.tiles().keySet()) {
                requireTile(tile, tileCount);
            }
        }
    }

    /** Tileset constructor for what has no settings beyond Tiled's defaults. */
    public Tileset(String name, int tileWidth, int tileHeight, int margin, int spacing, int columns, int tileCount,
                   int imageWidth, int imageHeight, Integer transparentColor, int tileOffsetX, int tileOffsetY,
                   String imageSource, Properties properties, Map<Integer, TileData> tiles) {
        this(name, tileWidth, tileHeight, margin, spacing, columns, tileCount, imageWidth, imageHeight,
                transparentColor, tileOffsetX, tileOffsetY, imageSource, properties, tiles, TilesetSettings.DEFAULT);
    }

    private static void requireTileOrNone(String what, int tile, int tileCount) {
        if (tile >= tileCount) {
            throw new IllegalArgumentException(what + ": tile " + tile + " is outside the tileset's 0.."
                    + (tileCount - 1));
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
                imageHeight, transparentColor, 0, 0, name + ".png", Properties.EMPTY, Map.of());
    }

    private static int fit(int imageSize, int tileSize, int margin, int spacing) {
        long usable = (long) imageSize - 2L * margin + spacing;
        return usable < tileSize + spacing ? 0 : (int) (usable / (tileSize + spacing));
    }

    public boolean isCollection() {
        return columns == 0;
    }

    public int rows() {
        return isCollection() ? 0 : tileCount / columns + (tileCount % columns == 0 ? 0 : 1);
    }

    /** Pixel x of the left edge of a local tile in the atlas. */
    public int tileX(int localId) {
        return margin + (localId % columns) * (tileWidth + spacing);
    }

    public int tileY(int localId) {
        return margin + (localId / columns) * (tileHeight + spacing);
    }

    /** True when the local id names a tile: any id below tileCount in an atlas, a listed one in a collection. */
    public boolean hasTile(int localId) {
        return localId >= 0 && localId < tileCount && (!isCollection() || tiles.containsKey(localId));
    }

    public TileData tile(int localId) {
        requireTile(localId, tileCount);
        return tiles.getOrDefault(localId, TileData.EMPTY);
    }

    public Properties tileProperties(int localId) {
        return tile(localId).properties();
    }

    public boolean isSolid(int localId) {
        return tileProperties(localId).flag(SOLID);
    }

    /** The same tileset with its atlas image (and collection tiles' images) known by other paths, as in an export. */
    public Tileset withImageSources(String atlas, java.util.function.IntFunction<String> tileImage) {
        Map<Integer, TileData> renamed = new TreeMap<>();
        tiles.forEach((id, data) -> renamed.put(id, data.image() == null ? data : new TileData(data.properties(),
                data.type(), data.probability(), data.animation(), data.collision(),
                new TileData.TileImage(tileImage.apply(id), data.image().width(), data.image().height(),
                        data.image().part()),
                data.collisionId())));
        return new Tileset(name, tileWidth, tileHeight, margin, spacing, columns, tileCount, imageWidth, imageHeight,
                transparentColor, tileOffsetX, tileOffsetY, isCollection() ? null : atlas, properties, renamed, settings);
    }

    public Tileset withSettings(TilesetSettings next) {
        return new Tileset(name, tileWidth, tileHeight, margin, spacing, columns, tileCount, imageWidth, imageHeight,
                transparentColor, tileOffsetX, tileOffsetY, imageSource, properties, tiles, next);
    }

    public Tileset withProperties(Properties newProperties) {
        return new Tileset(name, tileWidth, tileHeight, margin, spacing, columns, tileCount, imageWidth, imageHeight,
                transparentColor, tileOffsetX, tileOffsetY, imageSource, newProperties, tiles, settings);
    }

    public Tileset withTileProperties(int localId, Properties tileProperties) {
        return withTile(localId, tile(localId).withProperties(tileProperties));
    }

    public Tileset withTile(int localId, TileData data) {
        requireTile(localId, tileCount);
        Map<Integer, TileData> copy = new TreeMap<>(tiles);
        if (data.isEmpty()) {
            copy.remove(localId);
        } else {
            copy.put(localId, data);
        }
        return new Tileset(name, tileWidth, tileHeight, margin, spacing, columns, tileCount, imageWidth, imageHeight,
                transparentColor, tileOffsetX, tileOffsetY, imageSource, properties, copy, settings);
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
