package dev.tilewright.grid;

import dev.tilewright.access.Caller;
import dev.tilewright.access.Requires;
import dev.tilewright.map.Author;
import dev.tilewright.access.Roles.Action;

import dev.tilewright.config.GridProperties;
import dev.tilewright.core.edit.OverrideGrid;
import dev.tilewright.core.edit.SetGrid;
import dev.tilewright.core.grid.CollisionGrid;
import dev.tilewright.core.model.GridSettings;
import dev.tilewright.map.MapEdits;
import dev.tilewright.map.MapReads;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.web.ETags;
import dev.tilewright.web.Lanes;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The computed collision grid, its settings and overrides, and grid motion: {@code GET /api/v1/maps/{id}/grid},
 * {@code POST .../grid/compute}, {@code GET|PUT .../grid/overrides}, {@code POST .../motion}.
 */
@RestController
class GridController {

    private static final Map<String, Integer> FLAGS = Map.of("left", CollisionGrid.LEFT, "right", CollisionGrid.RIGHT,
            "top", CollisionGrid.TOP, "bottom", CollisionGrid.BOTTOM, "ground", CollisionGrid.GROUND,
            "floating", CollisionGrid.FLOATING);
    /** The flags' names by bit. */
    private static final List<String> FLAG_NAMES = List.of("left", "right", "top", "bottom", "ground", "floating");

    private final GridService grids;
    private final MapReads maps;
    private final MapEdits edits;
    private final GridProperties properties;
    private final Lanes lanes;

    GridController(GridService grids, MapReads maps, MapEdits edits, GridProperties properties, Lanes lanes) {
        this.grids = grids;
        this.maps = maps;
        this.edits = edits;
        this.properties = properties;
        this.lanes = lanes;
    }

    /** A grid as JSON: one array of element flags per row, and what each bit means. */
    record GridJson(long version, int columns, int rows, int elementWidth, int elementHeight,
                    Map<String, Integer> flags, List<int[]> cells) {
    }

    /** A summary of a computed grid: how it is computed and how many elements carry each flag. */
    record Summary(long version, GridSettings settings, int columns, int rows, int elementWidth, int elementHeight,
                   int overrides, Map<String, Long> counts) {
    }

    /**
     * Sets how the map's grid is computed (a {@code setGrid} op, versioned and undoable like any edit; nothing
     * changes when the settings are the same) and answers the grid's summary. If-Match is optional.
     */
    @PostMapping("/api/v1/maps/{id}/grid/compute")
    @Requires(value = Action.EDIT, on = Requires.On.MAP)
    ResponseEntity<Summary> compute(@PathVariable long id, @RequestBody(required = false) GridSettings settings,
                                    @RequestHeader(value = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                    Caller caller) {
        GridSettings wanted = settings == null ? GridSettings.DEFAULT : settings;
        GridSettings current = maps.read(id, (version, map) -> map.gridSettings());
        if (!current.equals(wanted)) {
            edits.apply(id, version -> matchIfAsked(ifMatch, version), null, null, new SetGrid(wanted), Author.of(caller)).done();
        } else {
            matchIfAsked(ifMatch, maps.version(id));
        }
        return summary(id);
    }

    private static void matchIfAsked(String ifMatch, long version) {
        if (ifMatch != null) {
            ETags.requireMatch(ifMatch, version);
        }
    }

    private ResponseEntity<Summary> summary(long id) {
        GridService.Computed computed = lanes.run(Lanes.Lane.GRID, () -> grids.grid(id, null, null));
        CollisionGrid grid = computed.grid();
        long[] counts = new long[FLAG_NAMES.size()];
        for (int ey = 0; ey < grid.rows(); ey++) {
            for (int ex = 0; ex < grid.columns(); ex++) {
                int flags = grid.get(ex, ey);
                for (int bit = 0; bit < counts.length; bit++) {
                    counts[bit] += (flags >> bit) & 1;
                }
            }
        }
        Map<String, Long> named = new LinkedHashMap<>();
        for (int bit = 0; bit < counts.length; bit++) {
            named.put(FLAG_NAMES.get(bit), counts[bit]);
        }
        return maps.read(id, (version, map) -> ResponseEntity.ok().eTag(ETags.of(computed.version()))
                .body(new Summary(computed.version(), map.gridSettings(), grid.columns(), grid.rows(),
                        grid.elementWidth(), grid.elementHeight(), map.gridOverrides().count(), named)));
    }

    /** Designers' overrides: which elements, with which solid sides. */
    record Overrides(long version, int elementWidth, int elementHeight, List<OverrideGrid.Element> elements) {
    }

    @GetMapping("/api/v1/maps/{id}/grid/overrides")
    @Requires(on = Requires.On.MAP)
    ResponseEntity<Overrides> overrides(@PathVariable long id) {
        return maps.read(id, (version, map) -> {
            List<OverrideGrid.Element> elements = new ArrayList<>(map.gridOverrides().count());
            map.gridOverrides().forEach((x, y, sides) -> elements.add(new OverrideGrid.Element(x, y, sides)));
            return ResponseEntity.ok().eTag(ETags.of(version)).body(new Overrides(version,
                    map.gridSettings().elementWidth(map.tileWidth()), map.gridSettings().elementHeight(map.tileHeight()),
                    elements));
        });
    }

    /** Elements to override (sides 0..15) or to release (sides null); with clear, every other override goes. */
    record OverridesRequest(Boolean clear, List<OverrideGrid.Element> elements) {
    }

    /**
     * Changes overrides with an {@code overrideGrid} op (versioned and undoable like any edit); they survive every
     * recomputation. If-Match is optional. Answers the grid's summary.
     */
    @PutMapping("/api/v1/maps/{id}/grid/overrides")
    @Requires(value = Action.EDIT, on = Requires.On.MAP)
    ResponseEntity<Summary> putOverrides(@PathVariable long id, @RequestBody OverridesRequest body,
                                         @RequestHeader(value = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                         Caller caller) {
        if (body.elements() == null && !Boolean.TRUE.equals(body.clear())) {
            throw Refused.invalidField("elements", "Send elements [{\"x\":3,\"y\":4,\"sides\":15}, ...] "
                    + "(sides null releases one) and/or \"clear\":true.");
        }
        if (body.elements() != null && body.elements().contains(null)) {
            throw Refused.invalidField("elements", "An element must not be null.");
        }
        edits.apply(id, version -> matchIfAsked(ifMatch, version), null, null,
                new OverrideGrid(body.clear(), body.elements()), Author.of(caller)).done();
        return summary(id);
    }

    @GetMapping(value = "/api/v1/maps/{id}/grid", produces = MediaType.APPLICATION_JSON_VALUE)
    @Requires(on = Requires.On.MAP)
    GridJson json(@PathVariable long id, @RequestParam(required = false) Integer elementWidth,
                  @RequestParam(required = false) Integer elementHeight) {
        GridService.Computed computed = lanes.run(Lanes.Lane.GRID, () -> grids.grid(id, elementWidth, elementHeight));
        CollisionGrid grid = computed.grid();
        long elements = (long) grid.columns() * grid.rows();
        if (elements > properties.maxJsonElements()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.grid.max-json-elements",
                    properties.maxJsonElements(), "The grid has " + elements + " elements; ask for it with "
                            + "Accept: application/octet-stream (one byte each, row by row)").with("field", "Accept");
        }
        List<int[]> rows = new ArrayList<>(grid.rows());
        for (int ey = 0; ey < grid.rows(); ey++) {
            int[] row = new int[grid.columns()];
            for (int ex = 0; ex < grid.columns(); ex++) {
                row[ex] = grid.get(ex, ey);
            }
            rows.add(row);
        }
        return new GridJson(computed.version(), grid.columns(), grid.rows(), grid.elementWidth(), grid.elementHeight(),
                FLAGS, rows);
    }

    @GetMapping(value = "/api/v1/maps/{id}/grid", produces = MediaType.APPLICATION_OCTET_STREAM_VALUE)
    @Requires(on = Requires.On.MAP)
    ResponseEntity<byte[]> bytes(@PathVariable long id, @RequestParam(required = false) Integer elementWidth,
                                 @RequestParam(required = false) Integer elementHeight) {
        GridService.Computed computed = lanes.run(Lanes.Lane.GRID, () -> grids.grid(id, elementWidth, elementHeight));
        CollisionGrid grid = computed.grid();
        return ResponseEntity.ok().header("X-Grid-Columns", Integer.toString(grid.columns()))
                .header("X-Grid-Rows", Integer.toString(grid.rows()))
                .header("X-Grid-Element-Width", Integer.toString(grid.elementWidth()))
                .header("X-Grid-Element-Height", Integer.toString(grid.elementHeight()))
                .header("X-Map-Version", Long.toString(computed.version()))
                .body(grid.toBytes());
    }

    record Box(Double x, Double y, Double width, Double height) {
    }

    record Motion(Box box, Double dx, Double dy, Integer elementWidth, Integer elementHeight) {
    }

    record Allowed(double dx, double dy) {
    }

    @PostMapping("/api/v1/maps/{id}/motion")
    @Requires(on = Requires.On.MAP)
    Allowed motion(@PathVariable long id, @RequestBody Motion motion) {
        if (motion.box() == null) {
            throw Refused.invalidField("box", "box {x, y, width, height} is required.");
        }
        Box box = motion.box();
        double x = Refused.finite(box.x(), "box.x");
        double y = Refused.finite(box.y(), "box.y");
        double width = Refused.finite(box.width(), "box.width");
        double height = Refused.finite(box.height(), "box.height");
        double dx = Refused.finite(motion.dx(), "dx");
        double dy = Refused.finite(motion.dy(), "dy");
        double[] allowed = lanes.run(Lanes.Lane.BATCH, () -> grids.motion(id, x, y, width, height, dx, dy,
                motion.elementWidth(), motion.elementHeight()));
        return new Allowed(allowed[0], allowed[1]);
    }
}
