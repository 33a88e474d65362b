package dev.tilewright.access;

import dev.tilewright.support.Api;
import dev.tilewright.support.BrowserSession;
import dev.tilewright.support.Eventually;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.LiveClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.http.HttpResponse;
import java.net.http.WebSocketHandshakeException;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Who may do what, from outside: people signed in with the form and their tokens, by their role on the project a
 * map belongs to. Not seeing is 404, seeing but not doing 403, no credentials 401.
 */
@FeatureTest
class AccessApiTest {

    private static final String PAINT = "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":0,\"y\":0,"
            + "\"gid\":1}]}]}";

    @LocalServerPort
    int port;
    Api admin;
    long mapId;
    long project;

    @BeforeEach
    void aMap() {
        admin = new Api(port);
        mapId = admin.newMap("guarded", 8, 8);
        project = admin.projectOf(mapId);
    }

    /** A token of a person with a role on the map's project, made as they would: signed in, on their account. */
    private String tokenOf(String role, String scope) {
        return admin.token(admin.person(role + " person", project, role), scope);
    }

    /** The status a live handshake with {@code token} (none: null) is refused with. */
    private int handshakeStatus(String token) {
        Throwable refused = catchThrowable(() -> new LiveClient(port, mapId, "http://localhost:" + port, token));
        for (Throwable t = refused; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof WebSocketHandshakeException handshake) {
                return handshake.getResponse().statusCode();
            }
        }
        throw new AssertionError("the handshake was not refused", refused);
    }

    @Test
    void withoutCredentialsTheApiAnswers401WithABearerChallengeAndPagesSendToSignIn() {
        Api.Response anonymous = admin.anonymous().get("/api/v1/maps/" + mapId);
        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(anonymous.header("WWW-Authenticate")).startsWith("Bearer");
        assertThat(anonymous.header("Content-Type")).contains("problem+json");
        assertThat(admin.anonymous().delete("/api/v1/maps/" + mapId).status()).isEqualTo(401);
        assertThat(admin.get("/api/v1/maps/" + mapId).status()).isEqualTo(200);

        Api.Response invented = admin.as("twp_" + "A".repeat(49)).get("/api/v1/maps");
        assertThat(invented.status()).isEqualTo(401);
        assertThat(invented.header("WWW-Authenticate")).contains("invalid_token");

        Api.Response page = admin.anonymous().get("/maps/" + mapId + "/edit");
        assertThat(page.status()).isEqualTo(302);
        assertThat(page.header("Location")).endsWith("/login");
    }

    @Test
    void aViewerReadsButCannotChangeAndSomeoneWithoutARoleSeesNothing() {
        Api viewer = admin.as(tokenOf("viewer", "write"));
        assertThat(viewer.get("/api/v1/maps/" + mapId).status()).isEqualTo(200);
        assertThat(viewer.get("/api/v1/maps/" + mapId + "/render.png?x=0&y=0&width=64&height=64").status())
                .isEqualTo(200);
        Api.Response edit = viewer.postJson("/api/v1/maps/" + mapId + "/ops", PAINT, "If-Match", "*");
        assertThat(edit.status()).as(edit.text()).isEqualTo(403);
        assertThat(edit.json().get("role").asString()).isEqualTo("viewer");
        assertThat(edit.json().get("needed").asString()).isEqualTo("editor");
        assertThat(viewer.delete("/api/v1/maps/" + mapId).status()).isEqualTo(403);

        Api.Person stranger = admin.person("stranger", project, "viewer");
        admin.delete("/api/v1/projects/" + project + "/members/" + stranger.id());
        BrowserSession browser = new BrowserSession(port);
        browser.signIn(stranger.email(), stranger.password());
        assertThat(browser.get("/api/v1/maps/" + mapId).statusCode()).isEqualTo(404);
        assertThat(browser.get("/api/v1/maps").body()).doesNotContain("\"id\":" + mapId + ",");
        assertThat(browser.get("/maps/" + mapId + "/edit").statusCode()).isEqualTo(404);
        assertThat(browser.postJson("/api/v1/maps/" + mapId + "/ops", PAINT, true, "If-Match", "*").statusCode())
                .isEqualTo(404);
        assertThat(admin.get("/api/v1/maps/" + mapId).json().get("version").asLong()).isEqualTo(1);
    }

    @Test
    void anEditorsReadTokenOnlyReadsAndItsWriteTokenEditsUntilRevoked() {
        Api reader = admin.as(tokenOf("editor", "read"));
        assertThat(reader.get("/api/v1/maps/" + mapId).status()).isEqualTo(200);
        assertThat(reader.postJson("/api/v1/maps/" + mapId + "/ops", PAINT, "If-Match", "*").status())
                .isEqualTo(403);

        String token = tokenOf("editor", "write");
        Api writer = admin.as(token);
        assertThat(writer.postJson("/api/v1/maps/" + mapId + "/ops", PAINT, "If-Match", "*").status())
                .isEqualTo(200);
        JsonNode me = writer.get("/api/v1/me").json();
        assertThat(me.get("name").asString()).isEqualTo("editor person");
        JsonNode author = admin.get("/api/v1/maps/" + mapId + "/ops?since=1").json().get("ops").get(0).get("author");
        assertThat(author.get("id").asLong()).isEqualTo(me.get("id").asLong());
        assertThat(author.get("name").asString()).isEqualTo("editor person");
        long tokenId = writer.get("/api/v1/me/tokens").json().get(0).get("id").asLong();
        assertThat(writer.get("/api/v1/me/tokens").text()).doesNotContain(token);
        assertThat(writer.delete("/api/v1/me/tokens/" + tokenId).status()).isEqualTo(204);
        assertThat(writer.get("/api/v1/maps/" + mapId).status()).isEqualTo(401);
    }

    /** A socket of someone with a role on the map's project, welcomed; their id and token in {@code who}. */
    private LiveClient editorSocket(String name, String[] who) throws InterruptedException {
        Api.Person person = admin.person(name, project, "editor");
        String token = admin.token(person, "write");
        who[0] = String.valueOf(person.id());
        who[1] = token;
        LiveClient socket = new LiveClient(port, mapId, "http://localhost:" + port, token);
        socket.hello(name + "-client", null);
        socket.next("snapshot");
        return socket;
    }

    /** "ack", or "reject" and its status, for one op of a socket (other frames are passed over). */
    private static String answerTo(LiveClient socket, long clientSeq) {
        try {
            while (true) {
                JsonNode frame = socket.frames.poll(5, java.util.concurrent.TimeUnit.SECONDS);
                if (frame == null) {
                    return "nothing";
                }
                if (frame.path("clientSeq").asLong(-1) == clientSeq) {
                    String type = frame.path("type").asString();
                    return type.equals("reject") ? "reject " + frame.get("problem").get("status").asInt() : type;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    @Test
    void aSocketFollowsItsCallersAccess() throws Exception {
        String[] who = new String[2];
        // a role taken down to viewer: the socket stays, its ops are refused from then on
        LiveClient downgraded = editorSocket("downgraded", who);
        admin.putJson("/api/v1/projects/" + project + "/members/" + who[0], "{\"role\":\"viewer\"}");
        long[] seq = {0};
        Eventually.eventually("the downgraded editor's ops refused", Duration.ofSeconds(3), () -> {
            downgraded.send("{\"type\":\"op\",\"clientSeq\":" + (++seq[0]) + ",\"op\":{\"type\":\"paint\","
                    + "\"layerId\":1,\"cells\":[{\"x\":1,\"y\":1,\"gid\":" + (1 + seq[0] % 2) + "}]}}");
            return answerTo(downgraded, seq[0]).equals("reject 403");
        });
        downgraded.abort();

        // removed from the project: closed (4403) within 2 s
        LiveClient removed = editorSocket("removed", who);
        long before = System.nanoTime();
        admin.delete("/api/v1/projects/" + project + "/members/" + who[0]);
        assertThat(removed.awaitClose()).isEqualTo(4403);
        assertThat(Duration.ofNanos(System.nanoTime() - before)).isLessThan(Duration.ofSeconds(2));

        // its token revoked: closed too
        LiveClient revoked = editorSocket("revoked", who);
        Api own = admin.as(who[1]);
        long tokenId = own.get("/api/v1/me/tokens").json().get(0).get("id").asLong();
        own.delete("/api/v1/me/tokens/" + tokenId);
        assertThat(revoked.awaitClose()).isEqualTo(4403);
    }

    @Test
    void aClientIdBelongsToWhoeverUsedItFirstOnTheMap() throws Exception {
        Api first = admin.as(tokenOf("editor", "write"));
        Api second = admin.as(tokenOf("editor", "write"));
        String body = "{\"clientId\":\"shared-id\",\"clientSeq\":1,\"ops\":[{\"type\":\"paint\",\"layerId\":1,"
                + "\"cells\":[{\"x\":0,\"y\":0,\"gid\":1}]}]}";
        assertThat(first.postJson("/api/v1/maps/" + mapId + "/ops", body, "If-Match", "*").status()).isEqualTo(200);
        Api.Response taken = second.postJson("/api/v1/maps/" + mapId + "/ops", body, "If-Match", "*");
        assertThat(taken.status()).isEqualTo(403);
        assertThat(taken.json().get("field").asString()).isEqualTo("clientId");
        assertThat(first.postJson("/api/v1/maps/" + mapId + "/ops", body, "If-Match", "*").json().get("repeated")
                .asBoolean()).as("its owner's resend is still answered").isTrue();

        LiveClient socket = new LiveClient(port, mapId, "http://localhost:" + port, tokenOf("editor", "write"));
        socket.hello("shared-id", null);
        assertThat(socket.next("error").get("problem").get("status").asInt()).isEqualTo(403);
        socket.abort();
        // on another map the same id is free
        long other = admin.newMap("elsewhere", 4, 4);
        assertThat(second.postJson("/api/v1/maps/" + other + "/ops", body, "If-Match", "*").status()).isEqualTo(200);
    }

    @Test
    void aBrowsersSessionNeedsItsCsrfTokenToChangeAnything() {
        Api.Person editor = admin.person("csrf editor", project, "editor");
        BrowserSession browser = new BrowserSession(port);
        browser.signIn(editor.email(), editor.password());
        HttpResponse<String> forged = browser.postJson("/api/v1/maps/" + mapId + "/ops", PAINT, false, "If-Match",
                "*");
        assertThat(forged.statusCode()).isEqualTo(403);
        assertThat(admin.get("/api/v1/maps/" + mapId).json().get("version").asLong()).isEqualTo(1);
        assertThat(browser.postJson("/api/v1/maps/" + mapId + "/ops", PAINT, true, "If-Match", "*").statusCode())
                .isEqualTo(200);

        assertThat(browser.signOut().statusCode()).isEqualTo(302);
        assertThat(browser.get("/api/v1/maps/" + mapId).statusCode()).isEqualTo(401);
    }

    @Test
    void theLiveSocketRefusesAnonymousAndStrangersAndAViewersOpIsRejected() throws Exception {
        assertThat(handshakeStatus(null)).isEqualTo(401);
        String viewerToken = tokenOf("viewer", "write");
        LiveClient viewer = new LiveClient(port, mapId, "http://localhost:" + port, viewerToken);
        viewer.hello("viewer-client", null);
        viewer.next("snapshot");
        viewer.send("{\"type\":\"op\",\"clientSeq\":1,\"op\":{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":0,"
                + "\"y\":0,\"gid\":1}]}}");
        JsonNode reject = viewer.next("reject", Duration.ofSeconds(10));
        assertThat(reject.get("problem").get("status").asInt()).isEqualTo(403);
        assertThat(admin.get("/api/v1/maps/" + mapId).json().get("version").asLong()).isEqualTo(1);
        viewer.abort();

        String leaver = tokenOf("editor", "write");
        long leaverId = admin.as(leaver).get("/api/v1/me").json().get("id").asLong();
        assertThat(admin.delete("/api/v1/projects/" + project + "/members/" + leaverId).status()).isEqualTo(204);
        assertThat(handshakeStatus(leaver)).isEqualTo(404);
        assertThat(admin.as(leaver).get("/api/v1/maps/" + mapId).status()).isEqualTo(404);
    }
}
