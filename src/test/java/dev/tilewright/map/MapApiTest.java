package dev.tilewright.map;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

@FeatureTest
class MapApiTest {

    @LocalServerPort
    int port;
    Api api;
    @org.springframework.beans.factory.annotation.Autowired
    MapCache cache;
    long tileset;
    long mapId;

    @BeforeEach
    void mapWithTwoLayers() {
        api = new Api(port);
        tileset = api.uploadTileset("terrain", 4, 2);
        Api.Response created = api.postJson("/api/v1/maps", "{\"name\":\"level\",\"width\":100,\"height\":60,"
                + "\"tileWidth\":16,\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],"
                + "\"layers\":[{\"name\":\"ground\",\"type\":\"tile\"},{\"name\":\"things\",\"type\":\"object\"}]}");
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        mapId = created.json().get("id").asLong();
    }

    private String path(String rest) {
        return "/api/v1/maps/" + mapId + rest;
    }

    private Api.Response ops(String ifMatch, String body) {
        return ifMatch == null ? api.postJson(path("/ops"), body) : api.postJson(path("/ops"), body, "If-Match", ifMatch);
    }

    private long version() {
        return api.get(path("")).json().get("version").asLong();
    }

    private String cells(int x, int y, int w, int h) {
        return api.get(path("/layers/1/cells?x=" + x + "&y=" + y + "&width=" + w + "&height=" + h)).json()
                .get("gids").toString();
    }

    @Test
    void createAnswersWithLocationETagAndTheMap() {
        Api.Response map = api.get(path(""));
        assertThat(map.status()).isEqualTo(200);
        assertThat(map.header("ETag")).isEqualTo("\"1\"");
        JsonNode json = map.json();
        assertThat(json.get("version").asLong()).isEqualTo(1);
        assertThat(json.get("tilesets").get(0).get("firstGid").asInt()).isEqualTo(1);
        assertThat(json.get("layers").get(0).get("type").asString()).isEqualTo("tile");
        assertThat(json.get("layers").get(1).get("type").asString()).isEqualTo("object");
        assertThat(api.get("/api/v1/maps").json().findValuesAsString("name")).contains("level");
    }

    @Test
    void aMapIsMadeInAnyOrientationAndEachWrongSettingIsRefusedByItsField() {
        Api.Response hex = api.postJson("/api/v1/maps", "{\"name\":\"hexes\",\"width\":8,\"height\":6,\"tileWidth\":32,"
                + "\"tileHeight\":28,\"orientation\":\"hexagonal\",\"staggerAxis\":\"x\",\"staggerIndex\":\"even\","
                + "\"hexSideLength\":16}");
        assertThat(hex.status()).as(hex.text()).isEqualTo(201);
        assertThat(hex.json().get("orientation").asString()).isEqualTo("hexagonal");
        assertThat(hex.json().get("staggerAxis").asString()).isEqualTo("x");
        assertThat(hex.json().get("staggerIndex").asString()).isEqualTo("even");
        assertThat(hex.json().get("hexSideLength").asInt()).isEqualTo(16);
        // its export says so, as Tiled writes it
        String tmx = new String(api.get("/api/v1/maps/" + hex.json().get("id").asLong() + "/export?format=tmx").body(),
                java.nio.charset.StandardCharsets.UTF_8);
        assertThat(tmx).contains("orientation=\"hexagonal\"").contains("hexsidelength=\"16\"")
                .contains("staggeraxis=\"x\" staggerindex=\"even\"");
        Api.Response iso = api.postJson("/api/v1/maps", "{\"name\":\"diamonds\",\"width\":8,\"height\":6,"
                + "\"tileWidth\":64,\"tileHeight\":32,\"orientation\":\"isometric\"}");
        assertThat(iso.status()).isEqualTo(201);
        assertThat(iso.json().has("staggerAxis")).as("only staggered and hexagonal maps name a stagger axis").isFalse();
        Api.Response oblique = api.postJson("/api/v1/maps", "{\"name\":\"sheared\",\"width\":8,\"height\":6,"
                + "\"tileWidth\":32,\"tileHeight\":32,\"orientation\":\"oblique\",\"skewX\":-8,\"skewY\":4}");
        assertThat(oblique.status()).as(oblique.text()).isEqualTo(201);
        assertThat(oblique.json().get("skewX").asInt()).isEqualTo(-8);
        assertThat(oblique.json().get("skewY").asInt()).isEqualTo(4);
        assertThat(iso.json().has("skewX")).as("skews are named on oblique maps").isFalse();
        for (String[] wrong : new String[][]{
                {"\"orientation\":\"rhombic\"", "orientation"},
                {"\"orientation\":\"oblique\",\"skewX\":32,\"skewY\":32", "skewY"},
                {"\"orientation\":\"oblique\",\"skewX\":70000", "skewX"},
                {"\"orientation\":\"oblique\",\"skewY\":-2147483648", "skewY"},
                {"\"orientation\":\"staggered\",\"staggerAxis\":\"z\"", "staggerAxis"},
                {"\"orientation\":\"staggered\",\"staggerIndex\":\"third\"", "staggerIndex"},
                {"\"orientation\":\"hexagonal\",\"hexSideLength\":40", "hexSideLength"},
                {"\"orientation\":\"hexagonal\",\"hexSideLength\":-1", "hexSideLength"}}) {
            int before = api.get("/api/v1/maps").json().size();
            Api.Response refused = api.postJson("/api/v1/maps", "{\"name\":\"wrong\",\"width\":4,\"height\":4,"
                    + "\"tileWidth\":32,\"tileHeight\":32," + wrong[0] + "}");
            assertThat(refused.status()).as(wrong[0]).isEqualTo(422);
            assertThat(refused.json().get("field").asString()).as(wrong[0]).isEqualTo(wrong[1]);
            assertThat(api.get("/api/v1/maps").json().size()).isEqualTo(before);
        }
        Api.Response thin = api.postJson("/api/v1/maps", "{\"name\":\"thin\",\"width\":4,\"height\":4,"
                + "\"tileWidth\":32,\"tileHeight\":1,\"orientation\":\"staggered\"}");
        assertThat(thin.status()).isEqualTo(422);
        assertThat(thin.json().get("field").asString()).isEqualTo("tileHeight");
    }

    @Test
    void ifNoneMatchWithTheCurrentVersionIs304() {
        assertThat(api.get(path(""), "If-None-Match", "\"1\"").status()).isEqualTo(304);
        assertThat(api.get(path(""), "If-None-Match", "\"0\"").status()).isEqualTo(200);
    }

    @Test
    void paintFillAndObjectsAdvanceTheVersionOnce() {
        Api.Response applied = ops("\"1\"", "{\"ops\":["
                + "{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":0,\"y\":0,\"gid\":2147483649},{\"x\":1,\"y\":0,\"gid\":3}]},"
                + "{\"type\":\"fillRect\",\"layerId\":1,\"x\":10,\"y\":10,\"width\":80,\"height\":3,\"gid\":8},"
                + "{\"type\":\"addObject\",\"layerId\":2,\"object\":{\"name\":\"spawn\",\"shape\":\"point\",\"x\":8,\"y\":8}}]}");
        assertThat(applied.status()).as(applied.text()).isEqualTo(200);
        assertThat(applied.json().get("version").asLong()).isEqualTo(2);
        assertThat(applied.header("ETag")).isEqualTo("\"2\"");
        assertThat(applied.json().get("applied").toString()).contains("\"id\":1");

        assertThat(cells(0, 0, 3, 1)).isEqualTo("[2147483649,3,0]");
        assertThat(cells(88, 12, 3, 1)).isEqualTo("[8,8,0]");
        JsonNode objects = api.get(path("")).json().get("layers").get(1).get("objects");
        assertThat(objects.get(0).get("name").asString()).isEqualTo("spawn");
    }

    @Test
    void withoutIfMatchIs428AndNothingChanges() {
        Api.Response response = ops(null, "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":0,\"y\":0,\"gid\":1}]}]}");
        assertThat(response.status()).isEqualTo(428);
        assertThat(response.json().get("field").asString()).isEqualTo("If-Match");
        assertThat(version()).isEqualTo(1);
        assertThat(cells(0, 0, 1, 1)).isEqualTo("[0]");
    }

    @Test
    void aStaleIfMatchIs412AndNothingChanges() {
        assertThat(ops("\"1\"", paint(0, 0, 1)).status()).isEqualTo(200);
        Api.Response stale = ops("\"1\"", paint(1, 1, 2));
        assertThat(stale.status()).isEqualTo(412);
        assertThat(stale.json().get("currentVersion").asLong()).isEqualTo(2);
        assertThat(cells(1, 1, 1, 1)).isEqualTo("[0]");
        assertThat(version()).isEqualTo(2);
    }

    @Test
    void aBatchIsAllOrNothing() {
        Api.Response response = ops("\"1\"", "{\"ops\":["
                + "{\"type\":\"fillRect\",\"layerId\":1,\"x\":0,\"y\":0,\"width\":5,\"height\":5,\"gid\":2},"
                + "{\"type\":\"removeLayer\",\"layerId\":2},"
                + "{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":0,\"y\":0,\"gid\":99}]}]}");
        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().get("field").asString()).isEqualTo("ops[2].cells[0].gid");
        assertThat(cells(0, 0, 5, 1)).isEqualTo("[0,0,0,0,0]");
        assertThat(api.get(path("")).json().get("layers").size()).isEqualTo(2);
        assertThat(version()).isEqualTo(1);
        assertThat(api.get(path("/ops?since=1")).json().get("ops").size()).isZero();
    }

    @Test
    void anObjectIdWhoseNextWouldNotFitIs422AndNewObjectsStillGetIds() {
        Api.Response far = ops("*", "{\"ops\":[{\"type\":\"addObject\",\"layerId\":2,\"object\":"
                + "{\"id\":2147483647,\"name\":\"far\",\"x\":0,\"y\":0}}]}");
        assertThat(far.status()).as(far.text()).isEqualTo(422);
        assertThat(far.json().get("field").asString()).isEqualTo("ops[0].object.id");
        assertThat(version()).isEqualTo(1);
        Api.Response last = ops("*", "{\"ops\":[{\"type\":\"addObject\",\"layerId\":2,\"object\":"
                + "{\"id\":2147483646,\"name\":\"last\",\"x\":0,\"y\":0}}]}");
        assertThat(last.status()).as(last.text()).isEqualTo(200);
        // every id is given out now: a new object without one is refused, never a 500
        Api.Response more = ops("*", "{\"ops\":[{\"type\":\"addObject\",\"layerId\":2,\"object\":"
                + "{\"name\":\"more\",\"x\":0,\"y\":0}}]}");
        assertThat(more.status()).as(more.text()).isEqualTo(422);
        assertThat(more.json().get("field").asString()).isEqualTo("ops[0].object.id");
        Api.Response named = ops("*", "{\"ops\":[{\"type\":\"addObject\",\"layerId\":2,\"object\":"
                + "{\"id\":7,\"name\":\"named\",\"x\":0,\"y\":0}}]}");
        assertThat(named.status()).as(named.text()).isEqualTo(200);
        assertThat(version()).isEqualTo(3);
    }

    @Test
    void opsAndImportsAreHeldToTheLayersPerMapLimitToo() {
        String over = addLayers(255); // 2 + 255 > 256
        Api.Response refused = ops("*", over);
        assertThat(refused.status()).as(refused.text()).isEqualTo(422);
        assertThat(refused.json().get("limit").asString()).isEqualTo("tilewright.limits.max-layers-per-map");
        assertThat(version()).isEqualTo(1);
        assertThat(ops("*", addLayers(254)).status()).isEqualTo(200);
        Api.Response oneMore = ops("*", addLayers(1));
        assertThat(oneMore.status()).as(oneMore.text()).isEqualTo(422);
        assertThat(api.get(path("")).json().get("layers").size()).isEqualTo(256);

        StringBuilder tmx = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" "
                + "orientation=\"orthogonal\" renderorder=\"right-down\" width=\"1\" height=\"1\" tilewidth=\"16\" "
                + "tileheight=\"16\" infinite=\"0\" nextlayerid=\"300\" nextobjectid=\"1\">\n");
        for (int i = 1; i <= 257; i++) {
            tmx.append("<layer id=\"").append(i).append("\" name=\"l").append(i)
                    .append("\" width=\"1\" height=\"1\"><data encoding=\"csv\">0</data></layer>\n");
        }
        tmx.append("</map>\n");
        int mapsBefore = api.get("/api/v1/maps").json().size();
        Api.Response imported = api.postFiles("/api/v1/maps/import",
                java.util.Map.of("many.tmx", tmx.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertThat(imported.status()).as(imported.text()).isEqualTo(422);
        assertThat(imported.json().get("limit").asString()).isEqualTo("tilewright.limits.max-layers-per-map");
        assertThat(api.get("/api/v1/maps").json().size()).as("nothing stored").isEqualTo(mapsBefore);
    }

    private static String addLayers(int count) {
        StringBuilder ops = new StringBuilder("{\"ops\":[");
        for (int i = 0; i < count; i++) {
            ops.append(i == 0 ? "" : ",").append("{\"type\":\"addLayer\",\"kind\":\"object\",\"attributes\":{\"name\":\"o")
                    .append(i).append("\"}}");
        }
        return ops.append("]}").toString();
    }

    @Test
    void aTextObjectsTextIsHeldToItsLimitInBytes() {
        String sign = "{\"ops\":[{\"type\":\"addObject\",\"layerId\":2,\"object\":{\"name\":\"sign\",\"shape\":"
                + "\"text\",\"x\":0,\"y\":0,\"width\":64,\"height\":32,\"text\":{\"text\":\"%s\"}}}]}";
        // 32,769 two-byte characters: one byte past 64 KiB
        Api.Response tooLong = ops("*", sign.formatted("é".repeat(32_769)));
        assertThat(tooLong.status()).as(tooLong.text()).isEqualTo(413);
        assertThat(tooLong.json().get("limit").asString()).isEqualTo("tilewright.limits.max-text-bytes");
        assertThat(version()).isEqualTo(1);
        assertThat(ops("*", sign.formatted("é".repeat(32_768))).status()).isEqualTo(200);
        // a patch is held to it too
        Api.Response patch = ops("*", "{\"ops\":[{\"type\":\"updateObject\",\"layerId\":2,\"objectId\":1,\"patch\":"
                + "{\"text\":{\"text\":\"" + "x".repeat(70_000) + "\"}}}]}");
        assertThat(patch.status()).as(patch.text()).isEqualTo(413);
        assertThat(version()).isEqualTo(2);
    }

    @Test
    void aGidOfNoTilesetOfTheMapIs422() {
        Api.Response response = ops("\"1\"", paint(0, 0, 9));
        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().get("field").asString()).isEqualTo("ops[0].cells[0].gid");
        assertThat(response.json().get("detail").asString()).contains("1..8");
        assertThat(version()).isEqualTo(1);
    }

    @Test
    void cellsAndRectanglesOutsideTheMapAre422() {
        assertThat(ops("\"1\"", paint(100, 0, 1)).status()).isEqualTo(422);
        Api.Response rect = ops("\"1\"", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":-1,\"y\":0,"
                + "\"width\":2,\"height\":2,\"gid\":1}]}");
        assertThat(rect.status()).isEqualTo(422);
        assertThat(rect.json().get("detail").asString()).contains("outside the 100x60 map");
        assertThat(api.get(path("/layers/1/cells?x=90&y=0&width=11&height=1")).status()).isEqualTo(422);
        assertThat(version()).isEqualTo(1);
    }

    @Test
    void aMapOverTheSizeLimitIs422NamingTheLimit() {
        int before = api.get("/api/v1/maps").json().size();
        Api.Response response = api.postJson("/api/v1/maps",
                "{\"name\":\"huge\",\"width\":65537,\"height\":10,\"tileWidth\":16,\"tileHeight\":16}");
        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().get("limit").asString()).isEqualTo("tilewright.limits.max-map-width");
        assertThat(api.get("/api/v1/maps").json().size()).isEqualTo(before);
        assertThat(api.postJson("/api/v1/maps", "{\"name\":\"edge\",\"width\":65536,\"height\":65536,"
                + "\"tileWidth\":16,\"tileHeight\":16}").status()).isEqualTo(201);
    }

    @Test
    void malformedJsonIs400() {
        Api.Response response = ops("\"1\"", "{\"ops\":[{\"type\":\"paint\",");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.header("Content-Type")).isEqualTo("application/problem+json");
        Api.Response unknownOp = ops("\"1\"", "{\"ops\":[{\"type\":\"smudge\",\"layerId\":1}]}");
        assertThat(unknownOp.status()).isEqualTo(400);
        assertThat(unknownOp.json().get("detail").asString()).contains("smudge");
        Api.Response missing = ops("\"1\"", "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":1,\"y\":1}]}]}");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.json().get("field").asString()).isEqualTo("ops[0].cells[0].gid");
        assertThat(version()).isEqualTo(1);
    }

    @Test
    void anUnknownMapIs404() {
        assertThat(api.get("/api/v1/maps/987654").status()).isEqualTo(404);
        assertThat(api.postJson("/api/v1/maps/987654/ops", paint(0, 0, 1), "If-Match", "\"1\"").status()).isEqualTo(404);
        assertThat(api.get("/api/v1/maps/987654/ops?since=0").status()).isEqualTo(404);
        assertThat(api.get("/api/v1/maps/987654/layers/1/cells").status()).isEqualTo(404);
    }

    @Test
    void aRepeatedClientSeqIsAnsweredWithTheOriginalVersionAndNotAppliedTwice() {
        String body = "{\"clientId\":\"ci-7\",\"clientSeq\":1,\"ops\":[{\"type\":\"addObject\",\"layerId\":2,"
                + "\"object\":{\"name\":\"coin\",\"x\":1,\"y\":2}}]}";
        Api.Response first = ops("\"1\"", body);
        assertThat(ops("\"1\"", paint(3, 3, 1)).status()).as("someone else edits").isEqualTo(412);
        assertThat(ops("\"2\"", paint(3, 3, 1)).status()).isEqualTo(200);
        Api.Response again = ops("\"1\"", body);
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json().get("version").asLong()).isEqualTo(first.json().get("version").asLong()).isEqualTo(2);
        assertThat(again.json().get("repeated").asBoolean()).isTrue();
        assertThat(again.json().get("applied")).isEqualTo(first.json().get("applied"));
        assertThat(api.get(path("")).json().get("layers").get(1).get("objects").size()).isEqualTo(1);
        assertThat(version()).isEqualTo(3);
    }

    @Test
    void historyListsTheOpsAfterAVersion() {
        ops("\"1\"", paint(0, 0, 1));
        ops("\"2\"", paint(1, 0, 2));
        JsonNode history = api.get(path("/ops?since=1")).json().get("ops");
        assertThat(history.size()).isEqualTo(2);
        assertThat(history.get(0).get("version").asLong()).isEqualTo(2);
        assertThat(history.get(1).get("op").toString()).contains("\"gid\":2");
        assertThat(api.get(path("/ops?since=0&limit=1")).json().get("ops").size()).isEqualTo(1);
        assertThat(api.get(path("/ops?since=0&limit=0")).status()).isEqualTo(422);
    }

    @Test
    void undoIsTheInverseSentAsANewOp() {
        ops("\"1\"", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":0,\"y\":0,\"width\":3,\"height\":1,\"gid\":5}]}");
        Api.Response undo = ops("\"2\"", "{\"ops\":[{\"type\":\"putRegion\",\"layerId\":1,\"x\":0,\"y\":0,\"width\":3,"
                + "\"height\":1,\"gids\":[0,0,0]}]}");
        assertThat(undo.status()).isEqualTo(200);
        assertThat(cells(0, 0, 3, 1)).isEqualTo("[0,0,0]");
        assertThat(version()).isEqualTo(3);
    }

    @Test
    void deletedMapsAreGone() {
        assertThat(api.delete(path("")).status()).isEqualTo(204);
        assertThat(api.get(path("")).status()).isEqualTo(404);
        assertThat(api.delete(path("")).status()).isEqualTo(404);
    }

    private static String paint(int x, int y, long gid) {
        return "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":" + x + ",\"y\":" + y + ",\"gid\":" + gid + "}]}]}";
    }

    @Test
    void aTilesetIsAddedToAMapByAnOpAndRemovedOnlyWhenUnused() {
        long second = api.uploadTileset("props", 2, 2);
        Api.Response added = ops("\"1\"", "{\"ops\":[{\"type\":\"addTileset\",\"tilesetId\":" + second + "},"
                + "{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":3,\"y\":0,\"gid\":12}]}]}");
        assertThat(added.status()).as(added.text()).isEqualTo(200);
        assertThat(added.json().get("applied").get("ops").get(0).get("firstGid").asInt()).as("after 8 tiles").isEqualTo(9);
        assertThat(added.json().get("applied").get("ops").get(0).get("tileCount").asInt()).isEqualTo(4);
        assertThat(cells(3, 0, 1, 1)).isEqualTo("[12]");
        Api.Response bytes = api.get(path("/layers/1/cells?x=2&y=0&width=2&height=1"), "Accept", "application/octet-stream");
        assertThat(bytes.body()).as("little-endian uint32 per cell").containsExactly(0, 0, 0, 0, 12, 0, 0, 0);
        assertThat(bytes.header("X-Region")).isEqualTo("2,0,2,1");
        cache.evict(mapId);
        assertThat(api.get(path("")).json().get("tilesets").get(1).get("tilesetId").asLong()).as("stored")
                .isEqualTo(second);

        Api.Response inUse = ops("\"2\"", "{\"ops\":[{\"type\":\"removeTileset\",\"tilesetId\":" + second + "}]}");
        assertThat(inUse.status()).isEqualTo(422);
        assertThat(inUse.json().get("field").asString()).isEqualTo("ops[0].tilesetId");
        Api.Response twice = ops("\"2\"", "{\"ops\":[{\"type\":\"addTileset\",\"tilesetId\":" + second + "}]}");
        assertThat(twice.json().get("field").asString()).isEqualTo("ops[0].tilesetId");
        Api.Response missing = ops("\"2\"", "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,\"cells\":[]},"
                + "{\"type\":\"addTileset\",\"tilesetId\":99999}]}");
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.json().get("field").asString()).isEqualTo("ops[1].tilesetId");
        Api.Response wrongCount = ops("\"2\"", "{\"ops\":[{\"type\":\"addTileset\",\"tilesetId\":"
                + api.uploadTileset("more", 1, 1) + ",\"tileCount\":5}]}");
        assertThat(wrongCount.json().get("field").asString()).isEqualTo("ops[0].tileCount");
        assertThat(version()).as("refusals change nothing").isEqualTo(2);

        Api.Response removed = ops("\"2\"", "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":3,"
                + "\"y\":0,\"gid\":0}]},{\"type\":\"removeTileset\",\"tilesetId\":" + second + "}]}");
        assertThat(removed.status()).as(removed.text()).isEqualTo(200);
        cache.evict(mapId);
        assertThat(api.get(path("")).json().get("tilesets")).hasSize(1);
        assertThat(api.get(path("/render.png?width=64&height=16")).status()).isEqualTo(200);
    }

    @Test
    void objectsAddedTogetherKeepTheirDrawingOrderWhenReloaded() {
        StringBuilder batch = new StringBuilder("{\"ops\":[");
        for (int i = 0; i < 12; i++) {
            batch.append(i == 0 ? "" : ",").append("{\"type\":\"addObject\",\"layerId\":2,\"object\":{\"name\":\"o")
                    .append(i).append("\",\"x\":").append(i).append(",\"y\":0}}");
        }
        assertThat(ops("\"1\"", batch + "]}").status()).isEqualTo(200);
        String drawn = api.get(path("")).json().get("layers").get(1).get("objects").findValuesAsString("name").toString();
        assertThat(drawn).isEqualTo("[o0, o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11]");
        cache.evict(mapId);
        assertThat(api.get(path("")).json().get("layers").get(1).get("objects").findValuesAsString("name").toString())
                .as("loaded from the stored rows").isEqualTo(drawn);
    }
}
