package dev.tilewright.core.autotile;

import dev.tilewright.core.model.Gid;

import java.util.ArrayList;
import java.util.List;

/**
 * The oracle: rules evaluated the slow, obvious way, straight from the words of {@link Autotiler}'s contract. Every
 * rule is tried at every cell of the grid; every placement that reaches a cell is a candidate; the earliest rule, then
 * the earliest matching cell in row order, wins. No windows, no offsets, no early exits.
 */
final class ReferenceRules {

    private record Placement(int rule, int anchorY, int anchorX, int x, int y, int gid) {
    }

    private ReferenceRules() {
    }

    static int[] evaluate(RuleSet set, int width, int height, int[] cells, long seed) {
        List<Rule> rules = new ArrayList<>();
        List<Long> uids = new ArrayList<>();
        List<Boolean> active = new ArrayList<>();
        int position = 0;
        for (RuleGroup group : set.groups()) {
            for (Rule rule : group.rules()) {
                rules.add(rule);
                uids.add(rule.id() == null ? (long) position : (long) rule.id());
                active.add(group.active());
                position++;
            }
        }
        List<Placement> placements = new ArrayList<>();
        for (int ay = 0; ay < height; ay++) {
            for (int ax = 0; ax < width; ax++) {
                for (int r = 0; r < rules.size(); r++) {
                    if (!active.get(r)) {
                        continue;
                    }
                    Rule rule = rules.get(r);
                    int flags = matchingMirror(rule, set.outOfBoundsValue(), width, height, cells, ax, ay);
                    if (flags == -1 || !onModulo(rule, ax, ay)
                            || !Seeds.passes(seed, uids.get(r), ax, ay, rule.chance())) {
                        continue;
                    }
                    if (rule.stamp() == null) {
                        int tile = rule.tileIds().get(Seeds.pick(seed, uids.get(r), ax, ay, rule.tileIds().size()));
                        placements.add(new Placement(r, ay, ax, ax, ay, (tile + 1) | flags));
                    } else {
                        Stamp stamp = rule.stamp();
                        for (int sy = 0; sy < stamp.height(); sy++) {
                            for (int sx = 0; sx < stamp.width(); sx++) {
                                int tile = stamp.tileIds().get(sy * stamp.width() + sx);
                                if (tile == -1) {
                                    continue;
                                }
                                int dx = sx - stamp.pivotColumn();
                                int dy = sy - stamp.pivotRow();
                                if ((flags & Gid.FLIP_HORIZONTAL) != 0) {
                                    dx = -dx;
                                }
                                if ((flags & Gid.FLIP_VERTICAL) != 0) {
                                    dy = -dy;
                                }
                                placements.add(new Placement(r, ay, ax, ax + dx, ay + dy, (tile + 1) | flags));
                            }
                        }
                    }
                    if (rule.breakOnMatch()) {
                        break;
                    }
                }
            }
        }
        int[] out = new int[width * height];
        Placement[] best = new Placement[width * height];
        for (Placement p : placements) {
            if (p.x() < 0 || p.y() < 0 || p.x() >= width || p.y() >= height) {
                continue;
            }
            int i = p.y() * width + p.x();
            Placement held = best[i];
            if (held == null || p.rule() < held.rule() || p.rule() == held.rule()
                    && (p.anchorY() < held.anchorY() || p.anchorY() == held.anchorY() && p.anchorX() < held.anchorX())) {
                best[i] = p;
                out[i] = p.gid();
            }
        }
        return out;
    }

    private static boolean onModulo(Rule rule, int x, int y) {
        return Math.floorMod(x - rule.xOffset(), rule.xModulo()) == 0
                && Math.floorMod(y - rule.yOffset(), rule.yModulo()) == 0;
    }

    /** The flip bits of the first of the pattern, its left-right, top-bottom and both-ways mirrors that fits; -1: none. */
    private static int matchingMirror(Rule rule, int outOfBounds, int width, int height, int[] cells, int ax, int ay) {
        boolean[][] tries = {{false, false}, {true, false}, {false, true}, {true, true}};
        for (boolean[] mirror : tries) {
            if (mirror[0] && !rule.flipX() || mirror[1] && !rule.flipY()) {
                continue;
            }
            if (fits(rule, mirror[0], mirror[1], outOfBounds, width, height, cells, ax, ay)) {
                return (mirror[0] ? Gid.FLIP_HORIZONTAL : 0) | (mirror[1] ? Gid.FLIP_VERTICAL : 0);
            }
        }
        return -1;
    }

    private static boolean fits(Rule rule, boolean mirrorX, boolean mirrorY, int outOfBounds, int width, int height,
                                int[] cells, int ax, int ay) {
        int size = rule.size();
        for (int py = 0; py < size; py++) {
            for (int px = 0; px < size; px++) {
                int wanted = rule.pattern().get(py * size + px);
                int x = ax + (mirrorX ? size - 1 - px : px) - size / 2;
                int y = ay + (mirrorY ? size - 1 - py : py) - size / 2;
                int value = x < 0 || y < 0 || x >= width || y >= height ? outOfBounds : cells[y * width + x];
                boolean ok;
                if (wanted == 0) {
                    ok = true;
                } else if (wanted == Rule.ANY_VALUE) {
                    ok = value != 0;
                } else if (wanted == -Rule.ANY_VALUE) {
                    ok = value == 0;
                } else if (wanted > 0) {
                    ok = value == wanted;
                } else {
                    ok = value != -wanted;
                }
                if (!ok) {
                    return false;
                }
            }
        }
        return true;
    }
}
