package dev.tilewright.history;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
import dev.tilewright.core.edit.AddLayer;
import dev.tilewright.core.edit.Cell;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.Paint;
import dev.tilewright.core.edit.RandomOps;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.map.MapHistory;
import dev.tilewright.map.MapReads;
import dev.tilewright.support.Api;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A map's history through the API, on the embedded PostgreSQL: 300 random edits by two people read back as their
 * runs, page by page; any version viewed equals the map as it was then (recorded as the edits were made); a restore
 * makes the map equal to a past version and its undo brings the map back.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tilewright.database.data-dir=", "tilewright.storage.checkpoint-every=25"})
@Tag(Lanes.SERVICE)
class HistoryApiTest {

    @LocalServerPort
    int port;
    @Autowired
    MapReads reads;
    @Autowired
    MapHistory history;
    @Autowired
    JsonMapper json;
    @Autowired
    JdbcTemplate jdbc;

    /** What the map was at one version: its JSON (without cell links) and each tile layer's cells. */
    private record State(JsonNode map, Map<Integer, JsonNode> cells) {
    }

    /** A run of versions by one author, as the test made them. */
    private record Run(long from, long to, String author) {
    }

    @Test
    void twoPeoplesEditsReadBackAsRunsAndAnyVersionCanBeViewedAndRestored() {
        Api admin = new Api(port);
        long mapId = admin.newMap("history", 70, 66);
        long project = admin.projectOf(mapId);
        Map<String, Api> people = new HashMap<>();
        for (String name : List.of("Alice", "Bob")) {
            people.put(name, admin.as(admin.token(admin.person(name, project, "editor"), "write")));
        }
        Map<Long, State> states = new HashMap<>();
        List<Run> runs = new ArrayList<>();
        long version = send(people.get("Alice"), mapId, 1, new AddLayer(0, LayerKind.OBJECT,
                LayerAttributes.named("things"), null));
        runs.add(new Run(2, 2, "Alice"));
        states.put(1L, null);
        states.put(version, state(admin, mapId));

        Random random = new Random(24);
        String author = "Bob";
        int left = 0;
        for (int edits = 0; edits < 300; ) {
            if (left == 0) {
                author = author.equals("Alice") ? "Bob" : "Alice";
                left = 1 + random.nextInt(15);
            }
            MapOp op = reads.read(mapId, (v, map) -> RandomOps.randomOp(random, map));
            long made = send(people.get(author), mapId, version, op);
            if (made < 0) {
                continue;
            }
            version = made;
            edits++;
            left--;
            Run last = runs.get(runs.size() - 1);
            if (last.author().equals(author)) {
                runs.set(runs.size() - 1, new Run(last.from(), version, author));
            } else {
                runs.add(new Run(version, version, author));
            }
            states.put(version, state(admin, mapId));
        }

        // the history: every run, newest first, then the map's making; the same page by page
        List<Run> expected = new ArrayList<>(runs);
        java.util.Collections.reverse(expected);
        JsonNode page = admin.get("/api/v1/maps/" + mapId + "/history?limit=200").json();
        assertThat(page.get("version").asLong()).isEqualTo(version);
        assertThat(runsOf(page)).isEqualTo(expected);
        assertThat(page.get("changes").get(expected.size()).get("fromVersion").asLong()).isEqualTo(1);
        assertThat(page.hasNonNull("next")).isFalse();
        List<Run> paged = new ArrayList<>();
        String before = "";
        while (true) {
            JsonNode part = admin.get("/api/v1/maps/" + mapId + "/history?limit=7" + before).json();
            paged.addAll(runsOf(part));
            if (!part.hasNonNull("next")) {
                break;
            }
            before = "&before=" + part.get("next").asLong();
        }
        assertThat(paged).isEqualTo(expected);
        JsonNode newest = page.get("changes").get(0);
        assertThat(newest.get("ops").asLong()).isEqualTo(expected.get(0).to() - expected.get(0).from() + 1);
        assertThat(newest.get("summary").get("text").asString()).startsWith(expected.get(0).author() + ": ");

        // a run opens into its parts: read with no pause joining versions, each version its author made apart
        Run opened = runs.stream().filter(r -> r.to() - r.from() >= 2).findFirst().orElseThrow();
        JsonNode parts = admin.get("/api/v1/maps/" + mapId + "/history?before=" + (opened.to() + 1) + "&limit="
                + (opened.to() - opened.from() + 1) + "&gap=0").json();
        List<Run> partRuns = runsOf(parts).stream().filter(r -> r.from() >= opened.from()).toList();
        assertThat(partRuns.get(0).to()).isEqualTo(opened.to());
        assertThat(partRuns.get(partRuns.size() - 1).from()).isEqualTo(opened.from());
        assertThat(partRuns).as("more parts than the one run").hasSizeGreaterThan(1)
                .allMatch(r -> r.author().equals(opened.author()));
        assertThat(admin.get("/api/v1/maps/" + mapId + "/history?gap=-1").json().get("field").asString())
                .isEqualTo("gap");

        // a run whose versions lie further apart than the gap is two changes
        Run split = runs.stream().filter(r -> r.to() > r.from()).skip(3).findFirst().orElseThrow();
        jdbc.update("UPDATE map_ops SET created_at = created_at - interval '1 hour' WHERE map_id = ? AND version <= ?",
                mapId, split.from());
        List<Run> splitRuns = runsOf(admin.get("/api/v1/maps/" + mapId + "/history?limit=200").json());
        assertThat(splitRuns).contains(new Run(split.from(), split.from(), split.author()),
                new Run(split.from() + 1, split.to(), split.author())).doesNotContain(split);

        // any version, as it was
        for (int i = 0; i < 12; i++) {
            long v = 2 + random.nextInt((int) version - 1);
            assertThat(stateAt(admin, mapId, v)).as("version %d", v).isEqualTo(states.get(v));
        }

        // the diff of two versions, near (replayed on from the older) and far (each from its checkpoint), against the
        // cells recorded at both
        for (long[] pair : new long[][]{{version - 10, version - 3}, {5, version - 1}, {version - 2, 40}}) {
            JsonNode diff = admin.get("/api/v1/maps/" + mapId + "/diff?from=" + pair[0] + "&to=" + pair[1]).json();
            long total = 0;
            State from = states.get(pair[0]);
            State to = states.get(pair[1]);
            // a layer only one version has counts the cells it holds
            java.util.Set<Integer> layers = new java.util.TreeSet<>(to.cells().keySet());
            layers.addAll(from.cells().keySet());
            for (int layer : layers) {
                JsonNode earlier = from.cells().get(layer);
                JsonNode later = to.cells().get(layer);
                int size = (earlier != null ? earlier : later).get("gids").size();
                for (int i = 0; i < size; i++) {
                    long was = earlier == null ? 0 : earlier.get("gids").get(i).asLong();
                    long now = later == null ? 0 : later.get("gids").get(i).asLong();
                    total += was != now ? 1 : 0;
                }
            }
            assertThat(diff.get("diff").get("counts").get("cellsChanged").asLong()).as("v%d to v%d", pair[0], pair[1])
                    .isEqualTo(total);
        }

        // a restore: one new version equal to the old one (ids are never handed out again), and its undo
        long target = 2 + random.nextInt((int) version - 20);
        Api alice = people.get("Alice");
        assertThat(alice.postJson("/api/v1/maps/" + mapId + "/restore", "{\"version\":" + target + "}").status())
                .isEqualTo(428);
        assertThat(alice.postJson("/api/v1/maps/" + mapId + "/restore", "{\"version\":" + target + "}",
                "If-Match", "\"" + (version - 1) + "\"").status()).isEqualTo(412);
        assertThat(alice.postJson("/api/v1/maps/" + mapId + "/restore", "{\"version\":0}",
                "If-Match", "\"" + version + "\"").json().get("field").asString()).isEqualTo("version");
        Api.Response restored = alice.postJson("/api/v1/maps/" + mapId + "/restore", "{\"version\":" + target + "}",
                "If-Match", "\"" + version + "\"");
        assertThat(restored.status()).as(restored.text()).isEqualTo(200);
        assertThat(restored.json().get("version").asLong()).isEqualTo(version + 1);
        assertThat(restored.json().get("changed").asBoolean()).isTrue();
        assertThat(withoutCounters(state(admin, mapId))).isEqualTo(withoutCounters(states.get(target)));
        JsonNode latest = admin.get("/api/v1/maps/" + mapId + "/history?limit=1").json().get("changes").get(0);
        assertThat(latest.get("fromVersion").asLong()).isEqualTo(version + 1);
        assertThat(latest.get("author").get("name").asString()).isEqualTo("Alice");
        assertThat(latest.get("restored").asLong()).isEqualTo(target);
        assertThat(latest.get("summary").get("text").asString()).isEqualTo("Alice: restored version " + target);

        // the restore's undo as the answer gives it (what the editor's undo sends) is the inverse of the op logged
        TileMap beforeRestore = history.replay(mapId, version);
        MapOp inverse = history.ops(mapId, version, version + 1).get(0).applyTo(beforeRestore).inverse();
        MapOp undo = json.readValue(restored.json().get("undo").toString(), MapOp.class);
        TileMap undoneOnce = history.replay(mapId, version + 1);
        undo.applyTo(undoneOnce);
        TileMap invertedOnce = history.replay(mapId, version + 1);
        inverse.applyTo(invertedOnce);
        assertThat(dev.tilewright.core.edit.MapSnapshot.of(undoneOnce))
                .isEqualTo(dev.tilewright.core.edit.MapSnapshot.of(invertedOnce));
        long undone = send(alice, mapId, version + 1, undo);
        assertThat(undone).isEqualTo(version + 2);
        assertThat(withoutCounters(state(admin, mapId))).isEqualTo(withoutCounters(states.get(version)));

        // restoring the version the map is at changes nothing
        Api.Response same = alice.postJson("/api/v1/maps/" + mapId + "/restore", "{\"version\":" + undone + "}",
                "If-Match", "\"" + undone + "\"");
        assertThat(same.json().get("changed").asBoolean()).isFalse();
        assertThat(admin.get("/api/v1/maps/" + mapId).json().get("version").asLong()).isEqualTo(undone);
    }

    @Test
    void restoringTheMakingOrAVersionBeforeATilesetWasAddedGivesThatVersion() {
        Api admin = new Api(port);
        long mapId = admin.newMap("restore-early", 20, 12);
        long project = admin.projectOf(mapId);
        long second = admin.uploadTileset("restore-second", 2, 2, project);
        send(admin, mapId, 1, new Paint(1, List.of(new Cell(0, 0, 3), new Cell(5, 5, 8))));
        State beforeTileset = state(admin, mapId);
        String addTileset = "{\"type\":\"addTileset\",\"tilesetId\":" + second + "}";
        Api.Response added = admin.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[" + addTileset + "]}",
                "If-Match", "\"2\"");
        assertThat(added.status()).as(added.text()).isEqualTo(200);
        long version = send(admin, mapId, 3, new Paint(1, List.of(new Cell(1, 1, 9), new Cell(0, 0, 12))));
        version = send(admin, mapId, version, new AddLayer(0, LayerKind.OBJECT, LayerAttributes.named("things"), null));
        version = send(admin, mapId, version, new Paint(1, List.of(new Cell(19, 11, 10))));

        for (long target : new long[] {2, 1}) {
            State expected = stateAt(admin, mapId, target);
            Api.Response restored = admin.postJson("/api/v1/maps/" + mapId + "/restore", "{\"version\":" + target
                    + "}", "If-Match", "\"" + version + "\"");
            assertThat(restored.status()).as("restore to %d: %s", target, restored.text()).isEqualTo(200);
            version = restored.json().get("version").asLong();
            assertThat(withoutCounters(state(admin, mapId))).as("restored to %d", target)
                    .isEqualTo(withoutCounters(expected));
            assertThat(admin.get("/api/v1/maps/" + mapId).json().get("tilesets")).hasSize(1);
        }
        assertThat(withoutCounters(stateAt(admin, mapId, 2))).isEqualTo(withoutCounters(beforeTileset));
        // and forward again, to the version with the second tileset in use
        Api.Response forward = admin.postJson("/api/v1/maps/" + mapId + "/restore", "{\"version\":6}",
                "If-Match", "\"" + version + "\"");
        assertThat(forward.status()).as(forward.text()).isEqualTo(200);
        assertThat(withoutCounters(state(admin, mapId))).isEqualTo(withoutCounters(stateAt(admin, mapId, 6)));
    }

    @Test
    void aChangeSaysWhatItDidPerLayerAndPagesAreBounded() {
        Api admin = new Api(port);
        long mapId = admin.newMap("summary", 20, 20);
        Api bob = admin.as(admin.token(admin.person("Bob", admin.projectOf(mapId), "editor"), "write"));
        long v = send(bob, mapId, 1, new Paint(1, List.of(new Cell(1, 1, 3), new Cell(2, 1, 1))));
        v = send(bob, mapId, v, new Paint(1, List.of(new Cell(2, 1, 2), new Cell(3, 1, 1))));
        v = send(bob, mapId, v, new Paint(1, List.of(new Cell(9, 9, 0))));
        JsonNode change = admin.get("/api/v1/maps/" + mapId + "/history").json().get("changes").get(0);
        assertThat(change.get("summary").get("text").asString())
                .isEqualTo("Bob: 3 cells painted in ground, 1 cell erased in ground");
        assertThat(change.get("fromVersion").asLong()).isEqualTo(2);
        assertThat(change.get("toVersion").asLong()).isEqualTo(v);
        assertThat(change.get("summary").get("layers").get(0).get("cellsPainted").asLong()).isEqualTo(3);

        JsonNode diff = admin.get("/api/v1/maps/" + mapId + "/diff?from=1").json();
        assertThat(diff.get("to").asLong()).isEqualTo(v);
        JsonNode run = diff.get("diff").get("layers").get(0).get("cells").get(0);
        assertThat(run.toString()).isEqualTo("{\"x\":1,\"y\":1,\"width\":3,\"height\":1,\"before\":[0,0,0],"
                + "\"after\":[3,2,1]}");
        JsonNode back = admin.get("/api/v1/maps/" + mapId + "/diff?from=" + v + "&to=1").json();
        assertThat(back.get("diff").get("layers").get(0).get("cells").get(0).get("after").toString()).isEqualTo("[0,0,0]");
        assertThat(admin.get("/api/v1/maps/" + mapId + "/diff?from=0").json().get("field").asString()).isEqualTo("from");

        // the diff drawn: since v2, (2,1) changed 1 -> 2 and (3,1) was added; (1,1) stayed as v2 painted it
        java.awt.image.BufferedImage now = png(admin.get("/api/v1/maps/" + mapId + "/render.png?width=96&height=48"));
        java.awt.image.BufferedImage marked = png(admin.get("/api/v1/maps/" + mapId + "/diff.png?from=2&width=96&height=48"));
        assertThat(marked.getWidth()).isEqualTo(96);
        assertThat(marked.getRGB(40, 24)).as("inside a changed cell: as drawn").isEqualTo(now.getRGB(40, 24));
        assertThat(marked.getRGB(40, 16)).as("a changed cell's edge").isEqualTo(0xFFFF9F1A);
        assertThat(marked.getRGB(56, 16)).as("an added cell's edge").isEqualTo(0xFF2ECC40);
        int kept = now.getRGB(24, 24);
        int dimmed = marked.getRGB(24, 24);
        assertThat(kept >>> 24).isEqualTo(255);
        assertThat(kept & 0xFFFFFF).as("a tile with colour, to see it dimmed").isNotZero();
        for (int shift : new int[]{0, 8, 16}) {
            assertThat((dimmed >> shift) & 0xFF).as("an unchanged cell, dimmed")
                    .isCloseTo(((kept >> shift) & 0xFF) * 110 / 255, org.assertj.core.data.Offset.offset(1));
        }
        assertThat(png(admin.get("/api/v1/maps/" + mapId + "/diff.png?from=2&width=96&height=48&mode=side-by-side"))
                .getWidth()).isEqualTo(192);
        java.awt.image.BufferedImage whole = png(admin.get("/api/v1/maps/" + mapId + "/diff.png?from=2"));
        assertThat(whole.getWidth()).as("the whole map").isEqualTo(320);
        assertThat(whole.getRGB(56, 16)).isEqualTo(0xFF2ECC40);
        assertThat(admin.get("/api/v1/maps/" + mapId + "/diff.png?from=2&mode=blink").json().get("field").asString())
                .isEqualTo("mode");

        Api.Response tooMany = admin.get("/api/v1/maps/" + mapId + "/history?limit=201");
        assertThat(tooMany.status()).isEqualTo(422);
        assertThat(tooMany.text()).contains("tilewright.history.max-changes");
        assertThat(admin.get("/api/v1/maps/" + mapId + "/history?before=0").status()).isEqualTo(422);
        assertThat(admin.get("/api/v1/maps/" + mapId + "?version=" + (v + 1)).status()).isEqualTo(422);
    }

    private static java.awt.image.BufferedImage png(Api.Response response) {
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        try {
            return javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(response.body()));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Sends one op against a version; the new version, or -1 when the op was refused (422). */
    private long send(Api api, long mapId, long version, MapOp op) {
        Api.Response response = api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":["
                + json.writeValueAsString(op) + "]}", "If-Match", "\"" + version + "\"");
        if (response.status() == 422) {
            return -1;
        }
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        return response.json().get("version").asLong();
    }

    private State state(Api api, long mapId) {
        return read(api, mapId, "");
    }

    private State stateAt(Api api, long mapId, long version) {
        return read(api, mapId, "?version=" + version);
    }

    private State read(Api api, long mapId, String query) {
        Api.Response map = api.get("/api/v1/maps/" + mapId + query);
        assertThat(map.status()).as(map.text()).isEqualTo(200);
        ObjectNode node = (ObjectNode) map.json();
        Map<Integer, JsonNode> cells = new HashMap<>();
        for (JsonNode layer : node.get("layers")) {
            if (layer.has("cells")) {
                cells.put(layer.get("id").asInt(), api.get(layer.get("cells").asString()).json());
            }
            ((ObjectNode) layer).remove("cells");
        }
        return new State(node, cells);
    }

    private static State withoutCounters(State state) {
        ObjectNode map = (ObjectNode) state.map().deepCopy();
        map.remove(List.of("version", "nextLayerId", "nextObjectId"));
        return new State(map, state.cells());
    }

    private static List<Run> runsOf(JsonNode page) {
        List<Run> runs = new ArrayList<>();
        for (JsonNode change : page.get("changes")) {
            if (change.get("fromVersion").asLong() > 1) {
                runs.add(new Run(change.get("fromVersion").asLong(), change.get("toVersion").asLong(),
                        change.get("author").get("name").asString()));
            }
        }
        return runs;
    }
}
