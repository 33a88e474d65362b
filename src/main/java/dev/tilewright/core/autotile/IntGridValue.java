package dev.tilewright.core.autotile;

/**
 * A value IntGrid cells can hold, as a project names it: {@code 1 wall}, {@code 2 water}, with the colour the editor
 * paints it in ({@code #rrggbb}).
 */
public record IntGridValue(int value, String name, String color) {
}
