package dev.tilewright.support;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/** A small HTTP client for tests, speaking to the running service as a CI job would. */
public final class Api {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;
    /** The bearer token sent with every request, or null for none. */
    private final String token;

    /** A client with the bootstrap token (the instance admin), as most tests speak to the service. */
    public Api(int port) {
        this(port, Credentials.BOOTSTRAP_TOKEN);
    }

    private Api(int port, String token) {
        this(port, token, Credentials.BOOTSTRAP_TOKEN.equals(token));
    }

    private Api(int port, String token, boolean ownProjects) {
        this.base = "http://localhost:" + port;
        this.token = token;
        this.ownProjects = ownProjects;
    }

    /** Whether what the admin makes without naming a project goes into projects of this client's own. */
    private final boolean ownProjects;
    /** The names of maps {@link #newMap} made, to keep a second of one name apart. */
    private final java.util.Set<String> madeNames = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** The admin as the service sees it: what it makes without a project goes into the instance's default one. */
    public Api inDefaultProject() {
        return new Api(Integer.parseInt(base.substring(base.lastIndexOf(':') + 1)), token, false);
    }

    /** The team of the instance's default project, per service (found once). */
    private static final Map<String, Long> DEFAULT_TEAMS = new java.util.concurrent.ConcurrentHashMap<>();
    /** The project of this client's maps, tilesets and imports when the admin names none (made when first needed). */
    private Long ownProject;

    /**
     * Map names are unique in a project, and the tests of a run share one database: what the admin makes without
     * naming a project goes into a project of this client's own (in the default project's team), not the default
     * project, so two tests' maps of one name do not meet. A test that means the default project names it.
     */
    private boolean inOwnProject() {
        return ownProjects;
    }

    private synchronized long ownProject() {
        if (ownProject == null) {
            ownProject = newProject(defaultTeam());
        }
        return ownProject;
    }

    private long defaultTeam() {
        return DEFAULT_TEAMS.computeIfAbsent(base, b -> {
                Response probe = send(HttpRequest.newBuilder(uri("/api/v1/maps")).header("Content-Type",
                        "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"probe " + UUID.randomUUID()
                        + "\",\"width\":1,\"height\":1,\"tileWidth\":16,\"tileHeight\":16}")));
                long id = probe.json().get("id").asLong();
                long project = probe.json().get("projectId").asLong();
                delete("/api/v1/maps/" + id);
                return get("/api/v1/projects/" + project).json().get("teamId").asLong();
            });
    }

    private long newProject(long team) {
        Response made = send(HttpRequest.newBuilder(uri("/api/v1/teams/" + team + "/projects"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
                        "{\"name\":\"tests " + UUID.randomUUID() + "\"}")));
        if (made.status() != 201) {
            throw new AssertionError("the test's project was not made: " + made.status() + " " + made.text());
        }
        return made.json().get("id").asLong();
    }

    /**
     * The path with a {@code projectId} when the admin makes something and names no project: a tileset import goes
     * into this client's own project; a map or world import into a new project of its own each time (tests import one
     * example file again and again, and each import takes the map's name from the file's).
     */
    private String placed(String path) {
        boolean imports = path.startsWith("/api/v1/maps/import") || path.startsWith("/api/v1/worlds/import")
                || path.startsWith("/api/v1/ldtk/import");
        if (!imports && !path.startsWith("/api/v1/tilesets/import") || !inOwnProject() || path.contains("projectId=")) {
            return path;
        }
        long project = imports ? newProject(defaultTeam()) : ownProject();
        return path + (path.contains("?") ? "&" : "?") + "projectId=" + project;
    }

    /** The same service, with another bearer token. */
    public Api as(String otherToken) {
        return new Api(Integer.parseInt(base.substring(base.lastIndexOf(':') + 1)), otherToken);
    }

    /** The same service without credentials. */
    public Api anonymous() {
        return as(null);
    }

    /** A response with its body parsed as JSON when it is JSON. */
    public record Response(int status, Map<String, String> headers, byte[] body) {
        public JsonNode json() {
            return JSON.readTree(body);
        }

        public String header(String name) {
            return headers.get(name.toLowerCase());
        }

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    public Response get(String path, String... headers) {
        return send(HttpRequest.newBuilder(uri(path)).GET(), headers);
    }

    /** Any method, with a body of a content type (none when null). */
    public Response request(String method, String path, String contentType, byte[] body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).method(method, body == null
                ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        return send(request);
    }

    public Response delete(String path) {
        return send(HttpRequest.newBuilder(uri(path)).DELETE());
    }

    public Response postJson(String path, String json, String... headers) {
        if ((path.equals("/api/v1/maps") || path.equals("/api/v1/worlds")) && inOwnProject() && json.trim().startsWith("{") && !json.contains("\"projectId\"")) {
            String rest = json.trim().substring(1).trim();
            json = "{\"projectId\":" + ownProject() + (rest.startsWith("}") ? "" : ",") + rest;
        }
        return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)), headers);
    }

    public Response patchJson(String path, String json) {
        return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(json)));
    }

    public Response putJson(String path, String json, String... headers) {
        return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(json)), headers);
    }

    /** A multipart form post; values of type byte[] become file parts. */
    public Response postMultipart(String path, Map<String, Object> parts) {
        if (path.equals("/api/v1/tilesets") && inOwnProject() && !parts.containsKey("projectId")) {
            parts = new LinkedHashMap<>(parts);
            parts.put("projectId", ownProject());
        }
        String boundary = "----tw" + UUID.randomUUID();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (Map.Entry<String, Object> part : parts.entrySet()) {
            write(body, "--" + boundary + "\r\n");
            if (part.getValue() instanceof byte[] bytes) {
                write(body, "Content-Disposition: form-data; name=\"" + part.getKey() + "\"; filename=\""
                        + part.getKey() + ".png\"\r\nContent-Type: application/octet-stream\r\n\r\n");
                body.writeBytes(bytes);
                write(body, "\r\n");
            } else {
                write(body, "Content-Disposition: form-data; name=\"" + part.getKey() + "\"\r\n\r\n"
                        + part.getValue() + "\r\n");
            }
        }
        write(body, "--" + boundary + "--\r\n");
        return send(HttpRequest.newBuilder(uri(path))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())));
    }

    /** Posts files as multipart {@code files} parts, each named by its path. */
    public Response postFiles(String path, Map<String, byte[]> files) {
        return post(path, Files.of(files));
    }

    /** Posts a multipart body made once (to send it several times). */
    public Response post(String path, Files files) {
        return send(HttpRequest.newBuilder(uri(placed(path))).header("Content-Type", files.contentType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(files.body())));
    }

    /** Files as multipart {@code files} parts, each named by its path: the body and its content type. */
    public record Files(String contentType, byte[] body) {

        public static Files of(Map<String, byte[]> files) {
            String boundary = "----tw" + UUID.randomUUID();
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                write(body, "--" + boundary + "\r\nContent-Disposition: form-data; name=\"files\"; filename=\""
                        + file.getKey() + "\"\r\nContent-Type: application/octet-stream\r\n\r\n");
                body.writeBytes(file.getValue());
                write(body, "\r\n");
            }
            write(body, "--" + boundary + "--\r\n");
            return new Files("multipart/form-data; boundary=" + boundary, body.toByteArray());
        }
    }

    /** Uploads a tileset of 16x16 tiles cut from a generated atlas and returns its id. */
    public long uploadTileset(String name, int columns, int rows) {
        return uploadTileset(name, columns, rows, null);
    }

    /** Uploads a tileset of 16x16 tiles into a project (null: the caller's default) and returns its id. */
    public long uploadTileset(String name, int columns, int rows, Long projectId) {
        Map<String, Object> parts = new LinkedHashMap<>();
        parts.put("name", name);
        parts.put("tileWidth", 16);
        parts.put("tileHeight", 16);
        if (projectId != null) {
            parts.put("projectId", projectId);
        }
        parts.put("image", Pngs.atlas(columns * 16, rows * 16));
        Response response = postMultipart("/api/v1/tilesets", parts);
        if (response.status() != 201) {
            throw new AssertionError("tileset upload failed: " + response.status() + " " + response.text());
        }
        return response.json().get("id").asLong();
    }

    /** A width x height map of 16 px tiles with an uploaded 4x2 tileset and one tile layer "ground" (id 1); its id. */
    public long newMap(String name, int width, int height) {
        // a map names are unique in a project: a second of one name by this client is told apart
        for (int n = 2; !madeNames.add(name.toLowerCase(java.util.Locale.ROOT)); n++) {
            name = name.replaceFirst(" \\(\\d+\\)$", "") + " (" + n + ")";
        }
        long tileset = uploadTileset(name, 4, 2);
        Response response = postJson("/api/v1/maps", "{\"name\":\"" + name + "\",\"width\":" + width + ",\"height\":"
                + height + ",\"tileWidth\":16,\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],"
                + "\"layers\":[{\"name\":\"ground\",\"type\":\"tile\"}]}");
        if (response.status() != 201) {
            throw new AssertionError("map creation failed: " + response.status() + " " + response.text());
        }
        return response.json().get("id").asLong();
    }

    /** Someone with an account: to sign a browser in with, or to make tokens for. */
    public record Person(long id, String email, String name, String password) {
    }

    /** Makes an account (as the admin) with a role on a project; its email is unique to this call. */
    public Person person(String name, long projectId, String role) {
        String email = name.toLowerCase(java.util.Locale.ROOT).replace(' ', '.') + "." + UUID.randomUUID()
                + "@people.test";
        String password = "a fine long password for " + name;
        Response made = postJson("/api/v1/admin/users", "{\"email\":\"" + email + "\",\"name\":\"" + name
                + "\",\"password\":\"" + password + "\"}");
        if (made.status() != 201) {
            throw new AssertionError("account not made: " + made.status() + " " + made.text());
        }
        long id = made.json().get("id").asLong();
        Response granted = putJson("/api/v1/projects/" + projectId + "/members/" + id, "{\"role\":\"" + role + "\"}");
        if (granted.status() != 200) {
            throw new AssertionError("role not given: " + granted.status() + " " + granted.text());
        }
        return new Person(id, email, name, password);
    }

    /** A team's project, its owner, and a member of the team with a role on the project (not an admin of either). */
    public record TeamProject(long team, long project, Api owner, Person member, Api memberApi) {
    }

    /**
     * A team made by a person (Owen) with a project in it, and a second person (a member by invite) given
     * {@code memberRole} on the project by the owner, as a team would set itself up; each with a write token.
     */
    public TeamProject teamProject(String memberName, String memberRole) {
        long home = projectOf(newMap("home of " + memberName, 2, 2));
        Api owner = as(token(person("Owen", home, "viewer"), "write"));
        long team = owner.postJson("/api/v1/teams", "{\"name\":\"" + memberName + "'s team\"}").json().get("id")
                .asLong();
        long project = owner.postJson("/api/v1/teams/" + team + "/projects", "{\"name\":\"levels\"}").json()
                .get("id").asLong();
        Person member = person(memberName, home, "viewer");
        Api memberApi = as(token(member, "write"));
        String code = owner.postJson("/api/v1/teams/" + team + "/invites", "{\"role\":\"member\"}").json()
                .get("code").asString();
        Response joined = memberApi.postJson("/api/v1/invites/" + code + "/accept", "{}");
        Response granted = owner.putJson("/api/v1/projects/" + project + "/members/" + member.id(),
                "{\"role\":\"" + memberRole + "\"}");
        if (joined.status() != 200 || granted.status() != 200) {
            throw new AssertionError("team not set up: " + joined.text() + " " + granted.text());
        }
        return new TeamProject(team, project, owner, member, memberApi);
    }

    /** A personal token of someone's (scope read or write), made as they would: signed in, on their account. */
    public String token(Person person, String scope) {
        BrowserSession browser = new BrowserSession(Integer.parseInt(base.substring(base.lastIndexOf(':') + 1)));
        HttpResponse<String> in = browser.signIn(person.email(), person.password());
        if (in.statusCode() != 302 || in.headers().firstValue("Location").orElse("").contains("error")) {
            throw new AssertionError("sign-in refused: " + in.statusCode() + " " + in.headers().map());
        }
        HttpResponse<String> made = browser.postJson("/api/v1/me/tokens", "{\"name\":\"test\",\"scopes\":[\""
                + scope + "\"],\"expiresInDays\":7}", true);
        if (made.statusCode() != 201) {
            throw new AssertionError("token not made: " + made.statusCode() + " " + made.body());
        }
        return JSON.readTree(made.body()).get("token").asString();
    }

    /** The project a map belongs to. */
    public long projectOf(long mapId) {
        return get("/api/v1/maps/" + mapId).json().get("projectId").asLong();
    }

    private static void write(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    }

    private URI uri(String path) {
        return URI.create(base + path);
    }

    private Response send(HttpRequest.Builder request, String... headers) {
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        for (int i = 0; i + 1 < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            // a service that hangs fails the test instead of stalling it
            request.timeout(java.time.Duration.ofSeconds(60));
            HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            Map<String, String> flat = new LinkedHashMap<>();
            response.headers().map().forEach((k, v) -> flat.put(k.toLowerCase(), String.join(",", v)));
            return new Response(response.statusCode(), flat, response.body());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
