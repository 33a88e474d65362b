package dev.tilewright.render;

import dev.tilewright.core.geom.Orthogonal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

class OverlaysTest {

    @ParameterizedTest(name = "{0}x{1} tiles, view {2},{3} {4}x{5}")
    @CsvSource({"16,16,0,0,50,40", "24,10,-13,-7,60,45", "7,13,5,3,1,1", "32,32,20,20,60,60", "5,9,-31,14,23,17"})
    void gridLinesTintTheFirstRowAndColumnOfEveryCellOnce(int tileWidth, int tileHeight, int x, int y, int width,
                                                          int height) {
        int base = 0xFF808080;
        Pixels canvas = Pixels.blank(width, height);
        Arrays.fill(canvas.argb(), base);
        Overlays.gridLines(canvas, new ViewWindow(x, y, width, height), new Orthogonal(tileWidth, tileHeight));
        int lined = Pixels.over(Overlays.GRID_LINE, base);
        for (int py = 0; py < height; py++) {
            for (int px = 0; px < width; px++) {
                boolean onLine = Math.floorMod(x + px, tileWidth) == 0 || Math.floorMod(y + py, tileHeight) == 0;
                assertThat(canvas.argb()[py * width + px]).as("pixel %d,%d", x + px, y + py)
                        .isEqualTo(onLine ? lined : base);
            }
        }
    }
}
