package dev.tilewright.format;

import dev.tilewright.core.model.CustomTypes;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.PropertyType;

import java.util.ArrayList;
import java.util.List;

/** Custom properties as both readers find them: a name, Tiled's type name, and a value. */
final class Props {

    private Props() {
    }

    /** One property as Tiled wrote it (a class's value: its members). */
    static Property property(String file, String name, String type, Object value) {
        return property(file, name, type, value, "");
    }

    /** One property with the name of its custom type (an enum's or a class's; empty for none). */
    static Property property(String file, String name, String type, Object value, String propertyType) {
        String typeName = type == null || type.isEmpty() ? "string" : type;
        try {
            return new Property(name, PropertyType.fromTiledName(typeName), value == null ? "" : value, propertyType);
        } catch (IllegalArgumentException e) {
            throw TiledFormatException.invalid(file, e.getMessage());
        }
    }

    static Properties of(String file, List<Property> read) {
        return of(file, read, CustomTypes.NONE);
    }

    /** Properties read, class members typed as the project's {@code types} declare them. */
    static Properties of(String file, List<Property> read, CustomTypes types) {
        List<Property> kept = new ArrayList<>();
        read.stream().filter(p -> p != null).forEach(p -> kept.add(types.typed(p)));
        try {
            return Properties.of(kept);
        } catch (IllegalArgumentException e) {
            throw TiledFormatException.invalid(file, e.getMessage());
        }
    }

    /** Two property sets merged, later ones winning (a template object's, then the instance's). */
    static Properties merge(Properties base, Properties over) {
        Properties merged = base;
        for (Property p : over.all()) {
            merged = merged.with(p);
        }
        return merged;
    }
}
