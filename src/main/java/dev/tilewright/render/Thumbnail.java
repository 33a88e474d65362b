package dev.tilewright.render;

import java.util.function.Function;

/**
 * A whole map shrunk to fit a square: each thumbnail pixel is the average of the map pixels under it. Within the
 * pixel budget, the map is rendered one strip per thumbnail row (every column, as many rows around the middle of the
 * row as the budget allows). A map so wide that even one full-width row per thumbnail row is over the budget (say
 * 30 million pixels across) is sampled instead: for each thumbnail pixel a window around the middle of its box, as
 * large as the budget allows (at least one pixel). Either way any map costs at most the budget, or one pixel per
 * thumbnail pixel when the budget is smaller than that.
 */
public final class Thumbnail {

    private Thumbnail() {
    }

    /**
     * @param mapWidth  the map's width in pixels
     * @param mapHeight the map's height in pixels
     * @param maxSide   the thumbnail's longest side (a smaller map keeps its size)
     * @param budget    map pixels to render at most
     * @param render    renders a window of the map
     */
    public static Pixels of(int mapWidth, int mapHeight, int maxSide, long budget, Function<ViewWindow, Pixels> render) {
        double scale = Math.max(1, Math.max((double) mapWidth / maxSide, (double) mapHeight / maxSide));
        int width = Math.max(1, (int) Math.round(mapWidth / scale));
        int height = Math.max(1, (int) Math.round(mapHeight / scale));
        double boxWidth = (double) mapWidth / width;
        double boxHeight = (double) mapHeight / height;
        int[] columnStart = new int[width + 1];
        for (int x = 0; x <= width; x++) {
            columnStart[x] = Math.min(mapWidth, (int) Math.floor(x * boxWidth));
        }
        Pixels out = Pixels.blank(width, height);
        if (budget / height >= mapWidth) {
            int rowsPerStrip = (int) Math.max(1, Math.min(Math.ceil(boxHeight), budget / ((long) height * mapWidth)));
            for (int y = 0; y < height; y++) {
                int[] rows = middle(y, boxHeight, mapHeight, rowsPerStrip);
                Pixels strip = render.apply(new ViewWindow(0, rows[0], mapWidth, rows[1]));
                for (int x = 0; x < width; x++) {
                    int left = columnStart[x];
                    int right = Math.max(left + 1, columnStart[x + 1]);
                    out.argb()[y * width + x] = average(strip, left, 0, right - left, rows[1]);
                }
            }
            return out;
        }
        // sampled: a window per box, its sides in the box's proportions, its area what the budget leaves a box
        double perBox = Math.max(1, (double) budget / ((long) width * height));
        int rowsPerBox = (int) Math.max(1, Math.min(Math.ceil(boxHeight), Math.floor(Math.sqrt(perBox * boxHeight / boxWidth))));
        int columnsPerBox = (int) Math.max(1, Math.min(Math.ceil(boxWidth), Math.floor(perBox / rowsPerBox)));
        for (int y = 0; y < height; y++) {
            int[] rows = middle(y, boxHeight, mapHeight, rowsPerBox);
            for (int x = 0; x < width; x++) {
                int[] columns = middle(x, boxWidth, mapWidth, columnsPerBox);
                Pixels window = render.apply(new ViewWindow(columns[0], rows[0], columns[1], rows[1]));
                out.argb()[y * width + x] = average(window, 0, 0, columns[1], rows[1]);
            }
        }
        return out;
    }

    /** Of box {@code i} (boxes {@code box} map pixels long), the first and count of at most {@code most} middle pixels. */
    private static int[] middle(int i, double box, int mapSize, int most) {
        int first = (int) Math.floor(i * box);
        int end = Math.min(mapSize, Math.max(first + 1, (int) Math.floor((i + 1) * box)));
        int count = Math.min(most, end - first);
        return new int[]{first + (end - first - count) / 2, count};
    }

    /** The average (rounded half up) of a rectangle of a rendered window's pixels, channel by channel. */
    static int average(Pixels window, int left, int top, int columns, int rows) {
        long[] sums = new long[4];
        add(window, left, top, columns, rows, sums, 0);
        return mean(sums, 0, (long) rows * columns);
    }

    /** Adds a rectangle's channels (alpha, red, green, blue) to {@code sums[at..at+3]}. */
    static void add(Pixels window, int left, int top, int columns, int rows, long[] sums, int at) {
        int stride = window.width();
        int[] argb = window.argb();
        for (int row = top; row < top + rows; row++) {
            for (int column = left; column < left + columns; column++) {
                int pixel = argb[row * stride + column];
                sums[at] += pixel >>> 24;
                sums[at + 1] += (pixel >> 16) & 0xFF;
                sums[at + 2] += (pixel >> 8) & 0xFF;
                sums[at + 3] += pixel & 0xFF;
            }
        }
    }

    /** The pixel whose channels are the sums at {@code sums[at..at+3]} over {@code count} pixels, rounded half up. */
    static int mean(long[] sums, int at, long count) {
        return (int) ((sums[at] + count / 2) / count) << 24 | (int) ((sums[at + 1] + count / 2) / count) << 16
                | (int) ((sums[at + 2] + count / 2) / count) << 8 | (int) ((sums[at + 3] + count / 2) / count);
    }
}
