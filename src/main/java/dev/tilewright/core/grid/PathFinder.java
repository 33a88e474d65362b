package dev.tilewright.core.grid;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Top-down reachability: A* over the positions a box can take in a collision grid, moving in the seed's eight
 * directions. A box of w x h elements at (x, y) covers elements x..x+w-1, y..y+h-1 and may stand there when none
 * of them has a solid side. A diagonal step needs both orthogonal steps beside it open (no cutting corners).
 * Orthogonal steps cost 10, diagonal ones 14; the octile distance guides the search, so the path found is a
 * shortest one. The search gives up after visiting a given number of positions.
 */
public final class PathFinder {

    /** The eight directions as a set in one byte (bit i is direction i); {@link #open} answers one. */
    public static final int[] DX = {0, 1, 1, 1, 0, -1, -1, -1};
    public static final int[] DY = {-1, -1, 0, 1, 1, 1, 0, -1};
    private static final int ORTHOGONAL = 10;
    private static final int DIAGONAL = 14;

    /**
     * A search's outcome: the positions from start to goal (empty when unreachable), its cost, and what was explored
     * (positions visited and their bounding box in elements: x0, y0, x1, y1 inclusive).
     */
    public record Result(boolean reachable, List<int[]> path, int cost, int visited, int[] explored,
                         boolean gaveUp) {
    }

    private final CollisionGrid grid;
    private final int boxWidth;
    private final int boxHeight;

    /** @param boxWidth the box's width in elements (at least 1) */
    public PathFinder(CollisionGrid grid, int boxWidth, int boxHeight) {
        if (boxWidth < 1 || boxHeight < 1) {
            throw new IllegalArgumentException("a box needs at least one element each way");
        }
        this.grid = grid;
        this.boxWidth = boxWidth;
        this.boxHeight = boxHeight;
    }

    /** Whether the box may stand with its top-left element at (x, y). */
    public boolean free(int x, int y) {
        if (x < 0 || y < 0 || x + boxWidth > grid.columns() || y + boxHeight > grid.rows()) {
            return false;
        }
        for (int ey = y; ey < y + boxHeight; ey++) {
            for (int ex = x; ex < x + boxWidth; ex++) {
                if ((grid.get(ex, ey) & CollisionGrid.SIDES) != 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The directions the box can step in from (x, y), as a set (bit i: {@link #DX}[i], {@link #DY}[i]). */
    public int open(int x, int y) {
        int set = 0;
        for (int d = 0; d < 8; d += 2) {
            if (free(x + DX[d], y + DY[d])) {
                set |= 1 << d;
            }
        }
        for (int d = 1; d < 8; d += 2) {
            int before = 1 << (d - 1);
            int after = 1 << ((d + 1) % 8);
            if ((set & before) != 0 && (set & after) != 0 && free(x + DX[d], y + DY[d])) {
                set |= 1 << d;
            }
        }
        return set;
    }

    public Result search(int startX, int startY, int goalX, int goalY, int maxVisited) {
        int[] none = {startX, startY, startX, startY};
        if (!free(startX, startY) || !free(goalX, goalY)) {
            return new Result(false, List.of(), 0, 0, none, false);
        }
        int columns = grid.columns();
        // per position: best cost so far (0 = not seen) and the direction it was reached by
        int[] cost = new int[columns * grid.rows()];
        byte[] from = new byte[cost.length];
        boolean[] closed = new boolean[cost.length];
        PriorityQueue<long[]> open = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
        int start = startY * columns + startX;
        int goal = goalY * columns + goalX;
        cost[start] = 1;
        open.add(new long[]{heuristic(startX, startY, goalX, goalY), start});
        int visited = 0;
        int[] box = {startX, startY, startX, startY};
        while (!open.isEmpty()) {
            long[] next = open.poll();
            int at = (int) next[1];
            if (closed[at]) {
                continue;
            }
            closed[at] = true;
            visited++;
            int x = at % columns;
            int y = at / columns;
            box[0] = Math.min(box[0], x);
            box[1] = Math.min(box[1], y);
            box[2] = Math.max(box[2], x);
            box[3] = Math.max(box[3], y);
            if (at == goal) {
                return new Result(true, walkBack(from, goal, start, columns), cost[goal] - 1, visited, box, false);
            }
            if (visited >= maxVisited) {
                return new Result(false, List.of(), 0, visited, box, true);
            }
            int directions = open(x, y);
            for (int d = 0; d < 8; d++) {
                if ((directions & 1 << d) == 0) {
                    continue;
                }
                int to = at + DY[d] * columns + DX[d];
                int reached = cost[at] + (d % 2 == 0 ? ORTHOGONAL : DIAGONAL);
                if (!closed[to] && (cost[to] == 0 || reached < cost[to])) {
                    cost[to] = reached;
                    from[to] = (byte) d;
                    open.add(new long[]{reached - 1 + heuristic(x + DX[d], y + DY[d], goalX, goalY), to});
                }
            }
        }
        return new Result(false, List.of(), 0, visited, box, false);
    }

    /** The octile distance: never more than the real cost, so A* finds a shortest path. */
    private static long heuristic(int x, int y, int goalX, int goalY) {
        int dx = Math.abs(goalX - x);
        int dy = Math.abs(goalY - y);
        return (long) ORTHOGONAL * Math.max(dx, dy) + (long) (DIAGONAL - ORTHOGONAL) * Math.min(dx, dy);
    }

    private static List<int[]> walkBack(byte[] from, int goal, int start, int columns) {
        List<int[]> path = new ArrayList<>();
        for (int at = goal; ; ) {
            path.add(new int[]{at % columns, at / columns});
            if (at == start) {
                break;
            }
            int d = from[at];
            at -= DY[d] * columns + DX[d];
        }
        Collections.reverse(path);
        return path;
    }
}
