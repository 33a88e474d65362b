package dev.tilewright.grid;

import dev.tilewright.config.GridProperties;
import dev.tilewright.core.check.GridSearches;
import dev.tilewright.core.grid.CellPaths;
import dev.tilewright.core.grid.Reach;
import dev.tilewright.core.refusal.Refused;
import org.springframework.stereotype.Service;

import java.util.List;

/**
 * Whether a box gets from one place to another over the map's computed grid ({@link Reach}'s searches on the grid
 * {@link GridService} keeps). Positions are map pixels; answers name the tiles.
 */
@Service
public class Reachability {

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

    /** {@link Reach.Answer} and the version of the map it was searched on. */
    public record PathAnswer(boolean reachable, List<Reach.Tile> tiles, Integer cost, int visited, Reach.Area explored,
                             boolean gaveUp, Double takeOffSpeed, long version) {
    }

    private final GridService grids;
    private final Reach.Limits limits;

    Reachability(GridService grids, GridProperties properties) {
        this.grids = grids;
        this.limits = limits(properties);
    }

    /** The searches' limits as configured (tilewright.grid.*). */
    public static Reach.Limits limits(GridProperties properties) {
        return new Reach.Limits(properties.maxPathElements(), properties.maxPathVisited(),
                properties.maxPlatformerPlaces());
    }

    public PathAnswer path(long mapId, PathQuery query) {
        Reach.Search search = search(query);
        dev.tilewright.core.model.TileMap map = grids.map(mapId);
        if (!map.settings().orientation().orthogonal()) {
            // refused before a grid is computed for it
            CellPaths.check(map.projection(), map.settings().orientation().kind().fileName(), search);
        }
        GridService.Computed computed = grids.grid(mapId, query.elementWidth(), query.elementHeight());
        Reach.Answer a = GridSearches.search(computed.map(), computed.placed(), search, limits);
        return new PathAnswer(a.reachable(), a.tiles(), a.cost(), a.visited(), a.explored(), a.gaveUp(),
                a.takeOffSpeed(), computed.version());
    }

    /** The question checked field by field (before any grid is computed for it). */
    public static Reach.Search search(PathQuery query) {
        Point from = required(query.from(), "from");
        Point to = required(query.to(), "to");
        Size box = required(query.box(), "box");
        return Reach.Search.of(query.movement(), from.x(), from.y(), to.x(), to.y(), box.width(), box.height(),
                query.jumpHeight(), query.gravity(), query.runSpeed());
    }

    private static <T> T required(T value, String field) {
        if (value == null) {
            throw Refused.invalidField(field, field + " is required.");
        }
        return value;
    }
}
