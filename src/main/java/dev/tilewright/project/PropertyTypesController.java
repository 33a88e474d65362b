package dev.tilewright.project;

import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;
import dev.tilewright.config.LimitsProperties;
import dev.tilewright.format.TiledProject;
import dev.tilewright.web.BoundedBody;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code /api/v1/projects/{id}/property-types}: the project's enums and classes in Tiled's form, read by anyone who
 * sees the project and replaced whole by its maintainers.
 */
@RestController
class PropertyTypesController {

    private final PropertyTypes types;
    private final JsonMapper json;
    private final LimitsProperties limits;

    PropertyTypesController(PropertyTypes types, JsonMapper json, LimitsProperties limits) {
        this.limits = limits;
        this.types = types;
        this.json = json;
    }

    @GetMapping("/api/v1/projects/{id}/property-types")
    @Requires(on = Requires.On.PROJECT)
    JsonNode get(@PathVariable long id) {
        return body(types.of(id));
    }

    /** Replaces the project's types with those sent (Tiled's {@code propertyTypes}, or a whole .tiled-project). */
    @PutMapping(path = "/api/v1/projects/{id}/property-types", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Requires(value = Action.MAINTAIN, on = Requires.On.PROJECT)
    JsonNode put(@PathVariable long id, HttpServletRequest request) {
        return body(types.replace(id, types.read(BoundedBody.read(request, limits.maxPropertyTypesBytes(),
                "tilewright.limits.max-property-types-bytes", "The property types"))));
    }

    private JsonNode body(dev.tilewright.core.model.CustomTypes of) {
        ObjectNode body = json.createObjectNode();
        body.set("propertyTypes", TiledProject.propertyTypes(of));
        return body;
    }
}
