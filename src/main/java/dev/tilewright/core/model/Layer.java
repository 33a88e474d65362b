package dev.tilewright.core.model;

import java.util.Objects;

/**
 * A layer of a map: an id unique within the map, attributes a designer edits, content that depends on the kind, and
 * the group it is in (0: none, at the top of the tree).
 */
public abstract sealed class Layer permits TileLayer, ObjectLayer, ImageLayer, GroupLayer {

    private final int id;
    private LayerAttributes attributes;
    private int parentId;

    protected Layer(int id, LayerAttributes attributes) {
        if (id < 1) {
            throw new IllegalArgumentException("layer id must be positive, was " + id);
        }
        this.id = id;
        this.attributes = Objects.requireNonNull(attributes, "attributes");
    }

    public int id() {
        return id;
    }

    public LayerAttributes attributes() {
        return attributes;
    }

    public String name() {
        return attributes.name();
    }

    /** The id of the group layer this layer is in, or 0 when it is in none. */
    public int parentId() {
        return parentId;
    }

    /**
     * Puts the layer in another group (0: none). The map checks its tree ({@link TileMap#checkTree()}); this only
     * records it.
     */
    public void setParentId(int next) {
        if (next < 0 || next == id) {
            throw new IllegalArgumentException("layer " + id + " cannot be in group " + next);
        }
        parentId = next;
    }

    /** Replaces the attributes and returns the previous ones. */
    public LayerAttributes setAttributes(LayerAttributes next) {
        LayerAttributes previous = attributes;
        attributes = Objects.requireNonNull(next, "attributes");
        return previous;
    }

    public abstract LayerKind kind();

    /** Roughly what the layer's content takes on the heap, in bytes (for caches bounded by bytes). */
    public abstract long heapBytes();

    /** A deep copy that shares nothing mutable with this layer. */
    public abstract Layer copy();

    /** A copy for reading outside the map's lock, as cheap as the kind allows (see {@link TileLayer#view()}). */
    public Layer view() {
        return copy();
    }

    /** Marks all content as changed, so that a store writes the whole layer (a layer that was just added). */
    public abstract void markAllChanged();

    public abstract void markClean();
}
