package dev.tilewright.map;

import dev.tilewright.support.Api;
import dev.tilewright.support.BrowserSession;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A project's map names are its own: making, importing or renaming a map to a name another map of the project has
 * (whatever its case) is a 409 naming that map, and changes nothing; two at once cannot both take one name; names
 * two maps had before are kept, and reported (the export's manifest, the project page).
 */
@FeatureTest
class MapNamesTest {

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;

    private static final String TMX = """
            <?xml version="1.0" encoding="UTF-8"?>
            <map version="1.10" orientation="orthogonal" renderorder="right-down" width="2" height="2"
                 tilewidth="8" tileheight="8" infinite="0" nextlayerid="2" nextobjectid="1">
             <layer id="1" name="ground" width="2" height="2"><data encoding="csv">0,0,0,0</data></layer>
            </map>
            """;

    @Test
    void aNameAnotherMapOfTheProjectHasIsRefusedOnCreateImportAndRename() throws Exception {
        Api admin = new Api(port);
        Api.TeamProject team = admin.teamProject("Nina", "editor");
        Api nina = team.memberApi();
        long project = team.project();
        long desert = made(nina.postJson("/api/v1/maps", create("Desert", project)));

        Api.Response again = nina.postJson("/api/v1/maps", create("desert", project));
        assertThat(again.status()).as(again.text()).isEqualTo(409);
        assertThat(again.json().get("field").asString()).isEqualTo("name");
        assertThat(again.json().get("mapId").asLong()).isEqualTo(desert);
        assertThat(again.json().get("detail").asString()).contains("'desert'", "map " + desert);

        Api.Response imported = nina.postFiles("/api/v1/maps/import?projectId=" + project,
                Map.of("desert.tmx", TMX.getBytes(StandardCharsets.UTF_8)));
        assertThat(imported.status()).as(imported.text()).isEqualTo(409);
        assertThat(imported.json().get("mapId").asLong()).isEqualTo(desert);
        assertThat(names(nina, project)).containsExactly("Desert");

        // another project may have one of that name
        long elsewhere = made(admin.postJson("/api/v1/maps", create("desert", admin.projectOf(admin.newMap(
                "home of the other desert", 2, 2)))));
        assertThat(elsewhere).isNotEqualTo(desert);

        long oasis = made(nina.postJson("/api/v1/maps", create("oasis", project)));
        Api.Response renamed = nina.postJson("/api/v1/maps/" + oasis + "/ops",
                "{\"ops\":[{\"type\":\"renameMap\",\"name\":\"DESERT\"}]}", "If-Match", "\"1\"");
        assertThat(renamed.status()).as(renamed.text()).isEqualTo(409);
        assertThat(renamed.json().get("mapId").asLong()).isEqualTo(desert);
        assertThat(nina.get("/api/v1/maps/" + oasis).json().get("name").asString()).isEqualTo("oasis");
        assertThat(nina.get("/api/v1/maps/" + oasis).json().get("version").asLong()).isEqualTo(1);

        // a map may change its own name's case; a name given up is free at once for another
        Api.Response own = nina.postJson("/api/v1/maps/" + desert + "/ops",
                "{\"ops\":[{\"type\":\"renameMap\",\"name\":\"desert\"}]}", "If-Match", "\"1\"");
        assertThat(own.status()).as(own.text()).isEqualTo(200);
        Api.Response away = nina.postJson("/api/v1/maps/" + desert + "/ops",
                "{\"ops\":[{\"type\":\"renameMap\",\"name\":\"dunes\"}]}", "If-Match", "\"2\"");
        assertThat(away.status()).as(away.text()).isEqualTo(200);
        Api.Response taken = nina.postJson("/api/v1/maps/" + oasis + "/ops",
                "{\"ops\":[{\"type\":\"renameMap\",\"name\":\"Desert\"}]}", "If-Match", "\"1\"");
        assertThat(taken.status()).as(taken.text()).isEqualTo(200);
        assertThat(names(nina, project)).containsExactlyInAnyOrder("dunes", "Desert");
        // found by name at once (the row takes the name with the op, not when the map is next written)
        JsonNode found = nina.get("/api/v1/maps?projectId=" + project + "&name=Desert").json();
        assertThat(found).hasSize(1);
        assertThat(found.get(0).get("id").asLong()).isEqualTo(oasis);
    }

    @Test
    void twoMapsMadeAtOnceCannotTakeOneName() throws Exception {
        Api admin = new Api(port);
        Api.TeamProject team = admin.teamProject("Otto", "editor");
        long project = team.project();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> tries = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                Callable<Integer> make = () -> team.memberApi().postJson("/api/v1/maps", create("race", project))
                        .status();
                tries.add(pool.submit(make));
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> t : tries) {
                statuses.add(t.get());
            }
            assertThat(statuses).containsOnly(201, 409).filteredOn(s -> s == 201).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(names(team.memberApi(), project)).containsExactly("race");
    }

    @Test
    void namesTwoMapsHadBeforeAreKeptAndReported() throws Exception {
        Api admin = new Api(port);
        Api.TeamProject team = admin.teamProject("Pia", "editor");
        long project = team.project();
        long first = made(team.memberApi().postJson("/api/v1/maps", create("cave", project)));
        long second = made(team.memberApi().postJson("/api/v1/maps", create("cave two", project)));
        // as a database from before names were unique holds them
        jdbc.update("UPDATE maps SET name = 'Cave' WHERE id = ?", second);

        JsonNode manifest = team.memberApi().get("/api/v1/projects/" + project + "/export/manifest").json();
        assertThat(manifest.get("duplicateNames")).hasSize(1);
        assertThat(manifest.get("duplicateNames").get(0).get("name").asString()).isEqualTo("cave");
        assertThat(manifest.get("duplicateNames").get(0).get("mapIds").toString())
                .isEqualTo("[" + first + "," + second + "]");
        assertThat(manifest.get("files")).hasSize(2);

        BrowserSession browser = new BrowserSession(port);
        browser.signIn(team.member().email(), team.member().password());
        String page = browser.get("/projects/" + project).body();
        assertThat(page).contains("data-testid=\"duplicate-names\"", "&#39;cave&#39; (maps " + first + ", " + second + ")");

        // both still open and edit; renaming one ends it
        Api.Response renamed = team.memberApi().postJson("/api/v1/maps/" + second + "/ops",
                "{\"ops\":[{\"type\":\"renameMap\",\"name\":\"cave 2\"}]}", "If-Match", "\"1\"");
        assertThat(renamed.status()).as(renamed.text()).isEqualTo(200);
        assertThat(team.memberApi().get("/api/v1/projects/" + project + "/export/manifest").json()
                .get("duplicateNames")).isEmpty();
    }

    private static String create(String name, long project) {
        return "{\"name\":\"" + name + "\",\"width\":4,\"height\":4,\"tileWidth\":16,\"tileHeight\":16,\"projectId\":"
                + project + ",\"layers\":[{\"name\":\"ground\",\"type\":\"tile\"}]}";
    }

    private static long made(Api.Response response) {
        assertThat(response.status()).as(response.text()).isEqualTo(201);
        return response.json().get("id").asLong();
    }

    private static List<String> names(Api api, long project) {
        List<String> names = new ArrayList<>();
        api.get("/api/v1/maps?projectId=" + project).json().forEach(m -> names.add(m.get("name").asString()));
        return names;
    }
}
