package dev.tilewright.core.model;

import java.util.Locale;

/**
 * How a map's cells are laid out, as Tiled names it: orthogonal rectangles, isometric diamonds, staggered diamonds
 * (rows or columns shifted by half a tile), hexagons (Tiled's {@code hexsidelength}: the length of the sides
 * along the stagger axis; 0 gives staggered's diamonds), or oblique parallelograms (Tiled 1.12's {@code skewx} and
 * {@code skewy}: each row lies {@code skewX} pixels right of the one above, each column {@code skewY} below the one
 * left of it). The stagger axis and index matter to staggered and hexagonal maps only, and are kept only there, as
 * Tiled writes them; the skews are kept whatever the layout (Tiled writes them whenever they are not 0) and matter
 * to oblique maps only.
 *
 * @param kind          the layout
 * @param staggerX      whether columns (x) rather than rows (y) are shifted
 * @param staggerEven   whether the even rather than the odd rows (columns) are shifted
 * @param hexSideLength a hexagonal map's side length in pixels (0 elsewhere)
 * @param skewX         pixels a row lies right of the row above it (oblique maps)
 * @param skewY         pixels a column lies below the column left of it (oblique maps)
 */
public record Orientation(Kind kind, boolean staggerX, boolean staggerEven, int hexSideLength, int skewX,
                          int skewY) {

    /** The largest side length kept (Tiled allows any; a side longer than a tile is meaningless). */
    public static final int MAX_SIDE = 1 << 16;

    public static final Orientation ORTHOGONAL = new Orientation(Kind.ORTHOGONAL, false, false, 0);
    public static final Orientation ISOMETRIC = new Orientation(Kind.ISOMETRIC, false, false, 0);

    /**
     * The largest skew kept, either way: a new map's largest tile side (Tiled allows any; a skew past both of a
     * tile's sides flips the cell), so that the sheared map's box of 65,536 x 65,536 tiles stays within an int.
     */
    public static final int MAX_SKEW = 4096;

    /** The layouts Tiled has. */
    public enum Kind {
        ORTHOGONAL, ISOMETRIC, STAGGERED, HEXAGONAL, OBLIQUE;

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
        if (skewX < -MAX_SKEW || skewX > MAX_SKEW || skewY < -MAX_SKEW || skewY > MAX_SKEW) {
            throw new IllegalArgumentException("a skew is -" + MAX_SKEW + " to " + MAX_SKEW + " pixels, was "
                    + skewX + ", " + skewY);
        }
    }

    /** A layout without skews. */
    public Orientation(Kind kind, boolean staggerX, boolean staggerEven, int hexSideLength) {
        this(kind, staggerX, staggerEven, hexSideLength, 0, 0);
    }

    /** This layout with other skews (Tiled's {@code skewx}, {@code skewy}). */
    public Orientation withSkew(int x, int y) {
        return new Orientation(kind, staggerX, staggerEven, hexSideLength, x, y);
    }

    /** The orientation a file's attributes describe (axis "x" or "y", index "odd" or "even"; null: Tiled's). */
    public static Orientation of(String orientation, String staggerAxis, String staggerIndex, int hexSideLength) {
        Kind kind = Kind.named(orientation);
        if (kind == null) {
            throw new IllegalArgumentException("orientation is orthogonal, isometric, staggered, hexagonal or oblique, "
                    + "was '" + orientation + "'");
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
