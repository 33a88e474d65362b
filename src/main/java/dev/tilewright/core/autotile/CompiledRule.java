package dev.tilewright.core.autotile;

import dev.tilewright.core.model.Gid;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** One rule checked and made ready: its pattern as tests (the centre first), once per mirror it allows. */
final class CompiledRule {

    final long uid;
    final int size;
    final double chance;
    final boolean breakOnMatch;
    final int reach;
    private final int xModulo;
    private final int yModulo;
    private final int xOffset;
    private final int yOffset;
    private final int[] tiles;
    final Variant[] variants;
    /**
     * Every variant, those that read as an earlier one on squares too: on a staggered map a mirror along the shift
     * moves its odd rows, so it may read otherwise there.
     */
    final Variant[] every;

    /**
     * The pattern as placed: tests {@code window[at + offset] == want} (or {@code !=} where {@code different}), the
     * flip bits placed tiles get, and a stamp's cells relative to the matching cell with their tiles.
     */
    static final class Variant {
        final int[] dx;
        final int[] dy;
        final int[] want;
        final boolean[] different;
        final int flags;
        final int[] stampDx;
        final int[] stampDy;
        final int[] stampTile;

        Variant(int[] dx, int[] dy, int[] want, boolean[] different, int flags, int[] stampDx, int[] stampDy,
                int[] stampTile) {
            this.dx = dx;
            this.dy = dy;
            this.want = want;
            this.different = different;
            this.flags = flags;
            this.stampDx = stampDx;
            this.stampDy = stampDy;
            this.stampTile = stampTile;
        }

        boolean samePattern(Variant other) {
            return Arrays.equals(dx, other.dx) && Arrays.equals(dy, other.dy) && Arrays.equals(want, other.want)
                    && Arrays.equals(different, other.different);
        }
    }

    private CompiledRule(Rule rule, long uid, int[] tiles, Variant[] variants, Variant[] every, int reach) {
        this.every = every;
        this.uid = uid;
        this.size = rule.size();
        this.chance = rule.chance();
        this.breakOnMatch = rule.breakOnMatch();
        this.xModulo = rule.xModulo();
        this.yModulo = rule.yModulo();
        this.xOffset = rule.xOffset();
        this.yOffset = rule.yOffset();
        this.tiles = tiles;
        this.variants = variants;
        this.reach = reach;
    }

    static CompiledRule of(Rule rule, long uid, String at) {
        int size = rule.size();
        if (size != 1 && size != 3 && size != 5 && size != 7) {
            throw new InvalidRulesException(at + ".size", "A pattern's size is 1, 3, 5 or 7, not " + size + ".");
        }
        if (rule.pattern().size() != size * size) {
            throw new InvalidRulesException(at + ".pattern", "A pattern of size " + size + " has " + size * size
                    + " values (row-major), not " + rule.pattern().size() + ".");
        }
        for (int i = 0; i < rule.pattern().size(); i++) {
            Integer v = rule.pattern().get(i);
            if (v == null || v != 0 && Math.abs((long) v) != Rule.ANY_VALUE && Math.abs((long) v) > Rule.MAX_VALUE) {
                throw new InvalidRulesException(at + ".pattern[" + i + "]", "A pattern value is 0 (any), v or -v for "
                        + "an IntGrid value 1.." + Rule.MAX_VALUE + ", or +-" + Rule.ANY_VALUE + " (any non-empty / "
                        + "empty), not " + v + ".");
            }
        }
        double chance = rule.chance();
        if (!(chance >= 0 && chance <= 1)) {
            throw new InvalidRulesException(at + ".chance", "chance is 0 to 1, not " + chance + ".");
        }
        modulo(rule.xModulo(), at + ".xModulo");
        modulo(rule.yModulo(), at + ".yModulo");
        boolean hasTiles = !rule.tileIds().isEmpty();
        if (hasTiles == (rule.stamp() != null)) {
            throw new InvalidRulesException(at + ".tileIds", "A rule places tileIds (one picked per cell) or a stamp: "
                    + "give exactly one of them.");
        }
        int[] tiles = new int[rule.tileIds().size()];
        for (int i = 0; i < tiles.length; i++) {
            tiles[i] = tile(rule.tileIds().get(i), at + ".tileIds[" + i + "]");
        }
        Stamp stamp = rule.stamp();
        int reach = 0;
        if (stamp != null) {
            checkStamp(stamp, at + ".stamp");
            reach = Math.max(Math.max(stamp.pivotColumn(), stamp.width() - 1 - stamp.pivotColumn()),
                    Math.max(stamp.pivotRow(), stamp.height() - 1 - stamp.pivotRow()));
        }
        List<Variant> variants = new ArrayList<>();
        variants.add(variant(rule, false, false));
        if (rule.flipX()) {
            variants.add(variant(rule, true, false));
        }
        if (rule.flipY()) {
            variants.add(variant(rule, false, true));
        }
        if (rule.flipX() && rule.flipY()) {
            variants.add(variant(rule, true, true));
        }
        // a mirror that reads as an earlier one never gets to place: the earlier is tried first
        List<Variant> distinct = new ArrayList<>();
        for (Variant v : variants) {
            if (distinct.stream().noneMatch(v::samePattern)) {
                distinct.add(v);
            }
        }
        return new CompiledRule(rule, uid, tiles, distinct.toArray(Variant[]::new), variants.toArray(Variant[]::new),
                reach);
    }

    private static void modulo(int modulo, String field) {
        if (modulo < 1 || modulo > Autotiler.MAX_MODULO) {
            throw new InvalidRulesException(field, "A modulo is 1 to " + Autotiler.MAX_MODULO + ", not " + modulo + ".");
        }
    }

    private static int tile(Integer id, String field) {
        if (id == null || id < 0 || id >= Gid.ID_MASK) {
            throw new InvalidRulesException(field, "A tile id is a tile of the target tileset, 0 or more, not " + id
                    + ".");
        }
        return id + 1;
    }

    private static void checkStamp(Stamp stamp, String at) {
        if (stamp.width() < 1 || stamp.height() < 1 || stamp.width() > Autotiler.MAX_STAMP
                || stamp.height() > Autotiler.MAX_STAMP) {
            throw new InvalidRulesException(at + ".width", "A stamp is 1 to " + Autotiler.MAX_STAMP + " cells on a "
                    + "side, not " + stamp.width() + "x" + stamp.height() + ".");
        }
        if (stamp.tileIds().size() != stamp.width() * stamp.height()) {
            throw new InvalidRulesException(at + ".tileIds", "A " + stamp.width() + "x" + stamp.height() + " stamp has "
                    + stamp.width() * stamp.height() + " tile ids (row-major, -1 where it places none), not "
                    + stamp.tileIds().size() + ".");
        }
        boolean any = false;
        for (int i = 0; i < stamp.tileIds().size(); i++) {
            Integer id = stamp.tileIds().get(i);
            if (id == null || id != -1) {
                tile(id, at + ".tileIds[" + i + "]");
                any = true;
            }
        }
        if (!any) {
            throw new InvalidRulesException(at + ".tileIds", "A stamp places at least one tile.");
        }
        for (double pivot : new double[]{stamp.pivotX(), stamp.pivotY()}) {
            if (!(pivot >= 0 && pivot <= 1)) {
                throw new InvalidRulesException(at + (pivot == stamp.pivotX() ? ".pivotX" : ".pivotY"),
                        "A pivot is 0 (left, top) to 1 (right, bottom), not " + pivot + ".");
            }
        }
    }

    private static Variant variant(Rule rule, boolean mirrorX, boolean mirrorY) {
        int size = rule.size();
        int half = size / 2;
        List<int[]> tests = new ArrayList<>();
        for (int py = 0; py < size; py++) {
            for (int px = 0; px < size; px++) {
                int v = rule.pattern().get(py * size + px);
                if (v == 0) {
                    continue;
                }
                int dx = (mirrorX ? size - 1 - px : px) - half;
                int dy = (mirrorY ? size - 1 - py : py) - half;
                boolean different = v < 0 && v != -Rule.ANY_VALUE || v == Rule.ANY_VALUE;
                int want = Math.abs(v) == Rule.ANY_VALUE ? 0 : Math.abs(v);
                tests.add(new int[]{dx, dy, want, different ? 1 : 0});
            }
        }
        // the centre first: it decides most cells at once
        tests.sort((a, b) -> Boolean.compare(a[0] != 0 || a[1] != 0, b[0] != 0 || b[1] != 0));
        int n = tests.size();
        int[] dx = new int[n];
        int[] dy = new int[n];
        int[] want = new int[n];
        boolean[] different = new boolean[n];
        for (int i = 0; i < n; i++) {
            int[] t = tests.get(i);
            dx[i] = t[0];
            dy[i] = t[1];
            want[i] = t[2];
            different[i] = t[3] == 1;
        }
        int flags = (mirrorX ? Gid.FLIP_HORIZONTAL : 0) | (mirrorY ? Gid.FLIP_VERTICAL : 0);
        Stamp stamp = rule.stamp();
        if (stamp == null) {
            return new Variant(dx, dy, want, different, flags, null, null, null);
        }
        List<int[]> cells = new ArrayList<>();
        for (int sy = 0; sy < stamp.height(); sy++) {
            for (int sx = 0; sx < stamp.width(); sx++) {
                int id = stamp.tileIds().get(sy * stamp.width() + sx);
                if (id != -1) {
                    int ox = sx - stamp.pivotColumn();
                    int oy = sy - stamp.pivotRow();
                    cells.add(new int[]{mirrorX ? -ox : ox, mirrorY ? -oy : oy, (id + 1) | flags});
                }
            }
        }
        return new Variant(dx, dy, want, different, flags, cells.stream().mapToInt(c -> c[0]).toArray(),
                cells.stream().mapToInt(c -> c[1]).toArray(), cells.stream().mapToInt(c -> c[2]).toArray());
    }

    /** Each variant's test offsets in a window of the given row length. */
    int[][] offsets(int stride) {
        return offsets(stride, null, false);
    }

    /**
     * Each variant's test offsets in a window of the given row length, on a staggered or hexagonal map's cells at a
     * cell of a shifted row (column) or not ({@link Autotiler.Stagger#along}).
     */
    int[][] offsets(int stride, Autotiler.Stagger stagger, boolean shifted) {
        Variant[] tried = variants(stagger);
        int[][] offsets = new int[tried.length][];
        for (int v = 0; v < tried.length; v++) {
            Variant variant = tried[v];
            offsets[v] = new int[variant.dx.length];
            for (int i = 0; i < variant.dx.length; i++) {
                int[] at = Autotiler.Stagger.along(stagger, variant.dx[i], variant.dy[i], variant.flags, shifted);
                offsets[v][i] = at[1] * stride + at[0];
            }
        }
        return offsets;
    }

    boolean onModulo(int x, int y) {
        return (xModulo == 1 || Math.floorMod(x - xOffset, xModulo) == 0)
                && (yModulo == 1 || Math.floorMod(y - yOffset, yModulo) == 0);
    }

    /** The variants tried, in order: on squares those that read differently, on staggered cells every one. */
    Variant[] variants(Autotiler.Stagger stagger) {
        return stagger == null ? variants : every;
    }

    /** The first variant whose pattern fits the window around {@code at}, or null. */
    Variant match(int[] window, int at, int[][] offsets) {
        return match(window, at, offsets, null);
    }

    /** {@link #match(int[], int, int[][])} with the offsets made for this stagger. */
    Variant match(int[] window, int at, int[][] offsets, Autotiler.Stagger stagger) {
        Variant[] tried = variants(stagger);
        for (int v = 0; v < tried.length; v++) {
            Variant variant = tried[v];
            int[] offset = offsets[v];
            int[] want = variant.want;
            boolean[] different = variant.different;
            boolean fits = true;
            for (int i = 0; i < offset.length; i++) {
                if ((window[at + offset[i]] == want[i]) == different[i]) {
                    fits = false;
                    break;
                }
            }
            if (fits) {
                return variant;
            }
        }
        return null;
    }

    /** The tile a single-tile rule places at a cell. */
    int tile(Variant variant, long seed, int x, int y) {
        return tiles[Seeds.pick(seed, uid, x, y, tiles.length)] | variant.flags;
    }
}
