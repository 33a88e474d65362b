package dev.tilewright.tiled;

import dev.tilewright.format.TiledExamples;
import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Templates made in Tilewright, as a team's editor makes them: an object becomes a template and its first instance;
 * instances placed; an edit of the template from one instance reaches every instance except what an instance changed
 * itself, in one version; the zip export writes each as a .tx Tiled reads (a tile object's through its tileset file),
 * and Tiled, detaching the templates, gets the same objects.
 */
@FeatureTest
@RequiresTools(Tool.TILED)
class MapTemplatesTest {

    @TempDir
    Path dir;
    @LocalServerPort
    int port;

    @Test
    void aTemplateMadeFromAnObjectIsFollowedByItsInstancesAndExportedAsTiledReadsIt() throws Exception {
        Api.TeamProject team = new Api(port).teamProject("Tess", "editor");
        Api api = team.memberApi();
        long tileset = api.uploadTileset("props", 4, 2, team.project());
        JsonNode made = api.postJson("/api/v1/maps", "{\"name\":\"village\",\"projectId\":" + team.project()
                + ",\"width\":20,\"height\":12,\"tileWidth\":16,\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":"
                + tileset + "}],\"layers\":[{\"name\":\"things\",\"type\":\"object\"}]}").json();
        String map = "/api/v1/maps/" + made.get("id").asLong();
        ops(api, map, "{\"type\":\"addObject\",\"layerId\":1,\"object\":{\"name\":\"crate\",\"x\":16,\"y\":16,"
                + "\"width\":48,\"height\":32,\"properties\":[{\"name\":\"loot\",\"type\":\"int\",\"value\":3}]}},"
                + "{\"type\":\"addObject\",\"layerId\":1,\"object\":{\"gid\":2,\"x\":160,\"y\":64,\"width\":16,"
                + "\"height\":16}}");

        Api.Response first = api.postJson(map + "/templates", "{\"name\":\"crate\",\"layerId\":1,\"objectId\":1}");
        assertThat(first.status()).as(first.text()).isEqualTo(201);
        assertThat(first.json().get("reference").asString()).isEqualTo("templates/crate.tx");
        assertThat(object(api, map, 1).get("template").asString()).isEqualTo("templates/crate.tx");
        assertThat(api.postJson(map + "/templates", "{\"name\":\"crate\",\"layerId\":1,\"objectId\":2}").status())
                .as("a name in use").isEqualTo(409);
        Api.Response badName = api.postJson(map + "/templates", "{\"name\":\"../x\",\"layerId\":1,\"objectId\":2}");
        assertThat(badName.status()).isEqualTo(422);
        assertThat(badName.json().get("field").asString()).isEqualTo("name");
        assertThat(api.postJson(map + "/templates", "{\"name\":\"lamp\",\"layerId\":1,\"objectId\":2}").status())
                .isEqualTo(201);

        // two more instances, as the editor places them; one names itself
        String instance = "{\"name\":\"crate\",\"template\":\"templates/crate.tx\",\"width\":48,\"height\":32,"
                + "\"properties\":[{\"name\":\"loot\",\"type\":\"int\",\"value\":3}],";
        ops(api, map, "{\"type\":\"addObject\",\"layerId\":1,\"object\":" + instance + "\"x\":100,\"y\":100}},"
                + "{\"type\":\"addObject\",\"layerId\":1,\"object\":" + instance.replace("\"name\":\"crate\"",
                "\"name\":\"special\"") + "\"x\":200,\"y\":100}}");
        // the first instance made wider and renamed, then the template updated from it
        ops(api, map, "{\"type\":\"updateObject\",\"layerId\":1,\"objectId\":1,\"patch\":{\"width\":64,"
                + "\"name\":\"box\"}},{\"type\":\"setProperty\",\"layerId\":1,\"objectId\":1,\"name\":\"loot\","
                + "\"property\":{\"name\":\"loot\",\"type\":\"int\",\"value\":5}}");
        long before = Long.parseLong(api.get(map).header("ETag").replace("\"", ""));
        Api.Response edited = api.putJson(map + "/templates?reference=templates/crate.tx",
                "{\"layerId\":1,\"objectId\":1}");
        assertThat(edited.status()).as(edited.text()).isEqualTo(200);
        assertThat(edited.json().get("version").asLong()).as("one version").isEqualTo(before + 1);
        JsonNode plain = object(api, map, 3);
        JsonNode special = object(api, map, 4);
        assertThat(plain.get("width").asDouble()).isEqualTo(64);
        assertThat(plain.get("name").asString()).isEqualTo("box");
        assertThat(plain.get("properties").get(0).get("value").asInt()).isEqualTo(5);
        assertThat(special.get("width").asDouble()).isEqualTo(64);
        assertThat(special.get("name").asString()).as("what it changed itself stays").isEqualTo("special");
        assertThat(plain.get("x").asDouble()).as("positions are the instances' own").isEqualTo(100);
        assertThat(api.get(map + "/templates").json().get(0).get("object").get("width").asDouble()).isEqualTo(64);
        // a viewer cannot make one
        Api viewer = api.as(new Api(port).token(new Api(port).person("Vic", team.project(), "viewer"), "write"));
        assertThat(viewer.postJson(map + "/templates", "{\"name\":\"mine\",\"layerId\":1,\"objectId\":3}").status())
                .isEqualTo(403);
        // someone of another project sees no such map: 404 for its templates, read or written
        Api admin = new Api(port);
        Api stranger = admin.as(admin.token(admin.person("Sid", admin.projectOf(admin.newMap("elsewhere", 2, 2)),
                "editor"), "write"));
        assertThat(stranger.get(map + "/templates").status()).isEqualTo(404);
        assertThat(stranger.putJson(map + "/templates?reference=templates/crate.tx", "{\"layerId\":1,\"objectId\":3}")
                .status()).isEqualTo(404);

        // the zip: both templates beside the map; Tiled reads them and, detaching, gets the instances' values
        Map<String, byte[]> zip = dev.tilewright.support.Zips.entries(api.get(map + "/export?format=zip").body());
        String crate = new String(zip.get("templates/crate.tx"), StandardCharsets.UTF_8);
        String lamp = new String(zip.get("templates/lamp.tx"), StandardCharsets.UTF_8);
        assertThat(crate).contains("<template>", "name=\"box\"", "width=\"64\"");
        assertThat(lamp).contains("<tileset firstgid=\"1\" source=\"../", "gid=\"2\"");
        String mapFile = zip.keySet().stream().filter(n -> n.endsWith(".tmx")).findFirst().orElseThrow();
        assertThat(new String(zip.get(mapFile), StandardCharsets.UTF_8)).contains("template=\"templates/crate.tx\"");
        for (Map.Entry<String, byte[]> entry : zip.entrySet()) {
            Path file = dir.resolve(entry.getKey());
            Files.createDirectories(file.getParent());
            Files.write(file, entry.getValue());
        }
        TiledExamples.tiled(dir, List.of("tiled", "--export-map", "--detach-templates", "tmx", mapFile,
                "detached.tmx"));
        String detached = Files.readString(dir.resolve("detached.tmx"));
        assertThat(detached).doesNotContain("template=")
                .containsPattern("<object id=\"3\" name=\"box\" x=\"100\" y=\"100\" width=\"64\" height=\"32\"")
                .containsPattern("<object id=\"4\" name=\"special\" x=\"200\" y=\"100\" width=\"64\"")
                .containsPattern("<object id=\"2\" gid=\"2\" x=\"160\" y=\"64\" width=\"16\" height=\"16\"");
    }

    private static void ops(Api api, String map, String ops) {
        Api.Response applied = api.postJson(map + "/ops", "{\"ops\":[" + ops + "]}", "If-Match", "*");
        assertThat(applied.status()).as(applied.text()).isEqualTo(200);
    }

    private static JsonNode object(Api api, String map, int id) {
        for (JsonNode o : api.get(map).json().get("layers").get(0).get("objects")) {
            if (o.get("id").asInt() == id) {
                return o;
            }
        }
        throw new AssertionError("no object " + id);
    }
}
