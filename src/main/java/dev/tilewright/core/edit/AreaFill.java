package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.TileMap;

import java.util.function.Consumer;

/**
 * An op that sets a rectangle of a tile layer as a whole (one gid, or the cells of a past version): cheap per cell, so
 * limited as fills are, and what it touches is its rectangle.
 */
sealed interface AreaFill extends MapOp permits FillRect, RestoreCells {

    int x();

    int y();

    int width();

    int height();

    @Override
    default long fillCells() {
        return (long) Math.max(0, width()) * Math.max(0, height());
    }

    @Override
    default void touchedTiles(TileMap map, Consumer<TileRect> touched) {
        touched.accept(new TileRect(x(), y(), width(), height()));
    }
}
