package dev.tilewright.core.model;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * A custom property type of a project, as Tiled keeps them in a {@code .tiled-project} (since Tiled 1.8): an enum
 * (named values, stored as the value's text or its index, or as flags) or a class (named, typed members with their
 * default values). A property names its type in {@link Property#propertyType()}.
 *
 * @param type          "enum" or "class"
 * @param storageType   an enum's: "string" (the value's name) or "int" (its index, or a bit per value with flags)
 * @param values        an enum's values, in order
 * @param valuesAsFlags an enum's: whether a property holds several values (comma-separated, or bits)
 * @param color         a class's colour in Tiled's editor ({@code #aarrggbb}), or null
 * @param drawFill      a class's: whether Tiled fills objects of it with its colour
 * @param useAs         a class's uses in Tiled ("property", "map", "layer", "object", "tile", "tileset",
 *                      "wangcolor", "wangset", "project")
 * @param members       a class's members with their default values
 */
public record CustomType(int id, String name, String type, String storageType, List<String> values,
                         boolean valuesAsFlags, String color, boolean drawFill, List<String> useAs,
                         Properties members) {

    private static final Set<String> USES = Set.of("property", "map", "layer", "object", "tile", "tileset",
            "wangcolor", "wangset", "project");

    public CustomType {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a custom property type needs a name");
        }
        type = Objects.requireNonNullElse(type, "enum");
        if (!type.equals("enum") && !type.equals("class")) {
            throw new IllegalArgumentException("custom type '" + name + "' is an enum or a class, not '" + type + "'");
        }
        storageType = Objects.requireNonNullElse(storageType, "string");
        if (!storageType.equals("string") && !storageType.equals("int")) {
            throw new IllegalArgumentException("enum '" + name + "' is stored as string or int, not '" + storageType
                    + "'");
        }
        values = List.copyOf(Objects.requireNonNullElse(values, List.of()));
        if (new HashSet<>(values).size() != values.size()) {
            throw new IllegalArgumentException("enum '" + name + "' has a value twice");
        }
        if (values.stream().anyMatch(v -> v == null || v.isEmpty())) {
            throw new IllegalArgumentException("enum '" + name + "' has an empty value");
        }
        useAs = List.copyOf(Objects.requireNonNullElse(useAs, List.of()));
        for (String use : useAs) {
            if (!USES.contains(use)) {
                throw new IllegalArgumentException("class '" + name + "' is used as " + USES + ", not '" + use + "'");
            }
        }
        members = Objects.requireNonNullElse(members, Properties.EMPTY);
        if (type.equals("enum") && !members.isEmpty()) {
            throw new IllegalArgumentException("enum '" + name + "' has values, not members");
        }
    }

    public boolean isEnum() {
        return type.equals("enum");
    }

    /**
     * Checks a project's types together: names unique, every member's type known, and no class that contains itself
     * (directly or through its members' classes).
     *
     * @throws IllegalArgumentException naming the type at fault
     */
    public static void checkAll(List<CustomType> types) {
        Map<String, CustomType> byName = new TreeMap<>();
        for (CustomType type : types) {
            if (byName.put(type.name(), type) != null) {
                throw new IllegalArgumentException("custom type '" + type.name() + "' is defined twice");
            }
        }
        for (CustomType type : types) {
            for (Property member : type.members().all()) {
                if (member.propertyType() != null && !byName.containsKey(member.propertyType())) {
                    throw new IllegalArgumentException("class '" + type.name() + "': member '" + member.name()
                            + "' is of type '" + member.propertyType() + "', which the project does not define");
                }
            }
        }
        for (CustomType type : types) {
            containsItself(type, type.name(), byName, new HashSet<>());
        }
    }

    private static void containsItself(CustomType type, String root, Map<String, CustomType> byName,
                                       Set<String> seen) {
        for (Property member : type.members().all()) {
            if (member.type() != PropertyType.CLASS || member.propertyType() == null) {
                continue;
            }
            if (member.propertyType().equals(root)) {
                throw new IllegalArgumentException("class '" + root + "' contains itself (through member '"
                        + member.name() + "')");
            }
            if (seen.add(member.propertyType())) {
                containsItself(byName.get(member.propertyType()), root, byName, seen);
            }
        }
    }
}
