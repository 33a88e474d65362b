package dev.tilewright.core.model;

import java.util.ArrayDeque;
import java.util.List;

/**
 * Group layers as Tiled's tree, kept in a map's flat list of layers (drawing order, bottom first): a layer names the
 * group it is in ({@link Layer#parentId()}), and a group's layers follow it with nothing outside the group between.
 */
final class LayerTree {

    private LayerTree() {
    }

    static int blockEnd(List<Layer> layers, int index) {
        int groupId = layers.get(index).id();
        int end = index + 1;
        while (end < layers.size() && isIn(layers, layers.get(end), groupId)) {
            end++;
        }
        return end;
    }

    static boolean isIn(List<Layer> layers, Layer layer, int groupId) {
        int parent = layer.parentId();
        for (int depth = 0; parent != 0 && depth <= layers.size(); depth++) {
            if (parent == groupId) {
                return true;
            }
            Layer group = find(layers, parent);
            parent = group == null ? 0 : group.parentId();
        }
        return false;
    }

    /**
     * Checks that the list is a tree as Tiled's: every layer's group is a group layer listed before it, and a
     * group's layers follow it with nothing outside the group between them.
     *
     * @throws IllegalArgumentException naming the layer out of place
     */
    static void check(List<Layer> layers) {
        ArrayDeque<Integer> open = new ArrayDeque<>();
        for (Layer layer : layers) {
            int parent = layer.parentId();
            while (!open.isEmpty() && open.peek() != parent) {
                open.pop();
            }
            if (parent != 0 && open.isEmpty()) {
                Layer group = find(layers, parent);
                throw new IllegalArgumentException("layer " + layer.id() + " is to be in "
                        + (group == null ? "group " + parent + ", which the map does not have"
                        : group instanceof GroupLayer ? "group " + parent + " but is not placed among its layers"
                        : "layer " + parent + ", which is not a group"));
            }
            if (layer instanceof GroupLayer) {
                open.push(layer.id());
            }
        }
    }

    /**
     * What a layer looks like with its groups' attributes applied, as Tiled draws it: visible only when its groups
     * are, its opacity and parallax factors multiplied by theirs, their offsets added, their tints multiplied in.
     */
    static LayerAttributes effective(List<Layer> layers, Layer layer) {
        LayerAttributes a = layer.attributes();
        int parent = layer.parentId();
        for (int depth = 0; parent != 0 && depth <= layers.size(); depth++) {
            Layer group = find(layers, parent);
            if (group == null) {
                break;
            }
            a = LayerAttributes.within(group.attributes(), a);
            parent = group.parentId();
        }
        return a;
    }

    private static Layer find(List<Layer> layers, int id) {
        for (Layer layer : layers) {
            if (layer.id() == id) {
                return layer;
            }
        }
        return null;
    }
}
