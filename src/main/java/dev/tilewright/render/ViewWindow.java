package dev.tilewright.render;

import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.model.TileMap;

/**
 * A rectangle of the map in map pixels (tile (0,0) starts at (0,0)), not aligned to tiles. Scrolling moves its
 * origin; it is kept inside the map, and a window larger than the map pins to 0 on that axis.
 */
public record ViewWindow(int x, int y, int width, int height) {

    public ViewWindow {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("a view window needs a positive size, was " + width + "x" + height);
        }
    }

    /** The window over the whole of the map's screen pixels (its projection's bounds). */
    public static ViewWindow whole(TileMap map) {
        PixelBox bounds = map.projection().bounds(map.width(), map.height());
        return new ViewWindow(Math.toIntExact(bounds.x()), Math.toIntExact(bounds.y()),
                Math.toIntExact(bounds.width()), Math.toIntExact(bounds.height()));
    }

    /** The window as a box of the map's screen pixels (what the map's projection answers about). */
    public PixelBox box() {
        return new PixelBox(x, y, width, height);
    }

    /** This window moved (never resized) so that it lies inside a map of the given pixel size. */
    public ViewWindow clampedTo(int mapWidth, int mapHeight) {
        return new ViewWindow(clamp(x, width, mapWidth), clamp(y, height, mapHeight), width, height);
    }

    private static int clamp(int origin, int size, int mapSize) {
        if (size >= mapSize) {
            return 0;
        }
        return Math.max(0, Math.min(origin, mapSize - size));
    }
}
