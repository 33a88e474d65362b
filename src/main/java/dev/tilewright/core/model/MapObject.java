package dev.tilewright.core.model;

import dev.tilewright.core.geom.Difference;

import java.util.List;
import java.util.Objects;

/**
 * An object on an object layer, in Tiled's terms: position (x, y) in world pixels is the top-left of its box
 * (for a tile object Tiled anchors the bottom-left; the value is kept as given), size in pixels, rotation in
 * degrees clockwise, an optional gid with flip bits (0 = none; held unsigned in a long as Tiled writes it), and for polygons and polylines the vertices
 * relative to (x, y). Only x and y are required: left out, an object is a visible 0x0 rectangle without rotation or
 * gid, and id 0 (see below). {@code template} names the Tiled template the object is an instance of, as the map's
 * file names it (relative to it; null: none): the object holds all its values, the template's included, and a Tiled
 * export writes the reference with only what the object changes. {@code opacity} (Tiled 1.12) is 0..1, multiplied
 * with its layer's; null stands for 1, so an opaque object has none.
 */
/* id 0 stands for "not yet assigned" in an op that adds an object; objects on a layer have positive ids. */
public record MapObject(Integer id, String name, String type, ObjectShape shape, double x, double y, Double width,
                        Double height, Double rotation, Long gid, Boolean visible, List<Difference> points,
                        ObjectText text, Properties properties, String template, Double opacity) {

    /** The longest template reference an object keeps (a path in a Tiled project). */
    public static final int MAX_TEMPLATE_LENGTH = 1024;

    /** An object of no template. */
    public MapObject(Integer id, String name, String type, ObjectShape shape, double x, double y, Double width,
                     Double height, Double rotation, Long gid, Boolean visible, List<Difference> points,
                     ObjectText text, Properties properties) {
        this(id, name, type, shape, x, y, width, height, rotation, gid, visible, points, text, properties, null, null);
    }

    /** An opaque object. */
    public MapObject(Integer id, String name, String type, ObjectShape shape, double x, double y, Double width,
                     Double height, Double rotation, Long gid, Boolean visible, List<Difference> points,
                     ObjectText text, Properties properties, String template) {
        this(id, name, type, shape, x, y, width, height, rotation, gid, visible, points, text, properties, template,
                null);
    }

    public MapObject {
        if (template != null && (template.isBlank() || template.length() > MAX_TEMPLATE_LENGTH)) {
            throw new IllegalArgumentException("object template must be a file name of 1 to " + MAX_TEMPLATE_LENGTH
                    + " characters");
        }
        id = Objects.requireNonNullElse(id, 0);
        width = Objects.requireNonNullElse(width, 0.0);
        height = Objects.requireNonNullElse(height, 0.0);
        rotation = Objects.requireNonNullElse(rotation, 0.0);
        gid = Objects.requireNonNullElse(gid, 0L);
        if (id < 0) {
            throw new IllegalArgumentException("object id must not be negative, was " + id);
        }
        Gid.parseUnsigned(gid);
        name = Objects.requireNonNullElse(name, "");
        type = Objects.requireNonNullElse(type, "");
        shape = Objects.requireNonNullElse(shape, ObjectShape.RECTANGLE);
        requireFinite("x", x);
        requireFinite("y", y);
        requireFinite("rotation", rotation);
        if (!(width >= 0) || !(height >= 0) || !Double.isFinite(width) || !Double.isFinite(height)) {
            throw new IllegalArgumentException("object width and height must be finite and not negative, was "
                    + width + "x" + height);
        }
        visible = Objects.requireNonNullElse(visible, true);
        points = List.copyOf(Objects.requireNonNullElse(points, List.of()));
        int minPoints = switch (shape) {
            case POLYGON -> 3;
            case POLYLINE -> 2;
            default -> 0;
        };
        if (points.size() < minPoints) {
            throw new IllegalArgumentException("a " + shape.wireName() + " needs at least " + minPoints
                    + " points, got " + points.size());
        }
        if (minPoints == 0 && !points.isEmpty()) {
            throw new IllegalArgumentException("a " + shape.wireName() + " has no points");
        }
        if ((shape == ObjectShape.TEXT) != (text != null)) {
            throw new IllegalArgumentException(shape == ObjectShape.TEXT ? "a text object needs its text"
                    : "only a text object has text");
        }
        properties = Objects.requireNonNullElse(properties, Properties.EMPTY);
        if (opacity != null && !(opacity >= 0 && opacity <= 1)) {
            throw new IllegalArgumentException("object opacity must be between 0 and 1, was " + opacity);
        }
        opacity = opacity == null || opacity == 1 ? null : opacity;
    }

    /** The object's opacity, 1 when it has none. */
    public double alpha() {
        return opacity == null ? 1 : opacity;
    }

    private static void requireFinite(String field, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("object " + field + " must be finite, was " + value);
        }
    }

    /**
     * The box the object covers in map pixels: {x, y, width, height}. A tile object rises from its bottom-left corner
     * and is a tile's size when it gives none; other shapes without a size are a point.
     */
    public double[] box(TileMap map) {
        return box(map.tileWidth(), map.tileHeight());
    }

    /** As {@link #box(TileMap)}, a tile object without a size being {@code tileWidth x tileHeight}. */
    public double[] box(int tileWidth, int tileHeight) {
        boolean tile = gid != null && gid != 0;
        double w = width != null && width > 0 ? width : tile ? tileWidth : 0;
        double h = height != null && height > 0 ? height : tile ? tileHeight : 0;
        return new double[]{x, tile ? y - h : y, w, h};
    }

    public MapObject withId(int newId) {
        return new MapObject(newId, name, type, shape, x, y, width, height, rotation, gid, visible, points, text,
                properties, template, opacity);
    }

    public MapObject withProperties(Properties newProperties) {
        return new MapObject(id, name, type, shape, x, y, width, height, rotation, gid, visible, points, text,
                newProperties, template, opacity);
    }

    /** This object as an instance of {@code newTemplate} (null: of none, detached). */
    public MapObject withTemplate(String newTemplate) {
        return new MapObject(id, name, type, shape, x, y, width, height, rotation, gid, visible, points, text,
                properties, newTemplate, opacity);
    }
}
