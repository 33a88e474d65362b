package dev.tilewright.query;

import dev.tilewright.core.query.Fixed;
import dev.tilewright.core.query.RayWalk;
import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The query endpoints over HTTP against a map in the embedded PostgreSQL. */
@FeatureTest
class QueryApiTest {

    @LocalServerPort
    int port;
    Api api;
    String map;

    /** A 20x15 map of 16 px tiles: walls at (5, 3) and (9, 0..14), a 40x20 px crate at (100, 50). */
    @BeforeEach
    void map() {
        api = new Api(port);
        long tileset = api.uploadTileset("walls", 4, 2);
        Api.Response created = api.postJson("/api/v1/maps", "{\"name\":\"q\",\"width\":20,\"height\":15,"
                + "\"tileWidth\":16,\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],"
                + "\"layers\":[{\"name\":\"walls\",\"type\":\"tile\"},{\"name\":\"things\",\"type\":\"object\"}]}");
        map = "/api/v1/maps/" + created.json().get("id").asLong();
        Api.Response painted = api.postJson(map + "/ops", "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,\"cells\":"
                + "[{\"x\":5,\"y\":3,\"gid\":2}]},{\"type\":\"fillRect\",\"layerId\":1,\"x\":9,\"y\":0,\"width\":1,"
                + "\"height\":15,\"gid\":3},{\"type\":\"addObject\",\"layerId\":2,\"object\":{\"name\":\"crate\","
                + "\"type\":\"prop\",\"x\":100,\"y\":50,\"width\":40,\"height\":20}}]}", "If-Match", created.header("ETag"));
        assertThat(painted.status()).as(painted.text()).isEqualTo(200);
    }

    private JsonNode post(String query, String body) {
        Api.Response response = api.postJson(map + "/queries/" + query, body);
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        return response.json();
    }

    private static List<List<Integer>> tiles(JsonNode answer) {
        List<List<Integer>> out = new ArrayList<>();
        answer.get("tiles").forEach(t -> out.add(List.of(t.get("x").asInt(), t.get("y").asInt())));
        return out;
    }

    @Test
    void aWalkIsTheSeedsTraversalVerticalFirstThroughVertices() {
        JsonNode answer = post("ray", "{\"from\":{\"x\":0,\"y\":0},\"to\":{\"x\":3,\"y\":3},\"units\":\"tiles\"}");
        assertThat(tiles(answer)).containsExactly(List.of(0, 0), List.of(0, 1), List.of(1, 1), List.of(1, 2),
                List.of(2, 2));
        assertThat(answer.get("hit").isNull()).isTrue();

        JsonNode pixels = post("ray", "{\"from\":{\"x\":8.5,\"y\":7.25},\"to\":{\"x\":140.75,\"y\":230}}");
        List<List<Integer>> expected = new ArrayList<>();
        RayWalk.walk(Fixed.of(8.5), Fixed.of(7.25), Fixed.of(140.75), Fixed.of(230), 16 * 256, 16 * 256,
                (x, y) -> expected.add(List.of(x, y)));
        assertThat(tiles(pixels)).isEqualTo(expected).hasSize(8 + 14 + 1);
    }

    @Test
    void aSupercoverHasEveryTouchedTileOfTheMap() {
        JsonNode answer = post("ray", "{\"from\":{\"x\":0,\"y\":0},\"to\":{\"x\":3,\"y\":3},\"units\":\"tiles\","
                + "\"mode\":\"supercover\"}");
        Set<List<Integer>> tiles = new HashSet<>(tiles(answer));
        assertThat(tiles).containsExactlyInAnyOrder(List.of(0, 0), List.of(0, 1), List.of(1, 0), List.of(1, 1),
                List.of(1, 2), List.of(2, 1), List.of(2, 2), List.of(3, 2), List.of(2, 3), List.of(3, 3));
    }

    @Test
    void aRayStopsAtTheFirstTileOfALayerAndSaysWhereItEnteredIt() {
        JsonNode answer = post("ray", "{\"from\":{\"x\":8,\"y\":56},\"to\":{\"x\":300,\"y\":56},\"stopAt\":{\"layerId\":1}}");
        JsonNode hit = answer.get("hit");
        assertThat(hit.get("tile").get("x").asInt()).isEqualTo(5);
        assertThat(hit.get("tile").get("y").asInt()).isEqualTo(3);
        assertThat(hit.get("side").asString()).isEqualTo("left");
        assertThat(hit.get("point").get("x").asDouble()).isEqualTo(80.0);
        assertThat(hit.get("point").get("y").asDouble()).isEqualTo(56.0);
        assertThat(hit.get("distance").asDouble()).isEqualTo(72.0);
        assertThat(tiles(answer)).hasSize(6).last().isEqualTo(List.of(5, 3));
        // a whole distance comes out whole (a double t carried into it made this 77.99999999999999)
        JsonNode farther = post("ray", "{\"from\":{\"x\":2,\"y\":56},\"to\":{\"x\":310,\"y\":56},"
                + "\"stopAt\":{\"layerId\":1}}");
        assertThat(farther.get("hit").get("distance").asDouble()).isEqualTo(78.0);

        // an oblique ray enters at x = 80 exactly, t = 72/82: y is 49 + 14 * 72/82 = 5026/82, rounded once (a
        // double t carried into y is one unit in the last place off here)
        JsonNode oblique = post("ray", "{\"from\":{\"x\":8,\"y\":49},\"to\":{\"x\":90,\"y\":63},\"stopAt\":{\"layerId\":1}}");
        assertThat(oblique.get("hit").get("point").get("x").asDouble()).isEqualTo(80.0);
        assertThat(oblique.get("hit").get("point").get("y").asDouble())
                .isEqualTo(new BigDecimal(5026).divide(new BigDecimal(82), MathContext.DECIMAL128).doubleValue());

        JsonNode up = post("ray", "{\"from\":{\"x\":150,\"y\":230},\"to\":{\"x\":150,\"y\":-5},\"stopAt\":{\"layerId\":1}}");
        assertThat(up.get("hit").get("side").asString()).as("x 150 is in column 9, the wall: hit at once")
                .isEqualTo("inside");

        JsonNode crate = post("ray", "{\"from\":{\"x\":8,\"y\":60},\"to\":{\"x\":300,\"y\":60},\"stopAt\":{\"objects\":true}}");
        assertThat(crate.get("hit").get("tile").get("x").asInt()).isEqualTo(6);
        assertThat(crate.get("hit").get("objects").get(0).get("name").asString()).isEqualTo("crate");
    }

    @Test
    void raysAreClippedToTheMap() {
        JsonNode answer = post("ray", "{\"from\":{\"x\":-100,\"y\":-52},\"to\":{\"x\":50,\"y\":23},"
                + "\"stopAt\":{\"layerId\":1}}");
        List<List<Integer>> tiles = tiles(answer);
        assertThat(tiles).isNotEmpty().allMatch(t -> t.get(0) >= 0 && t.get(1) >= 0);
        assertThat(tiles.get(tiles.size() - 1)).isEqualTo(List.of(3, 1));
        assertThat(post("ray", "{\"from\":{\"x\":-100,\"y\":-50},\"to\":{\"x\":-10,\"y\":-5}}").get("tiles")).isEmpty();

        // from 300 tiles outside, exactly through the vertex at the wall column's top-left corner: the walk goes
        // round it vertically first, so its first tiles on the map are (8, 0), then the wall entered from the left
        JsonNode vertex = post("ray", "{\"from\":{\"x\":-291,\"y\":-300},\"to\":{\"x\":14,\"y\":5},\"units\":\"tiles\","
                + "\"stopAt\":{\"layerId\":1}}");
        assertThat(tiles(vertex)).containsExactly(List.of(8, 0), List.of(9, 0));
        assertThat(vertex.get("hit").get("side").asString()).isEqualTo("left");
        assertThat(vertex.get("hit").get("point").get("x").asDouble()).isEqualTo(9.0);
        assertThat(vertex.get("hit").get("point").get("y").asDouble()).isEqualTo(0.0);
        // entering across the map's top edge inside the wall column: its first tile, from the top
        JsonNode top = post("ray", "{\"from\":{\"x\":-14248,\"y\":-4800},\"to\":{\"x\":392,\"y\":80},"
                + "\"stopAt\":{\"layerId\":1}}");
        assertThat(tiles(top)).containsExactly(List.of(9, 0));
        assertThat(top.get("hit").get("side").asString()).isEqualTo("top");
        assertThat(top.get("hit").get("point").get("x").asDouble()).isEqualTo(152.0);
        assertThat(top.get("hit").get("distance").asDouble()).isEqualTo(Math.hypot(14400, 4800));
    }

    @Test
    void rectanglesAndCirclesAnswerTilesAndObjects() {
        JsonNode rect = post("rect", "{\"x\":160,\"y\":40,\"width\":-100,\"height\":30,\"layerId\":1,"
                + "\"nonEmpty\":true,\"objects\":true}");
        assertThat(tiles(rect)).as("row-major").containsExactly(List.of(9, 2), List.of(5, 3), List.of(9, 3), List.of(9, 4));
        assertThat(rect.get("objects").get(0).get("id").asInt()).isPositive();
        assertThat(post("rect", "{\"x\":16,\"y\":16,\"width\":16,\"height\":16}").get("tiles")).hasSize(1);

        // radius half a tile from a tile centre: the four neighbours touch it at one point each (closed squares)
        JsonNode circle = post("circle", "{\"cx\":5.5,\"cy\":3.5,\"r\":0.5,\"units\":\"tiles\",\"objects\":true}");
        assertThat(tiles(circle)).containsExactly(List.of(5, 2), List.of(4, 3), List.of(5, 3), List.of(6, 3),
                List.of(5, 4));
        assertThat(circle.get("objects").get(0).get("name").asString()).as("the crate covers tile (6, 3)")
                .isEqualTo("crate");
    }

    /**
     * On an isometric map queries are asked and answered in Tiled's pixel space, which measures both axes in tile
     * heights: the same cells on an isometric map of 32x16 tiles answer every query as an orthogonal map of 16x16
     * tiles does (whose walks hold to their own exact oracle).
     */
    @Test
    void onAnIsometricMapQueriesAnswerInTiledsPixelSpace() {
        long tileset = api.uploadTileset("iso walls", 4, 2);
        Api.Response created = api.postJson("/api/v1/maps", "{\"name\":\"iso q\",\"width\":20,\"height\":15,"
                + "\"tileWidth\":32,\"tileHeight\":16,\"orientation\":\"isometric\",\"tilesets\":[{\"tilesetId\":"
                + tileset + "}],\"layers\":[{\"name\":\"walls\",\"type\":\"tile\"},{\"name\":\"things\","
                + "\"type\":\"object\"}]}");
        String iso = "/api/v1/maps/" + created.json().get("id").asLong();
        assertThat(api.postJson(iso + "/ops", "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,\"cells\":"
                + "[{\"x\":5,\"y\":3,\"gid\":2}]},{\"type\":\"fillRect\",\"layerId\":1,\"x\":9,\"y\":0,\"width\":1,"
                + "\"height\":15,\"gid\":3},{\"type\":\"addObject\",\"layerId\":2,\"object\":{\"name\":\"crate\","
                + "\"type\":\"prop\",\"x\":100,\"y\":50,\"width\":40,\"height\":20}}]}", "If-Match",
                created.header("ETag")).status()).isEqualTo(200);
        for (String[] q : new String[][]{
                {"ray", "{\"from\":{\"x\":3,\"y\":50},\"to\":{\"x\":300,\"y\":61},\"stopAt\":{\"layerId\":1}}"},
                {"ray", "{\"from\":{\"x\":8,\"y\":49},\"to\":{\"x\":90,\"y\":63},\"stopAt\":{\"layerId\":1}}"},
                {"ray", "{\"from\":{\"x\":0,\"y\":0},\"to\":{\"x\":3,\"y\":3},\"units\":\"tiles\"}"},
                {"ray", "{\"from\":{\"x\":-20,\"y\":-7.5},\"to\":{\"x\":400,\"y\":250}}"},
                {"rect", "{\"x\":160,\"y\":40,\"width\":-100,\"height\":30,\"layerId\":1,\"nonEmpty\":true,"
                        + "\"objects\":true}"},
                {"circle", "{\"cx\":5.5,\"cy\":3.5,\"r\":0.5,\"units\":\"tiles\",\"objects\":true}"},
                {"circle", "{\"cx\":120,\"cy\":60,\"r\":33.3,\"objects\":true}"}}) {
            JsonNode square = post(q[0], q[1]);
            Api.Response diamond = api.postJson(iso + "/queries/" + q[0], q[1]);
            assertThat(diamond.status()).as(diamond.text()).isEqualTo(200);
            JsonNode answer = diamond.json();
            assertThat(answer.get("tiles")).as("%s %s", q[0], q[1]).isEqualTo(square.get("tiles"));
            assertThat(answer.get("hit")).as("%s %s", q[0], q[1]).isEqualTo(square.get("hit"));
            assertThat(String.valueOf(answer.get("objects")).replaceAll("\"id\":\\d+", ""))
                    .isEqualTo(String.valueOf(square.get("objects")).replaceAll("\"id\":\\d+", ""));
        }
        // a path goes from diamond to diamond across their sides: pixel (90, 40) is tile (5, 2), 7 sides away
        Api.Response path = api.postJson(iso + "/queries/path", "{\"from\":{\"x\":0,\"y\":0},\"to\":{\"x\":90,"
                + "\"y\":40},\"box\":{\"width\":8,\"height\":8}}");
        assertThat(path.status()).as(path.text()).isEqualTo(200);
        assertThat(path.json().get("cost").asInt()).isEqualTo(70);
        assertThat(path.json().get("tiles")).hasSize(8);
    }

    /**
     * A hexagonal map's queries walk its hexagons (StaggeredCellsProperties holds the walks to their oracle): here
     * 32x32 px tiles with sides of 16 (stagger axis y, odd rows shifted), so tile (3, 2)'s hexagon has its upright
     * sides at x = 96 and 128 from y = 56 to 72, its centre at (112, 64) and its slanted sides 14.3 px from it.
     */
    @Test
    void onAHexagonalMapQueriesWalkItsHexagons() {
        long tileset = api.uploadTileset("hex walls", 4, 2);
        Api.Response created = api.postJson("/api/v1/maps", "{\"name\":\"hex q\",\"width\":6,\"height\":6,"
                + "\"tileWidth\":32,\"tileHeight\":32,\"orientation\":\"hexagonal\",\"hexSideLength\":16,"
                + "\"staggerAxis\":\"y\",\"staggerIndex\":\"odd\",\"tilesets\":[{\"tilesetId\":" + tileset
                + "}],\"layers\":[{\"name\":\"walls\",\"type\":\"tile\"},{\"name\":\"things\",\"type\":\"object\"}]}");
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        String hex = "/api/v1/maps/" + created.json().get("id").asLong();
        assertThat(api.postJson(hex + "/ops", "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,\"cells\":"
                + "[{\"x\":3,\"y\":2,\"gid\":2}]},{\"type\":\"addObject\",\"layerId\":2,\"object\":{\"name\":"
                + "\"crate\",\"x\":100,\"y\":60,\"width\":4,\"height\":4}}]}", "If-Match", created.header("ETag"))
                .status()).isEqualTo(200);
        // along row 2's middle: its cells one by one, stopped at the wall's left side
        JsonNode ray = hexQuery(hex, "ray", "{\"from\":{\"x\":0,\"y\":64},\"to\":{\"x\":190,\"y\":64},"
                + "\"stopAt\":{\"layerId\":1}}");
        assertThat(tiles(ray)).containsExactly(List.of(0, 2), List.of(1, 2), List.of(2, 2), List.of(3, 2));
        assertThat(ray.get("hit").get("side").asString()).isEqualTo("left");
        assertThat(ray.get("hit").get("point").get("x").asDouble()).isEqualTo(96.0);
        assertThat(ray.get("hit").get("distance").asDouble()).isEqualTo(96.0);
        // from above through the top-left slanted side (y = 56 - (x - 96) / 2 at x = 104: y = 52)
        JsonNode down = hexQuery(hex, "ray", "{\"from\":{\"x\":104,\"y\":30},\"to\":{\"x\":104,\"y\":100},"
                + "\"stopAt\":{\"objects\":true}}");
        assertThat(tiles(down)).containsExactly(List.of(2, 1), List.of(3, 2));
        assertThat(down.get("hit").get("side").asString()).isEqualTo("top_left");
        assertThat(down.get("hit").get("point").get("y").asDouble()).isEqualTo(52.0);
        assertThat(down.get("hit").get("objects").get(0).get("name").asString()).isEqualTo("crate");
        // a disc of radius 16 about the centre touches the six neighbours (two only at their upright sides)
        assertThat(tiles(hexQuery(hex, "circle", "{\"cx\":112,\"cy\":64,\"r\":16}"))).containsExactly(
                List.of(2, 1), List.of(3, 1), List.of(2, 2), List.of(3, 2), List.of(4, 2), List.of(2, 3), List.of(3, 3));
        assertThat(tiles(hexQuery(hex, "circle", "{\"cx\":112,\"cy\":64,\"r\":15.9}")))
                .containsExactly(List.of(2, 1), List.of(3, 1), List.of(3, 2), List.of(2, 3), List.of(3, 3));
        JsonNode point = hexQuery(hex, "rect", "{\"x\":100,\"y\":60,\"width\":0,\"height\":0,\"objects\":true}");
        assertThat(tiles(point)).containsExactly(List.of(3, 2));
        assertThat(point.get("objects").get(0).get("name").asString()).isEqualTo("crate");
        assertThat(tiles(hexQuery(hex, "rect", "{\"x\":0,\"y\":0,\"width\":500,\"height\":500,\"layerId\":1,"
                + "\"nonEmpty\":true}"))).containsExactly(List.of(3, 2));
        // the wall made solid: a ray stops at the grid, a path goes round it (six steps, not five)
        assertThat(api.patchJson("/api/v1/tilesets/" + tileset + "/tiles/1", "{\"solid\":true}").status())
                .isEqualTo(200);
        JsonNode blocked = hexQuery(hex, "ray", "{\"from\":{\"x\":16,\"y\":64},\"to\":{\"x\":190,\"y\":64},"
                + "\"stopAt\":{\"grid\":true}}");
        assertThat(blocked.get("hit").get("tile").get("x").asInt()).isEqualTo(3);
        JsonNode path = hexQuery(hex, "path", "{\"from\":{\"x\":16,\"y\":64},\"to\":{\"x\":176,\"y\":64},"
                + "\"box\":{\"width\":8,\"height\":8}}");
        assertThat(path.get("reachable").asBoolean()).isTrue();
        assertThat(path.get("cost").asInt()).isEqualTo(60);
        assertThat(path.get("tiles")).hasSize(7).noneMatch(t -> t.get("x").asInt() == 3 && t.get("y").asInt() == 2);
        Api.Response platformer = api.postJson(hex + "/queries/path", "{\"from\":{\"x\":16,\"y\":64},\"to\":"
                + "{\"x\":176,\"y\":64},\"box\":{\"width\":8,\"height\":8},\"movement\":\"platformer\","
                + "\"jumpHeight\":40}");
        assertThat(platformer.status()).isEqualTo(422);
        assertThat(platformer.json().get("field").asString()).isEqualTo("movement");
        Api.Response inTiles = api.postJson(hex + "/queries/ray", "{\"from\":{\"x\":0,\"y\":0},\"to\":{\"x\":3,"
                + "\"y\":3},\"units\":\"tiles\"}");
        assertThat(inTiles.status()).isEqualTo(422);
        assertThat(inTiles.json().get("field").asString()).isEqualTo("units");
    }

    private JsonNode hexQuery(String hex, String query, String body) {
        Api.Response response = api.postJson(hex + "/queries/" + query, body);
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        return response.json();
    }

    @Test
    void aBatchAnswersEachQueryInOrder() {
        JsonNode answer = post("batch", "{\"queries\":[{\"type\":\"ray\",\"from\":{\"x\":0,\"y\":0},"
                + "\"to\":{\"x\":2,\"y\":0},\"units\":\"tiles\"},{\"type\":\"rect\",\"x\":0,\"y\":0,\"width\":32,"
                + "\"height\":16},{\"type\":\"circle\",\"cx\":8,\"cy\":8,\"r\":0}]}");
        JsonNode results = answer.get("results");
        assertThat(results).hasSize(3);
        assertThat(tiles(results.get(0))).containsExactly(List.of(0, 0), List.of(1, 0));
        assertThat(tiles(results.get(1))).containsExactly(List.of(0, 0), List.of(1, 0));
        assertThat(tiles(results.get(2))).containsExactly(List.of(0, 0));
    }

    private JsonNode refused(String query, String body, int status) {
        Api.Response response = api.postJson(map + "/queries/" + query, body);
        assertThat(response.status()).as(response.text()).isEqualTo(status);
        assertThat(response.header("Content-Type")).contains("application/problem+json");
        return response.json();
    }

    @Test
    void badQueriesAreProblemsNamingTheFieldOrLimit() {
        assertThat(refused("ray", "{\"from\":{\"x\":1e999,\"y\":0},\"to\":{\"x\":1,\"y\":1}}", 422)
                .get("field").asString()).isEqualTo("from.x");
        assertThat(refused("ray", "{\"from\":{\"x\":0,\"y\":0},\"to\":{\"x\":1e12,\"y\":1}}", 422)
                .get("detail").asString()).contains("tilewright.query.margin-tiles");
        assertThat(refused("circle", "{\"cx\":0,\"cy\":0,\"r\":-1}", 422).get("field").asString()).isEqualTo("r");
        assertThat(refused("rect", "{\"x\":0,\"y\":0,\"width\":10,\"height\":10,\"layerId\":42}", 422)
                .get("field").asString()).isEqualTo("layerId");
        assertThat(refused("ray", "{\"from\":{\"x\":0,\"y\":0},\"to\":{\"x\":1,\"y\":1},\"mode\":\"zigzag\"}", 422)
                .get("field").asString()).isEqualTo("mode");
        assertThat(refused("ray", "{\"from\":{\"x\":0,\"y\":0}}", 422).get("field").asString()).isEqualTo("to");
        assertThat(refused("batch", "{\"queries\":[{\"type\":\"rect\",\"x\":0,\"y\":0,\"width\":1,\"height\":1},"
                + "{\"type\":\"circle\",\"cx\":0,\"cy\":0,\"r\":\"wide\"}]}", 400).get("field").asString())
                .contains("r");
        assertThat(refused("batch", "{\"queries\":[{\"type\":\"rect\",\"x\":0,\"y\":0,\"width\":1,\"height\":1},"
                + "{\"type\":\"circle\",\"cx\":0,\"cy\":0,\"r\":-2}]}", 422).get("field").asString())
                .isEqualTo("queries[1].r");
        StringBuilder many = new StringBuilder("{\"queries\":[");
        for (int i = 0; i <= 10_000; i++) {
            many.append(i == 0 ? "" : ",").append("{\"type\":\"circle\",\"cx\":0,\"cy\":0,\"r\":1}");
        }
        assertThat(refused("batch", many.append("]}").toString(), 422).get("limit").asString())
                .isEqualTo("tilewright.query.max-batch");
    }

    @Test
    void aQueryOverTheWorkCapIsRefusedBeforeAnyWork() {
        Api.Response big = api.postJson("/api/v1/maps", "{\"name\":\"big\",\"width\":8192,\"height\":8192,"
                + "\"tileWidth\":16,\"tileHeight\":16}");
        String bigMap = "/api/v1/maps/" + big.json().get("id").asLong();
        Api.Response response = api.postJson(bigMap + "/queries/rect", "{\"x\":0,\"y\":0,\"width\":131072,\"height\":131072}");
        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().get("limit").asString()).isEqualTo("tilewright.query.max-tiles");
        // ending exactly on a vertex, the walk ends in the tile before it: 7999 + 7999 + 1 tiles
        assertThat(api.postJson(bigMap + "/queries/ray", "{\"from\":{\"x\":0,\"y\":0},\"to\":{\"x\":8000,\"y\":8000},"
                + "\"units\":\"tiles\"}").json().get("tiles").size()).isEqualTo(15_999);
    }

    @Test
    void aBatchIsHeldToOneBudgetOfTilesForAllItsQueries() {
        Api.Response big = api.postJson("/api/v1/maps", "{\"name\":\"wide\",\"width\":2000,\"height\":2000,"
                + "\"tileWidth\":16,\"tileHeight\":16}");
        String bigMap = "/api/v1/maps/" + big.json().get("id").asLong();
        // 10,000 rectangles of a million tiles each: every one within the per-query cap, ten billion in all
        StringBuilder batch = new StringBuilder("{\"queries\":[");
        for (int i = 0; i < 10_000; i++) {
            batch.append(i == 0 ? "" : ",").append("{\"type\":\"rect\",\"x\":0,\"y\":0,\"width\":1000,\"height\":1000,"
                    + "\"units\":\"tiles\"}");
        }
        Api.Response refused = api.postJson(bigMap + "/queries/batch", batch.append("]}").toString());
        assertThat(refused.status()).as(refused.text()).isEqualTo(422);
        assertThat(refused.json().get("limit").asString()).isEqualTo("tilewright.query.max-batch-tiles");
        assertThat(refused.json().get("field").asString()).as("the first query past the budget").isEqualTo("queries[2]");
        assertThat(api.get("/actuator/health").status()).isEqualTo(200);
        // two of them fit
        Api.Response two = api.postJson(bigMap + "/queries/batch", "{\"queries\":[" + String.join(",", java.util.Collections
                .nCopies(2, "{\"type\":\"rect\",\"x\":0,\"y\":0,\"width\":1000,\"height\":1000,\"units\":\"tiles\"}")) + "]}");
        assertThat(two.status()).isEqualTo(200);
        assertThat(two.json().get("results").get(1).get("tiles").size()).isEqualTo(1_000_000);
    }
}
