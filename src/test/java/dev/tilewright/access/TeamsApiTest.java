package dev.tilewright.access;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/** Teams made by people: their owners run them, their projects hold maps only their people see. */
@FeatureTest
class TeamsApiTest {

    @LocalServerPort
    int port;

    @Test
    void aPersonMakesATeamAndAProjectWhoseMapsOnlyTheTeamSees() {
        Api admin = new Api(port);
        long defaultProject = admin.projectOf(admin.newMap("elsewhere", 2, 2));
        Api.Person ada = admin.person("Ada", defaultProject, "viewer");
        Api.Person bo = admin.person("Bo", defaultProject, "viewer");
        Api asAda = admin.as(admin.token(ada, "write"));
        Api asBo = admin.as(admin.token(bo, "write"));

        Api.Response team = asAda.postJson("/api/v1/teams", "{\"name\":\"Studio\"}");
        assertThat(team.status()).isEqualTo(201);
        assertThat(team.json().get("role").asString()).isEqualTo("owner");
        long teamId = team.json().get("id").asLong();
        assertThat(asBo.get("/api/v1/teams/" + teamId).status()).as("not a member: not seen").isEqualTo(404);
        assertThat(asBo.get("/api/v1/teams").text()).doesNotContain("Studio");

        long project = asAda.postJson("/api/v1/teams/" + teamId + "/projects", "{\"name\":\"Level pack\"}").json()
                .get("id").asLong();
        Api.Response map = asAda.postJson("/api/v1/maps", "{\"name\":\"level 1\",\"width\":4,\"height\":4,"
                + "\"tileWidth\":16,\"tileHeight\":16,\"projectId\":" + project + "}");
        assertThat(map.status()).as(map.text()).isEqualTo(201);
        long mapId = map.json().get("id").asLong();
        assertThat(asBo.get("/api/v1/maps/" + mapId).status()).isEqualTo(404);
        assertThat(asBo.postJson("/api/v1/maps", "{\"name\":\"x\",\"width\":4,\"height\":4,\"tileWidth\":16,"
                + "\"tileHeight\":16,\"projectId\":" + project + "}").status()).isEqualTo(404);

        // people join a team by invite, not by being put there
        assertThat(asAda.putJson("/api/v1/teams/" + teamId + "/members/" + bo.id(), "{\"role\":\"member\"}")
                .status()).isEqualTo(404);
        assertThat(asAda.putJson("/api/v1/projects/" + project + "/members/" + bo.id(), "{\"role\":\"viewer\"}")
                .status()).as("nor to a team's project").isEqualTo(404);
        String invite = asAda.postJson("/api/v1/teams/" + teamId + "/invites", "{\"role\":\"member\"}").json()
                .get("code").asString();
        assertThat(asBo.postJson("/api/v1/invites/" + invite + "/accept", "{}").status()).isEqualTo(200);

        // a member of the team sees no project by that alone; a role on the project does it
        assertThat(asBo.get("/api/v1/teams/" + teamId).status()).isEqualTo(200);
        assertThat(asBo.get("/api/v1/maps/" + mapId).status()).isEqualTo(404);
        assertThat(asAda.putJson("/api/v1/projects/" + project + "/members/" + bo.id(), "{\"role\":\"viewer\"}")
                .status()).isEqualTo(200);
        assertThat(asBo.get("/api/v1/maps/" + mapId).status()).isEqualTo(200);
        assertThat(asBo.get("/api/v1/maps").text()).contains("\"id\":" + mapId + ",");

        // an admin of the team maintains its projects but makes no owners; the team keeps an owner
        assertThat(asAda.putJson("/api/v1/teams/" + teamId + "/members/" + bo.id(), "{\"role\":\"admin\"}")
                .status()).isEqualTo(200);
        assertThat(asBo.delete("/api/v1/maps/" + mapId).status()).as("team admins maintain every project")
                .isEqualTo(204);
        assertThat(asBo.putJson("/api/v1/teams/" + teamId + "/members/" + bo.id(), "{\"role\":\"owner\"}")
                .status()).isEqualTo(403);
        Api.Response lastOwner = asAda.putJson("/api/v1/teams/" + teamId + "/members/" + ada.id(),
                "{\"role\":\"member\"}");
        assertThat(lastOwner.status()).isEqualTo(409);
        assertThat(asAda.delete("/api/v1/teams/" + teamId).status()).as("it still has a project").isEqualTo(409);
    }
}
