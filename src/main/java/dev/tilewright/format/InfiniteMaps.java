package dev.tilewright.format;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileLayer;

import java.util.ArrayList;
import java.util.List;

/**
 * An infinite map as Tiled writes it. Stored, it is the rectangle its content covers, placed at the map's offset; in
 * the file, tile layers are 16x16 chunks at multiples of 16 in the map's tile coordinates (only those with tiles),
 * and objects are where they are in those coordinates.
 */
final class InfiniteMaps {

    /** Tiled's chunk size. */
    static final int CHUNK = 16;

    private InfiniteMaps() {
    }

    /** The tile the stored rectangle's top-left cell is in the file's coordinates. */
    static int originX(TiledMap map) {
        return (int) Math.floor(map.offset().x() / map.tileWidth());
    }

    static int originY(TiledMap map) {
        return (int) Math.floor(map.offset().y() / map.tileHeight());
    }

    /** The chunks of a layer that hold tiles, row by row, in the file's coordinates. */
    static List<MapAssembly.Chunk> chunks(TiledMap map, TileLayer tiles) {
        int ox = originX(map);
        int oy = originY(map);
        List<MapAssembly.Chunk> out = new ArrayList<>();
        for (int cy = Math.floorDiv(oy, CHUNK) * CHUNK; cy < oy + map.height(); cy += CHUNK) {
            for (int cx = Math.floorDiv(ox, CHUNK) * CHUNK; cx < ox + map.width(); cx += CHUNK) {
                int x0 = Math.max(cx, ox);
                int y0 = Math.max(cy, oy);
                int x1 = Math.min(cx + CHUNK, ox + map.width());
                int y1 = Math.min(cy + CHUNK, oy + map.height());
                int[] part = tiles.read(new TileRect(x0 - ox, y0 - oy, x1 - x0, y1 - y0));
                int[] gids = new int[CHUNK * CHUNK];
                boolean any = false;
                for (int y = y0; y < y1; y++) {
                    for (int x = x0; x < x1; x++) {
                        int gid = part[(y - y0) * (x1 - x0) + (x - x0)];
                        gids[(y - cy) * CHUNK + (x - cx)] = gid;
                        any |= gid != 0;
                    }
                }
                if (any) {
                    out.add(new MapAssembly.Chunk(cx, cy, CHUNK, CHUNK, gids));
                }
            }
        }
        return out;
    }

    /** The area the chunks cover, in the file's coordinates (what Tiled writes as a layer's start and size). */
    static TileRect covered(TiledMap map) {
        int x0 = Math.floorDiv(originX(map), CHUNK) * CHUNK;
        int y0 = Math.floorDiv(originY(map), CHUNK) * CHUNK;
        int x1 = Math.floorDiv(originX(map) + map.width() + CHUNK - 1, CHUNK) * CHUNK;
        int y1 = Math.floorDiv(originY(map) + map.height() + CHUNK - 1, CHUNK) * CHUNK;
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
