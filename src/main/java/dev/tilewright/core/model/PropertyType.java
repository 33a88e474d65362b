package dev.tilewright.core.model;

import java.util.Locale;

/**
 * The custom property types Tiled knows, by the names Tiled writes; a class's value holds its members, a list's
 * (Tiled 1.12) its items.
 */
public enum PropertyType {
    STRING, INT, FLOAT, BOOL, COLOR, FILE, OBJECT, CLASS, LIST;

    public String tiledName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether Tiled's type name is one of these. */
    public static boolean isTiledName(String name) {
        for (PropertyType type : values()) {
            if (type.tiledName().equals(name)) {
                return true;
            }
        }
        return false;
    }

    public static PropertyType fromTiledName(String name) {
        for (PropertyType type : values()) {
            if (type.tiledName().equals(name)) {
                return type;
            }
        }
        throw new IllegalArgumentException("unknown property type '" + name
                + "': use string, int, float, bool, color, file, object, class or list");
    }
}
