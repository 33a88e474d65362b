package dev.tilewright.core.model;

import java.util.Objects;

/**
 * One value of a list property (Tiled 1.12): typed as a property is, without a name — a class's value holds its
 * members, a list's its items, nested as deep as {@link Property#MAX_DEPTH}.
 *
 * @param propertyType the name of the project's custom type the value is of (an enum's, a class's), or null
 */
public record ListItem(PropertyType type, Object value, String propertyType) {

    public ListItem {
        Objects.requireNonNull(type, "list item type");
        propertyType = propertyType == null || propertyType.isEmpty() ? null : propertyType;
        value = Property.normalise("item", type, value, 0);
    }

    public ListItem(PropertyType type, Object value) {
        this(type, value, null);
    }
}
