package dev.tilewright.tiled;

import dev.tilewright.format.TiledExamples;
import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tiled projects as a team member brings them in from the browser: Debian's examples folder as it ships (maps and
 * tilesets gzipped, a map naming {@code ../sewer_tileset.png}) sent as a folder (files by their relative paths) or
 * as one zip, into a team's project by an editor who is not its admin; the upload names which map when it holds
 * several; what unpacks past the upload's limits is refused before it is held.
 */
@FeatureTest
@RequiresTools({Tool.TILED})
class ProjectImportTest {

    /** Debian's examples folder as a browser sends it when picked: each file by "examples/<its path>". */
    static Map<String, byte[]> folder;

    @LocalServerPort
    int port;
    Api admin;
    Api editor;
    long project;

    @BeforeAll
    static void examplesAsTheyShip() throws IOException {
        folder = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(TiledExamples.EXAMPLES)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                folder.put("examples/" + TiledExamples.EXAMPLES.relativize(file), Files.readAllBytes(file));
            }
        }
    }

    @BeforeEach
    void aTeamProjectAndAnEditorInIt() {
        admin = new Api(port);
        Api.TeamProject team = admin.teamProject("Ed", "editor");
        project = team.project();
        editor = team.memberApi();
    }

    @Test
    void aFolderHoldingManyMapsNamesThemAndTheNamedOneComesInWithAParentFoldersTileset() {
        Api.Response several = editor.postFiles("/api/v1/maps/import?projectId=" + project, folder);
        assertThat(several.status()).as(several.text()).isEqualTo(422);
        assertThat(several.json().get("field").asString()).isEqualTo("map");
        List<String> maps = new ArrayList<>();
        several.json().get("maps").forEach(m -> maps.add(m.asString()));
        assertThat(maps).contains("examples/desert.tmx", "examples/orthogonal-outside.tmx",
                "examples/sewer_automap/sewers.tmx", "examples/sticker-knight/map/sandbox.tmx")
                .as("the rule maps sewer_automap/rules.txt(.gz) lists are its rules").noneMatch(m -> m.contains("rule_"));

        Api.Response sewers = editor.postFiles("/api/v1/maps/import?projectId=" + project
                + "&map=examples/sewer_automap/sewers.tmx", folder);
        assertThat(sewers.status()).as(sewers.text()).isEqualTo(201);
        JsonNode map = sewers.json();
        assertThat(map.get("projectId").asLong()).isEqualTo(project);
        assertThat(map.get("tilesets")).hasSize(2);
        for (JsonNode tileset : map.get("tilesets")) {
            JsonNode stored = editor.get("/api/v1/tilesets/" + tileset.get("tilesetId").asLong()).json();
            assertThat(stored.get("projectId").asLong()).isEqualTo(project);
        }
        Api.Response unknown = editor.postFiles("/api/v1/maps/import?projectId=" + project + "&map=nowhere.tmx",
                Map.of("examples/desert.tmx", folder.get("examples/desert.tmx")));
        assertThat(unknown.status()).isEqualTo(422);
        assertThat(unknown.json().get("detail").asString()).contains("nowhere.tmx", "examples/desert.tmx");
    }

    @Test
    void aGzippedMapAndAZipOfTheFolderAreUnpacked() throws IOException {
        Api.Response gz = editor.postFiles("/api/v1/maps/import?projectId=" + project, Map.of(
                "orthogonal-outside.tmx.gz", folder.get("examples/orthogonal-outside.tmx.gz"),
                "buch-outdoor.png", folder.get("examples/buch-outdoor.png")));
        assertThat(gz.status()).as(gz.text()).isEqualTo(201);
        assertThat(gz.json().get("width").asInt()).isEqualTo(45);

        byte[] zip = zip(folder);
        Api.Response zipped = editor.postFiles("/api/v1/maps/import?projectId=" + project
                + "&map=examples/sticker-knight/map/sandbox.tmx", Map.of("examples.zip", zip));
        assertThat(zipped.status()).as(zipped.text()).isEqualTo(201);
        assertThat(zipped.json().get("projectId").asLong()).isEqualTo(project);
        assertThat(zipped.json().get("layers").size()).isGreaterThan(1);

        // a missing file is named by the path it should have, for the browser to ask for it
        Map<String, byte[]> without = new LinkedHashMap<>(folder);
        without.remove("examples/sewer_tileset.png");
        Api.Response missing = editor.postFiles("/api/v1/maps/import?projectId=" + project
                + "&map=examples/sewer_automap/sewers.tmx", without);
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.json().get("missing").asString()).isEqualTo("examples/sewer_tileset.png");
    }

    @Test
    void whatUnpacksPastTheUploadLimitIsRefusedAndNothingIsStored() throws IOException {
        int before = editor.get("/api/v1/maps?projectId=" + project).json().size();
        ByteArrayOutputStream bomb = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bomb)) {
            out.putNextEntry(new ZipEntry("desert.tmx"));
            out.write(folder.get("examples/desert.tmx"));
            out.putNextEntry(new ZipEntry("zeros.png"));
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i < 129; i++) {
                out.write(zeros);
            }
        }
        assertThat(bomb.size()).isLessThan(1 << 20);
        Api.Response refused = editor.postFiles("/api/v1/maps/import?projectId=" + project,
                Map.of("bomb.zip", bomb.toByteArray()));
        assertThat(refused.status()).as(refused.text()).isEqualTo(413);
        assertThat(refused.json().get("limit").asString()).isEqualTo("tilewright.limits.max-import-bytes");
        ByteArrayOutputStream folders = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(folders)) {
            for (int i = 0; i <= 4000; i++) {
                out.putNextEntry(new ZipEntry("d" + i + "/"));
            }
        }
        Api.Response flood = editor.postFiles("/api/v1/maps/import?projectId=" + project,
                Map.of("folders.zip", folders.toByteArray()));
        assertThat(flood.status()).as(flood.text()).isEqualTo(413);
        assertThat(flood.json().get("limit").asString()).isEqualTo("tilewright.limits.max-import-files");
        Api.Response notZip = editor.postFiles("/api/v1/maps/import?projectId=" + project,
                Map.of("broken.zip", new byte[] {1, 2, 3}));
        assertThat(notZip.status()).isEqualTo(422);
        assertThat(notZip.json().get("detail").asString()).contains("broken.zip");
        assertThat(editor.get("/api/v1/maps?projectId=" + project).json().size()).isEqualTo(before);
    }

    @Test
    void mapsAreFoundByNameExactlyOrByPrefixWithinTheProjectsTheCallerSees() {
        for (String name : List.of("desert", "desert-night", "forest")) {
            assertThat(editor.postJson("/api/v1/maps", "{\"name\":\"" + name + "\",\"projectId\":" + project
                    + ",\"width\":4,\"height\":4,\"tileWidth\":16,\"tileHeight\":16}").status()).isEqualTo(201);
        }
        assertThat(names(editor.get("/api/v1/maps?name=desert&projectId=" + project).json()))
                .containsExactly("desert");
        assertThat(names(editor.get("/api/v1/maps?name=desert*&projectId=" + project).json()))
                .containsExactly("desert", "desert-night");
        assertThat(names(editor.get("/api/v1/maps?name=des%25*&projectId=" + project).json())).isEmpty();
        Api stranger = admin.as(admin.token(admin.person("Stranger", admin.projectOf(admin.newMap("own", 2, 2)),
                "editor"), "read"));
        List<Long> seen = new ArrayList<>();
        stranger.get("/api/v1/maps?name=desert").json().forEach(m -> seen.add(m.get("projectId").asLong()));
        assertThat(seen).as("others' maps named desert, not the team's").doesNotContain(project);
        assertThat(names(stranger.get("/api/v1/maps?projectId=" + project).json())).isEmpty();
    }

    private static List<String> names(JsonNode maps) {
        List<String> names = new ArrayList<>();
        maps.forEach(m -> names.add(m.get("name").asString()));
        return names;
    }

    private static byte[] zip(Map<String, byte[]> files) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                out.putNextEntry(new ZipEntry(file.getKey()));
                out.write(file.getValue());
            }
        }
        return bytes.toByteArray();
    }
}
