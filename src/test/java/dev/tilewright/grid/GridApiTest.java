package dev.tilewright.grid;

import dev.tilewright.config.GridProperties;
import dev.tilewright.map.MapHistory;
import dev.tilewright.map.MapReads;
import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.tileset.Atlases;
import dev.tilewright.tileset.TilesetService;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/** The computed grid and grid motion over HTTP, from tiles marked solid through the tileset API. */
@FeatureTest
class GridApiTest {

    @LocalServerPort
    int port;
    @Autowired
    GridService grids;
    @Autowired
    MapReads maps;
    @Autowired
    MapHistory history;
    @Autowired
    TilesetService tilesets;
    @Autowired
    Atlases atlases;
    @Autowired
    GridProperties properties;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    JsonMapper json;
    @Autowired
    dev.tilewright.system.HeapBudget heap;
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

    @Test
    void pixelsMakeOpaqueTilesSolidAndOverridesSurviveRecomputationEditsAndRestarts() {
        long before = api.get(map).json().get("version").asLong();
        Api.Response computed = api.postJson(map + "/grid/compute", "{\"elementWidth\":8,\"elementHeight\":8,"
                + "\"source\":\"pixels\"}");
        assertThat(computed.status()).as(computed.text()).isEqualTo(200);
        assertThat(computed.json().get("version").asLong()).as("settings are an op").isEqualTo(before + 1);
        assertThat(computed.json().get("columns").asInt()).isEqualTo(20);
        assertThat(computed.json().get("settings").get("source").asString()).isEqualTo("pixels");
        // the floor (10 tiles), the wall (3) and the opaque gid 2 tile: 14 tiles of 4 elements
        assertThat(computed.json().get("counts").get("left").asLong()).isEqualTo(14 * 4);
        JsonNode grid = api.get(map + "/grid").json();
        assertThat(grid.get("elementWidth").asInt()).as("the settings' size by default").isEqualTo(8);
        assertThat(grid.get("cells").get(2).get(2).asInt() & 15).as("opaque gid 2 is solid from pixels").isEqualTo(15);

        // the same settings again change nothing
        assertThat(api.postJson(map + "/grid/compute", "{\"elementWidth\":8,\"elementHeight\":8,\"source\":"
                + "\"pixels\"}").json().get("version").asLong()).isEqualTo(before + 1);

        Api.Response overridden = api.putJson(map + "/grid/overrides", "{\"elements\":[{\"x\":2,\"y\":2,"
                + "\"sides\":0},{\"x\":5,\"y\":1,\"sides\":4}]}");
        assertThat(overridden.status()).as(overridden.text()).isEqualTo(200);
        assertThat(overridden.json().get("overrides").asInt()).isEqualTo(2);
        grid = api.get(map + "/grid").json();
        assertThat(grid.get("cells").get(2).get(2).asInt() & 15).as("overridden free").isZero();
        assertThat(grid.get("cells").get(1).get(5).asInt()).as("a one-way top with ground").isEqualTo(4 | 16);
        assertThat(grid.get("cells").get(0).get(5).asInt()).as("floating above it? no: it has a top below")
                .isZero();

        // recomputed with other settings, then edited under the override: the override stands
        api.postJson(map + "/grid/compute", "{\"elementWidth\":8,\"elementHeight\":8,\"source\":\"pixels\","
                + "\"solidFraction\":1}");
        Api.Response painted = api.postJson(map + "/ops", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,"
                + "\"x\":0,\"y\":0,\"width\":3,\"height\":2,\"gid\":1}]}", "If-Match", api.get(map).header("ETag"));
        assertThat(painted.status()).as(painted.text()).isEqualTo(200);
        grid = api.get(map + "/grid").json();
        assertThat(grids.lastSource()).as("brought forward, not computed anew").isEqualTo(GridService.Source.UPDATED);
        assertThat(grid.get("cells").get(2).get(2).asInt() & 15).as("still overridden").isZero();
        assertThat(grid.get("cells").get(2).get(3).asInt() & 15).as("its painted neighbour").isEqualTo(15);
        assertThat(grid.get("cells").get(0).get(0).asInt() & 15).isEqualTo(15);
        assertThat(api.get(map + "/grid/overrides").json().get("elements")).hasSize(2);

        // a service that starts afresh (a restart) finds the grid in PostgreSQL and brings it forward
        long version = api.get(map).json().get("version").asLong();
        long id = Long.parseLong(map.substring(map.lastIndexOf('/') + 1));
        GridService restarted = new GridService(maps, history, tilesets, atlases, properties, jdbc, json, heap);
        byte[] expected = grids.grid(id, null, null).grid().toBytes();
        assertThat(restarted.grid(id, null, null).grid().toBytes()).isEqualTo(expected);
        assertThat(restarted.lastSource()).as("stored at version %d", version).isNotEqualTo(GridService.Source.COMPUTED);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM map_grids WHERE map_id = ?", Long.class, id)).isOne();
    }

    @Test
    void gridSettingsAndOverridesAreOpsInTheLogAndRefusalsChangeNothing() {
        Api.Response viaOps = api.postJson(map + "/ops", "{\"ops\":[{\"type\":\"setGrid\",\"settings\":"
                + "{\"elementWidth\":4}},{\"type\":\"overrideGrid\",\"elements\":[{\"x\":39,\"y\":0,"
                + "\"sides\":15}]}]}", "If-Match", api.get(map).header("ETag"));
        assertThat(viaOps.status()).as(viaOps.text()).isEqualTo(200);
        long version = viaOps.json().get("version").asLong();
        JsonNode history = api.get(map + "/ops?since=" + (version - 1)).json().get("ops").get(0).get("op");
        assertThat(history.get("ops").get(1).get("type").asString()).isEqualTo("overrideGrid");
        assertThat(api.get(map).json().get("gridSettings").get("elementWidth").asInt()).isEqualTo(4);

        String[][] refused = {
                {"/grid/compute", "{\"elementWidth\":8}", "settings.elementWidth"},
                {"/grid/compute", "{\"elementHeight\":5}", "settings.elementHeight"},
                {"/grid/compute", "{\"elementWidth\":4,\"source\":\"voxels\"}", "settings.source"},
                {"/grid/compute", "{\"elementWidth\":4,\"alphaThreshold\":0}", "settings.alphaThreshold"},
                {"/grid/compute", "{\"elementWidth\":4,\"solidFraction\":1.5}", "settings.solidFraction"},
                {"/grid/compute", "{\"elementWidth\":4,\"transparentColor\":\"red\"}", "settings.transparentColor"},
        };
        for (String[] bad : refused) {
            Api.Response answer = api.postJson(map + bad[0], bad[1]);
            assertThat(answer.status()).as(bad[1]).isEqualTo(422);
            assertThat(answer.json().get("field").asString()).as(bad[1]).isEqualTo(bad[2]);
        }
        String[][] badOverrides = {
                {"{\"elements\":[{\"x\":40,\"y\":0,\"sides\":1}]}", "elements[0].x"},
                {"{\"elements\":[{\"x\":0,\"y\":0,\"sides\":1},{\"x\":1,\"y\":0,\"sides\":16}]}",
                        "elements[1].sides"},
                {"{\"elements\":[{\"x\":0,\"y\":-1,\"sides\":1}]}", "elements[0].x"},
                {"{}", "elements"},
        };
        for (String[] bad : badOverrides) {
            Api.Response answer = api.putJson(map + "/grid/overrides", bad[0]);
            assertThat(answer.status()).as(bad[0]).isEqualTo(422);
            assertThat(answer.json().get("field").asString()).as(bad[0]).isEqualTo(bad[1]);
        }
        Api.Response unknown = api.postJson(map + "/grid/compute", "{\"elementSize\":4}");
        assertThat(unknown.status()).isEqualTo(400);
        Api.Response stale = api.putJson(map + "/grid/overrides", "{\"clear\":true}", "If-Match", "\"1\"");
        assertThat(stale.status()).isEqualTo(412);
        assertThat(api.get(map).json().get("version").asLong()).as("nothing applied").isEqualTo(version);
        assertThat(api.get(map + "/grid/overrides").json().get("elements")).hasSize(1);

        Api.Response cleared = api.putJson(map + "/grid/overrides", "{\"clear\":true}");
        assertThat(cleared.json().get("overrides").asInt()).isZero();
        assertThat(api.postJson(map + "/grid/compute", "{\"elementWidth\":8}").status()).as("now it may resize")
                .isEqualTo(200);
    }
}
