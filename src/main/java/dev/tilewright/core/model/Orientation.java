package dev.tilewright.core.model;

import java.util.Locale;

/**
 * How a map's cells are laid out, as Tiled names it: orthogonal rectangles, isometric diamonds, staggered diamonds
 * (rows or columns shifted by half a tile), or hexagons (Tiled's {@code hexsidelength}: the length of the sides
 * along the stagger axis; 0 gives staggered's diamonds). The stagger axis and index matter to staggered and
 * hexagonal maps only, and are kept only there, as Tiled writes them.
 *
 * @param kind          the layout
 * @param staggerX      whether columns (x) rather than rows (y) are shifted
 * @param staggerEven   whether the even rather than the odd rows (columns) are shifted
 * @param hexSideLength a hexagonal map's side length in pixels (0 elsewhere)
 */
public record Orientation(Kind kind, boolean staggerX, boolean staggerEven, int hexSideLength) {

    /** The largest side length kept (Tiled allows any; a side longer than a tile is meaningless). */
    public static final int MAX_SIDE = 1 << 16;

    public static final Orientation ORTHOGONAL = new Orientation(Kind.ORTHOGONAL, false, false, 0);
    public static final Orientation ISOMETRIC = new Orientation(Kind.ISOMETRIC, false, false, 0);

    /** The layouts Tiled has (its fifth, oblique, is not read yet). */
    public enum Kind {
        ORTHOGONAL, ISOMETRIC, STAGGERED, HEXAGONAL;

        /** Whether rows or columns are shifted by half a cell. */
        public boolean staggers() {
            return this == STAGGERED || this == HEXAGONAL;
        }

        /** The name Tiled's files give it. */
        public String fileName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The kind a file names, or null when there is none of that name. */
        public static Kind named(String name) {
            for (Kind kind : values()) {
                if (kind.fileName().equals(name)) {
                    return kind;
                }
            }
            return null;
        }
    }

    public Orientation {
        if (kind == null) {
            kind = Kind.ORTHOGONAL;
        }
        if (!kind.staggers()) {
            staggerX = false;
            staggerEven = false;
        }
        if (kind != Kind.HEXAGONAL) {
            hexSideLength = 0;
        }
        if (hexSideLength < 0 || hexSideLength > MAX_SIDE) {
            throw new IllegalArgumentException("a hexagon's side length is 0 to " + MAX_SIDE + " pixels, was "
                    + hexSideLength);
        }
    }

    /** The orientation a file's attributes describe (axis "x" or "y", index "odd" or "even"; null: Tiled's). */
    public static Orientation of(String orientation, String staggerAxis, String staggerIndex, int hexSideLength) {
        Kind kind = Kind.named(orientation);
        if (kind == null) {
            throw new IllegalArgumentException("orientation is orthogonal, isometric, staggered or hexagonal, was '"
                    + orientation + "'");
        }
        if (staggerAxis != null && !staggerAxis.equals("x") && !staggerAxis.equals("y")) {
            throw new IllegalArgumentException("stagger axis is x or y, was '" + staggerAxis + "'");
        }
        if (staggerIndex != null && !staggerIndex.equals("odd") && !staggerIndex.equals("even")) {
            throw new IllegalArgumentException("stagger index is odd or even, was '" + staggerIndex + "'");
        }
        return new Orientation(kind, "x".equals(staggerAxis), "even".equals(staggerIndex), hexSideLength);
    }

    /** Whether rows or columns are shifted (staggered and hexagonal maps). */
    public boolean staggers() {
        return kind.staggers();
    }

    public String staggerAxis() {
        return staggerX ? "x" : "y";
    }

    public String staggerIndex() {
        return staggerEven ? "even" : "odd";
    }

    public boolean orthogonal() {
        return kind == Kind.ORTHOGONAL;
    }
}
