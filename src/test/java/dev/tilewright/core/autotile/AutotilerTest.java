package dev.tilewright.core.autotile;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Gid;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What rules make of small grids one can read, and the refusals naming the field. */
class AutotilerTest {

    private static final int A = Rule.ANY_VALUE;

    private static int[] run(RuleSet set, int width, String... rows) {
        int[] cells = new int[width * rows.length];
        for (int y = 0; y < rows.length; y++) {
            for (int x = 0; x < width; x++) {
                char c = rows[y].charAt(x);
                cells[y * width + x] = c == '.' ? 0 : c - '0';
            }
        }
        return Autotiler.compile(set).evaluate(IntCells.of(width, rows.length, cells), 1);
    }

    private static RuleSet set(Rule... rules) {
        return new RuleSet(null, List.of(new RuleGroup("g", null, List.of(rules))));
    }

    @Test
    void aWallTopIsAWallWithNothingAboveAndTheRestIsPlainWall() {
        Rule top = Rule.of(3, List.of(0, -A, 0, 0, 1, 0, 0, 0, 0), List.of(7));
        Rule wall = Rule.of(1, List.of(1), List.of(3));
        int[] out = run(set(top, wall), 4,
                "....",
                ".11.",
                ".11.");
        assertThat(out).containsExactly(
                0, 0, 0, 0,
                0, 8, 8, 0,
                0, 4, 4, 0);
    }

    @Test
    void outsideTheGridReadsAsTheSetSays() {
        Rule top = Rule.of(3, List.of(0, -A, 0, 0, 1, 0, 0, 0, 0), List.of(7));
        assertThat(run(set(top), 2, "11")).containsExactly(8, 8);
        assertThat(run(new RuleSet(1, set(top).groups()), 2, "11")).containsExactly(0, 0);
    }

    @Test
    void aMirroredMatchPlacesTheTileMirrored() {
        // a wall's right end: wall here, nothing to the right; mirrored it is the left end
        Rule end = new Rule(null, 3, List.of(0, 0, 0, 0, 1, -A, 0, 0, 0), List.of(4), null, null, true, null, null,
                null, null, null, null);
        int[] out = run(set(end), 5, ".111.");
        assertThat(out).containsExactly(0, 5 | Gid.FLIP_HORIZONTAL, 0, 5, 0);
    }

    @Test
    void aStampFillsAroundItsPivotButNotCellsAnEarlierRuleTook() {
        Rule marker = Rule.of(1, List.of(2), List.of(9));
        Rule tree = new Rule(null, 1, List.of(1), List.of(), new Stamp(2, 2, List.of(10, 11, 12, -1), 0.0, 1.0), null,
                null, null, null, null, null, null, null);
        int[] out = run(set(marker, tree), 3,
                "2..",
                "1..");
        // the stamp's bottom-left lands on the 1; its top-left cell is the marker's, its top-right and bottom-right
        // are its own
        assertThat(out).containsExactly(10, 12, 0, 13, 0, 0);
    }

    @Test
    void moduloChanceAndSwitchedOffGroupsDecidePerCell() {
        Rule everyThird = new Rule(null, 1, List.of(A), List.of(0), null, null, null, null, 3, null, 1, null, null);
        assertThat(run(set(everyThird), 7, "1111111")).containsExactly(0, 1, 0, 0, 1, 0, 0);
        Rule never = new Rule(null, 1, List.of(A), List.of(0), null, 0.0, null, null, null, null, null, null, null);
        assertThat(run(set(never), 3, "111")).containsExactly(0, 0, 0);
        RuleSet off = new RuleSet(0, List.of(new RuleGroup("g", false, List.of(Rule.of(1, List.of(A), List.of(0))))));
        assertThat(run(off, 3, "111")).containsExactly(0, 0, 0);
        assertThat(run(set(Rule.of(1, List.of(A), List.of(0))).without(java.util.Set.of("g")), 3, "111"))
                .containsExactly(0, 0, 0);
    }

    @Test
    void breakOnMatchOffLetsALaterRuleStampAroundACellAnEarlierRuleTook() {
        Rule floor = new Rule(null, 1, List.of(1), List.of(1), null, null, null, null, null, null, null, null, false);
        Rule shadow = new Rule(null, 1, List.of(1), List.of(), new Stamp(2, 1, List.of(-1, 5), 0.0, 0.0), null, null,
                null, null, null, null, null, null);
        assertThat(run(set(floor, shadow), 3, "1..")).containsExactly(2, 6, 0);
        Rule stops = Rule.of(1, List.of(1), List.of(1));
        assertThat(run(set(stops, shadow), 3, "1..")).containsExactly(2, 0, 0);
    }

    @Test
    void theSameSeedGivesTheSameChoicesAndTheReachCoversPatternAndStamp() {
        Rule pick = Rule.of(5, java.util.Collections.nCopies(25, 0), List.of(0, 1, 2, 3, 4, 5, 6, 7));
        Autotiler rules = Autotiler.compile(set(pick));
        IntCells grid = IntCells.of(64, 64, new int[64 * 64]);
        assertThat(rules.evaluate(grid, 5)).isEqualTo(rules.evaluate(grid, 5)).isNotEqualTo(rules.evaluate(grid, 6));
        assertThat(rules.radius()).isEqualTo(2);
        assertThat(rules.reach(new TileRect(0, 0, 1, 1), 64, 64)).isEqualTo(new TileRect(0, 0, 3, 3));
    }

    @Test
    void badRulesAreRefusedNamingTheField() {
        assertThatThrownBy(() -> Autotiler.compile(set(Rule.of(1, List.of(1), List.of(0)), Rule.of(4,
                java.util.Collections.nCopies(16, 0), List.of(0)))))
                .isInstanceOf(InvalidRulesException.class).extracting("field").isEqualTo("groups[0].rules[1].size");
        assertThatThrownBy(() -> Autotiler.compile(set(Rule.of(3, List.of(1), List.of(0)))))
                .extracting("field").isEqualTo("groups[0].rules[0].pattern");
        assertThatThrownBy(() -> Autotiler.compile(set(Rule.of(1, List.of(1_000_000), List.of(0)))))
                .extracting("field").isEqualTo("groups[0].rules[0].pattern[0]");
        assertThatThrownBy(() -> Autotiler.compile(set(Rule.of(1, List.of(1), List.of()))))
                .extracting("field").isEqualTo("groups[0].rules[0].tileIds");
        assertThatThrownBy(() -> Autotiler.compile(set(Rule.of(1, List.of(1), List.of(-2)))))
                .extracting("field").isEqualTo("groups[0].rules[0].tileIds[0]");
        assertThatThrownBy(() -> Autotiler.compile(set(new Rule(null, 1, List.of(1), List.of(0), null, 1.5, null,
                null, null, null, null, null, null)))).extracting("field").isEqualTo("groups[0].rules[0].chance");
        assertThatThrownBy(() -> Autotiler.compile(set(new Rule(null, 1, List.of(1), List.of(), new Stamp(2, 1,
                List.of(-1, -1), null, null), null, null, null, null, null, null, null, null))))
                .extracting("field").isEqualTo("groups[0].rules[0].stamp.tileIds");
        assertThatThrownBy(() -> Autotiler.compile(set(new Rule(null, 1, List.of(1), List.of(0), null, null, null,
                null, 0, null, null, null, null)))).extracting("field").isEqualTo("groups[0].rules[0].xModulo");
    }
}
