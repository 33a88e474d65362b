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

    record Point(Double x, Double y) {
    }

    /** A reachability question: can a box of this size get from one top-left position to another? */
    /**
     * A reachability question: can a box of this size get from one top-left position to another? Platformer
     * questions also give the jump height (px) and may give gravity (px/s^2, default 980) and run speed (px/s,
     * default 160).
     */
    record PathQuery(Point from, Point to, String movement, Box box, Double jumpHeight, Double gravity,
                     Double runSpeed, Integer elementWidth, Integer elementHeight) {
    }

    record Tile(int x, int y) {
    }

    /** The explored area in tiles: the bounding box of every position the search visited. */
    record Area(int x, int y, int width, int height) {
    }

    /**
     * @param cost         top-down: 10 per step, 14 per diagonal; platformer: moves (walks and jumps)
     * @param takeOffSpeed platformer: sqrt(2 g h), px/s
     */
    record PathAnswer(boolean reachable, List<Tile> tiles, Integer cost, int visited, Area explored, boolean gaveUp,
                      Double takeOffSpeed, long version) {
    }

    @PostMapping("/api/v1/maps/{id}/queries/path")
    PathAnswer path(@PathVariable long id, @RequestBody PathQuery query) {
        String movement = query.movement() == null ? "topdown" : query.movement();
        if (!movement.equals("topdown") && !movement.equals("platformer")) {
            throw ApiProblem.invalidField("movement", "movement is \"topdown\" or \"platformer\", was \"" + movement
                    + "\".");
        }
        if (query.from() == null || query.to() == null || query.box() == null) {
            throw ApiProblem.invalidField(query.from() == null ? "from" : query.to() == null ? "to" : "box",
                    "from, to and box are required.");
        }
        double fromX = ApiProblem.finite(query.from().x(), "from.x");
        double fromY = ApiProblem.finite(query.from().y(), "from.y");
        double toX = ApiProblem.finite(query.to().x(), "to.x");
        double toY = ApiProblem.finite(query.to().y(), "to.y");
        double width = ApiProblem.finite(query.box().width(), "box.width");
        double height = ApiProblem.finite(query.box().height(), "box.height");
        if (movement.equals("platformer")) {
            GridService.Platformer answer = grids.platformer(id, fromX, fromY, toX, toY, width, height,
                    ApiProblem.finite(query.jumpHeight(), "jumpHeight"),
                    query.gravity() == null ? 980 : ApiProblem.finite(query.gravity(), "gravity"),
                    query.runSpeed() == null ? 160 : ApiProblem.finite(query.runSpeed(), "runSpeed"),
                    query.elementWidth(), query.elementHeight());
            int tileWidth = answer.tileWidth();
            int tileHeight = answer.tileHeight();
            List<Tile> tiles = new ArrayList<>();
            for (double[] at : answer.result().path()) {
                tiles.add(new Tile((int) Math.floor(at[0] / tileWidth), (int) Math.floor(at[1] / tileHeight)));
            }
            double[] box = answer.result().explored();
            int x0 = (int) Math.floor(box[0] / tileWidth);
            int y0 = (int) Math.floor(box[1] / tileHeight);
            Area explored = new Area(x0, y0, (int) Math.floor(box[2] / tileWidth) - x0 + 1,
                    (int) Math.floor(box[3] / tileHeight) - y0 + 1);
            return new PathAnswer(answer.result().reachable(), tiles,
                    answer.result().reachable() ? answer.result().path().size() - 1 : null, answer.result().visited(),
                    explored, answer.result().gaveUp(), answer.takeOffSpeed(), answer.version());
        }
        GridService.Path path = grids.path(id, fromX, fromY, toX, toY, width, height, query.elementWidth(),
                query.elementHeight());
        int perTileX = path.elementsPerTileX();
        int perTileY = path.elementsPerTileY();
        List<Tile> tiles = new ArrayList<>();
        for (int[] at : path.result().path()) {
            Tile tile = new Tile(at[0] / perTileX, at[1] / perTileY);
            if (tiles.isEmpty() || !tiles.get(tiles.size() - 1).equals(tile)) {
                tiles.add(tile);
            }
        }
        int[] box = path.result().explored();
        Area explored = new Area(box[0] / perTileX, box[1] / perTileY, box[2] / perTileX - box[0] / perTileX + 1,
                box[3] / perTileY - box[1] / perTileY + 1);
        return new PathAnswer(path.result().reachable(), tiles, path.result().reachable() ? path.result().cost() : null,
                path.result().visited(), explored, path.result().gaveUp(), null, path.version());
    }
}
