package dev.tilewright.core.edit;

import dev.tilewright.core.model.GroupLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.TileMap;

/**
 * Moves a layer (a group with all its layers) to another place in the list (0 = bottom), where it stands once moved;
 * into another group with {@code parentId} (0: out of every group; null: it stays in its own).
 */
public record MoveLayer(int layerId, int index, Integer parentId) implements MapOp {

    public MoveLayer(int layerId, int index) {
        this(layerId, index, null);
    }

    @Override
    public Applied applyTo(TileMap map) {
        Layer layer = Checks.layer(map, layerId);
        int from = map.layerIndex(layerId);
        int size = map.blockEnd(from) - from;
        if (index < 0 || index > map.layers().size() - size) {
            throw new InvalidOpException("index", "layer index " + index + " is outside 0.."
                    + (map.layers().size() - size));
        }
        int previousParent = layer.parentId();
        int parent = parentId == null ? previousParent : parentId;
        if (parent != 0 && !(map.layer(parent).orElse(null) instanceof GroupLayer)) {
            throw new InvalidOpException("parentId", "layer " + parent + " is not a group layer of the map");
        }
        if (parent != 0 && (parent == layerId || map.isIn(map.layer(parent).orElseThrow(), layerId))) {
            throw new InvalidOpException("parentId", "a group cannot go into itself or a group within it");
        }
        try {
            map.moveLayer(layerId, index, parent);
        } catch (IllegalArgumentException misplaced) {
            throw new InvalidOpException("index", "layer index " + index + " is not among the layers of "
                    + (parent == 0 ? "the map's top level" : "group " + parent) + ": " + misplaced.getMessage());
        }
        return new Applied(new MoveLayer(layerId, index, parentId == null ? null : parent),
                new MoveLayer(layerId, from, parentId == null ? null : previousParent));
    }
}
