package dev.tilewright.render;

import dev.tilewright.core.geom.Orthogonal;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.Projection;
import dev.tilewright.core.geom.TileCoord;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.HashMap;
import java.util.Map;

/**
 * Marks on a drawn window what changed between two versions of a map: everything is dimmed but the cells that
 * changed on any tile layer, whose regions are outlined — green where a cell was empty on every layer that changed
 * there and now holds a tile (added), red where it held one and is empty now (removed: tinted red, nothing being
 * drawn there), orange otherwise (changed) —
 * and objects get their boxes: added green, changed orange, removed red and filled faintly (a ghost where they were).
 * Cells are marked by their shape as drawn (squares, diamonds, hexagons). Objects are outlined by their real shape,
 * turned as drawn (a polygon by its points, an ellipse as one, a tile
 * object's box from its bottom-left corner); a point, or an object without a size, as a square of a few pixels.
 */
public final class DiffMarks {

    public static final byte ADDED = 1;
    public static final byte REMOVED = 2;
    public static final byte CHANGED = 3;
    static final int[] COLOURS = {0, 0xFF2ECC40, 0xFFFF4136, 0xFFFF9F1A};
    /** How much of a pixel's colour a dimmed pixel keeps, of 255. */
    static final int DIM = 110;
    /** Cells of each layer read at once while comparing (a band of whole rows). */
    private static final int BAND_CELLS = 1 << 16;

    private DiffMarks() {
    }

    /** What became of each cell of {@code rect} (row-major): 0 nothing, else ADDED, REMOVED or CHANGED. */
    public static byte[] cells(TileMap a, TileMap b, TileRect rect) {
        byte[] kinds = new byte[(int) rect.area()];
        Map<Integer, TileLayer> before = new HashMap<>();
        for (Layer layer : a.layers()) {
            if (layer instanceof TileLayer tiles) {
                before.put(tiles.id(), tiles);
            }
        }
        Map<Integer, TileLayer> after = new HashMap<>();
        for (Layer layer : b.layers()) {
            if (layer instanceof TileLayer tiles) {
                after.put(tiles.id(), tiles);
            }
        }
        java.util.Set<Integer> ids = new java.util.HashSet<>(before.keySet());
        ids.addAll(after.keySet());
        // a band of rows at a time: a whole map's cells are never read into memory at once
        int band = Math.max(1, BAND_CELLS / Math.max(1, rect.width()));
        for (int top = rect.y(); top < rect.y() + rect.height(); top += band) {
            TileRect rows = new TileRect(rect.x(), top, rect.width(), Math.min(band, rect.y() + rect.height() - top));
            int offset = (top - rect.y()) * rect.width();
            for (int id : ids) {
                int[] was = before.containsKey(id) ? before.get(id).read(rows) : null;
                int[] now = after.containsKey(id) ? after.get(id).read(rows) : null;
                int cells = (int) rows.area();
                for (int i = 0; i < cells; i++) {
                    int w = was == null ? 0 : was[i];
                    int n = now == null ? 0 : now[i];
                    if (w == n) {
                        continue;
                    }
                    byte kind = w == 0 ? ADDED : n == 0 ? REMOVED : CHANGED;
                    byte had = kinds[offset + i];
                    kinds[offset + i] = had == 0 || had == kind ? kind : CHANGED;
                }
            }
        }
        return kinds;
    }

    /**
     * Marks for a shrunk picture of {@code area} ({@link AreaPicture}): a pixel over changed cells is half its colour,
     * half the change's (green added, red removed, orange changed, or a mix of them); the others are dimmed.
     */
    public static AreaPicture.Marks tint(TileMap a, TileMap b, TileRect area) {
        byte[] kinds = cells(a, b, area);
        return (colour, under) -> {
            int kind = 0;
            for (int y = under.y(); y < under.y() + under.height() && kind != CHANGED; y++) {
                int row = (y - area.y()) * area.width() - area.x();
                for (int x = under.x(); x < under.x() + under.width(); x++) {
                    int k = kinds[row + x];
                    kind = kind == 0 || kind == k ? k : k == 0 ? kind : CHANGED;
                }
            }
            if (kind == 0) {
                return dim(colour);
            }
            int half = Pixels.premultiply(0x80 << 24 | COLOURS[kind] & 0xFFFFFF);
            return Pixels.over(half, colour == 0 ? 0xFF000000 : colour);
        };
    }

    /**
     * Marks a drawn window.
     *
     * @param canvas the window as drawn, {@code scale} output pixels per map pixel, its top-left at map pixel
     *               ({@code left}, {@code top})
     * @param kinds  what became of the cells of {@code rect} ({@link #cells})
     */
    public static void mark(Pixels canvas, double scale, int left, int top, TileMap a, TileMap b, TileRect rect,
                            byte[] kinds) {
        Projection projection = b.projection();
        int width = canvas.width();
        int height = canvas.height();
        // what became of the cell each output pixel lies in: on an orthogonal map cells are in columns and rows (one
        // lookup per column and per row), on the others the diamond or hexagon under the pixel
        byte[] under = new byte[width * height];
        if (projection instanceof Orthogonal) {
            int[] cellX = new int[width];
            for (int x = 0; x < width; x++) {
                cellX[x] = projection.tileAt(new Position(Math.floor(left + (x + 0.5) / scale), top)).x() - rect.x();
            }
            for (int y = 0; y < height; y++) {
                int cellY = projection.tileAt(new Position(left, Math.floor(top + (y + 0.5) / scale))).y() - rect.y();
                for (int x = 0; x < width; x++) {
                    under[y * width + x] = kind(kinds, rect, cellX[x], cellY);
                }
            }
        } else {
            for (int y = 0; y < height; y++) {
                double py = Math.floor(top + (y + 0.5) / scale);
                for (int x = 0; x < width; x++) {
                    TileCoord cell = projection.tileAt(new Position(Math.floor(left + (x + 0.5) / scale), py));
                    under[y * width + x] = kind(kinds, rect, cell.x() - rect.x(), cell.y() - rect.y());
                }
            }
        }
        int[] argb = canvas.argb();
        int line = 2;
        int removed = Pixels.premultiply((0x60 << 24) | (COLOURS[REMOVED] & 0xFFFFFF));
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int i = y * width + x;
                int kind = under[i];
                if (kind == 0) {
                    argb[i] = dim(argb[i]);
                } else if (edge(under, width, height, x, y, line, kind)) {
                    argb[i] = COLOURS[kind];
                } else if (kind == REMOVED) {
                    // nothing is drawn there now: a faint red says where something was
                    argb[i] = Pixels.over(argb[i], removed);
                }
            }
        }
        objects(canvas, scale, left, top, a, b);
    }

    private static byte kind(byte[] kinds, TileRect rect, int cx, int cy) {
        if (cx < 0 || cy < 0 || cx >= rect.width() || cy >= rect.height()) {
            return 0;
        }
        return kinds[cy * rect.width() + cx];
    }

    /** Whether an output pixel lies within {@code line} pixels of its marked region's edge (another kind beyond). */
    private static boolean edge(byte[] under, int width, int height, int x, int y, int line, int kind) {
        for (int d = 1; d <= line; d++) {
            int[][] around = {{x - d, y}, {x + d, y}, {x, y - d}, {x, y + d}};
            for (int[] p : around) {
                if (p[0] < 0 || p[1] < 0 || p[0] >= width || p[1] >= height) {
                    continue;
                }
                if (under[p[1] * width + p[0]] != kind) {
                    return true;
                }
            }
        }
        return false;
    }

    static int dim(int pixel) {
        int a = pixel >>> 24;
        int r = Pixels.mul((pixel >> 16) & 0xFF, DIM);
        int g = Pixels.mul((pixel >> 8) & 0xFF, DIM);
        int bl = Pixels.mul(pixel & 0xFF, DIM);
        return a << 24 | r << 16 | g << 8 | bl;
    }

    private static void objects(Pixels canvas, double scale, int left, int top, TileMap a, TileMap b) {
        Map<Integer, MapObject> before = objectsOf(a);
        Map<Integer, MapObject> after = objectsOf(b);
        for (Map.Entry<Integer, MapObject> entry : after.entrySet()) {
            MapObject then = before.get(entry.getKey());
            if (then == null) {
                box(canvas, scale, left, top, b, entry.getValue(), COLOURS[ADDED], false);
            } else if (!then.equals(entry.getValue())) {
                box(canvas, scale, left, top, b, entry.getValue(), COLOURS[CHANGED], false);
            }
        }
        for (Map.Entry<Integer, MapObject> entry : before.entrySet()) {
            if (!after.containsKey(entry.getKey())) {
                box(canvas, scale, left, top, a, entry.getValue(), COLOURS[REMOVED], true);
            }
        }
    }

    private static Map<Integer, MapObject> objectsOf(TileMap map) {
        Map<Integer, MapObject> objects = new HashMap<>();
        for (Layer layer : map.layers()) {
            if (layer instanceof ObjectLayer group) {
                group.objects().forEach(o -> objects.put(o.id(), o));
            }
        }
        return objects;
    }

    private static void box(Pixels canvas, double scale, int left, int top, TileMap map, MapObject o, int colour,
                            boolean ghost) {
        java.awt.Shape outline = ShapePainter.outline(o, map);
        if (outline != null) {
            java.awt.Graphics2D g = ShapePainter.graphics(canvas);
            try {
                g.scale(scale, scale);
                g.translate(-left, -top);
                if (ghost) {
                    g.setColor(new java.awt.Color((colour & 0xFFFFFF) | 0x50 << 24, true));
                    g.fill(outline);
                }
                g.setColor(new java.awt.Color(colour, true));
                g.setStroke(new java.awt.BasicStroke((float) (2 / scale), java.awt.BasicStroke.CAP_ROUND,
                        java.awt.BasicStroke.JOIN_ROUND));
                g.draw(outline);
            } finally {
                g.dispose();
            }
            return;
        }
        double[] b = o.box(map);
        double w = b[2];
        double h = b[3];
        double x0 = b[0];
        double y0 = b[1];
        int px0 = (int) Math.floor((x0 - left) * scale);
        int py0 = (int) Math.floor((y0 - top) * scale);
        int px1 = Math.max(px0 + 6, (int) Math.ceil((x0 + w - left) * scale));
        int py1 = Math.max(py0 + 6, (int) Math.ceil((y0 + h - top) * scale));
        if (w == 0 && h == 0) {
            px0 -= 3;
            py0 -= 3;
            px1 = px0 + 6;
            py1 = py0 + 6;
        }
        int line = 2;
        int fill = Pixels.premultiply((0x50 << 24) | (colour & 0xFFFFFF));
        int[] argb = canvas.argb();
        for (int y = Math.max(0, py0); y < Math.min(canvas.height(), py1); y++) {
            for (int x = Math.max(0, px0); x < Math.min(canvas.width(), px1); x++) {
                boolean border = x < px0 + line || x >= px1 - line || y < py0 + line || y >= py1 - line;
                int i = y * canvas.width() + x;
                if (border) {
                    argb[i] = colour;
                } else if (ghost) {
                    argb[i] = Pixels.over(fill, argb[i]);
                }
            }
        }
    }
}
