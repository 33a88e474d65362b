package dev.tilewright.render;

import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.geom.Isometric;
import dev.tilewright.core.geom.Orthogonal;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.Projection;
import dev.tilewright.core.geom.TileCoord;
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

    /**
     * On diamond and hexagon maps the grid is the cells' edges: each pixel tinted once at most (an edge two cells
     * share is drawn by one of them), every tinted pixel within a pixel of an edge (its neighbours belong to another
     * cell), the middles of cells untouched.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"isometric 32x16", "isometric 64x32", "staggered 64x32", "hexagonal 14x12 side 6",
            "hexagonal 60x60 side 30 axis x"})
    void gridLinesOfOtherOrientationsTintEachEdgePixelOnce(String what) {
        Projection p = switch (what) {
            case "isometric 32x16" -> new Isometric(32, 16, 6);
            case "isometric 64x32" -> new Isometric(64, 32, 5);
            case "staggered 64x32" -> new Hexagonal(64, 32, false, false, 0);
            case "hexagonal 14x12 side 6" -> new Hexagonal(14, 12, false, false, 6);
            default -> new Hexagonal(60, 60, true, false, 30);
        };
        int width = 200;
        int height = 150;
        int base = 0xFF808080;
        Pixels canvas = Pixels.blank(width, height);
        Arrays.fill(canvas.argb(), base);
        Overlays.gridLines(canvas, new ViewWindow(0, 0, width, height), p);
        int lined = Pixels.over(Overlays.GRID_LINE, base);
        int count = 0;
        for (int py = 0; py < height; py++) {
            for (int px = 0; px < width; px++) {
                int value = canvas.argb()[py * width + px];
                assertThat(value).as("%s pixel %d,%d tinted at most once", what, px, py).isIn(base, lined);
                if (value == lined) {
                    count++;
                    TileCoord here = p.tileAt(new Position(px + 0.5, py + 0.5));
                    boolean edge = false;
                    for (int dy = -1; dy <= 1 && !edge; dy++) {
                        for (int dx = -1; dx <= 1 && !edge; dx++) {
                            edge = !p.tileAt(new Position(px + 0.5 + 1.5 * dx, py + 0.5 + 1.5 * dy)).equals(here);
                        }
                    }
                    assertThat(edge).as("%s pixel %d,%d lies on an edge", what, px, py).isTrue();
                }
            }
        }
        assertThat(count).isGreaterThan(width);
        for (int ty = 0; ty < 3; ty++) {
            for (int tx = 0; tx < 3; tx++) {
                Position middle = p.tileToScreen(tx + 0.5, ty + 0.5);
                if (middle.x() >= width || middle.y() >= height) {
                    continue;
                }
                int i = (int) middle.y() * width + (int) middle.x();
                assertThat(canvas.argb()[i]).as("%s middle of %d,%d", what, tx, ty).isEqualTo(base);
            }
        }
    }

    /**
     * On an isometric map a solid element is tinted as its part of the diamond: the pixels whose middles lie in the
     * projected element, none elsewhere (elements of half a tile: four to a cell).
     */
    @org.junit.jupiter.api.Test
    void theCollisionOverlayOfAnIsometricMapTintsTheElementsPartOfItsDiamond() {
        dev.tilewright.core.model.TileMap map = new dev.tilewright.core.model.TileMap("iso", 4, 4, 32, 16,
                Position.ORIGIN, null, java.util.List.of(), dev.tilewright.core.model.Properties.EMPTY, 1, 1);
        map.setSettings(dev.tilewright.core.model.MapSettings.DEFAULT.withOrientation(
                dev.tilewright.core.model.Orientation.ISOMETRIC));
        dev.tilewright.core.grid.CollisionGrid grid = new dev.tilewright.core.grid.CollisionGrid(8, 8, 16, 8);
        grid.set(3, 2, dev.tilewright.core.grid.CollisionGrid.SOLID); // tile (1, 1), its right and upper quarter
        int base = 0xFF808080;
        Pixels canvas = Pixels.blank(128, 64);
        Arrays.fill(canvas.argb(), base);
        Overlays.collision(canvas, new ViewWindow(0, 0, 128, 64), grid, map);
        Projection p = map.projection();
        int tinted = 0;
        for (int py = 0; py < 64; py++) {
            for (int px = 0; px < 128; px++) {
                Position tile = p.screenToTile(new Position(px + 0.5, py + 0.5));
                boolean inside = tile.x() > 1.5 && tile.x() < 2 && tile.y() > 1 && tile.y() < 1.5;
                boolean edge = Math.abs(tile.x() - 1.5) < 0.05 || Math.abs(tile.x() - 2) < 0.05
                        || Math.abs(tile.y() - 1) < 0.05 || Math.abs(tile.y() - 1.5) < 0.05;
                int value = canvas.argb()[py * 128 + px];
                if (!edge) {
                    assertThat(value != base).as("pixel %d,%d (tile %s)", px, py, tile).isEqualTo(inside);
                }
                tinted += value != base ? 1 : 0;
            }
        }
        // a quarter of a 32x16 diamond (256 pixels) is 64
        assertThat(tinted).isBetween(50, 80);
    }
}
