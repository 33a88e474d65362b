package dev.tilewright.grid;

import dev.tilewright.core.grid.PathFinder;
import dev.tilewright.core.grid.PlatformerReach;
import dev.tilewright.core.refusal.Refused;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.List;

/**
 * Whether a box gets from one place to another over the computed grid: top-down (A* over the positions it can
 * take) or as a platformer (walks and jumps under gravity). Positions are map pixels; answers name the tiles.
 */
@Service
public class Reachability {

    /** How the box moves. */
    public enum Movement { TOPDOWN, PLATFORMER }

    public record Point(Double x, Double y) {
    }

    public record Size(Double width, Double height) {
    }

    /**
     * A reachability question: can a box of this size get from one top-left position to another? movement is
     * "topdown" (default) or "platformer", which also gives the jump height (px) and may give gravity (px/s^2,
     * default 980) and run speed (px/s, default 160).
     */
    public record PathQuery(Point from, Point to, String movement, Size box, Double jumpHeight, Double gravity,
                            Double runSpeed, Integer elementWidth, Integer elementHeight) {
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
    public record PathAnswer(boolean reachable, List<Tile> tiles, Integer cost, int visited, Area explored,
                             boolean gaveUp, Double takeOffSpeed, long version) {
    }

    private final GridService grids;

    Reachability(GridService grids) {
        this.grids = grids;
    }

    public PathAnswer path(long mapId, PathQuery query) {
        Movement movement = Refused.choice(Movement.class, query.movement(), Movement.TOPDOWN, "movement");
        double fromX = Refused.finite(required(query.from(), "from").x(), "from.x");
        double fromY = Refused.finite(query.from().y(), "from.y");
        double toX = Refused.finite(required(query.to(), "to").x(), "to.x");
        double toY = Refused.finite(query.to().y(), "to.y");
        double width = Refused.finite(required(query.box(), "box").width(), "box.width");
        double height = Refused.finite(query.box().height(), "box.height");
        if (movement == Movement.PLATFORMER) {
            GridService.Platformer answer = grids.platformer(mapId, fromX, fromY, toX, toY, width, height,
                    Refused.finite(query.jumpHeight(), "jumpHeight"),
                    query.gravity() == null ? 980 : Refused.finite(query.gravity(), "gravity"),
                    query.runSpeed() == null ? 160 : Refused.finite(query.runSpeed(), "runSpeed"),
                    query.elementWidth(), query.elementHeight());
            PlatformerReach.Result result = answer.result();
            return answer(answer.grid(), result.reachable(), result.path(),
                    result.reachable() ? result.path().size() - 1 : null, result.visited(), result.explored(),
                    result.gaveUp(), answer.takeOffSpeed());
        }
        GridService.Path answer = grids.path(mapId, fromX, fromY, toX, toY, width, height, query.elementWidth(),
                query.elementHeight());
        PathFinder.Result result = answer.result();
        // element positions to map pixels, as the platformer answers them
        double ew = answer.grid().grid().elementWidth();
        double eh = answer.grid().grid().elementHeight();
        List<double[]> places = result.path().stream().map(at -> new double[]{at[0] * ew, at[1] * eh}).toList();
        int[] box = result.explored();
        return answer(answer.grid(), result.reachable(), places, result.reachable() ? result.cost() : null,
                result.visited(), new double[]{box[0] * ew, box[1] * eh, box[2] * ew, box[3] * eh}, result.gaveUp(),
                null);
    }

    /** An answer with positions (map pixels) as the tiles they lie in, consecutive repeats dropped. */
    private static PathAnswer answer(GridService.Computed grid, boolean reachable, List<double[]> places,
                                     Integer cost, int visited, double[] explored, boolean gaveUp,
                                     Double takeOffSpeed) {
        int tw = grid.tileWidth();
        int th = grid.tileHeight();
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
        return new PathAnswer(reachable, tiles, cost, visited, area, gaveUp, takeOffSpeed, grid.version());
    }

    private static <T> T required(T value, String field) {
        if (value == null) {
            throw Refused.invalidField(field, field + " is required.");
        }
        return value;
    }
}
