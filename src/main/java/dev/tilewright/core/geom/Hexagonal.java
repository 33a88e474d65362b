package dev.tilewright.core.geom;

import java.util.ArrayList;
import java.util.List;

/**
 * The staggered layouts, as Tiled's hexagonal renderer lays them out: hexagonal maps, and staggered isometric maps,
 * which are hexagonal ones whose sides along the stagger axis have length 0 (their cells are diamonds). Every other
 * row (stagger axis y) or column (x) is shifted by half a cell; which ones the stagger index says (odd: rows 1, 3,
 * ...; even: 0, 2, ...). A cell is the octagon Tiled draws inside its {@code cellWidth x cellHeight} box (a hexagon
 * or diamond: two of its sides have length 0); neighbouring cells share sides and together cover the plane, so every
 * screen point lies in exactly one cell (a point on a shared edge goes to the cell the point falls in when pushed an
 * infinitesimal step down and a far smaller one right: the one below the edge, or right of it where it is vertical,
 * as on the other projections).
 *
 * <p>Pixel space is screen space (as in Tiled); fractional tile coordinates are a cell and a place in its box.
 * Tiles are drawn in screen rows from the top, each left to right (on stagger axis x, a row's unshifted columns and
 * then its shifted ones); Tiled does not apply a render order here.
 *
 * @param sideLength the length of the sides along the stagger axis (Tiled's {@code hexsidelength}), 0 for staggered
 */
public record Hexagonal(int tileWidth, int tileHeight, boolean staggerX, boolean staggerEven, int sideLength)
        implements Projection {

    public Hexagonal {
        if (tileWidth < 1 || tileHeight < 1) {
            throw new IllegalArgumentException("tile size must be positive, was " + tileWidth + "x" + tileHeight);
        }
        if (sideLength < 0 || sideLength > (staggerX ? tileWidth : tileHeight)) {
            throw new IllegalArgumentException("a hexagon's side length is 0 to its tile's " + (staggerX ? "width "
                    + tileWidth : "height " + tileHeight) + ", was " + sideLength);
        }
        if (tileWidth < 2 || tileHeight < 2) {
            // half a tile of 1 px is none: rows (columns) would not advance
            throw new IllegalArgumentException("a staggered or hexagonal map's tiles are 2x2 px at least, was "
                    + tileWidth + "x" + tileHeight);
        }
    }

    private int sideX() {
        return staggerX ? sideLength : 0;
    }

    private int sideY() {
        return staggerX ? 0 : sideLength;
    }

    /** How far a cell's slanted sides reach in x: half of what the side along x leaves of the tile. */
    public int sideOffsetX() {
        return (tileWidth - sideX()) / 2;
    }

    public int sideOffsetY() {
        return (tileHeight - sideY()) / 2;
    }

    /** The distance from one column to the next. */
    public int columnWidth() {
        return sideOffsetX() + sideX();
    }

    /** The distance from one row to the next. */
    public int rowHeight() {
        return sideOffsetY() + sideY();
    }

    /** The width of a cell's box (the tile width, or one less where halving it dropped a pixel). */
    public int cellWidth() {
        return columnWidth() + sideOffsetX();
    }

    public int cellHeight() {
        return rowHeight() + sideOffsetY();
    }

    /** Whether row or column {@code index} (along the stagger axis) is shifted. */
    public boolean shifted(int index) {
        return ((index & 1) == 1) != staggerEven;
    }

    /** The screen x of a cell box's left edge. */
    private long left(int tileX, int tileY) {
        return staggerX ? (long) tileX * columnWidth()
                : (long) tileX * (cellWidth() + sideX()) + (shifted(tileY) ? columnWidth() : 0);
    }

    private long top(int tileX, int tileY) {
        return staggerX ? (long) tileY * (cellHeight() + sideY()) + (shifted(tileX) ? rowHeight() : 0)
                : (long) tileY * rowHeight();
    }

    @Override
    public Position tileToPixel(double tileX, double tileY) {
        return tileToScreen(tileX, tileY);
    }

    @Override
    public Position pixelToTile(Position pixel) {
        return screenToTile(pixel);
    }

    @Override
    public Position tileToScreen(double tileX, double tileY) {
        int x = (int) Math.floor(tileX);
        int y = (int) Math.floor(tileY);
        return new Position(left(x, y) + (tileX - x) * cellWidth(), top(x, y) + (tileY - y) * cellHeight());
    }

    @Override
    public Position screenToTile(Position screen) {
        TileCoord cell = tileAt(screen);
        return new Position(within(cell.x(), (screen.x() - left(cell.x(), cell.y())) / cellWidth()),
                within(cell.y(), (screen.y() - top(cell.x(), cell.y())) / cellHeight()));
    }

    /**
     * A cell's index plus a fraction of its box, kept inside [cell, cell + 1): the cells' boxes overlap, so a
     * fraction that rounds up to 1 would name the next cell's corner, another point (a slanted edge's last bit).
     */
    private static double within(int cell, double fraction) {
        double at = cell + fraction;
        return at < cell ? cell : at >= cell + 1 ? Math.nextDown((double) (cell + 1)) : at;
    }

    @Override
    public TileCoord tileAt(Position screen) {
        // the point lies in the box band of one row (column) and maybe the one before it: one cell of each holds it
        List<TileCoord> candidates = new ArrayList<>(2);
        if (staggerX) {
            int column = Isometric.floorDiv(screen.x(), columnWidth());
            for (int x = column; x >= column - 1; x--) {
                int shift = shifted(x) ? rowHeight() : 0;
                candidates.add(new TileCoord(x, Isometric.floorDiv(screen.y() - shift, cellHeight() + sideY())));
            }
        } else {
            int row = Isometric.floorDiv(screen.y(), rowHeight());
            for (int y = row; y >= row - 1; y--) {
                int shift = shifted(y) ? columnWidth() : 0;
                candidates.add(new TileCoord(Isometric.floorDiv(screen.x() - shift, cellWidth() + sideX()), y));
            }
        }
        for (TileCoord candidate : candidates) {
            if (holds(candidate.x(), candidate.y(), screen.x(), screen.y())) {
                return candidate;
            }
        }
        return candidates.get(0); // unreachable for points whose coordinates are exact in a double
    }

    /**
     * The corners of a cell's octagon relative to its box's top-left, clockwise on the screen from the bottom of its
     * left side (Tiled's order); sides of length 0 repeat a corner.
     */
    public long[][] corners() {
        int ox = sideOffsetX();
        int oy = sideOffsetY();
        return new long[][]{{0, rowHeight()}, {0, oy}, {ox, 0}, {columnWidth(), 0}, {cellWidth(), oy},
                {cellWidth(), rowHeight()}, {columnWidth(), cellHeight()}, {ox, cellHeight()}};
    }

    /**
     * Whether a cell holds a screen point pushed an infinitesimal step down (and a far smaller one right): the exact
     * rule that gives a point on an edge shared by two cells to one of them.
     */
    public boolean holds(int tileX, int tileY, double x, double y) {
        long[][] corners = corners();
        double px = x - left(tileX, tileY);
        double py = y - top(tileX, tileY);
        for (int i = 0; i < corners.length; i++) {
            long[] a = corners[i];
            long[] b = corners[(i + 1) % corners.length];
            long ex = b[0] - a[0];
            long ey = b[1] - a[1];
            if (ex == 0 && ey == 0) {
                continue;
            }
            double cross = ex * (py - a[1]) - ey * (px - a[0]);
            // on the edge's line: the push (tiny, 1) decides; inside is where the cross product is positive
            double sign = cross != 0 ? cross : ex != 0 ? ex : -ey;
            if (sign <= 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public PixelBox bounds(int width, int height) {
        if (width < 1 || height < 1) {
            return new PixelBox(0, 0, 0, 0);
        }
        // Tiled's box of the map: the first row's (column's) top, grown by the shifted half
        long left = left(0, 0);
        long top = top(0, 0);
        long w;
        long h;
        if (staggerX) {
            w = (long) width * columnWidth() + sideOffsetX();
            h = (long) height * (cellHeight() + sideY());
            if (width > 1) {
                h += rowHeight();
                top -= shifted(0) ? rowHeight() : 0;
            }
        } else {
            w = (long) width * (cellWidth() + sideX());
            h = (long) height * rowHeight() + sideOffsetY();
            if (height > 1) {
                w += columnWidth();
                left -= shifted(0) ? columnWidth() : 0;
            }
        }
        return new PixelBox(left, top, w, h);
    }

    @Override
    public PixelBox cellBox(int tileX, int tileY) {
        return new PixelBox(left(tileX, tileY), top(tileX, tileY), cellWidth(), cellHeight());
    }

    @Override
    public PixelBox areaBox(TileRect area) {
        if (area.isEmpty()) {
            return new PixelBox(left(area.x(), area.y()), top(area.x(), area.y()), 0, 0);
        }
        int lastX = area.x() + area.width() - 1;
        int lastY = area.y() + area.height() - 1;
        long left;
        long top;
        long right;
        long bottom;
        if (staggerX) {
            boolean both = area.width() > 1;
            left = left(area.x(), 0);
            right = left(lastX, 0) + cellWidth();
            top = both ? (long) area.y() * (cellHeight() + sideY()) : top(area.x(), area.y());
            bottom = (both ? (long) lastY * (cellHeight() + sideY()) + rowHeight() : top(area.x(), lastY)) + cellHeight();
        } else {
            boolean both = area.height() > 1;
            top = top(0, area.y());
            bottom = top(0, lastY) + cellHeight();
            left = both ? (long) area.x() * (cellWidth() + sideX()) : left(area.x(), area.y());
            right = (both ? (long) lastX * (cellWidth() + sideX()) + columnWidth() : left(lastX, area.y())) + cellWidth();
        }
        return new PixelBox(left, top, right - left, bottom - top);
    }

    /**
     * The tiles whose cell boxes share at least a pixel with a screen box: a cell's box holds its octagon, so these
     * are the tiles the box may show part of (at most a ring more than the octagons meet).
     */
    @Override
    public TileRect tilesMeeting(PixelBox screen) {
        if (screen.isEmpty()) {
            return new TileRect(0, 0, 0, 0);
        }
        if (staggerX) {
            int x0 = (int) Math.floorDiv(screen.x() - cellWidth(), (long) columnWidth()) + 1;
            int x1 = (int) Math.floorDiv(screen.right() - 1, (long) columnWidth());
            long pitch = cellHeight() + sideY();
            int[] ys = along(screen.y(), screen.bottom(), pitch, rowHeight(), x0, x1);
            return new TileRect(x0, ys[0], x1 - x0 + 1, ys[1] - ys[0] + 1);
        }
        int y0 = (int) Math.floorDiv(screen.y() - cellHeight(), (long) rowHeight()) + 1;
        int y1 = (int) Math.floorDiv(screen.bottom() - 1, (long) rowHeight());
        long pitch = cellWidth() + sideX();
        int[] xs = along(screen.x(), screen.right(), pitch, columnWidth(), y0, y1);
        return new TileRect(xs[0], y0, xs[1] - xs[0] + 1, y1 - y0 + 1);
    }

    /**
     * Across the stagger axis: the first and last index whose cells (boxes of {@code cellSide} every {@code pitch},
     * shifted by {@code shift} in shifted lines) meet [from, to) in any of the lines first..last.
     */
    private int[] along(long from, long to, long pitch, int shift, int first, int last) {
        int lo = Integer.MAX_VALUE;
        int hi = Integer.MIN_VALUE;
        long cellSide = staggerX ? cellHeight() : cellWidth();
        for (int line = first; line <= Math.min(last, first + 1); line++) {
            long s = shifted(line) ? shift : 0;
            lo = Math.min(lo, (int) Math.floorDiv(from - s - cellSide, pitch) + 1);
            hi = Math.max(hi, (int) Math.floorDiv(to - 1 - s, pitch));
        }
        return new int[]{lo, hi};
    }

    @Override
    public int imageLeft(int tileX, int tileY) {
        return (int) left(tileX, tileY);
    }

    /**
     * As Tiled 1.8's hexagonal renderer places it: the tile height made even below the cell's top (one pixel more
     * than the cell's box where halving what the sides leave of it dropped a pixel; Tiled 1.12 uses the box).
     */
    @Override
    public int imageBottom(int tileX, int tileY) {
        return (int) (top(tileX, tileY) + (tileHeight & ~1));
    }

    @Override
    public void inDrawOrder(TileRect area, TileVisitor visitor) {
        int lastX = area.x() + area.width() - 1;
        for (int y = area.y(); y < area.y() + area.height(); y++) {
            if (!staggerX) {
                for (int x = area.x(); x <= lastX; x++) {
                    visitor.visit(x, y);
                }
                continue;
            }
            for (boolean later : new boolean[]{false, true}) {
                for (int x = area.x(); x <= lastX; x++) {
                    if (shifted(x) == later) {
                        visitor.visit(x, y);
                    }
                }
            }
        }
    }

    /**
     * The tiles sharing a side with a tile, clockwise from the top (stagger axis x) or the top-right (y): six on a
     * hexagonal map, four (the diamond's) where the sides along the stagger axis have length 0.
     */
    @Override
    public List<TileCoord> neighbours(int tileX, int tileY) {
        List<TileCoord> out = new ArrayList<>(6);
        if (staggerX) {
            int up = shifted(tileX) ? 0 : -1;
            if (sideLength > 0) {
                out.add(new TileCoord(tileX, tileY - 1));
            }
            out.add(new TileCoord(tileX + 1, tileY + up));
            out.add(new TileCoord(tileX + 1, tileY + up + 1));
            if (sideLength > 0) {
                out.add(new TileCoord(tileX, tileY + 1));
            }
            out.add(new TileCoord(tileX - 1, tileY + up + 1));
            out.add(new TileCoord(tileX - 1, tileY + up));
        } else {
            int leftward = shifted(tileY) ? 0 : -1;
            out.add(new TileCoord(tileX + leftward + 1, tileY - 1));
            if (sideLength > 0) {
                out.add(new TileCoord(tileX + 1, tileY));
            }
            out.add(new TileCoord(tileX + leftward + 1, tileY + 1));
            out.add(new TileCoord(tileX + leftward, tileY + 1));
            if (sideLength > 0) {
                out.add(new TileCoord(tileX - 1, tileY));
            }
            out.add(new TileCoord(tileX + leftward, tileY - 1));
        }
        return out;
    }
}
