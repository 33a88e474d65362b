package dev.tilewright.core.grid;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class PathFinderTest {

    private static CollisionGrid random(Random r, int columns, int rows, double walls) {
        CollisionGrid grid = new CollisionGrid(columns, rows, 8, 8);
        for (int y = 0; y < rows; y++) {
            for (int x = 0; x < columns; x++) {
                if (r.nextDouble() < walls) {
                    grid.set(x, y, CollisionGrid.SOLID);
                }
            }
        }
        return grid;
    }

    /** Dijkstra over the same moves, without a heuristic: the shortest cost, or -1. */
    private static int oracle(PathFinder finder, CollisionGrid grid, int sx, int sy, int gx, int gy) {
        int[] best = new int[grid.columns() * grid.rows()];
        Arrays.fill(best, Integer.MAX_VALUE);
        PriorityQueue<int[]> queue = new PriorityQueue<>((a, b) -> Integer.compare(a[0], b[0]));
        best[sy * grid.columns() + sx] = 0;
        queue.add(new int[]{0, sx, sy});
        while (!queue.isEmpty()) {
            int[] at = queue.poll();
            if (at[0] > best[at[2] * grid.columns() + at[1]]) {
                continue;
            }
            if (at[1] == gx && at[2] == gy) {
                return at[0];
            }
            int open = finder.open(at[1], at[2]);
            for (int d = 0; d < 8; d++) {
                if ((open & 1 << d) != 0) {
                    int nx = at[1] + PathFinder.DX[d];
                    int ny = at[2] + PathFinder.DY[d];
                    int c = at[0] + (d % 2 == 0 ? 10 : 14);
                    if (c < best[ny * grid.columns() + nx]) {
                        best[ny * grid.columns() + nx] = c;
                        queue.add(new int[]{c, nx, ny});
                    }
                }
            }
        }
        return -1;
    }

    @Test
    void aStarFindsAShortestPathOrSaysThereIsNoneAsDijkstraDoes() {
        Random r = new Random(17);
        int reachable = 0;
        for (int round = 0; round < 400; round++) {
            CollisionGrid grid = random(r, 5 + r.nextInt(30), 5 + r.nextInt(30), r.nextDouble() * 0.45);
            int box = 1 + r.nextInt(2);
            PathFinder finder = new PathFinder(grid, box, box);
            int sx = r.nextInt(grid.columns());
            int sy = r.nextInt(grid.rows());
            int gx = r.nextInt(grid.columns());
            int gy = r.nextInt(grid.rows());
            PathFinder.Result result = finder.search(sx, sy, gx, gy, Integer.MAX_VALUE);
            int expected = finder.free(sx, sy) && finder.free(gx, gy) ? oracle(finder, grid, sx, sy, gx, gy) : -1;
            assertThat(result.reachable()).as("round %d", round).isEqualTo(expected >= 0);
            if (!result.reachable()) {
                continue;
            }
            reachable++;
            assertThat(result.cost()).as("round %d: shortest", round).isEqualTo(expected);
            List<int[]> path = result.path();
            assertThat(path.get(0)).containsExactly(sx, sy);
            assertThat(path.get(path.size() - 1)).containsExactly(gx, gy);
            int cost = 0;
            for (int i = 1; i < path.size(); i++) {
                int dx = path.get(i)[0] - path.get(i - 1)[0];
                int dy = path.get(i)[1] - path.get(i - 1)[1];
                int d = -1;
                for (int k = 0; k < 8; k++) {
                    if (PathFinder.DX[k] == dx && PathFinder.DY[k] == dy) {
                        d = k;
                    }
                }
                assertThat(d).as("one of the eight steps").isNotNegative();
                assertThat(finder.open(path.get(i - 1)[0], path.get(i - 1)[1]) & 1 << d).as("an open step").isNotZero();
                cost += d % 2 == 0 ? 10 : 14;
            }
            assertThat(cost).isEqualTo(result.cost());
        }
        assertThat(reachable).as("the rounds exercised both answers").isBetween(50, 390);
    }

    @Test
    void diagonalsDoNotCutCornersAndTheSearchStopsAtItsCap() {
        CollisionGrid grid = new CollisionGrid(3, 3, 8, 8);
        grid.set(1, 0, CollisionGrid.SOLID);
        PathFinder finder = new PathFinder(grid, 1, 1);
        assertThat(finder.open(0, 0) & 1 << 3).as("south-east: east is blocked, no diagonal").isZero();
        // round the wall: down, across twice, up (each diagonal would cut the wall's corner)
        assertThat(finder.search(0, 0, 2, 0, 100).cost()).isEqualTo(40);

        CollisionGrid big = new CollisionGrid(200, 200, 8, 8);
        PathFinder.Result capped = new PathFinder(big, 1, 1).search(0, 0, 199, 199, 50);
        assertThat(capped.reachable()).isFalse();
        assertThat(capped.gaveUp()).isTrue();
        assertThat(capped.visited()).isEqualTo(50);
    }
}
