package dev.tilewright.core.history;

import dev.tilewright.core.edit.AddLayer;
import dev.tilewright.core.edit.AddTileset;
import dev.tilewright.core.edit.Batch;
import dev.tilewright.core.edit.FillRect;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.MoveLayer;
import dev.tilewright.core.edit.OverrideGrid;
import dev.tilewright.core.edit.Paint;
import dev.tilewright.core.edit.PutRegion;
import dev.tilewright.core.edit.RenameMap;
import dev.tilewright.core.edit.SetGrid;
import dev.tilewright.core.edit.SetProperty;
import dev.tilewright.core.edit.UpdateLayer;
import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.geom.Projection;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Where a review thread is pinned: a point ({@code width} and {@code height} 0) or a rectangle in map pixels, and
 * optionally one layer or one object. It answers whether what it covers differs between two versions of a map: the
 * cells under it (on its layer, or on every tile layer), and the objects whose boxes meet it (its object, when it
 * names one).
 *
 * @param layerId  the layer it is about, or null for all
 * @param objectId the object it is about, or null
 */
public record Anchor(int x, int y, int width, int height, Integer layerId, Integer objectId) {

    public Anchor {
        if (width < 0 || height < 0) {
            throw new IllegalArgumentException("an anchor's size is not negative, was " + width + "x" + height);
        }
    }

    /** Whether the anchor lies inside a map's bounds. */
    public boolean inside(PixelBox bounds) {
        return !new PixelBox(x, y, width, height).reachesPast(bounds);
    }

    /**
     * Whether the ops that followed a version may have changed what the anchor covers, told from the ops alone (no
     * version rebuilt): false only when none of them can have — every cell op writes elsewhere, and nothing touched
     * objects, removed layers, resized the map or dropped a tileset. True says "look": {@link #changed} answers.
     *
     * @param map the map the ops lead to (for the bounds of ops that touch all of it)
     */
    public boolean mayHaveChanged(List<MapOp> ops, TileMap map) {
        TileRect under = tiles(map.projection());
        boolean[] met = {false};
        for (MapOp op : ops) {
            if (mayChangeAnything(op)) {
                return true;
            }
            op.touchedTiles(map, rect -> met[0] |= !rect.intersection(under).isEmpty());
            if (met[0]) {
                return true;
            }
        }
        return false;
    }

    /** Ops whose reach the anchor cannot tell from their tiles: objects, layers removed, the map resized, tilesets. */
    private static boolean mayChangeAnything(MapOp op) {
        if (op instanceof Batch batch) {
            return batch.ops().stream().anyMatch(Anchor::mayChangeAnything);
        }
        if (op instanceof SetProperty set) {
            return set.objectId() != null;
        }
        if (op instanceof AddLayer add) {
            return add.kind() != LayerKind.TILE;
        }
        return !(op instanceof Paint || op instanceof FillRect || op instanceof PutRegion
                || op instanceof dev.tilewright.core.edit.RestoreCells || op instanceof RenameMap
                || op instanceof UpdateLayer || op instanceof MoveLayer || op instanceof AddTileset
                || op instanceof SetGrid || op instanceof OverrideGrid);
    }

    /** The tiles under the anchor on a map of that projection (a point or a line: the tiles of its pixels). */
    public TileRect tiles(Projection projection) {
        return projection.tilesMeeting(new PixelBox(x, y, Math.max(1, width), Math.max(1, height)));
    }

    /** Whether what the anchor covers differs from {@code before} to {@code after}. */
    public boolean changed(TileMap before, TileMap after) {
        if (objectId != null) {
            return !Objects.equals(object(before), object(after));
        }
        Set<Integer> layers = new HashSet<>();
        before.layers().forEach(l -> layers.add(l.id()));
        after.layers().forEach(l -> layers.add(l.id()));
        for (int id : layers) {
            if (layerId != null && id != layerId) {
                continue;
            }
            Layer a = before.layer(id).orElse(null);
            Layer b = after.layer(id).orElse(null);
            if (a instanceof TileLayer || b instanceof TileLayer) {
                if (cellsDiffer(a instanceof TileLayer t ? t : null, b instanceof TileLayer t ? t : null,
                        before.projection())) {
                    return true;
                }
            } else if ((a instanceof ObjectLayer || b instanceof ObjectLayer)
                    && !objectsMet(a, before).equals(objectsMet(b, after))) {
                return true;
            }
        }
        return false;
    }

    private Optional<MapObject> object(TileMap map) {
        for (Layer layer : map.layers()) {
            if (layer instanceof ObjectLayer objects && (layerId == null || layer.id() == layerId)) {
                Optional<MapObject> found = objects.object(objectId);
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }

    /** Whether a cell under the anchor differs (a layer one version lacks reads as empty there). */
    private boolean cellsDiffer(TileLayer a, TileLayer b, Projection projection) {
        TileRect under = tiles(projection);
        for (int cy = under.y(); cy < under.y() + under.height(); cy++) {
            for (int cx = under.x(); cx < under.x() + under.width(); cx++) {
                if (gid(a, cx, cy) != gid(b, cx, cy)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static int gid(TileLayer layer, int x, int y) {
        return layer != null && layer.contains(x, y) ? layer.get(x, y) : 0;
    }

    /** The objects of an object layer whose boxes meet the anchor (none when the layer is another kind or absent). */
    private Set<MapObject> objectsMet(Layer layer, TileMap map) {
        Set<MapObject> met = new HashSet<>();
        if (layer instanceof ObjectLayer objects) {
            for (MapObject o : objects.objects()) {
                double[] b = o.box(map);
                if (b[0] <= x + width && b[0] + b[2] >= x && b[1] <= y + height && b[1] + b[3] >= y) {
                    met.add(o);
                }
            }
        }
        return met;
    }
}
