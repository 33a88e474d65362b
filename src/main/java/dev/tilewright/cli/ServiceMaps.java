package dev.tilewright.cli;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Versions of maps on a service, as a command names them: {@code MAP@VERSION} ({@code MAP} a map's id, or its name
 * in the project {@code --project} names; {@code VERSION} a number or {@code latest}). Each is fetched as the map's
 * zip export of that version (its tilesets and images beside it) into a folder of its own and read from there, so a
 * version on the service is read by the same code as a file in a repository.
 */
final class ServiceMaps implements AutoCloseable {

    private static final Pattern REF = Pattern.compile("(.+)@([0-9]{1,18}|latest)");

    /** A map version on the service: its map's id and the version (a number, never {@code latest}). */
    record Version(long mapId, long version) {

        String label() {
            return mapId + "@" + version;
        }
    }

    /** A map version fetched: which it is, and the map read from its export. */
    record Fetched(Version version, LocalMaps.Opened opened) {
    }

    private final Args args;
    private final JsonMapper json = JsonMapper.builder().build();
    private final List<Path> folders = new ArrayList<>();
    private Service service;

    ServiceMaps(Args args) {
        this.args = args;
    }

    /** Whether an operand names a map version on a service rather than a file (a file of that name wins). */
    static boolean names(String operand) {
        return REF.matcher(operand).matches() && !Files.exists(Path.of(operand));
    }

    Service service() {
        if (service == null) {
            service = Service.of(args, System.getenv());
        }
        return service;
    }

    /** Fetches the version an operand names and reads it; warnings of the read go to {@code err}. */
    Fetched fetch(String operand, java.io.PrintStream err) {
        Matcher m = REF.matcher(operand);
        if (!m.matches()) {
            throw Exit.usage(operand + " is not MAP@VERSION");
        }
        long mapId = mapId(m.group(1));
        String asked = m.group(2);
        String query = "?format=zip" + (asked.equals("latest") ? "" : "&version=" + asked);
        Service.Response zip = service().get("/api/v1/maps/" + mapId + "/export" + query, null,
                LocalMaps.Limits.of(args).maxBytes());
        long version = asked.equals("latest") ? versionOf(zip) : Long.parseLong(asked);
        Path folder;
        String mapFile;
        try {
            folder = Files.createTempDirectory("tilewright-" + mapId + "-" + version + "-");
            folders.add(folder);
            mapFile = unpack(zip.body(), folder, LocalMaps.Limits.of(args).maxBytes());
        } catch (IOException e) {
            throw Exit.file("could not unpack the export of map " + mapId + " into a temporary folder: " + e.getMessage());
        }
        LocalMaps.Opened opened = new LocalMaps(folder, LocalMaps.Limits.of(args)).open(folder.resolve(mapFile));
        opened.warnings().forEach(w -> err.println("warning: " + operand + ": " + w.path() + ": " + w.what()));
        return new Fetched(new Version(mapId, version), opened);
    }

    /** The map an operand names: a file, or a version on the service ({@link #names}). */
    LocalMaps.Opened open(String operand, java.io.PrintStream err) {
        return names(operand) ? fetch(operand, err).opened() : LocalMaps.open(args, operand, err);
    }

    /**
     * The map an operand names, read whole (a version's temporary folder is gone again when this returns: what a map
     * needs is read into memory as it is opened).
     */
    static LocalMaps.Opened read(Args args, String operand, java.io.PrintStream err) {
        try (ServiceMaps versions = new ServiceMaps(args)) {
            return versions.open(operand, err);
        }
    }

    /** The options of a command that reads MAP@VERSION. */
    static final Set<String> OPTIONS = Set.of("server", "project");

    /** What a command's help says of MAP@VERSION. */
    static final String HELP = """
              MAP may also be a version of a map on a service: MAP@VERSION (a map's id, or its name with
              --project PROJECT; VERSION a number or latest), with --server URL (default: TILEWRIGHT_SERVER)
              and the token in TILEWRIGHT_TOKEN
            """;

    /** A map's id: MAP itself when a number, else the one map of that name in {@code --project}. */
    private long mapId(String given) {
        if (given.matches("[0-9]{1,18}")) {
            return Long.parseLong(given);
        }
        String project = args.get("project", null);
        if (project == null) {
            throw Exit.usage("name the project of map '" + given + "' with --project (or give the map's id: ID@VERSION)");
        }
        long projectId = PullCommand.project(service(), project, json);
        JsonNode found = service().json(service().get("/api/v1/maps?projectId=" + projectId + "&name="
                + Service.encode(given), null, PullCommand.MAX_MANIFEST_BYTES), json);
        List<Long> ids = new ArrayList<>();
        found.forEach(map -> ids.add(map.path("id").asLong()));
        if (ids.size() != 1) {
            throw new Exit.Failure(ids.isEmpty() ? Exit.SERVICE : Exit.USAGE, ids.isEmpty()
                    ? "project " + project + " has no map named '" + given + "' that this token sees"
                    : "project " + project + " has " + ids.size() + " maps named '" + given + "' (ids " + ids
                    + "): give the id");
        }
        return ids.get(0);
    }

    /** The version an export answered ({@code ETag: "57-..."}). */
    private static long versionOf(Service.Response response) {
        String etag = response.header("ETag").orElse("");
        Matcher m = Pattern.compile("(?:W/)?\"([0-9]{1,18})-.*").matcher(etag);
        if (!m.matches()) {
            throw new Exit.Failure(Exit.SERVICE, "the service's export names no version (ETag '" + etag + "')");
        }
        return Long.parseLong(m.group(1));
    }

    /** Writes the zip's files into the folder (at most {@code maxBytes} of them, inflated); the path of its one map. */
    private static String unpack(byte[] zip, Path folder, long maxBytes) throws IOException {
        List<String> maps = new ArrayList<>();
        long left = maxBytes;
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                if (entry.isDirectory()) {
                    continue;
                }
                String path = PullCommand.safe(folder, entry.getName());
                Path file = folder.resolve(path);
                Files.createDirectories(file.getParent());
                byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, left + 1));
                left -= bytes.length;
                if (left < 0) {
                    throw new Exit.Failure(Exit.SERVICE, "the service's export inflates past --max-bytes (" + maxBytes
                            + " bytes)");
                }
                Files.write(file, bytes);
                if (path.endsWith(".tmx") || path.endsWith(".tmj")) {
                    maps.add(path);
                }
            }
        }
        if (maps.size() != 1) {
            throw new Exit.Failure(Exit.SERVICE, "the service's export holds " + maps.size() + " maps " + maps
                    + ", not one");
        }
        return maps.get(0);
    }

    /** Removes the folders the fetched versions were unpacked into. */
    @Override
    public void close() {
        for (Path folder : folders) {
            try (Stream<Path> files = Files.walk(folder)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> {
                    try {
                        Files.deleteIfExists(p);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            } catch (IOException | UncheckedIOException e) {
                // a temporary folder left behind is the system's to clear
            }
        }
    }

    Optional<Service> named() {
        return Optional.ofNullable(service);
    }
}
