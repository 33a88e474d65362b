package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.GroupLayer;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * Adds an empty layer.
 *
 * @param layerId the new layer's id, or 0 for the map's next free id
 * @param index   stack position (0 = bottom), or null for the top
 * @param image    what an image layer shows (null: nothing yet); only for kind image
 * @param parentId the group layer the new layer goes in (0 or null: none); with no index, it goes on top of the
 *                 group's layers
 */
public record AddLayer(Integer layerId, LayerKind kind, LayerAttributes attributes, Integer index,
                       ImageLayer.Image image, Integer parentId) implements MapOp {

    public AddLayer(Integer layerId, LayerKind kind, LayerAttributes attributes, Integer index) {
        this(layerId, kind, attributes, index, null, null);
    }

    public AddLayer(Integer layerId, LayerKind kind, LayerAttributes attributes, Integer index,
                    ImageLayer.Image image) {
        this(layerId, kind, attributes, index, image, null);
    }


    public AddLayer {
        layerId = Objects.requireNonNullElse(layerId, 0);
        parentId = Objects.requireNonNullElse(parentId, 0);
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(attributes, "attributes");
    }

    @Override
    public int layersAdded() {
        return 1;
    }

    @Override
    public Applied applyTo(TileMap map) {
        Checks.newId(layerId, map.nextLayerId(), "layerId", "layer");
        if (layerId != 0 && map.layer(layerId).isPresent()) {
            throw new InvalidOpException("layerId", "layer id " + layerId + " is in use; leave it out for a new one");
        }
        if (parentId != 0 && !(map.layer(parentId).orElse(null) instanceof GroupLayer)) {
            throw new InvalidOpException("parentId", "layer " + parentId + " is not a group layer of the map");
        }
        int at = index == null ? map.topOf(parentId) : index;
        if (at < 0 || at > map.layers().size()) {
            throw new InvalidOpException("index", "layer index " + at + " is outside 0.." + map.layers().size());
        }
        if (kind != LayerKind.IMAGE && image != null) {
            throw new InvalidOpException("image", "only an image layer has an image");
        }
        // where it goes must keep the list a tree: checked before anything changes
        try {
            GroupLayer probe = new GroupLayer(Integer.MAX_VALUE, attributes);
            probe.setParentId(parentId);
            java.util.List<Layer> candidate = new java.util.ArrayList<>(map.layers());
            candidate.add(at, probe);
            TileMap.checkTree(candidate);
        } catch (IllegalArgumentException misplaced) {
            throw new InvalidOpException("index", "layer index " + at + " is not among the layers of "
                    + (parentId == 0 ? "the map's top level" : "group " + parentId));
        }
        int id = layerId == 0 ? map.takeLayerId() : layerId;
        Layer layer = switch (kind) {
            case TILE -> new TileLayer(id, attributes, map.width(), map.height());
            case OBJECT -> new ObjectLayer(id, attributes);
            case IMAGE -> new ImageLayer(id, attributes, image);
            case GROUP -> new GroupLayer(id, attributes);
        };
        layer.setParentId(parentId);
        map.insertLayer(at, layer);
        return new Applied(new AddLayer(id, kind, attributes, at, image, parentId == 0 ? null : parentId),
                new RemoveLayer(id));
    }

    @Override
    public void touchedTiles(TileMap map, Consumer<TileRect> touched) {
        touched.accept(map.bounds());
    }
}
