package dev.tilewright.review;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.LiveClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review threads through the API on the embedded PostgreSQL: who may read, write, answer, resolve, edit and delete;
 * mentions of project members; a comment share link's holder writing under the name they give; the bounds; whether
 * a thread's anchored cells changed since it was made; and the live frames every editor and preview of the map gets.
 */
@FeatureTest
class ReviewApiTest {

    @LocalServerPort
    int port;

    private record Team(Api admin, long map, long project, Api viewer, Api commenter, Api editor, Api maintainer) {
    }

    private Team team(String name) {
        Api admin = new Api(port);
        long map = admin.newMap(name, 8, 6);
        long project = admin.projectOf(map);
        return new Team(admin, map, project,
                admin.as(admin.token(admin.person("Vic Viewer", project, "viewer"), "write")),
                admin.as(admin.token(admin.person("Cora Commenter", project, "commenter"), "write")),
                admin.as(admin.token(admin.person("Ed Editor", project, "editor"), "write")),
                admin.as(admin.token(admin.person("Mae Maintainer", project, "maintainer"), "write")));
    }

    private static String threads(long map) {
        return "/api/v1/maps/" + map + "/threads";
    }

    @Test
    void commentersWriteEditorsAnswerAndResolveViewersOnlyRead() {
        Team t = team("reviewed");
        Api.Response made = t.commenter().postJson(threads(t.map()), "{\"anchor\":{\"x\":40,\"y\":20,\"width\":32,"
                + "\"height\":16,\"layerId\":1},\"body\":\"  This corridor is too narrow  \"}");
        assertThat(made.status()).as(made.text()).isEqualTo(201);
        JsonNode thread = made.json();
        long id = thread.get("id").asLong();
        assertThat(made.header("Location")).endsWith("/threads/" + id);
        assertThat(thread.get("status").asString()).isEqualTo("open");
        assertThat(thread.get("anchor").get("width").asInt()).isEqualTo(32);
        assertThat(thread.get("version").asLong()).isEqualTo(t.admin().get("/api/v1/maps/" + t.map()).json()
                .get("version").asLong());
        assertThat(thread.get("comments").get(0).get("body").asString()).isEqualTo("This corridor is too narrow");
        assertThat(thread.get("comments").get(0).get("author").get("name").asString()).isEqualTo("Cora Commenter");

        Api.Response refused = t.viewer().postJson(threads(t.map()), "{\"anchor\":{\"x\":1,\"y\":1},\"body\":\"hi\"}");
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json().get("needed").asString()).isEqualTo("commenter");
        assertThat(t.viewer().get(threads(t.map())).json().get("threads")).hasSize(1);

        Api.Response reply = t.editor().postJson(threads(t.map()) + "/" + id + "/comments",
                "{\"body\":\"@CoraCommenter widened it; @maemaintainer. please look, @nobody\"}");
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        assertThat(reply.json().get("mentions").findValuesAsString("name"))
                .containsExactly("Cora Commenter", "Mae Maintainer");

        assertThat(t.viewer().patchJson(threads(t.map()) + "/" + id, "{\"resolved\":true}").status()).isEqualTo(403);
        JsonNode resolved = t.editor().patchJson(threads(t.map()) + "/" + id, "{\"resolved\":true}").json();
        assertThat(resolved.get("status").asString()).isEqualTo("resolved");
        assertThat(resolved.get("resolvedBy").asString()).isEqualTo("Ed Editor");
        assertThat(t.viewer().get(threads(t.map()) + "?status=open").json().get("threads")).isEmpty();
        assertThat(t.viewer().get(threads(t.map()) + "?status=resolved").json().get("threads")).hasSize(1);
        JsonNode reopened = t.commenter().patchJson(threads(t.map()) + "/" + id, "{\"resolved\":false}").json();
        assertThat(reopened.get("status").asString()).isEqualTo("open");
        assertThat(reopened.path("resolvedBy").isMissingNode()).isTrue();

        JsonNode whole = t.viewer().get(threads(t.map()) + "/" + id).json();
        assertThat(whole.get("commentCount").asInt()).isEqualTo(2);
        assertThat(whole.get("comments")).hasSize(2);
        assertThat(t.viewer().get(threads(t.map()) + "?status=everything").status()).isEqualTo(422);
        // another map's thread is not found through this one
        long other = t.admin().newMap("elsewhere", 4, 4);
        assertThat(t.admin().get(threads(other) + "/" + id).status()).isEqualTo(404);
    }

    @Test
    void aCommentIsChangedByItsWriterAndDeletedByItOrAMaintainer() {
        Team t = team("moderated");
        long id = t.commenter().postJson(threads(t.map()), "{\"anchor\":{\"x\":0,\"y\":0},\"body\":\"first\"}")
                .json().get("id").asLong();
        long second = t.commenter().postJson(threads(t.map()) + "/" + id + "/comments", "{\"body\":\"second\"}")
                .json().get("id").asLong();
        String comment = threads(t.map()) + "/" + id + "/comments/" + second;
        assertThat(t.editor().patchJson(comment, "{\"body\":\"mine now\"}").status()).isEqualTo(403);
        JsonNode edited = t.commenter().patchJson(comment, "{\"body\":\"second, better\"}").json();
        assertThat(edited.get("body").asString()).isEqualTo("second, better");
        assertThat(edited.path("editedAt").isMissingNode()).isFalse();
        assertThat(t.editor().delete(comment).status()).isEqualTo(403);
        assertThat(t.maintainer().delete(comment).status()).isEqualTo(204);
        assertThat(t.viewer().get(threads(t.map()) + "/" + id).json().get("comments")).hasSize(1);
        // the last comment's going takes the thread along
        long first = t.viewer().get(threads(t.map()) + "/" + id).json().get("comments").get(0).get("id").asLong();
        assertThat(t.commenter().delete(threads(t.map()) + "/" + id + "/comments/" + first).status()).isEqualTo(204);
        assertThat(t.viewer().get(threads(t.map()) + "/" + id).status()).isEqualTo(404);
        // a whole thread: its writer or a maintainer
        long another = t.commenter().postJson(threads(t.map()), "{\"anchor\":{\"x\":0,\"y\":0},\"body\":\"x\"}")
                .json().get("id").asLong();
        assertThat(t.editor().delete(threads(t.map()) + "/" + another).status()).isEqualTo(403);
        assertThat(t.maintainer().delete(threads(t.map()) + "/" + another).status()).isEqualTo(204);
        assertThat(t.viewer().get(threads(t.map())).json().get("threads")).isEmpty();
    }

    @Test
    void aCommentShareLinksHolderWritesUnderTheNameTheyGiveAViewLinksDoesNot() {
        Team t = team("shared");
        Api reviewer = t.admin().as(t.admin().postJson("/api/v1/maps/" + t.map() + "/shares",
                "{\"access\":\"comment\"}").json().get("token").asString());
        Api looker = t.admin().as(t.admin().postJson("/api/v1/maps/" + t.map() + "/shares",
                "{\"access\":\"view\"}").json().get("token").asString());
        Api.Response made = reviewer.postJson(threads(t.map()), "{\"anchor\":{\"x\":8,\"y\":8},\"body\":\"Nice\","
                + "\"name\":\"Rita from QA\"}");
        assertThat(made.status()).as(made.text()).isEqualTo(201);
        JsonNode author = made.json().get("comments").get(0).get("author");
        assertThat(author.get("name").asString()).isEqualTo("Rita from QA");
        assertThat(author.get("account").asString()).startsWith("link:");
        assertThat(author.path("userId").isMissingNode()).isTrue();
        long id = made.json().get("id").asLong();
        long comment = made.json().get("comments").get(0).get("id").asLong();
        assertThat(looker.postJson(threads(t.map()), "{\"anchor\":{\"x\":8,\"y\":8},\"body\":\"x\"}").status())
                .isEqualTo(403);
        assertThat(looker.get(threads(t.map())).json().get("threads")).hasSize(1);
        // a link sent as a header is no browser: its holders (anyone with the link) own no comment to change
        String path = threads(t.map()) + "/" + id + "/comments/" + comment;
        assertThat(reviewer.patchJson(path, "{\"body\":\"changed\"}").status()).isEqualTo(403);
        assertThat(reviewer.postJson(threads(t.map()) + "/" + id + "/comments", "{\"body\":\"Me too\",\"name\":\"Sam\"}")
                .json().get("author").get("name").asString()).isEqualTo("Sam");
        assertThat(reviewer.patchJson(threads(t.map()) + "/" + id, "{\"resolved\":true,\"name\":\"Rita from QA\"}")
                .json().get("resolvedBy").asString()).isEqualTo("Rita from QA");
        String tooLong = "n".repeat(121);
        Api.Response longName = reviewer.postJson(threads(t.map()), "{\"anchor\":{\"x\":8,\"y\":8},\"body\":\"x\","
                + "\"name\":\"" + tooLong + "\"}");
        assertThat(longName.status()).isEqualTo(422);
        assertThat(longName.json().get("field").asString()).isEqualTo("name");
        // another map: not seen
        long other = t.admin().newMap("not shared", 4, 4);
        assertThat(reviewer.postJson(threads(other), "{\"anchor\":{\"x\":8,\"y\":8},\"body\":\"x\"}").status())
                .isEqualTo(404);
    }

    @Test
    void badThreadsAreRefusedWithTheFieldAndChangeNothing() {
        Team t = team("bounded");
        Api a = t.editor();
        assertThat(field(a.postJson(threads(t.map()), "{\"anchor\":{\"x\":200,\"y\":0},\"body\":\"x\"}")))
                .isEqualTo("anchor");
        assertThat(field(a.postJson(threads(t.map()), "{\"anchor\":{\"x\":0,\"y\":0,\"width\":-3},\"body\":\"x\"}")))
                .isEqualTo("anchor.width");
        assertThat(field(a.postJson(threads(t.map()), "{\"anchor\":{\"y\":0},\"body\":\"x\"}"))).isEqualTo("anchor.x");
        assertThat(field(a.postJson(threads(t.map()), "{\"anchor\":{\"x\":0,\"y\":0,\"layerId\":9},\"body\":\"x\"}")))
                .isEqualTo("anchor.layerId");
        assertThat(field(a.postJson(threads(t.map()), "{\"anchor\":{\"x\":0,\"y\":0,\"objectId\":9},\"body\":\"x\"}")))
                .isEqualTo("anchor.objectId");
        assertThat(field(a.postJson(threads(t.map()), "{\"anchor\":{\"x\":0,\"y\":0},\"body\":\"  \"}")))
                .isEqualTo("body");
        assertThat(field(a.postJson(threads(t.map()), "{\"anchor\":{\"x\":0,\"y\":0},\"body\":\"x\",\"version\":99}")))
                .isEqualTo("version");
        Api.Response large = a.postJson(threads(t.map()), "{\"anchor\":{\"x\":0,\"y\":0},\"body\":\""
                + "é".repeat(4097) + "\"}");
        assertThat(large.status()).isEqualTo(413);
        assertThat(large.json().get("limitValue").asLong()).isEqualTo(8192);
        assertThat(large.json().get("limit").asString()).isEqualTo("tilewright.review.max-comment-bytes");
        assertThat(a.get(threads(t.map()) + "?limit=201").status()).isEqualTo(422);
        assertThat(a.get(threads(t.map())).json().get("threads")).isEmpty();
    }

    private static String field(Api.Response response) {
        assertThat(response.status()).as(response.text()).isBetween(400, 499);
        return response.json().get("field").asString();
    }

    @Test
    void aThreadSaysWhenItsAnchoredCellsChangedSinceItWasMade() {
        Team t = team("anchored");
        String paint = "/api/v1/maps/" + t.map() + "/ops";
        long narrow = t.commenter().postJson(threads(t.map()), "{\"anchor\":{\"x\":16,\"y\":16,\"width\":16,"
                + "\"height\":16},\"body\":\"this cell\"}").json().get("id").asLong();
        long far = t.commenter().postJson(threads(t.map()), "{\"anchor\":{\"x\":100,\"y\":80},\"body\":\"that one\"}")
                .json().get("id").asLong();
        long object = t.commenter().postJson(threads(t.map()), "{\"anchor\":{\"x\":0,\"y\":0,\"layerId\":1},"
                + "\"body\":\"corner\"}").json().get("id").asLong();
        assertThat(t.viewer().get(threads(t.map()) + "/" + narrow).json().get("anchorChanged").asBoolean()).isFalse();
        Api.Response painted = t.editor().postJson(paint, "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,\"cells\":"
                + "[{\"x\":1,\"y\":1,\"gid\":3}]}]}", "If-Match", "*");
        assertThat(painted.status()).as(painted.text()).isBetween(200, 201);
        JsonNode listed = t.viewer().get(threads(t.map())).json().get("threads");
        for (JsonNode thread : listed) {
            long id = thread.get("id").asLong();
            assertThat(thread.get("anchorChanged").asBoolean()).as("thread " + id).isEqualTo(id == narrow);
        }
        assertThat(listed).hasSize(3);
        assertThat(far + object).isPositive();
        // painting the same gid again changes nothing under it
        t.editor().postJson(paint, "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":6,\"y\":5,"
                + "\"gid\":0}]}]}", "If-Match", "*");
        assertThat(t.viewer().get(threads(t.map()) + "/" + far).json().get("anchorChanged").asBoolean()).isFalse();
    }

    @Test
    void everyEditorAndPreviewOfTheMapHearsOfThreadsAtOnce() throws InterruptedException {
        Team t = team("live review");
        LiveClient editor = new LiveClient(port, t.map());
        LiveClient preview = new LiveClient(port, t.map());
        editor.hello("editor-1", null);
        editor.next("snapshot");
        preview.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"preview-1\",\"name\":\"Rita\","
                + "\"watch\":\"review\"}");
        JsonNode welcome = preview.next("welcome");
        assertThat(welcome.get("ops")).isEmpty();
        long id = t.commenter().postJson(threads(t.map()), "{\"anchor\":{\"x\":4,\"y\":4},\"body\":\"look here\"}")
                .json().get("id").asLong();
        for (LiveClient client : new LiveClient[]{editor, preview}) {
            JsonNode frame = client.next("thread");
            assertThat(frame.get("thread").get("id").asLong()).isEqualTo(id);
            assertThat(frame.get("comment").get("body").asString()).isEqualTo("look here");
        }
        t.editor().patchJson(threads(t.map()) + "/" + id, "{\"resolved\":true}");
        assertThat(preview.next("thread").get("thread").get("status").asString()).isEqualTo("resolved");
        // the preview is sent no ops, and may send none
        t.editor().postJson("/api/v1/maps/" + t.map() + "/ops", "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,"
                + "\"cells\":[{\"x\":0,\"y\":0,\"gid\":2}]}]}", "If-Match", "*");
        assertThat(editor.next("op").get("version").asLong()).isPositive();
        preview.quiet("op");
        preview.send("{\"type\":\"op\",\"clientSeq\":1,\"op\":{\"type\":\"paint\",\"layerId\":1,\"cells\":[]}}");
        assertThat(preview.next("reject", Duration.ofSeconds(10)).get("problem").get("status").asInt())
                .isEqualTo(403);
        t.commenter().delete(threads(t.map()) + "/" + id);
        assertThat(editor.next("thread").get("removed").asBoolean()).isTrue();
        editor.abort();
        preview.abort();
    }
}
