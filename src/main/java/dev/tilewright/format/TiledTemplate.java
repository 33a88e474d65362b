package dev.tilewright.format;

import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;

import java.util.Objects;

/**
 * A Tiled object template (.tx or .tj) a map's objects are instances of: the file as it came (its path in the upload
 * and its bytes, written back beside the map as they were) and its object as the map sees it (the gid in the map's
 * terms), which an instance is written against: only what the instance changes.
 */
public record TiledTemplate(String path, byte[] bytes, MapObject object) {

    /**
     * What an instance changes of its template's object, as Tiled writes an instance: each attribute that differs,
     * the shape when it differs, and the properties it sets otherwise (position and id are always the instance's).
     */
    record Changes(boolean name, boolean type, boolean gid, boolean size, boolean rotation,
                   boolean visible, boolean opacity, boolean shape, Properties properties) {
    }

    /**
     * What an instance changes, or null when a Tiled instance cannot say it (a plain rectangle of a template of another
     * shape, a property of the template the instance no longer has): such an object is written whole, without the
     * reference.
     */
    Changes changes(MapObject instance) {
        boolean lostProperty = object.properties().all().stream()
                .anyMatch(p -> instance.properties().get(p.name()).isEmpty());
        if (lostProperty || instance.shape() == dev.tilewright.core.model.ObjectShape.RECTANGLE
                && object.shape() != dev.tilewright.core.model.ObjectShape.RECTANGLE) {
            return null;
        }
        MapObject t = object;
        Properties changed = Properties.EMPTY;
        for (Property property : instance.properties().all()) {
            if (!t.properties().get(property.name()).equals(java.util.Optional.of(property))) {
                changed = changed.with(property);
            }
        }
        return new Changes(!instance.name().equals(t.name()), !instance.type().equals(t.type()),
                !instance.gid().equals(t.gid()), !instance.width().equals(t.width())
                || !instance.height().equals(t.height()), !instance.rotation().equals(t.rotation()),
                !instance.visible().equals(t.visible()), instance.alpha() != t.alpha(), instance.shape() != t.shape()
                || !instance.points().equals(t.points()) || !Objects.equals(instance.text(), t.text()), changed);
    }
}
