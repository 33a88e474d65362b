package dev.tilewright.core.model;

import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.geom.Isometric;
import dev.tilewright.core.geom.Oblique;
import dev.tilewright.core.geom.Orthogonal;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.Projection;

import java.util.Objects;
import java.util.Set;

/**
 * What Tiled keeps on a map besides its size, tiles and layers: its class (Tiled 1.9), the order its tile layers'
 * tiles are drawn in, and the parallax origin (Tiled 1.8): the point of the map at which layers with parallax factors
 * are where they would be without them.
 *
 * @param renderOrder right-down (Tiled's default), right-up, left-down or left-up: row by row, in that direction;
 *                    matters where tiles are larger than their cells and overlap
 * @param infinite    whether Tiled sees the map as infinite: it is stored as the rectangle its content covers (the
 *                    map's offset its place) and exported infinite, in chunks (16x16 unless {@code editor} says
 *                    otherwise) where it has tiles
 * @param editor      Tiled's {@code <editorsettings>}: the chunk size of an infinite map, the export target
 * @param orientation how the cells are laid out (null: orthogonal; settings kept before other layouts name none)
 */
public record MapSettings(String className, String renderOrder, Position parallaxOrigin, Boolean infinite,
                          Editor editor, Orientation orientation) {

    /**
     * What Tiled keeps for its editor with a map: the size of an infinite map's chunks (null: Tiled's 16x16), where
     * and as what "Export" writes it (nulls: none), and the width and height an infinite map's file states, which
     * Tiled keeps though its chunks say where the tiles are (nulls: the size of what the map holds).
     */
    public record Editor(Integer chunkWidth, Integer chunkHeight, String exportTarget, String exportFormat,
                         Integer statedWidth, Integer statedHeight) {
        public static final Editor NONE = new Editor(null, null, null, null);
        /** Tiled's chunk size, and the largest one kept. */
        public static final int CHUNK = 16;
        public static final int MAX_CHUNK = 1024;

        public Editor {
            if (chunkWidth != null && chunkHeight != null && chunkWidth == CHUNK && chunkHeight == CHUNK) {
                chunkWidth = null; // Tiled's own size is no setting
                chunkHeight = null;
            }
            if (chunkWidth == null ^ chunkHeight == null) {
                throw new IllegalArgumentException("a chunk size has a width and a height");
            }
            if (chunkWidth != null && (chunkWidth < 1 || chunkHeight < 1 || chunkWidth > MAX_CHUNK
                    || chunkHeight > MAX_CHUNK)) {
                throw new IllegalArgumentException("a chunk's sides are 1 to " + MAX_CHUNK + " tiles, was "
                        + chunkWidth + "x" + chunkHeight);
            }
            exportTarget = exportTarget == null || exportTarget.isEmpty() ? null : exportTarget;
            exportFormat = exportFormat == null || exportFormat.isEmpty() ? null : exportFormat;
            if (statedWidth == null ^ statedHeight == null || statedWidth != null && (statedWidth < 0 || statedHeight < 0)) {
                throw new IllegalArgumentException("an infinite map states a width and a height of 0 or more");
            }
        }

        public Editor(Integer chunkWidth, Integer chunkHeight, String exportTarget, String exportFormat) {
            this(chunkWidth, chunkHeight, exportTarget, exportFormat, null, null);
        }

        /** These settings with the size an infinite map's file states (Tiled keeps it beside the chunks). */
        public Editor withStated(Integer width, Integer height) {
            return new Editor(chunkWidth, chunkHeight, exportTarget, exportFormat, width, height);
        }

        public int chunkW() {
            return chunkWidth == null ? CHUNK : chunkWidth;
        }

        public int chunkH() {
            return chunkHeight == null ? CHUNK : chunkHeight;
        }

        public boolean isNone() {
            return equals(NONE);
        }
    }

    private static final Set<String> RENDER_ORDERS = Set.of("right-down", "right-up", "left-down", "left-up");

    public static final MapSettings DEFAULT = new MapSettings("", "right-down", Position.ORIGIN, false, null,
            Orientation.ORTHOGONAL);

    public MapSettings {
        className = Objects.requireNonNullElse(className, "");
        renderOrder = Objects.requireNonNullElse(renderOrder, "right-down");
        if (!RENDER_ORDERS.contains(renderOrder)) {
            throw new IllegalArgumentException("render order is right-down, right-up, left-down or left-up, was '"
                    + renderOrder + "'");
        }
        parallaxOrigin = Objects.requireNonNullElse(parallaxOrigin, Position.ORIGIN);
        // settings kept before maps could be infinite do not name it
        infinite = Boolean.TRUE.equals(infinite);
        editor = editor == null || editor.isNone() ? null : editor;
        orientation = Objects.requireNonNullElse(orientation, Orientation.ORTHOGONAL);
    }

    public MapSettings(String className, String renderOrder, Position parallaxOrigin, Boolean infinite,
                       Editor editor) {
        this(className, renderOrder, parallaxOrigin, infinite, editor, Orientation.ORTHOGONAL);
    }

    public MapSettings(String className, String renderOrder, Position parallaxOrigin) {
        this(className, renderOrder, parallaxOrigin, false, null);
    }

    public MapSettings(String className, String renderOrder, Position parallaxOrigin, Boolean infinite) {
        this(className, renderOrder, parallaxOrigin, infinite, null);
    }

    /** The editor settings, {@link Editor#NONE} when there are none. */
    public Editor editorSettings() {
        return editor == null ? Editor.NONE : editor;
    }

    public MapSettings withEditor(Editor next) {
        return new MapSettings(className, renderOrder, parallaxOrigin, infinite, next, orientation);
    }

    public MapSettings withOrientation(Orientation next) {
        return new MapSettings(className, renderOrder, parallaxOrigin, infinite, editor, next);
    }

    /**
     * How a map with these settings lays out its tiles of that size ({@code width} and {@code height}: its columns and
     * rows, which place isometric and oblique maps' origins).
     */
    public Projection projection(int tileWidth, int tileHeight, int width, int height) {
        return switch (orientation.kind()) {
            case ORTHOGONAL -> new Orthogonal(tileWidth, tileHeight, leftward(), upward());
            case ISOMETRIC -> new Isometric(tileWidth, tileHeight, height);
            case STAGGERED, HEXAGONAL -> new Hexagonal(tileWidth, tileHeight, orientation.staggerX(),
                    orientation.staggerEven(), Math.min(orientation.hexSideLength(),
                    orientation.staggerX() ? tileWidth : tileHeight));
            case OBLIQUE -> new Oblique(tileWidth, tileHeight, orientation.skewX(),
                    orientation.skewY(), width, height, leftward(), upward());
        };
    }

    /** Whether tiles are drawn from right to left within a row. */
    public boolean leftward() {
        return renderOrder.startsWith("left");
    }

    /** Whether rows are drawn from the bottom one up. */
    public boolean upward() {
        return renderOrder.endsWith("up");
    }
}
