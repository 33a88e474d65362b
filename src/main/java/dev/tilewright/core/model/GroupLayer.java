package dev.tilewright.core.model;

/**
 * A group layer, as Tiled's: no content of its own; the layers whose {@link Layer#parentId()} names it follow it in
 * the map's list, and its visibility, opacity, offset, tint and parallax apply to all of them
 * ({@link TileMap#effective}).
 */
public final class GroupLayer extends Layer {

    public GroupLayer(int id, LayerAttributes attributes) {
        super(id, attributes);
    }

    @Override
    public LayerKind kind() {
        return LayerKind.GROUP;
    }

    @Override
    public long heapBytes() {
        return 128;
    }

    @Override
    public GroupLayer copy() {
        return new GroupLayer(id(), attributes());
    }

    @Override
    public void markAllChanged() {
        // nothing but attributes, which the layer stack keeps
    }

    @Override
    public void markClean() {
        // nothing to forget
    }
}
