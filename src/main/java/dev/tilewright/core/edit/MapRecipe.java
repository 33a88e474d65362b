package dev.tilewright.core.edit;

import dev.tilewright.core.model.GridSettings;
import dev.tilewright.core.model.MapSettings;
import dev.tilewright.core.model.TileMap;

import java.util.ArrayList;
import java.util.List;

/**
 * The ops that rebuild a map's content (layers with their cells and objects, grid settings and overrides) on a blank
 * map with the same header: what a checkpoint of the op log keeps.
 */
public final class MapRecipe {

    private MapRecipe() {
    }

    public static List<MapOp> of(TileMap map) {
        List<MapOp> ops = new ArrayList<>(LayerOps.recreateAll(map.layers()));
        if (!map.settings().equals(MapSettings.DEFAULT)) {
            ops.add(new UpdateMap(map.settings().className(), map.settings().renderOrder(),
                    map.settings().parallaxOrigin()));
        }
        if (!map.gridSettings().equals(GridSettings.DEFAULT)) {
            ops.add(new SetGrid(map.gridSettings()));
        }
        List<OverrideGrid.Element> overrides = new ArrayList<>();
        map.gridOverrides().forEach((x, y, sides) -> overrides.add(new OverrideGrid.Element(x, y, sides)));
        if (!overrides.isEmpty()) {
            ops.add(new OverrideGrid(null, overrides));
        }
        return ops;
    }
}
