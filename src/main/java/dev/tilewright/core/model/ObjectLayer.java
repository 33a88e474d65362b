package dev.tilewright.core.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A layer of map objects in drawing order (first drawn first). Remembers which objects changed and whether an
 * object was put anywhere but on top, so a store rewrites the order only then.
 */
public final class ObjectLayer extends Layer {

    private final List<MapObject> order = new ArrayList<>();
    private final Map<Integer, MapObject> byId = new HashMap<>();
    private final Set<Integer> dirty = new TreeSet<>();
    private boolean orderChanged;
    private Observer observer;

    /** Something kept in step with the layer's objects (a spatial index): told of every object put and removed. */
    public interface Observer {
        void put(MapObject object);

        void removed(int id);

        /** Roughly what the observer keeps on the heap, in bytes. */
        default long heapBytes() {
            return 0;
        }
    }

    public ObjectLayer(int id, LayerAttributes attributes) {
        super(id, attributes);
    }

    @Override
    public LayerKind kind() {
        return LayerKind.OBJECT;
    }

    /**
     * The objects in the order they are drawn: as listed, or with the layer's topdown draw order sorted by y (a stable
     * sort, as Tiled draws them).
     */
    public List<MapObject> drawn() {
        List<MapObject> drawn = new ArrayList<>(order);
        if (attributes().drawsTopDown()) {
            drawn.sort(java.util.Comparator.comparingDouble(MapObject::y));
        }
        return drawn;
    }

    /** The objects as listed (the index draw order). */
    public Collection<MapObject> objects() {
        return Collections.unmodifiableList(order);
    }

    public Optional<MapObject> object(int id) {
        return Optional.ofNullable(byId.get(id));
    }

    public int size() {
        return order.size();
    }

    /** Position of an object in drawing order, or -1. */
    public int indexOf(int id) {
        for (int i = 0; i < order.size(); i++) {
            if (order.get(i).id() == id) {
                return i;
            }
        }
        return -1;
    }

    /** Replaces the object with the same id in place, or adds it on top; returns the one it replaced. */
    public Optional<MapObject> put(MapObject object) {
        requireStoredId(object);
        MapObject previous = byId.put(object.id(), object);
        if (previous == null) {
            order.add(object);
        } else {
            order.set(indexOf(object.id()), object);
        }
        dirty.add(object.id());
        if (observer != null) {
            observer.put(object);
        }
        return Optional.ofNullable(previous);
    }

    /** Adds a new object at a drawing-order position (0 = drawn first, {@link #size()} = on top). */
    public void insert(int index, MapObject object) {
        requireStoredId(object);
        if (byId.containsKey(object.id())) {
            throw new IllegalArgumentException("object " + object.id() + " is already on layer " + id());
        }
        if (index < 0 || index > order.size()) {
            throw new IndexOutOfBoundsException("object index " + index + " is outside 0.." + order.size());
        }
        orderChanged |= index != order.size();
        order.add(index, object);
        byId.put(object.id(), object);
        dirty.add(object.id());
        if (observer != null) {
            observer.put(object);
        }
    }

    /** Moves an object to another drawing-order position (0 = drawn first, {@link #size()} - 1 = on top). */
    public void move(int id, int index) {
        int from = indexOf(id);
        if (from < 0) {
            throw new IllegalArgumentException("object " + id + " is not on layer " + id());
        }
        if (index < 0 || index >= order.size()) {
            throw new IndexOutOfBoundsException("object index " + index + " is outside 0.." + (order.size() - 1));
        }
        order.add(index, order.remove(from));
        orderChanged |= from != index;
        dirty.add(id);
    }

    public Optional<MapObject> remove(int id) {
        MapObject removed = byId.remove(id);
        if (removed != null) {
            order.remove(indexOf(id));
            dirty.add(id);
            if (observer != null) {
                observer.removed(id);
            }
        }
        return Optional.ofNullable(removed);
    }

    private void requireStoredId(MapObject object) {
        if (object.id() < 1) {
            throw new IllegalArgumentException("an object on a layer needs a positive id");
        }
    }

    /** Ids of objects added, changed or removed since the last {@link #markClean()}. */
    public Set<Integer> changedObjects() {
        return Set.copyOf(dirty);
    }

    /** True when an object was inserted below the top or moved since the last {@link #markClean()}. */
    public boolean orderChanged() {
        return orderChanged;
    }

    @Override
    public void markAllChanged() {
        dirty.addAll(byId.keySet());
        orderChanged = true;
    }

    @Override
    public void markClean() {
        dirty.clear();
        orderChanged = false;
    }

    /** The attached observer, or null. A copy of the layer has none. */
    public Observer observer() {
        return observer;
    }

    /** Attaches an observer (replacing any), first telling it of every object the layer holds. */
    public void observe(Observer newObserver) {
        order.forEach(newObserver::put);
        observer = newObserver;
    }

    /** Roughly: each object, its points, text and properties, the lookup tables, and the observer's index. */
    @Override
    public long heapBytes() {
        long bytes = 128 + (observer == null ? 0 : observer.heapBytes());
        for (MapObject o : order) {
            bytes += 240 + 40L * o.points().size() + 96L * o.properties().byName().size()
                    + (o.text() == null ? 0 : 2L * o.text().text().length());
        }
        return bytes;
    }

    @Override
    public ObjectLayer copy() {
        ObjectLayer copy = new ObjectLayer(id(), attributes());
        copy.order.addAll(order);
        copy.byId.putAll(byId);
        return copy;
    }
}
