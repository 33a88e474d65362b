package dev.tilewright.core.model;

/**
 * A layer's parallax scrolling factors (Tiled's {@code parallaxx}/{@code parallaxy}, since Tiled 1.5): how fast the
 * layer moves with the camera, 1 as fast as the map, 0.5 half as fast (far away), 0 not at all.
 */
public record Parallax(double x, double y) {

    public static final Parallax NONE = new Parallax(1, 1);

    public Parallax {
        if (!Double.isFinite(x) || !Double.isFinite(y)) {
            throw new IllegalArgumentException("parallax factors must be finite numbers, were " + x + ", " + y);
        }
    }
}
