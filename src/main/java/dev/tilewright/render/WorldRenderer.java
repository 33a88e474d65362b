package dev.tilewright.render;

import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.model.TileMap;

import java.util.List;
import java.util.function.Function;

/**
 * A window of a world: its maps drawn in the world's order, each where the world places it, as Tiled's world view and
 * tmxrasterizer draw them (a map's tiles and objects may reach past its edge; its background fills only the map).
 */
public final class WorldRenderer {

    /** A map of the world at its top-left corner in world pixels, with what it draws with. */
    public record Placed(TileMap map, int x, int y, Function<Long, Atlas> atlases, Function<String, Pixels> images) {
    }

    private WorldRenderer() {
    }

    /** The window (in world pixels) with every placed map drawn into it. */
    public static Pixels render(List<Placed> maps, ViewWindow window, MapRenderer.Options options, TileBlocks blocks) {
        Pixels canvas = Pixels.blank(window.width(), window.height());
        MapRenderer.Options drawn = new MapRenderer.Options(options.layers(), options.objects(), options.gridLines(),
                false, null, options.parallax(), options.timeMs());
        for (Placed placed : maps) {
            TileMap map = placed.map();
            ViewWindow local = new ViewWindow(window.x() - placed.x(), window.y() - placed.y(), window.width(),
                    window.height());
            Pixels part = MapRenderer.render(map, placed.atlases(), placed.images(), local, drawn, blocks);
            int[] under = null;
            int color = 0;
            if (options.background() && map.backgroundColor() != null) {
                PixelBox bounds = map.projection().bounds(map.width(), map.height());
                under = new int[]{(int) (placed.x() - window.x() + bounds.x()), (int) (placed.y() - window.y() + bounds.y()),
                        Math.toIntExact(bounds.width()), Math.toIntExact(bounds.height())};
                color = Pixels.parseColor(map.backgroundColor());
            }
            canvas.drawOver(part, 0, 0, under, color);
        }
        return canvas;
    }
}
