package dev.tilewright.render;

import java.util.function.Function;

/**
 * A whole map shrunk to fit a square: each thumbnail pixel is the average of the map pixels under it. The map is
 * rendered one strip per thumbnail row; when the map is larger than the pixel budget, each strip is only as many
 * rows (taken around the middle of that thumbnail row) as the budget allows, so any map costs at most the budget.
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
        int rowsPerStrip = (int) Math.max(1, Math.min(Math.ceil(boxHeight), budget / ((long) height * mapWidth)));
        int[] columnStart = new int[width + 1];
        for (int x = 0; x <= width; x++) {
            columnStart[x] = Math.min(mapWidth, (int) Math.floor(x * boxWidth));
        }
        Pixels out = Pixels.blank(width, height);
        long[] sums = new long[4];
        for (int y = 0; y < height; y++) {
            int top = (int) Math.floor(y * boxHeight);
            int bottom = Math.min(mapHeight, Math.max(top + 1, (int) Math.floor((y + 1) * boxHeight)));
            int rows = Math.min(rowsPerStrip, bottom - top);
            int first = top + (bottom - top - rows) / 2;
            Pixels strip = render.apply(new ViewWindow(0, first, mapWidth, rows));
            for (int x = 0; x < width; x++) {
                java.util.Arrays.fill(sums, 0);
                int left = columnStart[x];
                int right = Math.max(left + 1, columnStart[x + 1]);
                for (int row = 0; row < rows; row++) {
                    for (int column = left; column < right; column++) {
                        int pixel = strip.argb()[row * mapWidth + column];
                        sums[0] += pixel >>> 24;
                        sums[1] += (pixel >> 16) & 0xFF;
                        sums[2] += (pixel >> 8) & 0xFF;
                        sums[3] += pixel & 0xFF;
                    }
                }
                long count = (long) rows * (right - left);
                out.argb()[y * width + x] = (int) ((sums[0] + count / 2) / count) << 24
                        | (int) ((sums[1] + count / 2) / count) << 16
                        | (int) ((sums[2] + count / 2) / count) << 8
                        | (int) ((sums[3] + count / 2) / count);
            }
        }
        return out;
    }
}
