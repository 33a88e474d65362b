package dev.tilewright.access;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Strangers side by side on one instance (issue 40): a person of one team cannot reach another team's people. Each
 * test here started as the outside security test's finding (red) and holds now.
 */
@FeatureTest
class TenantsTest {

    @LocalServerPort
    int port;

    /** A person who owns a team of their own with one project. */
    record Tenant(Api.Person person, Api api, long team, long project) {
    }

    private Tenant tenant(Api admin, String name) {
        long anywhere = admin.projectOf(admin.newMap("home of " + name, 2, 2));
        Api.Person person = admin.person(name, anywhere, "viewer");
        Api api = admin.as(admin.token(person, "write"));
        long team = api.postJson("/api/v1/teams", "{\"name\":\"" + name + "'s team\"}").json().get("id").asLong();
        long project = api.postJson("/api/v1/teams/" + team + "/projects", "{\"name\":\"levels\"}").json().get("id")
                .asLong();
        return new Tenant(person, api, team, project);
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
}
