package dev.tilewright.core.edit;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.model.LayerAttributes;

import java.util.Objects;

/**
 * The layer attributes an {@link UpdateLayer} changes; null fields stay. A tint of {@code ""} removes the tint.
 */
public record LayerPatch(String name, Boolean visible, Boolean locked, Double opacity, Difference offset,
                         String tint) {

    LayerAttributes applyTo(LayerAttributes a) {
        String nextTint = tint == null ? a.tint() : tint.isEmpty() ? null : tint;
        return new LayerAttributes(or(name, a.name()), or(visible, a.visible()), or(locked, a.locked()),
                or(opacity, a.opacity()), or(offset, a.offset()), nextTint, a.properties());
    }

    LayerPatch inverseFor(LayerAttributes a) {
        return new LayerPatch(name == null ? null : a.name(), visible == null ? null : a.visible(),
                locked == null ? null : a.locked(), opacity == null ? null : a.opacity(),
                offset == null ? null : a.offset(), tint == null ? null : Objects.requireNonNullElse(a.tint(), ""));
    }

    private static <T> T or(T patched, T current) {
        return Objects.requireNonNullElse(patched, current);
    }
}
