package dev.tilewright.history;

import dev.tilewright.access.Caller;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;
import dev.tilewright.map.Author;
import dev.tilewright.web.ApiProblem;
import dev.tilewright.web.ETags;
import dev.tilewright.web.Lanes;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** A map's history as changes, and restoring a past version (docs/review.md). */
@RestController
@RequestMapping("/api/v1/maps/{id}")
class HistoryController {

    private final HistoryService history;
    private final Lanes lanes;

    HistoryController(HistoryService history, Lanes lanes) {
        this.history = history;
        this.lanes = lanes;
    }

    /** Changes before version {@code before} (all: none given), newest first; {@code next} pages on. */
    @GetMapping("/history")
    @Requires(on = Requires.On.MAP)
    HistoryService.Page changes(@PathVariable long id, @RequestParam(required = false) Long before,
                                @RequestParam(required = false) Integer limit) {
        return lanes.run(Lanes.Lane.HISTORY, () -> history.changes(id, before, limit));
    }

    /** What differs from one version to another (to: the current one when not given). */
    @GetMapping("/diff")
    @Requires(on = Requires.On.MAP)
    HistoryService.Compared diff(@PathVariable long id, @RequestParam long from, @RequestParam(required = false) Long to) {
        return lanes.run(Lanes.Lane.HISTORY, () -> history.diff(id, from, to));
    }

    record RestoreRequest(Long version) {
    }

    /** Makes the map equal to a past version with one new op, against the version If-Match names. */
    @PostMapping("/restore")
    @Requires(value = Action.EDIT, on = Requires.On.MAP)
    ResponseEntity<HistoryService.Restored> restore(@PathVariable long id, @RequestBody RestoreRequest body,
                                                    @RequestHeader(value = HttpHeaders.IF_MATCH, required = false)
                                                    String ifMatch, Caller caller) {
        if (body == null || body.version() == null) {
            throw ApiProblem.invalidField("version", "Name the version to restore: {\"version\": 57}.");
        }
        HistoryService.Restored restored = lanes.run(Lanes.Lane.HISTORY,
                () -> history.restore(id, body.version(), ifMatch, Author.of(caller)));
        return ResponseEntity.ok().eTag(ETags.of(restored.version())).body(restored);
    }
}
