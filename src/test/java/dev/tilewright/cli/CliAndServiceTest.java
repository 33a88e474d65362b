package dev.tilewright.cli;

import dev.tilewright.support.Api;
import dev.tilewright.support.Eventually;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command line and the service give the same answers for the same map: {@code tilewright ascii} of a file and
 * {@code render.txt} of the map imported from it; {@code tilewright diff} of two files and the service's diff of the
 * two versions they are; {@code tilewright check} of a file and the service's checks of the map imported from it.
 */
@FeatureTest
class CliAndServiceTest {

    @LocalServerPort
    int port;
    @TempDir
    Path dir;

    @Test
    void asciiOfAFileIsRenderTxtOfTheMapImportedFromIt() throws Exception {
        CliTest.small(dir, "small.tmx", null);
        Api api = new Api(port);
        long id = imported(api, "small.tmx");
        for (String[] options : new String[][]{{}, {"--legend", "gids"}, {"--legend", "collision"},
                {"--color", "--columns", "4"}, {"--x", "1", "--y", "1", "--width", "3", "--height", "2"}}) {
            String[] args = new String[options.length + 2];
            args[0] = "ascii";
            args[1] = "small.tmx";
            System.arraycopy(options, 0, args, 2, options.length);
            Cli.Run cli = Cli.run(dir, args);
            assertThat(cli.code()).as(cli.err()).isZero();
            StringBuilder query = new StringBuilder("?");
            for (int i = 0; i < options.length; i++) {
                String name = options[i].substring(2);
                boolean flag = i + 1 == options.length || options[i + 1].startsWith("--");
                query.append(name).append('=').append(flag ? "true" : options[++i]).append('&');
            }
            Api.Response served = api.get("/api/v1/maps/" + id + "/render.txt" + query);
            assertThat(served.status()).as(served.text()).isEqualTo(200);
            assertThat(served.text()).as(String.join(" ", options)).isEqualTo(cli.out());
        }
        Api.Response wide = api.get("/api/v1/maps/" + id + "/render.txt?columns=5000");
        assertThat(wide.status()).isEqualTo(422);
        assertThat(wide.json().get("field").asString()).isEqualTo("columns");
        // past max-text-cells: a whole 8200x8200 map, and its collision grid even for a small area
        long huge = api.newMap("huge", 8200, 8200);
        Api.Response whole = api.get("/api/v1/maps/" + huge + "/render.txt?legend=gids");
        assertThat(whole.status()).isEqualTo(413);
        assertThat(whole.json().get("limit").asString()).isEqualTo("tilewright.render.max-text-cells");
        Api.Response grid = api.get("/api/v1/maps/" + huge + "/render.txt?legend=collision&width=10&height=10");
        assertThat(grid.status()).isEqualTo(413);
        assertThat(grid.json().get("field").asString()).isEqualTo("legend");
        Api.Response corner = api.get("/api/v1/maps/" + huge + "/render.txt?legend=gids&width=10&height=2");
        assertThat(corner.status()).as(corner.text()).isEqualTo(200);
        assertThat(corner.text()).isEqualTo("          \n          \n");
    }

    @Test
    void aDiffOfTwoFilesIsTheServicesDiffOfTheTwoVersions() throws Exception {
        CliTest.small(dir, "before.tmx", null);
        CliTest.small(dir, "after.tmx", "1,2,2,2,");
        Api api = new Api(port);
        long id = imported(api, "before.tmx");
        Api.Response painted = api.postJson("/api/v1/maps/" + id + "/ops", "{\"ops\":[{\"type\":\"paint\","
                + "\"layerId\":1,\"cells\":[{\"x\":3,\"y\":1,\"gid\":2}]}]}", "If-Match", "\"1\"");
        assertThat(painted.status()).as(painted.text()).isEqualTo(200);
        JsonNode served = api.get("/api/v1/maps/" + id + "/diff?from=1&to=2").json().get("diff");
        Cli.Run cli = Cli.run(dir, "diff", "before.tmx", "after.tmx", "--format", "json");
        assertThat(cli.code()).as(cli.err()).isZero();
        JsonNode ours = JsonMapper.builder().build().readTree(cli.out()).get("diff");
        assertThat(ours).isEqualTo(served);
        assertThat(ours.get("counts").get("cellsChanged").asLong()).isEqualTo(1);
    }

    @Test
    void aCheckOfAFileIsTheServicesChecksOfTheMapImportedFromIt() throws Exception {
        // the four checks in the map's own property: the service runs them after the import, the command line on
        // the file
        JsonMapper json = JsonMapper.builder().build();
        var all = json.createArrayNode();
        all.addAll((tools.jackson.databind.node.ArrayNode) json.readTree(CliCheckTest.OWN).get("checks"));
        all.addAll((tools.jackson.databind.node.ArrayNode) json.readTree(CliCheckTest.CONFIG).get("checks").get(0)
                .get("checks"));
        String checks = "{\"checks\":" + all + "}";
        CliCheckTest.level(dir, "level.tmx", checks, CliCheckTest.WALLED);
        Api api = new Api(port);
        long id = imported(api, "level.tmx");
        JsonNode served = Eventually.eventually("the service's checks of the imported map", Duration.ofSeconds(30),
                () -> {
                    JsonNode report = api.get("/api/v1/maps/" + id + "/checks").json();
                    return report.get("state").asString().equals("done") ? report.get("results") : null;
                });
        Cli.Run cli = Cli.run(dir, "check", "level.tmx", "--format", "json");
        assertThat(cli.code()).as(cli.err()).isEqualTo(1);
        JsonNode ours = json.readTree(cli.out()).get("maps").get(0).get("results");
        assertThat(ours).hasSize(4).isEqualTo(served);
        assertThat(ours.get(2).get("passed").asBoolean()).as("the wall keeps the spawn from the exit").isFalse();
        assertThat(ours.get(3).get("details").get("hit").get("tile").get("x").asInt()).isEqualTo(3);
    }

    private long imported(Api api, String file) throws Exception {
        Api.Response made = api.postFiles("/api/v1/maps/import", Map.of(file, Files.readAllBytes(dir.resolve(file)),
                "tiles.png", Files.readAllBytes(dir.resolve("tiles.png"))));
        assertThat(made.status()).as(made.text()).isEqualTo(201);
        return made.json().get("id").asLong();
    }
}
