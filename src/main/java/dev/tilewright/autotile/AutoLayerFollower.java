package dev.tilewright.autotile;

import dev.tilewright.core.autotile.AutoLayers;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.map.DerivedLayers;
import org.springframework.stereotype.Component;

import java.util.function.LongSupplier;

/**
 * Keeps auto-layers current: after each op on a map with auto-layers, the output cells within reach of what it
 * changed, with the project's rule sets. A map without IntGrid layers costs a look at its layers' properties.
 */
@Component
class AutoLayerFollower implements DerivedLayers {

    private final Rules rules;

    AutoLayerFollower(Rules rules) {
        this.rules = rules;
    }

    @Override
    public MapOp follow(LongSupplier project, TileMap map, MapOp applied) {
        if (AutoLayers.of(map).isEmpty()) {
            return null;
        }
        return AutoLayers.follow(map, applied, rules.compiled(project.getAsLong()));
    }
}
