package dev.tilewright.core.autotile;

import java.util.List;

/**
 * One auto-layer rule in LDtk's encoding.
 *
 * @param id           what the rule's random choices are seeded with (so reordering rules keeps them); its position in
 *                     the set when absent
 * @param size         the pattern's side: 1, 3, 5 or 7
 * @param pattern      {@code size * size} ints row-major, centred on the cell: 0 any value, {@code v} the value v,
 *                     {@code -v} not v, {@link #ANY_VALUE} any non-empty value, {@code -ANY_VALUE} empty
 * @param tileIds      tiles of the target tileset (local ids), one picked per matching cell; or
 * @param stamp        tiles placed around the matching cell
 * @param chance       the probability, 0..1, that a matching cell is taken (1 when absent)
 * @param flipX        the pattern also matches mirrored left-right, placing its tile mirrored
 * @param flipY        the same top-bottom
 * @param xModulo      only cells whose {@code x - xOffset} is a multiple of it (1 when absent)
 * @param breakOnMatch a cell this rule took is not offered to later rules (true when absent)
 */
public record Rule(Integer id, int size, List<Integer> pattern, List<Integer> tileIds, Stamp stamp, Double chance,
                   Boolean flipX, Boolean flipY, Integer xModulo, Integer yModulo, Integer xOffset, Integer yOffset,
                   Boolean breakOnMatch) {

    /** Pattern value: any non-empty cell; negated, an empty cell. */
    public static final int ANY_VALUE = 1_000_001;
    /** Largest IntGrid value a pattern can name. */
    public static final int MAX_VALUE = dev.tilewright.core.model.TileLayer.MAX_INTGRID_VALUE;

    public Rule {
        pattern = pattern == null ? List.of() : List.copyOf(pattern);
        tileIds = tileIds == null ? List.of() : List.copyOf(tileIds);
        chance = chance == null ? 1.0 : chance;
        flipX = flipX != null && flipX;
        flipY = flipY != null && flipY;
        xModulo = xModulo == null ? 1 : xModulo;
        yModulo = yModulo == null ? 1 : yModulo;
        xOffset = xOffset == null ? 0 : xOffset;
        yOffset = yOffset == null ? 0 : yOffset;
        breakOnMatch = breakOnMatch == null || breakOnMatch;
    }

    /** A plain rule: pattern and tiles, the rest as absent. */
    public static Rule of(int size, List<Integer> pattern, List<Integer> tileIds) {
        return new Rule(null, size, pattern, tileIds, null, null, null, null, null, null, null, null, null);
    }
}
