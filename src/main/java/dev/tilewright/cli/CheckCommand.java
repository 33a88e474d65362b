package dev.tilewright.cli;

import dev.tilewright.core.check.Check;
import dev.tilewright.core.check.CheckList;
import dev.tilewright.core.check.CheckResult;
import dev.tilewright.core.check.CheckRules;
import dev.tilewright.core.check.CheckRun;
import dev.tilewright.core.check.GridSearches;
import dev.tilewright.core.grid.CollisionGrid;
import dev.tilewright.core.grid.Reach;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.format.DomainJson;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * {@code check [MAPS...]}: runs each map's checks (those kept in its {@code tilewright.checks} property, as the
 * service runs them after edits, and those the repository's {@code tilewright.json} declares for it) with the
 * service's own rules, and reports them as text, JSON, JUnit XML or SARIF; {@code --baseline} fails only on what is
 * new.
 */
final class CheckCommand implements Command {

    /** How long one map's checks may take, as the service's tilewright.checks.run-budget-ms. */
    static final long BUDGET_MS = 10_000L;
    /** How far outside a map a ray may start or end, and the most tiles it may walk (tilewright.query.*). */
    static final int MARGIN_TILES = 1024;
    static final long MAX_RAY_TILES = 1_000_000L;
    /** Bytes of a baseline read at most. */
    static final long MAX_BASELINE_BYTES = 67_108_864L;
    static final List<String> FORMATS = List.of("text", "json", "junit", "sarif");

    @Override
    public String name() {
        return "check";
    }

    @Override
    public String summary() {
        return "runs the maps' checks (their own and tilewright.json's): text, JSON, JUnit XML or SARIF";
    }

    @Override
    public String help() {
        return """
                usage: tilewright check [MAP|FOLDER|MAP@VERSION ...] [--format text|json|junit|sarif] [--output FILE]
                                        [--config FILE] [--baseline FILE] [--write-baseline FILE] [--root DIR ...]

                Runs the checks of each map (.tmx, .tmj; a folder: every one under it; none named: those
                tilewright.json's "maps" patterns match, else every one under the tree) as the service runs them:
                the checks kept in the map's tilewright.checks property, then those tilewright.json declares for
                maps its patterns match. Exits 1 when a check fails with a finding not in the baseline, 4 when a
                map could not be read (the others are still checked and reported), 2 for a bad config or option.
                  --format text    a line a check, its findings below (the default)
                  --format json    each map's results as the service gives them, the findings, a summary
                  --format junit   JUnit XML: a suite a map, a test case a check (in the baseline: skipped)
                  --format sarif   SARIF 2.1.0: a result a finding (file, line, tile or object), for code scanning
                  --output FILE    write the report there (the summary still goes to standard error)
                  --config FILE    the config (default: tilewright.json at the top of the tree, if there is one)
                  --baseline FILE  findings that fail nothing (a file --write-baseline wrote)
                  --write-baseline FILE  write every finding of this run there, to accept them as they are
                tilewright.json: {"maps": ["maps/**/*.tmx"], "checks": [{"maps": "maps/levels/*.tmx",
                  "checks": [{"name": "spawn reaches exit", "type": "reachable", "from": {"object": "spawn"},
                  "to": {"object": "exit"}, "box": {"width": 12, "height": 14}}]}]}   (docs/ci.md)
                """ + ServiceMaps.HELP + READING;
    }

    @Override
    public Set<String> valued() {
        return Command.union(Set.of("format", "output", "config", "baseline", "write-baseline"),
                Command.union(LocalMaps.Limits.OPTIONS, ServiceMaps.OPTIONS));
    }

    @Override
    public Set<String> flags() {
        return Set.of();
    }

    @Override
    public Exit run(Args args, PrintStream out, PrintStream err) {
        String format = args.choice("format", FORMATS);
        List<String> versions = args.operands().stream().filter(ServiceMaps::names).toList();
        List<Path> named = args.operands().stream().filter(o -> !ServiceMaps.names(o)).map(Path::of).toList();
        Path root = LocalMaps.rootFor(args.get("root", null), named).toAbsolutePath().normalize();
        JsonMapper json = DomainJson.mapper();
        CheckConfig config = CheckConfig.read(root, args.get("config", null), json);
        Set<String> known = args.has("baseline") ? readBaseline(Path.of(args.get("baseline", null)), json) : Set.of();
        List<Path> maps = named.isEmpty() && !versions.isEmpty() ? List.of() : maps(root, named, config);
        if (maps.isEmpty() && versions.isEmpty()) {
            throw Exit.usage("no map to check: name maps or folders, or list patterns in tilewright.json's \"maps\"");
        }
        LocalMaps.Limits limits = LocalMaps.Limits.of(args);
        List<CheckReport.Checked> checked = new ArrayList<>();
        List<CheckReport.Unread> unread = new ArrayList<>();
        for (Path file : maps) {
            long started = System.nanoTime();
            String path = root.relativize(file.toAbsolutePath().normalize()).toString().replace('\\', '/');
            LocalMaps.Opened opened;
            try {
                // each map has the whole --max-bytes to read itself and its tilesets
                opened = new LocalMaps(root, limits).open(file);
            } catch (Exit.Failure failure) {
                if (failure.exit != Exit.FILE) {
                    throw failure;
                }
                unread.add(new CheckReport.Unread(path, failure.getMessage()));
                continue;
            }
            checked.add(checked(path, path, opened, config, json, err, started));
        }
        // versions on a service: checked as their files would be (tilewright.json's patterns match the path the
        // project's export gives the map), reported by MAP@VERSION (located by it and the tile or object: no line)
        try (ServiceMaps service = new ServiceMaps(args)) {
            for (String version : versions) {
                long started = System.nanoTime();
                ServiceMaps.Fetched map = service.fetch(version, err);
                checked.add(checked(map.version().label(), map.opened().path(), map.opened(), config, json, err, started));
            }
        }
        CheckReport report = new CheckReport(checked, unread, known);
        String written = switch (format) {
            case "json" -> report.json(json);
            case "junit" -> report.junit();
            case "sarif" -> report.sarif(json, Tilewright.version(), p -> read(root.resolve(p)));
            default -> report.text();
        };
        if (args.has("output")) {
            write(Path.of(args.get("output", null)), written);
            err.println(report.summary());
        } else {
            out.print(written);
            if (!format.equals("text")) {
                err.println(report.summary());
            }
        }
        if (args.has("write-baseline")) {
            write(Path.of(args.get("write-baseline", null)), baseline(report, json));
        }
        if (!unread.isEmpty()) {
            return Exit.FILE;
        }
        return report.failedAnew() > 0 ? Exit.FAILED : Exit.OK;
    }

    /** One map's checks run: its own, then those the config declares for {@code configPath}. */
    private static CheckReport.Checked checked(String path, String configPath, LocalMaps.Opened opened,
                                               CheckConfig config, JsonMapper json, PrintStream err, long started) {
        opened.warnings().forEach(w -> err.println("warning: " + path + ": " + w.path() + ": " + w.what()));
        TileMap map = opened.map();
        List<Check> checks = new ArrayList<>(own(path, map, json));
        checks.addAll(config.checksFor(configPath));
        try {
            CheckRules.validate(checks);
        } catch (Refused refused) {
            throw Exit.usage(path + ": its checks and " + CheckConfig.NAME + "'s together: "
                    + refused.getMessage());
        }
        Supplier<CollisionGrid> grid = () -> {
            try {
                return opened.grid("check it with larger grid elements");
            } catch (Exit.Failure tooLarge) {
                throw Refused.invalidField("map", tooLarge.getMessage());
            }
        };
        List<CheckResult> results = CheckRun.run(map, checks, new GridSearches(map, grid, Reach.Limits.DEFAULT,
                MARGIN_TILES, MAX_RAY_TILES), BUDGET_MS);
        return new CheckReport.Checked(path, map, List.copyOf(checks), results, System.nanoTime() - started);
    }

    /** The checks a map keeps in its property (none when absent); refused when it is not checks JSON. */
    private static List<Check> own(String path, TileMap map, JsonMapper json) {
        return map.properties().get(CheckRules.PROPERTY).map(p -> {
            try {
                CheckList read = json.readValue(String.valueOf(p.value()), CheckList.class);
                return read.checks() == null ? List.<Check>of() : read.checks();
            } catch (JacksonException e) {
                throw Exit.usage(path + ": its " + CheckRules.PROPERTY + " property is not checks JSON ({\"checks\":"
                        + " [...]}): " + e.getOriginalMessage());
            }
        }).orElse(List.of());
    }

    /**
     * The map files to check, each once, in order: those named (a folder: its maps, sorted), else those the
     * config's patterns match, else every .tmx and .tmj under the tree (hidden folders and node_modules left out).
     */
    static List<Path> maps(Path root, List<Path> named, CheckConfig config) {
        Set<Path> found = new LinkedHashSet<>();
        if (!named.isEmpty()) {
            for (Path p : named) {
                if (Files.isDirectory(p)) {
                    found.addAll(under(p, path -> isMap(path)));
                } else {
                    found.add(p.toAbsolutePath().normalize());
                }
            }
            return List.copyOf(found);
        }
        if (!config.maps().isEmpty()) {
            return under(root, path -> {
                String relative = root.relativize(path).toString().replace('\\', '/');
                return config.maps().stream().anyMatch(g -> g.matches(relative));
            });
        }
        return under(root, CheckCommand::isMap);
    }

    private static boolean isMap(Path path) {
        String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".tmx") || name.endsWith(".tmj");
    }

    private static List<Path> under(Path folder, java.util.function.Predicate<Path> wanted) {
        TreeSet<Path> files = new TreeSet<>();
        try {
            Files.walkFileTree(folder.toAbsolutePath().normalize(), new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                    boolean skip = !dir.equals(folder.toAbsolutePath().normalize())
                            && (name.startsWith(".") || name.equals("node_modules"));
                    return skip ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile() && wanted.test(file)) {
                        files.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw Exit.file(folder + ": " + e.getMessage());
        }
        return List.copyOf(files);
    }

    /** A baseline's findings, as keys. */
    private static Set<String> readBaseline(Path file, JsonMapper json) {
        try {
            if (!Files.isRegularFile(file)) {
                throw Exit.usage("--baseline " + file + ": no such file");
            }
            if (Files.size(file) > MAX_BASELINE_BYTES) {
                throw Exit.usage("--baseline " + file + " is past " + MAX_BASELINE_BYTES + " bytes");
            }
            JsonNode top = json.readTree(Files.readAllBytes(file));
            Set<String> keys = new HashSet<>();
            JsonNode findings = top.path("findings");
            if (!findings.isArray()) {
                throw Exit.usage("--baseline " + file + " is not a baseline: {\"findings\": [{\"map\", \"check\", "
                        + "\"at\"}, ...]} (tilewright check --write-baseline FILE writes one)");
            }
            for (JsonNode f : findings) {
                keys.add(f.path("map").asString("") + "\n" + f.path("check").asString("") + "\n"
                        + f.path("at").asString(""));
            }
            return keys;
        } catch (IOException e) {
            throw Exit.file("--baseline " + file + ": " + e.getMessage());
        } catch (JacksonException e) {
            throw Exit.usage("--baseline " + file + " is not JSON: " + e.getOriginalMessage());
        }
    }

    /** Every finding of the run, sorted, as a baseline (the same findings write the same bytes). */
    private static String baseline(CheckReport report, JsonMapper json) {
        ObjectNode top = json.createObjectNode();
        ArrayNode list = top.putArray("findings");
        report.findings().stream().sorted(java.util.Comparator.comparing(Finding::key)).forEach(f ->
                list.addObject().put("map", f.map()).put("check", f.check()).put("at", f.at()));
        return json.writerWithDefaultPrettyPrinter().writeValueAsString(top) + "\n";
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            return new byte[0];
        }
    }

    private static void write(Path file, String text) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw Exit.file(file + ": " + e.getMessage());
        }
    }
}
