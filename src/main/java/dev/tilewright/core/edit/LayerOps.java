package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileLayer;

import java.util.ArrayList;
import java.util.List;

/** Ops that build a layer up from nothing: what undoes a removal, and how an imported layer enters a map. */
public final class LayerOps {

    private LayerOps() {
    }

    /** The ops that add these layers (bottom first, groups before their layers) to a map that has none. */
    public static List<MapOp> recreateAll(List<Layer> layers) {
        List<MapOp> ops = new ArrayList<>();
        for (int i = 0; i < layers.size(); i++) {
            ops.addAll(recreate(layers.get(i), i));
        }
        return ops;
    }

    /**
     * Adds the layer (same id, attributes and group) at a stack index, then its non-empty chunks, then its objects.
     * A group's layers are recreated by their own calls, after it.
     */
    public static List<MapOp> recreate(Layer layer, int index) {
        List<MapOp> ops = new ArrayList<>();
        ops.add(new AddLayer(layer.id(), layer.kind(), layer.attributes(), index,
                layer instanceof ImageLayer picture ? picture.image() : null,
                layer.parentId() == 0 ? null : layer.parentId()));
        if (layer instanceof TileLayer tiles) {
            for (int cy = 0; cy < tiles.chunksY(); cy++) {
                for (int cx = 0; cx < tiles.chunksX(); cx++) {
                    if (tiles.chunk(cx, cy) == null) {
                        continue;
                    }
                    TileRect rect = tiles.bounds().intersection(new TileRect(cx * TileLayer.CHUNK_SIZE,
                            cy * TileLayer.CHUNK_SIZE, TileLayer.CHUNK_SIZE, TileLayer.CHUNK_SIZE));
                    ops.add(PutRegion.of(tiles.id(), rect, tiles.read(rect)));
                }
            }
        } else if (layer instanceof ObjectLayer objects) {
            for (MapObject object : objects.objects()) {
                ops.add(new AddObject(layer.id(), object));
            }
        }
        return ops;
    }
}
