package dev.tilewright.access;

import dev.tilewright.access.Roles.Action;
import dev.tilewright.access.Roles.ProjectRole;
import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every route of the application (its own route table, not a list kept by hand) called by every kind of caller
 * (anonymous; viewer, commenter, editor, maintainer; another team's owner; read and write tokens and bots; a view
 * share link, on its own map and on others; a revoked token),
 * each answered as the permission table says: no credentials 401 (pages: to sign-in), a revoked token 401, what the
 * caller may not see 404, what they may see but not do 403 naming their role, what they may do anything else (a
 * 2xx, or a 4xx about the request itself). A route without {@code @Requires} fails it by name.
 */
@FeatureTest
class AccessMatrixTest {

    @LocalServerPort
    int port;
    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping routes;
    @Autowired
    JdbcTemplate jdbc;

    /** One route: method, path pattern, what it needs, the content type it consumes. */
    record Route(String method, String pattern, Requires requires, String consumes) {
        @Override
        public String toString() {
            return method + " " + pattern;
        }
    }

    /**
     * A caller of the matrix: its API client, its role on the project the routes act on and on another team's
     * project (null: none).
     */
    record Who(String name, Api api, ProjectRole role, ProjectRole theirs, boolean admin) {
    }

    private List<Route> ourRoutes() {
        List<Route> found = new ArrayList<>();
        List<String> unguarded = new ArrayList<>();
        for (Map.Entry<RequestMappingInfo, HandlerMethod> entry : routes.getHandlerMethods().entrySet()) {
            HandlerMethod handler = entry.getValue();
            if (!handler.getBeanType().getPackageName().startsWith("dev.tilewright")) {
                continue;
            }
            Requires requires = handler.getMethodAnnotation(Requires.class);
            RequestMappingInfo info = entry.getKey();
            Set<MediaType> consumes = info.getConsumesCondition().getConsumableMediaTypes();
            for (String pattern : info.getPatternValues()) {
                for (var method : info.getMethodsCondition().getMethods()) {
                    if (requires == null) {
                        unguarded.add(method + " " + pattern);
                    } else {
                        found.add(new Route(method.name(), pattern, requires,
                                consumes.isEmpty() ? null : consumes.iterator().next().toString()));
                    }
                }
            }
        }
        assertThat(unguarded).as("routes without @Requires").isEmpty();
        assertThat(found).hasSizeGreaterThan(40);
        return found;
    }

    @Test
    void everyRouteAnswersEveryCallerAsThePermissionTableSays() {
        Api admin = new Api(port);
        long project = admin.projectOf(admin.newMap("matrix", 4, 4));
        // another team's project, with its own map: nobody of the matrix but the admin has a role there
        long otherTeam = jdbc.queryForObject("INSERT INTO teams (name) VALUES ('other') RETURNING id", Long.class);
        long otherProject = jdbc.queryForObject("INSERT INTO projects (team_id, name) VALUES (?, 'theirs') "
                + "RETURNING id", Long.class, otherTeam);
        Api.Person owner = admin.person("their owner", otherProject, "viewer");
        jdbc.update("DELETE FROM project_members WHERE user_id = ?", owner.id());
        jdbc.update("INSERT INTO team_members (team_id, user_id, role) VALUES (?, ?, 'owner')", otherTeam,
                owner.id());

        List<Who> callers = new ArrayList<>();
        for (ProjectRole role : ProjectRole.values()) {
            callers.add(new Who(role.apiName(), admin.as(admin.token(admin.person(role.apiName(), project,
                    role.apiName()), "write")), role, null, false));
        }
        callers.add(new Who("owner of another team", admin.as(admin.token(owner, "write")), null,
                ProjectRole.MAINTAINER, false));
        callers.add(new Who("editor's read token", admin.as(admin.token(admin.person("reader", project, "editor"),
                "read")), ProjectRole.VIEWER, null, false));
        callers.add(new Who("read bot", admin.as(bot(admin, project, "read")), ProjectRole.VIEWER, null, false));
        callers.add(new Who("write bot", admin.as(bot(admin, project, "write")), ProjectRole.EDITOR, null, false));
        callers.add(new Who("admin", admin, ProjectRole.MAINTAINER, ProjectRole.MAINTAINER, true));

        // a view share link of one map: that map (and the tilesets it uses) as a viewer, nothing else
        long sharedMap = mapIn(admin, project);
        long sharedTileset = admin.get("/api/v1/maps/" + sharedMap).json().get("tilesets").get(0).get("tilesetId")
                .asLong();
        Api share = admin.as(admin.postJson("/api/v1/maps/" + sharedMap + "/shares", "{\"access\":\"view\"}")
                .json().get("token").asString());

        Api revokedApi = admin.as(admin.token(admin.person("revoker", project, "maintainer"), "write"));
        long revokedId = revokedApi.get("/api/v1/me/tokens").json().get(0).get("id").asLong();
        assertThat(revokedApi.delete("/api/v1/me/tokens/" + revokedId).status()).isEqualTo(204);

        Map<String, Integer> seen = new LinkedHashMap<>();
        List<String> wrong = new ArrayList<>();
        for (Route route : ourRoutes()) {
            // a caller the route lets through may change or delete what it names: a fresh one; a refused caller
            // changes nothing (were it let through by mistake, its own answer would say so)
            java.util.function.Function<Integer, String> path = status -> concrete(route, admin, project, status == null);
            // a page's form posted without its CSRF token is refused (403) before anything else
            Integer anonymous = route.requires().on() == Requires.On.ANYONE ? null
                    : Integer.valueOf(route.pattern().startsWith("/api/") ? 401
                    : route.method().equals("GET") ? 302 : 403);
            expect(wrong, route, "anonymous", admin.anonymous(), path.apply(anonymous), anonymous);
            if (route.pattern().startsWith("/api/")) {
                expect(wrong, route, "revoked token", revokedApi, path.apply(401), 401);
            }
            for (Who who : callers) {
                seen.merge(who.name(), 1, Integer::sum);
                ProjectRole standing = route.requires().on() == Requires.On.TEAM && !who.admin() ? null : who.role();
                Integer status = expected(route, standing, who.admin());
                expect(wrong, route, who.name(), who.api(), path.apply(status), status);
            }
            Requires.On on = route.requires().on();
            Integer sharedStatus = expected(route,
                    on == Requires.On.MAP || on == Requires.On.TILESET ? ProjectRole.VIEWER : null, false);
            String shared = on == Requires.On.MAP ? filled(route, String.valueOf(sharedMap))
                    : on == Requires.On.TILESET ? filled(route, String.valueOf(sharedTileset)) : path.apply(sharedStatus);
            seen.merge("view share link", 1, Integer::sum);
            expect(wrong, route, "view share link", share, shared, sharedStatus);
            if (List.of(Requires.On.MAP, Requires.On.TILESET, Requires.On.WORLD, Requires.On.TEAM)
                    .contains(route.requires().on())) {
                // the same route on something of another team's project: there for its owner (and the admin) only
                for (Who who : callers) {
                    Integer status = expected(route, who.theirs(), who.admin());
                    expect(wrong, route, who.name() + " on another team's", who.api(),
                            concrete(route, admin, otherProject, status == null), status);
                }
                expect(wrong, route, "view share link on another team's", share,
                        concrete(route, admin, otherProject, false), expected(route, null, false));
            }
        }
        assertThat(wrong).as("answers that break the permission table").isEmpty();
        assertThat(seen).hasSize(callers.size() + 1);
    }

    /**
     * What a caller should get: a status, or null for "allowed" (anything but 401, 403 and 404). A route on the
     * caller's own account or made in their default project ({@code On.CALLER}) is allowed to every caller but
     * for the action it needs; an admin route to the admin only.
     */
    private static Integer expected(Route route, ProjectRole role, boolean admin) {
        Requires requires = route.requires();
        Integer allowed = null;
        return switch (requires.on()) {
            case ANYONE, CALLER -> allowed;
            case ADMIN -> admin ? allowed : Integer.valueOf(403);
            case MAP, TILESET, WORLD, PROJECT -> role == null ? Integer.valueOf(404)
                    : role.allows(requires.value()) ? allowed : Integer.valueOf(403);
            // the matrix's callers have roles on projects, not in teams: only the other team's owner (there) and
            // the admin see a team
            case TEAM -> role == ProjectRole.MAINTAINER ? allowed : Integer.valueOf(404);
        };
    }

    private static void expect(List<String> wrong, Route route, String who, Api api, String path, Integer status) {
        Api.Response answer = send(api, route, path);
        // on their own account or project a caller may meet a 403 or 404 of the route's own (a bot has no
        // personal tokens; a form posted without its CSRF token is refused)
        boolean own = List.of(Requires.On.CALLER, Requires.On.ANYONE).contains(route.requires().on());
        // allowed: not refused for who is asking; a 404 of the route's own (no such tile image, no such member) is
        // not the 404 of what the access check could not see
        boolean unseen = answer.status() == 404 && answer.text().matches(
                "(?s).*\"title\":\"(Map|Tileset|World|Project|Team) not found\".*");
        boolean right = status == null ? !Set.of(401, 403).contains(answer.status()) && !unseen
                || (own && answer.status() != 401)
                : answer.status() == status;
        boolean onProject = List.of(Requires.On.MAP, Requires.On.TILESET, Requires.On.WORLD, Requires.On.PROJECT,
                Requires.On.TEAM)
                .contains(route.requires().on());
        if (right && onProject && status != null && status == 403) {
            right = answer.json().has("role") && answer.json().has("needed");
        }
        if (!right) {
            wrong.add(route + " as " + who + " (" + path + "): " + answer.status() + ", expected "
                    + (status == null ? "allowed" : status) + " " + answer.text().substring(0,
                    Math.min(160, answer.text().length())));
        }
    }

    private static Api.Response send(Api api, Route route, String path) {
        if (List.of("GET", "DELETE").contains(route.method())) {
            return api.request(route.method(), path, null, null);
        }
        if (route.consumes() != null && route.consumes().startsWith("multipart/")) {
            String boundary = "matrixboundary";
            return api.request(route.method(), path, "multipart/form-data; boundary=" + boundary,
                    ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"unused\"\r\n\r\nx\r\n--" + boundary
                            + "--\r\n").getBytes(StandardCharsets.UTF_8));
        }
        return api.request(route.method(), path, "application/json", "{}".getBytes(StandardCharsets.UTF_8));
    }

    /** The ids shared where nothing is changed, by what they name and whose project it is. */
    private final Map<String, String> unchanged = new HashMap<>();

    /**
     * The route's path with its variables filled in: a fresh map or tileset of the project when the call may change
     * or delete it (a route other than GET that lets the caller through), else one kept for such calls.
     */
    private String concrete(Route route, Api admin, long project, boolean allowed) {
        if (allowed && !route.method().equals("GET")) {
            return filled(route, idFor(route, admin, project));
        }
        return filled(route, unchanged.computeIfAbsent(route.requires().on() + "@" + project,
                kind -> idFor(route, admin, project)));
    }

    private static String idFor(Route route, Api admin, long project) {
        return switch (route.requires().on()) {
            case MAP -> String.valueOf(mapIn(admin, project));
            case TILESET -> String.valueOf(tilesetIn(admin, project));
            case WORLD -> String.valueOf(worldIn(admin, project));
            case PROJECT -> String.valueOf(project);
            case TEAM -> String.valueOf(admin.get("/api/v1/projects/" + project).json().get("teamId").asLong());
            default -> "1";
        };
    }

    /** The route's path with {@code id} and made-up values for its other variables. */
    private static String filled(Route route, String id) {
        return route.pattern().replace("{id}", id).replace("{layerId}", "1").replace("{localId}", "0")
                .replace("{userId}", "1").replace("{tokenId}", "999999").replace("{inviteId}", "999999")
                .replace("{shareId}", "999999").replace("{threadId}", "999999").replace("{commentId}", "999999").replace("{hookId}", "999999").replace("{deliveryId}", "999999").replace("{mapId}", "999999").replace("{code}", "twi_made_up").replace("{token}", "tws_made_up");
    }

    private static long mapIn(Api admin, long project) {
        long tileset = tilesetIn(admin, project);
        return admin.postJson("/api/v1/maps", "{\"name\":\"cell " + java.util.UUID.randomUUID() + "\",\"width\":4,\"height\":4,\"tileWidth\":16,"
                + "\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],\"layers\":[{\"name\":\"ground\","
                + "\"type\":\"tile\"}],\"projectId\":" + project + "}").json().get("id").asLong();
    }

    private static long worldIn(Api admin, long project) {
        return admin.postJson("/api/v1/worlds", "{\"name\":\"w\",\"projectId\":" + project + ",\"maps\":[{\"mapId\":"
                + mapIn(admin, project) + ",\"x\":0,\"y\":0}]}").json().get("id").asLong();
    }

    private static long tilesetIn(Api admin, long project) {
        return admin.uploadTileset("cell", 2, 1, project);
    }

    private static String bot(Api admin, long project, String scope) {
        return admin.postJson("/api/v1/projects/" + project + "/tokens", "{\"name\":\"bot " + scope + "\",\"scopes\":[\""
                + scope + "\"]}").json().get("token").asString();
    }
}
