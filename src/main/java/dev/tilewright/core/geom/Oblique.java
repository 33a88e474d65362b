package dev.tilewright.core.geom;

import java.util.List;

/**
 * The oblique projection, as Tiled 1.12's oblique renderer lays it out: orthogonal pixel space sheared onto the
 * screen, so that each row of cells lies {@code skewX} pixels right of the row above it and each column
 * {@code skewY} pixels below the column left of it. Tile (x, y)'s cell is the parallelogram whose top-left corner is
 * at screen ({@code x * tileWidth + y * skewX + originX}, {@code y * tileHeight + x * skewY + originY}); pixel space
 * (objects, queries, collision grids) is the orthogonal one, tile (x, y) at pixel (x * tileWidth, y * tileHeight).
 * Tiled's screen space has no origin and its images start at the map's bounding box; here the origin moves that box
 * to (0, 0) (it is not 0 only where a skew is negative). Tiles are drawn as on an orthogonal map, row by row in the
 * render order, each image standing unsheared on its cell's bottom-left corner.
 *
 * <p>A cell must not be flat or turned over: {@code tileWidth * tileHeight > skewX * skewY}.
 *
 * @param mapWidth  the map's width in tiles (with a negative {@code skewY} it places the origin)
 * @param mapHeight the map's height in tiles (with a negative {@code skewX} it places the origin)
 * @param leftward  whether a row is drawn from its right end
 * @param upward    whether rows are drawn from the bottom one up
 */
public record Oblique(int tileWidth, int tileHeight, int skewX, int skewY, int mapWidth, int mapHeight,
                      boolean leftward, boolean upward) implements Projection {

    public Oblique {
        if (tileWidth < 1 || tileHeight < 1) {
            throw new IllegalArgumentException("tile size must be positive, was " + tileWidth + "x" + tileHeight);
        }
        if ((long) tileWidth * tileHeight <= (long) skewX * skewY) {
            throw new IllegalArgumentException("skews of " + skewX + " and " + skewY + " make " + tileWidth + "x"
                    + tileHeight + " cells flat or turned over (skew x times skew y must stay below width times height)");
        }
    }

    /** The screen x of tile (0, 0)'s top-left corner. */
    public long originX() {
        return Math.max(0, -(long) mapHeight * skewX);
    }

    /** The screen y of tile (0, 0)'s top-left corner. */
    public long originY() {
        return Math.max(0, -(long) mapWidth * skewY);
    }

    /** The area of a cell in screen pixels (the shear's determinant times a tile's area). */
    private long determinant() {
        return (long) tileWidth * tileHeight - (long) skewX * skewY;
    }

    @Override
    public Position tileToPixel(double tileX, double tileY) {
        return unsheared().tileToPixel(tileX, tileY);
    }

    @Override
    public Position pixelToTile(Position pixel) {
        return unsheared().pixelToTile(pixel);
    }

    @Override
    public Position tileToScreen(double tileX, double tileY) {
        return new Position(tileX * tileWidth + tileY * skewX + originX(), tileY * tileHeight + tileX * skewY + originY());
    }

    @Override
    public Position screenToTile(Position screen) {
        // whole parts as tileAt finds them (exact on edges), the fractions of what is left
        double dx = screen.x() - originX();
        double dy = screen.y() - originY();
        double a = dx * tileHeight - dy * skewX;
        double b = dy * tileWidth - dx * skewY;
        double d = determinant();
        int u = Isometric.floorDiv(a, d);
        int v = Isometric.floorDiv(b, d);
        return new Position(u + (a - u * d) / d, v + (b - v * d) / d);
    }

    @Override
    public TileCoord tileAt(Position screen) {
        // tile x = floor((x h - y skewX) / D), tile y = floor((y w - x skewY) / D), D = w h - skewX skewY > 0:
        // the shear undone, computed so that a point exactly on an edge is never rounded across it
        double dx = screen.x() - originX();
        double dy = screen.y() - originY();
        double d = determinant();
        return new TileCoord(Isometric.floorDiv(dx * tileHeight - dy * skewX, d),
                Isometric.floorDiv(dy * tileWidth - dx * skewY, d));
    }

    @Override
    public PixelBox bounds(int width, int height) {
        return areaBox(new TileRect(0, 0, width, height));
    }

    @Override
    public PixelBox cellBox(int tileX, int tileY) {
        return areaBox(new TileRect(tileX, tileY, 1, 1));
    }

    @Override
    public PixelBox areaBox(TileRect area) {
        // the parallelogram of the area: its corners are whole pixels
        long x = (long) area.x() * tileWidth + (long) area.y() * skewX + originX();
        long y = (long) area.y() * tileHeight + (long) area.x() * skewY + originY();
        if (area.isEmpty()) {
            return new PixelBox(x, y, 0, 0);
        }
        long acrossX = (long) area.width() * tileWidth;
        long acrossY = (long) area.width() * skewY;
        long downX = (long) area.height() * skewX;
        long downY = (long) area.height() * tileHeight;
        long left = x + Math.min(0, downX);
        long right = x + acrossX + Math.max(0, downX);
        long top = y + Math.min(0, acrossY);
        long bottom = y + downY + Math.max(0, acrossY);
        return new PixelBox(left, top, right - left, bottom - top);
    }

    @Override
    public TileRect tilesMeeting(PixelBox screen) {
        if (screen.isEmpty()) {
            return new TileRect(0, 0, 0, 0);
        }
        // tile coordinates are linear in the screen's: over the box they are least and greatest at its corners; the
        // tiles whose cells reach inside [x, right) x [y, bottom) run from floor(least) to ceil(greatest) - 1
        double d = determinant();
        long[][] corners = {{screen.x(), screen.y()}, {screen.right(), screen.y()}, {screen.x(), screen.bottom()},
                {screen.right(), screen.bottom()}};
        int x0 = Integer.MAX_VALUE;
        int y0 = Integer.MAX_VALUE;
        int x1 = Integer.MIN_VALUE;
        int y1 = Integer.MIN_VALUE;
        for (long[] c : corners) {
            double dx = c[0] - originX();
            double dy = c[1] - originY();
            double a = dx * tileHeight - dy * skewX;
            double b = dy * tileWidth - dx * skewY;
            x0 = Math.min(x0, Isometric.floorDiv(a, d));
            y0 = Math.min(y0, Isometric.floorDiv(b, d));
            x1 = Math.max(x1, -Isometric.floorDiv(-a, d) - 1);
            y1 = Math.max(y1, -Isometric.floorDiv(-b, d) - 1);
        }
        return new TileRect(x0, y0, x1 - x0 + 1, y1 - y0 + 1);
    }

    @Override
    public int imageLeft(int tileX, int tileY) {
        return Math.toIntExact((long) tileX * tileWidth + (long) (tileY + 1) * skewX + originX());
    }

    @Override
    public int imageBottom(int tileX, int tileY) {
        return Math.toIntExact((long) (tileY + 1) * tileHeight + (long) tileX * skewY + originY());
    }

    /** The same cells unsheared: their draw order and neighbours are an orthogonal map's. */
    private Orthogonal unsheared() {
        return new Orthogonal(tileWidth, tileHeight, leftward, upward);
    }

    @Override
    public void inDrawOrder(TileRect area, TileVisitor visitor) {
        unsheared().inDrawOrder(area, visitor);
    }

    @Override
    public List<TileCoord> neighbours(int tileX, int tileY) {
        return unsheared().neighbours(tileX, tileY);
    }
}
