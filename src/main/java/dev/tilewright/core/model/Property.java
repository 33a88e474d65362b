package dev.tilewright.core.model;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A typed custom property. The value is normalised at construction: {@code Long} for int, {@code Double} for
 * float, {@code Boolean} for bool, {@code String} for string, file and color, where a color is Tiled's
 * {@code #aarrggbb} or {@code #rrggbb} (stored as written, lower case) or empty for "no color", for a class the
 * members set ({@link Properties}, nested as deep as the class is; members left out have the class's defaults), and
 * for a list (Tiled 1.12) its items in order ({@link ListItem}s: each typed, a class or a list again).
 *
 * @param propertyType the name of the project's custom type the value is of (Tiled's {@code propertytype}, since
 *                     Tiled 1.8): an enum's for a string or int, a class's for a class; null for none (a class
 *                     member read from Tiled's JSON, which does not name member types, may have none)
 */
public record Property(String name, PropertyType type, Object value, String propertyType) {

    private static final Pattern COLOR = Pattern.compile("#([0-9a-f]{6}|[0-9a-f]{8})");
    /** How deep class values may nest (Tiled refuses classes that contain themselves). */
    public static final int MAX_DEPTH = 16;

    public Property {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("property name must not be blank");
        }
        Objects.requireNonNull(type, "property type");
        propertyType = propertyType == null || propertyType.isEmpty() ? null : propertyType;
        value = normalise(name, type, value, 0);
    }

    public Property(String name, PropertyType type, Object value) {
        this(name, type, value, null);
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

    static Object normalise(String name, PropertyType type, Object value, int depth) {
        if (value == null) {
            throw new IllegalArgumentException("property '" + name + "' has no value");
        }
        return switch (type) {
            case STRING, FILE -> value.toString();
            case INT, OBJECT -> toLong(name, value);
            case FLOAT -> toDouble(name, value);
            case BOOL -> toBoolean(name, value);
            case COLOR -> toColor(name, value);
            case CLASS -> toMembers(name, value, depth);
            case LIST -> toItems(name, value, depth);
        };
    }

    /**
     * A list's items: as they are, or from maps in their JSON form ({@code {"type", "value", "propertyType"?}}; Tiled's
     * JSON spells the last {@code propertytype}), nested; an item of a class has its members, one of a list its items.
     */
    private static java.util.List<ListItem> toItems(String name, Object value, int depth) {
        if (depth >= MAX_DEPTH) {
            throw new IllegalArgumentException("list property '" + name + "' nests deeper than " + MAX_DEPTH);
        }
        if (!(value instanceof java.util.Collection<?> list)) {
            throw new IllegalArgumentException("list property '" + name + "' has its items as a list of "
                    + "{type, value} values");
        }
        java.util.List<ListItem> items = new java.util.ArrayList<>(list.size());
        for (Object item : list) {
            if (item instanceof ListItem ready) {
                items.add(ready);
            } else if (item instanceof java.util.Map<?, ?> map && map.get("type") != null) {
                PropertyType itemType = PropertyType.fromTiledName(map.get("type").toString());
                Object custom = map.get("propertyType") != null ? map.get("propertyType") : map.get("propertytype");
                String itemName = name + "[" + items.size() + "]";
                Object itemValue = map.get("value") == null ? defaultOf(itemType) : map.get("value");
                items.add(new ListItem(itemType, normalise(itemName, itemType, itemValue, depth + 1),
                        custom == null ? null : custom.toString()));
            } else {
                throw new IllegalArgumentException("list property '" + name + "' has an item that is not a typed "
                        + "value {type, value}");
            }
        }
        return java.util.List.copyOf(items);
    }

    /** What an item written without its value holds: Tiled leaves an empty class's or list's value out. */
    private static Object defaultOf(PropertyType type) {
        return switch (type) {
            case CLASS -> Properties.EMPTY;
            case LIST -> java.util.List.of();
            case INT, OBJECT -> 0L;
            case FLOAT -> 0.0;
            case BOOL -> false;
            default -> "";
        };
    }

    /**
     * A class's members: as they are, or from a list of properties, or of maps in the JSON form of a property
     * ({@code {"name", "type", "value", "propertyType"?}}), nested.
     */
    private static Properties toMembers(String name, Object value, int depth) {
        if (depth >= MAX_DEPTH) {
            throw new IllegalArgumentException("class property '" + name + "' nests deeper than " + MAX_DEPTH);
        }
        if (value instanceof Properties members) {
            return members;
        }
        if (value instanceof java.util.Map<?, ?> byName) {
            return inferred(byName, depth);
        }
        if (!(value instanceof java.util.Collection<?> list)) {
            throw new IllegalArgumentException("class property '" + name + "' has its members as a list of properties "
                    + "or an object of their values");
        }
        java.util.List<Property> members = new java.util.ArrayList<>();
        for (Object member : list) {
            if (member instanceof Property p) {
                members.add(p);
            } else if (member instanceof java.util.Map<?, ?> map && map.get("name") instanceof String memberName) {
                PropertyType memberType = map.get("type") == null ? PropertyType.STRING
                        : PropertyType.fromTiledName(map.get("type").toString());
                Object memberPropertyType = map.get("propertyType");
                members.add(new Property(memberName, memberType, memberType == PropertyType.CLASS
                        || memberType == PropertyType.LIST ? normalise(memberName, memberType, map.get("value"),
                        depth + 1) : map.get("value"),
                        memberPropertyType == null ? null : memberPropertyType.toString()));
            } else {
                throw new IllegalArgumentException("class property '" + name + "' has a member that is not a property");
            }
        }
        return Properties.of(members);
    }

    /**
     * Members as Tiled's JSON writes a class's value ({@code {"member": value}}, without the members' types, which the
     * project's {@link CustomType}s hold): typed by their values, a whole number as int, another number as float,
     * true/false as bool, an object as a nested class, anything else as string. {@link CustomTypes#typed} gives them
     * their declared types where the project defines the class.
     */
    private static Properties inferred(java.util.Map<?, ?> byName, int depth) {
        java.util.List<Property> members = new java.util.ArrayList<>();
        byName.forEach((key, member) -> {
            String memberName = String.valueOf(key);
            PropertyType type = member instanceof java.util.Map<?, ?> ? PropertyType.CLASS
                    : member instanceof java.util.Collection<?> ? PropertyType.LIST
                    : member instanceof Boolean ? PropertyType.BOOL
                    : member instanceof Integer || member instanceof Long || member instanceof java.math.BigInteger
                    || member instanceof Short ? PropertyType.INT
                    : member instanceof Number ? PropertyType.FLOAT : PropertyType.STRING;
            members.add(new Property(memberName, type, type == PropertyType.CLASS || type == PropertyType.LIST
                    ? normalise(memberName, type, member, depth + 1) : member == null ? "" : member, null));
        });
        return Properties.of(members);
    }

    /** The property with another custom type name. */
    public Property withPropertyType(String next) {
        return new Property(name, type, value, next);
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
