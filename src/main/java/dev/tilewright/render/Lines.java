package dev.tilewright.render;

/** Straight lines between whole pixels, as the overlays draw them. */
final class Lines {

    /** A pixel of a line. */
    @FunctionalInterface
    interface PixelVisitor {
        void visit(int x, int y);
    }

    private Lines() {
    }

    /** Visits every pixel of the line from (x0, y0) to (x1, y1), both ends included (Bresenham). */
    static void walk(int x0, int y0, int x1, int y1, PixelVisitor visitor) {
        int dx = Math.abs(x1 - x0);
        int dy = -Math.abs(y1 - y0);
        int sx = x0 < x1 ? 1 : -1;
        int sy = y0 < y1 ? 1 : -1;
        int error = dx + dy;
        int x = x0;
        int y = y0;
        long most = (long) dx - dy + 1;
        for (long step = 0; step < most; step++) {
            visitor.visit(x, y);
            if (x == x1 && y == y1) {
                break;
            }
            int twice = 2 * error;
            if (twice >= dy) {
                error += dy;
                x += sx;
            }
            if (twice <= dx) {
                error += dx;
                y += sy;
            }
        }
    }
}
