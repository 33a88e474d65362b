package dev.tilewright.core.model;

import dev.tilewright.core.geom.Position;

import java.util.Objects;
import java.util.Set;

/**
 * What Tiled keeps on a map besides its size, tiles and layers: its class (Tiled 1.9), the order its tile layers'
 * tiles are drawn in, and the parallax origin (Tiled 1.8): the point of the map at which layers with parallax factors
 * are where they would be without them.
 *
 * @param renderOrder right-down (Tiled's default), right-up, left-down or left-up: row by row, in that direction;
 *                    matters where tiles are larger than their cells and overlap
 * @param infinite    whether Tiled sees the map as infinite: it is stored as the rectangle its content covers (the
 *                    map's offset its place) and exported infinite, in 16x16 chunks where it has tiles
 */
public record MapSettings(String className, String renderOrder, Position parallaxOrigin, Boolean infinite) {

    private static final Set<String> RENDER_ORDERS = Set.of("right-down", "right-up", "left-down", "left-up");

    public static final MapSettings DEFAULT = new MapSettings("", "right-down", Position.ORIGIN, false);

    public MapSettings {
        className = Objects.requireNonNullElse(className, "");
        renderOrder = Objects.requireNonNullElse(renderOrder, "right-down");
        if (!RENDER_ORDERS.contains(renderOrder)) {
            throw new IllegalArgumentException("render order is right-down, right-up, left-down or left-up, was '"
                    + renderOrder + "'");
        }
        parallaxOrigin = Objects.requireNonNullElse(parallaxOrigin, Position.ORIGIN);
        // settings kept before maps could be infinite do not name it
        infinite = Boolean.TRUE.equals(infinite);
    }

    public MapSettings(String className, String renderOrder, Position parallaxOrigin) {
        this(className, renderOrder, parallaxOrigin, false);
    }

    /** Whether tiles are drawn from right to left within a row. */
    public boolean leftward() {
        return renderOrder.startsWith("left");
    }

    /** Whether rows are drawn from the bottom one up. */
    public boolean upward() {
        return renderOrder.endsWith("up");
    }
}
