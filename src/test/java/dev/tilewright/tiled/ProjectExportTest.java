package dev.tilewright.tiled;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.WorldCorpus;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayInputStream;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A whole project as one zip, as a CI job pulls it: the team's maps (a Tiled world of five maps and a map made in
 * Tilewright), their tileset once, the world's file listing every map where the zip has it; the same bytes for the
 * same versions (a repository that keeps them sees no change), a 304 when nothing changed, new bytes after an edit.
 */
@FeatureTest
class ProjectExportTest {

    @LocalServerPort
    int port;

    @Test
    void aProjectExportsWholeAndTheSameVersionsGiveTheSameBytes() throws Exception {
        Api api = new Api(port);
        Api.TeamProject team = api.teamProject("Pia", "editor");
        Api.Response world = team.owner().postFiles("/api/v1/worlds/import?projectId=" + team.project(),
                WorldCorpus.files());
        assertThat(world.status()).as(world.text()).isEqualTo(201);
        long made = team.memberApi().postJson("/api/v1/maps", "{\"name\":\"extra\",\"projectId\":" + team.project()
                + ",\"width\":4,\"height\":4,\"tileWidth\":16,\"tileHeight\":16,\"layers\":[{\"name\":\"ground\","
                + "\"type\":\"tile\"}]}").json().get("id").asLong();

        String path = "/api/v1/projects/" + team.project() + "/export";
        Api.Response first = team.memberApi().get(path);
        assertThat(first.status()).as(first.text()).isEqualTo(200);
        assertThat(first.header("Content-Type")).isEqualTo("application/zip");
        Api.Response second = team.memberApi().get(path);
        assertThat(second.body()).as("the same versions, the same bytes").isEqualTo(first.body());
        assertThat(second.header("ETag")).isEqualTo(first.header("ETag")).isNotBlank();
        Api.Response unchanged = team.memberApi().get(path, "If-None-Match", first.header("ETag"));
        assertThat(unchanged.status()).isEqualTo(304);
        assertThat(unchanged.body()).isEmpty();

        Map<String, byte[]> files = new LinkedHashMap<>();
        List<LocalDateTime> times = new ArrayList<>();
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(first.body()))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                files.put(entry.getName(), zip.readAllBytes());
                times.add(entry.getTimeLocal());
            }
        }
        assertThat(files.keySet()).contains("islands.world", "west.tmx", "east.tmj", "cave-0-1.tmx",
                "cave-1-1.tmx", "tiles.tsx", "tiles.png", "extra.tmx");
        assertThat(times).as("fixed entry times").containsOnly(LocalDateTime.of(1980, 1, 1, 0, 0));
        // the world lists each of its maps by where the zip has it (no pattern: other maps of the folder would match)
        JsonNode written = JsonMapper.builder().build().readTree(files.get("islands.world"));
        List<String> listed = new ArrayList<>();
        written.get("maps").forEach(m -> listed.add(m.get("fileName").asString()));
        assertThat(listed).containsExactlyInAnyOrder("west.tmx", "east.tmj", "cave-0-1.tmx", "cave-1-1.tmx");
        assertThat(files).containsKeys(listed.toArray(String[]::new));
        assertThat(written.has("patterns") && !written.get("patterns").isEmpty()).isFalse();

        Api.Response painted = team.memberApi().postJson("/api/v1/maps/" + made + "/ops", "{\"ops\":[{\"type\":"
                + "\"setProperty\",\"name\":\"difficulty\",\"property\":{\"name\":\"difficulty\",\"type\":"
                + "\"int\",\"value\":3}}]}", "If-Match", "\"1\"");
        assertThat(painted.status()).as(painted.text()).isEqualTo(200);
        Api.Response after = team.memberApi().get(path, "If-None-Match", first.header("ETag"));
        assertThat(after.status()).as("a new version: a new export").isEqualTo(200);
        assertThat(after.header("ETag")).isNotEqualTo(first.header("ETag"));
        assertThat(after.body()).isNotEqualTo(first.body());
    }
}
