package dev.tilewright.format.ldtk;

import dev.tilewright.format.TiledFormatException;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Typed reads of an LDtk JSON object's fields, each refused by its path in the file ({@code
 * defs.layers[2].autoRuleGroups[0].rules[3].size}) when it has the wrong type or lies outside its range.
 */
final class LdtkFields {

    private final JsonNode node;
    private final String path;
    private final String file;

    LdtkFields(JsonNode node, String path, String file) {
        if (node == null || !node.isObject()) {
            throw invalid(file, path, "is not an object");
        }
        this.node = node;
        this.path = path;
        this.file = file;
    }

    static TiledFormatException invalid(String file, String path, String what) {
        return new TiledFormatException(TiledFormatException.Kind.INVALID, file, path + " " + what);
    }

    String path() {
        return path;
    }

    String file() {
        return file;
    }

    String at(String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    private JsonNode present(String name) {
        JsonNode value = node.path(name);
        return value.isMissingNode() || value.isNull() ? null : value;
    }

    int integer(String name, int fallback, int min, int max) {
        Integer value = nullableInteger(name, min, max);
        return value == null ? fallback : value;
    }

    Integer nullableInteger(String name, int min, int max) {
        JsonNode value = present(name);
        if (value == null) {
            return null;
        }
        return whole(value, at(name), min, max);
    }

    int whole(JsonNode value, String where, int min, int max) {
        if (!value.isNumber() || value.asDouble() != Math.rint(value.asDouble()) || value.asDouble() < min
                || value.asDouble() > max) {
            throw invalid(file, where, "is " + value + "; a whole number " + min + ".." + max + " is expected");
        }
        return value.asInt();
    }

    double decimal(String name, double fallback, double min, double max) {
        JsonNode value = present(name);
        if (value == null) {
            return fallback;
        }
        if (!value.isNumber() || !(value.asDouble() >= min && value.asDouble() <= max)) {
            throw invalid(file, at(name), "is " + value + "; a number " + min + ".." + max + " is expected");
        }
        return value.asDouble();
    }

    boolean bool(String name, boolean fallback) {
        JsonNode value = present(name);
        if (value == null) {
            return fallback;
        }
        if (!value.isBoolean()) {
            throw invalid(file, at(name), "is " + value + "; true or false is expected");
        }
        return value.asBoolean();
    }

    String text(String name, String fallback) {
        JsonNode value = present(name);
        if (value == null) {
            return fallback;
        }
        if (!value.isString()) {
            throw invalid(file, at(name), "is " + value + "; a string is expected");
        }
        return value.asString();
    }

    /** One of the names given (LDtk's enums are written as their names). */
    String choice(String name, String fallback, String... allowed) {
        String value = text(name, fallback);
        for (String candidate : allowed) {
            if (candidate.equals(value)) {
                return value;
            }
        }
        throw invalid(file, at(name), "is \"" + value + "\"; one of " + String.join(", ", allowed) + " is expected");
    }

    /** An array's elements (empty when absent). */
    List<JsonNode> array(String name) {
        JsonNode value = present(name);
        if (value == null) {
            return List.of();
        }
        if (!value.isArray()) {
            throw invalid(file, at(name), "is not an array");
        }
        List<JsonNode> items = new ArrayList<>(value.size());
        value.forEach(items::add);
        return items;
    }

    /** The objects of an array, each with its path. */
    List<LdtkFields> objects(String name) {
        List<JsonNode> items = array(name);
        List<LdtkFields> objects = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            objects.add(new LdtkFields(items.get(i), at(name) + "[" + i + "]", file));
        }
        return objects;
    }

    /** An array of whole numbers. */
    List<Integer> integers(String name, int min, int max) {
        List<JsonNode> items = array(name);
        List<Integer> values = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            values.add(whole(items.get(i), at(name) + "[" + i + "]", min, max));
        }
        return values;
    }

    JsonNode node() {
        return node;
    }
}
