package dev.tilewright.format;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.Projection;
import dev.tilewright.core.geom.TileCoord;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileLayer;

import java.util.ArrayList;
import java.util.List;

/**
 * An infinite map as Tiled writes it. Stored, it is the rectangle its content covers, placed at the map's offset; in
 * the file, tile layers are chunks (16x16, or the size the map's editor settings give) at multiples of their size in
 * the map's tile coordinates (only those with tiles), and objects are where they are in those coordinates.
 */
final class InfiniteMaps {

    private InfiniteMaps() {
    }

    /** The tile the stored rectangle's top-left cell is in the file's coordinates. */
    static int originX(TiledMap map) {
        return origin(map).x();
    }

    static int originY(TiledMap map) {
        return origin(map).y();
    }

    /** The tile whose place relative to tile (0, 0) is the map's offset (the middle of its cell, found back). */
    private static TileCoord origin(TiledMap map) {
        Projection projection = map.settings().projection(map.tileWidth(), map.tileHeight(), map.width(), map.height());
        Position middle = projection.tileToPixel(0.5, 0.5);
        Position tile = projection.pixelToTile(new Position(middle.x() + map.offset().x(),
                middle.y() + map.offset().y()));
        return new TileCoord((int) Math.floor(tile.x()), (int) Math.floor(tile.y()));
    }

    /** The chunks of a layer that hold tiles, row by row, in the file's coordinates. */
    static List<MapAssembly.Chunk> chunks(TiledMap map, TileLayer tiles) {
        int ox = originX(map);
        int oy = originY(map);
        int cw = map.settings().editorSettings().chunkW();
        int ch = map.settings().editorSettings().chunkH();
        List<MapAssembly.Chunk> out = new ArrayList<>();
        for (int cy = Math.floorDiv(oy, ch) * ch; cy < oy + map.height(); cy += ch) {
            for (int cx = Math.floorDiv(ox, cw) * cw; cx < ox + map.width(); cx += cw) {
                int x0 = Math.max(cx, ox);
                int y0 = Math.max(cy, oy);
                int x1 = Math.min(cx + cw, ox + map.width());
                int y1 = Math.min(cy + ch, oy + map.height());
                int[] part = tiles.read(new TileRect(x0 - ox, y0 - oy, x1 - x0, y1 - y0));
                int[] gids = new int[cw * ch];
                boolean any = false;
                for (int y = y0; y < y1; y++) {
                    for (int x = x0; x < x1; x++) {
                        int gid = part[(y - y0) * (x1 - x0) + (x - x0)];
                        gids[(y - cy) * cw + (x - cx)] = gid;
                        any |= gid != 0;
                    }
                }
                if (any) {
                    out.add(new MapAssembly.Chunk(cx, cy, cw, ch, gids));
                }
            }
        }
        return out;
    }

    /** The width a map's file states: an infinite map's as its file had it, else the map's. */
    static int statedWidth(TiledMap map) {
        Integer stated = map.settings().infinite() ? map.settings().editorSettings().statedWidth() : null;
        return stated == null ? map.width() : stated;
    }

    static int statedHeight(TiledMap map) {
        Integer stated = map.settings().infinite() ? map.settings().editorSettings().statedHeight() : null;
        return stated == null ? map.height() : stated;
    }

    /** The area the chunks cover, in the file's coordinates (what Tiled writes as a layer's start and size). */
    static TileRect covered(TiledMap map) {
        int cw = map.settings().editorSettings().chunkW();
        int ch = map.settings().editorSettings().chunkH();
        int x0 = Math.floorDiv(originX(map), cw) * cw;
        int y0 = Math.floorDiv(originY(map), ch) * ch;
        int x1 = Math.floorDiv(originX(map) + map.width() + cw - 1, cw) * cw;
        int y1 = Math.floorDiv(originY(map) + map.height() + ch - 1, ch) * ch;
        return new TileRect(x0, y0, x1 - x0, y1 - y0);
    }

    /** The map's layers with their objects where the file has them: moved by the map's offset when it is infinite. */
    static List<Layer> placed(TiledMap map) {
        if (!map.settings().infinite() || (map.offset().x() == 0 && map.offset().y() == 0)) {
            return map.layers();
        }
        Difference shift = new Difference(map.offset().x(), map.offset().y());
        List<Layer> layers = new ArrayList<>();
        for (Layer layer : map.layers()) {
            if (layer instanceof ObjectLayer objects) {
                ObjectLayer moved = new ObjectLayer(layer.id(), layer.attributes());
                moved.setParentId(layer.parentId());
                for (MapObject o : objects.objects()) {
                    moved.put(MapAssembly.moved(o, shift));
                }
                layers.add(moved);
            } else {
                layers.add(layer);
            }
        }
        return layers;
    }
}
