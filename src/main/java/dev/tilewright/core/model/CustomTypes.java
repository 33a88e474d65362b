package dev.tilewright.core.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A project's custom property types (Tiled's {@code propertyTypes}), checked together: unique names, members of
 * known types, no class that contains itself.
 */
public record CustomTypes(List<CustomType> all) {

    public static final CustomTypes NONE = new CustomTypes(List.of());

    public CustomTypes {
        all = List.copyOf(all);
        CustomType.checkAll(all);
    }

    public Optional<CustomType> named(String name) {
        return name == null ? Optional.empty() : all.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    public boolean isEmpty() {
        return all.isEmpty();
    }

    /** These types with {@code newer}'s over them: a type of the same name is replaced, the others are added. */
    public CustomTypes with(CustomTypes newer) {
        Map<String, CustomType> byName = new LinkedHashMap<>();
        all.forEach(t -> byName.put(t.name(), t));
        newer.all().forEach(t -> byName.put(t.name(), t));
        return new CustomTypes(new ArrayList<>(byName.values()));
    }

    /** Every property typed as {@link #typed(Property)} types it. */
    public Properties typed(Properties properties) {
        if (all.isEmpty() || properties.isEmpty()) {
            return properties;
        }
        List<Property> typed = new ArrayList<>();
        properties.all().forEach(p -> typed.add(typed(p)));
        return Properties.of(typed);
    }

    /**
     * A property with its class's members given the types the class declares (Tiled's JSON writes a class's value
     * without its members' types: {@code 3} may be a float, {@code "#ff0000"} a color, a nested object a class of a
     * named type); a list's items of a class typed so too. Members the class does not declare, values that do not
     * fit the declared type, and properties of a type the project does not define stay as they are.
     */
    public Property typed(Property property) {
        if (property.value() instanceof List<?> items) {
            return new Property(property.name(), PropertyType.LIST, typedItems(items), property.propertyType());
        }
        Properties members = typedMembers(property.propertyType(), property.value());
        return members == null ? property
                : new Property(property.name(), PropertyType.CLASS, members, property.propertyType());
    }

    private List<ListItem> typedItems(List<?> items) {
        List<ListItem> typed = new ArrayList<>(items.size());
        for (Object o : items) {
            ListItem item = (ListItem) o;
            Properties members = typedMembers(item.propertyType(), item.value());
            typed.add(item.value() instanceof List<?> nested ? new ListItem(PropertyType.LIST, typedItems(nested),
                    item.propertyType()) : members == null ? item
                    : new ListItem(PropertyType.CLASS, members, item.propertyType()));
        }
        return typed;
    }

    /** A class value's members typed as the project's class {@code typeName} declares them; null when not a class. */
    private Properties typedMembers(String typeName, Object value) {
        CustomType type = named(typeName).orElse(null);
        if (type == null || type.isEnum() || !(value instanceof Properties members)) {
            return null;
        }
        List<Property> typed = new ArrayList<>();
        for (Property member : members.all()) {
            Property declared = type.members().get(member.name()).orElse(null);
            typed.add(declared == null ? typed(member) : typed(retyped(member, declared)));
        }
        return Properties.of(typed);
    }

    private static Property retyped(Property member, Property declared) {
        if (member.type() == declared.type()) {
            return member.propertyType() != null ? member : member.withPropertyType(declared.propertyType());
        }
        if ((member.type() == PropertyType.CLASS) != (declared.type() == PropertyType.CLASS)) {
            return member;
        }
        try {
            return new Property(member.name(), declared.type(), member.value(), declared.propertyType());
        } catch (IllegalArgumentException e) {
            return member;
        }
    }
}
