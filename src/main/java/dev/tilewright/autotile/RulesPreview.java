package dev.tilewright.autotile;

import dev.tilewright.core.autotile.RuleSet;

/**
 * {@code POST /api/v1/rules/preview}: an IntGrid ({@code cells} row-major, 0 empty) and a rule set to apply to it.
 *
 * @param seed the layer seed random choices are made from (0 when absent)
 */
public record RulesPreview(int width, int height, int[] cells, RuleSet rules, Long seed) {

    /** The answer: tile id + 1 with Tiled's flip bits per cell, row-major, 0 where no rule placed a tile. */
    public record Result(int width, int height, long[] gids) {
    }
}
