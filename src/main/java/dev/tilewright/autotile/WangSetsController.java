package dev.tilewright.autotile;

import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;
import dev.tilewright.config.AutotileProperties;
import dev.tilewright.core.model.WangSet;
import dev.tilewright.tileset.TilesetJson;
import dev.tilewright.tileset.TilesetService;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.web.JsonRefusals;
import dev.tilewright.web.BoundedBody;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;

/**
 * {@code PUT /api/v1/tilesets/{id}/wang-sets}: a tileset's Wang sets replaced whole (the editor's Wang set editor saves
 * through it): a JSON array of sets as {@code GET /api/v1/tilesets/{id}} shows them ({@code name, type, tile, colors,
 * tiles}). Kept in the tileset and exported in its TSX/TSJ as Tiled reads them.
 */
@RestController
class WangSetsController {

    private static final TypeReference<List<WangSet>> WANG_SETS = new TypeReference<>() {
    };

    private final TilesetService tilesets;
    private final JsonMapper json;
    private final AutotileProperties limits;

    WangSetsController(TilesetService tilesets, JsonMapper json, AutotileProperties limits) {
        this.tilesets = tilesets;
        this.json = json;
        this.limits = limits;
    }

    @PutMapping(path = "/api/v1/tilesets/{id}/wang-sets", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Requires(value = Action.EDIT, on = Requires.On.TILESET)
    TilesetJson replace(@PathVariable long id, HttpServletRequest request) {
        byte[] body = BoundedBody.read(request, limits.maxWangSetsBytes(), "tilewright.autotile.max-wang-sets-bytes",
                "The Wang sets");
        List<WangSet> sets;
        try {
            sets = json.readValue(body, WANG_SETS);
        } catch (DatabindException unbound) {
            throw JsonRefusals.unbound(unbound, "wangSets", "The Wang sets");
        } catch (JacksonException unreadable) {
            throw Refused.badRequest("body", "The Wang sets are a JSON array of sets: " + unreadable.getOriginalMessage());
        }
        if (sets == null) {
            throw Refused.badRequest("body", "Send a JSON array of Wang sets (as GET /api/v1/tilesets/{id} shows them).");
        }
        return TilesetJson.of(tilesets.replaceWangSets(id, sets));
    }
}
