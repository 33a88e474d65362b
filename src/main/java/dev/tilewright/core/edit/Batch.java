package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.TileMap;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Several ops applied in order as one: all or nothing. When an op fails, the ones before it are undone with their
 * inverses and the failure names the op ({@code ops[3].gid}).
 */
public record Batch(List<MapOp> ops) implements MapOp {

    public Batch {
        ops = List.copyOf(Objects.requireNonNull(ops, "ops"));
    }

    @Override
    public Applied applyTo(TileMap map) {
        List<MapOp> applied = new ArrayList<>(ops.size());
        List<MapOp> inverses = new ArrayList<>(ops.size());
        for (int i = 0; i < ops.size(); i++) {
            try {
                Applied result = ops.get(i).applyTo(map);
                applied.add(result.op());
                inverses.add(result.inverse());
            } catch (InvalidOpException e) {
                undo(map, inverses);
                throw e.within("ops[" + i + "]");
            }
        }
        Collections.reverse(inverses);
        return new Applied(new Batch(applied), new Batch(inverses));
    }

    @Override
    public void replayOn(TileMap map) {
        for (int i = 0; i < ops.size(); i++) {
            try {
                ops.get(i).replayOn(map);
            } catch (InvalidOpException e) {
                throw e.within("ops[" + i + "]");
            }
        }
    }

    @Override
    public MapOp resolve(Past past) {
        List<MapOp> resolved = new ArrayList<>(ops.size());
        boolean changed = false;
        for (int i = 0; i < ops.size(); i++) {
            try {
                resolved.add(ops.get(i).resolve(past));
            } catch (InvalidOpException e) {
                throw e.within("ops[" + i + "]");
            }
            changed |= resolved.get(i) != ops.get(i);
        }
        return changed ? new Batch(resolved) : this;
    }

    private static void undo(TileMap map, List<MapOp> inverses) {
        for (int i = inverses.size() - 1; i >= 0; i--) {
            inverses.get(i).applyTo(map);
        }
    }

    @Override
    public long cellCount() {
        return ops.stream().mapToLong(MapOp::cellCount).sum();
    }

    @Override
    public long fillCells() {
        return ops.stream().mapToLong(MapOp::fillCells).sum();
    }

    @Override
    public long longestText() {
        return ops.stream().mapToLong(MapOp::longestText).max().orElse(0);
    }

    @Override
    public int layersAdded() {
        return ops.stream().mapToInt(MapOp::layersAdded).sum();
    }

    @Override
    public int opCount() {
        return ops.stream().mapToInt(MapOp::opCount).sum();
    }

    @Override
    public void touchedTiles(TileMap map, Consumer<TileRect> touched) {
        ops.forEach(op -> op.touchedTiles(map, touched));
    }
}
