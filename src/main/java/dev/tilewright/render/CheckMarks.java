package dev.tilewright.render;

import java.util.List;

/**
 * Map checks' findings drawn over a rendered window (a {@code render.png?checks=true}): outlines of rectangles and
 * lines, in map pixels, two pixels wide at any scale, in the mark's colour. What a check found becomes marks in
 * {@code rendering}; this only draws them.
 */
public final class CheckMarks {

    /** A failing check's colour and a path's. */
    public static final int FAIL = 0xFFFF4136;
    public static final int PATH = 0xFF39CCCC;

    /** A rectangle's outline ({@code line} false) or the segment between its corners ({@code line} true). */
    public record Mark(double x0, double y0, double x1, double y1, boolean line, int colour) {

        public static Mark rect(double x, double y, double width, double height, int colour) {
            return new Mark(x, y, x + width, y + height, false, colour);
        }

        public static Mark line(double x0, double y0, double x1, double y1, int colour) {
            return new Mark(x0, y0, x1, y1, true, colour);
        }
    }

    private static final int WIDTH = 2;
    /** Pixels from a window's corner past which a mark is no place on a map (the largest map at the largest scale). */
    private static final int FAR = 1 << 27;

    private CheckMarks() {
    }

    /** Draws the marks on a window whose top-left corner is map pixel ({@code left}, {@code top}) at {@code scale}. */
    public static void draw(Pixels canvas, double scale, int left, int top, List<Mark> marks) {
        for (Mark m : marks) {
            int x0 = (int) Math.floor((m.x0() - left) * scale);
            int y0 = (int) Math.floor((m.y0() - top) * scale);
            int x1 = (int) Math.floor((m.x1() - left) * scale);
            int y1 = (int) Math.floor((m.y1() - top) * scale);
            if (Math.max(Math.max(Math.abs(x0), Math.abs(x1)), Math.max(Math.abs(y0), Math.abs(y1))) > FAR) {
                continue; // not a place on any map a window shows
            }
            if (m.line()) {
                segment(canvas, x0, y0, x1, y1, m.colour());
            } else {
                segment(canvas, x0, y0, x1 - 1, y0, m.colour());
                segment(canvas, x0, y1 - WIDTH, x1 - 1, y1 - WIDTH, m.colour());
                segment(canvas, x0, y0, x0, y1 - 1, m.colour());
                segment(canvas, x1 - WIDTH, y0, x1 - WIDTH, y1 - 1, m.colour());
            }
        }
    }

    /** A segment two pixels wide (each point and the ones right of and below it), clipped to the canvas. */
    private static void segment(Pixels canvas, int x0, int y0, int x1, int y1, int colour) {
        Lines.walk(x0, y0, x1, y1, (x, y) -> {
            for (int oy = 0; oy < WIDTH; oy++) {
                for (int ox = 0; ox < WIDTH; ox++) {
                    int px = x + ox;
                    int py = y + oy;
                    if (px >= 0 && py >= 0 && px < canvas.width() && py < canvas.height()) {
                        canvas.argb()[py * canvas.width() + px] = colour;
                    }
                }
            }
        });
    }
}
