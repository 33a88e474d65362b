package dev.tilewright.core.edit;

import dev.tilewright.core.geom.Position;
import dev.tilewright.core.model.MapSettings;
import dev.tilewright.core.model.TileMap;

import java.util.Objects;

/**
 * Changes the map's settings given: its class ({@code ""} for none), render order, parallax origin, whether it is
 * infinite; null fields stay. The inverse gives the fields changed their values before.
 */
public record UpdateMap(String className, String renderOrder, Position parallaxOrigin, Boolean infinite)
        implements MapOp {

    public UpdateMap(String className, String renderOrder, Position parallaxOrigin) {
        this(className, renderOrder, parallaxOrigin, null);
    }

    @Override
    public Applied applyTo(TileMap map) {
        MapSettings current = map.settings();
        MapSettings next;
        try {
            next = new MapSettings(Objects.requireNonNullElse(className, current.className()),
                    Objects.requireNonNullElse(renderOrder, current.renderOrder()),
                    Objects.requireNonNullElse(parallaxOrigin, current.parallaxOrigin()),
                    Objects.requireNonNullElse(infinite, current.infinite()), current.editor(), current.orientation());
        } catch (IllegalArgumentException invalid) {
            throw new InvalidOpException(renderOrder != null && !renderOrder.equals(current.renderOrder())
                    ? "renderOrder" : "parallaxOrigin", invalid.getMessage());
        }
        map.setSettings(next);
        return new Applied(this, new UpdateMap(className == null ? null : current.className(),
                renderOrder == null ? null : current.renderOrder(),
                parallaxOrigin == null ? null : current.parallaxOrigin(), infinite == null ? null : current.infinite()));
    }
}
