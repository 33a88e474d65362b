package dev.tilewright.core.model;

import dev.tilewright.core.geom.Difference;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What a designer can set on any layer, apart from its content. Left out (null), a layer is visible, unlocked and
 * opaque; the accessors never return null.
 *
 * @param opacity 0 (invisible) to 1 (opaque)
 * @param offset  drawing offset in pixels, as Tiled's {@code offsetx/offsety}
 * @param tint    Tiled's tint colour {@code #rrggbb} or {@code #aarrggbb}, or null for none
 * @param color   an object layer's colour, which outlines and fills its shapes ({@code #rrggbb} or
 *                {@code #aarrggbb}), or null for Tiled's default grey; other layers have none
 */
public record LayerAttributes(String name, Boolean visible, Boolean locked, Double opacity, Difference offset,
                              String tint, String color, Properties properties) {

    private static final Pattern COLOR = Pattern.compile("#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})");

    public LayerAttributes {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("layer name must not be blank");
        }
        visible = Objects.requireNonNullElse(visible, true);
        locked = Objects.requireNonNullElse(locked, false);
        opacity = Objects.requireNonNullElse(opacity, 1.0);
        if (!(opacity >= 0 && opacity <= 1)) {
            throw new IllegalArgumentException("layer opacity must be between 0 and 1, was " + opacity);
        }
        offset = Objects.requireNonNullElse(offset, Difference.ZERO);
        if (tint != null && !COLOR.matcher(tint).matches()) {
            throw new IllegalArgumentException("layer tint must be #rrggbb or #aarrggbb, was '" + tint + "'");
        }
        if (color != null && !COLOR.matcher(color).matches()) {
            throw new IllegalArgumentException("layer color must be #rrggbb or #aarrggbb, was '" + color + "'");
        }
        properties = Objects.requireNonNullElse(properties, Properties.EMPTY);
    }

    public static LayerAttributes named(String name) {
        return new LayerAttributes(name, true, false, 1.0, Difference.ZERO, null, null, Properties.EMPTY);
    }

    public LayerAttributes withProperties(Properties newProperties) {
        return new LayerAttributes(name, visible, locked, opacity, offset, tint, color, newProperties);
    }
}
