package dev.tilewright.grid;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** The computed grid and grid motion over HTTP, from tiles marked solid through the tileset API. */
@FeatureTest
class GridApiTest {

    @LocalServerPort
    int port;
    Api api;
    String map;
    long tileset;

    /** 10x6 tiles of 16 px: a floor (gid 1) on row 5, a wall (gid 1) at column 6 rows 2..4, gid 2 at (1, 1). */
    @BeforeEach
    void map() {
        api = new Api(port);
        tileset = api.uploadTileset("terrain", 4, 2);
        assertThat(api.patchJson("/api/v1/tilesets/" + tileset + "/tiles/0", "{\"solid\":true}").status()).isEqualTo(200);
        Api.Response created = api.postJson("/api/v1/maps", "{\"name\":\"grid\",\"width\":10,\"height\":6,"
                + "\"tileWidth\":16,\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],"
                + "\"layers\":[{\"name\":\"ground\",\"type\":\"tile\"}]}");
        map = "/api/v1/maps/" + created.json().get("id").asLong();
        Api.Response painted = api.postJson(map + "/ops", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":0,"
                + "\"y\":5,\"width\":10,\"height\":1,\"gid\":1},{\"type\":\"fillRect\",\"layerId\":1,\"x\":6,\"y\":2,"
                + "\"width\":1,\"height\":3,\"gid\":1},{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":1,\"y\":1,"
                + "\"gid\":2}]}]}", "If-Match", created.header("ETag"));
        assertThat(painted.status()).as(painted.text()).isEqualTo(200);
    }

    @Test
    void theGridHasSolidTilesAsSolidElementsInJsonAndBytes() {
        JsonNode grid = api.get(map + "/grid?elementWidth=8&elementHeight=8").json();
        assertThat(grid.get("columns").asInt()).isEqualTo(20);
        assertThat(grid.get("rows").asInt()).isEqualTo(12);
        int solid = 15;
        int ground = grid.get("flags").get("ground").asInt();
        assertThat(grid.get("cells").get(10).get(0).asInt()).as("floor top").isEqualTo(solid | ground);
        assertThat(grid.get("cells").get(11).get(0).asInt()).isEqualTo(solid);
        assertThat(grid.get("cells").get(2).get(2).asInt() & solid).as("gid 2 is not solid").isZero();

        Api.Response bytes = api.get(map + "/grid", "Accept", "application/octet-stream");
        assertThat(bytes.status()).isEqualTo(200);
        assertThat(bytes.header("X-Grid-Columns")).isEqualTo("10");
        assertThat(bytes.body()).hasSize(60);
        assertThat(bytes.body()[5 * 10 + 6] & solid).isEqualTo(solid);
    }

    @Test
    void motionStopsAtWallsAndFollowsEditsAndSolidityChanges() {
        String walkRight = "{\"box\":{\"x\":40,\"y\":68,\"width\":10,\"height\":12},\"dx\":100,\"dy\":0}";
        assertThat(api.postJson(map + "/motion", walkRight).json().get("dx").asDouble()).isEqualTo(46);

        // the wall comes down: an edit changes the next answer
        Api.Response erased = api.postJson(map + "/ops", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":6,"
                + "\"y\":2,\"width\":1,\"height\":3,\"gid\":0}]}", "If-Match", api.get(map).header("ETag"));
        assertThat(erased.status()).as(erased.text()).isEqualTo(200);
        assertThat(api.postJson(map + "/motion", walkRight).json().get("dx").asDouble()).isEqualTo(100);

        // tile 2 made solid: the block at (1, 1) now stops a fall from above
        String fall = "{\"box\":{\"x\":18,\"y\":0,\"width\":10,\"height\":10},\"dx\":0,\"dy\":40}";
        assertThat(api.postJson(map + "/motion", fall).json().get("dy").asDouble()).isEqualTo(40);
        api.patchJson("/api/v1/tilesets/" + tileset + "/tiles/1", "{\"solid\":true}");
        assertThat(api.postJson(map + "/motion", fall).json().get("dy").asDouble()).isEqualTo(6);
    }

    @Test
    void theRenderShowsTheGridOverSolidTilesOnly() throws Exception {
        java.awt.image.BufferedImage plain = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(
                api.get(map + "/render.png?width=160&height=96").body()));
        java.awt.image.BufferedImage overlaid = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(
                api.get(map + "/render.png?width=160&height=96&grid=true").body()));
        int wall = overlaid.getRGB(6 * 16 + 8, 3 * 16 + 8);
        int wallBefore = plain.getRGB(6 * 16 + 8, 3 * 16 + 8);
        assertThat((wall >> 16) & 0xFF).as("red over the wall").isGreaterThan((wallBefore >> 16) & 0xFF);
        assertThat(overlaid.getRGB(24, 24)).as("gid 2 is not solid: unchanged").isEqualTo(plain.getRGB(24, 24));
        assertThat(overlaid.getRGB(40, 40)).as("empty: unchanged").isEqualTo(plain.getRGB(40, 40));
    }

    @Test
    void aRayCanStopAtTheGrid() {
        JsonNode answer = api.postJson(map + "/queries/ray", "{\"from\":{\"x\":8,\"y\":40},\"to\":{\"x\":150,"
                + "\"y\":40},\"stopAt\":{\"grid\":true}}").json();
        assertThat(answer.get("hit").get("tile").get("x").asInt()).as("the wall").isEqualTo(6);
        assertThat(answer.get("hit").get("side").asString()).isEqualTo("left");
    }

    @Test
    void aPathGoesRoundTheWallAndAWalledInGoalIsUnreachable() {
        // from left of the wall (column 6, rows 2..4) to its right, a 12x12 box on row 4 (above the floor)
        JsonNode path = api.postJson(map + "/queries/path", "{\"from\":{\"x\":64,\"y\":64},\"to\":{\"x\":128,"
                + "\"y\":64},\"box\":{\"width\":12,\"height\":12}}").json();
        assertThat(path.get("reachable").asBoolean()).isTrue();
        assertThat(path.get("tiles").get(0).get("x").asInt()).isEqualTo(4);
        int highest = 99;
        for (JsonNode tile : path.get("tiles")) {
            highest = Math.min(highest, tile.get("y").asInt());
            assertThat(tile.get("x").asInt() == 6 && tile.get("y").asInt() >= 2).as("never through the wall").isFalse();
        }
        assertThat(highest).as("over the wall's top (row 2)").isLessThan(2);

        // wall it in: columns 6 and 8 from the top down to the floor, row 0 over them
        Api.Response boxedIn = api.postJson(map + "/ops", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":6,"
                + "\"y\":0,\"width\":3,\"height\":5,\"gid\":1},{\"type\":\"fillRect\",\"layerId\":1,\"x\":7,"
                + "\"y\":1,\"width\":1,\"height\":4,\"gid\":0}]}", "If-Match", api.get(map).header("ETag"));
        assertThat(boxedIn.status()).as(boxedIn.text()).isEqualTo(200);
        JsonNode none = api.postJson(map + "/queries/path", "{\"from\":{\"x\":16,\"y\":64},\"to\":{\"x\":114,"
                + "\"y\":40},\"box\":{\"width\":12,\"height\":12}}").json();
        assertThat(none.get("reachable").asBoolean()).isFalse();
        assertThat(none.get("tiles")).isEmpty();
        assertThat(none.get("explored").get("x").asInt()).isZero();
        assertThat(none.get("visited").asInt()).isPositive();
        Api.Response noJump = api.postJson(map + "/queries/path", "{\"from\":{\"x\":16,\"y\":64},\"to\":{\"x\":114,"
                + "\"y\":40},\"box\":{\"width\":12,\"height\":12},\"movement\":\"platformer\"}");
        assertThat(noJump.status()).isEqualTo(422);
        assertThat(noJump.json().get("field").asString()).isEqualTo("jumpHeight");
    }

    @Test
    void aPlatformerJumpsTheWallOnlyWhenItJumpsHighEnough() {
        // the wall (column 6, rows 2..4) stands 48 px over the floor (row 5); start left of it, goal right of it
        String low = "{\"from\":{\"x\":20,\"y\":60},\"to\":{\"x\":130,\"y\":70},\"box\":{\"width\":12,"
                + "\"height\":14},\"movement\":\"platformer\",\"jumpHeight\":";
        JsonNode tooLow = api.postJson(map + "/queries/path", low + "20}").json();
        assertThat(tooLow.get("reachable").asBoolean()).isFalse();
        assertThat(tooLow.get("explored").get("x").asInt() + tooLow.get("explored").get("width").asInt())
                .as("explored up to the wall").isLessThanOrEqualTo(6);
        JsonNode high = api.postJson(map + "/queries/path", low + "70}").json();
        assertThat(high.get("reachable").asBoolean()).isTrue();
        assertThat(high.get("takeOffSpeed").asDouble()).isEqualTo(Math.sqrt(2 * 980 * 70));
        JsonNode last = high.get("tiles").get(high.get("tiles").size() - 1);
        assertThat(last.get("x").asInt()).as("standing right of the wall").isGreaterThan(6);
    }

    @Test
    void badGridAndMotionRequestsAreProblems() {
        Api.Response uneven = api.get(map + "/grid?elementWidth=5");
        assertThat(uneven.status()).isEqualTo(422);
        assertThat(uneven.json().get("field").asString()).isEqualTo("elementWidth");
        Api.Response noBox = api.postJson(map + "/motion", "{\"dx\":1,\"dy\":1}");
        assertThat(noBox.status()).isEqualTo(422);
        assertThat(noBox.json().get("field").asString()).isEqualTo("box");
        Api.Response infinite = api.postJson(map + "/motion",
                "{\"box\":{\"x\":0,\"y\":0,\"width\":4,\"height\":4},\"dx\":1e999,\"dy\":0}");
        assertThat(infinite.json().get("field").asString()).isEqualTo("dx");
        Api.Response flat = api.postJson(map + "/motion",
                "{\"box\":{\"x\":0,\"y\":0,\"width\":0,\"height\":4},\"dx\":1,\"dy\":0}");
        assertThat(flat.status()).isEqualTo(422);
    }
}
