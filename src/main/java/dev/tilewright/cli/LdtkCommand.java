package dev.tilewright.cli;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * {@code ldtk import PROJECT FILE.ldtk}: an LDtk project (its level files and atlases found by the paths it names) into
 * a project of the service as a world of maps; {@code ldtk export WORLD DIR}: a world that came from LDtk back as its
 * {@code .ldtk}, atlases and export report, into a folder.
 */
final class LdtkCommand implements Command {

    /** Bytes the files of one import may take, and an export's zip (--max-bytes). */
    static final int MAX_BYTES = 134_217_728;

    @Override
    public String name() {
        return "ldtk";
    }

    @Override
    public String summary() {
        return "an LDtk project into a project as a world of maps, or such a world back out as its .ldtk";
    }

    @Override
    public String help() {
        return """
                usage: tilewright ldtk import PROJECT FILE.ldtk [--server URL] [--max-bytes N]
                       tilewright ldtk export WORLD DIR [--server URL] [--max-bytes N]

                import: sends FILE.ldtk with the level files it keeps apart (.ldtkl) and the atlases its tilesets
                name (paths relative to it) to POST /api/v1/ldtk/import: a world of one map per level, whose
                auto-layers follow edits by the project's own rules. Prints the world's id, each map, and what
                could not be kept.
                export: writes what GET /api/v1/worlds/{id}/export?format=ldtk gives into DIR: the .ldtk (auto-layers
                baked by LDtk's rules from the grids as they are), its atlases and ldtk-export-report.json; prints
                the report's lines.
                  PROJECT          the project's id or name ("Team/Project" when two teams have one of that name)
                  WORLD            the world's id (as import printed it)
                  --server URL     the service (default: TILEWRIGHT_SERVER); the token is TILEWRIGHT_TOKEN (write
                                   scope of an editor to import, read scope to export)
                  --max-bytes N    bytes read or fetched at most (default 134217728)
                Exits 2 on a wrong command line, 3 when the service cannot be reached or refuses, 4 when a file
                cannot be read or DIR written.
                """;
    }

    @Override
    public Set<String> valued() {
        return Set.of("server", "max-bytes");
    }

    @Override
    public Set<String> flags() {
        return Set.of();
    }

    @Override
    public Exit run(Args args, PrintStream out, PrintStream err) {
        List<String> operands = args.operands(3, 3, "tilewright ldtk import PROJECT FILE.ldtk | tilewright ldtk "
                + "export WORLD DIR");
        Service service = Service.of(args, System.getenv());
        int maxBytes = args.number("max-bytes", MAX_BYTES, 1, Integer.MAX_VALUE);
        JsonMapper json = JsonMapper.builder().build();
        return switch (operands.get(0)) {
            case "import" -> importProject(service, PullCommand.project(service, operands.get(1), json),
                    Path.of(operands.get(2)).toAbsolutePath().normalize(), maxBytes, json, out, err);
            case "export" -> exportWorld(service, world(operands.get(1)),
                    Path.of(operands.get(2)).toAbsolutePath().normalize(), maxBytes, json, out);
            default -> throw Exit.usage("'" + operands.get(0) + "' is not an ldtk command: import or export");
        };
    }

    private static long world(String operand) {
        try {
            return Long.parseLong(operand);
        } catch (NumberFormatException notOne) {
            throw Exit.usage("WORLD is a world's id (a number, as import printed it), not '" + operand + "'");
        }
    }

    private static Exit importProject(Service service, long project, Path file, int maxBytes, JsonMapper json,
                                      PrintStream out, PrintStream err) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        long[] read = {0};
        byte[] bytes = read(file, maxBytes, read);
        files.put(file.getFileName().toString(), bytes);
        JsonNode root;
        try {
            root = json.readTree(bytes);
        } catch (JacksonException e) {
            throw Exit.file(file + " is not JSON: " + e.getOriginalMessage());
        }
        // the files it names: its levels kept apart, its tilesets' atlases
        for (JsonNode level : root.path("levels")) {
            besides(file, level.path("externalRelPath").asString(null), files, maxBytes, read, err);
        }
        for (JsonNode tileset : root.path("defs").path("tilesets")) {
            besides(file, tileset.path("relPath").asString(null), files, maxBytes, read, err);
        }
        Service.Response answer = service.postFiles("/api/v1/ldtk/import?projectId=" + project, files, Map.of(), null,
                PullCommand.MAX_MANIFEST_BYTES);
        if (answer.status() != 201) {
            throw new Exit.Failure(Exit.SERVICE, "refused: " + Service.refusal(answer));
        }
        JsonNode world = service.json(answer, json);
        out.println("world " + world.path("id").asLong() + " (" + world.path("name").asString("") + "): "
                + world.path("maps").size() + " maps in project " + project);
        for (JsonNode map : world.path("maps")) {
            out.println("  map " + map.path("mapId").asLong() + " " + map.path("name").asString("") + " at "
                    + map.path("x").asInt() + "," + map.path("y").asInt());
        }
        for (JsonNode warning : world.path("warnings")) {
            err.println("not kept: " + warning.path("path").asString("") + ": " + warning.path("what")
                    .asString(""));
        }
        return Exit.OK;
    }

    /** A file the project names relative to itself, sent when it is there (the service says what is missing). */
    private static void besides(Path file, String relative, Map<String, byte[]> files, int maxBytes, long[] read,
                                PrintStream err) {
        if (relative == null || relative.isEmpty() || files.containsKey(relative)) {
            return;
        }
        Path beside = file.resolveSibling(relative).normalize();
        if (Files.isRegularFile(beside)) {
            files.put(relative, read(beside, maxBytes, read));
        } else {
            err.println("not found beside " + file.getFileName() + ": " + relative);
        }
    }

    private static byte[] read(Path file, int maxBytes, long[] read) {
        try {
            long size = Files.size(file);
            if (read[0] + size > maxBytes) {
                throw Exit.file(file + " would take the files read to " + (read[0] + size) + " bytes, over "
                        + maxBytes + " (--max-bytes)");
            }
            read[0] += size;
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw Exit.file(file + ": " + e.getMessage());
        }
    }

    private static Exit exportWorld(Service service, long world, Path dir, int maxBytes, JsonMapper json,
                                    PrintStream out) {
        Service.Response answer = service.get("/api/v1/worlds/" + world + "/export?format=ldtk", null, maxBytes);
        if (answer.status() != 200) {
            throw new Exit.Failure(Exit.SERVICE, "refused: " + Service.refusal(answer));
        }
        int written = 0;
        byte[] report = null;
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(answer.body()))) {
            PullCommand.createDirectories(dir);
            long left = maxBytes;
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                String path = PullCommand.safe(dir, entry.getName());
                // the files unpacked count against --max-bytes too (a zip may unpack to far more than it is)
                byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, left + 1));
                if (bytes.length > left) {
                    throw new Exit.Failure(Exit.SERVICE, "the export unpacks to more than " + maxBytes + " bytes "
                            + "(--max-bytes); nothing past " + path + " was written");
                }
                left -= bytes.length;
                PullCommand.place(dir, path, bytes);
                written++;
                if (path.equals("ldtk-export-report.json")) {
                    report = bytes;
                }
            }
        } catch (IOException e) {
            throw Exit.file(dir + ": " + e.getMessage());
        }
        out.println("wrote " + written + " files of world " + world + " into " + dir);
        if (report != null) {
            for (JsonNode line : json.readTree(report).path("written")) {
                out.println("  " + line.path("path").asString("") + ": " + line.path("what").asString(""));
            }
        }
        return Exit.OK;
    }
}
