package dev.tilewright.format.ldtk;

import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.ListItem;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Properties written as LDtk field instances: every field a definition lists, its {@code __value} from the property
 * of its name (or of the name LDtk makes of it) typed by the field's {@code __type}, and {@code realEditorValues} as
 * LDtk's editor reads them back; null where there is none.
 */
final class LdtkFieldWriter {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private LdtkFieldWriter() {
    }

    /** Every field the definitions list, its value from the property of its name (null when there is none). */
    static ArrayNode fields(JsonNode fieldDefs, Properties properties, TileMap map, String levelIid,
                            Map<Integer, String> iids, String layerIid, String worldIid) {
        ArrayNode out = MAPPER.createArrayNode();
        for (JsonNode def : fieldDefs) {
            String name = def.path("identifier").asString("");
            String type = def.path("__type").asString("");
            Property property = properties.get(name).orElseGet(() -> properties.all().stream()
                    .filter(p -> LdtkFromTiled.identifierPart(p.name()).equals(name)).findFirst().orElse(null));
            ObjectNode field = MAPPER.createObjectNode();
            field.put("__identifier", name);
            field.put("__type", type);
            ArrayNode editor = MAPPER.createArrayNode();
            JsonNode value;
            if (property == null) {
                value = type.startsWith("Array<") ? MAPPER.createArrayNode() : null;
            } else if (type.startsWith("Array<") && property.value() instanceof List<?> items) {
                String itemType = type.substring(6, type.length() - 1);
                ArrayNode values = MAPPER.createArrayNode();
                for (Object item : items) {
                    JsonNode one = value(itemType, item instanceof ListItem li ? li.value() : item, map, levelIid,
                            iids, layerIid, worldIid);
                    values.add(one);
                    editor.add(editorValue(itemType, one));
                }
                value = values;
            } else {
                value = value(type, property.value(), map, levelIid, iids, layerIid, worldIid);
                editor.add(editorValue(type, value));
            }
            field.set("__value", value);
            field.put("__tile", (String) null);
            field.put("defUid", def.path("uid").asInt());
            field.set("realEditorValues", value == null || value.isNull() ? MAPPER.createArrayNode() : editor);
            out.add(field);
        }
        return out;
    }

    private static JsonNode value(String type, Object value, TileMap map, String levelIid,
                                  Map<Integer, String> iids, String layerIid, String worldIid) {
        if (value == null) {
            return MAPPER.nullNode();
        }
        return switch (type) {
            case "Int" -> MAPPER.getNodeFactory().numberNode(((Number) value).longValue());
            case "Float" -> {
                double number = ((Number) value).doubleValue();
                // LDtk writes a whole number as an integer
                yield number == Math.rint(number) && Math.abs(number) < 1e15
                        ? MAPPER.getNodeFactory().numberNode((long) number)
                        : MAPPER.getNodeFactory().numberNode(number);
            }
            case "Bool" -> MAPPER.getNodeFactory().booleanNode(Boolean.TRUE.equals(value));
            case "Color" -> {
                String color = String.valueOf(value);
                yield MAPPER.getNodeFactory().stringNode("#" + color.substring(Math.max(0, color.length() - 6))
                        .toUpperCase(Locale.ROOT));
            }
            case "Point" -> {
                Properties p = (Properties) value;
                yield MAPPER.createObjectNode().put("cx", LdtkAutoTiles.number(p, "cx") == null ? 0 : LdtkAutoTiles.number(p, "cx"))
                        .put("cy", LdtkAutoTiles.number(p, "cy") == null ? 0 : LdtkAutoTiles.number(p, "cy"));
            }
            case "Tile" -> {
                Properties p = (Properties) value;
                ObjectNode rect = MAPPER.createObjectNode();
                for (String part : List.of("tilesetUid", "x", "y", "w", "h")) {
                    rect.put(part, LdtkAutoTiles.number(p, part) == null ? 0 : LdtkAutoTiles.number(p, part));
                }
                yield rect;
            }
            case "EntityRef" -> {
                if (value instanceof Number object && iids.containsKey(object.intValue())) {
                    String layer = layerIid;
                    for (Layer l : map.layers()) {
                        if (l instanceof ObjectLayer o && o.object(object.intValue()).isPresent()) {
                            layer = LdtkWriter.text(l.attributes().properties(), LdtkMaps.IID, layerIid);
                        }
                    }
                    yield MAPPER.createObjectNode().put("entityIid", iids.get(object.intValue()))
                            .put("layerIid", layer).put("levelIid", levelIid)
                            .put("worldIid", worldIid);
                }
                if (value instanceof Properties elsewhere) {
                    // an entity of another level, by its iids
                    ObjectNode ref = MAPPER.createObjectNode();
                    for (String part : List.of("entityIid", "layerIid", "levelIid", "worldIid")) {
                        ref.put(part, LdtkWriter.text(elsewhere, part, ""));
                    }
                    yield ref;
                }
                yield MAPPER.nullNode();
            }
            default -> MAPPER.getNodeFactory().stringNode(String.valueOf(value));
        };
    }

    /** LDtk's own record of a value (what its editor reads back). */
    private static JsonNode editorValue(String type, JsonNode value) {
        if (value == null || value.isNull()) {
            return MAPPER.nullNode();
        }
        ObjectNode v = MAPPER.createObjectNode();
        ArrayNode params = MAPPER.createArrayNode();
        switch (type) {
            case "Int" -> {
                v.put("id", "V_Int");
                params.add(value.asLong());
            }
            case "Float" -> {
                v.put("id", "V_Float");
                params.add(value.asDouble());
            }
            case "Bool" -> {
                v.put("id", "V_Bool");
                params.add(value.asBoolean());
            }
            case "Color" -> {
                v.put("id", "V_Int");
                params.add(Integer.parseInt(value.asString().substring(1), 16));
            }
            case "Point" -> {
                v.put("id", "V_String");
                params.add(value.path("cx").asInt() + "," + value.path("cy").asInt());
            }
            case "EntityRef" -> {
                v.put("id", "V_String");
                params.add(value.path("entityIid").asString());
            }
            case "Tile" -> {
                v.put("id", "V_String");
                params.add(value.path("x").asInt() + "," + value.path("y").asInt() + "," + value.path("w").asInt()
                        + "," + value.path("h").asInt());
            }
            default -> {
                v.put("id", "V_String");
                params.add(value.asString());
            }
        }
        v.set("params", params);
        return v;
    }
}
