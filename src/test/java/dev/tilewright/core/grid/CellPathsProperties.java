package dev.tilewright.core.grid;

import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.geom.Isometric;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.Projection;
import dev.tilewright.core.geom.TiledCells;
import dev.tilewright.core.refusal.Refused;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link CellPaths} against a slow oracle on random isometric, staggered and hexagonal maps with random walls: the
 * oracle finds which tiles are neighbours from Tiled's own cell shapes (a side of positive length in common,
 * {@link TiledCells}) and relaxes distances over every pair until nothing changes. The search's path must be as
 * short as the oracle's distance, go only through free tiles, each step into a neighbour.
 */
class CellPathsProperties {

    private static Projection projection(Random r, int height) {
        int w = 2 + r.nextInt(40);
        int h = 2 + r.nextInt(40);
        if (r.nextInt(3) == 0) {
            return new Isometric(w, h, height);
        }
        boolean x = r.nextBoolean();
        int side = r.nextBoolean() ? 0 : r.nextInt((x ? w : h) + 1);
        return new Hexagonal(w, h, x, r.nextBoolean(), side);
    }

    @Property(tries = 300)
    void theSearchFindsTheOraclesShortestPathsOverTheOrientationsNeighbours(@ForAll long seed) {
        Random r = new Random(seed);
        int width = 1 + r.nextInt(10);
        int height = 1 + r.nextInt(10);
        Projection p = projection(r, height);
        boolean[] wall = new boolean[width * height];
        double density = r.nextDouble() * 0.5;
        for (int i = 0; i < wall.length; i++) {
            wall[i] = r.nextDouble() < density;
        }
        int from = r.nextInt(wall.length);
        int to = r.nextInt(wall.length);
        Position a = p.tileToPixel(from % width + 0.5, from / width + 0.5);
        Position b = p.tileToPixel(to % width + 0.5, to / width + 0.5);
        double originX = r.nextInt(100) - 50;
        double originY = r.nextInt(100) - 50;
        Reach.Search search = new Reach.Search(Reach.Movement.TOPDOWN, a.x() + originX, a.y() + originY,
                b.x() + originX, b.y() + originY, 1, 1, 0, 980, 160);
        Reach.Answer answer = CellPaths.search(p, "test", width, height, originX, originY,
                (tx, ty) -> wall[ty * width + tx], search, Reach.Limits.DEFAULT);

        // the oracle: neighbours from the shapes, distances relaxed to a fixed point
        long[][][] shapes = new long[wall.length][][];
        for (int i = 0; i < wall.length; i++) {
            shapes[i] = TiledCells.corners2(p, i % width, i / width);
        }
        int[] distance = new int[wall.length];
        Arrays.fill(distance, Integer.MAX_VALUE);
        if (!wall[from] && !wall[to]) {
            distance[from] = 0;
        }
        for (boolean changed = true; changed; ) {
            changed = false;
            for (int i = 0; i < wall.length; i++) {
                for (int j = 0; j < wall.length; j++) {
                    if (distance[i] != Integer.MAX_VALUE && !wall[j] && distance[j] > distance[i] + 1
                            && TiledCells.shareASide(shapes[i], shapes[j])) {
                        distance[j] = distance[i] + 1;
                        changed = true;
                    }
                }
            }
        }
        String what = "seed " + seed + ": " + p + " " + width + "x" + height;
        assertThat(answer.reachable()).as(what).isEqualTo(distance[to] != Integer.MAX_VALUE);
        if (!answer.reachable()) {
            assertThat(answer.tiles()).as(what).isEmpty();
            return;
        }
        assertThat(answer.cost()).as(what).isEqualTo(10 * distance[to]);
        assertThat(answer.tiles()).as(what).hasSize(distance[to] + 1);
        assertThat(answer.tiles().get(0)).as(what).isEqualTo(new Reach.Tile(from % width, from / width));
        assertThat(answer.tiles().get(answer.tiles().size() - 1)).as(what).isEqualTo(new Reach.Tile(to % width, to / width));
        for (int k = 0; k < answer.tiles().size(); k++) {
            Reach.Tile t = answer.tiles().get(k);
            assertThat(wall[t.y() * width + t.x()]).as(what).isFalse();
            if (k > 0) {
                Reach.Tile before = answer.tiles().get(k - 1);
                assertThat(TiledCells.shareASide(shapes[before.y() * width + before.x()], shapes[t.y() * width + t.x()]))
                        .as("%s: step %s", what, k).isTrue();
            }
        }
    }

    @Test
    void whatAUnitOnCellsCannotAskIsRefusedByField() {
        Hexagonal hex = new Hexagonal(32, 32, false, false, 16);
        Reach.Search platformer = new Reach.Search(Reach.Movement.PLATFORMER, 10, 10, 40, 40, 8, 8, 32, 980, 160);
        assertThatThrownBy(() -> CellPaths.search(hex, "hexagonal", 4, 4, 0, 0, (x, y) -> false, platformer,
                Reach.Limits.DEFAULT)).isInstanceOfSatisfying(Refused.class,
                e -> assertThat(e.refusal().field()).isEqualTo("movement"));
        Reach.Search big = new Reach.Search(Reach.Movement.TOPDOWN, 10, 10, 40, 40, 40, 8, 0, 980, 160);
        assertThatThrownBy(() -> CellPaths.search(hex, "hexagonal", 4, 4, 0, 0, (x, y) -> false, big,
                Reach.Limits.DEFAULT)).isInstanceOfSatisfying(Refused.class,
                e -> assertThat(e.refusal().field()).isEqualTo("box.width"));
        Reach.Search outside = new Reach.Search(Reach.Movement.TOPDOWN, 10, 10, 400, 40, 8, 8, 0, 980, 160);
        assertThatThrownBy(() -> CellPaths.search(hex, "hexagonal", 4, 4, 0, 0, (x, y) -> false, outside,
                Reach.Limits.DEFAULT)).isInstanceOfSatisfying(Refused.class,
                e -> assertThat(e.refusal().field()).isEqualTo("to.x"));
        assertThatThrownBy(() -> CellPaths.search(hex, "hexagonal", 4, 4, 0, 0, (x, y) -> false,
                new Reach.Search(Reach.Movement.TOPDOWN, 10, 10, 40, 40, 8, 8, 0, 980, 160),
                new Reach.Limits(15, 100, 100))).isInstanceOfSatisfying(Refused.class,
                e -> assertThat(e.refusal().extras()).containsEntry("limit", "tilewright.grid.max-path-elements"));
        // a search that may visit too few tiles gives up, and says so
        Reach.Answer few = CellPaths.search(hex, "hexagonal", 4, 4, 0, 0, (x, y) -> false,
                new Reach.Search(Reach.Movement.TOPDOWN, 10, 10, 100, 100, 8, 8, 0, 980, 160),
                new Reach.Limits(100, 3, 100));
        assertThat(few.gaveUp()).isTrue();
        assertThat(few.reachable()).isFalse();
    }
}
