package dev.tilewright.format;

import dev.tilewright.core.model.CustomType;
import dev.tilewright.core.model.CustomTypes;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The custom property types of a Tiled project ({@code propertyTypes} of a {@code .tiled-project}, since Tiled 1.8),
 * read and written as Tiled does: enums with their storage and values, classes with their colour, uses and members
 * (each {@code {"name", "type", "propertyType"?, "value"}}, a class member's value an object of its members' values).
 */
public final class TiledProject {

    /** The file name ending Tiled gives a project. */
    public static final String ENDING = ".tiled-project";

    private TiledProject() {
    }

    /** The types of a project file, or of a bare {@code propertyTypes} array (as Tiled's type editor exports them). */
    public static CustomTypes read(byte[] bytes, String file) {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(bytes);
        } catch (tools.jackson.core.JacksonException e) {
            throw TiledFormatException.invalid(file, "not valid JSON: " + e.getOriginalMessage());
        }
        JsonNode list = root != null && root.isArray() ? root : root == null ? null : root.path("propertyTypes");
        if (list == null || (!list.isArray() && !list.isMissingNode())) {
            throw TiledFormatException.invalid(file, "a project holds its \"propertyTypes\" as an array");
        }
        List<CustomType> types = new ArrayList<>();
        int index = 0;
        for (JsonNode type : list.values()) {
            index++;
            types.add(type(type, file, index));
        }
        try {
            return new CustomTypes(types);
        } catch (IllegalArgumentException e) {
            throw TiledFormatException.invalid(file, e.getMessage());
        }
    }

    private static CustomType type(JsonNode type, String file, int index) {
        if (!type.isObject()) {
            throw TiledFormatException.invalid(file, "propertyTypes[" + (index - 1) + "] is not an object");
        }
        List<String> values = new ArrayList<>();
        type.path("values").values().forEach(v -> values.add(v.asString()));
        List<String> useAs = new ArrayList<>();
        type.path("useAs").values().forEach(v -> useAs.add(v.asString()));
        List<Property> members = new ArrayList<>();
        for (JsonNode member : type.path("members").values()) {
            String memberType = Json.text(member, "type", "string");
            JsonNode value = member.path("value");
            Object plain = memberType.equals("class")
                    ? (value.isObject() ? Json.MAPPER.treeToValue(value, java.util.Map.class) : Properties.EMPTY)
                    : value.isNumber() ? value.numberValue() : value.isBoolean() ? (Object) value.asBoolean()
                    : value.isMissingNode() || value.isNull() ? "" : value.asString();
            members.add(Props.property(file, Json.text(member, "name", ""), memberType, plain,
                    Json.text(member, "propertyType", "")));
        }
        try {
            return new CustomType(Json.integer(type, "id", index, file), Json.text(type, "name", ""),
                    Json.text(type, "type", "enum"), Json.text(type, "storageType", "string"), values,
                    Json.flag(type, "valuesAsFlags", false), type.hasNonNull("color") ? Json.text(type, "color", "")
                    : null, Json.flag(type, "drawFill", true), useAs, Props.of(file, members));
        } catch (IllegalArgumentException e) {
            throw TiledFormatException.invalid(file, e.getMessage());
        }
    }

    /** The {@code propertyTypes} array as Tiled writes it. */
    public static ArrayNode propertyTypes(CustomTypes types) {
        ArrayNode list = Json.MAPPER.createArrayNode();
        for (CustomType type : types.all()) {
            ObjectNode json = list.addObject();
            if (type.isEnum()) {
                json.put("id", type.id()).put("name", type.name()).put("storageType", type.storageType())
                        .put("type", "enum");
                ArrayNode values = json.putArray("values");
                type.values().forEach(values::add);
                json.put("valuesAsFlags", type.valuesAsFlags());
                continue;
            }
            if (type.color() != null) {
                json.put("color", type.color());
            }
            json.put("drawFill", type.drawFill()).put("id", type.id());
            ArrayNode members = json.putArray("members");
            for (Property member : type.members().all()) {
                ObjectNode m = members.addObject().put("name", member.name());
                if (member.propertyType() != null) {
                    m.put("propertyType", member.propertyType());
                }
                m.put("type", member.type().tiledName());
                TmjWriter.value(m, "value", member.value());
            }
            json.put("name", type.name()).put("type", "class");
            ArrayNode useAs = json.putArray("useAs");
            type.useAs().forEach(useAs::add);
        }
        return list;
    }

    /** A project file holding {@code types}, which Tiled opens as a project. */
    public static byte[] write(CustomTypes types) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("automappingRulesFile", "");
        root.putArray("commands");
        root.put("extensionsPath", "extensions");
        root.putArray("folders").add(".");
        root.set("propertyTypes", propertyTypes(types));
        return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root).getBytes(StandardCharsets.UTF_8);
    }
}
