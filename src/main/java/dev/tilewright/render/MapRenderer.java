package dev.tilewright.render;

import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Draws a view window of an orthogonal map as Tiled's renderer does: layers bottom first; tile layers in
 * right-down order with each tile anchored at its cell's bottom-left (larger tiles reach up and right), shifted by
 * the tileset's tile offset and the layer's offset; flips in TMX order (diagonal, then horizontal, then vertical);
 * the tileset's colour key transparent; the layer's tint multiplied in and its opacity applied; tile objects at
 * their bottom-left, stretched to their size; image layers at their offset. Only tiles that can touch the window
 * are visited. Rotated tile objects and object shapes are not drawn yet.
 */
public final class MapRenderer {

    /**
     * What to draw.
     *
     * @param layers  which layers (the default draws the visible ones)
     * @param objects whether tile objects are drawn
     */
    public record Options(Predicate<Layer> layers, boolean objects, boolean gridLines) {
        public static final Options VISIBLE = new Options(l -> l.attributes().visible(), true, false);

        public Options(Predicate<Layer> layers, boolean objects) {
            this(layers, objects, false);
        }
    }

    /** Grid lines: black at a quarter opacity, on the left and top pixel of every tile. */
    static final int GRID_LINE = 0x40000000;

    private MapRenderer() {
    }

    /**
     * @param atlases the decoded tileset of each stored tileset id the map uses
     * @param images  the image of an image layer by its source, or null when it is missing
     */
    public static Pixels render(TileMap map, Function<Long, Atlas> atlases, Function<String, Pixels> images,
                                ViewWindow view, Options options) {
        Pixels canvas = Pixels.blank(view.width(), view.height());
        Atlas[] byTileset = new Atlas[map.tilesets().size()];
        for (int i = 0; i < byTileset.length; i++) {
            byTileset[i] = atlases.apply(map.tilesets().get(i).tilesetId());
        }
        Reach reach = Reach.of(byTileset);
        for (Layer layer : map.layers()) {
            if (!options.layers().test(layer)) {
                continue;
            }
            Paint paint = Paint.of(layer.attributes());
            if (paint.alpha == 0) {
                continue;
            }
            if (layer instanceof TileLayer tiles) {
                drawTiles(canvas, view, map, tiles, byTileset, reach, paint);
            } else if (layer instanceof ObjectLayer objects && options.objects()) {
                drawTileObjects(canvas, view, map, objects, byTileset, paint);
            } else if (layer instanceof ImageLayer picture) {
                Pixels image = images.apply(picture.image().source());
                if (image != null) {
                    blit(canvas, view, new Atlas.Source(image, 0, 0, image.width(), image.height()),
                            paint.dx, paint.dy, image.width(), image.height(), 0, paint);
                }
            }
        }
        if (options.gridLines()) {
            drawGridLines(canvas, view, map.tileWidth(), map.tileHeight());
        }
        return canvas;
    }

    private static void drawGridLines(Pixels canvas, ViewWindow view, int tileWidth, int tileHeight) {
        int[] dst = canvas.argb();
        for (int y = 0; y < view.height(); y++) {
            boolean lineRow = Math.floorMod(view.y() + y, tileHeight) == 0;
            for (int x = 0; x < view.width(); x++) {
                if (lineRow || Math.floorMod(view.x() + x, tileWidth) == 0) {
                    int i = y * view.width() + x;
                    dst[i] = Pixels.over(GRID_LINE, dst[i]);
                }
            }
        }
    }

    /** A layer's offset (rounded to whole pixels, as unsmoothed drawing lands), opacity and tint. */
    private record Paint(int dx, int dy, int alpha, int tint) {
        static Paint of(LayerAttributes a) {
            return new Paint((int) Math.round(a.offset().dx()), (int) Math.round(a.offset().dy()),
                    (int) Math.round(a.opacity() * 255), tint(a.tint()));
        }

        private static int tint(String color) {
            if (color == null) {
                return -1;
            }
            String hex = color.substring(1);
            return hex.length() == 6 ? 0xFF000000 | Integer.parseInt(hex, 16) : (int) Long.parseLong(hex, 16);
        }
    }

    /**
     * How far a tile can reach from its cell: up to its largest side (tiles anchor bottom-left and grow up and right)
     * plus the largest tile offset; it decides which cells around the window can touch it.
     */
    private record Reach(int size, int offset) {
        static Reach of(Atlas[] atlases) {
            int size = 0;
            int offset = 0;
            for (Atlas atlas : atlases) {
                if (atlas == null) {
                    continue;
                }
                size = Math.max(size, Math.max(atlas.tileset().tileWidth(), atlas.tileset().tileHeight()));
                for (var tile : atlas.tileset().tiles().values()) {
                    if (tile.image() != null) {
                        size = Math.max(size, Math.max(tile.image().width(), tile.image().height()));
                    }
                }
                offset = Math.max(offset, Math.max(Math.abs(atlas.tileset().tileOffsetX()),
                        Math.abs(atlas.tileset().tileOffsetY())));
            }
            return new Reach(size, offset);
        }
    }

    private static void drawTiles(Pixels canvas, ViewWindow view, TileMap map, TileLayer layer, Atlas[] atlases,
                                  Reach reach, Paint paint) {
        int tw = map.tileWidth();
        int th = map.tileHeight();
        int left = view.x() - paint.dx;
        int top = view.y() - paint.dy;
        int cx0 = Math.max(0, Math.floorDiv(left - reach.size() - reach.offset(), tw));
        int cx1 = Math.min(map.width() - 1, Math.floorDiv(left + view.width() + reach.offset(), tw));
        int cy0 = Math.max(0, Math.floorDiv(top - reach.offset(), th) - 1);
        int cy1 = Math.min(map.height() - 1, Math.floorDiv(top + view.height() + reach.size() + reach.offset(), th));
        for (int cy = cy0; cy <= cy1; cy++) {
            for (int cx = cx0; cx <= cx1; cx++) {
                int gid = layer.get(cx, cy);
                Drawable tile = gid == Gid.EMPTY ? null : tile(map, atlases, gid);
                if (tile == null) {
                    continue;
                }
                Atlas atlas = tile.atlas();
                Atlas.Source source = tile.source();
                boolean diagonal = Gid.flippedDiagonally(gid);
                int width = diagonal ? source.height() : source.width();
                int height = diagonal ? source.width() : source.height();
                int x = cx * tw + atlas.tileset().tileOffsetX() + paint.dx;
                int y = (cy + 1) * th - height + atlas.tileset().tileOffsetY() + paint.dy;
                blit(canvas, view, source, x, y, width, height, gid, paint);
            }
        }
    }

    private static void drawTileObjects(Pixels canvas, ViewWindow view, TileMap map, ObjectLayer layer,
                                        Atlas[] atlases, Paint paint) {
        for (MapObject object : layer.objects()) {
            int gid = (int) (long) object.gid();
            if (gid == Gid.EMPTY || !object.visible() || object.rotation() != 0) {
                continue;
            }
            Drawable tile = tile(map, atlases, gid);
            if (tile == null) {
                continue;
            }
            Atlas atlas = tile.atlas();
            Atlas.Source source = tile.source();
            int width = (int) Math.round(object.width() == 0 ? source.width() : object.width());
            int height = (int) Math.round(object.height() == 0 ? source.height() : object.height());
            int x = (int) Math.round(object.x()) + atlas.tileset().tileOffsetX() + paint.dx;
            int y = (int) Math.round(object.y()) - height + atlas.tileset().tileOffsetY() + paint.dy;
            blit(canvas, view, source, x, y, width, height, gid, paint);
        }
    }

    private record Drawable(Atlas atlas, Atlas.Source source) {
    }

    /** The decoded pixels a gid shows, or null when its tileset or tile is missing. */
    private static Drawable tile(TileMap map, Atlas[] atlases, int gid) {
        int index = owner(map, gid);
        if (index < 0 || atlases[index] == null) {
            return null;
        }
        Atlas.Source source = atlases[index].source(Gid.id(gid) - map.tilesets().get(index).firstGid());
        return source == null ? null : new Drawable(atlases[index], source);
    }

    private static int owner(TileMap map, int gid) {
        int id = Gid.id(gid);
        int best = -1;
        for (int i = 0; i < map.tilesets().size(); i++) {
            MapTileset t = map.tilesets().get(i);
            if (t.firstGid() <= id && (best < 0 || t.firstGid() > map.tilesets().get(best).firstGid())) {
                best = i;
            }
        }
        return best >= 0 && map.tilesets().get(best).owns(id) ? best : -1;
    }

    /**
     * Draws a source rectangle into the (x, y, width, height) rectangle of map pixels, flipped by the gid's flags
     * and stretched by nearest neighbour when the sizes differ, clipped to the view.
     */
    private static void blit(Pixels canvas, ViewWindow view, Atlas.Source source, int x, int y, int width, int height,
                             int gid, Paint paint) {
        int x0 = Math.max(x, view.x());
        int y0 = Math.max(y, view.y());
        int x1 = Math.min(x + width, view.x() + view.width());
        int y1 = Math.min(y + height, view.y() + view.height());
        if (x0 >= x1 || y0 >= y1) {
            return;
        }
        boolean diagonal = Gid.flippedDiagonally(gid);
        boolean horizontal = Gid.flippedHorizontally(gid);
        boolean vertical = Gid.flippedVertically(gid);
        int drawnW = diagonal ? source.height() : source.width();
        int drawnH = diagonal ? source.width() : source.height();
        int[] src = source.image().argb();
        int stride = source.image().width();
        int[] dst = canvas.argb();
        for (int py = y0; py < y1; py++) {
            int v = (int) ((long) (py - y) * drawnH / height);
            int row = (py - view.y()) * view.width() - view.x();
            for (int px = x0; px < x1; px++) {
                int u = (int) ((long) (px - x) * drawnW / width);
                int du = horizontal ? drawnW - 1 - u : u;
                int dv = vertical ? drawnH - 1 - v : v;
                int sx = diagonal ? dv : du;
                int sy = diagonal ? du : dv;
                int pixel = src[(source.y() + sy) * stride + source.x() + sx];
                if (pixel == 0) {
                    continue;
                }
                if (paint.tint != -1) {
                    pixel = tinted(pixel, paint.tint);
                }
                dst[row + px] = Pixels.over(Pixels.fade(pixel, paint.alpha), dst[row + px]);
            }
        }
    }

    /**
     * A tile pixel tinted as Tiled does it: the tile is multiplied (Qt's Multiply, {@code s*d + d*(255-sa)} over
     * 255) onto a fill of the tint premultiplied by its own alpha and treated as opaque, then masked by the tile's
     * alpha. So each channel becomes {@code s * tint * tintAlpha} and the tile keeps its alpha (measured against
     * tmxrasterizer).
     */
    private static int tinted(int pixel, int tint) {
        int ta = tint >>> 24;
        int sa = pixel >>> 24;
        int r = Pixels.mul(multiply((pixel >> 16) & 0xFF, sa, Pixels.mul((tint >> 16) & 0xFF, ta)), sa);
        int g = Pixels.mul(multiply((pixel >> 8) & 0xFF, sa, Pixels.mul((tint >> 8) & 0xFF, ta)), sa);
        int b = Pixels.mul(multiply(pixel & 0xFF, sa, Pixels.mul(tint & 0xFF, ta)), sa);
        return sa << 24 | r << 16 | g << 8 | b;
    }

    private static int multiply(int s, int sa, int d) {
        int t = s * d + d * (255 - sa);
        return Math.min(255, (t + (t >> 8) + 0x80) >> 8);
    }
}
