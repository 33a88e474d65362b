package dev.tilewright.core.autotile;

import dev.tilewright.core.geom.TileRect;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * LDtk's auto-layer evaluation, tile for tile: what LDtk 1.5 bakes into a layer's {@code autoLayerTiles} from its
 * IntGrid, rules and seed (the sample projects' baked tiles are the oracle, LdtkBakedTilesTest).
 *
 * <p>Each rule is tried at every cell on its own (its modulo, LDtk's relevance test of the values it names, its
 * chance and perlin noise, the pattern and the allowed mirrors: as placed, left-right, top-bottom, both; with
 * break-on-match the first that fits is the only one). A match at a cell (its <em>anchor</em>) adds the tiles of one
 * choice there: all at the cell, or a stamp laid out as in the tileset around the pivot, moved by the rule's offsets.
 * Then, per anchor and in evaluation order, the first rule with break-on-match that placed tiles there locks the
 * anchor (so does a rule without it whose unmoved, opaque tiles cover it) and later rules' tiles of that anchor are
 * dropped. Tiles are listed as LDtk draws them: groups and rules from last to first, anchors in row order.
 *
 * <p>What an anchor holds depends only on the values within the largest pattern radius of it, so an edit is
 * recomputed by trying the anchors within that reach again ({@link Baked#update}), and nothing else changes.
 */
public final class LdtkAutoLayer {

    /** A tile placed: its pixel position in the layer, tile id, flips (bit 0 x, bit 1 y), and the rule and anchor. */
    public record Tile(int x, int y, int tileId, int flips, double alpha, int ruleUid, int anchor)
            implements TileDecks.Placed {
    }

    /**
     * The tileset the rules place from: its columns (a tile id's place in it lays a stamp out) and which tiles are
     * opaque (LDtk's {@code cachedPixelData.opaqueTiles}; a tile outside it counts as not opaque).
     */
    public record Atlas(int columns, BitSet opaque) {
    }

    /** Which anchors may hold tiles (LDtk's {@code autoTilesKilledByOtherLayerUid}: cells another layer paints). */
    public interface Allowed {
        Allowed ALL = (x, y) -> true;

        boolean at(int x, int y);
    }

    private final List<LdtkRule> rules;
    private final List<LdtkRule> drawOrder;
    private final Map<Integer, Integer> groupOf;
    private final int gridSize;
    private final double tilePivotX;
    private final double tilePivotY;
    private final Atlas atlas;
    private final int reach;

    /**
     * @param groups     the groups that apply on this level, in evaluation order (see {@link LdtkRuleGroup#appliesOn})
     * @param groupOf    each IntGrid value's group uid (0: none), from the source layer's definition
     * @param gridSize   the layer's cell size in pixels
     * @param tilePivotX the layer's tile pivot (0-1), which moves stamps
     */
    public LdtkAutoLayer(List<LdtkRuleGroup> groups, Map<Integer, Integer> groupOf, int gridSize, double tilePivotX,
                         double tilePivotY, Atlas atlas) {
        this.rules = groups.stream().flatMap(g -> g.rules().stream()).filter(LdtkRule::active).toList();
        this.drawOrder = new ArrayList<>(rules);
        java.util.Collections.reverse(drawOrder);
        this.groupOf = Map.copyOf(groupOf);
        this.gridSize = gridSize;
        this.tilePivotX = tilePivotX;
        this.tilePivotY = tilePivotY;
        this.atlas = atlas;
        this.reach = rules.stream().mapToInt(LdtkRule::radius).max().orElse(0);
    }

    /** How far from an edited cell anchors change: the largest pattern radius. */
    public int reach() {
        return reach;
    }

    /** Every anchor of the grid evaluated. */
    public Baked bake(IntCells grid, int seed, Allowed allowed) {
        Baked baked = new Baked(grid, seed, allowed);
        baked.evaluate(new TileRect(0, 0, grid.width(), grid.height()));
        return baked;
    }

    /** A layer's tiles by rule and anchor, kept current as its grid changes. */
    public final class Baked {
        private final IntCells grid;
        private final int seed;
        private final Allowed allowed;
        private final Map<Integer, TreeMap<Integer, List<Tile>>> byRule = new HashMap<>();
        private final Areas areas;

        private Baked(IntCells grid, int seed, Allowed allowed) {
            this.grid = grid;
            this.seed = seed;
            this.allowed = allowed;
            this.areas = new Areas(grid, groupOf);
            for (LdtkRule rule : rules) {
                byRule.put(rule.uid(), new TreeMap<>());
            }
        }

        /**
         * The grid changed in {@code changed} (it is read again there): the anchors within reach are evaluated again,
         * and, where the values an area of LDtk's relevance test holds changed, the anchors within reach of that
         * area (a rule matching only through out-of-bounds cells still needs its values in the area: LDtk's own
         * behaviour, so an edit can change an anchor beyond its reach).
         *
         * @return the bounds of the anchors re-evaluated, clipped to the grid
         */
        public TileRect update(TileRect changed) {
            TileRect done = evaluate(changed);
            for (TileRect area : areas.recount(changed)) {
                done = union(done, evaluate(area));
            }
            return done;
        }

        private static TileRect union(TileRect a, TileRect b) {
            if (a.isEmpty()) {
                return b;
            }
            if (b.isEmpty()) {
                return a;
            }
            int x = Math.min(a.x(), b.x());
            int y = Math.min(a.y(), b.y());
            return new TileRect(x, y, (int) (Math.max(a.right(), b.right()) - x),
                    (int) (Math.max(a.bottom(), b.bottom()) - y));
        }

        private TileRect evaluate(TileRect changed) {
            int left = Math.max(0, changed.x() - reach);
            int top = Math.max(0, changed.y() - reach);
            int right = (int) Math.min(grid.width() - 1L, changed.right() - 1 + reach);
            int bottom = (int) Math.min(grid.height() - 1L, changed.bottom() - 1 + reach);
            if (right < left || bottom < top) {
                return new TileRect(left, top, 0, 0);
            }
            for (int y = top; y <= bottom; y++) {
                for (int x = left; x <= right; x++) {
                    int anchor = x + y * grid.width();
                    boolean locked = false;
                    for (LdtkRule rule : rules) {
                        TreeMap<Integer, List<Tile>> cells = byRule.get(rule.uid());
                        cells.remove(anchor);
                        if (locked || !allowed.at(x, y)) {
                            continue;
                        }
                        List<Tile> placed = tryAt(rule, x, y, anchor);
                        if (placed == null) {
                            continue;
                        }
                        cells.put(anchor, placed);
                        locked = rule.breakOnMatch() || covers(rule, placed);
                    }
                }
            }
            return new TileRect(left, top, right - left + 1, bottom - top + 1);
        }

        /** The tiles in LDtk's order: rules from last to first, each rule's anchors in row order. */
        public List<Tile> tiles() {
            List<Tile> all = new ArrayList<>();
            for (LdtkRule rule : drawOrder) {
                byRule.get(rule.uid()).values().forEach(all::addAll);
            }
            return all;
        }

        /** The tiles a rule places at an anchor; null when it does not match there. */
        private List<Tile> tryAt(LdtkRule rule, int x, int y, int anchor) {
            if (!areas.relevant(rule, x, y) || !rule.modulo().admits(x, y)) {
                return null;
            }
            List<Tile> placed = new ArrayList<>(0);
            boolean matched = false;
            for (int flips = 0; flips < 4; flips++) {
                boolean mirrorX = (flips & 1) != 0;
                boolean mirrorY = (flips & 2) != 0;
                if (mirrorX && !rule.flipX() || mirrorY && !rule.flipY() || matched && rule.breakOnMatch()) {
                    continue;
                }
                if (matches(rule, x, y, mirrorX ? -1 : 1, mirrorY ? -1 : 1)) {
                    place(rule, x, y, flips, anchor, placed);
                    matched = true;
                }
            }
            return matched ? placed : null;
        }

        private boolean matches(LdtkRule rule, int cx, int cy, int dirX, int dirY) {
            if (rule.tileRects().isEmpty()) {
                return false;
            }
            double chance = rule.chance();
            if (chance <= 0 || chance < 1 && LdtkNoise.choice((long) seed + rule.uid(), cx, cy, 100) >= chance * 100) {
                return false;
            }
            LdtkRule.Perlin perlin = rule.perlin();
            if (perlin != null && LdtkNoise.perlin((long) seed + perlin.seed(), cx * perlin.scale(),
                    cy * perlin.scale(), perlin.octaves()) < 0) {
                return false;
            }
            int size = rule.size();
            int radius = rule.radius();
            for (int py = 0; py < size; py++) {
                for (int px = 0; px < size; px++) {
                    int wanted = rule.pattern().get(px + py * size);
                    if (wanted != 0 && !fits(rule, wanted, cx + dirX * (px - radius), cy + dirY * (py - radius))) {
                        return false;
                    }
                }
            }
            return true;
        }

        private boolean fits(LdtkRule rule, int wanted, int x, int y) {
            Integer read = x >= 0 && y >= 0 && x < grid.width() && y < grid.height() ? (Integer) grid.value(x, y)
                    : rule.outOfBoundsValue();
            if (read == null) {
                return false;
            }
            int value = read;
            int magnitude = Math.abs(wanted);
            if (magnitude == Rule.ANY_VALUE) {
                return wanted > 0 ? value != 0 : value == 0;
            }
            if (magnitude > 999) {
                Integer group = groupOf.get(value);
                int named = magnitude / 1000 - 1;
                return wanted > 0 ? group != null && group == named : group == null || group != named;
            }
            return wanted > 0 ? value == wanted : value != -wanted;
        }

        private void place(LdtkRule rule, int cx, int cy, int flips, int anchor, List<Tile> placed) {
            List<Integer> ids = rule.tileRects().get(LdtkNoise.choice((long) rule.uid() + seed + flips, cx, cy,
                    rule.tileRects().size()));
            int signX = (flips & 1) != 0 ? -1 : 1;
            int signY = (flips & 2) != 0 ? -1 : 1;
            int moveX = signX * (rule.offset().x() + random(rule, rule.offset().randomXMin(),
                    rule.offset().randomXMax(), (long) rule.uid() + seed + flips, cx, cy));
            int moveY = signY * (rule.offset().y() + random(rule, rule.offset().randomYMin(),
                    rule.offset().randomYMax(), (long) rule.uid() + seed + 1, cx, cy));
            int left = Integer.MAX_VALUE;
            int top = Integer.MAX_VALUE;
            int right = 0;
            int bottom = 0;
            for (int id : ids) {
                left = Math.min(left, id % atlas.columns());
                right = Math.max(right, id % atlas.columns());
                top = Math.min(top, id / atlas.columns());
                bottom = Math.max(bottom, id / atlas.columns());
            }
            for (int id : ids) {
                int x = cx * gridSize + moveX;
                int y = cy * gridSize + moveY;
                if (rule.stamp()) {
                    x += (int) ((id % atlas.columns() - left - rule.pivotX() * (right - left) + tilePivotX)
                            * gridSize) * signX;
                    y += (int) ((id / atlas.columns() - top - rule.pivotY() * (bottom - top) + tilePivotY)
                            * gridSize) * signY;
                }
                placed.add(new Tile(x, y, id, flips, rule.alpha(), rule.uid(), anchor));
            }
        }

        /** A rule without break-on-match still locks its anchor when an unmoved, opaque tile of it lies there. */
        private boolean covers(LdtkRule rule, List<Tile> placed) {
            if (rule.offset().any() || rule.alpha() < 1) {
                return false;
            }
            return placed.stream().anyMatch(t -> atlas.opaque().get(t.tileId()));
        }
    }

    private static int random(LdtkRule rule, int min, int max, long seed, int cx, int cy) {
        return min == 0 && max == 0 ? 0 : LdtkNoise.choice(seed, cx, cy, max - min + 1) + min;
    }

    /**
     * LDtk's relevance test ({@code isRelevantInLayerAt}): every value a rule names positively must be somewhere in
     * the 10x10 areas of the pattern's four corners (the cell's own area for a 1x1 rule), areas cut towards zero as
     * LDtk does. Values reached only as the out-of-bounds value fail it, as in LDtk.
     */
    private static final class Areas {
        private static final int SIZE = 10;
        /** Per value named (an IntGrid value, or a group's rule value), the areas holding it. */
        private final Map<Integer, BitSet> present = new HashMap<>();
        private final IntCells grid;
        private final Map<Integer, Integer> groupOf;
        private final int columns;

        Areas(IntCells grid, Map<Integer, Integer> groupOf) {
            this.grid = grid;
            this.groupOf = groupOf;
            this.columns = grid.width() / SIZE + 2;
            recount(new TileRect(0, 0, grid.width(), grid.height()));
        }

        /**
         * Reads the areas meeting a changed rectangle again.
         *
         * @return the areas (their cells) whose values changed
         */
        List<TileRect> recount(TileRect changed) {
            List<TileRect> moved = new ArrayList<>();
            int fromX = Math.max(0, changed.x()) / SIZE;
            int fromY = Math.max(0, changed.y()) / SIZE;
            int toX = (int) (Math.min(grid.width(), changed.right()) - 1) / SIZE;
            int toY = (int) (Math.min(grid.height(), changed.bottom()) - 1) / SIZE;
            for (int ay = fromY; ay <= toY; ay++) {
                for (int ax = fromX; ax <= toX; ax++) {
                    int area = ax + ay * columns;
                    java.util.Set<Integer> before = held(area);
                    present.values().forEach(areas -> areas.clear(area));
                    int right = Math.min(grid.width(), (ax + 1) * SIZE);
                    int bottom = Math.min(grid.height(), (ay + 1) * SIZE);
                    for (int y = ay * SIZE; y < bottom; y++) {
                        for (int x = ax * SIZE; x < right; x++) {
                            int value = grid.value(x, y);
                            if (value == 0) {
                                continue;
                            }
                            present.computeIfAbsent(value, v -> new BitSet()).set(area);
                            Integer group = groupOf.get(value);
                            if (group != null) {
                                present.computeIfAbsent((group + 1) * 1000, v -> new BitSet()).set(area);
                            }
                        }
                    }
                    if (!before.equals(held(area))) {
                        moved.add(new TileRect(ax * SIZE, ay * SIZE, right - ax * SIZE, bottom - ay * SIZE));
                    }
                }
            }
            return moved;
        }

        /** The values (and groups) an area holds. */
        private java.util.Set<Integer> held(int area) {
            java.util.Set<Integer> values = new java.util.HashSet<>();
            present.forEach((value, areas) -> {
                if (areas.get(area)) {
                    values.add(value);
                }
            });
            return values;
        }

        boolean relevant(LdtkRule rule, int cx, int cy) {
            int r = rule.size() <= 1 ? 0 : rule.radius();
            for (int wanted : rule.pattern()) {
                if (wanted <= 0 || wanted == Rule.ANY_VALUE) {
                    continue;
                }
                BitSet areas = present.get(wanted);
                if (areas == null || !(has(areas, cx - r, cy - r) || has(areas, cx + r, cy - r)
                        || has(areas, cx + r, cy + r) || has(areas, cx - r, cy + r))) {
                    return false;
                }
            }
            return true;
        }

        private boolean has(BitSet areas, int x, int y) {
            int ax = x / SIZE;
            int ay = y / SIZE;
            return ax < columns && areas.get(ax + ay * columns);
        }
    }
}
