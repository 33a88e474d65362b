package dev.tilewright.core.geom;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GeometryTest {

    @Test
    void worldToTileUsesFloorNotTruncation() {
        Projection grid = new Orthogonal(16, 16);
        assertThat(grid.tileAt(new Position(-0.5, 15.99))).isEqualTo(new TileCoord(-1, 0));
        assertThat(grid.tileAt(new Position(32, 48))).isEqualTo(new TileCoord(2, 3));
        assertThat(grid.tileToScreen(2, 3)).isEqualTo(new Position(32, 48));
    }

    @Test
    void positionsAndDifferencesAreDistinct() {
        Position p = new Position(10, 20).plus(new Difference(-4, 2));
        assertThat(p).isEqualTo(new Position(6, 22));
        assertThat(p.minus(Position.ORIGIN)).isEqualTo(new Difference(6, 22));
        assertThatThrownBy(() -> new Position(Double.NaN, 0)).hasMessageContaining("finite");
    }

    @Test
    void rectanglesIntersectAndSpanCornersInAnyOrder() {
        TileRect r = TileRect.spanning(new TileCoord(5, 1), new TileCoord(2, 4));
        assertThat(r).isEqualTo(new TileRect(2, 1, 4, 4));
        assertThat(r.intersection(new TileRect(4, 0, 10, 2))).isEqualTo(new TileRect(4, 1, 2, 1));
        assertThat(r.intersection(new TileRect(10, 10, 1, 1)).isEmpty()).isTrue();
        assertThat(new TileRect(Integer.MAX_VALUE - 1, 0, 5, 1).right()).isEqualTo(Integer.MAX_VALUE + 4L);
        assertThatThrownBy(() -> new TileRect(0, 0, -1, 1)).hasMessageContaining("negative");
    }
}
