package dev.tilewright.core.history;

import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.HashSet;
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

    /** Whether the anchor lies inside a map of {@code pixelWidth} x {@code pixelHeight} pixels. */
    public boolean inside(long pixelWidth, long pixelHeight) {
        return x >= 0 && y >= 0 && (long) x + width <= pixelWidth && (long) y + height <= pixelHeight;
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
                        before.tileWidth(), before.tileHeight())) {
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
    private boolean cellsDiffer(TileLayer a, TileLayer b, int tileWidth, int tileHeight) {
        int fromX = Math.floorDiv(x, tileWidth);
        int fromY = Math.floorDiv(y, tileHeight);
        int toX = width == 0 ? fromX : Math.max(fromX, Math.floorDiv(x + width - 1, tileWidth));
        int toY = height == 0 ? fromY : Math.max(fromY, Math.floorDiv(y + height - 1, tileHeight));
        for (int cy = fromY; cy <= toY; cy++) {
            for (int cx = fromX; cx <= toX; cx++) {
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
                double[] b = o.box(map.tileWidth(), map.tileHeight());
                if (b[0] <= x + width && b[0] + b[2] >= x && b[1] <= y + height && b[1] + b[3] >= y) {
                    met.add(o);
                }
            }
        }
        return met;
    }
}
