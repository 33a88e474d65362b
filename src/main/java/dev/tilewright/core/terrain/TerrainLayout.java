package dev.tilewright.core.terrain;

import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.geom.Projection;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * Which parts of a cell a terrain brush decides, and which cells share each: the corners and edges of the squares of
 * an orthogonal or isometric map (Tiled's Wang ids in tile space), or the corners and sides of a staggered or
 * hexagonal map's cells as Tiled draws them (Tiled has no terrains there; Tilewright does).
 *
 * <p>A cell's part takes the index of Tiled's Wang id in the direction it lies from the cell's centre: 0 up, then
 * clockwise (1 up-right, 2 right, ..., 7 up-left). A pointy-topped hexagon (stagger axis y) has sides 1, 2, 3, 5, 6,
 * 7 and corners 0, 1, 3, 4, 5, 7; a flat-topped one (axis x) sides 0, 1, 3, 4, 5, 7 and corners 1, 2, 3, 5, 6, 7. A
 * staggered map's diamonds count in tile space, as an isometric map's do (the side up-right on the screen is 0), so
 * the same isometric tiles serve both. Two cells share a part where it lies at the same point of the screen. On
 * these cells tiles are placed as they are (no flips: a mirror of a hexagon's or a diamond's Wang id is not one of
 * the square's), and a mixed set is refused (a hexagon's corners and sides would share indexes).
 *
 * <p>{@code frontend/model/terrain.js} has the same layouts; both are held to {@code fixtures/terrain/}.
 */
public abstract sealed class TerrainLayout permits TerrainLayout.Squares, TerrainLayout.Cells {

    /** The parts of a set's type on squares: corners at odd indexes, edges at even ones. */
    static final int[] CORNERS = {1, 3, 5, 7};
    static final int[] EDGES = {0, 2, 4, 6};
    static final int[] ALL = {0, 1, 2, 3, 4, 5, 6, 7};

    /**
     * The layout of a map's cells for a set of this type ("corner", "edge" or "mixed"), refused (an
     * IllegalArgumentException saying why) where the cells have no such parts.
     */
    public static TerrainLayout of(Projection projection, String type) {
        return projection instanceof Hexagonal hex ? new Cells(hex, type) : squares(type);
    }

    /** The squares of orthogonal and isometric maps, for a set of this type. */
    public static TerrainLayout squares(String type) {
        return new Squares(switch (type) {
            case "corner" -> CORNERS;
            case "edge" -> EDGES;
            default -> ALL;
        });
    }

    /** The parts the set decides: indexes of its Wang ids. */
    abstract int[] parts();

    /** One key per part of the map: cells sharing a part give it the same key. */
    abstract long key(int x, int y, int part, int width, int height);

    /** The offsets of the other cells sharing a part of cell (x, y), in row order. */
    abstract int[][] sharers(int x, int y, int part);

    /** The offsets of the cells sharing any part with cell (x, y), and (0, 0), in row order. */
    abstract int[][] around(int x, int y);

    /** Whether tiles may be placed flipped (the tileset's allowed transformations then count). */
    abstract boolean flips();

    static final class Squares extends TerrainLayout {

        /** For each part, the neighbours (dx, dy) that share it, in row order. */
        private static final int[][][] SHARERS = {
                {{0, -1}},
                {{0, -1}, {1, -1}, {1, 0}},
                {{1, 0}},
                {{1, 0}, {0, 1}, {1, 1}},
                {{0, 1}},
                {{-1, 0}, {-1, 1}, {0, 1}},
                {{-1, 0}},
                {{-1, -1}, {0, -1}, {-1, 0}},
        };

        private static final int[][] AROUND = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {0, 0}, {1, 0}, {-1, 1}, {0, 1},
                {1, 1}};

        private final int[] parts;

        Squares(int[] parts) {
            this.parts = parts;
        }

        @Override
        int[] parts() {
            return parts;
        }

        /** Corners are the map's vertices, edges its horizontal then vertical cell sides. */
        @Override
        long key(int x, int y, int part, int width, int height) {
            long vertices = (long) (width + 1) * (height + 1);
            long across = (long) width * (height + 1);
            return switch (part) {
                case 7 -> (long) y * (width + 1) + x;
                case 1 -> (long) y * (width + 1) + x + 1;
                case 3 -> (long) (y + 1) * (width + 1) + x + 1;
                case 5 -> (long) (y + 1) * (width + 1) + x;
                case 0 -> vertices + (long) y * width + x;
                case 4 -> vertices + (long) (y + 1) * width + x;
                case 6 -> vertices + across + (long) y * (width + 1) + x;
                default -> vertices + across + (long) y * (width + 1) + x + 1;
            };
        }

        @Override
        int[][] sharers(int x, int y, int part) {
            return SHARERS[part];
        }

        @Override
        int[][] around(int x, int y) {
            return AROUND;
        }

        @Override
        boolean flips() {
            return true;
        }
    }

    static final class Cells extends TerrainLayout {

        private static final Comparator<int[]> ROW_ORDER = Comparator.<int[]>comparingInt(o -> o[1])
                .thenComparingInt(o -> o[0]);

        private final Hexagonal cells;
        /** The kind of part the set decides: 0 corners, 1 sides. */
        private final int kind;
        /** Per index: where the corner or the side's middle lies, doubled, from the cell's box; null when unused. */
        private final long[][] at = new long[8][];
        private final int[] parts;
        /** [parity][index]: the offsets of the cells sharing the part. */
        private final int[][][][] sharers = new int[2][8][][];
        private final int[][][] around = new int[2][][];

        Cells(Hexagonal cells, String type) {
            this.cells = cells;
            this.kind = switch (type) {
                case "corner" -> 0;
                case "edge" -> 1;
                default -> throw new IllegalArgumentException("A mixed Wang set needs square cells: on "
                        + (cells.sideLength() == 0 ? "staggered" : "hexagonal") + " maps a cell's corners and sides "
                        + "would share Wang id indexes; paint with a corner or an edge set.");
            };
            long[][] c = cells.corners();
            boolean diamonds = cells.sideLength() == 0;
            for (int i = 0; i < 8; i++) {
                long[] a = c[i];
                long[] b = c[(i + 1) % 8];
                if (kind == 0) {
                    place(new long[]{2 * a[0], 2 * a[1]}, diamonds);
                } else if (a[0] != b[0] || a[1] != b[1]) {
                    place(new long[]{a[0] + b[0], a[1] + b[1]}, diamonds);
                }
            }
            this.parts = java.util.stream.IntStream.range(0, 8).filter(i -> at[i] != null).toArray();
            for (int parity = 0; parity < 2; parity++) {
                int[] ref = reference(parity);
                TreeSet<int[]> all = new TreeSet<>(ROW_ORDER);
                all.add(new int[]{0, 0});
                for (int index : parts) {
                    long[] p = absolute(ref[0], ref[1], index);
                    List<int[]> found = new ArrayList<>();
                    for (int dy = -2; dy <= 2; dy++) {
                        for (int dx = -2; dx <= 2; dx++) {
                            if ((dx != 0 || dy != 0) && holdsAt(ref[0] + dx, ref[1] + dy, p)) {
                                found.add(new int[]{dx, dy});
                            }
                        }
                    }
                    sharers[parity][index] = found.toArray(int[][]::new);
                    all.addAll(found);
                }
                around[parity] = all.toArray(int[][]::new);
            }
        }

        /** Files a corner or side middle (doubled, from the box) under the index of its direction from the centre. */
        private void place(long[] p, boolean diamonds) {
            int sx = Long.signum(p[0] - cells.cellWidth());
            int sy = Long.signum(p[1] - cells.cellHeight());
            int screen = switch (sy * 3 + sx) {
                case -4 -> 7;
                case -3 -> 0;
                case -2 -> 1;
                case -1 -> 6;
                case 1 -> 2;
                case 2 -> 5;
                case 3 -> 4;
                case 4 -> 3;
                default -> throw new IllegalStateException("a part at the centre of a cell");
            };
            int index = diamonds ? (screen + 7) % 8 : screen;
            if (at[index] != null && !Arrays.equals(at[index], p)) {
                throw new IllegalArgumentException("Two " + (kind == 0 ? "corners" : "sides") + " of a "
                        + cells.tileWidth() + "x" + cells.tileHeight() + " px cell lie the same way from its centre.");
            }
            at[index] = p;
        }

        /** A cell of the given parity (1: shifted). */
        private int[] reference(int parity) {
            int i = (cells.shifted(0) ? 1 : 0) == parity ? 0 : 1;
            return cells.staggerX() ? new int[]{i, 0} : new int[]{0, i};
        }

        private long[] absolute(int x, int y, int index) {
            PixelBox box = cells.cellBox(x, y);
            return new long[]{2 * box.x() + at[index][0], 2 * box.y() + at[index][1]};
        }

        private boolean holdsAt(int x, int y, long[] p) {
            for (int index : parts) {
                if (Arrays.equals(absolute(x, y, index), p)) {
                    return true;
                }
            }
            return false;
        }

        private int parity(int x, int y) {
            return cells.shifted(cells.staggerX() ? x : y) ? 1 : 0;
        }

        @Override
        int[] parts() {
            return parts;
        }

        /** The part's point on the screen, doubled (cells sharing it give it one key). */
        @Override
        long key(int x, int y, int part, int width, int height) {
            long[] p = absolute(x, y, part);
            return ((p[0] + (1L << 30)) << 32) | (p[1] + (1L << 30));
        }

        @Override
        int[][] sharers(int x, int y, int part) {
            return sharers[parity(x, y)][part];
        }

        @Override
        int[][] around(int x, int y) {
            return around[parity(x, y)];
        }

        @Override
        boolean flips() {
            return false;
        }
    }
}
