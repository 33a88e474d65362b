package dev.tilewright.render;

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

    /** A line on the left and top pixel of every tile, over what is drawn. */
    static void gridLines(Pixels canvas, ViewWindow view, int tileWidth, int tileHeight) {
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
}
