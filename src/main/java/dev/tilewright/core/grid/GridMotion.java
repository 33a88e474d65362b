package dev.tilewright.core.grid;

/**
 * The seed's grid motion filter: how far a box may move by (dx, dy) through a collision grid. The horizontal part
 * goes first, then the vertical one from where it ended; each is taken as a sequence of steps no longer than an
 * element, so nothing tunnels through a thin wall. A step that would carry the box's leading edge into an element
 * column (row) ends at that boundary when any element of the column (row) the box spans is solid on the side it
 * would enter through: moving right, its left side; moving down, its top (so a top-only element is a one-way
 * platform: it stops a fall and lets a jump through). A box already overlapping a solid element may leave it.
 * Outside the grid everything is solid.
 */
public final class GridMotion {

    private GridMotion() {
    }

    /** The allowed motion, {@code {dx, dy}}, of the box at (x, y) sized width x height, all in pixels. */
    public static double[] filter(CollisionGrid grid, double x, double y, double width, double height,
                                  double dx, double dy) {
        double allowedX = along(grid, true, x, y, width, height, dx);
        double allowedY = along(grid, false, x + allowedX, y, width, height, dy);
        return new double[]{allowedX, allowedY};
    }

    private static double along(CollisionGrid grid, boolean horizontal, double x, double y, double width,
                                double height, double delta) {
        double size = horizontal ? grid.elementWidth() : grid.elementHeight();
        double start = horizontal ? x : y;
        double extent = horizontal ? width : height;
        // the span of the other axis the box covers, in elements (a box edge on a boundary does not reach over it)
        double across = horizontal ? y : x;
        double acrossExtent = horizontal ? height : width;
        double acrossSize = horizontal ? grid.elementHeight() : grid.elementWidth();
        int from = (int) Math.floor(across / acrossSize);
        int to = Math.max(from, (int) Math.ceil((across + acrossExtent) / acrossSize) - 1);
        int blocking = horizontal ? (delta > 0 ? CollisionGrid.LEFT : CollisionGrid.RIGHT)
                : (delta > 0 ? CollisionGrid.TOP : CollisionGrid.BOTTOM);
        double moved = 0;
        while (true) {
            // the last step is exactly what remains, so an unblocked move answers delta itself, not a float sum
            double remaining = delta - moved;
            boolean last = Math.abs(remaining) <= size;
            double step = last ? remaining : Math.copySign(size, delta);
            double edge = delta > 0 ? start + moved + extent : start + moved;
            double next = edge + step;
            // the one boundary a step no longer than an element can cross, and the element beyond it
            double boundary = delta > 0 ? Math.ceil(edge / size) * size : Math.floor(edge / size) * size;
            boolean crosses = delta > 0 ? next > boundary : next < boundary;
            if (crosses) {
                int line = (int) Math.round(boundary / size) + (delta > 0 ? 0 : -1);
                for (int k = from; k <= to; k++) {
                    int flags = horizontal ? grid.get(line, k) : grid.get(k, line);
                    if ((flags & blocking) != 0) {
                        return moved + (boundary - edge);
                    }
                }
            }
            if (last) {
                return delta;
            }
            moved += step;
        }
    }
}
