package dev.tilewright.checks;

import dev.tilewright.core.check.Check;
import dev.tilewright.core.check.CheckList;
import dev.tilewright.core.check.CheckResult;
import dev.tilewright.core.check.CheckRules;
import dev.tilewright.core.check.CheckRun;
import dev.tilewright.core.check.Searches;
import dev.tilewright.config.ChecksProperties;
import dev.tilewright.core.edit.SetProperty;
import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.geom.Orthogonal;
import dev.tilewright.core.geom.Isometric;
import dev.tilewright.core.geom.Oblique;
import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.Projection;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.config.GridProperties;
import dev.tilewright.config.QueryProperties;
import dev.tilewright.core.grid.Reach;
import dev.tilewright.core.query.GridRay;
import dev.tilewright.grid.GridService;
import dev.tilewright.grid.Reachability;
import dev.tilewright.map.Author;
import dev.tilewright.map.MapEdits;
import dev.tilewright.map.MapReads;
import dev.tilewright.map.OpsCommitted;
import dev.tilewright.map.Versioned;
import dev.tilewright.render.CheckMarks;
import dev.tilewright.system.BackgroundWork;
import dev.tilewright.system.FairQueue;
import dev.tilewright.system.Phase;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.web.DatabaseAway;
import dev.tilewright.web.ETags;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A map's checks (docs/review.md): kept in its {@code tilewright.checks} property (set with an ordinary op, so they
 * are versioned, undone and exported with the map), run after edits (debounced per map, {@code checks.threads} maps
 * at a time taken in turns by project, never on a request's thread) on the map as it is then, each run within
 * {@code run-budget-ms} (checks past it are reported {@code gaveUp}), and their results kept per version checked.
 * Every run's results reach the map's open editors as a {@link ChecksRan} event.
 */
@Component
public class MapChecks extends BackgroundWork {

    /** What a version's checks came to: {@code done} (results), {@code pending} (due), {@code skipped}. */
    public record Report(long mapId, long version, String state, List<CheckResult> results) {
    }

    private static final Logger log = LoggerFactory.getLogger(MapChecks.class);
    private static final TypeReference<List<CheckResult>> RESULTS = new TypeReference<>() {
    };

    private final MapReads reads;
    private final MapEdits edits;
    private final GridService grids;
    private final Reach.Limits reachLimits;
    private final QueryProperties queries;
    private final JdbcTemplate jdbc;
    private final JsonMapper json;
    private final ChecksProperties properties;
    private final ApplicationEventPublisher events;
    private final Set<Long> queued = new HashSet<>();
    /** Maps whose checks are due, taken in turns by project: one project's many maps never hold up another's. */
    private final FairQueue<Long, Long> due = new FairQueue<>();
    private ScheduledExecutorService timer;
    private ExecutorService runners;

    MapChecks(MapReads reads, MapEdits edits, GridService grids, GridProperties gridProperties,
              QueryProperties queries, JdbcTemplate jdbc, JsonMapper json, ChecksProperties properties,
              ApplicationEventPublisher events) {
        super("checks", Phase.WRITE_BACK);
        this.reads = reads;
        this.edits = edits;
        this.grids = grids;
        this.reachLimits = Reachability.limits(gridProperties);
        this.queries = queries;
        this.jdbc = jdbc;
        this.json = json;
        this.properties = properties;
        this.events = events;
    }

    @Override
    protected void started() {
        timer = timer("debounce");
        runners = fixedPool("run", Math.max(1, properties.threads()));
    }

    /** A map's checks (none: an empty list). */
    public List<Check> checks(long mapId) {
        return parse(reads.view(mapId).map());
    }

    /**
     * Sets a map's checks with one op (attributed, undoable, relayed like any edit), against the version
     * {@code ifMatch} names when given; the new version.
     */
    public long put(long mapId, List<Check> checks, String ifMatch, Author author) {
        if (checks == null) {
            throw Refused.invalidField("checks", "Send {\"checks\": [{\"name\": ..., \"type\": ...}, ...]}.");
        }
        if (checks.size() > properties.maxChecks()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.checks.max-checks",
                    properties.maxChecks(), checks.size() + " checks").with("field", "checks");
        }
        CheckRules.validate(checks);
        String text = json.writeValueAsString(new CheckList(checks));
        int bytes = text.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > properties.maxBytes()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.checks.max-bytes",
                    properties.maxBytes(), "The checks take " + bytes + " bytes as JSON").with("field", "checks");
        }
        SetProperty op = checks.isEmpty() ? new SetProperty(null, null, CheckRules.PROPERTY, null)
                : new SetProperty(null, null, CheckRules.PROPERTY, Property.of(CheckRules.PROPERTY, text));
        return edits.apply(mapId, version -> {
            if (ifMatch != null) {
                ETags.requireMatch(ifMatch, version);
            }
        }, null, null, op, author).done().version();
    }

    /**
     * What a version's checks came to (the current version when null): its results once run, {@code pending} while
     * the current version's run is due, {@code skipped} for a version edits went past before its run.
     */
    public Report report(long mapId, Long version) {
        long current = reads.version(mapId);
        long at = version == null ? current : version;
        if (at < 1 || at > current) {
            throw Refused.invalidField("version", "Map " + mapId + " has versions 1.." + current + ", not " + at
                    + ".");
        }
        List<String> found = jdbc.queryForList("SELECT results::text FROM map_check_results WHERE map_id = ? AND "
                + "version = ?", String.class, mapId, at);
        if (!found.isEmpty()) {
            return new Report(mapId, at, "done", json.readValue(found.get(0), RESULTS));
        }
        if (at == current) {
            if (checks(mapId).isEmpty()) {
                return new Report(mapId, at, "done", List.of());
            }
            due(mapId, 0);
            return new Report(mapId, at, "pending", List.of());
        }
        return new Report(mapId, at, "skipped", List.of());
    }

    /** The latest version checked at or before {@code version} (the current one when null); 0 when none. */
    public long checkedVersion(long mapId, Long version) {
        Long found = jdbc.queryForObject("SELECT max(version) FROM map_check_results WHERE map_id = ? AND version <= ?",
                Long.class, mapId, version == null ? Long.MAX_VALUE : version);
        return found == null ? 0 : found;
    }

    /**
     * What the failing checks of the latest version checked at or before {@code version} (the current one when
     * null) found, as marks in map pixels for a render: an unreachable goal's explored area, the line a blocked
     * check found open, empty cells, offending objects.
     */
    public List<CheckMarks.Mark> marks(long mapId, Long version) {
        TileMap map = reads.view(mapId).map();
        List<String> found = jdbc.queryForList("SELECT results::text FROM map_check_results WHERE map_id = ? AND "
                + "version <= ? ORDER BY version DESC LIMIT 1", String.class, mapId,
                version == null ? Long.MAX_VALUE : version);
        return found.isEmpty() ? List.of() : marksOf(map.projection(), map.offset(), json.readTree(found.get(0)));
    }

    /**
     * The marks of check results (their JSON) on a map of this projection and offset, in screen pixels: areas and
     * cells outlined as the orientation draws them (a diamond's or hexagon's sides), lines and objects (given in the
     * map's pixel space, where queries and objects live) moved onto the screen.
     */
    static List<CheckMarks.Mark> marksOf(Projection projection, Position offset, JsonNode results) {
        List<CheckMarks.Mark> marks = new ArrayList<>();
        for (JsonNode result : results) {
            if (result.path("passed").asBoolean(true)) {
                continue;
            }
            JsonNode d = result.path("details");
            JsonNode explored = d.path("explored");
            if (explored.isObject()) {
                double x = explored.path("x").asDouble();
                double y = explored.path("y").asDouble();
                double w = explored.path("width").asDouble();
                double h = explored.path("height").asDouble();
                Position from = projection.tileToScreen(x, y);
                Position to = projection.tileToScreen(x + w, y + h);
                if (projection instanceof Orthogonal) {
                    marks.add(CheckMarks.Mark.rect(from.x(), from.y(), to.x() - from.x(), to.y() - from.y(),
                            CheckMarks.FAIL));
                } else {
                    outline(marks, List.of(from, projection.tileToScreen(x + w, y), to, projection.tileToScreen(x,
                            y + h)));
                }
            }
            if ("blocked".equals(result.path("type").asString()) && d.path("from").isObject()) {
                Position from = onScreen(projection, d.path("from").path("x").asDouble() - offset.x(),
                        d.path("from").path("y").asDouble() - offset.y());
                Position to = onScreen(projection, d.path("to").path("x").asDouble() - offset.x(),
                        d.path("to").path("y").asDouble() - offset.y());
                marks.add(CheckMarks.Mark.line(from.x(), from.y(), to.x(), to.y(), CheckMarks.FAIL));
            }
            for (JsonNode cell : d.path("cells")) {
                int tx = cell.path("x").asInt();
                int ty = cell.path("y").asInt();
                if (projection instanceof Orthogonal) {
                    PixelBox box = projection.cellBox(tx, ty);
                    marks.add(CheckMarks.Mark.rect(box.x(), box.y(), box.width(), box.height(), CheckMarks.FAIL));
                } else {
                    outline(marks, cellOutline(projection, tx, ty));
                }
            }
            for (JsonNode o : d.path("offending")) {
                Position at = onScreen(projection, o.path("x").asDouble(), o.path("y").asDouble());
                marks.add(CheckMarks.Mark.rect(at.x() - 3, at.y() - 3, 6, 6, CheckMarks.FAIL));
            }
        }
        return marks;
    }

    /**
     * A point of the map's pixel space on its screen (where it is on orthogonal, staggered and hexagonal maps; turned
     * onto the diamonds, or sheared, on isometric and oblique ones).
     */
    private static Position onScreen(Projection projection, double x, double y) {
        if (!(projection instanceof Isometric) && !(projection instanceof Oblique)) {
            return new Position(x, y);
        }
        Position tile = projection.pixelToTile(new Position(x, y));
        return projection.tileToScreen(tile.x(), tile.y());
    }

    /** A cell's corners on the screen, clockwise: a square's or diamond's four, a hexagon's six. */
    static List<Position> cellOutline(Projection projection, int tx, int ty) {
        if (projection instanceof Hexagonal hex) {
            PixelBox box = hex.cellBox(tx, ty);
            List<Position> out = new ArrayList<>();
            for (long[] c : hex.corners()) {
                Position p = new Position(box.x() + c[0], box.y() + c[1]);
                if (out.isEmpty() || !out.get(out.size() - 1).equals(p) && !out.get(0).equals(p)) {
                    out.add(p);
                }
            }
            return out;
        }
        return List.of(projection.tileToScreen(tx, ty), projection.tileToScreen(tx + 1, ty),
                projection.tileToScreen(tx + 1, ty + 1), projection.tileToScreen(tx, ty + 1));
    }

    /** A closed outline as line marks, side by side. */
    private static void outline(List<CheckMarks.Mark> marks, List<Position> corners) {
        for (int i = 0; i < corners.size(); i++) {
            Position a = corners.get(i);
            Position b = corners.get((i + 1) % corners.size());
            marks.add(CheckMarks.Mark.line(a.x(), a.y(), b.x(), b.y(), CheckMarks.FAIL));
        }
    }

    /** Heard after each commit (under the map's lock): the map's checks are due once the debounce is over. */
    @EventListener
    void committed(OpsCommitted event) {
        due(event.mapId(), properties.debounceMs());
    }

    private void due(long mapId, long delayMs) {
        if (timer == null) {
            return;
        }
        synchronized (queued) {
            if (!queued.add(mapId)) {
                return;
            }
        }
        try {
            timer.schedule(() -> ready(mapId), delayMs, TimeUnit.MILLISECONDS);
        } catch (RuntimeException stopping) {
            synchronized (queued) {
                queued.remove(mapId);
            }
        }
    }

    /** A map's debounce is over: it waits its project's turn for a runner. */
    private void ready(long mapId) {
        long project;
        try {
            project = reads.project(mapId);
        } catch (RuntimeException gone) {
            synchronized (queued) {
                queued.remove(mapId);
            }
            return; // deleted, or the database away: the next edit makes it due again
        }
        due.offer(project, mapId);
        try {
            runners.execute(this::runNext);
        } catch (RuntimeException stopping) {
            // the service is stopping
        }
    }

    /** Runs the checks of the map whose project's turn it is (one task per map made ready, so none is left). */
    private void runNext() {
        Long mapId = due.poll();
        if (mapId != null) {
            run(mapId);
        }
    }

    private void run(long mapId) {
        synchronized (queued) {
            queued.remove(mapId);
        }
        try {
            Versioned view = reads.view(mapId);
            List<Check> checks = parse(view.map());
            if (checks.isEmpty()) {
                return; // a map without checks has nothing to keep or tell
            }
            List<CheckResult> results;
            try {
                results = CheckRun.run(view.map(), checks, searches(mapId, view), properties.runBudgetMs());
            } catch (Searches.MovedOn movedOn) {
                // the map moved on while the grid was searched: the commit that moved it runs them again
                return;
            }
            store(mapId, view.version(), results);
            events.publishEvent(new ChecksRan(mapId, view.version(), results));
        } catch (RuntimeException e) {
            if (DatabaseAway.is(e)) {
                log.debug("Checks of map {} not run: the database is away", mapId);
            } else {
                log.debug("Checks of map {} not run: {}", mapId, e.toString());
            }
        }
    }

    /** The searches on the grid the service keeps for the map, for the version being checked. */
    private Searches searches(long mapId, Versioned view) {
        TileMap map = view.map();
        return new Searches() {
            @Override
            public GridRay.Hit blocked(double fromX, double fromY, double toX, double toY) {
                return GridRay.first(map, grid(null, null).grid(), fromX, fromY, toX, toY, queries.marginTiles(),
                        queries.maxTiles());
            }

            @Override
            public Reach.Answer reach(Reach.Search search) {
                return Reach.search(grid(null, null).placed(), search, reachLimits);
            }

            private GridService.Computed grid(Integer ew, Integer eh) {
                GridService.Computed computed = grids.grid(mapId, ew, eh);
                if (computed.version() != view.version()) {
                    throw new Searches.MovedOn();
                }
                return computed;
            }
        };
    }

    private void store(long mapId, long version, List<CheckResult> results) {
        jdbc.update("INSERT INTO map_check_results (map_id, version, results) VALUES (?, ?, ?::jsonb) ON CONFLICT "
                + "(map_id, version) DO UPDATE SET results = EXCLUDED.results, checked_at = now()", mapId, version,
                json.writeValueAsString(results));
        jdbc.update("DELETE FROM map_check_results WHERE map_id = ? AND version < (SELECT min(version) FROM (SELECT "
                + "version FROM map_check_results WHERE map_id = ? ORDER BY version DESC LIMIT ?) kept)", mapId, mapId,
                properties.keepResults());
    }

    /** The checks a map keeps (none when its property is absent or unreadable). */
    private List<Check> parse(TileMap map) {
        return map.properties().get(CheckRules.PROPERTY).map(p -> {
            try {
                CheckList read = json.readValue(String.valueOf(p.value()), CheckList.class);
                return read.checks() == null ? List.<Check>of() : read.checks();
            } catch (JacksonException unreadable) {
                // edited by hand (a Tiled property): it reads as no checks rather than failing every run
                return List.<Check>of();
            }
        }).orElse(List.of());
    }
}
