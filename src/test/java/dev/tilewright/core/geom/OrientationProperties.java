package dev.tilewright.core.geom;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The isometric, staggered and hexagonal projections against a slow exact oracle: each cell's shape is worked out
 * here again from Tiled's renderer formulas (a diamond around tileToScreen's corner, or the octagon of the hexagonal
 * renderer's parameters), in doubled integer coordinates so that half pixels are exact; a point lies in the cell
 * whose shape holds it pushed an infinitesimal step down and a far smaller one right, decided with exact decimal
 * cross products among every cell of a window around it. Every point must lie in exactly one cell (the shapes tile
 * the plane), and the projection's picking, boxes, meeting tiles, draw order and neighbours must agree.
 */
class OrientationProperties {

    /** A cell's shape: its corners clockwise on the screen, doubled (x2) so that every corner is whole. */
    record Shape(long[][] corners) {

        long left() {
            return extreme(0, -1);
        }

        long right() {
            return extreme(0, 1);
        }

        long top() {
            return extreme(1, -1);
        }

        long bottom() {
            return extreme(1, 1);
        }

        /** The least (sign -1) or greatest (1) coordinate of the corners on an axis (0: x, 1: y). */
        private long extreme(int axis, int sign) {
            long v = corners[0][axis];
            for (long[] c : corners) {
                v = sign < 0 ? Math.min(v, c[axis]) : Math.max(v, c[axis]);
            }
            return v;
        }

        /** Whether it holds the (doubled) point pushed down by a tiny step and right by a far tinier one. */
        boolean holds(BigDecimal x2, BigDecimal y2) {
            return holds(x2, y2, new long[]{0, 1}, new long[]{1, 0});
        }

        /**
         * Whether it holds the (doubled) point pushed by a tiny step along {@code push} and a far tinier one along
         * {@code then} (where the first runs along an edge).
         */
        boolean holds(BigDecimal x2, BigDecimal y2, long[] push, long[] then) {
            for (int i = 0; i < corners.length; i++) {
                long[] a = corners[i];
                long[] b = corners[(i + 1) % corners.length];
                long ex = b[0] - a[0];
                long ey = b[1] - a[1];
                if (ex == 0 && ey == 0) {
                    continue;
                }
                int cross = BigDecimal.valueOf(ex).multiply(y2.subtract(BigDecimal.valueOf(a[1])))
                        .subtract(BigDecimal.valueOf(ey).multiply(x2.subtract(BigDecimal.valueOf(a[0])))).signum();
                long along = ex * push[1] - ey * push[0];
                int pushed = cross != 0 ? cross : along != 0 ? Long.signum(along) : Long.signum(ex * then[1] - ey * then[0]);
                if (pushed <= 0) {
                    return false;
                }
            }
            return true;
        }

        /** The length of the side two shapes share (0 when they meet at a corner or not at all), doubled. */
        long sharedSide(Shape other) {
            long best = 0;
            for (int i = 0; i < corners.length; i++) {
                long[] a = corners[i];
                long[] b = corners[(i + 1) % corners.length];
                for (int j = 0; j < other.corners.length; j++) {
                    long[] c = other.corners[j];
                    long[] d = other.corners[(j + 1) % other.corners.length];
                    if (a[0] == d[0] && a[1] == d[1] && b[0] == c[0] && b[1] == c[1]) {
                        best = Math.max(best, Math.abs(b[0] - a[0]) + Math.abs(b[1] - a[1]));
                    }
                }
            }
            return best;
        }
    }

    /** A projection under test and the oracle's independent account of its cells. */
    record Case(Projection projection, String what) {

        /** The cell's shape, from Tiled's formulas (not from the projection under test). */
        Shape shape(int tx, int ty) {
            if (projection instanceof Isometric iso) {
                return new Shape(TiledCells.isometricCorners2(iso, tx, ty));
            }
            if (projection instanceof Oblique o) {
                return new Shape(TiledCells.obliqueCorners2(o.tileWidth(), o.tileHeight(), o.skewX(), o.skewY(),
                        o.mapWidth(), o.mapHeight(), tx, ty));
            }
            return new Shape(TiledCells.corners2((Hexagonal) projection, tx, ty));
        }

        /** A rough tile near a screen point, from the cell sizes alone (the oracle searches around it). */
        TileCoord near(double x, double y) {
            if (projection instanceof Isometric iso) {
                double u = (x - (double) iso.mapHeight() * iso.tileWidth() / 2) / iso.tileWidth();
                double v = y / iso.tileHeight();
                return new TileCoord((int) Math.floor(v + u), (int) Math.floor(v - u));
            }
            if (projection instanceof Oblique o) {
                // the shear undone in floating point: near enough, the oracle searches around it
                double d = (double) o.tileWidth() * o.tileHeight() - (double) o.skewX() * o.skewY();
                double dx = x - o.originX();
                double dy = y - o.originY();
                return new TileCoord((int) Math.floor((dx * o.tileHeight() - dy * o.skewX()) / d),
                        (int) Math.floor((dy * o.tileWidth() - dx * o.skewY()) / d));
            }
            Hexagonal hex = (Hexagonal) projection;
            return hex.staggerX()
                    ? new TileCoord((int) Math.floor(x / hex.columnWidth()), (int) Math.floor(y / hex.cellHeight()))
                    : new TileCoord((int) Math.floor(x / hex.cellWidth()), (int) Math.floor(y / hex.rowHeight()));
        }

        /**
         * Whether a cell holds a point as its projection rounds: diamonds and hexagons take a point on an edge into
         * the cell below it (then right of it); an oblique map's cells take it into the cell of greater tile
         * coordinates (Tiled floors them), the side the cell's diagonal points to.
         */
        boolean holds(Shape shape, BigDecimal x2, BigDecimal y2) {
            if (projection instanceof Oblique o) {
                return shape.holds(x2, y2, new long[]{o.tileWidth() + o.skewX(), o.tileHeight() + o.skewY()},
                        new long[]{o.tileWidth(), o.skewY()});
            }
            return shape.holds(x2, y2);
        }

        /** Every cell of a window around a point that holds it: exactly one, if the cells tile the plane. */
        List<TileCoord> holding(double x, double y) {
            TileCoord guess = near(x, y);
            BigDecimal x2 = new BigDecimal(x).multiply(BigDecimal.valueOf(2));
            BigDecimal y2 = new BigDecimal(y).multiply(BigDecimal.valueOf(2));
            List<TileCoord> out = new ArrayList<>();
            for (int ty = guess.y() - 4; ty <= guess.y() + 4; ty++) {
                for (int tx = guess.x() - 4; tx <= guess.x() + 4; tx++) {
                    if (holds(shape(tx, ty), x2, y2)) {
                        out.add(new TileCoord(tx, ty));
                    }
                }
            }
            return out;
        }
    }

    @Provide
    Arbitrary<Case> projections() {
        Arbitrary<Case> isometric = Combinators.combine(Arbitraries.integers().between(2, 128),
                Arbitraries.integers().between(1, 96), Arbitraries.integers().between(1, 300))
                .as((w, h, rows) -> new Case(new Isometric(w, h, rows), "isometric " + w + "x" + h + ", " + rows + " rows"));
        Arbitrary<Case> staggered = Combinators.combine(Arbitraries.integers().between(2, 128),
                Arbitraries.integers().between(2, 96), Arbitraries.of(true, false), Arbitraries.of(true, false),
                Arbitraries.integers().between(0, 100))
                .as((w, h, x, even, side) -> {
                    // at least a pixel of slant on each side: a cell without one is a brick, not a hexagon
                    int length = Math.min(side, (x ? w : h) - 2);
                    return new Case(new Hexagonal(w, h, x, even, length), (length == 0 ? "staggered " : "hexagonal ")
                            + w + "x" + h + " axis " + (x ? "x" : "y") + (even ? " even" : " odd") + " side " + length);
                });
        Arbitrary<Case> oblique = Combinators.combine(Arbitraries.integers().between(1, 128),
                Arbitraries.integers().between(1, 96), Arbitraries.integers().between(-160, 160),
                Arbitraries.integers().between(-160, 160), Arbitraries.integers().between(1, 300),
                Arbitraries.integers().between(1, 300))
                .filter((w, h, sx, sy, mw, mh) -> (long) w * h > (long) sx * sy)
                .as((w, h, sx, sy, mw, mh) -> new Case(new Oblique(w, h, sx, sy, mw, mh, false, false),
                        "oblique " + w + "x" + h + " skew " + sx + "," + sy + ", " + mw + "x" + mh + " tiles"));
        return Arbitraries.oneOf(isometric, staggered, oblique);
    }

    @Property(tries = 3000)
    void everyPointLiesInExactlyOneCellAndIsPickedThere(@ForAll("projections") Case c,
                                                         @ForAll @IntRange(min = -20_000, max = 20_000) int x,
                                                         @ForAll @IntRange(min = -20_000, max = 20_000) int y,
                                                         @ForAll @IntRange(min = 0, max = 7) int fraction) {
        // whole and half and quarter pixels: the points that lie on edges and corners most often
        double px = x + fraction / 4.0;
        double py = y + (fraction & 1) / 2.0;
        List<TileCoord> holding = c.holding(px, py);
        assertThat(holding).as("%s: cells holding (%s, %s)", c.what(), px, py).hasSize(1);
        Projection p = c.projection();
        assertThat(p.tileAt(new Position(px, py))).as(c.what()).isEqualTo(holding.get(0));
        Position tile = p.screenToTile(new Position(px, py));
        assertThat(new TileCoord((int) Math.floor(tile.x()), (int) Math.floor(tile.y()))).as(c.what())
                .isEqualTo(holding.get(0));
        Position back = p.tileToScreen(tile.x(), tile.y());
        assertThat(back.x()).as(c.what()).isCloseTo(px, org.assertj.core.api.Assertions.within(1e-6));
        assertThat(back.y()).as(c.what()).isCloseTo(py, org.assertj.core.api.Assertions.within(1e-6));
        // pixel space and back lands where it started (compared as pixels: on an edge a rounding may give the
        // neighbouring cell's coordinates of the same point)
        Position pixel = p.tileToPixel(tile.x(), tile.y());
        Position again = p.pixelToTile(pixel);
        Position same = p.tileToPixel(again.x(), again.y());
        assertThat(same.x()).as(c.what()).isCloseTo(pixel.x(), org.assertj.core.api.Assertions.within(1e-6));
        assertThat(same.y()).as(c.what()).isCloseTo(pixel.y(), org.assertj.core.api.Assertions.within(1e-6));
    }

    @Property(tries = 3000)
    void pointsOnTheCornersOfCellsArePickedLikeThePointsBesideThem(@ForAll("projections") Case c,
                                                                   @ForAll @IntRange(min = -300, max = 300) int tx,
                                                                   @ForAll @IntRange(min = -300, max = 300) int ty,
                                                                   @ForAll @IntRange(min = 0, max = 7) int corner) {
        long[][] corners = c.shape(tx, ty).corners();
        long[] at = corners[corner % corners.length];
        double px = at[0] / 2.0;
        double py = at[1] / 2.0;
        List<TileCoord> holding = c.holding(px, py);
        assertThat(holding).as("%s: cells holding corner (%s, %s)", c.what(), px, py).hasSize(1);
        assertThat(c.projection().tileAt(new Position(px, py))).as(c.what()).isEqualTo(holding.get(0));
    }

    @Property(tries = 1000)
    void aCellsBoxHoldsItsShapeAndAnAreasBoxItsCells(@ForAll("projections") Case c,
                                                     @ForAll @IntRange(min = -200, max = 200) int x,
                                                     @ForAll @IntRange(min = -200, max = 200) int y,
                                                     @ForAll @IntRange(min = 1, max = 9) int width,
                                                     @ForAll @IntRange(min = 1, max = 9) int height) {
        Projection p = c.projection();
        long left = Long.MAX_VALUE;
        long top = Long.MAX_VALUE;
        long right = Long.MIN_VALUE;
        long bottom = Long.MIN_VALUE;
        for (int ty = y; ty < y + height; ty++) {
            for (int tx = x; tx < x + width; tx++) {
                Shape shape = c.shape(tx, ty);
                PixelBox box = p.cellBox(tx, ty);
                // the smallest whole-pixel box holding the shape
                assertThat(box).as("%s cell %d,%d", c.what(), tx, ty).isEqualTo(new PixelBox(Math.floorDiv(shape.left(), 2),
                        Math.floorDiv(shape.top(), 2), Math.floorDiv(shape.right() + 1, 2) - Math.floorDiv(shape.left(), 2),
                        Math.floorDiv(shape.bottom() + 1, 2) - Math.floorDiv(shape.top(), 2)));
                left = Math.min(left, shape.left());
                top = Math.min(top, shape.top());
                right = Math.max(right, shape.right());
                bottom = Math.max(bottom, shape.bottom());
            }
        }
        long l = Math.floorDiv(left, 2);
        long t = Math.floorDiv(top, 2);
        assertThat(p.areaBox(new TileRect(x, y, width, height))).as(c.what())
                .isEqualTo(new PixelBox(l, t, Math.floorDiv(right + 1, 2) - l, Math.floorDiv(bottom + 1, 2) - t));
    }

    @Property(tries = 1000)
    void theTilesABoxMeetsAreTheOnesWhoseCellsReachInsideIt(@ForAll("projections") Case c,
                                                             @ForAll @IntRange(min = -3000, max = 3000) int x,
                                                             @ForAll @IntRange(min = -3000, max = 3000) int y,
                                                             @ForAll @IntRange(min = 1, max = 200) int width,
                                                             @ForAll @IntRange(min = 1, max = 200) int height) {
        Projection p = c.projection();
        PixelBox box = new PixelBox(x, y, width, height);
        TileRect met = p.tilesMeeting(box);
        // brute force: every cell near the box whose shape (isometric) or box (staggered layouts) meets its inside
        TileCoord a = c.near(x, y);
        TileCoord b = c.near(x + width, y + height);
        TileCoord d = c.near(x + width, y);
        TileCoord e = c.near(x, y + height);
        int x0 = Math.min(Math.min(a.x(), b.x()), Math.min(d.x(), e.x())) - 4;
        int x1 = Math.max(Math.max(a.x(), b.x()), Math.max(d.x(), e.x())) + 4;
        int y0 = Math.min(Math.min(a.y(), b.y()), Math.min(d.y(), e.y())) - 4;
        int y1 = Math.max(Math.max(a.y(), b.y()), Math.max(d.y(), e.y())) + 4;
        List<TileCoord> meeting = new ArrayList<>();
        for (int ty = y0; ty <= y1; ty++) {
            for (int tx = x0; tx <= x1; tx++) {
                Shape shape = c.shape(tx, ty);
                boolean meets = p instanceof Isometric || p instanceof Oblique ? diamondMeets(shape, box)
                        : shape.left() < 2 * box.right() && shape.right() > 2 * box.x() && shape.top() < 2 * box.bottom()
                        && shape.bottom() > 2 * box.y();
                if (meets) {
                    meeting.add(new TileCoord(tx, ty));
                    assertThat(met.contains(tx, ty)).as("%s: %d,%d meets %s", c.what(), tx, ty, box).isTrue();
                }
            }
        }
        assertThat(met).as(c.what()).isEqualTo(bounding(meeting));
    }

    /** Whether a diamond's inside meets a box's: no axis of either separates them (exact, doubled). */
    private static boolean diamondMeets(Shape diamond, PixelBox box) {
        long bx0 = 2 * box.x();
        long by0 = 2 * box.y();
        long bx1 = 2 * box.right();
        long by1 = 2 * box.bottom();
        if (diamond.left() >= bx1 || diamond.right() <= bx0 || diamond.top() >= by1 || diamond.bottom() <= by0) {
            return false;
        }
        long[][] k = diamond.corners();
        long[][] boxCorners = {{bx0, by0}, {bx1, by0}, {bx1, by1}, {bx0, by1}};
        for (int i = 0; i < 4; i++) {
            long[] p = k[i];
            long[] q = k[(i + 1) % 4];
            long nx = q[1] - p[1];
            long ny = p[0] - q[0];
            long edge = nx * p[0] + ny * p[1];
            boolean allOutside = true;
            for (long[] corner : boxCorners) {
                // the diamond's inside is where n . point < edge (clockwise corners on a y-down screen)
                if (nx * corner[0] + ny * corner[1] < edge) {
                    allOutside = false;
                }
            }
            if (allOutside) {
                return false;
            }
        }
        return true;
    }

    private static TileRect bounding(List<TileCoord> tiles) {
        int x0 = tiles.stream().mapToInt(TileCoord::x).min().orElseThrow();
        int x1 = tiles.stream().mapToInt(TileCoord::x).max().orElseThrow();
        int y0 = tiles.stream().mapToInt(TileCoord::y).min().orElseThrow();
        int y1 = tiles.stream().mapToInt(TileCoord::y).max().orElseThrow();
        return new TileRect(x0, y0, x1 - x0 + 1, y1 - y0 + 1);
    }

    @Property(tries = 500)
    void drawOrderVisitsEveryTileOnceFromTheTopDownAndLeftToRight(@ForAll("projections") Case c,
                                                                  @ForAll @IntRange(min = -50, max = 50) int x,
                                                                  @ForAll @IntRange(min = -50, max = 50) int y,
                                                                  @ForAll @IntRange(min = 0, max = 14) int width,
                                                                  @ForAll @IntRange(min = 0, max = 14) int height) {
        Projection p = c.projection();
        TileRect area = new TileRect(x, y, width, height);
        Set<TileCoord> seen = new HashSet<>();
        long[] previous = {Long.MIN_VALUE, Long.MIN_VALUE};
        p.inDrawOrder(area, (tx, ty) -> {
            assertThat(area.contains(tx, ty)).isTrue();
            assertThat(seen.add(new TileCoord(tx, ty))).as("%s: visited twice: %d,%d", c.what(), tx, ty).isTrue();
            Shape shape = c.shape(tx, ty);
            // a later tile is lower, or as high and further right: where images overlap it is in front, as in Tiled;
            // Tiled draws an oblique map's tiles as an orthogonal map's, row by row whatever the skews
            boolean after = p instanceof Oblique ? ty > previous[0] || ty == previous[0] && tx > previous[1]
                    : shape.top() > previous[0] || shape.top() == previous[0] && shape.left() > previous[1];
            assertThat(after).as("%s: %d,%d drawn after a tile below or right of it", c.what(), tx, ty).isTrue();
            previous[0] = p instanceof Oblique ? ty : shape.top();
            previous[1] = p instanceof Oblique ? tx : shape.left();
        });
        assertThat(seen).hasSize(width * height);
    }

    @Property(tries = 500)
    void neighboursAreTheCellsSharingASide(@ForAll("projections") Case c,
                                           @ForAll @IntRange(min = -1000, max = 1000) int tx,
                                           @ForAll @IntRange(min = -1000, max = 1000) int ty) {
        Projection p = c.projection();
        Shape cell = c.shape(tx, ty);
        Set<TileCoord> sharing = new HashSet<>();
        for (int y = ty - 2; y <= ty + 2; y++) {
            for (int x = tx - 2; x <= tx + 2; x++) {
                if ((x != tx || y != ty) && cell.sharedSide(c.shape(x, y)) > 0) {
                    sharing.add(new TileCoord(x, y));
                }
            }
        }
        List<TileCoord> neighbours = p.neighbours(tx, ty);
        assertThat(neighbours).as(c.what()).containsExactlyInAnyOrderElementsOf(sharing);
        assertThat(neighbours).doesNotHaveDuplicates();
        for (TileCoord n : neighbours) {
            assertThat(p.neighbours(n.x(), n.y())).contains(new TileCoord(tx, ty));
        }
    }
}
