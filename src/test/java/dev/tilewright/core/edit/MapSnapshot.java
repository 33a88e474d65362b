package dev.tilewright.core.edit;

import dev.tilewright.core.model.GridSettings;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.MapSettings;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Everything observable about a map as one comparable value, for tests. */
public record MapSnapshot(String name, Properties properties, List<LayerSnapshot> layers, GridSettings grid,
                          List<List<Integer>> overrides, MapSettings settings) {

    public record LayerSnapshot(int id, String kind, LayerAttributes attributes, List<Integer> cells,
                                List<MapObject> objects, ImageLayer.Image image, int parentId) {
    }

    public static MapSnapshot of(TileMap map) {
        List<List<Integer>> overrides = new ArrayList<>();
        map.gridOverrides().forEach((x, y, sides) -> overrides.add(List.of(x, y, sides)));
        return new MapSnapshot(map.name(), map.properties(), map.layers().stream().map(MapSnapshot::layer).toList(),
                map.gridSettings(), overrides, map.settings());
    }

    private static LayerSnapshot layer(Layer layer) {
        if (layer instanceof TileLayer tiles) {
            return new LayerSnapshot(layer.id(), "tile", layer.attributes(),
                    Arrays.stream(tiles.read(tiles.bounds())).boxed().toList(), List.of(), null, layer.parentId());
        }
        if (layer instanceof ImageLayer picture) {
            return new LayerSnapshot(layer.id(), "image", layer.attributes(), List.of(), List.of(), picture.image(),
                    layer.parentId());
        }
        if (layer instanceof ObjectLayer objects) {
            return new LayerSnapshot(layer.id(), "object", layer.attributes(), List.of(),
                    List.copyOf(objects.objects()), null, layer.parentId());
        }
        return new LayerSnapshot(layer.id(), layer.kind().wireName(), layer.attributes(), List.of(), List.of(), null,
                layer.parentId());
    }
}
