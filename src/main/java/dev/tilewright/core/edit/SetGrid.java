package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.GridSettings;
import dev.tilewright.core.model.TileMap;

import java.util.function.Consumer;

/**
 * Sets how the map's collision grid is computed. Overrides belong to elements of one size: changing the element
 * size of a map that has overrides is refused (clear them first, in the same batch if wanted).
 */
public record SetGrid(GridSettings settings) implements MapOp {

    @Override
    public Applied applyTo(TileMap map) {
        if (settings == null) {
            throw new InvalidOpException("settings", "settings are required, e.g. {\"elementWidth\":8,"
                    + "\"source\":\"pixels\"}");
        }
        settings.problem(map.tileWidth(), map.tileHeight()).ifPresent(invalid -> {
            throw new InvalidOpException("settings." + invalid.field(), invalid.message());
        });
        GridSettings current = map.gridSettings();
        boolean resized = settings.elementWidth(map.tileWidth()) != current.elementWidth(map.tileWidth())
                || settings.elementHeight(map.tileHeight()) != current.elementHeight(map.tileHeight());
        if (resized && map.gridOverrides().count() > 0) {
            throw new InvalidOpException("settings.elementWidth", "the map has " + map.gridOverrides().count()
                    + " grid overrides on elements of " + current.elementWidth(map.tileWidth()) + "x"
                    + current.elementHeight(map.tileHeight()) + " px; clear them (overrideGrid with clear:true) "
                    + "before changing the element size");
        }
        return new Applied(this, new SetGrid(map.setGridSettings(settings)));
    }

    @Override
    public void touchedTiles(TileMap map, Consumer<TileRect> touched) {
        touched.accept(map.bounds());
    }
}
