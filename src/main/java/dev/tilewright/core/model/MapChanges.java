package dev.tilewright.core.model;

import java.util.List;
import java.util.Set;

/**
 * What a map's edits touched since it was last stored: the layer stack (order, attributes, additions), removed layers, and per layer the chunks and objects ({@link TileLayer#changedChunks()},
 * {@link ObjectLayer#changedObjects()}).
 */
public record MapChanges(boolean layerStack, Set<Integer> removedLayers, List<Layer> layers) {
}
