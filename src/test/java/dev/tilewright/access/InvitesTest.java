package dev.tilewright.access;

import dev.tilewright.support.Api;
import dev.tilewright.support.BrowserSession;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpResponse;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Invites without a mail server: made by a team's owners and admins or a project's maintainers, shown once, single
 * use, expiring, revocable; accepted by a signed-in person (the highest grant wins) or by someone who makes their
 * account through the invite's page.
 */
@FeatureTest
class InvitesTest {

    @LocalServerPort
    int port;

    record Place(Api owner, long team, long project) {
    }

    /** A person who owns a new team with a new project. */
    private Place place(Api admin, String name) {
        long anywhere = admin.projectOf(admin.newMap("for " + name, 2, 2));
        Api owner = admin.as(admin.token(admin.person(name, anywhere, "viewer"), "write"));
        long team = owner.postJson("/api/v1/teams", "{\"name\":\"" + name + "'s team\"}").json().get("id").asLong();
        long project = owner.postJson("/api/v1/teams/" + team + "/projects", "{\"name\":\"levels\"}").json()
                .get("id").asLong();
        return new Place(owner, team, project);
    }

    @Test
    void someoneWithoutAnAccountSignsUpThroughAProjectInviteAndJoinsAsItsRole() {
        Api admin = new Api(port);
        Place place = place(admin, "Olive");
        Api.Response made = place.owner().postJson("/api/v1/projects/" + place.project() + "/invites",
                "{\"role\":\"editor\"}");
        assertThat(made.status()).isEqualTo(201);
        String code = made.json().get("code").asString();
        assertThat(Tokens.kind(code)).contains(Tokens.Kind.INVITE);
        assertThat(admin.as(code).get("/api/v1/me").status()).as("an invite code is no API token").isEqualTo(401);
        assertThat(made.json().get("url").asString()).isEqualTo("http://localhost:" + port + "/invites/" + code);
        Api.Response listed = place.owner().get("/api/v1/projects/" + place.project() + "/invites");
        assertThat(listed.json()).hasSize(1);
        assertThat(listed.json().get(0).get("role").asString()).isEqualTo("editor");
        assertThat(listed.text()).as("never the code again").doesNotContain(code);

        BrowserSession newcomer = new BrowserSession(port);
        HttpResponse<String> page = newcomer.get("/invites/" + code);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("Join the project levels").contains("Olive&#39;s team").contains("editor");
        assertThat(page.headers().firstValue("Referrer-Policy")).contains("no-referrer");
        HttpResponse<String> joined = newcomer.postForm("/invites/" + code + "/sign-up", Map.of("email",
                "newcomer." + System.nanoTime() + "@people.test", "name", "Nia", "password",
                "a long enough password for Nia"));
        assertThat(joined.statusCode()).isEqualTo(302);
        assertThat(joined.headers().firstValue("Location").orElseThrow()).endsWith("/projects/" + place.project());
        assertThat(newcomer.get("/api/v1/me").body()).contains("\"name\":\"Nia\"");
        JsonNode members = place.owner().get("/api/v1/projects/" + place.project()).json().get("members");
        assertThat(members.findValuesAsString("name")).contains("Nia");
        assertThat(newcomer.postJson("/api/v1/maps", "{\"name\":\"by Nia\",\"width\":2,\"height\":2,\"tileWidth\":8,"
                + "\"tileHeight\":8,\"projectId\":" + place.project() + "}", true).statusCode())
                .as("an editor now").isEqualTo(201);

        // single use: the page says it has ended, and nobody else can accept it
        HttpResponse<String> again = new BrowserSession(port).get("/invites/" + code);
        assertThat(again.statusCode()).isEqualTo(404);
        assertThat(again.body()).contains("invite-ended");
        Api other = admin.as(admin.token(admin.person("Late", place.project(), "viewer"), "write"));
        assertThat(other.postJson("/api/v1/invites/" + code + "/accept", "{}").status()).isEqualTo(404);
        assertThat(place.owner().get("/api/v1/projects/" + place.project() + "/invites").json()).isEmpty();
    }

    @Test
    void aSignedInPersonAcceptsATeamInviteAndKeepsAHigherRoleTheyHad() {
        Api admin = new Api(port);
        Place place = place(admin, "Tess");
        long anywhere = admin.projectOf(admin.newMap("elsewhere", 2, 2));
        Api.Person sam = admin.person("Sam", anywhere, "viewer");
        Api samApi = admin.as(admin.token(sam, "write"));
        String member = place.owner().postJson("/api/v1/teams/" + place.team() + "/invites", "{\"role\":\"member\"}")
                .json().get("code").asString();
        Api.Response accepted = samApi.postJson("/api/v1/invites/" + member + "/accept", "{}");
        assertThat(accepted.status()).isEqualTo(200);
        assertThat(accepted.json().get("kind").asString()).isEqualTo("team");
        assertThat(accepted.json().get("role").asString()).isEqualTo("member");
        assertThat(samApi.get("/api/v1/teams/" + place.team()).status()).isEqualTo(200);

        // made admin, then invited as a member again: stays admin
        assertThat(place.owner().putJson("/api/v1/teams/" + place.team() + "/members/" + sam.id(),
                "{\"role\":\"admin\"}").status()).isEqualTo(200);
        String lower = place.owner().postJson("/api/v1/teams/" + place.team() + "/invites", "{\"role\":\"member\"}")
                .json().get("code").asString();
        assertThat(samApi.postJson("/api/v1/invites/" + lower + "/accept", "{}").json().get("role").asString())
                .isEqualTo("admin");

        // an admin invites, but only an owner invites owners
        Api.Response owners = samApi.postJson("/api/v1/teams/" + place.team() + "/invites", "{\"role\":\"owner\"}");
        assertThat(owners.status()).isEqualTo(403);
        assertThat(owners.json().get("needed").asString()).isEqualTo("owner");
        assertThat(samApi.postJson("/api/v1/teams/" + place.team() + "/invites", "{\"role\":\"member\"}").status())
                .isEqualTo(201);
        // a read token accepts nothing
        Api reader = admin.as(admin.token(admin.person("Reader", anywhere, "viewer"), "read"));
        String code = place.owner().postJson("/api/v1/teams/" + place.team() + "/invites", "{\"role\":\"member\"}")
                .json().get("code").asString();
        assertThat(reader.postJson("/api/v1/invites/" + code + "/accept", "{}").status()).isEqualTo(403);
    }

    @Test
    void revokedExpiringAndMalformedInvitesAreRefusedClearly() {
        Api admin = new Api(port);
        Place place = place(admin, "Rex");
        String base = "/api/v1/projects/" + place.project() + "/invites";
        JsonNode made = place.owner().postJson(base, "{\"role\":\"viewer\",\"expiresInDays\":2}").json();
        assertThat(place.owner().delete(base + "/" + made.get("id").asLong()).status()).isEqualTo(204);
        assertThat(place.owner().delete(base + "/" + made.get("id").asLong()).status()).isEqualTo(404);
        Api someone = admin.as(admin.token(admin.person("Someone", place.project(), "viewer"), "write"));
        Api.Response revoked = someone.postJson("/api/v1/invites/" + made.get("code").asString() + "/accept", "{}");
        assertThat(revoked.status()).isEqualTo(404);
        assertThat(revoked.json().get("detail").asString()).contains("revoked");

        Api.Response tooLong = place.owner().postJson(base, "{\"role\":\"viewer\",\"expiresInDays\":31}");
        assertThat(tooLong.status()).isEqualTo(422);
        assertThat(tooLong.json().get("limit").asString()).isEqualTo("tilewright.access.invite-max-days");
        assertThat(tooLong.json().get("field").asString()).isEqualTo("expiresInDays");
        Api.Response badRole = place.owner().postJson(base, "{\"role\":\"owner\"}");
        assertThat(badRole.status()).isEqualTo(422);
        assertThat(badRole.json().get("field").asString()).isEqualTo("role");
        assertThat(someone.postJson("/api/v1/invites/twi_nonsense/accept", "{}").status()).isEqualTo(404);
        assertThat(place.owner().get(base).json()).isEmpty();
        // a viewer of the project makes no invites
        assertThat(someone.postJson(base, "{\"role\":\"viewer\"}").status()).isEqualTo(403);
    }
}
