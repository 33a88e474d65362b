package dev.tilewright.grid;

import dev.tilewright.config.GridProperties;
import dev.tilewright.core.grid.CollisionGrid;
import dev.tilewright.web.ApiProblem;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The computed collision grid and grid motion: {@code GET /api/v1/maps/{id}/grid}, {@code POST .../motion}. */
@RestController
class GridController {

    private static final Map<String, Integer> FLAGS = Map.of("left", CollisionGrid.LEFT, "right", CollisionGrid.RIGHT,
            "top", CollisionGrid.TOP, "bottom", CollisionGrid.BOTTOM, "ground", CollisionGrid.GROUND,
            "floating", CollisionGrid.FLOATING);

    private final GridService grids;
    private final GridProperties properties;

    GridController(GridService grids, GridProperties properties) {
        this.grids = grids;
        this.properties = properties;
    }

    /** A grid as JSON: one array of element flags per row, and what each bit means. */
    record GridJson(long version, int columns, int rows, int elementWidth, int elementHeight,
                    Map<String, Integer> flags, List<int[]> cells) {
    }

    @GetMapping(value = "/api/v1/maps/{id}/grid", produces = MediaType.APPLICATION_JSON_VALUE)
    GridJson json(@PathVariable long id, @RequestParam(required = false) Integer elementWidth,
                  @RequestParam(required = false) Integer elementHeight) {
        GridService.Computed computed = grids.grid(id, elementWidth, elementHeight);
        CollisionGrid grid = computed.grid();
        long elements = (long) grid.columns() * grid.rows();
        if (elements > properties.maxJsonElements()) {
            throw ApiProblem.overLimit(HttpStatus.UNPROCESSABLE_CONTENT, "tilewright.grid.max-json-elements",
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
    ResponseEntity<byte[]> bytes(@PathVariable long id, @RequestParam(required = false) Integer elementWidth,
                                 @RequestParam(required = false) Integer elementHeight) {
        GridService.Computed computed = grids.grid(id, elementWidth, elementHeight);
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
    Allowed motion(@PathVariable long id, @RequestBody Motion motion) {
        if (motion.box() == null) {
            throw ApiProblem.invalidField("box", "box {x, y, width, height} is required.");
        }
        Box box = motion.box();
        double[] allowed = grids.motion(id, ApiProblem.finite(box.x(), "box.x"), ApiProblem.finite(box.y(), "box.y"),
                ApiProblem.finite(box.width(), "box.width"), ApiProblem.finite(box.height(), "box.height"),
                ApiProblem.finite(motion.dx(), "dx"), ApiProblem.finite(motion.dy(), "dy"), motion.elementWidth(),
                motion.elementHeight());
        return new Allowed(allowed[0], allowed[1]);
    }
}
