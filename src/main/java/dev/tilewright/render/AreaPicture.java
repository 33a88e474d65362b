package dev.tilewright.render;

import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * An area of a map shrunk to at most {@code columns} pixels across, each pixel the average of a square of map
 * pixels: for a terminal picture ({@link TextPicture#halfBlocks}). An area of at most {@code exactPixels} map
 * pixels is drawn by the renderer and averaged (exact); a larger one is worked out from the tiles' average colours,
 * each cell's stack of visible tile layers composited over the background from them (exact for opaque tiles; the
 * cost follows the area's cells, not its pixels).
 */
public final class AreaPicture {

    private AreaPicture() {
    }

    /** Changes a picture's pixel for the cells under it (a diff's marks): its colour as shown. */
    public interface Marks {
        int mark(int colour, TileRect cells);
    }

    public static Pixels of(TileMap map, Function<Long, Atlas> atlases, Function<String, Pixels> images,
                            TileRect area, int columns, long exactPixels) {
        return of(map, atlases, images, area, columns, exactPixels, null);
    }

    /** The same, each pixel then marked for the cells of {@code area} under it (none when {@code marks} is null). */
    public static Pixels of(TileMap map, Function<Long, Atlas> atlases, Function<String, Pixels> images,
                            TileRect area, int columns, long exactPixels, Marks marks) {
        PixelBox box = map.projection().areaBox(area);
        int side = (int) Math.max(1, (box.width() + columns - 1) / columns);
        int wide = (int) Math.max(1, box.width() / side);
        int tall = (int) Math.max(1, box.height() / side);
        if (box.width() * box.height() <= exactPixels) {
            ViewWindow view = new ViewWindow(Math.toIntExact(box.x()), Math.toIntExact(box.y()),
                    Math.toIntExact(box.width()), Math.toIntExact(box.height()));
            Pixels drawn = MapRenderer.render(map, atlases, images, view, MapRenderer.Options.VISIBLE);
            Pixels shrunk = averaged(drawn, side, wide, tall);
            if (marks != null) {
                for (int y = 0; y < tall; y++) {
                    for (int x = 0; x < wide; x++) {
                        PixelBox under = new PixelBox(box.x() + (long) x * side, box.y() + (long) y * side, side, side);
                        TileRect cells = map.projection().tilesMeeting(under).intersection(area);
                        shrunk.argb()[y * wide + x] = marks.mark(shrunk.argb()[y * wide + x], cells);
                    }
                }
            }
            return shrunk;
        }
        return fromTiles(map, atlases, area, wide, tall, marks);
    }

    /** Boxes of {@code side} x {@code side} pixels averaged (premultiplied, so transparency averages right). */
    private static Pixels averaged(Pixels drawn, int side, int wide, int tall) {
        Pixels out = Pixels.blank(wide, tall);
        for (int by = 0; by < tall; by++) {
            for (int bx = 0; bx < wide; bx++) {
                long a = 0, r = 0, g = 0, b = 0;
                int count = 0;
                for (int y = by * side; y < Math.min(drawn.height(), (by + 1) * side); y++) {
                    for (int x = bx * side; x < Math.min(drawn.width(), (bx + 1) * side); x++) {
                        int p = drawn.argb()[y * drawn.width() + x];
                        a += p >>> 24;
                        r += p >> 16 & 0xFF;
                        g += p >> 8 & 0xFF;
                        b += p & 0xFF;
                        count++;
                    }
                }
                out.argb()[by * wide + bx] = count == 0 ? 0 : mean(a, r, g, b, count);
            }
        }
        return out;
    }

    private static int mean(long a, long r, long g, long b, long count) {
        return (int) ((a + count / 2) / count) << 24 | (int) ((r + count / 2) / count) << 16
                | (int) ((g + count / 2) / count) << 8 | (int) ((b + count / 2) / count);
    }

    /** Each pixel the average over the cells it covers of their stacks composited from average tile colours. */
    private static Pixels fromTiles(TileMap map, Function<Long, Atlas> atlases, TileRect area, int wide, int tall,
                                    Marks marks) {
        List<TileLayer> shown = new ArrayList<>();
        List<Paint> paints = new ArrayList<>();
        for (Layer layer : map.layers()) {
            if (layer instanceof TileLayer tiles && !tiles.isIntGrid() && map.effective(layer).visible()) {
                shown.add(tiles);
                paints.add(Paint.of(map.effective(layer)));
            }
        }
        int under = map.backgroundColor() == null ? 0 : Pixels.premultiply(Pixels.parseColor(map.backgroundColor()));
        // each tile's average colour (by tile id; transparent past the tilesets), faded as each layer shows it
        int[][] means = new int[shown.size()][map.nextFirstGid()];
        for (int id = 1; id < map.nextFirstGid(); id++) {
            int mean = meanOf(map, atlases, id);
            for (int i = 0; i < shown.size(); i++) {
                means[i][id] = faded(mean, paints.get(i).alpha());
            }
        }
        Pixels out = Pixels.blank(wide, tall);
        // lines of pixels are worked out side by side, on every core
        java.util.stream.IntStream.range(0, tall).parallel()
                .forEach(py -> line(shown, means, under, area, wide, tall, py, out, marks));
        return out;
    }

    /** One line of pixels of {@link #fromTiles}. */
    private static void line(List<TileLayer> shown, int[][] means, int under, TileRect area, int wide, int tall,
                             int py, Pixels out, Marks marks) {
        int y0 = area.y() + (int) ((long) py * area.height() / tall);
        int y1 = Math.max(y0 + 1, area.y() + (int) ((long) (py + 1) * area.height() / tall));
        // the rows of this line, each layer's read at once
        int[][] rows = new int[shown.size()][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = shown.get(i).read(new TileRect(area.x(), y0, area.width(), y1 - y0));
        }
        for (int px = 0; px < wide; px++) {
            int x0 = (int) ((long) px * area.width() / wide);
            int x1 = Math.max(x0 + 1, (int) ((long) (px + 1) * area.width() / wide));
            long a = 0, r = 0, g = 0, b = 0;
            for (int row = 0; row < y1 - y0; row++) {
                int base = row * area.width();
                for (int x = x0; x < x1; x++) {
                    int colour = under;
                    for (int i = 0; i < rows.length; i++) {
                        int id = Gid.id(rows[i][base + x]);
                        if (id != 0 && id < means[i].length) {
                            colour = Pixels.over(means[i][id], colour);
                        }
                    }
                    a += colour >>> 24;
                    r += colour >> 16 & 0xFF;
                    g += colour >> 8 & 0xFF;
                    b += colour & 0xFF;
                }
            }
            int colour = mean(a, r, g, b, (long) (x1 - x0) * (y1 - y0));
            out.argb()[py * wide + px] = marks == null ? colour
                    : marks.mark(colour, new TileRect(area.x() + x0, y0, x1 - x0, y1 - y0));
        }
    }

    private static int faded(int premultiplied, int alpha) {
        if (alpha >= 255) {
            return premultiplied;
        }
        return Pixels.mul(premultiplied >>> 24, alpha) << 24 | Pixels.mul(premultiplied >> 16 & 0xFF, alpha) << 16
                | Pixels.mul(premultiplied >> 8 & 0xFF, alpha) << 8 | Pixels.mul(premultiplied & 0xFF, alpha);
    }

    /** A tile's average premultiplied colour; transparent when its tileset or image is missing. */
    private static int meanOf(TileMap map, Function<Long, Atlas> atlases, int id) {
        MapTileset owner = map.tilesetOf(id).orElse(null);
        Atlas atlas = owner == null ? null : atlases.apply(owner.tilesetId());
        var image = atlas == null ? null : atlas.tileImage(id - owner.firstGid());
        if (image == null || image.argb().length == 0) {
            return 0;
        }
        long a = 0, r = 0, g = 0, b = 0;
        for (int p : image.argb()) {
            a += p >>> 24;
            r += p >> 16 & 0xFF;
            g += p >> 8 & 0xFF;
            b += p & 0xFF;
        }
        return mean(a, r, g, b, image.argb().length);
    }
}
