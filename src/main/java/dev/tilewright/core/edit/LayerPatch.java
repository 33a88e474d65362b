package dev.tilewright.core.edit;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.Parallax;

import java.util.Objects;

/**
 * The layer attributes an {@link UpdateLayer} changes; null fields stay. A tint or color of {@code ""} removes it, as
 * a className of {@code ""} does the class.
 */
public record LayerPatch(String name, Boolean visible, Boolean locked, Double opacity, Difference offset,
                         String tint, String color, String className, Parallax parallax, String blendMode,
                         String drawOrder) {

    /** A patch of the attributes every layer had before classes, parallax and blend modes. */
    public LayerPatch(String name, Boolean visible, Boolean locked, Double opacity, Difference offset, String tint,
                      String color) {
        this(name, visible, locked, opacity, offset, tint, color, null, null, null, null);
    }

    LayerAttributes applyTo(LayerAttributes a) {
        return new LayerAttributes(or(name, a.name()), or(visible, a.visible()), or(locked, a.locked()),
                or(opacity, a.opacity()), or(offset, a.offset()), removable(tint, a.tint()),
                removable(color, a.color()), a.properties(), or(className, a.className()), or(parallax, a.parallax()),
                or(blendMode, a.blendMode()), or(drawOrder, a.drawOrder()));
    }

    LayerPatch inverseFor(LayerAttributes a) {
        return new LayerPatch(name == null ? null : a.name(), visible == null ? null : a.visible(),
                locked == null ? null : a.locked(), opacity == null ? null : a.opacity(),
                offset == null ? null : a.offset(), tint == null ? null : Objects.requireNonNullElse(a.tint(), ""),
                color == null ? null : Objects.requireNonNullElse(a.color(), ""),
                className == null ? null : a.className(), parallax == null ? null : a.parallax(),
                blendMode == null ? null : a.blendMode(), drawOrder == null ? null : a.drawOrder());
    }

    private static String removable(String patched, String current) {
        return patched == null ? current : patched.isEmpty() ? null : patched;
    }

    private static <T> T or(T patched, T current) {
        return Objects.requireNonNullElse(patched, current);
    }
}
