package dev.tilewright.core.edit;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.ObjectText;

import java.util.List;
import java.util.Objects;

/**
 * The fields of an object an {@link UpdateObject} changes; null fields stay as they are. Each field is its own
 * last-writer-wins register, so two people moving and renaming one object at once both win. {@code template} makes the
 * object an instance of a template of the map (its reference), {@code ""} detaches it.
 */
public record ObjectPatch(String name, String type, ObjectShape shape, Double x, Double y, Double width,
                          Double height, Double rotation, Long gid, Boolean visible, List<Difference> points,
                          ObjectText text, Double opacity, String template) {

    /** A patch that leaves the template alone. */
    public ObjectPatch(String name, String type, ObjectShape shape, Double x, Double y, Double width, Double height,
                       Double rotation, Long gid, Boolean visible, List<Difference> points, ObjectText text,
                       Double opacity) {
        this(name, type, shape, x, y, width, height, rotation, gid, visible, points, text, opacity, null);
    }

    /** A patch of the fields Tiled 1.8 knows (no opacity). */
    public ObjectPatch(String name, String type, ObjectShape shape, Double x, Double y, Double width, Double height,
                       Double rotation, Long gid, Boolean visible, List<Difference> points, ObjectText text) {
        this(name, type, shape, x, y, width, height, rotation, gid, visible, points, text, null);
    }

    MapObject applyTo(MapObject o) {
        return new MapObject(o.id(), or(name, o.name()), or(type, o.type()), or(shape, o.shape()), or(x, o.x()),
                or(y, o.y()), or(width, o.width()), or(height, o.height()), or(rotation, o.rotation()),
                or(gid, o.gid()), or(visible, o.visible()), or(points, o.points()), text != null ? text : o.text(), o.properties(),
                template == null ? o.template() : template.isEmpty() ? null : template,
                opacity != null ? opacity : o.opacity());
    }

    /** The patch that puts back what this patch overwrites on {@code o}. */
    ObjectPatch inverseFor(MapObject o) {
        return new ObjectPatch(
                name == null ? null : o.name(), type == null ? null : o.type(), shape == null ? null : o.shape(),
                x == null ? null : o.x(), y == null ? null : o.y(), width == null ? null : o.width(),
                height == null ? null : o.height(), rotation == null ? null : o.rotation(),
                gid == null ? null : o.gid(), visible == null ? null : o.visible(), points == null ? null : o.points(),
                text == null ? null : o.text(), opacity == null ? null : o.alpha(),
                template == null ? null : Objects.requireNonNullElse(o.template(), ""));
    }

    private static <T> T or(T patched, T current) {
        return Objects.requireNonNullElse(patched, current);
    }
}
