package dev.tilewright.core.geom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rules every projection keeps, against a slow exact oracle: a screen point lies in the cell whose box holds it,
 * decided in exact decimal arithmetic (no floating-point division), and draw order visits each tile once.
 */
class ProjectionProperties {

    /** The oracle: the tile whose cell box holds the point, searched among the cells around it, exactly. */
    static TileCoord holding(Projection p, double x, double y) {
        BigDecimal px = new BigDecimal(x);
        BigDecimal py = new BigDecimal(y);
        int guessX = px.divide(BigDecimal.valueOf(p.tileWidth()), 0, RoundingMode.FLOOR).intValueExact();
        int guessY = py.divide(BigDecimal.valueOf(p.tileHeight()), 0, RoundingMode.FLOOR).intValueExact();
        for (int ty = guessY - 1; ty <= guessY + 1; ty++) {
            for (int tx = guessX - 1; tx <= guessX + 1; tx++) {
                PixelBox cell = p.cellBox(tx, ty);
                if (px.compareTo(BigDecimal.valueOf(cell.x())) >= 0 && px.compareTo(BigDecimal.valueOf(cell.right())) < 0
                        && py.compareTo(BigDecimal.valueOf(cell.y())) >= 0
                        && py.compareTo(BigDecimal.valueOf(cell.bottom())) < 0) {
                    return new TileCoord(tx, ty);
                }
            }
        }
        throw new AssertionError("no cell holds (" + x + ", " + y + ")");
    }

    @Property(tries = 3000)
    void theTileUnderAPointIsTheCellHoldingIt(@ForAll @IntRange(min = 1, max = 256) int tileWidth,
                                              @ForAll @IntRange(min = 1, max = 256) int tileHeight,
                                              @ForAll @IntRange(min = -100_000, max = 100_000) int whole,
                                              @ForAll @IntRange(min = -100_000, max = 100_000) int wholeY,
                                              @ForAll @IntRange(min = 0, max = 1023) int fraction) {
        Projection p = new Orthogonal(tileWidth, tileHeight);
        double x = whole + fraction / 1024.0;
        double y = wholeY - fraction / 1024.0;
        assertThat(p.tileAt(new Position(x, y))).isEqualTo(holding(p, x, y));
    }

    @Property(tries = 1000)
    void boxesMeetTheTilesOfTheirCorners(@ForAll @IntRange(min = 1, max = 64) int tileWidth,
                                         @ForAll @IntRange(min = 1, max = 64) int tileHeight,
                                         @ForAll @IntRange(min = -5000, max = 5000) int x,
                                         @ForAll @IntRange(min = -5000, max = 5000) int y,
                                         @ForAll @IntRange(min = 1, max = 500) int width,
                                         @ForAll @IntRange(min = 1, max = 500) int height) {
        Projection p = new Orthogonal(tileWidth, tileHeight);
        TileRect met = p.tilesMeeting(new PixelBox(x, y, width, height));
        TileCoord first = holding(p, x, y);
        TileCoord last = holding(p, x + width - 1, y + height - 1);
        assertThat(met).isEqualTo(TileRect.spanning(first, last));
        assertThat(p.tilesMeeting(p.cellBox(first.x(), first.y()))).isEqualTo(new TileRect(first.x(), first.y(), 1, 1));
    }

    @Property(tries = 500)
    void anAreasBoxIsTheSmallestHoldingItsCells(@ForAll @IntRange(min = 1, max = 64) int tileWidth,
                                                @ForAll @IntRange(min = 1, max = 64) int tileHeight,
                                                @ForAll @IntRange(min = -300, max = 300) int x,
                                                @ForAll @IntRange(min = -300, max = 300) int y,
                                                @ForAll @IntRange(min = 1, max = 12) int width,
                                                @ForAll @IntRange(min = 1, max = 12) int height) {
        Projection p = new Orthogonal(tileWidth, tileHeight);
        long left = Long.MAX_VALUE;
        long top = Long.MAX_VALUE;
        long right = Long.MIN_VALUE;
        long bottom = Long.MIN_VALUE;
        for (int ty = y; ty < y + height; ty++) {
            for (int tx = x; tx < x + width; tx++) {
                PixelBox cell = p.cellBox(tx, ty);
                left = Math.min(left, cell.x());
                top = Math.min(top, cell.y());
                right = Math.max(right, cell.right());
                bottom = Math.max(bottom, cell.bottom());
            }
        }
        assertThat(p.areaBox(new TileRect(x, y, width, height)))
                .isEqualTo(new PixelBox(left, top, right - left, bottom - top));
        assertThat(p.areaBox(new TileRect(x, y, 0, height)).isEmpty()).isTrue();
    }

    @Property(tries = 300)
    void drawOrderVisitsEveryTileOnceRowByRow(@ForAll @IntRange(min = 0, max = 20) int width,
                                              @ForAll @IntRange(min = 0, max = 20) int height,
                                              @ForAll boolean leftward, @ForAll boolean upward) {
        Projection p = new Orthogonal(16, 8, leftward, upward);
        TileRect area = new TileRect(-3, 5, width, height);
        Set<TileCoord> seen = new HashSet<>();
        int[] previousRow = {Integer.MIN_VALUE};
        p.inDrawOrder(area, (tx, ty) -> {
            assertThat(area.contains(tx, ty)).isTrue();
            assertThat(seen.add(new TileCoord(tx, ty))).as("visited twice: %d,%d", tx, ty).isTrue();
            if (previousRow[0] != Integer.MIN_VALUE && ty != previousRow[0]) {
                assertThat(ty - previousRow[0]).isEqualTo(upward ? -1 : 1);
            }
            previousRow[0] = ty;
        });
        assertThat(seen).hasSize(width * height);
    }

    @Property(tries = 500)
    void neighboursShareASideAndAreMutual(@ForAll @IntRange(min = -1000, max = 1000) int tx,
                                          @ForAll @IntRange(min = -1000, max = 1000) int ty) {
        Projection p = new Orthogonal(24, 16);
        PixelBox cell = p.cellBox(tx, ty);
        for (TileCoord n : p.neighbours(tx, ty)) {
            PixelBox other = p.cellBox(n.x(), n.y());
            long sharedX = Math.min(cell.right(), other.right()) - Math.max(cell.x(), other.x());
            long sharedY = Math.min(cell.bottom(), other.bottom()) - Math.max(cell.y(), other.y());
            assertThat(sharedX == 0 && sharedY > 0 || sharedY == 0 && sharedX > 0).as("%s shares a side", n).isTrue();
            assertThat(p.neighbours(n.x(), n.y())).contains(new TileCoord(tx, ty));
        }
    }
}
