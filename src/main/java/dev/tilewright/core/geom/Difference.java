package dev.tilewright.core.geom;

/**
 * A displacement in world space, in pixels: what separates two {@link Position}s.
 */
public record Difference(double dx, double dy) {

    public static final Difference ZERO = new Difference(0, 0);

    public Difference {
        if (!Double.isFinite(dx) || !Double.isFinite(dy)) {
            throw new IllegalArgumentException("difference must be finite, was (" + dx + ", " + dy + ")");
        }
    }

    public Difference plus(Difference other) {
        return new Difference(dx + other.dx, dy + other.dy);
    }
}
