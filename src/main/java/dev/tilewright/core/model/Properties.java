package dev.tilewright.core.model;

import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** An immutable set of custom properties, unique by name and kept in name order as Tiled writes them. */
public record Properties(Map<String, Property> byName) {

    public static final Properties EMPTY = new Properties(Map.of());

    public Properties {
        byName = Collections.unmodifiableMap(new TreeMap<>(byName));
        byName.forEach((key, property) -> {
            if (!key.equals(property.name())) {
                throw new IllegalArgumentException("property '" + property.name() + "' filed under '" + key + "'");
            }
        });
    }

    public static Properties of(Collection<Property> properties) {
        Map<String, Property> map = new TreeMap<>();
        for (Property p : properties) {
            if (map.put(p.name(), p) != null) {
                throw new IllegalArgumentException("property '" + p.name() + "' is given twice");
            }
        }
        return new Properties(map);
    }

    public Collection<Property> all() {
        return byName.values();
    }

    public Optional<Property> get(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public boolean isEmpty() {
        return byName.isEmpty();
    }

    public Properties with(Property property) {
        Map<String, Property> map = new TreeMap<>(byName);
        map.put(property.name(), property);
        return new Properties(map);
    }

    public Properties without(String name) {
        Map<String, Property> map = new TreeMap<>(byName);
        map.remove(name);
        return new Properties(map);
    }

    /** True when a bool property of this name is set to true. */
    public boolean flag(String name) {
        return get(name).map(p -> Boolean.TRUE.equals(p.value())).orElse(false);
    }
}
