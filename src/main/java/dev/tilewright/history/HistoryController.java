package dev.tilewright.history;

import dev.tilewright.access.Caller;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;
import dev.tilewright.map.Author;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.web.ETags;
import dev.tilewright.web.Lanes;
import dev.tilewright.render.ViewWindow;
import dev.tilewright.rendering.RenderService;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
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
    private final RenderService renders;

    HistoryController(HistoryService history, Lanes lanes, RenderService renders) {
        this.history = history;
        this.lanes = lanes;
        this.renders = renders;
    }

    /**
     * Changes before version {@code before} (all: none given), newest first; {@code next} pages on; {@code gap}
     * (seconds) a shorter pause that ends a change, to open one into its parts.
     */
    @GetMapping("/history")
    @Requires(on = Requires.On.MAP)
    HistoryService.Page changes(@PathVariable long id, @RequestParam(required = false) Long before,
                                @RequestParam(required = false) Integer limit,
                                @RequestParam(required = false) Integer gap) {
        return lanes.run(Lanes.Lane.HISTORY, () -> history.changes(id, before, limit, gap));
    }

    /** What differs from one version to another (to: the current one when not given). */
    @GetMapping("/diff")
    @Requires(on = Requires.On.MAP)
    HistoryService.Compared diff(@PathVariable long id, @RequestParam long from, @RequestParam(required = false) Long to) {
        return lanes.run(Lanes.Lane.HISTORY, () -> history.diff(id, from, to));
    }

    /**
     * Version {@code to} drawn with what changed since {@code from} marked: a window ({@code x}, {@code y},
     * {@code width}, {@code height} in map pixels, at {@code scale}), or the whole map shrunk to fit without one;
     * {@code mode=side-by-side} puts {@code from} on the left.
     */
    @GetMapping(value = "/diff.png", produces = MediaType.IMAGE_PNG_VALUE)
    @Requires(on = Requires.On.MAP)
    ResponseEntity<byte[]> diffImage(@PathVariable long id, @RequestParam long from,
                                     @RequestParam(required = false) Long to,
                                     @RequestParam(defaultValue = "0") int x, @RequestParam(defaultValue = "0") int y,
                                     @RequestParam(required = false) Integer width,
                                     @RequestParam(required = false) Integer height,
                                     @RequestParam(defaultValue = "1") int scale,
                                     @RequestParam(defaultValue = "overlay") String mode) {
        if (!mode.equals("overlay") && !mode.equals("side-by-side")) {
            throw Refused.invalidField("mode", "mode is overlay (the default) or side-by-side, not '" + mode + "'.");
        }
        ViewWindow window = null;
        if (width != null || height != null) {
            if (width == null || height == null || width < 1 || height < 1) {
                throw Refused.invalidField(width == null || width < 1 ? "width" : "height", "A window needs a "
                        + "positive width and height (or neither, for the whole map shrunk to fit).");
            }
            window = new ViewWindow(x, y, width, height);
        }
        ViewWindow chosen = window;
        HistoryService.Pair pair = lanes.run(Lanes.Lane.HISTORY, () -> history.pair(id, from, to));
        RenderService.Frame frame = renders.diffImage(id, pair.to(), pair.a(), pair.b(), chosen, scale,
                mode.equals("side-by-side"));
        return ResponseEntity.ok().contentType(MediaType.IMAGE_PNG)
                .header("X-Diff", pair.from() + "," + pair.to()).body(frame.png());
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
            throw Refused.invalidField("version", "Name the version to restore: {\"version\": 57}.");
        }
        HistoryService.Restored restored = lanes.run(Lanes.Lane.HISTORY,
                () -> history.restore(id, body.version(), ifMatch, Author.of(caller)));
        return ResponseEntity.ok().eTag(ETags.of(restored.version())).body(restored);
    }
}
