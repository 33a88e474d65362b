package dev.tilewright.render;

import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.geom.Projection;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.grid.CollisionGrid;

/** What a view can show over the map: the computed collision grid and tile grid lines. */
final class Overlays {

    /** The collision overlay: solid elements under red at 40%, a one-way top as a 2 px yellow line. */
    static final int SOLID_TINT = Pixels.premultiply(0x66E02020);
    static final int ONE_WAY = Pixels.premultiply(0xDDFFD000);

    /** Grid lines: black at a quarter opacity, on the left and top pixel of every tile. */
    static final int GRID_LINE = 0x40000000;

    private Overlays() {
    }

    /** Solid elements under red, one-way tops as a yellow line, over what is drawn. */
    static void collision(Pixels canvas, ViewWindow view, CollisionGrid grid) {
        int ew = grid.elementWidth();
        int eh = grid.elementHeight();
        int[] dst = canvas.argb();
        for (int y = 0; y < view.height(); y++) {
            int my = view.y() + y;
            int ey = Math.floorDiv(my, eh);
            boolean topRows = Math.floorMod(my, eh) < 2;
            for (int x = 0; x < view.width(); x++) {
                int mx = view.x() + x;
                int ex = Math.floorDiv(mx, ew);
                if (ex < 0 || ey < 0 || ex >= grid.columns() || ey >= grid.rows()) {
                    continue;
                }
                int sides = grid.get(ex, ey) & CollisionGrid.SIDES;
                int i = y * view.width() + x;
                if (sides == CollisionGrid.SOLID) {
                    dst[i] = Pixels.over(SOLID_TINT, dst[i]);
                } else if ((sides & CollisionGrid.TOP) != 0 && topRows) {
                    dst[i] = Pixels.over(ONE_WAY, dst[i]);
                }
            }
        }
    }

    /** A line on the left and top pixel of every tile's cell, over what is drawn. */
    static void gridLines(Pixels canvas, ViewWindow view, Projection projection) {
        int[] dst = canvas.argb();
        PixelBox seen = view.box();
        TileRect cells = projection.tilesMeeting(seen);
        for (int ty = cells.y(); ty < cells.bottom(); ty++) {
            for (int tx = cells.x(); tx < cells.right(); tx++) {
                PixelBox cell = projection.cellBox(tx, ty);
                long x0 = Math.max(cell.x(), seen.x());
                long x1 = Math.min(cell.right(), seen.right());
                long y0 = Math.max(cell.y(), seen.y());
                long y1 = Math.min(cell.bottom(), seen.bottom());
                for (long y = y0; y < y1; y++) {
                    // the top row whole, below it the left column where the view shows it
                    long from = y == cell.y() ? x0 : cell.x() == x0 ? x0 : x1;
                    long to = y == cell.y() ? x1 : Math.min(x1, from + 1);
                    for (long x = from; x < to; x++) {
                        int i = (int) ((y - seen.y()) * view.width() + x - seen.x());
                        dst[i] = Pixels.over(GRID_LINE, dst[i]);
                    }
                }
            }
        }
    }
}
