package dev.tilewright.core.terrain;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The terrain brush exists twice, here and in {@code frontend/model/terrain.js}; both paint the strokes of every case
 * in {@code fixtures/terrain/} and must leave exactly the expected grid (frontend/test/terrain.test.js runs the same
 * files). The expected grids themselves must match on every shared corner and edge.
 */
class TerrainFixturesTest {

    @TestFactory
    Stream<DynamicTest> everyCase() throws IOException {
        return TerrainFixtures.read().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            TerrainBrushProperties.Grid grid = TerrainFixtures.run(c);
            assertThat(grid.gids()).as("the grid after the strokes").containsExactly(c.expect());
            TerrainBrushProperties.Grid expect = new TerrainBrushProperties.Grid(c.width(), c.height(), c.expect());
            if (c.shape() == null) {
                TerrainBrushProperties.assertMatching(c.name(), c.tiles(), expect);
            } else {
                CellTerrainProperties.assertMeetingsMatch(c.name(), c.shape(), c.type().equals("edge"), c.tiles(),
                        expect);
            }
        }));
    }
}
