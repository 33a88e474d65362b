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
        // the map's version on the service, named instead of the file: the same text, the same picture
        Map<String, String> env = Map.of("TILEWRIGHT_SERVER", "http://localhost:" + port, "TILEWRIGHT_TOKEN",
                dev.tilewright.support.Credentials.BOOTSTRAP_TOKEN);
        Cli.Run versioned = Cli.run(dir, env, "ascii", id + "@1");
        assertThat(versioned.code()).as(versioned.err()).isZero();
        assertThat(versioned.out()).isEqualTo(api.get("/api/v1/maps/" + id + "/render.txt?version=1").text());
        assertThat(Cli.run(dir, env, "render", "small.tmx", "--out", "file.png").code()).isZero();
        assertThat(Cli.run(dir, env, "render", id + "@latest", "--out", "served.png").code()).isZero();
        assertThat(Files.readAllBytes(dir.resolve("served.png"))).isEqualTo(Files.readAllBytes(dir.resolve("file.png")));

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

        // the same two versions named on the service (a team's project: its member's read token), by id and by
        // name, and a file against a version
        Api.TeamProject team = api.teamProject("Dora", "viewer");
        Api.Response made = team.owner().postFiles("/api/v1/maps/import?projectId=" + team.project(), Map.of(
                "before.tmx", Files.readAllBytes(dir.resolve("before.tmx")), "tiles.png",
                Files.readAllBytes(dir.resolve("tiles.png"))));
        assertThat(made.status()).as(made.text()).isEqualTo(201);
        id = made.json().get("id").asLong();
        assertThat(team.owner().postJson("/api/v1/maps/" + id + "/ops", "{\"ops\":[{\"type\":\"paint\","
                + "\"layerId\":1,\"cells\":[{\"x\":3,\"y\":1,\"gid\":2}]}]}", "If-Match", "\"1\"").status())
                .isEqualTo(200);
        Map<String, String> env = Map.of("TILEWRIGHT_SERVER", "http://localhost:" + port, "TILEWRIGHT_TOKEN",
                api.token(team.member(), "read"));
        String name = api.get("/api/v1/maps/" + id).json().get("name").asString();
        for (String[] pair : new String[][]{{id + "@1", id + "@2"}, {id + "@1", id + "@latest"},
                {name + "@1", name + "@2", "--project", String.valueOf(team.project())}, {"before.tmx", id + "@2"}}) {
            String[] args = new String[pair.length + 3];
            args[0] = "diff";
            System.arraycopy(pair, 0, args, 1, pair.length);
            args[pair.length + 1] = "--format";
            args[pair.length + 2] = "json";
            Cli.Run versions = Cli.run(dir, env, args);
            assertThat(versions.code()).as(versions.err()).isZero();
            JsonNode report = JsonMapper.builder().build().readTree(versions.out());
            assertThat(report.get("diff")).as(String.join(" ", pair)).isEqualTo(served);
            assertThat(report.get("to").asString()).endsWith("@2");
        }
        Cli.Run markdown = Cli.run(dir, env, "diff", id + "@1", id + "@2", "--format", "markdown", "--ascii");
        assertThat(markdown.code()).as(markdown.err()).isZero();
        assertThat(markdown.out()).contains("/api/v1/maps/" + id + "/diff.png?from=1&to=2", "```text");
        // the map a token may not see is not found; a version it never had is refused
        Cli.Run hidden = Cli.run(dir, Map.of("TILEWRIGHT_SERVER", "http://localhost:" + port, "TILEWRIGHT_TOKEN",
                api.token(api.person("Nosy", api.projectOf(api.newMap("nosy", 2, 2)), "viewer"), "read")),
                "diff", id + "@1", id + "@2");
        assertThat(hidden.code()).isEqualTo(3);
        assertThat(hidden.err()).contains("404");
        assertThat(Cli.run(dir, env, "diff", id + "@1", id + "@99").code()).isEqualTo(3);
        assertThat(Cli.run(dir, env, "diff", name + "@1", name + "@2").err()).contains("--project");
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

        // the map's version on the service, checked by the command line: the same results, reported by MAP@VERSION
        Map<String, String> env = Map.of("TILEWRIGHT_SERVER", "http://localhost:" + port, "TILEWRIGHT_TOKEN",
                dev.tilewright.support.Credentials.BOOTSTRAP_TOKEN);
        Cli.Run versioned = Cli.run(dir, env, "check", id + "@latest", "--format", "json");
        assertThat(versioned.code()).as(versioned.err()).isEqualTo(1);
        JsonNode map = json.readTree(versioned.out()).get("maps").get(0);
        assertThat(map.get("results")).isEqualTo(served);
        assertThat(map.get("path").asString()).isEqualTo(id + "@1");
        Cli.Run sarif = Cli.run(dir, env, "check", id + "@1", "--format", "sarif");
        // no file of the repository: located by the version and the object, not by a line
        assertThat(sarif.out()).contains("\"uri\" : \"" + id + "@1\"", "\"fullyQualifiedName\" : \"layer 2/object 4\"");
    }

    @Test
    void anLdtkProjectGoesInAndComesBackOutByTheCommandLine() throws Exception {
        Path sample = dev.tilewright.support.LdtkSamples.dir().resolve("SeparateLevelFiles.ldtk").toAbsolutePath();
        Api api = new Api(port);
        Api.TeamProject team = api.teamProject("Lou", "editor");
        // a CI job of an editor (not the team's admin) imports: the level files and atlases are found by the file
        Map<String, String> env = Map.of("TILEWRIGHT_SERVER", "http://localhost:" + port, "TILEWRIGHT_TOKEN",
                api.token(team.member(), "write"));
        Cli.Run in = Cli.run(dir, env, "ldtk", "import", String.valueOf(team.project()), sample.toString());
        assertThat(in.code()).as(in.err()).isZero();
        assertThat(in.out()).contains("3 maps in project " + team.project(), "World_Level_0 at 0,0");
        long world = Long.parseLong(in.out().replaceAll("(?s)^world (\\d+).*", "$1"));
        Cli.Run out = Cli.run(dir, env, "ldtk", "export", String.valueOf(world), "back");
        assertThat(out.code()).as(out.err()).isZero();
        Path written = dir.resolve("back").resolve("SeparateLevelFiles.ldtk");
        assertThat(dir.resolve("back/ldtk-export-report.json")).exists();
        JsonNode exported = JsonMapper.builder().build().readTree(Files.readAllBytes(written));
        assertThat(dev.tilewright.format.ldtk.LdtkWriterTest.schema().validate(exported)).isEmpty();
        dev.tilewright.format.ldtk.LdtkWriterTest.assertSameHoldings("SeparateLevelFiles by the command line",
                dev.tilewright.format.ldtk.LdtkWriterTest.semantic(dev.tilewright.format.ldtk.LdtkAutoTilesTest
                        .whole(sample)), dev.tilewright.format.ldtk.LdtkWriterTest.semantic(exported));
        // wrong words and a world that is not there
        assertThat(Cli.run(dir, env, "ldtk", "sideways", "1", "x").code()).isEqualTo(2);
        Cli.Run missing = Cli.run(dir, env, "ldtk", "export", "987654", "none");
        assertThat(missing.code()).isEqualTo(3);
        assertThat(missing.err()).contains("404");
    }

    @Test
    void aPullWritesTheProjectOnceAndThenOnlyWhatChanged() throws Exception {
        Api api = new Api(port);
        Api.TeamProject team = api.teamProject("Cyd", "viewer");
        Api.Response world = team.owner().postFiles("/api/v1/worlds/import?projectId=" + team.project(),
                dev.tilewright.support.WorldCorpus.files());
        assertThat(world.status()).as(world.text()).isEqualTo(201);
        // a CI job: a read token of a member who may only view the project
        Map<String, String> env = Map.of("TILEWRIGHT_SERVER", "http://localhost:" + port, "TILEWRIGHT_TOKEN",
                api.token(team.member(), "read"));
        Cli.Run first = Cli.run(dir, env, "pull", String.valueOf(team.project()), "levels");
        assertThat(first.code()).as(first.err()).isZero();
        assertThat(first.out()).contains("7 files, 7 written");
        Path levels = dir.resolve("levels");
        Map<String, byte[]> pulled = files(levels);
        assertThat(pulled.keySet()).contains("islands.world", "west.tmx", "east.tmj", "tiles.tsx", "tiles.png");
        // by name, into another folder: the same bytes
        Cli.Run byName = Cli.run(dir, env, "pull", "Cyd's team/levels", "again");
        assertThat(byName.code()).as(byName.err()).isZero();
        assertThat(files(dir.resolve("again"))).containsOnlyKeys(pulled.keySet()).allSatisfy((path, bytes) ->
                assertThat(bytes).as(path).isEqualTo(pulled.get(path)));
        Cli.Run unchanged = Cli.run(dir, env, "pull", String.valueOf(team.project()), "levels");
        assertThat(unchanged.out()).startsWith("up to date");

        // one map changes, another goes, a file of the folder's own stays
        long west = api.get("/api/v1/maps?projectId=" + team.project() + "&name=west").json().get(0).get("id")
                .asLong();
        long cave = api.get("/api/v1/maps?projectId=" + team.project() + "&name=cave-1-1").json().get(0).get("id")
                .asLong();
        Api.Response painted = team.owner().postJson("/api/v1/maps/" + west + "/ops", "{\"ops\":[{\"type\":"
                + "\"setProperty\",\"name\":\"difficulty\",\"property\":{\"name\":\"difficulty\",\"type\":"
                + "\"int\",\"value\":3}}]}", "If-Match", "\"1\"");
        assertThat(painted.status()).as(painted.text()).isEqualTo(200);
        assertThat(team.owner().delete("/api/v1/maps/" + cave).status()).isEqualTo(204);
        Files.writeString(levels.resolve("NOTES.md"), "ours");
        Files.writeString(levels.resolve("east.tmj"), "edited by hand");
        Cli.Run changed = Cli.run(dir, env, "pull", String.valueOf(team.project()), "levels");
        assertThat(changed.code()).as(changed.err()).isZero();
        assertThat(changed.out()).as("west changed, the world lists one map less, east was edited here")
                .contains("6 files, 3 written", "1 removed");
        Map<String, byte[]> now = files(levels);
        assertThat(now).doesNotContainKey("cave-1-1.tmx").containsKey("NOTES.md");
        assertThat(now.get("east.tmj")).isEqualTo(pulled.get("east.tmj"));
        assertThat(new String(now.get("west.tmx"), java.nio.charset.StandardCharsets.UTF_8)).contains("difficulty");
        assertThat(now.get("tiles.png")).isEqualTo(pulled.get("tiles.png"));

        // the service's side: the manifest, a subset, a path it has not
        JsonNode manifest = team.memberApi().get("/api/v1/projects/" + team.project() + "/export/manifest").json();
        assertThat(manifest.get("files")).hasSize(6);
        Api.Response subset = team.memberApi().get("/api/v1/projects/" + team.project()
                + "/export?path=west.tmx&path=tiles.png");
        assertThat(subset.status()).isEqualTo(200);
        assertThat(entries(subset.body())).containsExactly("west.tmx", "tiles.png");
        Api.Response none = team.memberApi().get("/api/v1/projects/" + team.project() + "/export?path=../x");
        assertThat(none.status()).isEqualTo(422);
        assertThat(none.json().get("field").asString()).isEqualTo("path");

        // refused and unreachable: exit 3, nothing written
        Map<String, String> wrong = Map.of("TILEWRIGHT_SERVER", "http://localhost:" + port, "TILEWRIGHT_TOKEN",
                "twp_not-a-token");
        Cli.Run refused = Cli.run(dir, wrong, "pull", String.valueOf(team.project()), "refused");
        assertThat(refused.code()).isEqualTo(3);
        assertThat(refused.err()).contains("401");
        long elsewhere = api.get("/api/v1/maps/" + api.newMap("elsewhere", 2, 2)).json().get("projectId").asLong();
        Cli.Run hidden = Cli.run(dir, Map.of("TILEWRIGHT_SERVER", "http://localhost:" + port, "TILEWRIGHT_TOKEN",
                api.token(api.person("Stranger", elsewhere, "viewer"), "read")), "pull",
                String.valueOf(team.project()), "hidden");
        assertThat(hidden.code()).as("a project the token may not see is not found").isEqualTo(3);
        assertThat(hidden.err()).contains("404");
        try (java.net.ServerSocket closed = new java.net.ServerSocket(0)) {
            int port = closed.getLocalPort();
            closed.close();
            Cli.Run away = Cli.run(dir, Map.of("TILEWRIGHT_SERVER", "http://localhost:" + port), "pull", "1", "away");
            assertThat(away.code()).isEqualTo(3);
            assertThat(away.err()).contains("cannot reach");
        }
        assertThat(Cli.run(dir, "pull", "1", "x").code()).as("no service named").isEqualTo(2);

        // every map as TMJ: the world lists them so; the next pull keeps the folder's format; another is refused
        Cli.Run tmj = Cli.run(dir, env, "pull", String.valueOf(team.project()), "as-json", "--format", "tmj");
        assertThat(tmj.code()).as(tmj.err()).isZero();
        Map<String, byte[]> json = files(dir.resolve("as-json"));
        assertThat(json.keySet()).contains("west.tmj", "east.tmj", "tiles.tsx").doesNotContain("west.tmx");
        assertThat(new String(json.get("islands.world"), java.nio.charset.StandardCharsets.UTF_8)).contains("west.tmj")
                .doesNotContain("west.tmx");
        assertThat(JsonMapper.builder().build().readTree(json.get("west.tmj")).get("layers")).isNotEmpty();
        assertThat(Cli.run(dir, env, "pull", String.valueOf(team.project()), "as-json").out()).startsWith("up to date");
        // a push from that folder finds every map unchanged (the manifest in its format) and names the world
        // changed here, which no map uses and a push does not send
        Files.writeString(dir.resolve("as-json/islands.world"), "{\"maps\": []}");
        Cli.Run layout = Cli.run(dir, env, "push", "as-json", String.valueOf(team.project()));
        assertThat(layout.code()).as(layout.out() + layout.err()).isEqualTo(3);
        assertThat(layout.out()).contains("changed here, not pushed: islands.world", "0 new versions, 0 new maps, 3 unchanged");
        assertThat(Cli.run(dir, env, "pull", String.valueOf(team.project()), "as-json", "--format", "png").code())
                .isEqualTo(2);
        Api.Response png = team.memberApi().get("/api/v1/projects/" + team.project() + "/export/manifest?format=png");
        assertThat(png.status()).isEqualTo(422);
        assertThat(png.json().get("field").asString()).isEqualTo("format");
    }

    @Test
    void aPushMakesAVersionOfEachMapChangedHereAddsNewOnesAndOverwritesNothing() throws Exception {
        Api api = new Api(port);
        Api.TeamProject team = api.teamProject("Piet", "editor");
        String project = String.valueOf(team.project());
        CliTest.small(dir, "small.tmx", null);
        Api.Response made = team.owner().postFiles("/api/v1/maps/import?projectId=" + project, Map.of("small.tmx",
                Files.readAllBytes(dir.resolve("small.tmx")), "tiles.png", Files.readAllBytes(dir.resolve("tiles.png"))));
        assertThat(made.status()).as(made.text()).isEqualTo(201);
        long id = made.json().get("id").asLong();
        // an editor's write token, as a CI job that pushes holds
        Map<String, String> env = Map.of("TILEWRIGHT_SERVER", "http://localhost:" + port, "TILEWRIGHT_TOKEN",
                api.token(team.member(), "write"));
        assertThat(Cli.run(dir, env, "push", "levels", project).code()).as("not pulled yet").isEqualTo(2);
        assertThat(Cli.run(dir, env, "pull", project, "levels").code()).isZero();
        Path level = dir.resolve("levels/small.tmx");
        String pulled = Files.readString(level);
        assertThat(pulled).contains("1,2,2,0");

        Cli.Run nothing = Cli.run(dir, env, "push", "levels", project);
        assertThat(nothing.code()).as(nothing.err()).isZero();
        assertThat(nothing.out()).contains("0 new versions, 0 new maps, 1 unchanged");
        assertThat(api.get("/api/v1/maps/" + id).json().get("version").asLong()).isEqualTo(1);

        // a cell painted here becomes version 2, with the message (the map's own tileset kept, one cell written);
        // the folder is then as the service has it
        int tilesets = api.get("/api/v1/tilesets?projectId=" + project).json().size();
        Files.writeString(level, pulled.replace("1,2,2,0", "1,2,2,2"));
        Cli.Run pushed = Cli.run(dir, env, "push", "levels", project, "--message", "a bridge over the gap");
        assertThat(pushed.code()).as(pushed.out() + pushed.err()).isZero();
        assertThat(pushed.out()).contains("pushed small.tmx: map " + id + " version 2", "1 new versions");
        JsonNode diff = api.get("/api/v1/maps/" + id + "/diff?from=1&to=2").json().get("diff");
        assertThat(diff.get("counts").get("cellsChanged").asLong()).isEqualTo(1);
        assertThat(diff.get("layers").get(0).get("cells").get(0).get("x").asInt()).isEqualTo(3);
        JsonNode change = api.get("/api/v1/maps/" + id + "/history").json().get("changes").get(0);
        assertThat(change.get("message").asString()).isEqualTo("a bridge over the gap");
        assertThat(change.get("summary").get("layers").get(0).get("cellsPainted").asInt()).isEqualTo(1);
        assertThat(api.get("/api/v1/tilesets?projectId=" + project).json()).hasSize(tilesets);
        assertThat(Cli.run(dir, env, "pull", project, "levels").out()).startsWith("up to date");

        // a new map file is a new map of the project
        Files.copy(level, dir.resolve("levels/second.tmx"));
        Cli.Run added = Cli.run(dir, env, "push", "levels", project);
        assertThat(added.code()).as(added.out() + added.err()).isZero();
        assertThat(added.out()).contains("added second.tmx: map ");
        assertThat(api.get("/api/v1/maps?projectId=" + project + "&name=second").json()).hasSize(1);

        // changed on the service and here: not overwritten, named; a new file whose name is taken: refused
        Api.Response there = team.owner().postJson("/api/v1/maps/" + id + "/ops", "{\"ops\":[{\"type\":\"paint\","
                + "\"layerId\":1,\"cells\":[{\"x\":0,\"y\":0,\"gid\":2}]}]}", "If-Match", "\"2\"");
        assertThat(there.status()).as(there.text()).isEqualTo(200);
        Files.writeString(level, Files.readString(level).replace("1,2,2,2", "2,2,2,2"));
        Files.copy(level, dir.resolve("levels/SECOND.tmx"));
        Files.delete(dir.resolve("levels/second.tmx"));
        Files.writeString(dir.resolve("levels/.tiled-notes"), "not the pull's");
        Cli.Run refused = Cli.run(dir, env, "push", "levels", project);
        assertThat(refused.code()).as(refused.out()).isEqualTo(3);
        assertThat(refused.out()).contains("changed on the service since the pull, not pushed: small.tmx",
                "refused: new map SECOND.tmx: 409 Map name taken", "deleted here, kept on the service: second.tmx");
        assertThat(api.get("/api/v1/maps/" + id).json().get("version").asLong()).as("nothing overwritten").isEqualTo(3);

        // a viewer's token may pull but not push
        Api.Person viewer = api.person("Vic", team.project(), "viewer");
        Cli.Run readOnly = Cli.run(dir, Map.of("TILEWRIGHT_SERVER", "http://localhost:" + port, "TILEWRIGHT_TOKEN",
                api.token(viewer, "write")), "push", "levels", project);
        assertThat(readOnly.code()).isEqualTo(3);
    }

    private static Map<String, byte[]> files(Path folder) throws Exception {
        Map<String, byte[]> files = new java.util.TreeMap<>();
        try (var walk = Files.walk(folder)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                String path = folder.relativize(file).toString();
                if (!path.startsWith(".tilewright")) {
                    files.put(path, Files.readAllBytes(file));
                }
            }
        }
        return files;
    }

    private static java.util.List<String> entries(byte[] zip) throws Exception {
        java.util.List<String> names = new java.util.ArrayList<>();
        try (var in = new java.util.zip.ZipInputStream(new java.io.ByteArrayInputStream(zip))) {
            for (var e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                names.add(e.getName());
            }
        }
        return names;
    }

    private long imported(Api api, String file) throws Exception {
        Api.Response made = api.postFiles("/api/v1/maps/import", Map.of(file, Files.readAllBytes(dir.resolve(file)),
                "tiles.png", Files.readAllBytes(dir.resolve("tiles.png"))));
        assertThat(made.status()).as(made.text()).isEqualTo(201);
        return made.json().get("id").asLong();
    }
}
