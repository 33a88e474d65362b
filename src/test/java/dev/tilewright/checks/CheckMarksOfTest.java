package dev.tilewright.checks;

import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.geom.Isometric;
import dev.tilewright.core.geom.Orthogonal;
import dev.tilewright.core.geom.Position;
import dev.tilewright.render.CheckMarks;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A failing check's marks lie where the orientation draws what it found: a hexagon's six sides, a diamond's four, a
 * square's box; a blocked line and offending objects (given in the map's pixel space) moved onto the screen.
 */
class CheckMarksOfTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static List<CheckMarks.Mark> marks(dev.tilewright.core.geom.Projection projection, String results) {
        return MapChecks.marksOf(projection, Position.ORIGIN, JSON.readTree(results));
    }

    @Test
    void cellsAreOutlinedAsTheirShapes() {
        String cells = "[{\"type\":\"count\",\"passed\":false,\"details\":{\"cells\":[{\"x\":3,\"y\":2}]}},"
                + "{\"type\":\"count\",\"passed\":true,\"details\":{\"cells\":[{\"x\":0,\"y\":0}]}}]";
        // 32x32 px, sides of 16, stagger axis y: tile (3, 2)'s hexagon, clockwise from the bottom of its left side
        assertThat(marks(new Hexagonal(32, 32, false, false, 16), cells)).containsExactly(
                CheckMarks.Mark.line(96, 72, 96, 56, CheckMarks.FAIL), CheckMarks.Mark.line(96, 56, 112, 48, CheckMarks.FAIL),
                CheckMarks.Mark.line(112, 48, 128, 56, CheckMarks.FAIL), CheckMarks.Mark.line(128, 56, 128, 72, CheckMarks.FAIL),
                CheckMarks.Mark.line(128, 72, 112, 80, CheckMarks.FAIL), CheckMarks.Mark.line(112, 80, 96, 72, CheckMarks.FAIL));
        // a 32x16 isometric map of 4 rows: tile (3, 2)'s diamond, its top at x = 64 + (3 - 2) * 16, y = 5 * 8
        assertThat(marks(new Isometric(32, 16, 4), cells)).containsExactly(
                CheckMarks.Mark.line(80, 40, 96, 48, CheckMarks.FAIL), CheckMarks.Mark.line(96, 48, 80, 56, CheckMarks.FAIL),
                CheckMarks.Mark.line(80, 56, 64, 48, CheckMarks.FAIL), CheckMarks.Mark.line(64, 48, 80, 40, CheckMarks.FAIL));
        assertThat(marks(new Orthogonal(16, 16), cells)).containsExactly(
                CheckMarks.Mark.rect(48, 32, 16, 16, CheckMarks.FAIL));
    }

    @Test
    void linesAndObjectsInPixelSpaceAreMovedOntoTheScreen() {
        String blocked = "[{\"type\":\"blocked\",\"passed\":false,\"details\":{\"from\":{\"x\":0,\"y\":0},"
                + "\"to\":{\"x\":16,\"y\":16},\"offending\":[{\"x\":16,\"y\":0}]}}]";
        // on an isometric map pixel space measures both axes in tile heights: (16, 16) is tile (1, 1), straight below
        assertThat(marks(new Isometric(32, 16, 4), blocked)).containsExactly(
                CheckMarks.Mark.line(64, 0, 64, 16, CheckMarks.FAIL),
                CheckMarks.Mark.rect(80 - 3, 8 - 3, 6, 6, CheckMarks.FAIL));
        assertThat(marks(new Hexagonal(32, 32, false, false, 16), blocked)).as("pixel space is the screen there")
                .containsExactly(CheckMarks.Mark.line(0, 0, 16, 16, CheckMarks.FAIL),
                        CheckMarks.Mark.rect(13, -3, 6, 6, CheckMarks.FAIL));
    }
}
