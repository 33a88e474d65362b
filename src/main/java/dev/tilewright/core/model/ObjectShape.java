package dev.tilewright.core.model;

import java.util.Locale;

/** The shapes of map objects Tiled draws. A tile object is a rectangle with a gid; a text object has its text. */
public enum ObjectShape {
    RECTANGLE, ELLIPSE, POINT, POLYGON, POLYLINE, TEXT,
    /** A box with ends rounded by half its shorter side (Tiled 1.12). */
    CAPSULE;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ObjectShape fromWireName(String name) {
        for (ObjectShape shape : values()) {
            if (shape.wireName().equals(name)) {
                return shape;
            }
        }
        throw new IllegalArgumentException("unknown object shape '" + name
                + "': use rectangle, ellipse, point, polygon, polyline or text");
    }
}
