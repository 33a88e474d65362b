package dev.tilewright.cli;

import dev.tilewright.core.history.MapDiff;
import dev.tilewright.format.DomainJson;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code diff A B}: what changed from map file A to map file B, as the service's diff of two versions says it
 * (layers, cells by region, objects, properties, tilesets), as text, JSON or markdown for a pull request.
 */
final class DiffCommand implements Command {

    /** Cells listed with their gids at most, as the service's {@code tilewright.history.max-diff-cells}. */
    static final long MAX_LISTED = 1_048_576L;

    @Override
    public String name() {
        return "diff";
    }

    @Override
    public String summary() {
        return "what changed between two map files: layers, cells, objects, properties, tilesets";
    }

    @Override
    public String help() {
        return """
                usage: tilewright diff A B [--format text|json|markdown] [--a-path PATH] [--b-path PATH]
                                       [--root DIR ...]

                Compares map file A (before) with map file B (after) as Tilewright compares two versions of a map:
                tile layers by regions of changed cells, objects added, removed and changed (with the fields that
                differ), layers added, removed, moved and changed, the map's properties, settings and tilesets.
                Exits 0 whether or not they differ (the report says).
                  --format text      a line per change (the default)
                  --format json      the service's diff JSON ({"from", "to", "diff": {layers, map, counts}})
                  --format markdown  a summary table and the changes, for a pull-request comment
                  --a-path PATH      read A as if it were the tree's file PATH (its tilesets found from there):
                                     git show HEAD~1:maps/a.tmx > /tmp/a.tmx; tilewright diff --a-path
                                     maps/a.tmx /tmp/a.tmx maps/a.tmx
                  --b-path PATH      the same for B
                """ + READING;
    }

    @Override
    public Set<String> valued() {
        return Command.union(Set.of("format", "a-path", "b-path"), LocalMaps.Limits.OPTIONS);
    }

    @Override
    public Set<String> flags() {
        return Set.of();
    }

    @Override
    public Exit run(Args args, PrintStream out, PrintStream err) {
        List<String> files = args.operands(2, 2, "tilewright diff A B [options] (tilewright diff --help)");
        String format = args.choice("format", List.of("text", "json", "markdown"));
        LocalMaps.Opened a = open(args, files.get(0), "a-path", err);
        LocalMaps.Opened b = open(args, files.get(1), "b-path", err);
        // a Tiled file holds no name of its own (a map's name is its file's): two files are one map's versions
        a.map().setName(b.map().name());
        MapDiff.Diff diff = MapDiff.between(a.map(), b.map(), MAX_LISTED);
        switch (format) {
            case "json" -> {
                Map<String, Object> body = new LinkedHashMap<>();
                body.put("from", files.get(0));
                body.put("to", files.get(1));
                body.put("diff", diff);
                out.println(DomainJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(body));
            }
            case "markdown" -> out.print(DiffReport.markdown(files.get(0), files.get(1), diff));
            default -> out.print(DiffReport.text(files.get(0), files.get(1), diff));
        }
        return Exit.OK;
    }

    private static LocalMaps.Opened open(Args args, String file, String asOption, PrintStream err) {
        String as = args.get(asOption, null);
        if (as == null) {
            return LocalMaps.open(args, file, err);
        }
        LocalMaps.Opened opened = new LocalMaps(LocalMaps.rootFor(args.get("root", null), List.of()),
                LocalMaps.Limits.of(args)).openAs(Path.of(file), as);
        opened.warnings().forEach(w -> err.println("warning: " + file + ": " + w.path() + ": " + w.what()));
        return opened;
    }
}
