package dev.tilewright.core.autotile;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Random grids and rule sets for the properties: small values, patterns mostly "any", every rule feature in play. */
final class RuleCases {

    private RuleCases() {
    }

    static int[] grid(Random random, int width, int height, int values) {
        int[] cells = new int[width * height];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = random.nextInt(3) == 0 ? 0 : 1 + random.nextInt(values);
        }
        return cells;
    }

    static RuleSet rules(Random random, int values, boolean stamps) {
        List<RuleGroup> groups = new ArrayList<>();
        int groupCount = 1 + random.nextInt(3);
        for (int g = 0; g < groupCount; g++) {
            List<Rule> rules = new ArrayList<>();
            int ruleCount = 1 + random.nextInt(5);
            for (int r = 0; r < ruleCount; r++) {
                rules.add(rule(random, values, stamps && random.nextInt(4) == 0));
            }
            groups.add(new RuleGroup("g" + g, random.nextInt(6) != 0, rules));
        }
        return new RuleSet(random.nextInt(4) == 0 ? 1 + random.nextInt(values) : 0, groups);
    }

    static Rule rule(Random random, int values, boolean stamp) {
        int size = new int[]{1, 3, 3, 5, 7}[random.nextInt(5)];
        List<Integer> pattern = new ArrayList<>();
        for (int i = 0; i < size * size; i++) {
            pattern.add(switch (random.nextInt(12)) {
                case 0, 1 -> 1 + random.nextInt(values);
                case 2 -> -(1 + random.nextInt(values));
                case 3 -> Rule.ANY_VALUE;
                case 4 -> -Rule.ANY_VALUE;
                default -> 0;
            });
        }
        List<Integer> tiles = new ArrayList<>();
        Stamp placed = null;
        if (stamp) {
            int w = 1 + random.nextInt(3);
            int h = 1 + random.nextInt(3);
            List<Integer> ids = new ArrayList<>();
            for (int i = 0; i < w * h; i++) {
                ids.add(i == 0 || random.nextInt(4) != 0 ? random.nextInt(50) : -1);
            }
            placed = new Stamp(w, h, ids, random.nextInt(3) * 0.5, random.nextInt(3) * 0.5);
        } else {
            int n = 1 + random.nextInt(3);
            for (int i = 0; i < n; i++) {
                tiles.add(random.nextInt(50));
            }
        }
        boolean modulo = random.nextInt(5) == 0;
        return new Rule(random.nextInt(3) == 0 ? random.nextInt(1000) : null, size, pattern, tiles, placed,
                random.nextInt(3) == 0 ? random.nextDouble() : null, random.nextBoolean(), random.nextInt(3) == 0,
                modulo ? 1 + random.nextInt(3) : null, modulo ? 1 + random.nextInt(3) : null,
                modulo ? random.nextInt(7) - 3 : null, modulo ? random.nextInt(7) - 3 : null,
                random.nextInt(3) != 0);
    }
}
