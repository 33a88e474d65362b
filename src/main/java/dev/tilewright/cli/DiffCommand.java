package dev.tilewright.cli;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.history.MapDiff;
import dev.tilewright.format.DomainJson;
import dev.tilewright.render.TextPicture;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
        return "what changed between two maps (files or service versions): layers, cells, objects, properties";
    }

    @Override
    public String help() {
        return """
                usage: tilewright diff A B [--format text|json|markdown] [--ascii [--color] [--columns N]]
                                       [--images DIR [--images-url URL]] [--a-path PATH] [--b-path PATH]
                                       [--server URL] [--project PROJECT] [--root DIR ...]

                Compares map A (before) with map B (after) as Tilewright compares two versions of a map:
                tile layers by regions of changed cells, objects added, removed and changed (with the fields that
                differ), layers added, removed, moved and changed, the map's properties, settings and tilesets.
                A and B are map files, or versions of maps on a service: MAP@VERSION (MAP a map's id, or its name
                with --project; VERSION a number or latest), e.g. tilewright diff 12@57 12@latest, or a file
                against what the service holds now: tilewright diff maps/a.tmx 12@latest.
                Exits 0 whether or not they differ (the report says).
                  --format text      a line per change (the default)
                  --format json      the service's diff JSON ({"from", "to", "diff": {layers, map, counts}})
                  --format markdown  a summary table and the changes, for a pull-request comment; with two versions
                                     of one map on a service, a link to the service's diff picture
                  --ascii            after the report, the area that changed (2 tiles around it) as text with the
                                     changed cells marked: + added, - removed, ~ changed (> < = when the map's
                                     own characters use those); --columns N wide at most (default 120)
                  --color            that area in 24-bit colour half blocks instead, changed cells tinted
                                     (green added, red removed, orange changed), the rest dimmed
                  --images DIR       writes DIR/before.png, after.png and overlay.png (B with the changes
                                     outlined, as the service's diff.png) of that area; shrunk to fit 16777216
                                     pixels; the markdown shows them
                  --images-url URL   where the markdown finds those images (default: DIR as given), e.g. the
                                     URL a CI job uploads them to
                  --a-path PATH      read A as if it were the tree's file PATH (its tilesets found from there):
                                     git show HEAD~1:maps/a.tmx > /tmp/a.tmx; tilewright diff --a-path
                                     maps/a.tmx /tmp/a.tmx maps/a.tmx
                  --b-path PATH      the same for B
                  --server URL       the service of MAP@VERSION (default: TILEWRIGHT_SERVER; the token is
                                     TILEWRIGHT_TOKEN)
                  --project PROJECT  the project of maps named by name (its id, or Team/Project)
                Exits 3 when the service cannot be reached or refuses.
                """ + READING;
    }

    @Override
    public Set<String> valued() {
        return Command.union(Set.of("format", "a-path", "b-path", "server", "project", "images", "images-url",
                "columns"), LocalMaps.Limits.OPTIONS);
    }

    @Override
    public Set<String> flags() {
        return Set.of("ascii", "color");
    }

    @Override
    public Exit run(Args args, PrintStream out, PrintStream err) {
        List<String> operands = args.operands(2, 2, "tilewright diff A B [options] (tilewright diff --help)");
        String format = args.choice("format", List.of("text", "json", "markdown"));
        int columns = args.number("columns", 120, 1, 4096);
        if (args.has("color") && !args.has("ascii")) {
            throw Exit.usage("--color colours the --ascii picture: give both");
        }
        if (args.has("ascii") && format.equals("json")) {
            throw Exit.usage("--ascii draws a picture after a text or markdown report, not JSON");
        }
        try (ServiceMaps versions = new ServiceMaps(args)) {
            Side a = side(args, versions, operands.get(0), "a-path", err);
            Side b = side(args, versions, operands.get(1), "b-path", err);
            // a Tiled file holds no name of its own (a map's name is its file's): two files are one map's versions
            a.opened.map().setName(b.opened.map().name());
            MapDiff.Diff diff = MapDiff.between(a.opened.map(), b.opened.map(), MAX_LISTED);
            Optional<TileRect> area = DiffPictures.area(diff, a.opened.map(), b.opened.map());
            if ((args.has("ascii") || args.has("images")) && area.isPresent()
                    && area.get().area() > DiffPictures.MAX_CELLS) {
                throw Exit.usage("the change spans " + area.get().width() + "x" + area.get().height() + " tiles, past the "
                        + DiffPictures.MAX_CELLS + " cells a picture of it may cover: leave out --ascii and --images "
                        + "(the report lists every change)");
            }
            String pictures = "";
            if (args.has("images") && area.isPresent()) {
                Path dir = Path.of(args.get("images", null));
                List<Path> written = DiffPictures.images(dir, a.opened, b.opened, area.get(), RenderCommand.MAX_PIXELS);
                String url = args.get("images-url", args.get("images", null));
                url = url.endsWith("/") ? url : url + "/";
                pictures = "| before | after | changes |\n|---|---|---|\n| ![before](" + url + "before.png) | ![after]("
                        + url + "after.png) | ![changes](" + url + "overlay.png) |\n\n";
                written.forEach(p -> err.println("wrote " + p));
            }
            if (a.version != null && b.version != null && a.version.mapId() == b.version.mapId()) {
                String base = versions.service().base().toString();
                long id = b.version.mapId();
                pictures += "[The changes drawn](" + base + "/api/v1/maps/" + id + "/diff.png?from="
                        + a.version.version() + "&to=" + b.version.version() + ") · [the map](" + base + "/maps/" + id
                        + ")\n\n";
            }
            switch (format) {
                case "json" -> {
                    Map<String, Object> body = new LinkedHashMap<>();
                    body.put("from", a.label);
                    body.put("to", b.label);
                    body.put("diff", diff);
                    out.println(DomainJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(body));
                }
                case "markdown" -> out.print(DiffReport.markdown(a.label, b.label, diff, pictures));
                default -> out.print(DiffReport.text(a.label, b.label, diff));
            }
            if (args.has("ascii") && area.isPresent()) {
                TileRect shown = area.get();
                boolean markdown = format.equals("markdown");
                out.print(markdown ? "\n```text\n" : "\n");
                out.println("tiles (" + shown.x() + "," + shown.y() + ") " + shown.width() + "x" + shown.height()
                        + " of " + b.label + ":");
                if (args.has("color")) {
                    DiffPictures.color(a.opened, b.opened, shown, columns).forEach(out::print);
                } else {
                    out.print(DiffPictures.ascii(a.opened.map(), b.opened.map(), shown, TextPicture.named("auto",
                            b.opened.map(), b.opened.tilesets()::get, () -> b.opened.grid("use --legend tiles or gids")),
                            columns));
                }
                out.print(markdown ? "```\n" : "");
            }
        }
        return Exit.OK;
    }

    /** One side of the diff: the map read, what the report calls it, and its version when it is on a service. */
    private record Side(LocalMaps.Opened opened, String label, ServiceMaps.Version version) {
    }

    private static Side side(Args args, ServiceMaps versions, String operand, String asOption, PrintStream err) {
        if (ServiceMaps.names(operand)) {
            if (args.has(asOption)) {
                throw Exit.usage("--" + asOption + " reads a file as another; " + operand + " is a version on the "
                        + "service");
            }
            ServiceMaps.Fetched fetched = versions.fetch(operand, err);
            String label = operand.endsWith("@latest") ? operand.substring(0, operand.length() - "latest".length())
                    + fetched.version().version() : operand;
            return new Side(fetched.opened(), label, fetched.version());
        }
        return new Side(open(args, operand, asOption, err), operand, null);
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
