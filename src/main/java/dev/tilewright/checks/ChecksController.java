package dev.tilewright.checks;

import dev.tilewright.access.Caller;
import dev.tilewright.core.check.Check;
import dev.tilewright.core.check.CheckList;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;
import dev.tilewright.map.Author;
import dev.tilewright.web.ETags;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

/** A map's checks and what they came to on each version (docs/review.md). */
@RestController
@RequestMapping("/api/v1/maps/{id}")
class ChecksController {

    private final MapChecks checks;

    ChecksController(MapChecks checks) {
        this.checks = checks;
    }

    /** The map's checks as set. */
    @GetMapping("/checks/definitions")
    @Requires(on = Requires.On.MAP)
    CheckList definitions(@PathVariable long id) {
        return new CheckList(checks.checks(id));
    }

    /** Sets the map's checks (an edit: versioned, undoable); {@code If-Match} is optional. */
    @PutMapping("/checks")
    @Requires(value = Action.EDIT, on = Requires.On.MAP)
    ResponseEntity<CheckList> put(@PathVariable long id, @RequestBody CheckList body,
                                          @RequestHeader(value = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                          Caller caller) {
        List<Check> list = body == null ? null : body.checks();
        long version = checks.put(id, list, ifMatch, Author.of(caller));
        return ResponseEntity.ok().eTag(ETags.of(version)).body(new CheckList(list));
    }

    /** What the checks came to on a version (the current one when not given). */
    @GetMapping("/checks")
    @Requires(on = Requires.On.MAP)
    MapChecks.Report report(@PathVariable long id, @RequestParam(required = false) Long version) {
        return checks.report(id, version);
    }
}
