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
 *
 * <p>On a staggered or hexagonal map ({@link Stagger}) a pattern keeps its shape on the screen wherever it is matched
 * (Tiled's Automapping matches tile coordinates, so a pattern drawn at an even row means another shape at an odd one,
 * Tiled #3089): a pattern is drawn for a cell of an unshifted row (column, on stagger axis x), and at a cell of a
 * shifted one its odd rows (columns) move by one towards the shift; a mirror along the shift keeps the shape too.
 * Stamps are placed the same way.
 */
public final class Autotiler {

    /**
     * How a staggered or hexagonal map shifts its rows (stagger axis y) or columns (x): which ones are shifted by half
     * a cell, as {@code Hexagonal.shifted} says.
     */
    public record Stagger(boolean alongX, boolean staggerEven) {

        /** A map's stagger: null for orthogonal and isometric maps (their cells make a square grid). */
        public static Stagger of(dev.tilewright.core.geom.Projection projection) {
            return projection instanceof dev.tilewright.core.geom.Hexagonal hex
                    ? new Stagger(hex.staggerX(), hex.staggerEven()) : null;
        }

        /** Whether cell (x, y) lies in a shifted row (column). */
        public boolean shifted(int x, int y) {
            return (((alongX ? x : y) & 1) == 1) != staggerEven;
        }

        /**
         * Where a pattern's or stamp's offset (dx, dy), as drawn for an unshifted cell and mirrored as {@code flags}
         * say, lies from a cell ({@code shifted}: of a shifted row or column): {dx, dy} on squares (null stagger).
         */
        static int[] along(Stagger stagger, int dx, int dy, int flags, boolean shifted) {
            if (stagger == null) {
                return new int[]{dx, dy};
            }
            int across = stagger.alongX ? dx : dy;
            if ((across & 1) == 0) {
                return new int[]{dx, dy};
            }
            boolean mirrored = (flags & (stagger.alongX ? Gid.FLIP_VERTICAL : Gid.FLIP_HORIZONTAL)) != 0;
            int move = (shifted ? 1 : 0) - (mirrored ? 1 : 0);
            return stagger.alongX ? new int[]{dx, dy + move} : new int[]{dx + move, dy};
        }
    }

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
        return reach(changed, width, height, null);
    }

    /** {@link #reach(TileRect, int, int)} on a map of this stagger (a shifted line reaches a cell further). */
    public TileRect reach(TileRect changed, int width, int height, Stagger stagger) {
        long r = radius() + (stagger == null ? 0 : 1);
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
        return evaluate(grid, seed, region, null);
    }

    /** {@link #evaluate(IntCells, long, TileRect)} on a staggered or hexagonal map's cells (null: squares). */
    public int[] evaluate(IntCells grid, long seed, TileRect region, Stagger stagger) {
        int[] out = new int[Math.toIntExact(region.area())];
        TileRect inside = region.intersection(new TileRect(0, 0, grid.width(), grid.height()));
        if (inside.isEmpty() || rules.length == 0) {
            return out;
        }
        int shift = stagger == null ? 0 : 1;
        TileRect anchors = grow(inside, stampReach + (stamps ? shift : 0))
                .intersection(new TileRect(0, 0, grid.width(), grid.height()));
        int pad = patternRadius + shift;
        int stride = anchors.width() + 2 * pad;
        int[] window = window(grid, anchors, pad);
        long[] taken = stamps ? new long[out.length] : null;
        if (taken != null) {
            java.util.Arrays.fill(taken, Long.MAX_VALUE);
        }
        // [parity][rule][variant]: at cells of unshifted and shifted rows
        int[][][][] offsets = new int[2][rules.length][][];
        for (int r = 0; r < rules.length; r++) {
            offsets[0][r] = rules[r].offsets(stride, stagger, false);
            offsets[1][r] = stagger == null ? offsets[0][r] : rules[r].offsets(stride, stagger, true);
        }
        long anchorIndex = 0;
        for (int ay = anchors.y(); ay < anchors.bottom(); ay++) {
            for (int ax = anchors.x(); ax < anchors.right(); ax++, anchorIndex++) {
                int at = (ay - anchors.y() + pad) * stride + (ax - anchors.x() + pad);
                boolean own = inside.contains(ax, ay);
                boolean shifted = stagger != null && stagger.shifted(ax, ay);
                int[][][] here = offsets[shifted ? 1 : 0];
                for (int r = 0; r < rules.length; r++) {
                    CompiledRule rule = rules[r];
                    if (!stamps && !own) {
                        break;
                    }
                    if (!rule.onModulo(ax, ay)) {
                        continue;
                    }
                    CompiledRule.Variant variant = rule.match(window, at, here[r], stagger);
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
                            int[] to = Stagger.along(stagger, variant.stampDx[i], variant.stampDy[i], variant.flags,
                                    shifted);
                            int tx = ax + to[0];
                            int ty = ay + to[1];
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
