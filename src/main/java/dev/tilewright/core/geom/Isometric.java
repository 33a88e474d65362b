package dev.tilewright.core.geom;

import java.util.List;

/**
 * The isometric projection, as Tiled's isometric renderer lays it out: tile (x, y)'s cell is a diamond
 * {@code tileWidth x tileHeight} whose top corner is at screen ({@code (x - y) * tileWidth / 2 + originX},
 * {@code (x + y) * tileHeight / 2}), where {@code originX = mapHeight * tileWidth / 2} (whole pixels, as Tiled
 * computes it) puts the left corner of the map's bottom-left tile at x = 0. Pixel space (objects, queries) measures
 * both axes in tile heights: tile (x, y) is at pixel ({@code x * tileHeight}, {@code y * tileHeight}), so a square
 * object of n tile heights covers n x n cells. Tiles are drawn in screen rows (of equal {@code x + y}) from the top,
 * each from left to right; Tiled does not apply a render order here.
 *
 * @param mapHeight the map's height in tiles (it places the origin)
 */
public record Isometric(int tileWidth, int tileHeight, int mapHeight) implements Projection {

    public Isometric {
        if (tileWidth < 1 || tileHeight < 1) {
            throw new IllegalArgumentException("tile size must be positive, was " + tileWidth + "x" + tileHeight);
        }
    }

    /** The screen x of tile x = y = 0's top corner. */
    public long originX() {
        return (long) mapHeight * tileWidth / 2;
    }

    @Override
    public Position tileToPixel(double tileX, double tileY) {
        return new Position(tileX * tileHeight, tileY * tileHeight);
    }

    @Override
    public Position pixelToTile(Position pixel) {
        return new Position(pixel.x() / tileHeight, pixel.y() / tileHeight);
    }

    @Override
    public Position tileToScreen(double tileX, double tileY) {
        return new Position((tileX - tileY) * tileWidth / 2 + originX(), (tileX + tileY) * tileHeight / 2);
    }

    @Override
    public Position screenToTile(Position screen) {
        // whole parts as tileAt finds them (exact on edges), the fractions of what is left
        double dx = (screen.x() - originX()) * tileHeight;
        double dy = screen.y() * tileWidth;
        double area = (double) tileWidth * tileHeight;
        int u = floorDiv(dy + dx, area);
        int v = floorDiv(dy - dx, area);
        return new Position(u + (dy + dx - u * area) / area, v + (dy - dx - v * area) / area);
    }

    @Override
    public TileCoord tileAt(Position screen) {
        // tile x = floor((y * w + (x - originX) * h) / (w * h)), tile y = floor((y * w - (x - originX) * h) / (w * h)),
        // computed so that a point exactly on a diamond's edge is never rounded across it
        double dx = (screen.x() - originX()) * tileHeight;
        double dy = screen.y() * tileWidth;
        double area = (double) tileWidth * tileHeight;
        return new TileCoord(floorDiv(dy + dx, area), floorDiv(dy - dx, area));
    }

    /** floor(a / b) for b > 0, corrected where the quotient was rounded up to a whole number. */
    static int floorDiv(double a, double b) {
        double q = Math.floor(a / b);
        if (q * b > a) {
            q--;
        } else if ((q + 1) * b <= a) {
            q++;
        }
        return (int) q;
    }

    @Override
    public PixelBox bounds(int width, int height) {
        // Tiled's image of the map: whole pixels, halves dropped
        long side = (long) width + height;
        return new PixelBox(0, 0, side * tileWidth / 2, side * tileHeight / 2);
    }

    @Override
    public PixelBox cellBox(int tileX, int tileY) {
        return areaBox(new TileRect(tileX, tileY, 1, 1));
    }

    @Override
    public PixelBox areaBox(TileRect area) {
        if (area.isEmpty()) {
            return new PixelBox(Math.floorDiv(((long) area.x() - area.y()) * tileWidth, 2) + originX(),
                    Math.floorDiv(((long) area.x() + area.y()) * tileHeight, 2), 0, 0);
        }
        // the diamond of the area: its left corner is the bottom-left tile's, its top the top-left tile's
        long left2 = ((long) area.x() - area.y() - area.height()) * tileWidth + 2 * originX();
        long top2 = ((long) area.x() + area.y()) * tileHeight;
        long side = (long) area.width() + area.height();
        long right2 = left2 + side * tileWidth;
        long bottom2 = top2 + side * tileHeight;
        long left = Math.floorDiv(left2, 2);
        long top = Math.floorDiv(top2, 2);
        return new PixelBox(left, top, ceilHalf(right2) - left, ceilHalf(bottom2) - top);
    }

    private static long ceilHalf(long doubled) {
        return Math.floorDiv(doubled + 1, 2);
    }

    @Override
    public TileRect tilesMeeting(PixelBox screen) {
        if (screen.isEmpty()) {
            return new TileRect(0, 0, 0, 0);
        }
        // tile x grows to the right and down, tile y to the left and down: the box's corners bound both
        int x0 = tileAt(new Position(screen.x(), screen.y())).x();
        int x1 = tileAtBefore(screen.right(), screen.bottom()).x();
        int y0 = tileAt(new Position(screen.right(), screen.y())).y();
        int y1 = tileAtBefore(screen.x(), screen.bottom()).y();
        return new TileRect(x0, y0, x1 - x0 + 1, y1 - y0 + 1);
    }

    /**
     * For a box's far corner: the last tile x (of its bottom-right corner) and tile y (of its bottom-left corner) whose
     * diamonds reach inside the box, {@code ceil(u) - 1} of the corner's fractional tile coordinates.
     */
    private TileCoord tileAtBefore(long x, long y) {
        double dx = (x - originX()) * (double) tileHeight;
        double dy = y * (double) tileWidth;
        double area = (double) tileWidth * tileHeight;
        return new TileCoord(ceilDiv(dy + dx, area) - 1, ceilDiv(dy - dx, area) - 1);
    }

    private static int ceilDiv(double a, double b) {
        return -floorDiv(-a, b);
    }

    @Override
    public int imageLeft(int tileX, int tileY) {
        return (int) Math.floorDiv(((long) tileX - tileY - 1) * tileWidth, 2) + (int) originX();
    }

    /**
     * As Tiled's isometric renderer places it drawing a whole map: its rows start half a tile up in whole pixels
     * ({@code tileHeight / 2}), so with an odd tile height every row lies half a pixel lower, and a half pixel is
     * drawn on the next row.
     */
    @Override
    public int imageBottom(int tileX, int tileY) {
        return (int) Math.floorDiv(((long) tileX + tileY) * tileHeight + 2L * (tileHeight & 1), 2) + tileHeight;
    }

    /**
     * Where Tiled 1.8 draws a tile layer's tiles when it draws a whole map: it walks the rows of diamonds from the tile
     * under the top-left corner of the area it draws ({@code exposedX}, {@code exposedY}: the map's box grown by the
     * layer's tilesets' draw margins), each row starting half a tile (whole pixels) left or right of the one before at a
     * position cut towards 0, so with an odd tile width or height a tile lies where that walk puts it. {@link #imageLeft}
     * and {@link #imageBottom} are the walk from the map's corner.
     */
    public Walk walk(int exposedX, int exposedY) {
        int half = tileWidth / 2;
        double x = exposedX - originX();
        double cornerX = x / tileWidth;
        double cornerY = (double) exposedY / tileHeight;
        long r0 = (long) Math.floor(cornerY + cornerX);
        long r1 = (long) Math.floor(cornerY - cornerX);
        double startX = (r0 - r1) * tileWidth / 2.0 + originX() - half;
        double startY = (r0 + r1) * tileHeight / 2.0 + tileHeight;
        boolean upper = startY - exposedY > tileHeight / 2;
        boolean leftHalf = exposedX - startX < half;
        if (upper) {
            if (leftHalf) {
                r0--;
                startX -= half;
            } else {
                r1--;
                startX += half;
            }
            startY -= tileHeight / 2;
        }
        return new Walk(r0, r1, startX, (long) (startY * 2), upper != leftHalf);
    }

    /** Tiled's walk of a layer's rows ({@link #walk}): its first row's tile and start, doubled y, and shift. */
    public record Walk(long r0, long r1, double startX, long startY2, boolean shifted) {
    }

    /** The screen x of a tile image's left edge on Tiled's walk of the rows. */
    public int imageLeft(int tileX, int tileY, Walk walk) {
        long row = (long) tileX + tileY - (walk.r0() + walk.r1());
        int step = Math.floorMod(row, 2) == 1 ? (walk.shifted() ? -1 : 1) : 0;
        long across = walk.r0() - walk.r1() + step;
        return (int) ((long) (walk.startX() + step * (tileWidth / 2)) + ((long) tileX - tileY - across) / 2 * tileWidth);
    }

    /** The screen y just below a tile image on Tiled's walk of the rows (a half pixel drawn on the next row). */
    public int imageBottom(int tileX, int tileY, Walk walk) {
        long row = (long) tileX + tileY - (walk.r0() + walk.r1());
        return (int) Math.floorDiv(walk.startY2() + row * tileHeight + 1, 2);
    }

    @Override
    public void inDrawOrder(TileRect area, TileVisitor visitor) {
        if (area.isEmpty()) {
            return;
        }
        int lastX = area.x() + area.width() - 1;
        int lastY = area.y() + area.height() - 1;
        for (long sum = (long) area.x() + area.y(); sum <= (long) lastX + lastY; sum++) {
            int from = (int) Math.max(area.x(), sum - lastY);
            int to = (int) Math.min(lastX, sum - area.y());
            for (int x = from; x <= to; x++) {
                visitor.visit(x, (int) (sum - x));
            }
        }
    }

    @Override
    public List<TileCoord> neighbours(int tileX, int tileY) {
        return List.of(new TileCoord(tileX, tileY - 1), new TileCoord(tileX + 1, tileY),
                new TileCoord(tileX, tileY + 1), new TileCoord(tileX - 1, tileY));
    }
}
