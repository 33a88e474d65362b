package dev.tilewright.autotile;

import dev.tilewright.access.Caller;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;
import dev.tilewright.core.autotile.AutoLayers;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.map.Author;
import dev.tilewright.map.MapEdits;
import dev.tilewright.map.MapReads;
import dev.tilewright.web.ETags;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.Map;

/**
 * {@code POST /api/v1/maps/{id}/autotile}: every auto-layer of the map recomputed from its IntGrid with the project's
 * current rules, as one edit (none when nothing differs: a second call changes nothing).
 */
@RestController
class AutotileController {

    private final MapReads reads;
    private final MapEdits edits;
    private final Rules rules;

    AutotileController(MapReads reads, MapEdits edits, Rules rules) {
        this.reads = reads;
        this.edits = edits;
        this.rules = rules;
    }

    @PostMapping("/api/v1/maps/{id}/autotile")
    @Requires(value = Action.EDIT, on = Requires.On.MAP)
    ResponseEntity<Map<String, Object>> autotile(@PathVariable long id, Caller caller) {
        AutoLayers.RuleSets sets = rules.compiled(reads.project(id));
        MapOp op = reads.read(id, (version, map) -> AutoLayers.recompute(map, sets));
        if (op == null) {
            long version = reads.version(id);
            return ResponseEntity.ok().eTag(ETags.of(version)).body(Map.of("version", version, "changed", false));
        }
        long version = edits.apply(id, v -> { }, null, null, op, Author.of(caller), "autotile").done().version();
        return ResponseEntity.ok().eTag(ETags.of(version)).body(Map.of("version", version, "changed", true));
    }
}
