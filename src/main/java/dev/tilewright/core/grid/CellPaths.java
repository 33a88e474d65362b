package dev.tilewright.core.grid;

import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.Projection;
import dev.tilewright.core.geom.TileCoord;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Top-down path searches on isometric, staggered and hexagonal maps, where a unit moves from tile to tile: each step
 * into a tile sharing a side with the one it is on ({@link Projection#neighbours}: four on diamonds, six on
 * hexagons), ten per step, never into a tile that stops it (one of the computed grid's elements there has a solid
 * side). A breadth-first search, so the path is a shortest one; of equal ones, the first neighbour in the
 * projection's clockwise order wins. Positions are map pixels (Tiled's pixel space); the unit's box must fit in a
 * tile's cell.
 */
public final class CellPaths {

    /** Whether a tile (on the map) stops a unit. */
    @FunctionalInterface
    public interface Blocked {
        boolean test(int tx, int ty);
    }

    private CellPaths() {
    }

    /**
     * The search on a map of {@code width x height} tiles lying at (originX, originY) in the world.
     *
     * @param what the map's orientation as Tiled names it, for refusals
     */
    public static Reach.Answer search(Projection projection, String what, int width, int height, double originX,
                                      double originY, Blocked blocked, Reach.Search search, Reach.Limits limits) {
        check(projection, what, search);
        long cells = (long) width * height;
        if (cells > limits.maxPathElements()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.grid.max-path-elements",
                    limits.maxPathElements(), "A path search over " + cells + " tiles; ask on a smaller map")
                    .with("field", "from");
        }
        return run(projection, width, height, originX, originY, blocked, search, limits, cells);
    }

    /**
     * Refuses what a unit moving from tile to tile cannot ask (a platformer search, a box larger than a cell), before
     * any grid is computed for it.
     */
    public static void check(Projection projection, String what, Reach.Search search) {
        if (search.movement() != Reach.Movement.TOPDOWN) {
            throw Refused.invalidField("movement", "On " + what + " maps a unit moves from tile to tile: ask a "
                    + "topdown search (platformer searches need an orthogonal map).");
        }
        if (!(search.width() > 0 && search.height() > 0 && search.width() <= projection.tileWidth()
                && search.height() <= projection.tileHeight())) {
            throw Refused.invalidField("box.width", "On " + what + " maps a unit moves one tile at a time: its box "
                    + "is positive and fits a tile's " + projection.tileWidth() + "x" + projection.tileHeight()
                    + " px cell, was " + search.width() + "x" + search.height() + ".");
        }
    }

    private static Reach.Answer run(Projection projection, int width, int height, double originX, double originY,
                                    Blocked blocked, Reach.Search search, Reach.Limits limits, long cells) {
        TileCoord from = tile(projection, search.fromX() - originX, search.fromY() - originY, width, height, "from.x");
        TileCoord to = tile(projection, search.toX() - originX, search.toY() - originY, width, height, "to.x");
        int start = from.y() * width + from.x();
        int goal = to.y() * width + to.x();
        int[] box = {from.x(), from.y(), from.x(), from.y()};
        if (blocked.test(from.x(), from.y()) || blocked.test(to.x(), to.y())) {
            return answer(false, List.of(), null, 0, box, false);
        }
        int[] parent = new int[(int) cells];
        Arrays.fill(parent, -1);
        parent[start] = start;
        int[] queue = new int[(int) cells];
        int head = 0;
        int tail = 0;
        queue[tail++] = start;
        int visited = 0;
        while (head < tail) {
            int at = queue[head++];
            int ax = at % width;
            int ay = at / width;
            visited++;
            box[0] = Math.min(box[0], ax);
            box[1] = Math.min(box[1], ay);
            box[2] = Math.max(box[2], ax);
            box[3] = Math.max(box[3], ay);
            if (at == goal) {
                List<Reach.Tile> path = new ArrayList<>();
                for (int p = goal; ; p = parent[p]) {
                    path.add(new Reach.Tile(p % width, p / width));
                    if (p == start) {
                        break;
                    }
                }
                Collections.reverse(path);
                return answer(true, path, 10 * (path.size() - 1), visited, box, false);
            }
            if (visited >= limits.maxPathVisited()) {
                return answer(false, List.of(), null, visited, box, true);
            }
            for (TileCoord next : projection.neighbours(ax, ay)) {
                if (next.x() < 0 || next.y() < 0 || next.x() >= width || next.y() >= height) {
                    continue;
                }
                int n = next.y() * width + next.x();
                if (parent[n] < 0 && !blocked.test(next.x(), next.y())) {
                    parent[n] = at;
                    queue[tail++] = n;
                }
            }
        }
        return answer(false, List.of(), null, visited, box, false);
    }

    private static Reach.Answer answer(boolean reachable, List<Reach.Tile> path, Integer cost, int visited, int[] box,
                                       boolean gaveUp) {
        return new Reach.Answer(reachable, path, cost, visited,
                new Reach.Area(box[0], box[1], box[2] - box[0] + 1, box[3] - box[1] + 1), gaveUp, null);
    }

    /** The tile under a map pixel, refused (naming {@code field}) off the map. */
    private static TileCoord tile(Projection projection, double x, double y, int width, int height, String field) {
        Position at = projection.pixelToTile(new Position(x, y));
        double tx = Math.floor(at.x());
        double ty = Math.floor(at.y());
        if (!(tx >= 0 && ty >= 0 && tx < width && ty < height)) {
            throw Refused.invalidField(field, field.substring(0, field.indexOf('.')) + " lies outside the map.");
        }
        return new TileCoord((int) tx, (int) ty);
    }
}
