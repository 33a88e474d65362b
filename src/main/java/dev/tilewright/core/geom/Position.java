package dev.tilewright.core.geom;

/**
 * A point in world space, in pixels. Positions and {@link Difference}s are distinct types so that adding two
 * positions, a classic coordinate bug, does not compile.
 *
 * @param x pixels to the right of the world origin
 * @param y pixels below the world origin
 */
public record Position(double x, double y) {

    public static final Position ORIGIN = new Position(0, 0);

    public Position {
        if (!Double.isFinite(x) || !Double.isFinite(y)) {
            throw new IllegalArgumentException("position must be finite, was (" + x + ", " + y + ")");
        }
    }

    public Position plus(Difference d) {
        return new Position(x + d.dx(), y + d.dy());
    }

    public Difference minus(Position other) {
        return new Difference(x - other.x, y - other.y);
    }
}
