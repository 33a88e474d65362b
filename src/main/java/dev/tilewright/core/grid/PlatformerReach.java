package dev.tilewright.core.grid;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Platformer reachability: where a box standing on ground can get by walking, falling and jumping. A standing
 * place is a position (in pixels, its x on the element grid) where the box is free and something with a solid top
 * is right under it. From one, the box walks an element left or right (and falls if nothing is under it any
 * more), or jumps: it takes off at sqrt(2 g h) for the jump height h and flies at one of a few horizontal speeds up
 * to its run speed, in frames of 1/60 s, through the grid motion filter (so walls stop it, ceilings end its rise,
 * one-way platforms let it through from below) until it lands. Breadth first over standing places, so the path
 * found has the fewest moves; the search gives up after a number of standing places.
 */
public final class PlatformerReach {

    /** Frames per second of the simulated flight and fall. */
    static final double FPS = 60;
    private static final int MAX_FRAMES = 60 * 20;

    /**
     * @param path     the standing places from start to goal, each {x, y} in pixels (empty when unreachable)
     * @param explored the bounding box of the standing places reached, in pixels: x0, y0, x1, y1
     */
    public record Result(boolean reachable, List<double[]> path, int visited, double[] explored, boolean gaveUp) {
    }

    private final CollisionGrid grid;
    private final double width;
    private final double height;
    private final double takeOff;
    private final double gravity;
    private final double runSpeed;

    /**
     * @param jumpHeight how high the box can jump, in pixels
     * @param gravity    pixels per second squared
     * @param runSpeed   the fastest horizontal speed, pixels per second
     */
    public PlatformerReach(CollisionGrid grid, double width, double height, double jumpHeight, double gravity,
                           double runSpeed) {
        this.grid = grid;
        this.width = width;
        this.height = height;
        this.gravity = gravity;
        this.runSpeed = runSpeed;
        this.takeOff = Math.sqrt(2 * gravity * jumpHeight);
    }

    /** The take-off speed for the jump height: sqrt(2 g h). */
    public double takeOffSpeed() {
        return takeOff;
    }

    /**
     * Searches from the box's top-left (x, y) (it first falls to the ground there) to any standing place where the
     * box covers the goal point.
     */
    public Result search(double x, double y, double goalX, double goalY, int maxPlaces) {
        double[] start = fall(snap(x), y);
        double[] box = {Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        if (start == null) {
            return new Result(false, List.of(), 0, new double[]{x, y, x, y}, false);
        }
        Map<Long, Long> cameFrom = new HashMap<>();
        ArrayDeque<double[]> queue = new ArrayDeque<>();
        cameFrom.put(key(start), Long.MIN_VALUE);
        queue.add(start);
        int visited = 0;
        while (!queue.isEmpty()) {
            double[] at = queue.poll();
            visited++;
            box[0] = Math.min(box[0], at[0]);
            box[1] = Math.min(box[1], at[1]);
            box[2] = Math.max(box[2], at[0]);
            box[3] = Math.max(box[3], at[1]);
            if (goalX >= at[0] && goalX < at[0] + width && goalY >= at[1] && goalY < at[1] + height) {
                return new Result(true, walkBack(cameFrom, key(at)), visited, box, false);
            }
            if (visited >= maxPlaces) {
                return new Result(false, List.of(), visited, box, true);
            }
            for (double[] next : moves(at)) {
                if (next != null && !cameFrom.containsKey(key(next))) {
                    cameFrom.put(key(next), key(at));
                    queue.add(next);
                }
            }
        }
        return new Result(false, List.of(), visited, box, false);
    }

    /** Walks left and right by an element, and jumps at five horizontal speeds. */
    private List<double[]> moves(double[] at) {
        List<double[]> out = new ArrayList<>();
        for (int direction = -1; direction <= 1; direction += 2) {
            double dx = direction * grid.elementWidth();
            double[] allowed = GridMotion.filter(grid, at[0], at[1], width, height, dx, 0);
            if (allowed[0] == dx) {
                out.add(fall(at[0] + dx, at[1]));
            }
        }
        for (double share : new double[]{-1, -0.5, 0, 0.5, 1}) {
            out.add(jump(at, share * runSpeed));
        }
        return out;
    }

    /** Flies from a standing place at the take-off speed and horizontal speed vx until it lands, or null. */
    private double[] jump(double[] at, double vx) {
        double x = at[0];
        double y = at[1];
        double vy = -takeOff;
        for (int frame = 0; frame < MAX_FRAMES; frame++) {
            double dx = vx / FPS;
            double dy = vy / FPS + gravity / (2 * FPS * FPS);
            double[] allowed = GridMotion.filter(grid, x, y, width, height, dx, dy);
            x += allowed[0];
            y += allowed[1];
            vy += gravity / FPS;
            if (allowed[1] != dy) {
                if (dy > 0) {
                    return place(x, y);
                }
                vy = 0; // a ceiling: the rise ends
            }
        }
        return null;
    }

    /** Drops straight down from (x, y) to where the box stands, or null when nothing ever holds it. */
    private double[] fall(double x, double y) {
        double mapHeight = (double) grid.rows() * grid.elementHeight();
        double drop = GridMotion.filter(grid, x, y, width, height, 0, mapHeight)[1];
        double[] landed = {x, y + drop};
        return supported(landed) ? place(landed[0], landed[1]) : null;
    }

    /** A landing spot as a standing place: x on the element grid (the box ends where it can stand), y as landed. */
    private double[] place(double x, double y) {
        double snapped = snap(x);
        double[] allowed = GridMotion.filter(grid, x, y, width, height, snapped - x, 0);
        double[] spot = {x + allowed[0], y};
        return supported(spot) ? spot : null;
    }

    private double snap(double x) {
        return Math.round(x / grid.elementWidth()) * (double) grid.elementWidth();
    }

    /** Whether something with a solid top is right under the box (its bottom on an element boundary). */
    private boolean supported(double[] at) {
        double bottom = at[1] + height;
        if (Math.abs(bottom / grid.elementHeight() - Math.round(bottom / grid.elementHeight())) > 1e-9) {
            return false;
        }
        int row = (int) Math.round(bottom / grid.elementHeight());
        if (row >= grid.rows()) {
            return false; // the map's bottom edge: the box falls out of the level
        }
        int from = (int) Math.floor(at[0] / grid.elementWidth());
        int to = (int) Math.ceil((at[0] + width) / grid.elementWidth()) - 1;
        for (int ex = from; ex <= to; ex++) {
            if ((grid.get(ex, row) & CollisionGrid.TOP) != 0) {
                return true;
            }
        }
        return false;
    }

    private static long key(double[] at) {
        return Math.round(at[0] * 8) << 32 ^ (Math.round(at[1] * 8) & 0xFFFFFFFFL);
    }

    private static List<double[]> walkBack(Map<Long, Long> cameFrom, long goal) {
        List<double[]> path = new ArrayList<>();
        for (long at = goal; at != Long.MIN_VALUE; at = cameFrom.get(at)) {
            path.add(new double[]{(at >> 32) / 8.0, (int) at / 8.0});
        }
        Collections.reverse(path);
        return path;
    }
}
