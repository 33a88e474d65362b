package dev.tilewright.core.grid;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PlatformerReachTest {

    /**
     * 30x12 elements of 16 px: a floor on row 11 with a gap at columns 12..14, a wall at column 8 rows 8..10
     * (three high), a ledge at columns 20..24 on row 6, a one-way platform at columns 3..5 on row 8.
     */
    private static CollisionGrid level() {
        CollisionGrid grid = new CollisionGrid(30, 12, 16, 16);
        for (int x = 0; x < 30; x++) {
            if (x < 12 || x > 14) {
                grid.set(x, 11, CollisionGrid.SOLID);
            }
        }
        for (int y = 8; y <= 10; y++) {
            grid.set(8, y, CollisionGrid.SOLID);
        }
        for (int x = 20; x <= 24; x++) {
            grid.set(x, 6, CollisionGrid.SOLID);
        }
        for (int x = 3; x <= 5; x++) {
            grid.set(x, 8, CollisionGrid.TOP);
        }
        return grid;
    }

    private static PlatformerReach.Result reach(double jumpHeight, double goalX, double goalY) {
        // a 12x14 box starting at the left end of the floor
        return new PlatformerReach(level(), 12, 14, jumpHeight, 980, 160).search(16, 150, goalX, goalY, 100_000);
    }

    @Test
    void theTakeOffSpeedReachesTheJumpHeight() {
        PlatformerReach reach = new PlatformerReach(level(), 12, 14, 64, 980, 160);
        assertThat(reach.takeOffSpeed()).isEqualTo(Math.sqrt(2 * 980 * 64));
    }

    @Test
    void aWallThreeElementsHighNeedsAJumpHigherThanIt() {
        // right of the wall, on the floor
        assertThat(reach(16, 10 * 16 + 4, 10 * 16 + 4).reachable()).as("a 16 px jump: stuck behind the wall").isFalse();
        PlatformerReach.Result over = reach(64, 10 * 16 + 4, 10 * 16 + 4);
        assertThat(over.reachable()).as("a 64 px jump clears 48 px").isTrue();
        assertThat(over.path().get(0)[0]).isEqualTo(16);
    }

    @Test
    void theLedgeNeedsAHighJumpAndTheGapIsJumpedNotFallenIn() {
        double ledgeX = 22 * 16 + 4;
        double ledgeY = 5 * 16 + 4;
        assertThat(reach(64, ledgeX, ledgeY).reachable()).as("the ledge top is 64 px over the floor, 78 px for the "
                + "box's head to rise").isFalse();
        PlatformerReach.Result high = reach(110, ledgeX, ledgeY);
        assertThat(high.reachable()).isTrue();
        // every standing place on the way is on ground: never in the gap
        for (double[] at : high.path()) {
            assertThat(at[0] + 12 <= 12 * 16 || at[0] >= 15 * 16 || at[1] + 14 < 11 * 16)
                    .as("standing at %s,%s", at[0], at[1]).isTrue();
        }
    }

    @Test
    void aOneWayPlatformIsReachedFromBelowAndUnreachableGoalsSayWhatWasExplored() {
        PlatformerReach.Result up = reach(64, 4 * 16 + 4, 7 * 16 + 4);
        assertThat(up.reachable()).as("jumped through from below, landed on it").isTrue();
        PlatformerReach.Result nowhere = reach(16, 27 * 16, 2 * 16);
        assertThat(nowhere.reachable()).isFalse();
        assertThat(nowhere.gaveUp()).isFalse();
        assertThat(nowhere.visited()).isPositive();
        assertThat(nowhere.explored()[2]).as("explored up to the wall").isLessThan(8 * 16);
    }
}
