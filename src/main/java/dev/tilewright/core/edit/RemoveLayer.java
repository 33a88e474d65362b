package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.TileMap;

import java.util.function.Consumer;

/**
 * Removes a layer with its content. The inverse is a batch that adds the layer back at its place and restores
 * its non-empty chunks and its objects ({@link LayerOps#recreate}), so undo needs nothing but ops.
 */
public record RemoveLayer(int layerId) implements MapOp {

    @Override
    public Applied applyTo(TileMap map) {
        Checks.layer(map, layerId);
        int at = map.layerIndex(layerId);
        java.util.List<MapOp> recreate = new java.util.ArrayList<>();
        for (int i = at; i < map.blockEnd(at); i++) {
            recreate.addAll(LayerOps.recreate(map.layers().get(i), i));
        }
        Batch restore = new Batch(recreate);
        map.removeLayer(layerId);
        return new Applied(this, restore);
    }

    @Override
    public void replayOn(TileMap map) {
        Checks.layer(map, layerId);
        map.removeLayer(layerId);
    }

    @Override
    public void touchedTiles(TileMap map, Consumer<TileRect> touched) {
        touched.accept(map.bounds());
    }
}
