package dev.tilewright.autotile;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Auto-layers kept by the server, on the embedded PostgreSQL: painting an IntGrid layer writes the derived tile layer
 * in the same version, erasing takes it back, a hand edit of the derived layer is undone by the rules, bad IntGrid
 * values are refused, and {@code POST …/autotile} brings a map in line with changed rules (a second call changes
 * nothing).
 */
@FeatureTest
class AutoLayersApiTest {

    private static final int ANY = 1_000_001;
    private static final long H = 0x80000000L;

    @LocalServerPort
    int port;

    private record Level(Api api, String map, long project) {
    }

    private static String rules(int plainTile) {
        return "{\"values\":[{\"value\":1,\"name\":\"wall\",\"color\":\"#404040\"}],\"ruleSets\":[{\"name\":\"cave\","
                + "\"groups\":[{\"name\":\"walls\",\"rules\":["
                + "{\"size\":3,\"pattern\":[0,-" + ANY + ",0,0,1,0,0,0,0],\"tileIds\":[7]},"
                + "{\"size\":3,\"pattern\":[0,0,0,0,1,-" + ANY + ",0,0,0],\"tileIds\":[4],\"flipX\":true},"
                + "{\"size\":1,\"pattern\":[1],\"tileIds\":[" + plainTile + "]}]}]}]}";
    }

    /** A 6x4 map in a project of its own with a ground layer (1), the derived layer (2) and the IntGrid (3). */
    private Level level() {
        return level("");
    }

    /** {@link #level()} with more map fields (an orientation). */
    private Level level(String orientation) {
        Api admin = new Api(port);
        Api owner = admin.as(admin.token(admin.person("Auto owner", admin.projectOf(admin.newMap("any", 2, 2)),
                "editor"), "write"));
        long team = owner.postJson("/api/v1/teams", "{\"name\":\"auto\"}").json().get("id").asLong();
        long project = owner.postJson("/api/v1/teams/" + team + "/projects", "{\"name\":\"autotiled\"}").json()
                .get("id").asLong();
        assertThat(owner.putJson("/api/v1/projects/" + project + "/rules", rules(3)).status()).isEqualTo(200);
        long tileset = owner.uploadTileset("walls", 4, 2, project);
        Api.Response created = owner.postJson("/api/v1/maps", "{\"name\":\"cave\",\"width\":6,\"height\":4,"
                + "\"tileWidth\":16,\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],"
                + "\"layers\":[{\"name\":\"ground\",\"type\":\"tile\"},{\"name\":\"walls (auto)\",\"type\":\"tile\"}],"
                + orientation + "\"projectId\":" + project + "}");
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        Level level = new Level(owner, "/api/v1/maps/" + created.json().get("id").asLong(), project);
        Api.Response grid = ops(level, "{\"type\":\"addLayer\",\"kind\":\"tile\",\"attributes\":{\"name\":\"walls\","
                + "\"properties\":[{\"name\":\"tilewright.intgrid\",\"type\":\"bool\",\"value\":true},"
                + "{\"name\":\"tilewright.autotile.rules\",\"type\":\"string\",\"value\":\"cave\"},"
                + "{\"name\":\"tilewright.autotile.output\",\"type\":\"int\",\"value\":2},"
                + "{\"name\":\"tilewright.autotile.firstgid\",\"type\":\"int\",\"value\":1}]}}");
        assertThat(grid.status()).as(grid.text()).isEqualTo(200);
        return level;
    }

    private static Api.Response ops(Level level, String... ops) {
        String etag = level.api().get(level.map()).header("ETag");
        return level.api().postJson(level.map() + "/ops", "{\"ops\":[" + String.join(",", ops) + "]}", "If-Match",
                etag);
    }

    private static List<Long> cells(Level level, int layerId) {
        List<Long> gids = new ArrayList<>();
        level.api().get(level.map() + "/layers/" + layerId + "/cells").json().get("gids")
                .forEach(g -> gids.add(g.asLong()));
        return gids;
    }

    @Test
    void paintingTheIntGridWritesTheDerivedLayerInTheSameVersionAndErasingTakesItBack() {
        Level level = level();
        Api.Response painted = ops(level, "{\"type\":\"fillRect\",\"layerId\":3,\"x\":1,\"y\":1,\"width\":3,"
                + "\"height\":2,\"gid\":1}");
        assertThat(painted.status()).as(painted.text()).isEqualTo(200);
        JsonNode logged = painted.json().get("applied");
        assertThat(logged.get("ops")).hasSize(2);
        assertThat(logged.get("ops").get(1).get("layerId").asInt()).isEqualTo(2);
        // tops (tile 7 -> gid 8) where nothing is above; below them the ends (tile 4, the left one mirrored) and wall
        assertThat(cells(level, 2)).containsExactly(
                0L, 0L, 0L, 0L, 0L, 0L,
                0L, 8L, 8L, 8L, 0L, 0L,
                0L, 5L | H, 4L, 5L, 0L, 0L,
                0L, 0L, 0L, 0L, 0L, 0L);

        assertThat(ops(level, "{\"type\":\"paint\",\"layerId\":3,\"cells\":[{\"x\":1,\"y\":1,\"gid\":0}]}").status())
                .isEqualTo(200);
        assertThat(cells(level, 2)).containsExactly(
                0L, 0L, 0L, 0L, 0L, 0L,
                0L, 0L, 8L, 8L, 0L, 0L,
                0L, 8L, 4L, 5L, 0L, 0L,
                0L, 0L, 0L, 0L, 0L, 0L);

        // by hand on the derived layer: the rules put it back in the same version
        assertThat(ops(level, "{\"type\":\"paint\",\"layerId\":2,\"cells\":[{\"x\":2,\"y\":2,\"gid\":1},"
                + "{\"x\":5,\"y\":3,\"gid\":1}]}").status()).isEqualTo(200);
        assertThat(cells(level, 2).get(2 * 6 + 2)).isEqualTo(4L);
        assertThat(cells(level, 2).get(3 * 6 + 5)).isZero();

        Api.Response tooBig = ops(level, "{\"type\":\"paint\",\"layerId\":3,\"cells\":[{\"x\":0,\"y\":0,"
                + "\"gid\":1000000}]}");
        assertThat(tooBig.status()).isEqualTo(422);
        assertThat(tooBig.json().get("field").asString()).isEqualTo("ops[0].cells[0].gid");
    }

    /**
     * On a hexagonal map (stagger axis y, odd rows shifted right) a rule keeps its shape: "a wall with nothing above"
     * reads the cell up and to the right wherever it matches (row 1's cell (2, 1) reads (3, 0), not (2, 0) as Tiled's
     * Automapping would), "nothing right" the cell beside it.
     */
    @Test
    void onAHexagonalMapARuleReadsTheSameNeighboursInEveryRow() {
        Level level = level("\"orientation\":\"hexagonal\",\"hexSideLength\":8,\"staggerAxis\":\"y\","
                + "\"staggerIndex\":\"odd\",");
        assertThat(ops(level, "{\"type\":\"paint\",\"layerId\":3,\"cells\":[{\"x\":2,\"y\":1,\"gid\":1}]}")
                .status()).isEqualTo(200);
        assertThat(cells(level, 2).get(6 + 2)).as("nothing up-right: a top").isEqualTo(8L);
        assertThat(ops(level, "{\"type\":\"paint\",\"layerId\":3,\"cells\":[{\"x\":2,\"y\":0,\"gid\":1}]}")
                .status()).isEqualTo(200);
        assertThat(cells(level, 2).get(6 + 2)).as("(2, 0) lies up-left of a shifted row's cell").isEqualTo(8L);
        assertThat(ops(level, "{\"type\":\"paint\",\"layerId\":3,\"cells\":[{\"x\":3,\"y\":0,\"gid\":1}]}")
                .status()).isEqualTo(200);
        List<Long> after = cells(level, 2);
        assertThat(after.get(6 + 2)).as("a wall up-right, nothing to the right: an end").isEqualTo(5L);
        assertThat(after.get(3)).as("row 0 reads above the map: empty").isEqualTo(8L);
    }

    @Test
    void aZipExportKeepsTheIntGridAsValuesTiledCanLoadAndItsImportRestoresThem() throws Exception {
        Level level = level();
        ops(level, "{\"type\":\"fillRect\",\"layerId\":3,\"x\":1,\"y\":1,\"width\":3,\"height\":2,\"gid\":1}",
                "{\"type\":\"paint\",\"layerId\":3,\"cells\":[{\"x\":5,\"y\":3,\"gid\":42}]}");
        List<Long> grid = cells(level, 3);
        List<Long> derived = cells(level, 2);
        assertThat(grid.get(3 * 6 + 5)).isEqualTo(42L);

        Api.Response zip = level.api().get(level.map() + "/export?format=zip");
        assertThat(zip.status()).isEqualTo(200);
        java.util.Map<String, byte[]> files = new java.util.LinkedHashMap<>();
        try (var in = new java.util.zip.ZipInputStream(new java.io.ByteArrayInputStream(zip.body()))) {
            for (var entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                files.put(entry.getName().substring(entry.getName().lastIndexOf('/') + 1), in.readAllBytes());
            }
        }
        String tmx = files.entrySet().stream().filter(e -> e.getKey().endsWith(".tmx")).map(e -> new String(e.getValue(),
                java.nio.charset.StandardCharsets.UTF_8)).findFirst().orElseThrow();
        // the IntGrid goes as an empty tile layer (values are no gids Tiled could load) with its values in a property
        String walls = tmx.substring(tmx.indexOf("name=\"walls\""));
        assertThat(walls).contains("tilewright.intgrid.cells");
        assertThat(walls.substring(walls.indexOf("<data"), walls.indexOf("</data>"))).doesNotContain("42").doesNotContain("1");

        // the rules go along, and an import into a project without them brings them
        assertThat(files).containsKey("tilewright-rules.json");
        long world = level.api().postJson("/api/v1/worlds", "{\"name\":\"caves\",\"projectId\":" + level.project()
                + ",\"maps\":[{\"mapId\":" + level.map().substring(level.map().lastIndexOf('/') + 1)
                + ",\"x\":0,\"y\":0}]}").json().get("id").asLong();
        Api.Response worldZip = level.api().get("/api/v1/worlds/" + world + "/export?format=zip");
        assertThat(worldZip.status()).as(worldZip.text()).isEqualTo(200);
        List<String> worldFiles = new ArrayList<>();
        try (var in = new java.util.zip.ZipInputStream(new java.io.ByteArrayInputStream(worldZip.body()))) {
            for (var entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                worldFiles.add(entry.getName());
            }
        }
        assertThat(worldFiles).anyMatch(name -> name.endsWith("tilewright-rules.json"));
        long team = level.api().postJson("/api/v1/teams", "{\"name\":\"elsewhere\"}").json().get("id").asLong();
        long other = level.api().postJson("/api/v1/teams/" + team + "/projects", "{\"name\":\"copy\"}").json()
                .get("id").asLong();
        java.util.Map<String, byte[]> broken = new java.util.LinkedHashMap<>(files);
        broken.put("tilewright-rules.json", "{\"ruleSets\":[{\"name\":\"cave\",\"groups\":[{\"rules\":[{\"size\":2}]}]}]}"
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Api.Response refused = level.api().postFiles("/api/v1/maps/import?projectId=" + other, broken);
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().get("field").asString()).isEqualTo("ruleSets[0].groups[0].rules[0].size");
        assertThat(level.api().get("/api/v1/projects/" + other + "/rules").json().get("ruleSets")).isEmpty();

        Api.Response imported = level.api().postFiles("/api/v1/maps/import?projectId=" + other, files);
        assertThat(imported.status()).as(imported.text()).isEqualTo(201);
        assertThat(level.api().get("/api/v1/projects/" + other + "/rules").json().get("ruleSets").get(0).get("name")
                .asString()).isEqualTo("cave");
        Level copy = new Level(level.api(), "/api/v1/maps/" + imported.json().get("id").asLong(), other);
        assertThat(cells(copy, 3)).isEqualTo(grid);
        assertThat(cells(copy, 2)).isEqualTo(derived);
        JsonNode layer = level.api().get(copy.map()).json().get("layers").get(2);
        assertThat(layer.toString()).contains("tilewright.intgrid").doesNotContain("tilewright.intgrid.cells");
        // and it stays an auto-layer: an edit of the copy's IntGrid derives again
        ops(copy, "{\"type\":\"paint\",\"layerId\":3,\"cells\":[{\"x\":1,\"y\":1,\"gid\":0}]}");
        assertThat(cells(copy, 2).get(6 + 1)).isZero();
        assertThat(cells(copy, 2).get(2 * 6 + 1)).isEqualTo(8L);
    }

    @Test
    void autotileBringsTheMapInLineWithChangedRulesOnceAndThenChangesNothing() {
        Level level = level();
        ops(level, "{\"type\":\"fillRect\",\"layerId\":3,\"x\":0,\"y\":2,\"width\":6,\"height\":2,\"gid\":1}");
        JsonNode first = level.api().postJson(level.map() + "/autotile", "").json();
        assertThat(first.get("changed").asBoolean()).isFalse();
        assertThat(cells(level, 2).get(3 * 6 + 2)).isEqualTo(4L);

        assertThat(level.api().putJson("/api/v1/projects/" + level.project() + "/rules", rules(5)).status())
                .isEqualTo(200);
        JsonNode second = level.api().postJson(level.map() + "/autotile", "").json();
        assertThat(second.get("changed").asBoolean()).isTrue();
        assertThat(cells(level, 2).get(3 * 6 + 2)).isEqualTo(6L);
        JsonNode third = level.api().postJson(level.map() + "/autotile", "").json();
        assertThat(third.get("changed").asBoolean()).isFalse();
        assertThat(third.get("version").asLong()).isEqualTo(second.get("version").asLong());

        // the map switches the rule set's "walls" group off: its auto-layer empties in that version, and fills again
        String off = "{\"type\":\"setProperty\",\"layerId\":3,\"name\":\"tilewright.autotile.groupsOff\","
                + "\"property\":{\"name\":\"tilewright.autotile.groupsOff\",\"type\":\"string\",\"value\":\"walls\"}}";
        assertThat(ops(level, off).status()).isEqualTo(200);
        assertThat(cells(level, 2)).containsOnly(0L);
        assertThat(ops(level, "{\"type\":\"setProperty\",\"layerId\":3,\"name\":\"tilewright.autotile.groupsOff\"}")
                .status()).isEqualTo(200);
        assertThat(cells(level, 2).get(3 * 6 + 2)).isEqualTo(6L);
    }
}
