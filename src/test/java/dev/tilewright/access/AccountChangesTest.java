package dev.tilewright.access;

import dev.tilewright.support.Api;
import dev.tilewright.support.BrowserSession;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What changes an account: its password (in a browser session; the other sessions end), signing out everywhere, and
 * the instance admin renaming, resetting and deleting accounts.
 */
@FeatureTest
class AccountChangesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    private static JsonNode json(HttpResponse<String> response) {
        return JSON.readTree(response.body());
    }

    @Test
    void aChangedPasswordEndsTheOtherSessionsAndOnlyThePersonChangesIt() {
        Api admin = new Api(port);
        long project = admin.projectOf(admin.newMap("mine", 2, 2));
        Api.Person kim = admin.person("Kim", project, "editor");
        BrowserSession here = new BrowserSession(port);
        BrowserSession there = new BrowserSession(port);
        here.signIn(kim.email(), kim.password());
        there.signIn(kim.email(), kim.password());
        assertThat(there.get("/api/v1/me").statusCode()).isEqualTo(200);

        HttpResponse<String> wrong = here.postJson("/api/v1/me/password", "{\"currentPassword\":\"not it\","
                + "\"newPassword\":\"a brand new long password\"}", true);
        assertThat(wrong.statusCode()).isEqualTo(403);
        assertThat(json(wrong).get("field").asString()).isEqualTo("currentPassword");
        HttpResponse<String> common = here.postJson("/api/v1/me/password", "{\"currentPassword\":\"" + kim.password()
                + "\",\"newPassword\":\"password1\"}", true);
        assertThat(common.statusCode()).isEqualTo(422);
        assertThat(json(common).get("field").asString()).isEqualTo("newPassword");
        assertThat(admin.as(admin.token(kim, "write")).postJson("/api/v1/me/password", "{\"currentPassword\":\""
                + kim.password() + "\",\"newPassword\":\"a brand new long password\"}").status())
                .as("a token changes no password").isEqualTo(403);

        assertThat(here.postJson("/api/v1/me/password", "{\"currentPassword\":\"" + kim.password()
                + "\",\"newPassword\":\"a brand new long password\"}", true).statusCode()).isEqualTo(204);
        assertThat(here.get("/api/v1/me").statusCode()).as("this session stays").isEqualTo(200);
        assertThat(there.get("/api/v1/me").statusCode()).as("the other one ended").isEqualTo(401);
        assertThat(new BrowserSession(port).signIn(kim.email(), kim.password()).headers().firstValue("Location")
                .orElseThrow()).contains("error");
        BrowserSession again = new BrowserSession(port);
        assertThat(again.signIn(kim.email(), "a brand new long password").headers().firstValue("Location")
                .orElseThrow()).doesNotContain("error");

        // a new name: the session knows it at once
        HttpResponse<String> renamed = here.patchJson("/api/v1/me", "{\"name\":\"Kim Lee\"}");
        assertThat(renamed.statusCode()).isEqualTo(200);
        assertThat(json(renamed).get("name").asString()).isEqualTo("Kim Lee");
        assertThat(here.get("/api/v1/me").body()).contains("\"name\":\"Kim Lee\"");
        assertThat(json(here.patchJson("/api/v1/me", "{\"name\":\"\"}")).get("field").asString()).isEqualTo("name");

        // sign out everywhere: both browsers
        assertThat(here.delete("/api/v1/me/sessions").statusCode()).isEqualTo(204);
        assertThat(here.get("/api/v1/me").statusCode()).isEqualTo(401);
        assertThat(again.get("/api/v1/me").statusCode()).isEqualTo(401);
    }

    @Test
    void theAdminRenamesResetsAndDeletesAccounts() {
        Api admin = new Api(port);
        long project = admin.projectOf(admin.newMap("people", 2, 2));
        Api.Person lee = admin.person("Lee", project, "editor");
        Api.Person other = admin.person("Other", project, "viewer");
        String token = admin.token(lee, "write");
        BrowserSession browser = new BrowserSession(port);
        browser.signIn(lee.email(), lee.password());

        Api.Response renamed = admin.patchJson("/api/v1/admin/users/" + lee.id(), "{\"name\":\"Lee Park\"}");
        assertThat(renamed.status()).isEqualTo(200);
        assertThat(renamed.json().get("name").asString()).isEqualTo("Lee Park");
        assertThat(admin.patchJson("/api/v1/admin/users/" + lee.id(), "{\"email\":\"" + other.email().toUpperCase()
                + "\"}").status()).isEqualTo(409);
        assertThat(admin.as(token).patchJson("/api/v1/admin/users/" + lee.id(), "{\"name\":\"x\"}").status())
                .isEqualTo(403);

        Api.Response halfBad = admin.patchJson("/api/v1/admin/users/" + lee.id(), "{\"name\":\"Not Kept\","
                + "\"password\":\"password1\"}");
        assertThat(halfBad.status()).isEqualTo(422);
        assertThat(admin.get("/api/v1/admin/users/" + lee.id()).json().get("name").asString())
                .as("refused: nothing changed").isEqualTo("Lee Park");
        assertThat(admin.patchJson("/api/v1/admin/users/" + lee.id(), "{\"password\":\"reset by the admin now\"}")
                .status()).isEqualTo(200);
        assertThat(browser.get("/api/v1/me").statusCode()).as("a reset ends the sessions").isEqualTo(401);

        // the only owner of a team stays until someone else owns it
        Api leeApi = admin.as(token);
        long team = leeApi.postJson("/api/v1/teams", "{\"name\":\"Lee's\"}").json().get("id").asLong();
        Api.Response refused = admin.delete("/api/v1/admin/users/" + lee.id());
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.json().get("detail").asString()).contains("Lee's");
        assertThat(leeApi.delete("/api/v1/teams/" + team).status()).isEqualTo(204);
        assertThat(admin.delete("/api/v1/admin/users/" + lee.id()).status()).isEqualTo(204);
        assertThat(admin.get("/api/v1/admin/users/" + lee.id()).status()).isEqualTo(404);
        assertThat(leeApi.get("/api/v1/me").status()).as("their tokens went with them").isEqualTo(401);
    }
}
