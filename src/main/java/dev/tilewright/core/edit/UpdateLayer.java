package dev.tilewright.core.edit;

import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.TileMap;

import java.util.Objects;

/** Renames a layer, hides or locks it, or changes its opacity, offset or tint (see {@link LayerPatch}). */
public record UpdateLayer(int layerId, LayerPatch patch) implements MapOp {

    public UpdateLayer {
        Objects.requireNonNull(patch, "patch");
    }

    @Override
    public Applied applyTo(TileMap map) {
        Layer layer = Checks.layer(map, layerId);
        LayerAttributes next;
        try {
            next = patch.applyTo(layer.attributes());
        } catch (IllegalArgumentException e) {
            throw new InvalidOpException("patch", e.getMessage());
        }
        LayerAttributes previous = layer.setAttributes(next);
        map.layerAttributesChanged();
        return new Applied(this, new UpdateLayer(layerId, patch.inverseFor(previous)));
    }
}
