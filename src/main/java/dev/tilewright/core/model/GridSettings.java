package dev.tilewright.core.model;

import java.util.Objects;
import java.util.Optional;

/**
 * How a map's collision grid is computed. Every field may be left out (null) for its default.
 *
 * @param elementWidth     grid element width in pixels, dividing the tile width (null: the tile width)
 * @param elementHeight    grid element height in pixels, dividing the tile height (null: the tile height)
 * @param source           {@value #TILES}: solidity from the tileset's tile data only ({@code solid} and
 *                         {@code platform}); {@value #PIXELS}: also from the tiles' pixels
 * @param alphaThreshold   (pixels) a pixel counts as solid from this alpha on, 1..255 (default 128)
 * @param solidFraction    (pixels) an element is solid when at least this share of its pixels is, in (0, 1]
 *                         (default 0.5)
 * @param emptyColors      (pixels) colours that occur in tiles marked {@code empty} count as empty everywhere (the
 *                         seed's heuristic; default true)
 * @param transparentColor (pixels) a further colour key, {@code #rrggbb}, whose opaque pixels count as empty
 */
public record GridSettings(Integer elementWidth, Integer elementHeight, String source, Integer alphaThreshold,
                           Double solidFraction, Boolean emptyColors, String transparentColor) {

    public static final String TILES = "tiles";
    public static final String PIXELS = "pixels";
    public static final GridSettings DEFAULT = new GridSettings(null, null, null, null, null, null, null);

    public GridSettings {
        source = Objects.requireNonNullElse(source, TILES);
        alphaThreshold = Objects.requireNonNullElse(alphaThreshold, 128);
        solidFraction = Objects.requireNonNullElse(solidFraction, 0.5);
        emptyColors = Objects.requireNonNullElse(emptyColors, true);
    }

    /** The element width on a map with this tile width. */
    public int elementWidth(int tileWidth) {
        return elementWidth == null ? tileWidth : elementWidth;
    }

    public int elementHeight(int tileHeight) {
        return elementHeight == null ? tileHeight : elementHeight;
    }

    public boolean fromPixels() {
        return PIXELS.equals(source);
    }

    /** The transparent colour as 0xRRGGBB, or -1 for none. */
    public int transparentRgb() {
        return transparentColor == null ? -1 : Integer.parseInt(transparentColor.substring(1), 16);
    }

    /** A field of the settings that does not fit, and why. */
    public record Invalid(String field, String message) {
    }

    /** What is wrong with these settings on a map with these tiles, if anything. */
    public Optional<Invalid> problem(int tileWidth, int tileHeight) {
        if (elementWidth != null && (elementWidth < 1 || tileWidth % elementWidth != 0)) {
            return Optional.of(new Invalid("elementWidth", "the element width must divide the tile width " + tileWidth
                    + " (e.g. 4, 8 or the tile width), was " + elementWidth));
        }
        if (elementHeight != null && (elementHeight < 1 || tileHeight % elementHeight != 0)) {
            return Optional.of(new Invalid("elementHeight", "the element height must divide the tile height " + tileHeight
                    + ", was " + elementHeight));
        }
        if (!TILES.equals(source) && !PIXELS.equals(source)) {
            return Optional.of(new Invalid("source", "source is \"tiles\" or \"pixels\", was \"" + source + "\""));
        }
        if (alphaThreshold < 1 || alphaThreshold > 255) {
            return Optional.of(new Invalid("alphaThreshold", "alphaThreshold is 1..255, was " + alphaThreshold));
        }
        if (!(solidFraction > 0 && solidFraction <= 1)) {
            return Optional.of(new Invalid("solidFraction", "solidFraction is above 0 and at most 1, was " + solidFraction));
        }
        if (transparentColor != null && !transparentColor.matches("#[0-9a-fA-F]{6}")) {
            return Optional.of(new Invalid("transparentColor", "transparentColor is #rrggbb, was \"" + transparentColor + "\""));
        }
        return Optional.empty();
    }
}
