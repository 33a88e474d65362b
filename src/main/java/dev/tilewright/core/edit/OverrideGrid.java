package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.GridOverrides;
import dev.tilewright.core.model.TileMap;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Overrides elements of the map's collision grid (at the element size its settings give), in order: each element
 * gets the given solid sides, or loses its override when sides is null. With {@code clear}, every override is
 * removed first.
 */
public record OverrideGrid(Boolean clear, List<Element> elements) implements MapOp {

    /**
     * One element's override.
     *
     * @param sides the solid sides (left 1, right 2, top 4, bottom 8; 15 solid, 4 a one-way platform, 0 free), or
     *              null to remove the override
     */
    public record Element(int x, int y, Integer sides) {
    }

    public OverrideGrid {
        elements = List.copyOf(Objects.requireNonNullElse(elements, List.of()));
    }

    @Override
    public Applied applyTo(TileMap map) {
        int columns = map.gridColumns();
        int rows = map.gridRows();
        for (int i = 0; i < elements.size(); i++) {
            Element e = elements.get(i);
            if (e.x() < 0 || e.y() < 0 || e.x() >= columns || e.y() >= rows) {
                throw new InvalidOpException("elements[" + i + "].x", "element (" + e.x() + ", " + e.y()
                        + ") is outside the " + columns + "x" + rows + " grid");
            }
            if (e.sides() != null && (e.sides() < 0 || e.sides() > GridOverrides.ALL_SIDES)) {
                throw new InvalidOpException("elements[" + i + "].sides", "sides are 0.." + GridOverrides.ALL_SIDES
                        + " (left 1, right 2, top 4, bottom 8) or null to remove, was " + e.sides());
            }
        }
        GridOverrides overrides = map.gridOverrides();
        if (Boolean.TRUE.equals(clear)) {
            // the inverse clears what this op set and puts back every override there was
            List<Element> previous = new ArrayList<>();
            overrides.forEach((x, y, sides) -> previous.add(new Element(x, y, sides)));
            previous.forEach(e -> overrides.set(e.x(), e.y(), -1));
            elements.forEach(e -> overrides.set(e.x(), e.y(), e.sides() == null ? -1 : e.sides()));
            return new Applied(this, new OverrideGrid(true, previous));
        }
        List<Element> undo = new ArrayList<>(elements.size());
        for (Element e : elements) {
            int old = overrides.set(e.x(), e.y(), e.sides() == null ? -1 : e.sides());
            undo.add(new Element(e.x(), e.y(), old < 0 ? null : old));
        }
        Collections.reverse(undo);
        return new Applied(this, new OverrideGrid(null, undo));
    }

    @Override
    public void touchedTiles(TileMap map, Consumer<TileRect> touched) {
        if (Boolean.TRUE.equals(clear)) {
            touched.accept(map.bounds());
            return;
        }
        int perTileX = map.tileWidth() / map.gridSettings().elementWidth(map.tileWidth());
        int perTileY = map.tileHeight() / map.gridSettings().elementHeight(map.tileHeight());
        elements.forEach(e -> touched.accept(new TileRect(e.x() / perTileX, e.y() / perTileY, 1, 1)));
    }

    @Override
    public long cellCount() {
        return elements.size();
    }
}
