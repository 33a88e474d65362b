package dev.tilewright.core.model;

import dev.tilewright.core.geom.Difference;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What a designer can set on any layer, apart from its content. Left out (null), a layer is visible, unlocked,
 * opaque, of no class, scrolls with the map and blends normally; the accessors never return null.
 *
 * @param opacity   0 (invisible) to 1 (opaque)
 * @param offset    drawing offset in pixels, as Tiled's {@code offsetx/offsety}
 * @param tint      Tiled's tint colour {@code #rrggbb} or {@code #aarrggbb}, or null for none
 * @param color     an object layer's colour, which outlines and fills its shapes ({@code #rrggbb} or
 *                  {@code #aarrggbb}), or null for Tiled's default grey; other layers have none
 * @param className Tiled's class of the layer (since Tiled 1.9); empty for none
 * @param parallax  the layer's parallax scrolling factors (Tiled 1.5+)
 * @param blendMode how the layer is blended onto what is below it, by Tiled 1.12's names (normal, add, multiply,
 *                  screen, overlay, darken, lighten, color-dodge, color-burn, hard-light, soft-light, difference,
 *                  exclusion)
 * @param drawOrder an object layer's drawing order: "index" (as the objects are listed) or "topdown" (Tiled's
 *                  default for files: sorted by y, top first, a stable sort); other layers ignore it
 */
public record LayerAttributes(String name, Boolean visible, Boolean locked, Double opacity, Difference offset,
                              String tint, String color, Properties properties, String className, Parallax parallax,
                              String blendMode, String drawOrder) {

    private static final Pattern COLOR = Pattern.compile("#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})");
    /** Tiled 1.12's blend modes, by the names it writes. */
    public static final java.util.Set<String> BLEND_MODES = java.util.Set.of("normal", "add", "multiply", "screen",
            "overlay", "darken", "lighten", "color-dodge", "color-burn", "hard-light", "soft-light", "difference",
            "exclusion");

    /**
     * A layer's attributes as drawn inside a group with {@code group}'s: visible when both are, locked when either is,
     * opacity and parallax factors multiplied, offsets added, tints multiplied (a tint left out is white).
     */
    public static LayerAttributes within(LayerAttributes group, LayerAttributes layer) {
        return new LayerAttributes(layer.name(), group.visible() && layer.visible(), group.locked() || layer.locked(),
                group.opacity() * layer.opacity(), group.offset().plus(layer.offset()),
                multiplyTints(group.tint(), layer.tint()), layer.color(), layer.properties(), layer.className(),
                new Parallax(group.parallax().x() * layer.parallax().x(),
                        group.parallax().y() * layer.parallax().y()), layer.blendMode(), layer.drawOrder());
    }

    /** These attributes drawn a further {@code shift} away (a camera's parallax, say). */
    public LayerAttributes shifted(Difference shift) {
        return new LayerAttributes(name, visible, locked, opacity, offset.plus(shift), tint, color, properties,
                className, parallax, blendMode, drawOrder);
    }

    /**
     * Two tints multiplied channel by channel, alpha too (each {@code #rrggbb} or {@code #aarrggbb}; null is white),
     * as Tiled combines a group's tint with its layers'.
     */
    public static String multiplyTints(String a, String b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        long x = argb(a);
        long y = argb(b);
        long out = 0;
        for (int shift = 24; shift >= 0; shift -= 8) {
            long channel = (((x >> shift) & 0xFF) * ((y >> shift) & 0xFF) + 127) / 255;
            out |= channel << shift;
        }
        return String.format(java.util.Locale.ROOT, "#%08x", out);
    }

    private static long argb(String color) {
        long value = Long.parseLong(color.substring(1), 16);
        return color.length() == 7 ? 0xFF000000L | value : value;
    }

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
        className = Objects.requireNonNullElse(className, "");
        parallax = Objects.requireNonNullElse(parallax, Parallax.NONE);
        blendMode = Objects.requireNonNullElse(blendMode, "normal");
        if (!BLEND_MODES.contains(blendMode)) {
            throw new IllegalArgumentException("blend mode '" + blendMode + "' is not one of Tiled's: "
                    + new java.util.TreeSet<>(BLEND_MODES));
        }
        drawOrder = Objects.requireNonNullElse(drawOrder, "index");
        if (!drawOrder.equals("index") && !drawOrder.equals("topdown")) {
            throw new IllegalArgumentException("draw order is index or topdown, was '" + drawOrder + "'");
        }
    }

    /** Whether an object layer draws its objects sorted by y (Tiled's topdown) rather than as listed. */
    public boolean drawsTopDown() {
        return drawOrder.equals("topdown");
    }

    /** A layer of no class, scrolling with the map, blended normally. */
    public LayerAttributes(String name, Boolean visible, Boolean locked, Double opacity, Difference offset, String tint,
                           String color, Properties properties) {
        this(name, visible, locked, opacity, offset, tint, color, properties, null, null, null, null);
    }

    public static LayerAttributes named(String name) {
        return new LayerAttributes(name, true, false, 1.0, Difference.ZERO, null, null, Properties.EMPTY);
    }

    public LayerAttributes withDrawOrder(String newDrawOrder) {
        return new LayerAttributes(name, visible, locked, opacity, offset, tint, color, properties, className, parallax,
                blendMode, newDrawOrder);
    }

    public LayerAttributes withProperties(Properties newProperties) {
        return new LayerAttributes(name, visible, locked, opacity, offset, tint, color, newProperties, className,
                parallax, blendMode, drawOrder);
    }
}
