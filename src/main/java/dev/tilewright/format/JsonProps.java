package dev.tilewright.format;

import dev.tilewright.core.model.CustomTypes;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/** Custom properties as Tiled's JSON formats hold them: a list of {@code {name, type, propertytype?, value}}. */
final class JsonProps {

    private JsonProps() {
    }

    /**
     * The properties of a JSON element (class members typed as the project's {@code types} declare them); a type not
     * kept yet is left out and named in {@code warnings}.
     */
    static Properties read(JsonNode owner, String file, CustomTypes types, Warnings warnings) {
        if (owner.path("properties").isObject()) {
            return legacy(owner, file);
        }
        List<Property> read = new ArrayList<>();
        for (JsonNode p : owner.path("properties").values()) {
            JsonNode value = p.path("value");
            String type = Json.text(p, "type", "string");
            if (!NotKept.keptType(warnings, file, Json.text(p, "name", ""), type)) {
                continue;
            }
            Object plain = type.equals("class") ? members(value, file) : type.equals("list")
                    ? items(value, file, Json.text(p, "name", ""), warnings) : plain(value);
            read.add(Props.property(file, Json.text(p, "name", ""), type, plain, Json.text(p, "propertytype", "")));
        }
        return Props.of(file, read, types);
    }

    private static Object plain(JsonNode value) {
        return value.isNumber() ? (Object) value.numberValue() : value.isBoolean() ? value.asBoolean()
                : value.isMissingNode() || value.isNull() ? "" : value.asString();
    }

    /** A class value's members as Tiled's JSON writes them: an object of their values, nested (typed by them). */
    private static Object members(JsonNode value, String file) {
        if (value.isMissingNode() || value.isNull()) {
            return Properties.EMPTY;
        }
        if (!value.isObject()) {
            throw TiledFormatException.invalid(file, "a class property's value is an object of its members' values");
        }
        return Json.MAPPER.treeToValue(value, java.util.Map.class);
    }

    /**
     * A list's items as Tiled 1.12's JSON writes them: {@code [{"type", "value", "propertytype"?}]}, a class item's
     * value an object of its members' values, a list item's an array again; a bare value is an item of its JSON type.
     */
    private static Object items(JsonNode value, String file, String name, Warnings warnings) {
        if (value.isMissingNode() || value.isNull()) {
            return java.util.List.of();
        }
        if (!value.isArray()) {
            throw TiledFormatException.invalid(file, "a list property's value is an array of its items");
        }
        List<Object> items = new ArrayList<>();
        for (JsonNode item : value.values()) {
            if (!item.isObject()) {
                Object bare = plain(item);
                items.add(java.util.Map.of("type", bare instanceof Boolean ? "bool" : item.isIntegralNumber() ? "int"
                        : item.isNumber() ? "float" : "string", "value", bare));
                continue;
            }
            String type = Json.text(item, "type", "string");
            if (!NotKept.keptType(warnings, file, name + "[" + items.size() + "]", type)) {
                continue;
            }
            JsonNode inner = item.path("value");
            java.util.Map<String, Object> read = new java.util.HashMap<>();
            read.put("type", type);
            read.put("value", type.equals("class") ? members(inner, file) : type.equals("list")
                    ? items(inner, file, name + "[" + items.size() + "]", warnings) : plain(inner));
            read.put("propertyType", Json.text(item, "propertytype", ""));
            items.add(read);
        }
        return items;
    }

    /** Properties as Tiled before 1.2 wrote them: {@code {"name": value}} with {@code {"name": "type"}} beside. */
    private static Properties legacy(JsonNode owner, String file) {
        List<Property> read = new ArrayList<>();
        JsonNode types = owner.path("propertytypes");
        for (String name : owner.get("properties").propertyNames()) {
            read.add(Props.property(file, name, Json.text(types, name, "string"), plain(owner.get("properties").get(name))));
        }
        return Props.of(file, read);
    }
}
