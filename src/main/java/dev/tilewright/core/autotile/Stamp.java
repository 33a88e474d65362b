package dev.tilewright.core.autotile;

import java.util.List;

/**
 * Several tiles placed around a matching cell: {@code width x height} tile ids row-major ({@code -1}: no tile there),
 * the cell at {@code (pivotX, pivotY)} of the stamp landing on the matching cell. Pivots are fractions of the stamp
 * as LDtk gives them (0 left/top, 1 right/bottom), rounded to a stamp cell.
 */
public record Stamp(int width, int height, List<Integer> tileIds, Double pivotX, Double pivotY) {

    public Stamp {
        tileIds = tileIds == null ? List.of() : List.copyOf(tileIds);
        pivotX = pivotX == null ? 0.0 : pivotX;
        pivotY = pivotY == null ? 0.0 : pivotY;
    }

    /** The stamp column that lands on the matching cell. */
    public int pivotColumn() {
        return (int) Math.round(pivotX * (width - 1));
    }

    public int pivotRow() {
        return (int) Math.round(pivotY * (height - 1));
    }
}
