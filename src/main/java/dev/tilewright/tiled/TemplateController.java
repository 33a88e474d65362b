package dev.tilewright.tiled;

import dev.tilewright.access.Caller;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.ObjectPatch;
import dev.tilewright.core.edit.TemplateFollow;
import dev.tilewright.core.edit.UpdateObject;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.format.TiledTemplate;
import dev.tilewright.map.Author;
import dev.tilewright.map.MapEdits;
import dev.tilewright.map.MapReads;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.web.ETags;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A map's object templates (Tiled's {@code .tx}): those an import brought, and those made in Tilewright from an
 * object. Making one makes that object its first instance; editing one (from an instance's values) makes every
 * instance follow in one version, as in Tiled: what an instance did not change of the template takes the new value.
 * The template's object is kept with the map; a zip export writes each as a {@code .tx} beside it.
 */
@RestController
class TemplateController {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}");

    private final TemplateFiles files;
    private final MapReads reads;
    private final MapEdits edits;

    TemplateController(TemplateFiles files, MapReads reads, MapEdits edits) {
        this.files = files;
        this.reads = reads;
        this.edits = edits;
    }

    /** A template: its reference (what instances name), its object, and whether it came as a file (an import). */
    record Template(String reference, MapObject object, boolean imported) {
    }

    /** Make a template called {@code name} from the object {@code objectId} of layer {@code layerId}. */
    record Made(String name, Integer layerId, Integer objectId) {
    }

    /** Make the template what the object {@code objectId} of layer {@code layerId} is now. */
    record Edited(Integer layerId, Integer objectId) {
    }

    @GetMapping("/api/v1/maps/{id}/templates")
    @Requires(value = Action.VIEW, on = Requires.On.MAP)
    List<Template> list(@PathVariable long id) {
        return files.all(TemplateFiles.Owner.MAP, id).entrySet().stream()
                .map(e -> new Template(e.getKey(), e.getValue().object(), e.getValue().bytes().length > 0)).toList();
    }

    @PostMapping("/api/v1/maps/{id}/templates")
    @Requires(value = Action.EDIT, on = Requires.On.MAP)
    ResponseEntity<Map<String, Object>> make(@PathVariable long id, @RequestBody Made body, Caller caller) {
        if (body.name() == null || !NAME.matcher(body.name()).matches()) {
            throw Refused.invalidField("name", "Name the template with 1 to 64 letters, digits, spaces, '_', '-' "
                    + "or '.', starting with a letter or digit.");
        }
        String reference = "templates/" + body.name() + ".tx";
        if (files.one(id, reference) != null) {
            throw Refused.of(Refusal.Kind.CONFLICT, "Template exists", "The map has a template '" + reference
                    + "' already; choose another name.").with("field", "name");
        }
        MapObject source = object(reads.view(id).map(), body.layerId(), body.objectId());
        if (source.template() != null) {
            throw Refused.invalidField("objectId", "Object " + body.objectId() + " is an instance of '"
                    + source.template() + "' already; detach it first, or edit that template.");
        }
        MapObject template = asTemplate(source);
        files.putMade(id, reference, template);
        long version;
        try {
            version = edits.apply(id, v -> { }, null, null, new UpdateObject(body.layerId(), body.objectId(),
                    new ObjectPatch(null, null, null, null, null, null, null, null, null, null, null, null, null,
                            reference)), Author.of(caller), "template " + reference).done().version();
        } catch (RuntimeException refused) {
            files.remove(id, reference);
            throw refused;
        }
        return ResponseEntity.status(HttpStatus.CREATED).eTag(ETags.of(version))
                .body(answer(reference, template, version, 1));
    }

    @PutMapping("/api/v1/maps/{id}/templates")
    @Requires(value = Action.EDIT, on = Requires.On.MAP)
    ResponseEntity<Map<String, Object>> edit(@PathVariable long id, @RequestParam String reference,
                                             @RequestBody Edited body, Caller caller) {
        TiledTemplate current = files.one(id, reference);
        if (current == null) {
            throw Refused.of(Refusal.Kind.NOT_FOUND, "Template not found", "The map has no template '" + reference
                    + "'; GET /api/v1/maps/" + id + "/templates lists them.");
        }
        TileMap map = reads.view(id).map();
        MapObject after = asTemplate(object(map, body.layerId(), body.objectId()));
        MapOp follow = TemplateFollow.op(map, reference, current.object(), after);
        long version = follow == null ? reads.version(id)
                : edits.apply(id, v -> { }, null, null, follow, Author.of(caller), "template " + reference).done().version();
        files.putMade(id, reference, after);
        int changed = follow == null ? 0 : follow instanceof dev.tilewright.core.edit.Batch batch ? batch.ops().size() : 1;
        return ResponseEntity.ok().eTag(ETags.of(version)).body(answer(reference, after, version, changed));
    }

    private static Map<String, Object> answer(String reference, MapObject object, long version, int ops) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("reference", reference);
        out.put("object", object);
        out.put("version", version);
        out.put("ops", ops);
        return out;
    }

    private static MapObject object(TileMap map, Integer layerId, Integer objectId) {
        if (layerId == null || objectId == null) {
            throw Refused.invalidField(layerId == null ? "layerId" : "objectId", "Name the object by layerId and "
                    + "objectId.");
        }
        if (!(map.layer(layerId).orElse(null) instanceof ObjectLayer layer)) {
            throw Refused.invalidField("layerId", "The map has no object layer " + layerId + ".");
        }
        return layer.object(objectId).orElseThrow(() -> Refused.invalidField("objectId", "Layer " + layerId
                + " has no object " + objectId + "."));
    }

    /** The object as a template holds it: without its id, position and template reference. */
    private static MapObject asTemplate(MapObject o) {
        return new MapObject(0, o.name(), o.type(), o.shape(), 0, 0, o.width(), o.height(), o.rotation(), o.gid(),
                o.visible(), o.points(), o.text(), o.properties(), null, o.opacity());
    }
}
