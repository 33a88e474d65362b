package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.TileMap;

import java.util.function.Consumer;

/**
 * Removes a layer with its content. The inverse is a batch that adds the layer back at its place and restores
 * its non-empty chunks and its objects ({@link LayerOps#recreate}), so undo needs nothing but ops.
 */
public record RemoveLayer(int layerId) implements MapOp {

    @Override
    public Applied applyTo(TileMap map) {
        Layer layer = Checks.layer(map, layerId);
        Batch restore = new Batch(LayerOps.recreate(layer, map.layerIndex(layerId)));
        map.removeLayer(layerId);
        return new Applied(this, restore);
    }

    @Override
    public void touchedTiles(TileMap map, Consumer<TileRect> touched) {
        touched.accept(map.bounds());
    }
}
