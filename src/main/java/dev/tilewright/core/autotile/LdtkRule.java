package dev.tilewright.core.autotile;

import java.util.List;

/**
 * One auto-layer rule as LDtk 1.5 holds it, every field its evaluation reads ({@link LdtkAutoLayer} runs them).
 *
 * @param uid               the rule's id in the project: it seeds the rule's choices and names the rule in baked tiles
 * @param size              the pattern's side: odd, 1 to 9
 * @param pattern           {@code size * size} values row-major: 0 any, {@code v} the value v, {@code -v} not v,
 *                          {@code (g+1)*1000} a value of group g (negated: none of it), {@link Rule#ANY_VALUE} any
 *                          non-empty value (negated: empty)
 * @param tileRects         the choices: one is picked per match; each a list of tile ids placed together
 * @param stamp             LDtk's tile mode Stamp: a choice's tiles keep their layout in the tileset around the cell,
 *                          placed by the pivot; Single: all at the cell
 * @param outOfBoundsValue  what cells outside the grid read as; null: a pattern cell there fails the match
 * @param modulo            which cells the rule is tried at
 * @param offset            where its tiles are moved from the cell, in pixels, fixed and random
 * @param perlin            noise that switches the rule off where it is below zero; null when not active
 */
public record LdtkRule(int uid, boolean active, int size, List<Integer> pattern, List<List<Integer>> tileRects,
                       boolean stamp, double pivotX, double pivotY, double alpha, double chance,
                       boolean breakOnMatch, boolean flipX, boolean flipY, Integer outOfBoundsValue, Modulo modulo,
                       TileOffset offset, Perlin perlin) {

    /** LDtk's largest pattern. */
    public static final int MAX_SIZE = 9;

    public LdtkRule {
        pattern = List.copyOf(pattern);
        tileRects = tileRects.stream().map(List::copyOf).toList();
        modulo = modulo == null ? Modulo.NONE : modulo;
        offset = offset == null ? TileOffset.NONE : offset;
    }

    /** LDtk's checker modes: alternate rows (or columns) of a modulo are shifted by one cell. */
    public enum Checker { NONE, HORIZONTAL, VERTICAL }

    /** Cells where {@code (x - xOffset) mod x == 0} and the same for y, with LDtk's checker shift. */
    public record Modulo(int x, int y, int xOffset, int yOffset, Checker checker) {
        public static final Modulo NONE = new Modulo(1, 1, 0, 0, Checker.NONE);

        public Modulo {
            checker = checker == null ? Checker.NONE : checker;
        }

        boolean admits(int cx, int cy) {
            if (checker != Checker.VERTICAL ? (cy - yOffset) % y != 0 : (cy + (cx / x) % 2) % y != 0) {
                return false;
            }
            return checker != Checker.HORIZONTAL ? (cx - xOffset) % x == 0 : (cx + (cy / y) % 2) % x == 0;
        }
    }

    /** A fixed move of the rule's tiles and a random one per cell (inclusive ranges), in pixels. */
    public record TileOffset(int x, int y, int randomXMin, int randomXMax, int randomYMin, int randomYMax) {
        public static final TileOffset NONE = new TileOffset(0, 0, 0, 0, 0, 0);

        boolean any() {
            return !equals(NONE);
        }
    }

    /** LDtk's perlin filter: the rule applies where the noise at {@code (x, y) * scale} is not below zero. */
    public record Perlin(int seed, double scale, int octaves) {
    }

    int radius() {
        return size / 2;
    }
}
