package dev.tilewright.format;

import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.PropertyType;

import java.util.ArrayList;
import java.util.List;

/** Custom properties as both readers find them: a name, Tiled's type name, and a value. */
final class Props {

    private Props() {
    }

    /** One property; null for Tiled's class-typed (nested) properties, which are not kept yet. */
    static Property property(String file, String name, String type, Object value) {
        String typeName = type == null || type.isEmpty() ? "string" : type;
        if (typeName.equals("class")) {
            return null;
        }
        try {
            return new Property(name, PropertyType.fromTiledName(typeName), value == null ? "" : value);
        } catch (IllegalArgumentException e) {
            throw TiledFormatException.invalid(file, e.getMessage());
        }
    }

    static Properties of(String file, List<Property> read) {
        List<Property> kept = new ArrayList<>();
        read.stream().filter(p -> p != null).forEach(kept::add);
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
