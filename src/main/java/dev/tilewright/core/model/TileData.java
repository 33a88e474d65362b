package dev.tilewright.core.model;

import java.util.List;
import java.util.Objects;

/**
 * What a tileset says about one tile beyond its pixels, as Tiled keeps it: custom properties, a class name, the
 * terrain-brush probability, an animation, collision shapes (in tile pixels) and, in an image-collection
 * tileset, the tile's own image.
 *
 * @param type        Tiled's class (called type before Tiled 1.9); empty for none
 * @param probability relative chance in random and terrain fills; null means Tiled's default of 1
 * @param image       the tile's image in an image-collection tileset, otherwise null
 * @param collisionId the id Tiled gave the layer holding its collision shapes (null: none written)
 */
public record TileData(Properties properties, String type, Double probability, List<Frame> animation,
                       List<MapObject> collision, TileImage image, Integer collisionId) {

    /** A tile whose collision layer has no id. */
    public TileData(Properties properties, String type, Double probability, List<Frame> animation,
                    List<MapObject> collision, TileImage image) {
        this(properties, type, probability, animation, collision, image, null);
    }

    public static final TileData EMPTY = new TileData(Properties.EMPTY, "", null, List.of(), List.of(), null);

    public TileData {
        properties = Objects.requireNonNullElse(properties, Properties.EMPTY);
        type = Objects.requireNonNullElse(type, "");
        animation = List.copyOf(Objects.requireNonNullElse(animation, List.of()));
        collision = List.copyOf(Objects.requireNonNullElse(collision, List.of()));
        collisionId = collision.isEmpty() ? null : collisionId;
        if (probability != null && !(probability >= 0 && Double.isFinite(probability))) {
            throw new IllegalArgumentException("tile probability must be 0 or more, was " + probability);
        }
    }

    /**
     * The tile an animation shows at a moment, as Tiled plays it: the frames in turn for their durations, over and
     * over from time 0; frames of no duration are skipped, and with no time at all the first frame shows. The editor
     * plays them by the same rule (render/tilesets.js frameAt; both are held to fixtures/animation.json).
     */
    public static int frameAt(List<Frame> frames, long ms) {
        long total = 0;
        for (Frame frame : frames) {
            total += frame.durationMs();
        }
        if (total <= 0) {
            return frames.get(0).tileId();
        }
        long t = Math.floorMod(ms, total);
        for (Frame frame : frames) {
            if (t < frame.durationMs()) {
                return frame.tileId();
            }
            t -= frame.durationMs();
        }
        return frames.get(frames.size() - 1).tileId();
    }

    /** One frame of a tile animation: a local tile id of the same tileset shown for a duration. */
    public record Frame(int tileId, int durationMs) {
        public Frame {
            if (tileId < 0 || durationMs < 0) {
                throw new IllegalArgumentException("an animation frame needs a tile id and a duration of 0 or more ms");
            }
        }
    }

    /**
     * A tile's own image in an image-collection tileset; source is the path as written in the tileset, width and
     * height the image's. {@code part} is the rectangle of the image the tile shows (Tiled 1.9's sub-images: a
     * tile's {@code x}, {@code y}, {@code width}, {@code height}); null for the whole image.
     */
    public record TileImage(String source, int width, int height, Part part) {
        public TileImage {
            if (source == null || source.isBlank() || width < 1 || height < 1) {
                throw new IllegalArgumentException("a tile image needs a source and a positive size");
            }
            part = part == null || part.equals(new Part(0, 0, width, height)) ? null : part;
        }

        public TileImage(String source, int width, int height) {
            this(source, width, height, null);
        }

        /** The part of the image the tile shows: its own rectangle, or the whole image. */
        public Part shown() {
            return part == null ? new Part(0, 0, width, height) : part;
        }
    }

    /** A rectangle of a tile's image, in its pixels. */
    public record Part(int x, int y, int width, int height) {
        public Part {
            if (x < 0 || y < 0 || width < 1 || height < 1) {
                throw new IllegalArgumentException("a tile's image rectangle needs x, y >= 0 and a positive size, was "
                        + x + "," + y + " " + width + "x" + height);
            }
        }
    }

    public TileData withProperties(Properties next) {
        return new TileData(next, type, probability, animation, collision, image, collisionId);
    }

    /** True when the tile carries nothing beyond the defaults, so a tileset need not list it. */
    public boolean isEmpty() {
        return equals(EMPTY);
    }
}
