package dev.tilewright.autotile;

import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;
import dev.tilewright.config.AutotileProperties;
import dev.tilewright.web.BoundedBody;
import dev.tilewright.web.Lanes;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/projects/{id}/rules}: a project's IntGrid values and rule sets, read by anyone who sees the project
 * and replaced whole by its maintainers; {@code /api/v1/rules/preview}: rules applied to a posted grid, for anyone
 * signed in (nothing is read or stored).
 */
@RestController
class RulesController {

    private final Rules rules;
    private final AutotileProperties limits;
    private final Lanes lanes;

    RulesController(Rules rules, AutotileProperties limits, Lanes lanes) {
        this.rules = rules;
        this.limits = limits;
        this.lanes = lanes;
    }

    @GetMapping("/api/v1/projects/{id}/rules")
    @Requires(on = Requires.On.PROJECT)
    ProjectRules get(@PathVariable long id) {
        return rules.of(id);
    }

    @PutMapping(path = "/api/v1/projects/{id}/rules", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Requires(value = Action.MAINTAIN, on = Requires.On.PROJECT)
    ProjectRules put(@PathVariable long id, HttpServletRequest request) {
        return rules.replace(id, rules.read(BoundedBody.read(request, limits.maxRulesBytes(),
                "tilewright.autotile.max-rules-bytes", "The rules")));
    }

    @PostMapping(path = "/api/v1/rules/preview", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Requires(on = Requires.On.CALLER)
    RulesPreview.Result preview(@RequestBody RulesPreview preview) {
        return lanes.run(Lanes.Lane.COMPUTE, () -> rules.preview(preview));
    }
}
