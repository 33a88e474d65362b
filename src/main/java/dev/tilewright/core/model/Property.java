package dev.tilewright.core.model;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A typed custom property. The value is normalised at construction: {@code Long} for int, {@code Double} for
 * float, {@code Boolean} for bool, and {@code String} for string, file and color, where a color is Tiled's
 * {@code #aarrggbb} or {@code #rrggbb} (stored as written, lower case) or empty for "no color".
 */
public record Property(String name, PropertyType type, Object value) {

    private static final Pattern COLOR = Pattern.compile("#([0-9a-f]{6}|[0-9a-f]{8})");

    public Property {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("property name must not be blank");
        }
        Objects.requireNonNull(type, "property type");
        value = normalise(name, type, value);
    }

    public static Property of(String name, String value) {
        return new Property(name, PropertyType.STRING, value);
    }

    public static Property of(String name, boolean value) {
        return new Property(name, PropertyType.BOOL, value);
    }

    public static Property of(String name, long value) {
        return new Property(name, PropertyType.INT, value);
    }

    private static Object normalise(String name, PropertyType type, Object value) {
        if (value == null) {
            throw new IllegalArgumentException("property '" + name + "' has no value");
        }
        return switch (type) {
            case STRING, FILE -> value.toString();
            case INT, OBJECT -> toLong(name, value);
            case FLOAT -> toDouble(name, value);
            case BOOL -> toBoolean(name, value);
            case COLOR -> toColor(name, value);
        };
    }

    private static Long toLong(String name, Object value) {
        if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            return n.longValue();
        }
        try {
            return Long.parseLong(value.toString().trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("property '" + name + "' of type int has value '" + value + "', not an integer");
        }
    }

    private static Double toDouble(String name, Object value) {
        double d;
        if (value instanceof Number n) {
            d = n.doubleValue();
        } else {
            try {
                d = Double.parseDouble(value.toString().trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("property '" + name + "' of type float has value '" + value + "', not a number");
            }
        }
        if (!Double.isFinite(d)) {
            throw new IllegalArgumentException("property '" + name + "' of type float must be finite");
        }
        return d;
    }

    private static Boolean toBoolean(String name, Object value) {
        if (value instanceof Boolean b) {
            return b;
        }
        return switch (value.toString().trim()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("property '" + name + "' of type bool has value '" + value + "', use true or false");
        };
    }

    private static String toColor(String name, Object value) {
        String s = value.toString().trim().toLowerCase(java.util.Locale.ROOT);
        if (s.isEmpty() || COLOR.matcher(s).matches()) {
            return s;
        }
        throw new IllegalArgumentException("property '" + name + "' of type color has value '" + value + "', use #rrggbb or #aarrggbb");
    }
}
