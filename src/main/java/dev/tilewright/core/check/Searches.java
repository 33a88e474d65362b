package dev.tilewright.core.check;

import dev.tilewright.core.grid.Reach;
import dev.tilewright.core.query.GridRay;

/**
 * The grid searches the {@code reachable} and {@code blocked} checks ask of a map: the service answers them on the
 * grids it keeps, the command line on a grid it computes ({@link GridSearches}).
 */
public interface Searches {

    /**
     * The first tile with a solid side the walk from one world point to another meets; null when none does.
     *
     * @throws MovedOn when the map has moved on since the version being checked
     */
    GridRay.Hit blocked(double fromX, double fromY, double toX, double toY);

    /**
     * A reachability search on the map's grid.
     *
     * @throws MovedOn when the map has moved on since the version being checked
     */
    Reach.Answer reach(Reach.Search search);

    /** The map moved on while it was searched: its checks are run again for the newer version. */
    final class MovedOn extends RuntimeException {
        public MovedOn() {
            super("the map moved on", null, false, false);
        }
    }
}
