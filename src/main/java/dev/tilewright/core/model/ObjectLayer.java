package dev.tilewright.core.model;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** A layer of map objects, kept in drawing order (the order they were added). */
public final class ObjectLayer extends Layer {

    private final Map<Integer, MapObject> objects = new LinkedHashMap<>();
    private final Set<Integer> dirty = new TreeSet<>();

    public ObjectLayer(int id, LayerAttributes attributes) {
        super(id, attributes);
    }

    @Override
    public LayerKind kind() {
        return LayerKind.OBJECT;
    }

    public Collection<MapObject> objects() {
        return Collections.unmodifiableCollection(objects.values());
    }

    public Optional<MapObject> object(int id) {
        return Optional.ofNullable(objects.get(id));
    }

    /** Adds or replaces an object and returns the one it replaced, if any. */
    public Optional<MapObject> put(MapObject object) {
        if (object.id() < 1) {
            throw new IllegalArgumentException("an object on a layer needs a positive id");
        }
        dirty.add(object.id());
        return Optional.ofNullable(objects.put(object.id(), object));
    }

    public Optional<MapObject> remove(int id) {
        MapObject removed = objects.remove(id);
        if (removed != null) {
            dirty.add(id);
        }
        return Optional.ofNullable(removed);
    }

    /** Ids of objects added, changed or removed since the last {@link #markClean()}. */
    public Set<Integer> changedObjects() {
        return Set.copyOf(dirty);
    }

    @Override
    public void markAllChanged() {
        dirty.addAll(objects.keySet());
    }

    @Override
    public void markClean() {
        dirty.clear();
    }

    @Override
    public ObjectLayer copy() {
        ObjectLayer copy = new ObjectLayer(id(), attributes());
        copy.objects.putAll(objects);
        return copy;
    }
}
