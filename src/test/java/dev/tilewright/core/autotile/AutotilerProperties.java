package dev.tilewright.core.autotile;

import dev.tilewright.core.geom.TileRect;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The evaluator against the oracle ({@link ReferenceRules}) on random grids and rule sets: the whole grid, any region
 * of it, and after random edits the cells within reach recomputed alone — which equal a full evaluation, while every
 * cell outside the reach stays as it was.
 */
class AutotilerProperties {

    @Property(tries = 300)
    void theWholeGridIsWhatTheOracleSays(@ForAll long caseSeed) {
        Random random = new Random(caseSeed);
        int width = 1 + random.nextInt(14);
        int height = 1 + random.nextInt(14);
        int values = 1 + random.nextInt(3);
        int[] cells = RuleCases.grid(random, width, height, values);
        RuleSet rules = RuleCases.rules(random, values, true);
        long seed = random.nextLong();

        int[] expected = ReferenceRules.evaluate(rules, width, height, cells, seed);
        assertThat(Autotiler.compile(rules).evaluate(IntCells.of(width, height, cells), seed)).isEqualTo(expected);
    }

    @Property(tries = 200)
    void aRegionIsItsPartOfTheWhole(@ForAll long caseSeed) {
        Random random = new Random(caseSeed);
        int width = 1 + random.nextInt(16);
        int height = 1 + random.nextInt(16);
        int[] cells = RuleCases.grid(random, width, height, 2);
        Autotiler rules = Autotiler.compile(RuleCases.rules(random, 2, true));
        long seed = random.nextLong();
        int[] whole = rules.evaluate(IntCells.of(width, height, cells), seed);
        int x = random.nextInt(width + 4) - 2;
        int y = random.nextInt(height + 4) - 2;
        TileRect region = new TileRect(x, y, random.nextInt(width + 2), random.nextInt(height + 2));

        int[] part = rules.evaluate(IntCells.of(width, height, cells), seed, region);
        for (int ry = 0; ry < region.height(); ry++) {
            for (int rx = 0; rx < region.width(); rx++) {
                int gx = region.x() + rx;
                int gy = region.y() + ry;
                int want = gx >= 0 && gy >= 0 && gx < width && gy < height ? whole[gy * width + gx] : 0;
                assertThat(part[ry * region.width() + rx]).as("cell %d,%d of %s", gx, gy, region).isEqualTo(want);
            }
        }
    }

    @Property(tries = 200)
    void editsRecomputedWithinReachEqualAFullEvaluationAndNothingElseMoves(@ForAll long caseSeed) {
        Random random = new Random(caseSeed);
        int width = 4 + random.nextInt(14);
        int height = 4 + random.nextInt(14);
        int values = 1 + random.nextInt(3);
        int[] cells = RuleCases.grid(random, width, height, values);
        RuleSet set = RuleCases.rules(random, values, true);
        Autotiler rules = Autotiler.compile(set);
        long seed = random.nextLong();
        int[] kept = rules.evaluate(IntCells.of(width, height, cells), seed);

        for (int edit = 0; edit < 5; edit++) {
            int[] before = ReferenceRules.evaluate(set, width, height, cells, seed);
            TileRect changed = new TileRect(random.nextInt(width), random.nextInt(height), 1 + random.nextInt(3),
                    1 + random.nextInt(3)).intersection(new TileRect(0, 0, width, height));
            for (int y = changed.y(); y < changed.bottom(); y++) {
                for (int x = changed.x(); x < changed.right(); x++) {
                    cells[y * width + x] = random.nextInt(values + 1);
                }
            }
            TileRect reach = rules.reach(changed, width, height);
            int[] part = rules.evaluate(IntCells.of(width, height, cells), seed, reach);
            for (int y = 0; y < reach.height(); y++) {
                System.arraycopy(part, y * reach.width(), kept, (reach.y() + y) * width + reach.x(), reach.width());
            }

            int[] after = ReferenceRules.evaluate(set, width, height, cells, seed);
            assertThat(kept).as("edit %d of %s", edit, changed).isEqualTo(after);
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    if (!reach.contains(x, y)) {
                        assertThat(after[y * width + x]).as("untouched cell %d,%d", x, y)
                                .isEqualTo(before[y * width + x]);
                    }
                }
            }
        }
    }
}
