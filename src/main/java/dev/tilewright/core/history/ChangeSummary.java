package dev.tilewright.core.history;

import dev.tilewright.core.edit.AddLayer;
import dev.tilewright.core.edit.AddObject;
import dev.tilewright.core.edit.AddTileset;
import dev.tilewright.core.edit.Batch;
import dev.tilewright.core.edit.Cell;
import dev.tilewright.core.edit.FillRect;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.MoveLayer;
import dev.tilewright.core.edit.MoveObject;
import dev.tilewright.core.edit.ObjectPatch;
import dev.tilewright.core.edit.OverrideGrid;
import dev.tilewright.core.edit.Paint;
import dev.tilewright.core.edit.PutRegion;
import dev.tilewright.core.edit.RemoveLayer;
import dev.tilewright.core.edit.RemoveObject;
import dev.tilewright.core.edit.RemoveTileset;
import dev.tilewright.core.edit.RenameMap;
import dev.tilewright.core.edit.SetGrid;
import dev.tilewright.core.edit.SetProperty;
import dev.tilewright.core.edit.UpdateLayer;
import dev.tilewright.core.edit.UpdateMap;
import dev.tilewright.core.edit.UpdateObject;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * What a run of ops did, counted for people: per layer the distinct cells painted and erased (a cell counts once, by
 * what the run last wrote there), objects added, moved, changed and removed (an object added and removed in the same
 * run is neither), whether the layer itself was added, removed, moved or changed, and properties set; for the map its
 * settings, grid, tilesets and properties. Ops are fed in log order with {@link #add}.
 */
public final class ChangeSummary {

    /** One layer's counts. */
    public record LayerCounts(int layerId, String name, long cellsPainted, long cellsErased, int objectsAdded,
                              int objectsMoved, int objectsChanged, int objectsRemoved, boolean added, boolean removed,
                              boolean moved, boolean changed, int properties) {
    }

    /** The counts of a run of ops, and one line saying them. */
    public record Summary(String text, List<LayerCounts> layers, boolean mapChanged, boolean gridChanged,
                          int tilesetsAdded, int tilesetsRemoved, int mapProperties, long ops) {
    }

    private static final class LayerTally {
        final CellSet painted = new CellSet();
        final CellSet erased = new CellSet();
        final Set<Integer> objectsAdded = new HashSet<>();
        final Set<Integer> objectsMoved = new HashSet<>();
        final Set<Integer> objectsChanged = new HashSet<>();
        final Set<Integer> objectsRemoved = new HashSet<>();
        boolean added;
        boolean removed;
        boolean moved;
        boolean changed;
        int properties;
        String name;
    }

    private final Map<Integer, LayerTally> layers = new LinkedHashMap<>();
    private boolean mapChanged;
    private boolean gridChanged;
    private int tilesetsAdded;
    private int tilesetsRemoved;
    private int mapProperties;
    private long ops;
    private long work;

    /** Counts one op (a batch's ops one by one). */
    public void add(MapOp op) {
        ops++;
        count(op);
    }

    /** The cells (and rows of 64 cells) counted so far: what a caller bounds. */
    public long work() {
        return work;
    }

    private LayerTally layer(int id) {
        return layers.computeIfAbsent(id, k -> new LayerTally());
    }

    private void count(MapOp op) {
        if (op instanceof Batch batch) {
            batch.ops().forEach(this::count);
        } else if (op instanceof Paint paint) {
            LayerTally tally = layer(paint.layerId());
            for (Cell cell : paint.cells()) {
                cell(tally, cell.x(), cell.y(), cell.gid());
            }
            work += paint.cells().size();
        } else if (op instanceof FillRect fill) {
            LayerTally tally = layer(fill.layerId());
            boolean painting = fill.gid() != 0;
            work += (painting ? tally.painted : tally.erased).rect(fill.x(), fill.y(), fill.width(), fill.height(),
                    true);
            (painting ? tally.erased : tally.painted).rect(fill.x(), fill.y(), fill.width(), fill.height(), false);
        } else if (op instanceof PutRegion region) {
            LayerTally tally = layer(region.layerId());
            region.forEachWritten((x, y, gid) -> cell(tally, x, y, gid));
            work += region.cellCount();
        } else if (op instanceof dev.tilewright.core.edit.RestoreCells restore) {
            // cells put back as they were at a version: which of them hold a tile is not in the op, so all count painted
            LayerTally tally = layer(restore.layerId());
            work += tally.painted.rect(restore.x(), restore.y(), restore.width(), restore.height(), true);
            tally.erased.rect(restore.x(), restore.y(), restore.width(), restore.height(), false);
        } else if (op instanceof AddObject add) {
            layer(add.layerId()).objectsAdded.add(add.object().id());
        } else if (op instanceof UpdateObject update) {
            LayerTally tally = layer(update.layerId());
            if (!tally.objectsAdded.contains(update.objectId())) {
                (onlyMoves(update.patch()) ? tally.objectsMoved : tally.objectsChanged).add(update.objectId());
            }
        } else if (op instanceof MoveObject raise) {
            LayerTally tally = layer(raise.layerId());
            if (!tally.objectsAdded.contains(raise.objectId())) {
                tally.objectsChanged.add(raise.objectId());
            }
        } else if (op instanceof RemoveObject remove) {
            LayerTally tally = layer(remove.layerId());
            tally.objectsMoved.remove(remove.objectId());
            tally.objectsChanged.remove(remove.objectId());
            if (!tally.objectsAdded.remove(remove.objectId())) {
                tally.objectsRemoved.add(remove.objectId());
            }
        } else if (op instanceof AddLayer add) {
            LayerTally tally = layer(add.layerId() == null ? 0 : add.layerId());
            tally.added = !tally.removed;
            tally.removed = false;
            if (add.attributes() != null && add.attributes().name() != null) {
                tally.name = add.attributes().name();
            }
        } else if (op instanceof RemoveLayer remove) {
            LayerTally tally = layer(remove.layerId());
            tally.removed = !tally.added;
            tally.added = false;
        } else if (op instanceof MoveLayer move) {
            layer(move.layerId()).moved = true;
        } else if (op instanceof UpdateLayer update) {
            LayerTally tally = layer(update.layerId());
            tally.changed = true;
            if (update.patch() != null && update.patch().name() != null) {
                tally.name = update.patch().name();
            }
        } else if (op instanceof SetProperty property) {
            if (property.layerId() != null) {
                layer(property.layerId()).properties++;
            } else {
                mapProperties++;
            }
        } else if (op instanceof UpdateMap || op instanceof RenameMap) {
            mapChanged = true;
        } else if (op instanceof SetGrid || op instanceof OverrideGrid) {
            gridChanged = true;
        } else if (op instanceof AddTileset) {
            tilesetsAdded++;
        } else if (op instanceof RemoveTileset) {
            tilesetsRemoved++;
        }
    }

    private static void cell(LayerTally tally, int x, int y, long gid) {
        if (gid != 0) {
            tally.painted.add(x, y);
            tally.erased.remove(x, y);
        } else {
            tally.erased.add(x, y);
            tally.painted.remove(x, y);
        }
    }

    private static boolean onlyMoves(ObjectPatch p) {
        return p != null && (p.x() != null || p.y() != null) && p.name() == null && p.type() == null
                && p.shape() == null && p.width() == null && p.height() == null && p.rotation() == null
                && p.gid() == null && p.visible() == null && p.points() == null && p.text() == null;
    }

    /**
     * The counts, and a line such as "Alice: 143 cells painted in Ground, 2 objects moved in Things".
     *
     * @param author     who made the run (null: nobody known)
     * @param layerNames a layer's name where the run did not name it (the map's, now); null for "layer 7"
     */
    public Summary summary(String author, IntFunction<String> layerNames) {
        List<LayerCounts> counts = new ArrayList<>();
        List<String> phrases = new ArrayList<>();
        layers.forEach((id, tally) -> {
            String name = tally.name != null ? tally.name : layerNames.apply(id);
            LayerCounts c = new LayerCounts(id, name, tally.painted.size(), tally.erased.size(),
                    tally.objectsAdded.size(), tally.objectsMoved.size(), tally.objectsChanged.size(),
                    tally.objectsRemoved.size(), tally.added, tally.removed, tally.moved && !tally.added && !tally.removed,
                    tally.changed && !tally.added && !tally.removed, tally.properties);
            counts.add(c);
            phrases.addAll(phrases(c));
        });
        if (mapChanged) {
            phrases.add("map settings changed");
        }
        if (gridChanged) {
            phrases.add("collision grid settings changed");
        }
        if (tilesetsAdded > 0) {
            phrases.add(count(tilesetsAdded, "tileset") + " added");
        }
        if (tilesetsRemoved > 0) {
            phrases.add(count(tilesetsRemoved, "tileset") + " removed");
        }
        if (mapProperties > 0) {
            phrases.add(count(mapProperties, "map property", "map properties") + " set");
        }
        String said = phrases.isEmpty() ? "nothing that shows" : String.join(", ", phrases);
        return new Summary(author == null ? said : author + ": " + said, List.copyOf(counts), mapChanged, gridChanged,
                tilesetsAdded, tilesetsRemoved, mapProperties, ops);
    }

    private static List<String> phrases(LayerCounts c) {
        String where = c.name() != null ? c.name() : "layer " + c.layerId();
        String layer = "layer " + (c.name() != null ? c.name() : c.layerId());
        List<String> out = new ArrayList<>();
        if (c.added()) {
            out.add(layer + " added");
        }
        if (c.cellsPainted() > 0) {
            out.add(count(c.cellsPainted(), "cell") + " painted in " + where);
        }
        if (c.cellsErased() > 0) {
            out.add(count(c.cellsErased(), "cell") + " erased in " + where);
        }
        String[] verbs = {"added", "moved", "changed", "removed"};
        int[] objects = {c.objectsAdded(), c.objectsMoved(), c.objectsChanged(), c.objectsRemoved()};
        for (int i = 0; i < verbs.length; i++) {
            if (objects[i] > 0) {
                out.add(count(objects[i], "object") + " " + verbs[i] + " in " + where);
            }
        }
        if (c.properties() > 0) {
            out.add(count(c.properties(), "property", "properties") + " set in " + where);
        }
        if (c.moved()) {
            out.add(layer + " moved");
        }
        if (c.changed()) {
            out.add(layer + " changed");
        }
        if (c.removed()) {
            out.add(layer + " removed");
        }
        return out;
    }

    private static String count(long n, String one) {
        return count(n, one, one + "s");
    }

    private static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
