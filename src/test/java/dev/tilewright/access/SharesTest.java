package dev.tilewright.access;

import dev.tilewright.support.Api;
import dev.tilewright.support.BrowserSession;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Share links for reviewers: a maintainer makes one; as a bearer token it reads its one map and nothing else; opened
 * in a browser it becomes a cookie and a clean address showing the map's preview; revoked, it stops at once.
 */
@FeatureTest
class SharesTest {

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;

    @Test
    void aViewLinkReadsItsOneMapThroughTheApiAndNothingElse() {
        Api admin = new Api(port);
        long map = admin.newMap("shared", 4, 4);
        long project = admin.projectOf(map);
        long sibling = admin.newMap("not shared", 4, 4);
        Api maintainer = admin.as(admin.token(admin.person("Mae", project, "maintainer"), "write"));
        Api.Response made = maintainer.postJson("/api/v1/maps/" + map + "/shares",
                "{\"access\":\"view\",\"expiresInDays\":3}");
        assertThat(made.status()).isEqualTo(201);
        String token = made.json().get("token").asString();
        assertThat(Tokens.kind(token)).contains(Tokens.Kind.SHARE);
        assertThat(made.json().get("url").asString()).isEqualTo("http://localhost:" + port + "/s/" + token);
        assertThat(made.json().get("access").asString()).isEqualTo("view");

        Api reviewer = admin.as(token);
        assertThat(reviewer.get("/api/v1/maps/" + map).status()).isEqualTo(200);
        assertThat(reviewer.get("/api/v1/maps/" + map + "/render.png?x=0&y=0&width=16&height=16").status())
                .isEqualTo(200);
        assertThat(reviewer.get("/api/v1/maps/" + sibling).status()).isEqualTo(404);
        assertThat(reviewer.get("/api/v1/maps").json()).isEmpty();
        assertThat(reviewer.get("/api/v1/projects/" + project).status()).isEqualTo(404);
        Api.Response edit = reviewer.postJson("/api/v1/maps/" + map + "/ops", "{\"ops\":[{\"type\":\"renameMap\","
                + "\"name\":\"x\"}]}");
        assertThat(edit.status()).isEqualTo(403);
        assertThat(edit.json().get("role").asString()).isEqualTo("viewer");
        assertThat(reviewer.get("/api/v1/maps/" + map + "/shares").status()).isEqualTo(403);

        JsonNode listed = maintainer.get("/api/v1/maps/" + map + "/shares").json();
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("access").asString()).isEqualTo("view");
        assertThat(listed.toString()).doesNotContain(token);
        // an editor shares nothing
        Api editor = admin.as(admin.token(admin.person("Ed", project, "editor"), "write"));
        assertThat(editor.postJson("/api/v1/maps/" + map + "/shares", "{\"access\":\"view\"}").status())
                .isEqualTo(403);

        assertThat(maintainer.delete("/api/v1/maps/" + map + "/shares/" + made.json().get("id").asLong()).status())
                .isEqualTo(204);
        assertThat(reviewer.get("/api/v1/maps/" + map).status()).as("revoked: at once").isEqualTo(401);
    }

    @Test
    void openedInABrowserTheLinkBecomesACookieAndACleanAddress() {
        Api admin = new Api(port);
        long map = admin.newMap("reviewed", 4, 4);
        long sibling = admin.newMap("private", 4, 4);
        JsonNode made = admin.postJson("/api/v1/maps/" + map + "/shares", "{\"access\":\"comment\"}").json();
        BrowserSession browser = new BrowserSession(port);
        HttpResponse<String> opened = browser.get("/s/" + made.get("token").asString());
        assertThat(opened.statusCode()).isEqualTo(302);
        assertThat(opened.headers().firstValue("Location").orElseThrow()).endsWith("/maps/" + map + "/preview");
        assertThat(opened.headers().firstValue("Referrer-Policy")).contains("no-referrer");
        String cookie = opened.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("tw_share="))
                .findFirst().orElseThrow();
        assertThat(cookie).contains("HttpOnly").contains("SameSite=Lax").contains("Max-Age=");

        HttpResponse<String> preview = browser.get("/maps/" + map + "/preview");
        assertThat(preview.statusCode()).isEqualTo(200);
        assertThat(preview.headers().firstValue("Referrer-Policy")).contains("no-referrer");
        assertThat(browser.get("/maps/" + map + "/edit").statusCode()).as("the editor, read only").isEqualTo(200);
        assertThat(browser.get("/api/v1/maps/" + map).statusCode()).isEqualTo(200);
        assertThat(browser.get("/maps/" + sibling + "/preview").statusCode()).isEqualTo(404);
        assertThat(browser.get("/api/v1/me").body()).contains("\"kind\":\"share_link\"");
        assertThat(browser.postJson("/api/v1/maps/" + map + "/ops", "{\"ops\":[]}", false).statusCode())
                .as("a cookie-borne caller needs the CSRF token").isEqualTo(403);

        admin.delete("/api/v1/maps/" + map + "/shares/" + made.get("id").asLong());
        HttpResponse<String> ended = browser.get("/maps/" + map + "/preview");
        assertThat(ended.statusCode()).as("the ended link is forgotten, then the page asks to sign in").isEqualTo(302);
        assertThat(browser.cookie("tw_share")).isNull();
        assertThat(browser.get("/maps/" + map + "/preview").headers().firstValue("Location").orElseThrow())
                .contains("/login");
        assertThat(browser.get("/s/" + made.get("token").asString()).statusCode()).isEqualTo(404);
    }

    @Test
    void aSignedInPersonStaysThemselvesWithAShareCookie() {
        Api admin = new Api(port);
        long map = admin.newMap("theirs", 4, 4);
        long project = admin.projectOf(map);
        Api.Person pat = admin.person("Pat", project, "editor");
        String token = admin.postJson("/api/v1/maps/" + map + "/shares", "{\"access\":\"view\"}").json()
                .get("token").asString();
        BrowserSession browser = new BrowserSession(port);
        browser.get("/s/" + token);
        browser.signIn(pat.email(), pat.password());
        assertThat(browser.get("/api/v1/me").body()).contains("\"name\":\"Pat\"").contains("\"kind\":\"session\"");
        browser.signOut();
        assertThat(browser.cookie("tw_share")).as("signing out forgets the link too").isNull();
    }

    @Test
    void idsOfAnotherTeamsSharesAndTokensReachNothing() {
        Api admin = new Api(port);
        long ours = admin.newMap("ours", 2, 2);
        long project = admin.projectOf(ours);
        long team = jdbc.queryForObject("INSERT INTO teams (name) VALUES ('elsewhere') RETURNING id", Long.class);
        long theirProject = jdbc.queryForObject("INSERT INTO projects (team_id, name) VALUES (?, 'theirs') "
                + "RETURNING id", Long.class, team);
        long theirs = admin.postJson("/api/v1/maps", "{\"name\":\"theirs\",\"width\":2,\"height\":2,"
                + "\"tileWidth\":8,\"tileHeight\":8,\"projectId\":" + theirProject + "}").json().get("id").asLong();
        JsonNode theirShare = admin.postJson("/api/v1/maps/" + theirs + "/shares", "{\"access\":\"view\"}").json();
        JsonNode theirBot = admin.postJson("/api/v1/projects/" + theirProject + "/tokens", "{\"name\":\"their bot\","
                + "\"scopes\":[\"read\"]}").json();

        Api maintainer = admin.as(admin.token(admin.person("Mo", project, "maintainer"), "write"));
        assertThat(maintainer.delete("/api/v1/maps/" + ours + "/shares/" + theirShare.get("id").asLong()).status())
                .isEqualTo(404);
        assertThat(maintainer.delete("/api/v1/maps/" + theirs + "/shares/" + theirShare.get("id").asLong()).status())
                .isEqualTo(404);
        assertThat(maintainer.delete("/api/v1/projects/" + project + "/tokens/" + theirBot.get("id").asLong())
                .status()).isEqualTo(404);
        assertThat(maintainer.delete("/api/v1/me/tokens/" + theirBot.get("id").asLong()).status()).isEqualTo(404);
        assertThat(maintainer.get("/api/v1/projects/" + theirProject + "/tokens").status()).isEqualTo(404);
        assertThat(admin.as(theirShare.get("token").asString()).get("/api/v1/maps/" + theirs).status())
                .as("their link still works").isEqualTo(200);
        assertThat(admin.as(theirBot.get("token").asString()).get("/api/v1/maps/" + theirs).status())
                .as("their bot still works").isEqualTo(200);
        // a share link of ours reaches none of theirs, nor their tilesets
        Api ourLink = admin.as(admin.postJson("/api/v1/maps/" + ours + "/shares", "{\"access\":\"view\"}").json()
                .get("token").asString());
        assertThat(ourLink.get("/api/v1/maps/" + theirs).status()).isEqualTo(404);
        assertThat(ourLink.get("/api/v1/maps/" + theirs + "/shares").status()).isEqualTo(404);
    }
}
