package dev.tilewright.autotile;

import dev.tilewright.core.autotile.AutoLayers;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.map.DerivedLayers;
import org.springframework.stereotype.Component;

import java.util.function.LongSupplier;

/**
 * Keeps auto-layers current: after each op on a map with auto-layers, the output cells within reach of what it
 * changed, with the project's rule sets. A map without IntGrid layers, or an op that reached none, costs a look at the
 * layers' properties.
 */
@Component
class AutoLayerFollower implements DerivedLayers {

    private final Rules rules;

    AutoLayerFollower(Rules rules) {
        this.rules = rules;
    }

    /** The project's rules are read only when the op reached an auto-layer (once per op at most). */
    @Override
    public MapOp follow(LongSupplier project, TileMap map, MapOp applied) {
        AutoLayers.RuleSets[] read = {null};
        return AutoLayers.follow(map, applied, (name, groupsOff) -> {
            if (read[0] == null) {
                read[0] = rules.compiled(project.getAsLong());
            }
            return read[0].named(name, groupsOff);
        });
    }
}
