package dev.tilewright.access;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.Pngs;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Maps and tilesets belong to a project: the default one unless another is named, a project that does not exist is
 * 404 and stores nothing, and a map uses only the tilesets of its own project (at creation, by op, by import).
 */
@FeatureTest
class ProjectsApiTest {

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    Api api;
    long defaultProject;
    long other;

    @BeforeEach
    void twoProjects() {
        api = new Api(port).inDefaultProject(); // this class is about where things go without a project
        defaultProject = jdbc.queryForObject("SELECT id FROM projects WHERE is_default", Long.class);
        long team = jdbc.queryForObject("INSERT INTO teams (name) VALUES ('Studio') RETURNING id", Long.class);
        other = jdbc.queryForObject("INSERT INTO projects (team_id, name) VALUES (?, 'Levels') RETURNING id",
                Long.class, team);
    }

    private long tileset(Long project) {
        Map<String, Object> parts = new LinkedHashMap<>();
        parts.put("name", "t");
        parts.put("tileWidth", 16);
        parts.put("tileHeight", 16);
        if (project != null) {
            parts.put("projectId", project);
        }
        parts.put("image", Pngs.atlas(64, 32));
        Api.Response created = api.postMultipart("/api/v1/tilesets", parts);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        return created.json().get("id").asLong();
    }

    private Api.Response newMap(Long project, long tileset) {
        return api.postJson("/api/v1/maps", "{\"name\":\"m " + java.util.UUID.randomUUID() + "\",\"width\":8,\"height\":8,\"tileWidth\":16,"
                + "\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}]"
                + (project == null ? "" : ",\"projectId\":" + project) + "}");
    }

    private int count(String table) {
        return jdbc.queryForObject("SELECT count(*) FROM " + table, Integer.class);
    }

    @Test
    void withoutAProjectMapsAndTilesetsGoToTheDefaultOneAndShowIt() {
        long tileset = tileset(null);
        assertThat(api.get("/api/v1/tilesets/" + tileset).json().get("projectId").asLong()).isEqualTo(defaultProject);
        Api.Response map = newMap(null, tileset);
        assertThat(map.status()).as(map.text()).isEqualTo(201);
        long id = map.json().get("id").asLong();
        assertThat(map.json().get("projectId").asLong()).isEqualTo(defaultProject);
        assertThat(api.get("/api/v1/maps/" + id).json().get("projectId").asLong()).isEqualTo(defaultProject);
        JsonNode listed = null;
        for (JsonNode m : api.get("/api/v1/maps").json()) {
            if (m.get("id").asLong() == id) {
                listed = m;
            }
        }
        assertThat(listed).isNotNull();
        assertThat(listed.get("projectId").asLong()).isEqualTo(defaultProject);
    }

    @Test
    void aNamedProjectKeepsWhatIsMadeInItAndAMissingOneIs404StoringNothing() {
        long tileset = tileset(other);
        Api.Response map = newMap(other, tileset);
        assertThat(map.status()).as(map.text()).isEqualTo(201);
        assertThat(map.json().get("projectId").asLong()).isEqualTo(other);

        int maps = count("maps");
        int tilesets = count("tilesets");
        Api.Response missing = newMap(987654L, tileset);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.json().get("field").asString()).isEqualTo("projectId");
        Map<String, Object> parts = new LinkedHashMap<>();
        parts.put("name", "t");
        parts.put("tileWidth", 16);
        parts.put("tileHeight", 16);
        parts.put("projectId", 987654);
        parts.put("image", Pngs.atlas(64, 32));
        assertThat(api.postMultipart("/api/v1/tilesets", parts).status()).isEqualTo(404);
        assertThat(count("maps")).isEqualTo(maps);
        assertThat(count("tilesets")).isEqualTo(tilesets);
    }

    @Test
    void aMapUsesOnlyTheTilesetsOfItsOwnProject() {
        long foreign = tileset(defaultProject);
        Api.Response refused = newMap(other, foreign);
        assertThat(refused.status()).as(refused.text()).isEqualTo(422);
        assertThat(refused.json().get("field").asString()).isEqualTo("tilesets[0].tilesetId");

        long own = tileset(other);
        long mapId = newMap(other, own).json().get("id").asLong();
        Api.Response op = api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"addTileset\","
                + "\"tilesetId\":" + foreign + ",\"firstGid\":100}]}", "If-Match", "*");
        assertThat(op.status()).as(op.text()).isEqualTo(422);
        assertThat(op.json().get("field").asString()).isEqualTo("ops[0].tilesetId");
        assertThat(api.get("/api/v1/maps/" + mapId).json().get("tilesets")).hasSize(1);
        long second = tileset(other);
        assertThat(api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"addTileset\","
                + "\"tilesetId\":" + second + ",\"firstGid\":100}]}", "If-Match", "*").status()).isEqualTo(200);
    }

    @Test
    void anImportPutsTheMapAndItsTilesetsInTheProjectNamed() {
        String tmx = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" orientation=\"orthogonal\" "
                + "renderorder=\"right-down\" width=\"2\" height=\"2\" tilewidth=\"16\" tileheight=\"16\" infinite=\"0\" "
                + "nextlayerid=\"2\" nextobjectid=\"1\">\n <tileset firstgid=\"1\" name=\"t\" tilewidth=\"16\" "
                + "tileheight=\"16\" tilecount=\"8\" columns=\"4\"><image source=\"t.png\" width=\"64\" height=\"32\"/>"
                + "</tileset>\n <layer id=\"1\" name=\"g\" width=\"2\" height=\"2\"><data encoding=\"csv\">1,2,3,4</data>"
                + "</layer>\n</map>\n";
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("level.tmx", tmx.getBytes(StandardCharsets.UTF_8));
        files.put("t.png", Pngs.atlas(64, 32));
        Api.Response imported = api.postFiles("/api/v1/maps/import?projectId=" + other, files);
        assertThat(imported.status()).as(imported.text()).isEqualTo(201);
        assertThat(imported.json().get("projectId").asLong()).isEqualTo(other);
        long tileset = imported.json().get("tilesets").get(0).get("tilesetId").asLong();
        assertThat(api.get("/api/v1/tilesets/" + tileset).json().get("projectId").asLong()).isEqualTo(other);
        assertThat(api.postFiles("/api/v1/maps/import?projectId=987654", files).status()).isEqualTo(404);
    }

    /** An instance from before projects: its maps and tilesets move to the default project when it upgrades. */
    @Test
    void anUpgradedInstancesMapsAndTilesetsMoveToTheDefaultProject() throws Exception {
        try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
            Flyway.configure().dataSource(postgres.getPostgresDatabase()).locations("classpath:db/migration")
                    .target("5").load().migrate();
            JdbcTemplate old = new JdbcTemplate(postgres.getPostgresDatabase());
            old.update("INSERT INTO tilesets (name, tile_width, tile_height, margin, spacing, columns, tile_count, "
                    + "image_width, image_height) VALUES ('old', 16, 16, 0, 0, 4, 8, 64, 32)");
            old.update("INSERT INTO maps (name, width, height, tile_width, tile_height, version, next_layer_id, "
                    + "next_object_id, genesis) VALUES ('old', 4, 4, 16, 16, 1, 1, 1, '{}')");
            Flyway.configure().dataSource(postgres.getPostgresDatabase()).locations("classpath:db/migration").load()
                    .migrate();
            long fallback = old.queryForObject("SELECT p.id FROM projects p JOIN teams t ON t.id = p.team_id "
                    + "WHERE p.is_default AND p.name = 'Default' AND t.name = 'Default'", Long.class);
            assertThat(old.queryForList("SELECT project_id FROM maps", Long.class)).containsExactly(fallback);
            assertThat(old.queryForList("SELECT project_id FROM tilesets", Long.class)).containsExactly(fallback);
        }
    }
}
