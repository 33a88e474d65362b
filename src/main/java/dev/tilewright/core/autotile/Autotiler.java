package dev.tilewright.core.autotile;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Gid;

import java.util.ArrayList;
import java.util.List;

/**
 * A rule set made ready to evaluate. What a cell becomes: among the placements that reach it — a tile of a rule that
 * matched at the cell itself, or a stamp's tile of a rule that matched near it — the one of the earliest rule, and of
 * rules alike the one matched earliest in row order (a stamp fills only cells no earlier rule took). A rule matches
 * at a cell when its group is active, the cell passes its modulo, its pattern (or a mirror it allows, tried
 * left-right, then top-bottom, then both) fits the values around the cell, the cell passes its chance, and no
 * earlier rule with {@code breakOnMatch} matched there. Random choices are seeded per cell ({@link Seeds}), so what
 * a cell becomes depends on the values within {@link #radius()} of it and on nothing else.
 *
 * <p>Output tiles are {@code tile id + 1} with Tiled's flip bits (0: no tile), as in a map whose one tileset starts
 * at 1.
 */
public final class Autotiler {

    /** Largest side of a stamp, in cells. */
    public static final int MAX_STAMP = 16;
    /** Largest modulo. */
    public static final int MAX_MODULO = 1 << 16;

    private final int outOfBounds;
    private final CompiledRule[] rules;
    private final int patternRadius;
    private final int stampReach;
    private final boolean stamps;

    private Autotiler(int outOfBounds, CompiledRule[] rules) {
        this.outOfBounds = outOfBounds;
        this.rules = rules;
        int pattern = 0;
        int reach = 0;
        boolean anyStamp = false;
        for (CompiledRule rule : rules) {
            pattern = Math.max(pattern, rule.size / 2);
            reach = Math.max(reach, rule.reach);
            anyStamp |= rule.variants[0].stampDx != null;
        }
        this.patternRadius = pattern;
        this.stampReach = reach;
        this.stamps = anyStamp;
    }

    /** The rule set checked and compiled; its switched-off groups are left out. */
    public static Autotiler compile(RuleSet set) {
        int outOfBounds = set.outOfBoundsValue();
        if (outOfBounds < 0 || outOfBounds > Rule.MAX_VALUE) {
            throw new InvalidRulesException("outOfBoundsValue", "outOfBoundsValue is an IntGrid value, 0 to "
                    + Rule.MAX_VALUE + " (0: empty).");
        }
        List<CompiledRule> compiled = new ArrayList<>();
        int position = 0;
        for (int g = 0; g < set.groups().size(); g++) {
            RuleGroup group = set.groups().get(g);
            for (int r = 0; r < group.rules().size(); r++) {
                Rule rule = group.rules().get(r);
                CompiledRule one = CompiledRule.of(rule, rule.id() == null ? position : rule.id(),
                        "groups[" + g + "].rules[" + r + "]");
                if (group.active()) {
                    compiled.add(one);
                }
                position++;
            }
        }
        return new Autotiler(outOfBounds, compiled.toArray(CompiledRule[]::new));
    }

    /** How far, in cells, a value can reach: a change to a cell alters no output cell further away than this. */
    public int radius() {
        return patternRadius + stampReach;
    }

    /** The output cells a change of {@code changed} can alter, within a grid of the given size (may be empty). */
    public TileRect reach(TileRect changed, int width, int height) {
        long r = radius();
        long x0 = Math.max(0, changed.x() - r);
        long y0 = Math.max(0, changed.y() - r);
        long x1 = Math.min(width, changed.right() + r);
        long y1 = Math.min(height, changed.bottom() + r);
        return x1 <= x0 || y1 <= y0 ? new TileRect(0, 0, 0, 0)
                : new TileRect((int) x0, (int) y0, (int) (x1 - x0), (int) (y1 - y0));
    }

    /** The output of the whole grid, row-major. */
    public int[] evaluate(IntCells grid, long seed) {
        return evaluate(grid, seed, new TileRect(0, 0, grid.width(), grid.height()));
    }

    /**
     * The output of a region of the grid, row-major over the region (clipped to the grid: cells outside are 0). Reads
     * the grid within {@link #radius()} of the region.
     */
    public int[] evaluate(IntCells grid, long seed, TileRect region) {
        int[] out = new int[Math.toIntExact(region.area())];
        TileRect inside = region.intersection(new TileRect(0, 0, grid.width(), grid.height()));
        if (inside.isEmpty() || rules.length == 0) {
            return out;
        }
        TileRect anchors = grow(inside, stampReach).intersection(new TileRect(0, 0, grid.width(), grid.height()));
        int pad = patternRadius;
        int stride = anchors.width() + 2 * pad;
        int[] window = window(grid, anchors, pad);
        long[] taken = stamps ? new long[out.length] : null;
        if (taken != null) {
            java.util.Arrays.fill(taken, Long.MAX_VALUE);
        }
        int[][][] offsets = new int[rules.length][][];
        for (int r = 0; r < rules.length; r++) {
            offsets[r] = rules[r].offsets(stride);
        }
        long anchorIndex = 0;
        for (int ay = anchors.y(); ay < anchors.bottom(); ay++) {
            for (int ax = anchors.x(); ax < anchors.right(); ax++, anchorIndex++) {
                int at = (ay - anchors.y() + pad) * stride + (ax - anchors.x() + pad);
                boolean own = inside.contains(ax, ay);
                for (int r = 0; r < rules.length; r++) {
                    CompiledRule rule = rules[r];
                    if (!stamps && !own) {
                        break;
                    }
                    if (!rule.onModulo(ax, ay)) {
                        continue;
                    }
                    CompiledRule.Variant variant = rule.match(window, at, offsets[r]);
                    if (variant == null || !Seeds.passes(seed, rule.uid, ax, ay, rule.chance)) {
                        continue;
                    }
                    if (taken == null) {
                        out[(ay - region.y()) * region.width() + (ax - region.x())] = rule.tile(variant, seed, ax, ay);
                        break;
                    }
                    long key = (long) r << 42 | anchorIndex;
                    if (variant.stampDx == null) {
                        if (own) {
                            place(out, taken, region, ax, ay, key, rule.tile(variant, seed, ax, ay));
                        }
                    } else {
                        for (int i = 0; i < variant.stampDx.length; i++) {
                            int tx = ax + variant.stampDx[i];
                            int ty = ay + variant.stampDy[i];
                            if (inside.contains(tx, ty)) {
                                place(out, taken, region, tx, ty, key, variant.stampTile[i]);
                            }
                        }
                    }
                    if (rule.breakOnMatch) {
                        break;
                    }
                }
            }
        }
        return out;
    }

    private static void place(int[] out, long[] taken, TileRect region, int x, int y, long key, int gid) {
        int i = (y - region.y()) * region.width() + (x - region.x());
        if (key < taken[i]) {
            taken[i] = key;
            out[i] = gid;
        }
    }

    private static TileRect grow(TileRect r, int by) {
        return new TileRect(r.x() - by, r.y() - by, r.width() + 2 * by, r.height() + 2 * by);
    }

    /** The values of the anchors and {@code pad} cells around them, cells outside the grid as the set says. */
    private int[] window(IntCells grid, TileRect anchors, int pad) {
        int stride = anchors.width() + 2 * pad;
        int rows = anchors.height() + 2 * pad;
        int[] window = new int[Math.multiplyExact(stride, rows)];
        for (int wy = 0; wy < rows; wy++) {
            int y = anchors.y() - pad + wy;
            for (int wx = 0; wx < stride; wx++) {
                int x = anchors.x() - pad + wx;
                window[wy * stride + wx] = x < 0 || y < 0 || x >= grid.width() || y >= grid.height() ? outOfBounds
                        : grid.value(x, y);
            }
        }
        return window;
    }
}
