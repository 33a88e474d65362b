package dev.tilewright.render;

import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.geom.Orthogonal;
import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.Projection;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.grid.CollisionGrid;
import dev.tilewright.core.query.GridRay;
import dev.tilewright.core.model.TileMap;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;


/** What a view can show over the map: the computed collision grid and tile grid lines. */
final class Overlays {

    /** The collision overlay: solid elements under red at 40%, a one-way top as a 2 px yellow line. */
    static final int SOLID_TINT = Pixels.premultiply(0x66E02020);
    static final int ONE_WAY = Pixels.premultiply(0xDDFFD000);

    /** Grid lines: black at a quarter opacity, on the left and top pixel of every tile. */
    static final int GRID_LINE = 0x40000000;

    private Overlays() {
    }

    /**
     * Solid elements under red, one-way tops as a yellow line, over what is drawn; on another orientation than
     * orthogonal each element with a solid side is its part of its cell as drawn (an isometric element a small
     * diamond, a hexagonal map's whole cell, whose elements have no shape of their own there).
     */
    static void collision(Pixels canvas, ViewWindow view, CollisionGrid grid, TileMap map) {
        Projection projection = map.projection();
        if (projection instanceof Orthogonal) {
            collision(canvas, view, grid);
            return;
        }
        int across = grid.columns() / map.width();
        int down = grid.rows() / map.height();
        Graphics2D g = ShapePainter.graphics(canvas);
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
        g.translate(-view.x(), -view.y());
        g.setColor(new Color(0x66E02020, true));
        TileRect cells = projection.tilesMeeting(view.box()).intersection(map.bounds());
        for (int ty = cells.y(); ty < cells.bottom(); ty++) {
            for (int tx = cells.x(); tx < cells.right(); tx++) {
                if (projection instanceof Hexagonal hex) {
                    if (GridRay.stops(grid, map, tx, ty)) {
                        PixelBox box = hex.cellBox(tx, ty);
                        long[][] corners = hex.corners();
                        Position[] at = new Position[corners.length];
                        for (int k = 0; k < corners.length; k++) {
                            at[k] = new Position(box.x() + corners[k][0], box.y() + corners[k][1]);
                        }
                        g.fill(polygon(at));
                    }
                    continue;
                }
                for (int j = 0; j < down; j++) {
                    for (int i = 0; i < across; i++) {
                        if ((grid.get(tx * across + i, ty * down + j) & CollisionGrid.SIDES) == 0) {
                            continue;
                        }
                        double x0 = tx + (double) i / across;
                        double y0 = ty + (double) j / down;
                        double x1 = tx + (i + 1.0) / across;
                        double y1 = ty + (j + 1.0) / down;
                        g.fill(polygon(projection.tileToScreen(x0, y0), projection.tileToScreen(x1, y0),
                                projection.tileToScreen(x1, y1), projection.tileToScreen(x0, y1)));
                    }
                }
            }
        }
        g.dispose();
    }

    private static Path2D polygon(Position... corners) {
        Path2D.Double path = new Path2D.Double();
        path.moveTo(corners[0].x(), corners[0].y());
        for (int k = 1; k < corners.length; k++) {
            path.lineTo(corners[k].x(), corners[k].y());
        }
        path.closePath();
        return path;
    }

    /** Solid elements under red, one-way tops as a yellow line, over what is drawn (an orthogonal map's). */
    static void collision(Pixels canvas, ViewWindow view, CollisionGrid grid) {
        int ew = grid.elementWidth();
        int eh = grid.elementHeight();
        int[] dst = canvas.argb();
        for (int y = 0; y < view.height(); y++) {
            int my = view.y() + y;
            int ey = Math.floorDiv(my, eh);
            boolean topRows = Math.floorMod(my, eh) < 2;
            for (int x = 0; x < view.width(); x++) {
                int mx = view.x() + x;
                int ex = Math.floorDiv(mx, ew);
                if (ex < 0 || ey < 0 || ex >= grid.columns() || ey >= grid.rows()) {
                    continue;
                }
                int sides = grid.get(ex, ey) & CollisionGrid.SIDES;
                int i = y * view.width() + x;
                if (sides == CollisionGrid.SOLID) {
                    dst[i] = Pixels.over(SOLID_TINT, dst[i]);
                } else if ((sides & CollisionGrid.TOP) != 0 && topRows) {
                    dst[i] = Pixels.over(ONE_WAY, dst[i]);
                }
            }
        }
    }

    /**
     * A line on the left and top pixel of every tile's cell, over what is drawn; on a diamond or hexagon map the
     * cells' upper edges (each edge two cells share drawn once: the lower cell's).
     */
    static void gridLines(Pixels canvas, ViewWindow view, Projection projection) {
        gridLines(canvas, view, projection, null);
    }

    /** As above; on a diamond or hexagon map only the cells of {@code map} (null: every cell the view shows). */
    static void gridLines(Pixels canvas, ViewWindow view, Projection projection, TileRect map) {
        if (!(projection instanceof Orthogonal)) {
            outlines(canvas, view, projection, map);
            return;
        }
        int[] dst = canvas.argb();
        PixelBox seen = view.box();
        TileRect cells = projection.tilesMeeting(seen);
        for (int ty = cells.y(); ty < cells.bottom(); ty++) {
            for (int tx = cells.x(); tx < cells.right(); tx++) {
                PixelBox cell = projection.cellBox(tx, ty);
                long x0 = Math.max(cell.x(), seen.x());
                long x1 = Math.min(cell.right(), seen.right());
                long y0 = Math.max(cell.y(), seen.y());
                long y1 = Math.min(cell.bottom(), seen.bottom());
                for (long y = y0; y < y1; y++) {
                    // the top row whole, below it the left column where the view shows it
                    long from = y == cell.y() ? x0 : cell.x() == x0 ? x0 : x1;
                    long to = y == cell.y() ? x1 : Math.min(x1, from + 1);
                    for (long x = from; x < to; x++) {
                        int i = (int) ((y - seen.y()) * view.width() + x - seen.x());
                        dst[i] = Pixels.over(GRID_LINE, dst[i]);
                    }
                }
            }
        }
    }

    /**
     * The upper edges of every cell a view shows (a diamond's two, a hexagon's left side and three upper ones), so
     * that each edge two cells share is drawn by one of them.
     */
    private static void outlines(Pixels canvas, ViewWindow view, Projection projection, TileRect map) {
        // lines meeting at a corner at a shallow angle share pixels near it: each pixel is tinted once
        boolean[] lined = new boolean[view.width() * view.height()];
        TileRect met = projection.tilesMeeting(view.box());
        TileRect cells = map == null ? met : met.intersection(map);
        for (int ty = cells.y(); ty < cells.bottom(); ty++) {
            for (int tx = cells.x(); tx < cells.right(); tx++) {
                long[][] corners;
                if (projection instanceof Hexagonal hex) {
                    PixelBox box = hex.cellBox(tx, ty);
                    long[][] octagon = hex.corners();
                    corners = new long[5][];
                    for (int i = 0; i < 5; i++) {
                        corners[i] = new long[]{box.x() + octagon[i][0], box.y() + octagon[i][1]};
                    }
                } else {
                    corners = new long[][]{corner(projection.tileToScreen(tx, ty + 1)),
                            corner(projection.tileToScreen(tx, ty)), corner(projection.tileToScreen(tx + 1, ty))};
                }
                for (int i = 0; i + 1 < corners.length; i++) {
                    line(lined, view, corners[i], corners[i + 1]);
                }
            }
        }
        int[] dst = canvas.argb();
        for (int i = 0; i < lined.length; i++) {
            if (lined[i]) {
                dst[i] = Pixels.over(GRID_LINE, dst[i]);
            }
        }
    }

    private static long[] corner(Position p) {
        return new long[]{(long) Math.floor(p.x()), (long) Math.floor(p.y())};
    }

    /** A line from a to b (both ends: a pixel two edges share is marked once anyway), where the view shows it. */
    private static void line(boolean[] lined, ViewWindow view, long[] a, long[] b) {
        Lines.walk((int) a[0], (int) a[1], (int) b[0], (int) b[1], (x, y) -> plot(lined, view, x, y));
    }

    private static void plot(boolean[] lined, ViewWindow view, long x, long y) {
        long vx = x - view.x();
        long vy = y - view.y();
        if (vx >= 0 && vy >= 0 && vx < view.width() && vy < view.height()) {
            lined[(int) (vy * view.width() + vx)] = true;
        }
    }
}
