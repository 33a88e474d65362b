package dev.tilewright.core.geom;

/**
 * The oracles' own account of an isometric, staggered, hexagonal or oblique map's cells, worked out from Tiled's
 * renderers' formulas (not from {@link Hexagonal}, {@link Isometric} or {@link Oblique}, which they test).
 */
public final class TiledCells {

    private TiledCells() {
    }

    /**
     * The octagon of cell (tx, ty), corners clockwise on the screen from the bottom of its left side, doubled (x2) so
     * that every corner is whole; sides of length 0 repeat a corner.
     */
    public static long[][] corners2(Hexagonal hex, int tx, int ty) {
        boolean staggerX = hex.staggerX();
        int sideX = staggerX ? hex.sideLength() : 0;
        int sideY = staggerX ? 0 : hex.sideLength();
        int offsetX = (hex.tileWidth() - sideX) / 2;
        int offsetY = (hex.tileHeight() - sideY) / 2;
        int columnWidth = offsetX + sideX;
        int rowHeight = offsetY + sideY;
        int width = columnWidth + offsetX;
        int height = rowHeight + offsetY;
        boolean shifted = (((staggerX ? tx : ty) & 1) == 1) != hex.staggerEven();
        long left = staggerX ? (long) tx * columnWidth : (long) tx * (width + sideX) + (shifted ? columnWidth : 0);
        long top = staggerX ? (long) ty * (height + sideY) + (shifted ? rowHeight : 0) : (long) ty * rowHeight;
        long[][] octagon = {{0, rowHeight}, {0, offsetY}, {offsetX, 0}, {columnWidth, 0}, {width, offsetY},
                {width, rowHeight}, {columnWidth, height}, {offsetX, height}};
        long[][] corners = new long[8][];
        for (int i = 0; i < 8; i++) {
            corners[i] = new long[]{2 * (left + octagon[i][0]), 2 * (top + octagon[i][1])};
        }
        return corners;
    }

    /** The diamond of an isometric map's cell (tx, ty), corners clockwise from the left one, doubled (x2). */
    public static long[][] isometricCorners2(Isometric iso, int tx, int ty) {
        long w = iso.tileWidth();
        long h = iso.tileHeight();
        long origin2 = 2 * ((long) iso.mapHeight() * w / 2);
        long topX = (tx - (long) ty) * w + origin2;
        long topY = (tx + (long) ty) * h;
        return new long[][]{{topX - w, topY + h}, {topX, topY}, {topX + w, topY + h}, {topX, topY + 2 * h}};
    }

    /** The doubled corners of a cell of either kind. */
    public static long[][] corners2(Projection projection, int tx, int ty) {
        return projection instanceof Isometric iso ? isometricCorners2(iso, tx, ty)
                : corners2((Hexagonal) projection, tx, ty);
    }

    /** Whether two cells share a side of positive length (the same two corners, walked the other way). */
    public static boolean shareASide(long[][] a, long[][] b) {
        for (int i = 0; i < a.length; i++) {
            long[] p = a[i];
            long[] q = a[(i + 1) % a.length];
            if (p[0] == q[0] && p[1] == q[1]) {
                continue;
            }
            for (int j = 0; j < b.length; j++) {
                long[] r = b[j];
                long[] s = b[(j + 1) % b.length];
                if (p[0] == s[0] && p[1] == s[1] && q[0] == r[0] && q[1] == r[1]) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The parallelogram of an oblique map's cell (tx, ty), corners clockwise on the screen from its top-left, doubled:
     * Tiled 1.12's {@code ObliqueRenderer::transform()} (a QTransform shear of skewX / tileHeight across and skewY /
     * tileWidth down) of the cell's orthogonal corners, moved by what brings the sheared map's box to (0, 0).
     */
    public static long[][] obliqueCorners2(int tileWidth, int tileHeight, int skewX, int skewY, int mapWidth,
                                           int mapHeight, int tx, int ty) {
        // the map's sheared corners: (0, 0), (w, 0), (0, h), (w, h) in tiles; the least x and y among them move to 0
        long[][] map = {{0, 0}, {(long) mapWidth * tileWidth, (long) mapWidth * skewY},
                {(long) mapHeight * skewX, (long) mapHeight * tileHeight},
                {(long) mapWidth * tileWidth + (long) mapHeight * skewX, (long) mapHeight * tileHeight + (long) mapWidth * skewY}};
        long minX = 0;
        long minY = 0;
        for (long[] c : map) {
            minX = Math.min(minX, c[0]);
            minY = Math.min(minY, c[1]);
        }
        long[][] pixels = {{tx, ty}, {tx + 1L, ty}, {tx + 1L, ty + 1L}, {tx, ty + 1L}};
        long[][] corners = new long[4][];
        for (int i = 0; i < 4; i++) {
            long px = pixels[i][0] * tileWidth;
            long py = pixels[i][1] * tileHeight;
            // x' = x + (skewX / tileHeight) y, y' = y + (skewY / tileWidth) x: whole, as y is a multiple of tileHeight
            long sx = px + pixels[i][1] * skewX - minX;
            long sy = py + pixels[i][0] * skewY - minY;
            corners[i] = new long[]{2 * sx, 2 * sy};
        }
        return corners;
    }
}
