package dev.tilewright.core.grid;

import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;

import java.util.ArrayList;
import java.util.List;

/**
 * Whether a box gets from one place to another over a computed grid: top-down (A* over the positions it can take)
 * or as a platformer (walks and jumps under gravity). Positions are world pixels; answers name the tiles. The one
 * set of rules for what a search refuses and answers, for the service's path queries and checks and for the command
 * line's checks alike.
 */
public final class Reach {

    private Reach() {
    }

    /** How the box moves. */
    public enum Movement { TOPDOWN, PLATFORMER }

    /**
     * The work one search may do.
     *
     * @param maxPathElements     elements of a grid a top-down search may run on
     * @param maxPathVisited      positions a top-down search may visit before it answers unreachable
     * @param maxPlatformerPlaces standing places a platformer search may reach before it gives up
     */
    public record Limits(long maxPathElements, int maxPathVisited, int maxPlatformerPlaces) {
        /** The service's defaults (tilewright.grid.*), which the command line keeps. */
        public static final Limits DEFAULT = new Limits(4_194_304L, 1_000_000, 20_000);
    }

    /** A grid as computed for a map: where the map lies in the world (its offset) and its tiles' size. */
    public record Placed(CollisionGrid grid, double originX, double originY, int tileWidth, int tileHeight) {
    }

    /**
     * One search: a box of {@code width} x {@code height} from a top-left position to another (world pixels). A
     * platformer search also has the jump height (px), gravity (px/s^2) and run speed (px/s).
     */
    public record Search(Movement movement, double fromX, double fromY, double toX, double toY, double width,
                         double height, double jumpHeight, double gravity, double runSpeed) {

        /**
         * A search as a question names it, each field checked: movement "topdown" (default) or "platformer", which
         * also needs the jump height and may give gravity (default 980) and run speed (default 160).
         */
        public static Search of(String movement, Double fromX, Double fromY, Double toX, Double toY, Double width,
                                Double height, Double jumpHeight, Double gravity, Double runSpeed) {
            Movement moving = Refused.choice(Movement.class, movement, Movement.TOPDOWN, "movement");
            boolean platformer = moving == Movement.PLATFORMER;
            return new Search(moving, Refused.finite(fromX, "from.x"), Refused.finite(fromY, "from.y"),
                    Refused.finite(toX, "to.x"), Refused.finite(toY, "to.y"), Refused.finite(width, "box.width"),
                    Refused.finite(height, "box.height"), platformer ? Refused.finite(jumpHeight, "jumpHeight") : 0,
                    !platformer || gravity == null ? 980 : Refused.finite(gravity, "gravity"),
                    !platformer || runSpeed == null ? 160 : Refused.finite(runSpeed, "runSpeed"));
        }
    }

    public record Tile(int x, int y) {
    }

    /** A rectangle of tiles. */
    public record Area(int x, int y, int width, int height) {
    }

    /**
     * @param tiles        the tiles of the box's top-left along the path
     * @param cost         top-down: 10 per step, 14 per diagonal; platformer: moves (walks and jumps)
     * @param explored     the bounding box of every position the search reached, in tiles
     * @param takeOffSpeed platformer: sqrt(2 g h), px/s
     */
    public record Answer(boolean reachable, List<Tile> tiles, Integer cost, int visited, Area explored,
                         boolean gaveUp, Double takeOffSpeed) {
    }

    /** Runs a search over a placed grid; refuses what it cannot ask (a place outside the map, a box too large). */
    public static Answer search(Placed placed, Search search, Limits limits) {
        CollisionGrid grid = placed.grid();
        if (search.movement() == Movement.PLATFORMER) {
            checkBox(grid, search.width(), search.height());
            return platformer(placed, search, limits);
        }
        long elements = (long) grid.columns() * grid.rows();
        if (elements > limits.maxPathElements()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.grid.max-path-elements",
                    limits.maxPathElements(), "A path search on " + elements + " elements; ask with larger "
                            + "elements (elementWidth/elementHeight)").with("field", "elementWidth");
        }
        checkBox(grid, search.width(), search.height());
        int boxWidth = (int) Math.ceil(search.width() / grid.elementWidth());
        int boxHeight = (int) Math.ceil(search.height() / grid.elementHeight());
        PathFinder finder = new PathFinder(grid, boxWidth, boxHeight);
        int sx = element(search.fromX() - placed.originX(), grid.elementWidth(), grid.columns(), "from.x");
        int sy = element(search.fromY() - placed.originY(), grid.elementHeight(), grid.rows(), "from.y");
        int gx = element(search.toX() - placed.originX(), grid.elementWidth(), grid.columns(), "to.x");
        int gy = element(search.toY() - placed.originY(), grid.elementHeight(), grid.rows(), "to.y");
        PathFinder.Result result = finder.search(sx, sy, gx, gy, limits.maxPathVisited());
        // element positions to map pixels, as the platformer answers them
        double ew = grid.elementWidth();
        double eh = grid.elementHeight();
        List<double[]> places = result.path().stream().map(at -> new double[]{at[0] * ew, at[1] * eh}).toList();
        int[] box = result.explored();
        return answer(placed, result.reachable(), places, result.reachable() ? result.cost() : null,
                result.visited(), new double[]{box[0] * ew, box[1] * eh, box[2] * ew, box[3] * eh}, result.gaveUp(),
                null);
    }

    /**
     * Platformer reachability of a box standing at a top-left position (it first falls to the ground) to any
     * standing place covering the goal point.
     */
    private static Answer platformer(Placed placed, Search search, Limits limits) {
        CollisionGrid grid = placed.grid();
        double mapWidth = grid.pixelWidth();
        double mapHeight = grid.pixelHeight();
        double jumpHeight = search.jumpHeight();
        double gravity = search.gravity();
        double runSpeed = search.runSpeed();
        if (!(jumpHeight > 0 && jumpHeight <= mapHeight)) {
            throw Refused.invalidField("jumpHeight", "jumpHeight is pixels above 0 and at most the map's height.");
        }
        if (!(gravity > 0 && gravity <= 1e6) || !(runSpeed >= 0 && runSpeed <= 1e5)) {
            throw Refused.invalidField(gravity > 0 && gravity <= 1e6 ? "runSpeed" : "gravity",
                    "gravity is 0 to 10^6 px/s^2 (not 0), runSpeed 0 to 10^5 px/s.");
        }
        double sx = search.fromX() - placed.originX();
        double sy = search.fromY() - placed.originY();
        if (sx < 0 || sy < 0 || sx >= mapWidth || sy >= mapHeight) {
            throw Refused.invalidField("from.x", "from lies outside the map.");
        }
        PlatformerReach reach = new PlatformerReach(grid, search.width(), search.height(), jumpHeight, gravity,
                runSpeed);
        PlatformerReach.Result result = reach.search(sx, sy, search.toX() - placed.originX(),
                search.toY() - placed.originY(), limits.maxPlatformerPlaces());
        return answer(placed, result.reachable(), result.path(), result.reachable() ? result.path().size() - 1 : null,
                result.visited(), result.explored(), result.gaveUp(), reach.takeOffSpeed());
    }

    /** An answer with positions (map pixels) as the tiles they lie in, consecutive repeats dropped. */
    private static Answer answer(Placed placed, boolean reachable, List<double[]> places, Integer cost, int visited,
                                 double[] explored, boolean gaveUp, Double takeOffSpeed) {
        int tw = placed.tileWidth();
        int th = placed.tileHeight();
        List<Tile> tiles = new ArrayList<>();
        for (double[] at : places) {
            Tile tile = new Tile((int) Math.floor(at[0] / tw), (int) Math.floor(at[1] / th));
            if (tiles.isEmpty() || !tiles.get(tiles.size() - 1).equals(tile)) {
                tiles.add(tile);
            }
        }
        int x0 = (int) Math.floor(explored[0] / tw);
        int y0 = (int) Math.floor(explored[1] / th);
        Area area = new Area(x0, y0, (int) Math.floor(explored[2] / tw) - x0 + 1,
                (int) Math.floor(explored[3] / th) - y0 + 1);
        return new Answer(reachable, tiles, cost, visited, area, gaveUp, takeOffSpeed);
    }

    /** Refuses a box without a positive size no larger than the map. */
    public static void checkBox(CollisionGrid grid, double width, double height) {
        if (width <= 0 || height <= 0 || width > grid.pixelWidth() || height > grid.pixelHeight()) {
            throw Refused.invalidField("box.width", "The box needs a positive size no larger than the map, was "
                    + width + "x" + height + ".");
        }
    }

    private static int element(double pixels, int size, int count, String field) {
        double element = Math.floor(pixels / size);
        if (!(element >= 0 && element < count)) {
            throw Refused.invalidField(field, field + " lies outside the map.");
        }
        return (int) element;
    }
}
