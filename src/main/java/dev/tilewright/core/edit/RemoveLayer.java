package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.ArrayList;
import java.util.List;

/**
 * Removes a layer with its content. The inverse is a batch that adds the layer back at its place and restores
 * its non-empty chunks and its objects, so undo needs nothing but ops.
 */
public record RemoveLayer(int layerId) implements MapOp {

    @Override
    public Applied applyTo(TileMap map) {
        Layer layer = Checks.layer(map, layerId);
        int index = map.layerIndex(layerId);
        List<MapOp> restore = new ArrayList<>();
        restore.add(new AddLayer(layerId, layer.kind(), layer.attributes(), index,
                layer instanceof ImageLayer picture ? picture.image() : null));
        if (layer instanceof TileLayer tiles) {
            restoreChunks(tiles, restore);
        } else if (layer instanceof ObjectLayer objects) {
            for (MapObject object : objects.objects()) {
                restore.add(new AddObject(layerId, object));
            }
        }
        map.removeLayer(layerId);
        return new Applied(this, new Batch(restore));
    }

    private static void restoreChunks(TileLayer tiles, List<MapOp> restore) {
        for (int cy = 0; cy < tiles.chunksY(); cy++) {
            for (int cx = 0; cx < tiles.chunksX(); cx++) {
                if (tiles.chunk(cx, cy) == null) {
                    continue;
                }
                TileRect rect = tiles.bounds().intersection(new TileRect(cx * TileLayer.CHUNK_SIZE,
                        cy * TileLayer.CHUNK_SIZE, TileLayer.CHUNK_SIZE, TileLayer.CHUNK_SIZE));
                restore.add(PutRegion.of(tiles.id(), rect, tiles.read(rect)));
            }
        }
    }
}
