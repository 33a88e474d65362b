package dev.tilewright.core.terrain;

import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.geom.TiledCells;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The terrain brush on staggered and hexagonal maps (either stagger axis and index, hexagons and diamonds): after
 * random strokes on complete and hub sets, painted cells show their terrain on every corner or side, and every two
 * cells show the same terrain where they meet. Where they meet is worked out apart from {@link TerrainLayout}: from
 * Tiled's cell shapes ({@link TiledCells}), two cells' corners (or sides' middles) at the same point of the screen,
 * each named by the direction it lies from its cell's centre (the layout's rule, restated).
 */
class CellTerrainProperties {

    private static Hexagonal cells(Random random) {
        boolean x = random.nextBoolean();
        int w = 8 + 2 * random.nextInt(20);
        int h = 8 + 2 * random.nextInt(20);
        int side = random.nextInt(3) == 0 ? 0 : 2 + random.nextInt((x ? w : h) - 4);
        return new Hexagonal(w, h, x, random.nextBoolean(), side);
    }

    @Property(tries = 200)
    void strokesLeaveEveryMeetingOfCellsMatching(@ForAll long caseSeed) {
        Random random = new Random(caseSeed);
        Hexagonal hex = cells(random);
        String type = random.nextBoolean() ? "corner" : "edge";
        TerrainLayout layout = TerrainLayout.of(hex, type);
        WangCases.Case wang = random.nextBoolean() ? WangCases.complete(type, 2, layout.parts())
                : WangCases.hub(type, 2 + random.nextInt(2), false, random, layout.parts());
        WangTiles tiles = wang.tiles(layout);
        TerrainBrushProperties.Grid grid = TerrainBrushProperties.Grid.filled(3 + random.nextInt(14),
                3 + random.nextInt(14), TerrainBrushProperties.plainTile(tiles, 1));
        int seed = random.nextInt();
        String what = wang.name() + " on " + hex;
        for (int step = 0; step < 8; step++) {
            int color = 1 + random.nextInt(tiles.colors());
            int[] stroke = TerrainBrushProperties.stroke(random, grid);
            TerrainBrush.Result result = TerrainBrush.paint(tiles, grid, stroke, color, seed, 1_000_000);
            grid.apply(result);
            assertThat(result.unmatched()).as("%s: cells left unmatched", what).isZero();
            for (int i = 0; i < stroke.length; i += 2) {
                if (grid.inside(stroke[i], stroke[i + 1])) {
                    int[] id = tiles.wangIdOf(grid.gid(stroke[i], stroke[i + 1]));
                    for (int part : tiles.parts()) {
                        assertThat(id[part]).as("%s: painted %d,%d part %d", what, stroke[i], stroke[i + 1], part)
                                .isEqualTo(color);
                    }
                }
            }
            assertMeetingsMatch(what, hex, type.equals("edge"), tiles, grid);
        }
    }

    /** Every two cells of the grid show one terrain at every point where their parts meet. */
    static void assertMeetingsMatch(String what, Hexagonal hex, boolean sides, WangTiles tiles,
                                            TerrainBrushProperties.Grid grid) {
        int meetings = 0;
        for (int y = 0; y < grid.height(); y++) {
            for (int x = 0; x < grid.width(); x++) {
                List<long[]> here = parts(hex, x, y, sides);
                int[] a = tiles.wangIdOf(grid.gid(x, y));
                for (int dy = -2; dy <= 2; dy++) {
                    for (int dx = -2; dx <= 2; dx++) {
                        if (dx == 0 && dy == 0 || !grid.inside(x + dx, y + dy)) {
                            continue;
                        }
                        int[] b = tiles.wangIdOf(grid.gid(x + dx, y + dy));
                        for (long[] p : here) {
                            for (long[] q : parts(hex, x + dx, y + dy, sides)) {
                                if (p[0] == q[0] && p[1] == q[1]) {
                                    meetings++;
                                    assertThat(b[(int) q[2]]).as("%s: %d,%d part %d meets %d,%d part %d", what, x, y,
                                            p[2], x + dx, y + dy, q[2]).isEqualTo(a[(int) p[2]]);
                                }
                            }
                        }
                    }
                }
            }
        }
        if (grid.width() * grid.height() > 4) {
            assertThat(meetings).as("%s: cells meet somewhere", what).isPositive();
        }
    }

    /** A cell's corners (or sides' middles): doubled screen point and Wang id index, from Tiled's shapes. */
    private static List<long[]> parts(Hexagonal hex, int x, int y, boolean sides) {
        long[][] c = TiledCells.corners2(hex, x, y);
        long[] box = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE};
        for (long[] p : c) {
            box[0] = Math.min(box[0], p[0]);
            box[1] = Math.min(box[1], p[1]);
            box[2] = Math.max(box[2], p[0]);
            box[3] = Math.max(box[3], p[1]);
        }
        // corners2 doubles; a side's middle is the sum of its ends (doubled again): compare all at x4
        long cx = box[0] + box[2];
        long cy = box[1] + box[3];
        List<long[]> out = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            long[] a = c[i];
            long[] b = c[(i + 1) % 8];
            long[] at;
            if (sides) {
                if (Arrays.equals(a, b)) {
                    continue;
                }
                at = new long[]{a[0] + b[0], a[1] + b[1]};
            } else {
                at = new long[]{2 * a[0], 2 * a[1]};
            }
            int screen = direction(Long.signum(at[0] - cx), Long.signum(at[1] - cy));
            int index = hex.sideLength() == 0 ? (screen + 7) % 8 : screen;
            if (out.stream().noneMatch(o -> o[0] == at[0] && o[1] == at[1])) {
                out.add(new long[]{at[0], at[1], index});
            }
        }
        return out;
    }

    /** Tiled's Wang id index of a direction on the screen (y down): 0 up, clockwise. */
    private static int direction(int sx, int sy) {
        int[][] byDirection = {{7, 0, 1}, {6, -1, 2}, {5, 4, 3}};
        return byDirection[sy + 1][sx + 1];
    }

    @Test
    void aMixedSetOnHexagonsIsRefusedSayingWhy() {
        assertThatThrownBy(() -> TerrainLayout.of(new Hexagonal(32, 32, false, false, 16), "mixed"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("corner or an edge set");
        assertThat(TerrainLayout.of(new Hexagonal(32, 32, false, false, 16), "edge").parts())
                .containsExactly(1, 2, 3, 5, 6, 7);
        assertThat(TerrainLayout.of(new Hexagonal(32, 32, true, false, 16), "edge").parts())
                .containsExactly(0, 1, 3, 4, 5, 7);
        assertThat(TerrainLayout.of(new Hexagonal(32, 32, false, false, 16), "corner").parts())
                .containsExactly(0, 1, 3, 4, 5, 7);
        assertThat(TerrainLayout.of(new Hexagonal(64, 32, false, false, 0), "edge").parts())
                .as("diamonds count in tile space, as isometric ones").containsExactly(0, 2, 4, 6);
    }
}
