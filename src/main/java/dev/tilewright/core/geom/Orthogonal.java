package dev.tilewright.core.geom;

import java.util.List;

/**
 * The orthogonal projection: cells are {@code tileWidth x tileHeight} rectangles in rows and columns, tile (0,0)'s
 * at the origin, and pixels are screen pixels. Tiles are drawn row by row in the map's render order (Tiled's
 * right-down by default), which decides which of two overlapping tile images is on top.
 *
 * @param leftward whether a row is drawn from its right end (render orders left-down and left-up)
 * @param upward   whether rows are drawn from the bottom one up (render orders right-up and left-up)
 */
public record Orthogonal(int tileWidth, int tileHeight, boolean leftward, boolean upward) implements Projection {

    public Orthogonal {
        if (tileWidth < 1 || tileHeight < 1) {
            throw new IllegalArgumentException("tile size must be positive, was " + tileWidth + "x" + tileHeight);
        }
    }

    /** Right-down order. */
    public Orthogonal(int tileWidth, int tileHeight) {
        this(tileWidth, tileHeight, false, false);
    }

    @Override
    public Position tileToPixel(double tileX, double tileY) {
        return new Position(tileX * tileWidth, tileY * tileHeight);
    }

    @Override
    public Position pixelToTile(Position pixel) {
        return new Position(pixel.x() / tileWidth, pixel.y() / tileHeight);
    }

    @Override
    public Position tileToScreen(double tileX, double tileY) {
        return tileToPixel(tileX, tileY);
    }

    @Override
    public Position screenToTile(Position screen) {
        return pixelToTile(screen);
    }

    @Override
    public TileCoord tileAt(Position screen) {
        return new TileCoord((int) Math.floor(screen.x() / tileWidth), (int) Math.floor(screen.y() / tileHeight));
    }

    @Override
    public PixelBox bounds(int width, int height) {
        return areaBox(new TileRect(0, 0, width, height));
    }

    @Override
    public PixelBox areaBox(TileRect area) {
        return new PixelBox((long) area.x() * tileWidth, (long) area.y() * tileHeight, (long) area.width() * tileWidth,
                (long) area.height() * tileHeight);
    }

    @Override
    public PixelBox cellBox(int tileX, int tileY) {
        return new PixelBox((long) tileX * tileWidth, (long) tileY * tileHeight, tileWidth, tileHeight);
    }

    @Override
    public TileRect tilesMeeting(PixelBox screen) {
        if (screen.isEmpty()) {
            return new TileRect(0, 0, 0, 0);
        }
        long x0 = Math.floorDiv(screen.x(), tileWidth);
        long y0 = Math.floorDiv(screen.y(), tileHeight);
        long x1 = Math.floorDiv(screen.right() - 1, tileWidth);
        long y1 = Math.floorDiv(screen.bottom() - 1, tileHeight);
        return new TileRect(Math.toIntExact(x0), Math.toIntExact(y0), Math.toIntExact(x1 - x0 + 1),
                Math.toIntExact(y1 - y0 + 1));
    }

    @Override
    public int imageLeft(int tileX, int tileY) {
        return tileX * tileWidth;
    }

    @Override
    public int imageBottom(int tileX, int tileY) {
        return (tileY + 1) * tileHeight;
    }

    @Override
    public void inDrawOrder(TileRect area, TileVisitor visitor) {
        int last = area.width() - 1;
        for (int row = 0; row < area.height(); row++) {
            int y = upward ? area.y() + area.height() - 1 - row : area.y() + row;
            for (int column = 0; column <= last; column++) {
                visitor.visit(leftward ? area.x() + last - column : area.x() + column, y);
            }
        }
    }

    @Override
    public List<TileCoord> neighbours(int tileX, int tileY) {
        return List.of(new TileCoord(tileX, tileY - 1), new TileCoord(tileX + 1, tileY),
                new TileCoord(tileX, tileY + 1), new TileCoord(tileX - 1, tileY));
    }
}
