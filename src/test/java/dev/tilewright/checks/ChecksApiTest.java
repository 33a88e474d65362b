package dev.tilewright.checks;

import dev.tilewright.support.Api;
import dev.tilewright.support.Eventually;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.LiveClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Map checks over HTTP on the embedded PostgreSQL: a platformer map where an edit walls the exit off turns
 * {@code reachable} red at that version and green again after the fix, while the other kinds of check say what they
 * found; results are kept per version, bad checks are refused, and open editors hear each run.
 */
@FeatureTest
class ChecksApiTest {

    @LocalServerPort
    int port;

    /**
     * 10x6 tiles of 16 px (gid 1 solid): a floor on row 5, a wall at column 6 rows 2..4 (48 px over the floor); on
     * layer 2 a spawn left of the wall, an exit right of it, a door without a target.
     */
    private record Level(Api api, String map, long id) {
    }

    private Level level() {
        Api api = new Api(port);
        long tileset = api.uploadTileset("terrain", 4, 2);
        api.patchJson("/api/v1/tilesets/" + tileset + "/tiles/0", "{\"solid\":true}");
        Api.Response created = api.postJson("/api/v1/maps", "{\"name\":\"level\",\"width\":10,\"height\":6,"
                + "\"tileWidth\":16,\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],"
                + "\"layers\":[{\"name\":\"ground\",\"type\":\"tile\"}]}");
        String map = "/api/v1/maps/" + created.json().get("id").asLong();
        Api.Response made = api.postJson(map + "/ops", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":0,\"y\":5,"
                + "\"width\":10,\"height\":1,\"gid\":1},{\"type\":\"fillRect\",\"layerId\":1,\"x\":6,\"y\":2,\"width\":1,"
                + "\"height\":3,\"gid\":1},{\"type\":\"addLayer\",\"kind\":\"object\",\"attributes\":{\"name\":\"things\"}},"
                + "{\"type\":\"addObject\",\"layerId\":2,\"object\":{\"name\":\"spawn\",\"x\":20,\"y\":60}},"
                + "{\"type\":\"addObject\",\"layerId\":2,\"object\":{\"name\":\"exit\",\"x\":130,\"y\":66}},"
                + "{\"type\":\"addObject\",\"layerId\":2,\"object\":{\"name\":\"d\",\"type\":\"door\",\"x\":40,\"y\":40,"
                + "\"width\":16,\"height\":16}}]}", "If-Match", created.header("ETag"));
        assertThat(made.status()).as(made.text()).isEqualTo(200);
        return new Level(api, map, created.json().get("id").asLong());
    }

    private static final String CHECKS = "{\"checks\":["
            + "{\"name\":\"exit reachable\",\"type\":\"reachable\",\"from\":{\"object\":\"spawn\"},\"to\":{\"object\":"
            + "\"exit\"},\"movement\":\"platformer\",\"box\":{\"width\":12,\"height\":14},\"jumpHeight\":70},"
            + "{\"name\":\"no peeking\",\"type\":\"blocked\",\"from\":{\"object\":\"spawn\"},\"to\":{\"x\":130,\"y\":70}},"
            + "{\"name\":\"floor whole\",\"type\":\"noEmptyCells\",\"layer\":\"ground\",\"area\":{\"x\":0,\"y\":5,"
            + "\"width\":10,\"height\":1}},"
            + "{\"name\":\"doors lead somewhere\",\"type\":\"objectsHaveProperty\",\"class\":\"door\","
            + "\"property\":\"target\"},"
            + "{\"name\":\"all inside\",\"type\":\"insideMap\"}]}";

    /** The results of the map's current version, once its checks ran: passed by name. */
    private static Map<String, JsonNode> results(Level level, long version) {
        JsonNode report = Eventually.eventually("checks of v" + version, Duration.ofSeconds(20), () -> {
            JsonNode r = level.api().get(level.map() + "/checks?version=" + version).json();
            return "done".equals(r.get("state").asString()) ? r : null;
        });
        Map<String, JsonNode> byName = new HashMap<>();
        report.get("results").forEach(r -> byName.put(r.get("name").asString(), r));
        return byName;
    }

    private static BufferedImage png(Level level, String path) {
        Api.Response response = level.api().get(level.map() + path);
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        try {
            return ImageIO.read(new ByteArrayInputStream(response.body()));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static long version(Level level) {
        return level.api().get(level.map()).json().get("version").asLong();
    }

    @Test
    void anEditThatWallsTheExitOffTurnsReachableRedAtThatVersionAndAFixGreenAgain() throws InterruptedException {
        Level level = level();
        LiveClient editor = new LiveClient(port, level.id());
        editor.hello("checker", null);
        editor.next("snapshot");
        Api.Response put = level.api().putJson(level.map() + "/checks", CHECKS);
        assertThat(put.status()).as(put.text()).isEqualTo(200);
        long set = version(level);
        assertThat(put.header("ETag")).isEqualTo("\"" + set + "\"");
        assertThat(level.api().get(level.map() + "/checks/definitions").json().get("checks")).hasSize(5);
        // kept with the map: its exports carry them as the map property Tiled shows
        assertThat(level.api().get(level.map() + "/export?format=tmx").text())
                .contains("<property name=\"tilewright.checks\" value=\"{&quot;checks&quot;:[{&quot;name&quot;:&quot;exit reachable");

        Map<String, JsonNode> first = results(level, set);
        assertThat(first.get("exit reachable").get("passed").asBoolean()).as(first.get("exit reachable").toString())
                .isTrue();
        assertThat(first.get("exit reachable").get("details").get("tiles")).isNotEmpty();
        assertThat(first.get("no peeking").get("passed").asBoolean()).as("the wall blocks the line").isTrue();
        assertThat(first.get("floor whole").get("passed").asBoolean()).isTrue();
        assertThat(first.get("doors lead somewhere").get("passed").asBoolean()).isFalse();
        assertThat(first.get("doors lead somewhere").get("details").get("offending").get(0).get("name").asString())
                .isEqualTo("d");
        assertThat(first.get("all inside").get("passed").asBoolean()).isTrue();
        JsonNode heard = editor.next("checks");
        assertThat(heard.get("version").asLong()).isEqualTo(set);
        assertThat(heard.get("results")).hasSize(5);

        // the wall raised to the top of the map: no jump gets over it
        level.api().postJson(level.map() + "/ops", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":6,\"y\":0,"
                + "\"width\":1,\"height\":2,\"gid\":1},{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":2,\"y\":5,"
                + "\"gid\":0}]}]}", "If-Match", "*");
        long walled = version(level);
        Map<String, JsonNode> red = results(level, walled);
        assertThat(red.get("exit reachable").get("passed").asBoolean()).isFalse();
        assertThat(red.get("exit reachable").get("details").get("explored").get("x").asInt()
                + red.get("exit reachable").get("details").get("explored").get("width").asInt())
                .as("explored up to the wall").isLessThanOrEqualTo(6);
        assertThat(red.get("floor whole").get("passed").asBoolean()).isFalse();
        assertThat(red.get("floor whole").get("details").get("cells").get(0).get("x").asInt()).isEqualTo(2);

        // render.png?checks=true draws what they found: the explored area's outline, the empty cell's
        BufferedImage marked = png(level, "/render.png?x=0&y=0&width=160&height=96&checks=true");
        BufferedImage plain = png(level, "/render.png?x=0&y=0&width=160&height=96");
        JsonNode area = red.get("exit reachable").get("details").get("explored");
        int ax = area.get("x").asInt() * 16;
        int ay = area.get("y").asInt() * 16;
        assertThat(marked.getRGB(ax, ay)).as("the explored area's corner").isEqualTo(0xFFFF4136);
        assertThat(plain.getRGB(ax, ay)).isNotEqualTo(0xFFFF4136);
        assertThat(marked.getRGB(2 * 16 + 8, 5 * 16)).as("the empty cell's top edge").isEqualTo(0xFFFF4136);
        assertThat(marked.getRGB(2 * 16 + 8, 5 * 16 + 8)).as("inside it: as drawn").isEqualTo(plain.getRGB(40, 88));

        // the fix: the wall's top two rows gone again, the floor mended
        level.api().postJson(level.map() + "/ops", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":6,\"y\":0,"
                + "\"width\":1,\"height\":2,\"gid\":0},{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":2,\"y\":5,"
                + "\"gid\":1}]}]}", "If-Match", "*");
        long fixed = version(level);
        Map<String, JsonNode> green = results(level, fixed);
        assertThat(green.get("exit reachable").get("passed").asBoolean()).isTrue();
        assertThat(green.get("floor whole").get("passed").asBoolean()).isTrue();
        // each version keeps what its checks came to
        assertThat(results(level, walled).get("exit reachable").get("passed").asBoolean()).isFalse();
        editor.abort();
    }

    @Test
    void badChecksAreRefusedWithTheFieldAndAnObjectThatWentFailsItsCheck() {
        Level level = level();
        for (String[] bad : new String[][]{
                {"{\"checks\":[{\"name\":\"x\",\"type\":\"teleport\"}]}", "checks[0].type"},
                {"{\"checks\":[{\"type\":\"insideMap\"}]}", "checks[0].name"},
                {"{\"checks\":[{\"name\":\"a\",\"type\":\"insideMap\"},{\"name\":\"a\",\"type\":\"insideMap\"}]}",
                        "checks[1].name"},
                {"{\"checks\":[{\"name\":\"r\",\"type\":\"reachable\",\"from\":{\"x\":1,\"y\":1},\"to\":{\"x\":2}}]}",
                        "checks[0].to"},
                {"{\"checks\":[{\"name\":\"r\",\"type\":\"reachable\",\"from\":{\"x\":1,\"y\":1},\"to\":{\"x\":2,"
                        + "\"y\":2}}]}", "checks[0].box"},
                {"{\"checks\":[{\"name\":\"n\",\"type\":\"noEmptyCells\"}]}", "checks[0].layer"},
                {"{\"checks\":[{\"name\":\"o\",\"type\":\"objectsHaveProperty\",\"class\":\"door\"}]}",
                        "checks[0].property"},
        }) {
            Api.Response refused = level.api().putJson(level.map() + "/checks", bad[0]);
            assertThat(refused.status()).as(bad[0]).isEqualTo(422);
            assertThat(refused.json().get("field").asString()).as(bad[0]).isEqualTo(bad[1]);
        }
        String many = "{\"checks\":[" + String.join(",", java.util.stream.IntStream.range(0, 51)
                .mapToObj(i -> "{\"name\":\"c" + i + "\",\"type\":\"insideMap\"}").toList()) + "]}";
        Api.Response tooMany = level.api().putJson(level.map() + "/checks", many);
        assertThat(tooMany.status()).isEqualTo(422);
        assertThat(tooMany.json().get("limit").asString()).isEqualTo("tilewright.checks.max-checks");
        assertThat(level.api().get(level.map() + "/checks/definitions").json().get("checks")).isEmpty();

        level.api().putJson(level.map() + "/checks", "{\"checks\":[{\"name\":\"spawn sees exit\",\"type\":\"blocked\","
                + "\"from\":{\"object\":\"gone\"},\"to\":{\"object\":\"exit\"}}]}");
        JsonNode result = results(level, version(level)).get("spawn sees exit");
        assertThat(result.get("passed").asBoolean()).isFalse();
        assertThat(result.get("message").asString()).contains("no object named 'gone'");
        assertThat(level.api().get(level.map() + "/checks?version=99").status()).isEqualTo(422);
    }

    /**
     * Issue 40, finding 4: one project's slow checks held the single checks thread, and another project's one-check map
     * waited for all of them. Now each run stops at its budget (the rest reported {@code gaveUp}) and maps wait their
     * turn by project: the other project's result comes within about one run's budget.
     */
    @Test
    void oneProjectsSlowChecksDelayAnothersResultByOneRunAtMost() {
        Api admin = new Api(port);
        long heavy = projectOfItsOwn(admin, "Hal");
        String slow = "{\"checks\":[" + String.join(",", java.util.stream.IntStream.range(0, 20).mapToObj(i ->
                "{\"name\":\"goal " + i + "\",\"type\":\"reachable\",\"from\":{\"x\":8,\"y\":8},\"to\":{\"x\":16008,"
                + "\"y\":16008},\"box\":{\"width\":8,\"height\":8}}").toList()) + "]}";
        List<String> heavyMaps = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            heavyMaps.add(walledGoal(admin, heavy));
        }
        long other = projectOfItsOwn(admin, "Ivy");
        Level small = levelIn(admin, other);

        for (String map : heavyMaps) {
            Api.Response put = admin.putJson(map + "/checks", slow);
            assertThat(put.status()).as(put.text()).isEqualTo(200);
        }
        long asked = System.nanoTime();
        assertThat(admin.putJson(small.map() + "/checks", "{\"checks\":[{\"name\":\"all inside\",\"type\":"
                + "\"insideMap\"}]}").status()).isEqualTo(200);
        results(small, version(small));
        long waitedMs = (System.nanoTime() - asked) / 1_000_000;
        System.out.printf("ChecksApiTest: the other project's result after %d ms%n", waitedMs);
        assertThat(waitedMs).as("one run's budget (2 s here) and the debounce, with room for a slow machine")
                .isLessThan(6_000);

        JsonNode report = Eventually.eventually("a heavy map's run", Duration.ofSeconds(30), () -> {
            JsonNode r = admin.get(heavyMaps.get(0) + "/checks").json();
            return "done".equals(r.get("state").asString()) ? r : null;
        });
        JsonNode last = report.get("results").get(19);
        assertThat(last.get("passed").asBoolean()).isFalse();
        assertThat(last.get("details").get("gaveUp").asBoolean()).as(last.toString()).isTrue();
        assertThat(last.get("message").asString()).contains("run-budget-ms");
    }

    private static long projectOfItsOwn(Api admin, String name) {
        Api owner = admin.as(admin.token(admin.person(name, admin.projectOf(admin.newMap("for " + name, 2, 2)),
                "viewer"), "write"));
        long team = owner.postJson("/api/v1/teams", "{\"name\":\"" + name + "'s\"}").json().get("id").asLong();
        return owner.postJson("/api/v1/teams/" + team + "/projects", "{\"name\":\"checked\"}").json().get("id")
                .asLong();
    }

    /** 1024x1024 open tiles with a walled box around (1000, 1000): a search for it explores all it may. */
    private static String walledGoal(Api admin, long project) {
        long tileset = admin.uploadTileset("walls", 2, 2, project);
        admin.patchJson("/api/v1/tilesets/" + tileset + "/tiles/0", "{\"solid\":true}");
        Api.Response created = admin.postJson("/api/v1/maps", "{\"name\":\"maze " + java.util.UUID.randomUUID() + "\",\"width\":1024,\"height\":1024,"
                + "\"tileWidth\":16,\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],\"layers\":"
                + "[{\"name\":\"ground\",\"type\":\"tile\"}],\"projectId\":" + project + "}");
        String map = "/api/v1/maps/" + created.json().get("id").asLong();
        String ring = "{\"type\":\"fillRect\",\"layerId\":1,\"x\":995,\"y\":995,\"width\":11,\"height\":1,\"gid\":1},"
                + "{\"type\":\"fillRect\",\"layerId\":1,\"x\":995,\"y\":1005,\"width\":11,\"height\":1,\"gid\":1},"
                + "{\"type\":\"fillRect\",\"layerId\":1,\"x\":995,\"y\":995,\"width\":1,\"height\":11,\"gid\":1},"
                + "{\"type\":\"fillRect\",\"layerId\":1,\"x\":1005,\"y\":995,\"width\":1,\"height\":11,\"gid\":1}";
        assertThat(admin.postJson(map + "/ops", "{\"ops\":[" + ring + "]}", "If-Match", "*").status()).isEqualTo(200);
        return map;
    }

    /** {@link #level()} in a given project. */
    private Level levelIn(Api api, long project) {
        Api.Response created = api.postJson("/api/v1/maps", "{\"name\":\"small\",\"width\":10,\"height\":6,"
                + "\"tileWidth\":16,\"tileHeight\":16,\"layers\":[{\"name\":\"ground\",\"type\":\"tile\"}],"
                + "\"projectId\":" + project + "}");
        return new Level(api, "/api/v1/maps/" + created.json().get("id").asLong(), created.json().get("id").asLong());
    }
}
