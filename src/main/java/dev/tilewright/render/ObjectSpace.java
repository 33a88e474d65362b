package dev.tilewright.render;

import dev.tilewright.core.geom.Isometric;
import dev.tilewright.core.geom.Oblique;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.Projection;

import java.awt.geom.AffineTransform;

/**
 * Where objects, which live in pixel space, land on the screen: on an isometric map pixel space measures both axes in
 * tile heights and is turned onto the diamonds (Tiled's {@code pixelToScreenCoords}); on an oblique map it is
 * sheared ({@code sheared}); elsewhere the two coincide. These maps are affine, so shapes are carried over whole.
 *
 * @param project pixel space to screen space (null: the same)
 * @param ellipse how Tiled turns an ellipse's path (its isometric renderer's {@code transform()}, which is the
 *                projection's only for tiles twice as wide as high)
 */
record ObjectSpace(AffineTransform project, AffineTransform ellipse, boolean sheared) {

    private static final ObjectSpace SAME = new ObjectSpace(null, null, false);

    static ObjectSpace of(Projection projection) {
        if (projection instanceof Oblique oblique) {
            // Tiled 1.12's ObliqueRenderer::transform(): x' = x + skewX / tileHeight y, y' = y + skewY / tileWidth x;
            // here moved by the origin that brings the map's box to (0, 0); an ellipse's path is sheared as it is
            AffineTransform shear = new AffineTransform(1, (double) oblique.skewY() / oblique.tileWidth(),
                    (double) oblique.skewX() / oblique.tileHeight(), 1, oblique.originX(), oblique.originY());
            return new ObjectSpace(shear, shear, true);
        }
        if (!(projection instanceof Isometric iso)) {
            return SAME;
        }
        double w = iso.tileWidth();
        double h = iso.tileHeight();
        // x' = (x - y) * w / 2h + originX, y' = (x + y) / 2
        AffineTransform project = new AffineTransform(w / (2 * h), 0.5, -w / (2 * h), 0.5, iso.originX(), 0);
        double sx = Math.sqrt(2);
        double sy = Math.sqrt(2);
        if (w > h) {
            sy *= h / w;
        } else {
            sx *= w / h;
        }
        AffineTransform ellipse = AffineTransform.getTranslateInstance(iso.originX(), 0);
        ellipse.scale(sx, sy);
        ellipse.rotate(Math.PI / 4);
        return new ObjectSpace(project, ellipse, false);
    }

    /** Whether pixel space is turned onto diamonds (Tiled's isometric renderer). */
    boolean isometric() {
        return project != null && !sheared;
    }

    Position pixelToScreen(double x, double y) {
        if (project == null) {
            return new Position(x, y);
        }
        double[] p = {x, y};
        project.transform(p, 0, p, 0, 1);
        return new Position(p[0], p[1]);
    }
}
