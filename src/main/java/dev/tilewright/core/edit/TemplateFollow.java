package dev.tilewright.core.edit;

import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileMap;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What an edit of an object template does to the map's instances of it, as in Tiled where an instance keeps only what
 * it changes: each field an instance has as the template had it (it did not change it) takes the template's new
 * value, and so does each property; what an instance changed stays its own, and its position is always its own.
 */
public final class TemplateFollow {

    private TemplateFollow() {
    }

    /** The op that makes every instance of {@code reference} follow the edit from {@code before} to {@code after}; null when none changes. */
    public static MapOp op(TileMap map, String reference, MapObject before, MapObject after) {
        List<MapOp> ops = new ArrayList<>();
        for (Layer layer : map.layers()) {
            if (!(layer instanceof ObjectLayer objects)) {
                continue;
            }
            for (MapObject o : objects.objects()) {
                if (reference.equals(o.template())) {
                    follow(layer.id(), o, before, after, ops);
                }
            }
        }
        return ops.isEmpty() ? null : ops.size() == 1 ? ops.get(0) : new Batch(ops);
    }

    private static void follow(int layerId, MapObject o, MapObject before, MapObject after, List<MapOp> ops) {
        ObjectPatch patch = new ObjectPatch(
                take(o.name(), before.name(), after.name()), take(o.type(), before.type(), after.type()),
                take(o.shape(), before.shape(), after.shape()), null, null,
                take(o.width(), before.width(), after.width()), take(o.height(), before.height(), after.height()),
                take(o.rotation(), before.rotation(), after.rotation()), take(o.gid(), before.gid(), after.gid()),
                take(o.visible(), before.visible(), after.visible()), take(o.points(), before.points(), after.points()),
                take(o.text(), before.text(), after.text()), take(o.alpha(), before.alpha(), after.alpha()), null);
        if (!patch.equals(new ObjectPatch(null, null, null, null, null, null, null, null, null, null, null, null,
                null, null))) {
            if (patch.shape() != null || patch.points() != null || patch.text() != null) {
                // a shape goes with its points and text: the instance takes the template's whole shape
                patch = new ObjectPatch(patch.name(), patch.type(), after.shape(), null, null, patch.width(),
                        patch.height(), patch.rotation(), patch.gid(), patch.visible(), after.points(),
                        after.text(), patch.opacity(), null);
            }
            ops.add(new UpdateObject(layerId, o.id(), patch));
        }
        Set<String> names = new HashSet<>();
        before.properties().all().forEach(p -> names.add(p.name()));
        after.properties().all().forEach(p -> names.add(p.name()));
        for (String name : names) {
            Optional<Property> was = before.properties().get(name);
            Optional<Property> now = after.properties().get(name);
            if (!was.equals(now) && o.properties().get(name).equals(was)) {
                ops.add(new SetProperty(layerId, o.id(), name, now.orElse(null)));
            }
        }
    }

    /** The template's new value when the instance has the old one and it changed; else null (left alone). */
    private static <T> T take(T instance, T before, T after) {
        return Objects.equals(instance, before) && !Objects.equals(before, after) ? after : null;
    }
}
