package dev.tilewright.format.ldtk;

import dev.tilewright.core.model.ListItem;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.PropertyType;
import dev.tilewright.format.Warnings;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * LDtk field instances (of entities and levels) as typed properties: Int, Float, Bool, String, Multilines, Color,
 * FilePath as those types; enums as strings of the enum's property type; Point and Tile as class properties;
 * EntityRef as an object reference in the level (another level's entity by its iids); arrays as lists. What has no
 * property type is kept as its JSON, and named in the warnings.
 */
final class LdtkFieldReader {

    private final LdtkTypes types;
    private final Warnings warnings;

    LdtkFieldReader(LdtkTypes types, Warnings warnings) {
        this.types = types;
        this.warnings = warnings;
    }

    /** A field instance as a property: its {@code __value} typed by its {@code __type}; null when it has none. */
    Property field(JsonNode field, String where, Map<String, Integer> objectOfEntity) {
        String name = field.path("__identifier").asString("");
        String type = field.path("__type").asString("");
        JsonNode value = field.path("__value");
        if (value.isNull() || value.isMissingNode() || name.isEmpty()) {
            return null;
        }
        if (type.startsWith("Array<") && type.endsWith(">")) {
            String itemType = type.substring(6, type.length() - 1);
            List<ListItem> items = new ArrayList<>();
            for (JsonNode item : value) {
                Property one = typed("item", itemType, item, where, objectOfEntity);
                if (one != null) {
                    items.add(new ListItem(one.type(), one.value(), one.propertyType()));
                }
            }
            return new Property(name, PropertyType.LIST, items);
        }
        return typed(name, type, value, where, objectOfEntity);
    }

    private Property typed(String name, String type, JsonNode value, String where,
                           Map<String, Integer> objectOfEntity) {
        if (value.isNull()) {
            return null;
        }
        if (type.startsWith("LocalEnum.") || type.startsWith("ExternEnum.")) {
            return new Property(name, PropertyType.STRING, value.asString(""), types.enumType(type));
        }
        return switch (type) {
            case "Int" -> new Property(name, PropertyType.INT, value.asLong());
            case "Float" -> new Property(name, PropertyType.FLOAT, value.asDouble());
            case "Bool" -> new Property(name, PropertyType.BOOL, value.asBoolean());
            case "String", "Multilines" -> new Property(name, PropertyType.STRING, value.asString(""));
            case "Color" -> new Property(name, PropertyType.COLOR, value.asString("").toLowerCase(Locale.ROOT));
            case "FilePath" -> new Property(name, PropertyType.FILE, value.asString(""));
            case "Point" -> new Property(name, PropertyType.CLASS, Properties.EMPTY
                    .with(Property.of("cx", value.path("cx").asLong()))
                    .with(Property.of("cy", value.path("cy").asLong())));
            case "EntityRef" -> {
                Integer object = objectOfEntity.get(value.path("entityIid").asString(""));
                if (object != null) {
                    yield new Property(name, PropertyType.OBJECT, (long) object);
                }
                warnings.add(where, "field '" + name + "' refers to an entity of another level ("
                        + value.path("levelIid").asString("") + "): kept as its iids (a class property), not an "
                        + "object reference");
                Properties iids = Properties.EMPTY;
                for (String part : List.of("entityIid", "layerIid", "levelIid", "worldIid")) {
                    iids = iids.with(Property.of(part, value.path(part).asString("")));
                }
                yield new Property(name, PropertyType.CLASS, iids);
            }
            case "Tile" -> new Property(name, PropertyType.CLASS, Properties.EMPTY
                    .with(Property.of("tilesetUid", value.path("tilesetUid").asLong()))
                    .with(Property.of("x", value.path("x").asLong())).with(Property.of("y", value.path("y").asLong()))
                    .with(Property.of("w", value.path("w").asLong())).with(Property.of("h", value.path("h").asLong())));
            default -> {
                warnings.add(where, "field '" + name + "' is of type " + type + ", which has no property type here: "
                        + "kept as its JSON, a string");
                yield new Property(name, PropertyType.STRING, value.toString());
            }
        };
    }
}
