package dev.tilewright.cli;

import dev.tilewright.format.Sha256;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * {@code pull PROJECT DIR}: every file of a project's export (its maps, tilesets, images, templates, worlds and
 * property types) into a folder, the same bytes for the same versions. The folder keeps what the last pull wrote
 * ({@code .tilewright/pull.json}: the ETag, each file's digest), so a pull that finds nothing new asks one
 * question and writes nothing, and one that finds changes fetches only the files whose bytes differ.
 */
final class PullCommand implements Command {

    /** Where in the folder the last pull's record is kept. */
    static final String STATE = ".tilewright/pull.json";
    /** Bytes a manifest may take, and a pull may fetch by default (--max-bytes). */
    static final long MAX_MANIFEST_BYTES = 16_777_216L;
    static final long MAX_BYTES = 1_073_741_824L;
    /** The longest query a batch of paths is asked with (servers take 8 KiB of request line). */
    static final int MAX_QUERY = 6000;

    @Override
    public String name() {
        return "pull";
    }

    @Override
    public String summary() {
        return "a project's maps, tilesets and worlds from a service into a folder (byte-stable, only what changed)";
    }

    @Override
    public String help() {
        return """
                usage: tilewright pull PROJECT DIR [--format tmx|tmj] [--server URL] [--max-bytes N]

                Writes every file of the project's export (GET /api/v1/projects/{id}/export: its maps at the paths
                they came in by, their tilesets, images and templates, its worlds and property types) into DIR,
                the same bytes for the same versions, so a repository that commits them sees a change only when a
                map changed. DIR/.tilewright/pull.json records the pull: the next one asks the service one
                question and writes nothing when nothing changed, else fetches just the files whose bytes differ
                from DIR's, and removes the files an earlier pull wrote that the project no longer has (files it
                never wrote are left alone).
                  PROJECT          the project's id (as in its URL), or its name ("Team/Project" when two teams
                                   have one of that name)
                  --server URL     the service (default: TILEWRIGHT_SERVER); the token is TILEWRIGHT_TOKEN (a
                                   read-scope token of a project member is enough)
                  --format F       every map as tmx or tmj (default: each as it came in, or as the folder's last
                                   pull had them); worlds list them by those paths
                  --max-bytes N    bytes fetched at most (default 1073741824)
                Exits 3 when the service cannot be reached or refuses, 4 when DIR cannot be written.
                """;
    }

    @Override
    public Set<String> valued() {
        return Set.of("server", "max-bytes", "format");
    }

    @Override
    public Set<String> flags() {
        return Set.of();
    }

    @Override
    public Exit run(Args args, PrintStream out, PrintStream err) {
        List<String> operands = args.operands(2, 2, "tilewright pull PROJECT DIR");
        Service service = Service.of(args, System.getenv());
        long maxBytes = args.number("max-bytes", (int) Math.min(Integer.MAX_VALUE, MAX_BYTES), 1, Integer.MAX_VALUE);
        JsonMapper json = JsonMapper.builder().build();
        long project = project(service, operands.get(0), json);
        Path dir = Path.of(operands.get(1)).toAbsolutePath().normalize();
        String format = args.has("format") ? args.choice("format", List.of("tmx", "tmj")) : null;
        return pull(service, project, dir, format, maxBytes, out, err);
    }

    /**
     * Pulls the project into the folder (made when missing): what {@code pull PROJECT DIR} does.
     *
     * @param format the maps' format, or null: as the folder's last pull had them (each as it came in, at first)
     */
    static Exit pull(Service service, long project, Path dir, String format, long maxBytes, PrintStream out,
                     PrintStream err) {
        JsonMapper json = JsonMapper.builder().build();
        createDirectories(dir);
        Pulled before = Pulled.read(dir, json, service.base().toString(), project);
        String as = format != null ? format : before.format();
        String formatQuery = as == null ? "" : "format=" + as;

        // nothing new when the service says so and the folder still holds what the last pull wrote (each file of
        // the folder read once, however many of these questions ask about it)
        Map<String, String> local = new java.util.HashMap<>();
        java.util.function.Function<String, String> digest = path -> local.computeIfAbsent(path, p -> digest(dir, p));
        boolean intact = before.files().entrySet().stream().allMatch(f -> f.getValue().equals(digest.apply(f.getKey())));
        String manifestPath = "/api/v1/projects/" + project + "/export/manifest" + (as == null ? "" : "?" + formatQuery);
        Service.Response answer = service.get(manifestPath, intact && java.util.Objects.equals(as, before.format())
                ? before.etag() : null, MAX_MANIFEST_BYTES);
        if (answer.status() == 304) {
            out.println("up to date: project " + project + ", " + before.files().size() + " files (nothing fetched)");
            return Exit.OK;
        }
        JsonNode manifest = service.json(answer, json);
        for (JsonNode alike : manifest.path("duplicateNames")) {
            err.println("warning: project " + project + " has maps named alike, '" + alike.path("name").asString("")
                    + "' (maps " + alike.path("mapIds") + "): all but the first are written as NAME-ID; rename them "
                    + "on the service so that each is found by its name");
        }
        String etag = answer.header("ETag").orElse(null);
        Map<String, String> wanted = new LinkedHashMap<>();
        for (JsonNode file : manifest.path("files")) {
            wanted.put(safe(dir, file.path("path").asString("")), file.path("sha256").asString(""));
        }
        List<String> changed = new ArrayList<>();
        wanted.forEach((path, sha) -> {
            if (!sha.equals(digest.apply(path))) {
                changed.add(path);
            }
        });
        long fetched = 0;
        for (List<String> batch : batches(changed)) {
            StringBuilder query = new StringBuilder();
            batch.forEach(p -> query.append(query.isEmpty() ? "?" : "&").append("path=").append(Service.encode(p)));
            if (as != null) {
                query.append('&').append(formatQuery);
            }
            Service.Response zip = service.get("/api/v1/projects/" + project + "/export" + query, null,
                    maxBytes - fetched);
            fetched += zip.body().length;
            write(dir, zip.body(), Set.copyOf(batch), wanted);
        }
        int removed = 0;
        for (Map.Entry<String, String> gone : before.files().entrySet()) {
            if (!wanted.containsKey(gone.getKey()) && gone.getValue().equals(digest.apply(gone.getKey()))) {
                delete(dir.resolve(gone.getKey()));
                removed++;
            }
        }
        new Pulled(service.base().toString(), project, etag, as, new TreeMap<>(wanted)).write(dir, json);
        out.println("pulled project " + project + " ('" + manifest.path("name").asString("") + "'): "
                + wanted.size() + " files, " + changed.size() + " written (" + fetched + " bytes fetched), "
                + removed + " removed, " + (wanted.size() - changed.size()) + " unchanged");
        return Exit.OK;
    }

    /** The project's id: PROJECT itself when it is a number, else the project of that name the caller sees. */
    static long project(Service service, String given, JsonMapper json) {
        if (given.matches("[0-9]{1,18}")) {
            return Long.parseLong(given);
        }
        List<Long> found = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (JsonNode team : service.json(service.get("/api/v1/teams", null, MAX_MANIFEST_BYTES), json)) {
            JsonNode projects = service.json(service.get("/api/v1/teams/" + team.path("id").asLong() + "/projects",
                    null, MAX_MANIFEST_BYTES), json);
            for (JsonNode p : projects) {
                String name = p.path("name").asString("");
                String full = team.path("name").asString("") + "/" + name;
                seen.add(full);
                if (given.equals(name) || given.equals(full)) {
                    found.add(p.path("id").asLong());
                }
            }
        }
        if (found.size() != 1) {
            throw new Exit.Failure(found.isEmpty() ? Exit.SERVICE : Exit.USAGE, (found.isEmpty()
                    ? "no project named '" + given + "' that this token sees" : "two projects are named '" + given
                    + "': name it Team/Project") + (seen.isEmpty() ? "" : " (" + String.join(", ", seen) + ")")
                    + "; or give its id");
        }
        return found.get(0);
    }

    /** The paths in batches whose query stays short. */
    private static List<List<String>> batches(List<String> paths) {
        List<List<String>> batches = new ArrayList<>();
        List<String> batch = new ArrayList<>();
        int length = 0;
        for (String path : paths) {
            int cost = Service.encode(path).length() + 6;
            if (!batch.isEmpty() && length + cost > MAX_QUERY) {
                batches.add(batch);
                batch = new ArrayList<>();
                length = 0;
            }
            batch.add(path);
            length += cost;
        }
        if (!batch.isEmpty()) {
            batches.add(batch);
        }
        return batches;
    }

    /** Writes the zip's files (each one asked for, its bytes those the manifest names) into the folder. */
    private static void write(Path dir, byte[] zip, Set<String> asked, Map<String, String> wanted) {
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                String path = safe(dir, entry.getName());
                byte[] bytes = in.readAllBytes();
                if (!asked.contains(path) || !Sha256.hex(bytes).equals(wanted.get(path))) {
                    throw new Exit.Failure(Exit.SERVICE, "the service sent " + path + " unasked or other than its "
                            + "manifest says: try again");
                }
                place(dir, path, bytes);
            }
        } catch (IOException e) {
            throw Exit.file(dir + ": " + e.getMessage());
        }
    }

    /**
     * Writes a file of the folder (its folders made) whole or not at all: into a temporary file beside it, then moved
     * over it.
     */
    static void place(Path dir, String path, byte[] bytes) throws IOException {
        Path file = dir.resolve(path);
        createDirectories(file.getParent());
        Path temp = file.resolveSibling("." + file.getFileName() + ".writing");
        Files.write(temp, bytes);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** A path the service named, refused when it would lead out of the folder or into the pull's record. */
    static String safe(Path dir, String path) {
        Path resolved = dir.resolve(path).normalize();
        if (path.isEmpty() || path.startsWith("/") || path.contains("\\") || !resolved.startsWith(dir)
                || resolved.equals(dir) || path.startsWith(".tilewright/")) {
            throw new Exit.Failure(Exit.SERVICE, "the service named a file outside the folder: '" + path + "'");
        }
        try {
            // a link in the folder that leads out of it is not written through
            Path parent = resolved.getParent();
            while (parent != null && !Files.exists(parent)) {
                parent = parent.getParent();
            }
            if (parent != null && !parent.toRealPath().startsWith(dir.toRealPath())) {
                throw Exit.file(path + ": a link in " + dir + " leads out of it");
            }
        } catch (IOException e) {
            throw Exit.file(path + ": " + e.getMessage());
        }
        return path;
    }

    /** The SHA-256 of the folder's file at {@code path}; empty when it has none. */
    static String digest(Path dir, String path) {
        Path file = dir.resolve(path);
        if (!Files.isRegularFile(file)) {
            return "";
        }
        try {
            return Sha256.hex(Files.readAllBytes(file));
        } catch (IOException e) {
            return "";
        }
    }

    static void createDirectories(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw Exit.file(dir + ": cannot be made: " + e.getMessage());
        }
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw Exit.file(file + ": cannot be removed: " + e.getMessage());
        }
    }

    /** What a pull wrote into a folder: from which service and project, its ETag, each file's digest. */
    record Pulled(String server, long project, String etag, String format, Map<String, String> files) {

        /** The folder's record when it is of this service's project; else none (a first pull). */
        static Pulled read(Path dir, JsonMapper json, String server, long project) {
            Path file = dir.resolve(STATE);
            Pulled none = new Pulled(server, project, null, null, Map.of());
            if (!Files.isRegularFile(file)) {
                return none;
            }
            try {
                JsonNode state = json.readTree(Files.readAllBytes(file));
                if (!server.equals(state.path("server").asString("")) || project != state.path("project").asLong()) {
                    return none;
                }
                Map<String, String> files = new TreeMap<>();
                state.path("files").properties().forEach(e -> files.put(e.getKey(), e.getValue().asString("")));
                return new Pulled(server, project, state.path("etag").asString(null),
                        state.path("format").asString(null), files);
            } catch (IOException | RuntimeException unreadable) {
                return none;
            }
        }

        void write(Path dir, JsonMapper json) {
            ObjectNode state = json.createObjectNode();
            state.put("server", server).put("project", project).put("etag", etag);
            if (format != null) {
                state.put("format", format);
            }
            ObjectNode listed = state.putObject("files");
            files.forEach(listed::put);
            Path file = dir.resolve(STATE);
            try {
                Files.createDirectories(file.getParent());
                Files.writeString(file, json.writerWithDefaultPrettyPrinter().writeValueAsString(state) + "\n");
            } catch (IOException e) {
                throw Exit.file(file + ": " + e.getMessage());
            }
        }
    }
}
