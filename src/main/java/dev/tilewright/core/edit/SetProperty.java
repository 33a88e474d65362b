package dev.tilewright.core.edit;

import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileMap;

import java.util.Optional;

/**
 * Sets or removes one custom property of the map (no layerId), a layer (layerId) or an object (layerId and
 * objectId). Each property name is its own last-writer-wins register.
 *
 * @param property the new value, or null to remove the property called {@code name}
 */
public record SetProperty(Integer layerId, Integer objectId, String name, Property property) implements MapOp {

    public SetProperty {
        if (property != null) {
            name = name == null ? property.name() : name;
            if (!name.equals(property.name())) {
                throw new IllegalArgumentException("name '" + name + "' differs from the property's '"
                        + property.name() + "'");
            }
        }
    }

    @Override
    public Applied applyTo(TileMap map) {
        if (name == null || name.isBlank()) {
            throw new InvalidOpException("name", "name the property to set or remove");
        }
        if (objectId != null && layerId == null) {
            throw new InvalidOpException("layerId", "an object's property needs the object's layerId too");
        }
        Optional<Property> previous;
        if (layerId == null) {
            previous = map.properties().get(name);
            map.setProperties(update(map.properties()));
        } else if (objectId == null) {
            Layer layer = Checks.layer(map, layerId);
            LayerAttributes a = layer.attributes();
            previous = a.properties().get(name);
            layer.setAttributes(a.withProperties(update(a.properties())));
            map.layerAttributesChanged();
        } else {
            ObjectLayer layer = Checks.objectLayer(map, layerId);
            MapObject o = Checks.object(layer, objectId);
            previous = o.properties().get(name);
            layer.put(o.withProperties(update(o.properties())));
        }
        return new Applied(this, new SetProperty(layerId, objectId, name, previous.orElse(null)));
    }

    private Properties update(Properties properties) {
        return property == null ? properties.without(name) : properties.with(property);
    }
}
