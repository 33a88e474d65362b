package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;


/** Fills a rectangle of a tile layer with one gid (0 erases it). */
public record FillRect(int layerId, int x, int y, int width, int height, long gid) implements AreaFill {

    @Override
    public Applied applyTo(TileMap map) {
        TileLayer layer = Checks.tileLayer(map, layerId);
        TileRect rect = Checks.rect(map, x, y, width, height);
        int value = Checks.cellValue(map, layer, gid, "gid");
        MapOp inverse = FillInverse.of(layerId, layer, rect);
        layer.fill(rect, value);
        return new Applied(this, inverse);
    }

    @Override
    public void replayOn(TileMap map) {
        TileLayer layer = Checks.tileLayer(map, layerId);
        TileRect rect = Checks.rect(map, x, y, width, height);
        layer.fill(rect, Checks.cellValue(map, layer, gid, "gid"));
    }
}
