package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/** Sets individual cells of a tile layer, in order (a cell named twice ends with the later gid). */
public record Paint(int layerId, List<Cell> cells) implements MapOp {

    public Paint {
        cells = List.copyOf(Objects.requireNonNull(cells, "cells"));
    }

    @Override
    public Applied applyTo(TileMap map) {
        TileLayer layer = Checks.tileLayer(map, layerId);
        int[] gids = new int[cells.size()];
        for (int i = 0; i < cells.size(); i++) {
            Cell cell = cells.get(i);
            Checks.cell(map, cell.x(), cell.y(), "cells[" + i + "]");
            gids[i] = Checks.cellValue(map, layer, cell.gid(), "cells[" + i + "].gid");
        }
        List<Cell> previous = new ArrayList<>(cells.size());
        for (int i = 0; i < cells.size(); i++) {
            Cell cell = cells.get(i);
            int old = layer.set(cell.x(), cell.y(), gids[i]);
            previous.add(new Cell(cell.x(), cell.y(), Integer.toUnsignedLong(old)));
        }
        Collections.reverse(previous);
        return new Applied(this, new Paint(layerId, previous));
    }

    @Override
    public long cellCount() {
        return cells.size();
    }

    @Override
    public void touchedTiles(TileMap map, Consumer<TileRect> touched) {
        cells.forEach(cell -> touched.accept(new TileRect(cell.x(), cell.y(), 1, 1)));
    }
}
