package dev.tilewright.core.model;

/**
 * Global tile ids as Tiled writes them: an unsigned 32-bit value, 0 meaning "no tile", whose top four bits are
 * flags and whose low 28 bits name a tile across all tilesets of a map. The tileset of a gid is the one with the
 * largest {@code firstGid <= gid & ID_MASK}. This class is the one place that knows the bit layout.
 */
public final class Gid {

    public static final int EMPTY = 0;
    public static final int FLIP_HORIZONTAL = 0x80000000;
    public static final int FLIP_VERTICAL = 0x40000000;
    public static final int FLIP_DIAGONAL = 0x20000000;
    /** Rotates hexagonal tiles by 120 degrees; kept and exported, meaningless for orthogonal maps. */
    public static final int ROTATE_HEXAGONAL_120 = 0x10000000;
    public static final int FLAG_MASK = FLIP_HORIZONTAL | FLIP_VERTICAL | FLIP_DIAGONAL | ROTATE_HEXAGONAL_120;
    public static final int ID_MASK = ~FLAG_MASK;

    private Gid() {
    }

    /** The tile id without its flip flags. */
    public static int id(int gid) {
        return gid & ID_MASK;
    }

    public static int flags(int gid) {
        return gid & FLAG_MASK;
    }

    public static int of(int id, int flags) {
        if ((id & FLAG_MASK) != 0 || id < 0) {
            throw new IllegalArgumentException("tile id " + Integer.toUnsignedString(id) + " does not fit in 28 bits");
        }
        if ((flags & ID_MASK) != 0) {
            throw new IllegalArgumentException("flags 0x" + Integer.toHexString(flags) + " are not flip bits");
        }
        return id | flags;
    }

    public static boolean isEmpty(int gid) {
        return id(gid) == EMPTY;
    }

    public static boolean flippedHorizontally(int gid) {
        return (gid & FLIP_HORIZONTAL) != 0;
    }

    public static boolean flippedVertically(int gid) {
        return (gid & FLIP_VERTICAL) != 0;
    }

    public static boolean flippedDiagonally(int gid) {
        return (gid & FLIP_DIAGONAL) != 0;
    }

    /** The gid as the unsigned decimal number Tiled writes, e.g. {@code 2147483649} for tile 1 flipped horizontally. */
    public static String toUnsignedString(int gid) {
        return Integer.toUnsignedString(gid);
    }

    /** Parses an unsigned 32-bit gid; values outside 0..4294967295 are refused. */
    public static int parseUnsigned(long value) {
        if (value < 0 || value > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("gid " + value + " is outside 0..4294967295");
        }
        return (int) value;
    }
}
