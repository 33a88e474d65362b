package dev.tilewright.core.edit;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.model.LayerAttributes;

import java.util.Objects;

/**
 * The layer attributes an {@link UpdateLayer} changes; null fields stay. A tint or color of {@code ""} removes it.
 */
public record LayerPatch(String name, Boolean visible, Boolean locked, Double opacity, Difference offset,
                         String tint, String color) {

    LayerAttributes applyTo(LayerAttributes a) {
        return new LayerAttributes(or(name, a.name()), or(visible, a.visible()), or(locked, a.locked()),
                or(opacity, a.opacity()), or(offset, a.offset()), removable(tint, a.tint()),
                removable(color, a.color()), a.properties());
    }

    LayerPatch inverseFor(LayerAttributes a) {
        return new LayerPatch(name == null ? null : a.name(), visible == null ? null : a.visible(),
                locked == null ? null : a.locked(), opacity == null ? null : a.opacity(),
                offset == null ? null : a.offset(), tint == null ? null : Objects.requireNonNullElse(a.tint(), ""),
                color == null ? null : Objects.requireNonNullElse(a.color(), ""));
    }

    private static String removable(String patched, String current) {
        return patched == null ? current : patched.isEmpty() ? null : patched;
    }

    private static <T> T or(T patched, T current) {
        return Objects.requireNonNullElse(patched, current);
    }
}
