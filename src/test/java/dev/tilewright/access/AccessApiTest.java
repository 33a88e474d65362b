package dev.tilewright.access;

import dev.tilewright.support.Api;
import dev.tilewright.support.BrowserSession;
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
        long tokenId = writer.get("/api/v1/me/tokens").json().get(0).get("id").asLong();
        assertThat(writer.get("/api/v1/me/tokens").text()).doesNotContain(token);
        assertThat(writer.delete("/api/v1/me/tokens/" + tokenId).status()).isEqualTo(204);
        assertThat(writer.get("/api/v1/maps/" + mapId).status()).isEqualTo(401);
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
