package dev.tilewright.autotile;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rules over HTTP on the embedded PostgreSQL: a preview of a small cave as CI would post it (walls, their tops and
 * mirrored ends, unsigned flip bits), the limits of a preview and of a project's rules, and a project's rules kept,
 * refused whole when one field is off, and read by its members only.
 */
@FeatureTest
class RulesApiTest {

    private static final int ANY = 1_000_001;

    @LocalServerPort
    int port;

    /** Wall tops (nothing above: tile 7), the right end of a wall (mirrored: the left end, tile 4), plain wall (3). */
    private static final String RULES = "{\"outOfBoundsValue\":0,\"groups\":[{\"name\":\"walls\",\"rules\":["
            + "{\"size\":3,\"pattern\":[0,-" + ANY + ",0,0,1,0,0,0,0],\"tileIds\":[7]},"
            + "{\"size\":3,\"pattern\":[0,0,0,0,1,-" + ANY + ",0,0,0],\"tileIds\":[4],\"flipX\":true},"
            + "{\"size\":1,\"pattern\":[1],\"tileIds\":[3]}]}]}";

    private static String preview(int width, int height, List<Integer> cells, String rules) {
        return "{\"width\":" + width + ",\"height\":" + height + ",\"cells\":" + cells + ",\"rules\":" + rules
                + ",\"seed\":11}";
    }

    @Test
    void aPreviewPlacesWallTopsEndsAndPlainWallWithoutStoringAnything() {
        Api api = new Api(port);
        Api.Response answer = api.postJson("/api/v1/rules/preview", preview(5, 3, List.of(
                0, 0, 0, 0, 0,
                0, 1, 1, 1, 0,
                0, 1, 1, 1, 0), RULES));
        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
        List<Long> gids = new ArrayList<>();
        answer.json().get("gids").forEach(g -> gids.add(g.asLong()));
        long h = 0x80000000L;
        assertThat(gids).containsExactly(
                0L, 0L, 0L, 0L, 0L,
                0L, 8L, 8L, 8L, 0L,
                0L, 5L | h, 4L, 5L, 0L);
        assertThat(answer.json().get("width").asInt()).isEqualTo(5);

        assertThat(api.anonymous().postJson("/api/v1/rules/preview", preview(1, 1, List.of(1), RULES)).status())
                .isEqualTo(401);
    }

    @Test
    void aPreviewOverItsLimitsOrWithABadRuleIsRefusedNamingWhat() {
        Api api = new Api(port);
        Api.Response huge = api.postJson("/api/v1/rules/preview", preview(3000, 2000, List.of(), RULES));
        assertThat(huge.status()).isEqualTo(422);
        assertThat(huge.json().get("limit").asString()).isEqualTo("tilewright.autotile.max-preview-cells");

        // 300 x 300 cells x 50 rules is over the 4,000,000 cell-rules the feature tests allow
        String fifty = "{\"groups\":[{\"name\":\"many\",\"rules\":["
                + Collections.nCopies(50, "{\"size\":1,\"pattern\":[1],\"tileIds\":[0]}").stream()
                .collect(Collectors.joining(",")) + "]}]}";
        Api.Response work = api.postJson("/api/v1/rules/preview", preview(300, 300,
                Collections.nCopies(90_000, 1), fifty));
        assertThat(work.status()).as(work.text()).isEqualTo(422);
        assertThat(work.json().get("limit").asString()).isEqualTo("tilewright.autotile.max-preview-work");

        Api.Response badSize = api.postJson("/api/v1/rules/preview", preview(1, 1, List.of(1),
                "{\"groups\":[{\"rules\":[{\"size\":4,\"pattern\":[1],\"tileIds\":[0]}]}]}"));
        assertThat(badSize.status()).isEqualTo(422);
        assertThat(badSize.json().get("field").asString()).isEqualTo("rules.groups[0].rules[0].size");

        Api.Response shortCells = api.postJson("/api/v1/rules/preview", preview(2, 2, List.of(1, 1, 1), RULES));
        assertThat(shortCells.status()).isEqualTo(422);
        assertThat(shortCells.json().get("field").asString()).isEqualTo("cells");

        Api.Response unknown = api.postJson("/api/v1/rules/preview", preview(1, 1, List.of(1),
                "{\"groups\":[{\"rules\":[{\"size\":1,\"pattern\":[1],\"tileIds\":[0],\"chanse\":0.5}]}]}"));
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.json().get("field").asString()).contains("chanse");
    }

    @Test
    void aProjectKeepsItsValuesAndRuleSetsRefusesABadOneWholeAndShowsThemToItsMembersOnly() {
        Api admin = new Api(port);
        long project = admin.projectOf(admin.newMap("ruled", 4, 4));
        String path = "/api/v1/projects/" + project + "/rules";
        String rules = "{\"values\":[{\"value\":1,\"name\":\"wall\",\"color\":\"#404040\"},"
                + "{\"value\":2,\"name\":\"water\",\"color\":\"#2060ff\"}],"
                + "\"ruleSets\":[" + RULES.replaceFirst("\\{", "{\"name\":\"cave\",") + "]}";
        Api.Response put = admin.putJson(path, rules);
        assertThat(put.status()).as(put.text()).isEqualTo(200);
        JsonNode kept = admin.get(path).json();
        assertThat(kept.get("values").get(1).get("name").asString()).isEqualTo("water");
        assertThat(kept.get("ruleSets").get(0).get("name").asString()).isEqualTo("cave");
        assertThat(kept.get("ruleSets").get(0).get("groups").get(0).get("rules").get(1).get("flipX").asBoolean())
                .isTrue();

        Api.Response twice = admin.putJson(path, rules.replace("\"value\":2", "\"value\":1"));
        assertThat(twice.status()).isEqualTo(422);
        assertThat(twice.json().get("field").asString()).isEqualTo("values[1].value");
        Api.Response badRule = admin.putJson(path, rules.replace("\"tileIds\":[3]", "\"tileIds\":[]"));
        assertThat(badRule.status()).isEqualTo(422);
        assertThat(badRule.json().get("field").asString()).isEqualTo("ruleSets[0].groups[0].rules[2].tileIds");
        String tooMany = "{\"ruleSets\":[{\"name\":\"big\",\"groups\":[{\"rules\":["
                + Collections.nCopies(2001, "{\"size\":1,\"pattern\":[1],\"tileIds\":[0]}").stream()
                .collect(Collectors.joining(",")) + "]}]}]}";
        Api.Response many = admin.putJson(path, tooMany);
        assertThat(many.status()).isEqualTo(422);
        assertThat(many.json().get("limit").asString()).isEqualTo("tilewright.autotile.max-rules");
        String huge = "{\"values\":[{\"value\":1,\"name\":\"" + "w".repeat(1_100_000) + "\",\"color\":\"#000000\"}]}";
        assertThat(admin.putJson(path, huge).json().get("limit").asString())
                .isEqualTo("tilewright.autotile.max-rules-bytes");
        assertThat(admin.get(path).json()).isEqualTo(kept);

        Api editor = admin.as(admin.token(admin.person("Rule editor", project, "editor"), "write"));
        assertThat(editor.get(path).status()).isEqualTo(200);
        assertThat(editor.putJson(path, "{}").status()).isEqualTo(403);
        long team = editor.postJson("/api/v1/teams", "{\"name\":\"rules elsewhere\"}").json().get("id").asLong();
        long own = editor.postJson("/api/v1/teams/" + team + "/projects", "{\"name\":\"own rules\"}").json()
                .get("id").asLong();
        assertThat(editor.putJson("/api/v1/projects/" + own + "/rules", rules).status()).isEqualTo(200);
        Api outsider = admin.as(admin.token(admin.person("Rule outsider", project, "viewer"), "read"));
        assertThat(outsider.get("/api/v1/projects/" + own + "/rules").status()).isEqualTo(404);
    }
}
