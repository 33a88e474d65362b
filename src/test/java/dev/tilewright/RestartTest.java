package dev.tilewright;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
import dev.tilewright.support.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The service as a user runs it, with its embedded PostgreSQL keeping data in a directory: what was uploaded,
 * created and painted through REST is there after the service (and its database) stopped and started again.
 */
@Tag(Lanes.SERVICE)
class RestartTest {

    @TempDir
    Path dataDir;

    private ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(TilewrightApplication.class)
                .run("--server.port=0", "--tilewright.database.data-dir=" + dataDir.resolve("pg"));
    }

    private static Api api(ConfigurableApplicationContext context) {
        return new Api(((WebServerApplicationContext) context).getWebServer().getPort());
    }

    @Test
    void tilesetsMapsAndPaintSurviveARestart() {
        long tileset;
        long mapId;
        try (ConfigurableApplicationContext first = start()) {
            Api api = api(first);
            tileset = api.uploadTileset("kept", 2, 2);
            mapId = api.postJson("/api/v1/maps", "{\"name\":\"kept\",\"width\":300,\"height\":200,\"tileWidth\":16,"
                    + "\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],"
                    + "\"layers\":[{\"name\":\"ground\",\"type\":\"tile\"}]}").json().get("id").asLong();
            Api.Response painted = api.postJson("/api/v1/maps/" + mapId + "/ops",
                    "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":60,\"y\":60,\"width\":100,\"height\":10,"
                            + "\"gid\":3221225476}]}", "If-Match", "\"1\"");
            assertThat(painted.status()).isEqualTo(200);
        }
        assertThat(Files.exists(dataDir.resolve("pg/PG_VERSION"))).isTrue();

        try (ConfigurableApplicationContext second = start()) {
            Api api = api(second);
            assertThat(api.get("/api/v1/tilesets/" + tileset).status()).isEqualTo(200);
            Api.Response map = api.get("/api/v1/maps/" + mapId);
            assertThat(map.header("ETag")).isEqualTo("\"2\"");
            String cells = api.get("/api/v1/maps/" + mapId + "/layers/1/cells?x=158&y=69&width=3&height=1").json()
                    .get("gids").toString();
            assertThat(cells).isEqualTo("[3221225476,3221225476,0]");
        }
    }
}
