package dev.tilewright.core.autotile;

import dev.tilewright.core.geom.TileRect;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * LDtk's evaluation kept current by edits: after random edits of random grids under random rule sets (every rule
 * feature: sizes to 9, values, groups, wildcards, mirrors, stamps with pivots, chance, perlin, modulos and checkers,
 * out-of-bounds values, offsets, alpha, break-on-match or not), re-evaluating the anchors within reach gives what a
 * full evaluation gives, and no anchor outside the reach changes. (That the evaluation is LDtk's own is
 * LdtkBakedTilesTest's: against the tiles LDtk baked.)
 */
class LdtkAutoLayerProperties {

    @Property(tries = 300)
    void editsReEvaluatedWithinReachEqualAFullBakeAndNothingElseMoves(@ForAll long caseSeed) {
        Random random = new Random(caseSeed);
        int width = 3 + random.nextInt(32);
        int height = 3 + random.nextInt(32);
        int values = 1 + random.nextInt(3);
        int[] cells = new int[width * height];
        double filled = 0.02 + random.nextDouble() * 0.7;
        for (int i = 0; i < cells.length; i++) {
            cells[i] = random.nextDouble() >= filled ? 0 : 1 + random.nextInt(values);
        }
        Map<Integer, Integer> groupOf = new java.util.HashMap<>();
        for (int v = 1; v <= values; v++) {
            groupOf.put(v, random.nextInt(2));
        }
        BitSet opaque = new BitSet();
        for (int t = 0; t < 64; t++) {
            opaque.set(t, random.nextBoolean());
        }
        LdtkAutoLayer layer = new LdtkAutoLayer(groups(random, values), groupOf, 8, random.nextInt(2) * 0.5, 0,
                new LdtkAutoLayer.Atlas(8, opaque));
        int seed = random.nextInt(10_000_000);
        IntCells grid = IntCells.of(width, height, cells);
        LdtkAutoLayer.Baked kept = layer.bake(grid, seed, LdtkAutoLayer.Allowed.ALL);

        for (int edit = 0; edit < 4; edit++) {
            Map<Integer, List<LdtkAutoLayer.Tile>> before = byAnchor(kept.tiles());
            TileRect changed = new TileRect(random.nextInt(width), random.nextInt(height), 1 + random.nextInt(4),
                    1 + random.nextInt(4)).intersection(new TileRect(0, 0, width, height));
            for (int y = changed.y(); y < changed.bottom(); y++) {
                for (int x = changed.x(); x < changed.right(); x++) {
                    cells[y * width + x] = random.nextInt(values + 1);
                }
            }
            TileRect reach = kept.update(changed);

            assertThat(kept.tiles()).isEqualTo(layer.bake(grid, seed, LdtkAutoLayer.Allowed.ALL).tiles());
            Map<Integer, List<LdtkAutoLayer.Tile>> after = byAnchor(kept.tiles());
            for (int anchor = 0; anchor < width * height; anchor++) {
                if (!reach.contains(anchor % width, anchor / width)) {
                    assertThat(after.get(anchor)).as("anchor %d outside %s", anchor, reach)
                            .isEqualTo(before.get(anchor));
                }
            }
        }
    }

    /**
     * Found by the property: a rule matching only through out-of-bounds cells at the grid's edge still needs its
     * values in LDtk's relevance area, so an edit putting the last such value of an area elsewhere changes an anchor
     * beyond the rules' reach.
     */
    @net.jqwik.api.Example
    void anEditChangingAnAreasValuesReEvaluatesTheAnchorsThatAreaDecides() {
        editsReEvaluatedWithinReachEqualAFullBakeAndNothingElseMoves(2867392030L);
    }

    private static Map<Integer, List<LdtkAutoLayer.Tile>> byAnchor(List<LdtkAutoLayer.Tile> tiles) {
        return tiles.stream().collect(Collectors.groupingBy(LdtkAutoLayer.Tile::anchor));
    }

    static List<LdtkRuleGroup> groups(Random random, int values) {
        List<LdtkRuleGroup> groups = new ArrayList<>();
        int uid = 1;
        for (int g = 0, n = 1 + random.nextInt(3); g < n; g++) {
            List<LdtkRule> rules = new ArrayList<>();
            for (int r = 0, m = 1 + random.nextInt(4); r < m; r++) {
                rules.add(rule(random, uid++, values));
            }
            groups.add(new LdtkRuleGroup(100 + g, "g" + g, random.nextInt(8) > 0, false, List.of(), true, rules));
        }
        return groups;
    }

    static LdtkRule rule(Random random, int uid, int values) {
        int size = 1 + 2 * random.nextInt(5);
        List<Integer> pattern = new ArrayList<>();
        for (int i = 0; i < size * size; i++) {
            int kind = random.nextInt(10);
            int value = 1 + random.nextInt(values);
            pattern.add(switch (kind) {
                case 0, 1, 2, 3, 4 -> 0;
                case 5 -> value;
                case 6 -> -value;
                case 7 -> random.nextBoolean() ? Rule.ANY_VALUE : -Rule.ANY_VALUE;
                default -> (random.nextInt(2) + 1) * 1000 * (random.nextBoolean() ? 1 : -1);
            });
        }
        boolean stamp = random.nextInt(3) == 0;
        List<List<Integer>> rects = new ArrayList<>();
        for (int c = 0, n = 1 + random.nextInt(3); c < n; c++) {
            List<Integer> ids = new ArrayList<>();
            int first = random.nextInt(40);
            ids.add(first);
            if (stamp) {
                ids.add(first + 1);
                ids.add(first + 8);
            }
            rects.add(ids);
        }
        boolean offset = random.nextInt(5) == 0;
        boolean checker = random.nextInt(4) == 0;
        return new LdtkRule(uid, random.nextInt(10) > 0, size, pattern, rects, stamp, random.nextInt(3) * 0.5,
                random.nextInt(3) * 0.5, random.nextInt(4) == 0 ? 0.5 : 1, random.nextInt(3) == 0
                ? random.nextDouble() : 1, random.nextBoolean(), random.nextBoolean(), random.nextBoolean(),
                random.nextBoolean() ? null : random.nextInt(values + 1),
                new LdtkRule.Modulo(1 + random.nextInt(3), 1 + random.nextInt(3), random.nextInt(3),
                        random.nextInt(3), checker ? LdtkRule.Checker.values()[random.nextInt(3)]
                        : LdtkRule.Checker.NONE),
                offset ? new LdtkRule.TileOffset(random.nextInt(5) - 2, 0, -2, 3, 0, random.nextInt(3))
                        : LdtkRule.TileOffset.NONE,
                random.nextInt(4) == 0 ? new LdtkRule.Perlin(random.nextInt(9_999_999), 0.2, 1 + random.nextInt(3))
                        : null);
    }
}
