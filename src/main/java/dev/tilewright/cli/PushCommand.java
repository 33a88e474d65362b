package dev.tilewright.cli;

import dev.tilewright.format.Formats;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@code push DIR PROJECT}: what changed in a folder {@code pull} wrote goes back to the service, a new version per
 * changed map (its file, or a file it references, differs from what the pull wrote), a new map per map file the
 * project does not have; a map changed on the service since the pull is not overwritten but named (pull, merge,
 * push again). Every file is accounted for: pushed, unchanged, refused with the service's reason, or deleted here
 * (a push never deletes a map).
 */
final class PushCommand implements Command {

    @Override
    public String name() {
        return "push";
    }

    @Override
    public String summary() {
        return "what changed in a pulled folder back to the service: a version per changed map, new maps added";
    }

    @Override
    public String help() {
        return """
                usage: tilewright push DIR PROJECT [--message TEXT] [--server URL] [--max-bytes N]

                Sends back what changed in DIR since `tilewright pull PROJECT DIR` wrote it: each map whose file, or
                a tileset or image it references, differs from what the pull wrote becomes a new version of that
                map (POST /api/v1/maps/{id}/versions: one op, with TEXT as its note); each map file the project
                does not have is imported as a new map. A map that changed on the service since the pull is not
                overwritten: it is named, and the others are still pushed; pull, merge (the merge driver does it
                in git) and push again. A map file deleted here is named too: a push never deletes a map; so is a
                file the pull wrote that no map uses and that changed here (a world, property types). When
                everything went, the folder is pulled again, so it holds the service's files and the next push
                starts from them.
                  --message TEXT   the note of each version (default: "pushed PATH")
                  --server URL     the service (default: TILEWRIGHT_SERVER); the token is TILEWRIGHT_TOKEN (a
                                   write-scope token of an editor of the project)
                  --max-bytes N    bytes of files read at most per map (default 134217728)
                Exits 3 when the service cannot be reached, refuses a map or a map changed there, 4 when a map
                here cannot be read; the maps it could push are pushed either way.
                """;
    }

    @Override
    public Set<String> valued() {
        return Set.of("server", "message", "max-bytes");
    }

    @Override
    public Set<String> flags() {
        return Set.of();
    }

    @Override
    public Exit run(Args args, PrintStream out, PrintStream err) {
        List<String> operands = args.operands(2, 2, "tilewright push DIR PROJECT");
        Service service = Service.of(args, System.getenv());
        JsonMapper json = JsonMapper.builder().build();
        Path dir = Path.of(operands.get(0)).toAbsolutePath().normalize();
        long project = PullCommand.project(service, operands.get(1), json);
        PullCommand.Pulled pulled = PullCommand.Pulled.read(dir, json, service.base().toString(), project);
        if (pulled.files().isEmpty()) {
            throw Exit.usage(dir + " was not pulled from project " + project + " of " + service.base()
                    + ": tilewright pull " + project + " " + operands.get(0) + " first, then change it and push");
        }
        String message = args.get("message", null);
        // the manifest as the pull had it: its maps in the folder's format
        JsonNode manifest = service.json(service.get("/api/v1/projects/" + project + "/export/manifest"
                + (pulled.format() == null ? "" : "?format=" + pulled.format()), null, PullCommand.MAX_MANIFEST_BYTES), json);
        Map<String, JsonNode> served = new LinkedHashMap<>();
        manifest.path("files").forEach(f -> served.put(f.path("path").asString(""), f));
        Map<String, String> digests = new java.util.HashMap<>();
        java.util.function.Function<String, String> digest = p -> digests.computeIfAbsent(p,
                q -> PullCommand.digest(dir, q));

        Worst worst = new Worst();
        // the files some map of the folder uses (its own, its tilesets, images, templates)
        Set<String> used = new java.util.HashSet<>();
        int pushed = 0, unchanged = 0, added = 0;
        for (Map.Entry<String, JsonNode> file : served.entrySet()) {
            String path = file.getKey();
            JsonNode map = file.getValue();
            if (map.path("mapId").isNull() || map.path("mapId").isMissingNode()) {
                continue;
            }
            if (!Files.isRegularFile(dir.resolve(path))) {
                if (pulled.files().containsKey(path)) {
                    out.println("deleted here, kept on the service: " + path + " (map " + map.path("mapId").asLong()
                            + "; a push never deletes a map: delete it there)");
                }
                continue;
            }
            Upload upload = upload(dir, path, args, err, worst);
            if (upload == null) {
                continue;
            }
            used.addAll(upload.files().keySet());
            boolean changedHere = upload.files().keySet().stream()
                    .anyMatch(p -> !digest.apply(p).equals(pulled.files().get(p)));
            if (!changedHere) {
                unchanged++;
                continue;
            }
            long mapId = map.path("mapId").asLong();
            long version = map.path("version").asLong();
            if (!map.path("sha256").asString("").equals(pulled.files().get(path))) {
                out.println("changed on the service since the pull, not pushed: " + path + " (map " + mapId
                        + ", now version " + version + "): pull, merge, push again");
                worst.add(Exit.SERVICE);
                continue;
            }
            Map<String, String> fields = new LinkedHashMap<>();
            fields.put("map", path);
            if (message != null) {
                fields.put("message", message);
            }
            Service.Response answer = service.postFiles("/api/v1/maps/" + mapId + "/versions", upload.files(),
                    fields, "\"" + version + "\"", PullCommand.MAX_MANIFEST_BYTES);
            if (answer.status() != 200) {
                out.println("refused: " + path + " (map " + mapId + "): " + Service.refusal(answer));
                worst.add(Exit.SERVICE);
                continue;
            }
            JsonNode result = service.json(answer, json);
            if (result.path("changed").asBoolean()) {
                out.println("pushed " + path + ": map " + mapId + " version " + result.path("version").asLong());
                pushed++;
            } else {
                out.println("unchanged " + path + " (map " + mapId + " holds the same)");
                unchanged++;
            }
            result.path("warnings").forEach(w -> err.println("warning: " + path + ": " + w.path("what").asString("")));
        }
        for (String path : newMaps(dir, served.keySet(), pulled.files().keySet())) {
            Upload upload = upload(dir, path, args, err, worst);
            if (upload == null) {
                continue;
            }
            used.addAll(upload.files().keySet());
            Service.Response answer = service.postFiles("/api/v1/maps/import?projectId=" + project, upload.files(),
                    Map.of("map", path), null, PullCommand.MAX_MANIFEST_BYTES);
            if (answer.status() != 201) {
                out.println("refused: new map " + path + ": " + Service.refusal(answer));
                worst.add(Exit.SERVICE);
                continue;
            }
            out.println("added " + path + ": map " + service.json(answer, json).path("id").asLong());
            added++;
        }
        // a file the pull wrote, changed here, that no map uses (a world's layout, property types): not sent
        for (String path : pulled.files().keySet()) {
            if (!used.contains(path) && Files.isRegularFile(dir.resolve(path))
                    && !digest.apply(path).equals(pulled.files().get(path))) {
                out.println("changed here, not pushed: " + path + " (push sends maps and the files they use; change "
                        + "a world's layout or the project's types on the service)");
                worst.add(Exit.SERVICE);
            }
        }
        out.println("pushed to project " + project + ": " + pushed + " new versions, " + added + " new maps, "
                + unchanged + " unchanged");
        if (worst.exit == Exit.OK && pushed + added > 0) {
            // the folder as the service now has it: the next push starts from what the service holds
            return PullCommand.pull(service, project, dir, null, PullCommand.MAX_BYTES, out, err);
        }
        return worst.exit;
    }

    /** The exit of the first thing that went wrong (the rest still done). */
    private static final class Worst {
        private Exit exit = Exit.OK;

        void add(Exit failed) {
            exit = exit == Exit.OK ? failed : exit;
        }
    }

    /** The map file and what it references, read; null (said on {@code err}) when it cannot be read. */
    private static Upload upload(Path dir, String path, Args args, PrintStream err, Worst worst) {
        try {
            return Upload.of(dir, path, args);
        } catch (Exit.Failure unreadable) {
            err.println("not pushed: " + unreadable.getMessage());
            worst.add(unreadable.exit);
            return null;
        }
    }

    /** Map files of the folder that neither the project nor the last pull had. */
    private static List<String> newMaps(Path dir, Set<String> served, Set<String> pulled) {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> !p.startsWith(".tilewright/") && Formats.hasMapEnding(p) && !served.contains(p)
                            && !pulled.contains(p)).sorted().toList();
        } catch (IOException e) {
            throw Exit.file(dir + ": " + e.getMessage());
        }
    }

    /** A map file of the folder with every file it references, by path, as the service takes them. */
    private record Upload(Map<String, byte[]> files) {

        static Upload of(Path dir, String path, Args args) {
            LocalMaps maps = new LocalMaps(dir, LocalMaps.Limits.of(args));
            maps.open(dir.resolve(path));
            Map<String, byte[]> files = new LinkedHashMap<>();
            for (String used : maps.filesRead()) {
                try {
                    files.put(used, Files.readAllBytes(dir.resolve(used)));
                } catch (IOException e) {
                    throw Exit.file(used + ": " + e.getMessage());
                }
            }
            return new Upload(files);
        }
    }
}
