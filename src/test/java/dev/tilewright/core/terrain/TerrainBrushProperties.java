package dev.tilewright.core.terrain;

import net.jqwik.api.ForAll;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * After random strokes of random terrains, on desert's own Wang set and on generated corner, edge and mixed sets
 * (complete ones, ones joined only through one terrain so intermediates are needed, ones placed turned and mirrored),
 * every painted cell shows its terrain on every part, every shared corner and edge of the map matches, and nothing
 * stays unmatched.
 */
class TerrainBrushProperties {

    @net.jqwik.api.Property(tries = 300)
    void strokesLeaveEverySharedCornerAndEdgeMatching(@ForAll long caseSeed) {
        Random random = new Random(caseSeed);
        String type = List.of("corner", "edge", "mixed").get(random.nextInt(3));
        WangCases.Case wang = switch (random.nextInt(4)) {
            case 0 -> WangCases.desert();
            case 1 -> WangCases.complete(type, 2 + random.nextInt(type.equals("mixed") ? 1 : 2));
            default -> WangCases.hub(type, 2 + random.nextInt(3), random.nextBoolean(), random);
        };
        WangTiles tiles = wang.tiles();
        Grid grid = Grid.filled(4 + random.nextInt(30), 4 + random.nextInt(30), plainTile(tiles, 1));
        int seed = random.nextInt();
        for (int step = 0; step < 12; step++) {
            int color = 1 + random.nextInt(tiles.colors());
            int[] stroke = stroke(random, grid);
            TerrainBrush.Result result = TerrainBrush.paint(tiles, grid, stroke, color, seed, 1_000_000);
            grid.apply(result);
            assertThat(result.unmatched()).as("%s: cells left unmatched", wang.name()).isZero();
            assertThat(result.cut()).isFalse();
            for (int i = 0; i < stroke.length; i += 2) {
                if (grid.inside(stroke[i], stroke[i + 1])) {
                    int[] id = tiles.wangIdOf(grid.gid(stroke[i], stroke[i + 1]));
                    for (int part : tiles.parts()) {
                        assertThat(id[part]).as("%s: painted cell %d,%d part %d", wang.name(), stroke[i], stroke[i + 1], part)
                                .isEqualTo(color);
                    }
                }
            }
            assertMatching(wang.name(), tiles, grid);
        }
    }

    /** Every pair of neighbours shows the same terrain on the corners and edges they share. */
    static void assertMatching(String name, WangTiles tiles, Grid grid) {
        for (int y = 0; y < grid.height(); y++) {
            for (int x = 0; x < grid.width(); x++) {
                int[] here = tiles.wangIdOf(grid.gid(x, y));
                if (x + 1 < grid.width()) {
                    int[] right = tiles.wangIdOf(grid.gid(x + 1, y));
                    assertShared(name, tiles, here, right, new int[][] {{1, 7}, {2, 6}, {3, 5}}, x, y, "right");
                }
                if (y + 1 < grid.height()) {
                    int[] below = tiles.wangIdOf(grid.gid(x, y + 1));
                    assertShared(name, tiles, here, below, new int[][] {{5, 7}, {4, 0}, {3, 1}}, x, y, "below");
                }
            }
        }
    }

    private static void assertShared(String name, WangTiles tiles, int[] a, int[] b, int[][] pairs, int x, int y,
                                     String side) {
        for (int[] pair : pairs) {
            if (Arrays.stream(tiles.parts()).anyMatch(p -> p == pair[0])) {
                assertThat(b[pair[1]]).as("%s: %d,%d and the cell %s, parts %d/%d", name, x, y, side, pair[0], pair[1])
                        .isEqualTo(a[pair[0]]);
            }
        }
    }

    /** A random walk, sometimes jumping, sometimes going out of the map. */
    static int[] stroke(Random random, Grid grid) {
        int length = 1 + random.nextInt(40);
        List<Integer> cells = new ArrayList<>();
        int x = random.nextInt(grid.width());
        int y = random.nextInt(grid.height());
        for (int i = 0; i < length; i++) {
            cells.add(x);
            cells.add(y);
            if (random.nextInt(12) == 0) {
                x = random.nextInt(grid.width());
                y = random.nextInt(grid.height());
            } else {
                x += random.nextInt(3) - 1;
                y += random.nextInt(3) - 1;
            }
        }
        return cells.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The first tile showing one terrain on all the set's parts. */
    static int plainTile(WangTiles tiles, int color) {
        for (WangTiles.Candidate candidate : tiles.candidates()) {
            if (Arrays.stream(tiles.parts()).allMatch(p -> candidate.wangId()[p] == color)) {
                return candidate.gid();
            }
        }
        throw new IllegalStateException("no plain tile of terrain " + color);
    }

    /** A grid of gids the brush reads and its results are applied to. */
    record Grid(int width, int height, int[] gids) implements TerrainBrush.Cells {
        static Grid filled(int width, int height, int gid) {
            int[] gids = new int[width * height];
            Arrays.fill(gids, gid);
            return new Grid(width, height, gids);
        }

        boolean inside(int x, int y) {
            return x >= 0 && y >= 0 && x < width && y < height;
        }

        @Override
        public int gid(int x, int y) {
            return gids[y * width + x];
        }

        void apply(TerrainBrush.Result result) {
            for (TerrainBrush.Placed placed : result.cells()) {
                gids[placed.y() * width + placed.x()] = placed.gid();
            }
        }
    }
}
