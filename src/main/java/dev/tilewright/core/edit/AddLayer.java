package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
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
 * @param image   what an image layer shows (null: nothing yet); only for kind image
 */
public record AddLayer(Integer layerId, LayerKind kind, LayerAttributes attributes, Integer index,
                       ImageLayer.Image image) implements MapOp {

    public AddLayer(Integer layerId, LayerKind kind, LayerAttributes attributes, Integer index) {
        this(layerId, kind, attributes, index, null);
    }


    public AddLayer {
        layerId = Objects.requireNonNullElse(layerId, 0);
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
        int at = index == null ? map.layers().size() : index;
        if (at < 0 || at > map.layers().size()) {
            throw new InvalidOpException("index", "layer index " + at + " is outside 0.." + map.layers().size());
        }
        if (kind != LayerKind.IMAGE && image != null) {
            throw new InvalidOpException("image", "only an image layer has an image");
        }
        int id = layerId == 0 ? map.takeLayerId() : layerId;
        Layer layer = switch (kind) {
            case TILE -> new TileLayer(id, attributes, map.width(), map.height());
            case OBJECT -> new ObjectLayer(id, attributes);
            case IMAGE -> new ImageLayer(id, attributes, image);
        };
        map.insertLayer(at, layer);
        return new Applied(new AddLayer(id, kind, attributes, at, image), new RemoveLayer(id));
    }

    @Override
    public void touchedTiles(TileMap map, Consumer<TileRect> touched) {
        touched.accept(map.bounds());
    }
}
