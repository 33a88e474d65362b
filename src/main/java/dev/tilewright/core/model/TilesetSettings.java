package dev.tilewright.core.model;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What Tiled keeps on a tileset besides its image and tiles: its class, how tile objects are aligned on their
 * position, at which size and how tiles are drawn, the flips and rotations the terrain brush may use, the grid the
 * tileset is shown in, its Wang sets and its background colour.
 *
 * @param className       Tiled's class of the tileset; empty for none
 * @param objectAlignment where a tile object's position is on its tile image: unspecified (bottom-left in an
 *                        orthogonal map), topleft, top, topright, left, center, right, bottomleft, bottom, bottomright
 * @param tileRenderSize  "tile" (tiles drawn at their own size) or "grid" (scaled to the map's tile size)
 * @param fillMode        with "grid": "stretch" or "preserve-aspect-fit"
 * @param transformations the flips and rotations allowed for its tiles (Tiled's {@code <transformations>}), or null
 * @param grid            the grid the tileset is shown in (Tiled's {@code <grid>}), or null
 * @param backgroundColor the colour Tiled shows behind its tiles in the tileset view ({@code #rrggbb} or
 *                        {@code #aarrggbb}), or null
 */
public record TilesetSettings(String className, String objectAlignment, String tileRenderSize, String fillMode,
                              Transformations transformations, Grid grid, List<WangSet> wangSets,
                              String backgroundColor) {

    private static final java.util.regex.Pattern COLOR = java.util.regex.Pattern.compile("#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})");

    private static final Set<String> ALIGNMENTS = Set.of("unspecified", "topleft", "top", "topright", "left", "center",
            "right", "bottomleft", "bottom", "bottomright");

    public static final TilesetSettings DEFAULT = new TilesetSettings("", "unspecified", "tile", "stretch", null, null,
            List.of(), null);

    /** Settings without a background colour. */
    public TilesetSettings(String className, String objectAlignment, String tileRenderSize, String fillMode,
                           Transformations transformations, Grid grid, List<WangSet> wangSets) {
        this(className, objectAlignment, tileRenderSize, fillMode, transformations, grid, wangSets, null);
    }

    public TilesetSettings {
        className = Objects.requireNonNullElse(className, "");
        objectAlignment = Objects.requireNonNullElse(objectAlignment, "unspecified");
        if (!ALIGNMENTS.contains(objectAlignment)) {
            throw new IllegalArgumentException("object alignment '" + objectAlignment + "' is not one of " + ALIGNMENTS);
        }
        tileRenderSize = Objects.requireNonNullElse(tileRenderSize, "tile");
        if (!tileRenderSize.equals("tile") && !tileRenderSize.equals("grid")) {
            throw new IllegalArgumentException("tile render size is tile or grid, was '" + tileRenderSize + "'");
        }
        fillMode = Objects.requireNonNullElse(fillMode, "stretch");
        if (!fillMode.equals("stretch") && !fillMode.equals("preserve-aspect-fit")) {
            throw new IllegalArgumentException("fill mode is stretch or preserve-aspect-fit, was '" + fillMode + "'");
        }
        wangSets = List.copyOf(Objects.requireNonNullElse(wangSets, List.of()));
        if (backgroundColor != null && !COLOR.matcher(backgroundColor).matches()) {
            throw new IllegalArgumentException("a tileset's background colour is #rrggbb or #aarrggbb, was '"
                    + backgroundColor + "'");
        }
    }

    /** The flips and rotations Tiled may apply to the tileset's tiles (terrain brush, random mode). */
    public record Transformations(boolean hflip, boolean vflip, boolean rotate, boolean preferUntransformed) {
    }

    /** The grid a tileset's tiles are shown in: orthogonal or isometric, with a cell size. */
    public record Grid(String orientation, int width, int height) {
        public Grid {
            if (!"orthogonal".equals(orientation) && !"isometric".equals(orientation)) {
                throw new IllegalArgumentException("a tileset grid is orthogonal or isometric, was '" + orientation + "'");
            }
            if (width < 1 || height < 1) {
                throw new IllegalArgumentException("a tileset grid's cells must have a positive size");
            }
        }
    }

    /**
     * The point of a tile's image that lies on a tile object's position, as fractions of its width and height;
     * unspecified is the bottom-left corner, on an isometric map the bottom's middle (as Tiled has it).
     */
    public double[] alignmentPoint(boolean isometricMap) {
        if (isometricMap && objectAlignment.equals("unspecified")) {
            return new double[]{0.5, 1};
        }
        return switch (objectAlignment) {
            case "topleft" -> new double[]{0, 0};
            case "top" -> new double[]{0.5, 0};
            case "topright" -> new double[]{1, 0};
            case "left" -> new double[]{0, 0.5};
            case "center" -> new double[]{0.5, 0.5};
            case "right" -> new double[]{1, 0.5};
            case "bottom" -> new double[]{0.5, 1};
            case "bottomright" -> new double[]{1, 1};
            default -> new double[]{0, 1};
        };
    }

    public TilesetSettings withWangSets(List<WangSet> next) {
        return new TilesetSettings(className, objectAlignment, tileRenderSize, fillMode, transformations, grid, next,
                backgroundColor);
    }
}
