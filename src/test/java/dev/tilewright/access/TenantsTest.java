package dev.tilewright.access;

import dev.tilewright.support.Api;
import dev.tilewright.support.BrowserSession;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Strangers side by side on one instance (issue 40): a person of one team cannot reach another team's people. Each
 * test here started as the outside security test's finding (red) and holds now.
 */
@FeatureTest
class TenantsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    /** A person who owns a team of their own with one project. */
    record Tenant(Api.Person person, Api api, long team, long project, String token) {
    }

    private Tenant tenant(Api admin, String name) {
        long anywhere = admin.projectOf(admin.newMap("home of " + name, 2, 2));
        Api.Person person = admin.person(name, anywhere, "viewer");
        String token = admin.token(person, "write");
        Api api = admin.as(token);
        long team = api.postJson("/api/v1/teams", "{\"name\":\"" + name + "'s team\"}").json().get("id").asLong();
        long project = api.postJson("/api/v1/teams/" + team + "/projects", "{\"name\":\"levels\"}").json().get("id")
                .asLong();
        return new Tenant(person, api, team, project, token);
    }

    @Test
    void nobodyIsAddedWithoutConsentAndNoEmailLeaksToAStranger() {
        Api admin = new Api(port);
        Tenant mallory = tenant(admin, "Mallory");
        Tenant victim = tenant(admin, "Vic");
        long adminId = admin.person("Another admin", admin.projectOf(admin.newMap("of an admin", 2, 2)), "viewer").id();
        assertThat(admin.patchJson("/api/v1/admin/users/" + adminId, "{\"instanceAdmin\":true}").status())
                .isEqualTo(200);
        long nobody = 999_999_999L;

        for (String place : new String[] {"/api/v1/projects/" + mallory.project(), "/api/v1/teams/"
                + mallory.team()}) {
            Api.Response stranger = mallory.api().putJson(place + "/members/" + victim.person().id(),
                    "{\"role\":\"" + (place.contains("teams") ? "member" : "viewer") + "\"}");
            Api.Response unknown = mallory.api().putJson(place + "/members/" + nobody,
                    "{\"role\":\"" + (place.contains("teams") ? "member" : "viewer") + "\"}");
            assertThat(stranger.status()).as(place + ": a stranger is not added").isEqualTo(404);
            assertThat(stranger.text()).doesNotContain(victim.person().email()).doesNotContain("Vic");
            assertThat(unknown.status()).isEqualTo(404);
            assertThat(stranger.json().get("detail").asString().replace(Long.toString(victim.person().id()), "N"))
                    .as("an account that may not be added reads as one that does not exist")
                    .isEqualTo(unknown.json().get("detail").asString().replace(Long.toString(nobody), "N"));
            assertThat(mallory.api().putJson(place + "/members/" + adminId, "{\"role\":\"" + (place.contains("teams")
                    ? "member" : "viewer") + "\"}").status()).as("nor the instance admin").isEqualTo(404);
        }
        assertThat(victim.api().get("/api/v1/teams").text()).doesNotContain("Mallory");
        assertThat(victim.api().get("/api/v1/projects/" + mallory.project()).status()).isEqualTo(404);

        // invited into Mallory's project (not her team): Vic joins it, but neither learns the other's email
        String code = mallory.api().postJson("/api/v1/projects/" + mallory.project() + "/invites",
                "{\"role\":\"viewer\"}").json().get("code").asString();
        assertThat(victim.api().postJson("/api/v1/invites/" + code + "/accept", "{}").status()).isEqualTo(200);
        JsonNode seenByMallory = mallory.api().get("/api/v1/projects/" + mallory.project()).json().get("members");
        assertThat(seenByMallory.findValuesAsString("name")).contains("Vic");
        assertThat(seenByMallory.toString()).doesNotContain(victim.person().email()).doesNotContain("@");
        assertThat(victim.api().get("/api/v1/projects/" + mallory.project()).json().toString())
                .as("their own email only").contains(victim.person().email());
        assertThat(admin.get("/api/v1/projects/" + mallory.project()).json().toString())
                .as("the admin sees every email").contains(victim.person().email());

        // now on the project, a role change is direct; the team still takes Vic only by invite
        assertThat(mallory.api().putJson("/api/v1/projects/" + mallory.project() + "/members/" + victim.person().id(),
                "{\"role\":\"editor\"}").status()).isEqualTo(200);
        assertThat(mallory.api().putJson("/api/v1/teams/" + mallory.team() + "/members/" + victim.person().id(),
                "{\"role\":\"member\"}").status()).isEqualTo(404);

        // in one team, people see each other's emails, and a team member joins its projects directly
        String teamCode = mallory.api().postJson("/api/v1/teams/" + mallory.team() + "/invites",
                "{\"role\":\"member\"}").json().get("code").asString();
        assertThat(victim.api().postJson("/api/v1/invites/" + teamCode + "/accept", "{}").status()).isEqualTo(200);
        assertThat(victim.api().get("/api/v1/teams/" + mallory.team() + "/members").text())
                .contains(mallory.person().email());
        long second = mallory.api().postJson("/api/v1/teams/" + mallory.team() + "/projects",
                "{\"name\":\"more levels\"}").json().get("id").asLong();
        Api.Response added = mallory.api().putJson("/api/v1/projects/" + second + "/members/" + victim.person().id(),
                "{\"role\":\"viewer\"}");
        assertThat(added.status()).isEqualTo(200);
        assertThat(added.json().get("email").asString()).isEqualTo(victim.person().email());
    }

    /** A 4x4 map with one tile layer in the tenant's project, made by its owner. */
    private static long mapIn(Tenant tenant, String name) {
        Api.Response made = tenant.api().postJson("/api/v1/maps", "{\"name\":\"" + name + "\",\"width\":4,"
                + "\"height\":4,\"tileWidth\":16,\"tileHeight\":16,\"layers\":[{\"name\":\"ground\",\"type\":"
                + "\"tile\"}],\"projectId\":" + tenant.project() + "}");
        assertThat(made.status()).as(made.text()).isEqualTo(201);
        return made.json().get("id").asLong();
    }

    /** A browser that opened a comment link to the map: it acts as that link through its cookie. */
    private BrowserSession linkHolder(String token) {
        BrowserSession browser = new BrowserSession(port);
        assertThat(browser.get("/s/" + token).statusCode()).isEqualTo(302);
        return browser;
    }

    @Test
    void aShareLinksCookieKeepsCsrfTakesNoMembersNameAndOwnsOnlyItsBrowsersComments() {
        Api admin = new Api(port);
        Tenant owner = tenant(admin, "Oona");
        long map = mapIn(owner, "reviewed");
        JsonNode link = owner.api().postJson("/api/v1/maps/" + map + "/shares", "{\"access\":\"comment\"}").json();
        String threads = "/api/v1/maps/" + map + "/threads";
        BrowserSession first = linkHolder(link.get("token").asString());
        BrowserSession second = linkHolder(link.get("token").asString());
        assertThat(first.cookie("tw_share")).isNotEqualTo(second.cookie("tw_share"));

        HttpResponse<String> forged = first.postJson(threads, "{\"anchor\":{\"x\":1,\"y\":1},\"body\":\"forged\"}",
                false);
        assertThat(forged.statusCode()).as("a cookie-borne share link needs the CSRF token").isEqualTo(403);
        assertThat(owner.api().get(threads).json().get("threads")).isEmpty();

        for (String taken : new String[] {"Oona", "oona", " OONA "}) {
            HttpResponse<String> posing = first.postJson(threads, "{\"anchor\":{\"x\":1,\"y\":1},\"body\":\"hi\","
                    + "\"name\":\"" + taken + "\"}", true);
            assertThat(posing.statusCode()).as("'" + taken + "' is a member's name").isEqualTo(422);
            assertThat(posing.body()).contains("\"field\":\"name\"");
        }
        HttpResponse<String> made = first.postJson(threads, "{\"anchor\":{\"x\":1,\"y\":1},\"body\":\"first\","
                + "\"name\":\"Rita\"}", true);
        assertThat(made.statusCode()).isEqualTo(201);
        JsonNode thread = JSON.readTree(made.body());
        String comment = threads + "/" + thread.get("id").asLong() + "/comments/"
                + thread.get("comments").get(0).get("id").asLong();
        assertThat(second.patchJson(comment, "{\"body\":\"changed by another holder\",\"name\":\"Rita\"}")
                .statusCode()).as("another browser with the same link, under the same name").isEqualTo(403);
        assertThat(admin.as(link.get("token").asString()).patchJson(comment, "{\"body\":\"by header\","
                + "\"name\":\"Rita\"}").status()).as("the link sent as a header owns no browser's comments")
                .isEqualTo(403);
        assertThat(first.patchJson(comment, "{\"body\":\"mine to change\",\"name\":\"Rita\"}").statusCode())
                .isEqualTo(200);

        // revoked with its comments: what the link's holders wrote is gone
        assertThat(owner.api().delete("/api/v1/maps/" + map + "/shares/" + link.get("id").asLong()
                + "?removeComments=true").status()).isEqualTo(204);
        assertThat(owner.api().get(threads).json().get("threads")).isEmpty();
    }

    @Test
    void threadsAndCommentsAreRateLimitedPerCallerAndPerLink() {
        Api admin = new Api(port);
        Tenant owner = tenant(admin, "Flo");
        long map = mapIn(owner, "flooded");
        String token = owner.api().postJson("/api/v1/maps/" + map + "/shares", "{\"access\":\"comment\"}").json()
                .get("token").asString();
        BrowserSession flooder = linkHolder(token);
        String threads = "/api/v1/maps/" + map + "/threads";
        int made = 0;
        HttpResponse<String> last = null;
        for (int i = 0; i < 200; i++) {
            last = flooder.postJson(threads, "{\"anchor\":{\"x\":1,\"y\":1},\"body\":\"spam " + i + "\"}", true);
            if (last.statusCode() != 201) {
                break;
            }
            made++;
        }
        assertThat(last.statusCode()).isEqualTo(429);
        assertThat(last.headers().firstValue("Retry-After")).isPresent();
        assertThat(last.body()).contains("tilewright.review.writes-per-minute");
        assertThat(made).as("about a minute's worth (60), refilled smoothly meanwhile").isBetween(60, 70);

        // new browsers for the same link: the link's own rate (120 a minute) holds them all
        int more = 0;
        for (int b = 0; b < 4 && more < 200; b++) {
            BrowserSession another = linkHolder(token);
            for (int i = 0; i < 60; i++) {
                HttpResponse<String> one = another.postJson(threads, "{\"anchor\":{\"x\":1,\"y\":1},\"body\":\"x\"}",
                        true);
                if (one.statusCode() == 429) {
                    assertThat(one.body()).contains("link-writes-per-minute");
                    break;
                }
                more++;
            }
        }
        assertThat(made + more).as("all holders of one link together").isBetween(120, 135);
        assertThat(owner.api().get(threads + "?limit=200").json().get("threads").size()).isEqualTo(made + more);
    }

    @Test
    void tokensAreMadeInABrowserAndNeverOutliveTheTokenThatMadeThem() {
        Api admin = new Api(port);
        Tenant owner = tenant(admin, "Tam");
        Api.Response minted = owner.api().postJson("/api/v1/me/tokens", "{\"name\":\"more\",\"scopes\":[\"write\"],"
                + "\"expiresInDays\":365}");
        assertThat(minted.status()).as("a personal token makes no personal tokens").isEqualTo(403);
        Api.Response bot = owner.api().postJson("/api/v1/projects/" + owner.project() + "/tokens",
                "{\"name\":\"ci\",\"scopes\":[\"write\"],\"expiresInDays\":365}");
        assertThat(bot.status()).isEqualTo(201);
        Instant botExpires = Instant.parse(bot.json().get("expiresAt").asString());
        assertThat(botExpires).as("capped at the maker's 7 days").isBefore(Instant.now().plus(Duration.ofDays(8)));
        long map = mapIn(owner, "m");
        Api.Response share = owner.api().postJson("/api/v1/maps/" + map + "/shares", "{\"access\":\"view\","
                + "\"expiresInDays\":300}");
        assertThat(Instant.parse(share.json().get("expiresAt").asString())).isBefore(Instant.now()
                .plus(Duration.ofDays(8)));
    }

    @Test
    void aHugeBodyIsRefusedAsItStreamsNotReadWholeFirst() throws Exception {
        Api admin = new Api(port);
        Tenant owner = tenant(admin, "Bea");
        long tileset = admin.uploadTileset("bea's tiles", 2, 2, owner.project());
        for (String path : new String[] {"/api/v1/tilesets/" + tileset + "/wang-sets", "/api/v1/projects/"
                + owner.project() + "/rules", "/api/v1/projects/" + owner.project() + "/property-types"}) {
            Streamed answer = streamChunked(path, "application/json", owner.token(), 450L << 20);
            assertThat(answer.status()).as(path).isEqualTo(413);
            assertThat(answer.head()).as(path).contains("max-").contains("bytes");
            assertThat(answer.sent()).as(path + ": refused while 450 MiB were still coming").isLessThan(64L << 20);
        }
        Streamed octets = streamChunked("/api/v1/tilesets/" + tileset + "/wang-sets", "application/octet-stream",
                owner.token(), 450L << 20);
        assertThat(octets.status()).as("a type the route does not take").isEqualTo(415);
        assertThat(octets.sent()).isLessThan(64L << 20);
    }

    /** What a streamed request got back: the status, the answer's first bytes, and how much had been sent by then. */
    record Streamed(int status, String head, long sent) {
    }

    /**
     * PUTs a chunked body of up to {@code bytes} of JSON-ish filler, stopping as soon as the service answers (or
     * hangs up); the service must answer long before the end.
     */
    private Streamed streamChunked(String path, String type, String token, long bytes) throws Exception {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
            socket.setSoTimeout(60_000);
            java.io.OutputStream out = socket.getOutputStream();
            out.write(("PUT " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + token
                    + "\r\nContent-Type: " + type + "\r\nTransfer-Encoding: chunked\r\n\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            byte[] chunk = ("[" + " ".repeat(65_534)).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            java.io.InputStream in = socket.getInputStream();
            long sent = 0;
            try {
                while (sent < bytes && in.available() == 0) {
                    out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                    out.write(chunk);
                    out.write("\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                    sent += chunk.length;
                    chunk[0] = ' ';
                }
            } catch (java.io.IOException hungUp) {
                // the service answered and closed: what it said is in the input
            }
            byte[] head = in.readNBytes(16_384);
            String text = new String(head, java.nio.charset.StandardCharsets.ISO_8859_1);
            assertThat(text).as("an HTTP answer after " + sent + " bytes").startsWith("HTTP/1.1 ");
            return new Streamed(Integer.parseInt(text.substring(9, 12)), text, sent);
        }
    }
}
