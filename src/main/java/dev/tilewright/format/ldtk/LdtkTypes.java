package dev.tilewright.format.ldtk;

import dev.tilewright.core.model.CustomType;
import dev.tilewright.core.model.CustomTypes;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.PropertyType;
import dev.tilewright.format.Warnings;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * An LDtk project's enums (its own and those it reads from external files, as it keeps them in {@code defs}) and
 * entity definitions as a project's custom property types, as Tiled keeps them: an enum of its values (stored as
 * their names), and per entity a class used by objects whose members are its fields with their defaults. An enum
 * named as an entity (LDtk keeps them apart) is renamed {@code <name>_enum}, and named in the warnings.
 */
public final class LdtkTypes {

    private final Map<String, String> enumNames = new HashMap<>();
    private final CustomTypes types;

    private LdtkTypes(LdtkProject project, Warnings warnings) {
        JsonNode defs = project.defs();
        Set<String> entities = new LinkedHashSet<>();
        defs.path("entities").forEach(e -> entities.add(e.path("identifier").asString("")));
        List<CustomType> made = new ArrayList<>();
        int id = 1;
        for (String kind : List.of("enums", "externalEnums")) {
            for (JsonNode e : defs.path(kind)) {
                String identifier = e.path("identifier").asString("");
                List<String> values = new ArrayList<>();
                e.path("values").forEach(v -> {
                    String value = v.path("id").asString("");
                    if (!value.isEmpty() && !values.contains(value)) {
                        values.add(value);
                    }
                });
                if (identifier.isEmpty() || enumNames.containsKey(identifier)) {
                    continue;
                }
                String name = entities.contains(identifier) ? identifier + "_enum" : identifier;
                if (!name.equals(identifier)) {
                    warnings.add("defs." + kind + "[" + identifier + "]", "enum '" + identifier + "' is named as an "
                            + "entity (a project's types have one name each): its property type is '" + name + "'");
                }
                enumNames.put(identifier, name);
                made.add(new CustomType(id++, name, "enum", "string", values, false, null, false, List.of(),
                        Properties.EMPTY));
            }
        }
        for (JsonNode e : defs.path("entities")) {
            String identifier = e.path("identifier").asString("");
            if (identifier.isEmpty()) {
                continue;
            }
            Properties members = Properties.EMPTY;
            for (JsonNode field : e.path("fieldDefs")) {
                Property member = member(field);
                if (member != null) {
                    members = members.with(member);
                }
            }
            String color = e.path("color").asString("#BE4A2F");
            made.add(new CustomType(id++, identifier, "class", "string", List.of(), false,
                    color.matches("#[0-9a-fA-F]{6}") ? "#ff" + color.substring(1).toLowerCase(Locale.ROOT) : null,
                    true, List.of("object"), members));
        }
        this.types = new CustomTypes(made);
    }

    /** The project's enums and entities as custom property types. */
    public static LdtkTypes of(LdtkProject project, Warnings warnings) {
        return new LdtkTypes(project, warnings);
    }

    public CustomTypes types() {
        return types;
    }

    /** The property type an LDtk field type ({@code LocalEnum.X}, {@code ExternEnum.X}) names; null for others. */
    public String enumType(String fieldType) {
        String name = fieldType.startsWith("LocalEnum.") ? fieldType.substring(10)
                : fieldType.startsWith("ExternEnum.") ? fieldType.substring(11) : null;
        return name == null ? null : enumNames.getOrDefault(name, name);
    }

    /**
     * A field as a class member: its default (LDtk's default override, else the type's zero); null: none fits (an
     * array, a point, a tile: they stay on the objects that have them).
     */
    private Property member(JsonNode field) {
        String name = field.path("identifier").asString("");
        String type = field.path("__type").asString("");
        if (name.isEmpty()) {
            return null;
        }
        if (type.startsWith("Array<")) {
            return null; // a class's members are single values in Tiled's project file; arrays stay on the objects
        }
        JsonNode given = field.path("defaultOverride").path("params").path(0);
        String enumType = enumType(type);
        if (enumType != null) {
            return new Property(name, PropertyType.STRING, given.isString() ? given.asString() : "", enumType);
        }
        return switch (type) {
            case "Int" -> new Property(name, PropertyType.INT, given.isNumber() ? given.asLong() : 0L);
            case "Float" -> new Property(name, PropertyType.FLOAT, given.isNumber() ? given.asDouble() : 0.0);
            case "Bool" -> new Property(name, PropertyType.BOOL, given.isBoolean() && given.asBoolean());
            case "String", "Multilines" -> new Property(name, PropertyType.STRING, given.isString() ? given.asString()
                    : "");
            case "Color" -> new Property(name, PropertyType.COLOR, given.isNumber()
                    ? String.format(Locale.ROOT, "#%06x", given.asInt() & 0xFFFFFF) : "#000000");
            case "FilePath" -> new Property(name, PropertyType.FILE, given.isString() ? given.asString() : "");
            case "EntityRef" -> new Property(name, PropertyType.OBJECT, 0L);
            default -> null;
        };
    }
}
