package dev.tilewright.core.terrain;

import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.model.TilesetSettings;
import dev.tilewright.core.model.WangSet;
import dev.tilewright.web.DomainJson;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The terrain brush's shared cases, {@code src/test/resources/fixtures/terrain/*.json}, read by {@link
 * TerrainFixturesTest} here and by {@code frontend/test/terrain.test.js}. A case: a Wang set as the API shows it,
 * the tileset's first gid, tile probabilities by local id and transformations, a grid of gids, a seed, strokes
 * ({@code color}, {@code cells} as x, y pairs) painted in turn, and {@code expect}: the grid after them; on a staggered
 * or hexagonal map, {@code cellShape} (tile size, stagger axis and index, side length) gives its cells' layout.
 *
 * <p>{@link #main} writes the cases again from {@link WangCases} (run it when the algorithm changes on purpose, then
 * look at the diff): {@code ./mvnw -o -q test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=dev.tilewright.core.terrain.TerrainFixtures}.
 */
final class TerrainFixtures {

    static final Path DIR = Path.of("src/test/resources/fixtures/terrain");
    static final JsonMapper JSON = DomainJson.mapper();

    private TerrainFixtures() {
    }

    /** One case read back. */
    /** @param shape a staggered or hexagonal map's cells, or null for squares; {@code type} the set's */
    record Case(String name, WangTiles tiles, int width, int height, int[] cells, int seed, List<Stroke> strokes,
                int[] expect, Hexagonal shape, String type) {
    }

    record Stroke(int color, int[] cells) {
    }

    static List<Case> read() throws IOException {
        List<Case> cases = new ArrayList<>();
        try (var files = Files.list(DIR)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                JsonNode c = JSON.readTree(file.toFile());
                WangSet set = JSON.treeToValue(c.get("wangSet"), WangSet.class);
                Map<Integer, Double> probabilities = new HashMap<>();
                c.path("probabilities").properties().forEach(e -> probabilities.put(Integer.parseInt(e.getKey()),
                        e.getValue().asDouble()));
                TilesetSettings.Transformations allowed = c.path("transformations").isObject()
                        ? JSON.treeToValue(c.get("transformations"), TilesetSettings.Transformations.class) : null;
                JsonNode cells = c.path("cellShape");
                Hexagonal shape = cells.isObject() ? new Hexagonal(cells.get("tileWidth").asInt(),
                        cells.get("tileHeight").asInt(), cells.get("staggerX").asBoolean(),
                        cells.get("staggerEven").asBoolean(), cells.get("sideLength").asInt()) : null;
                TerrainLayout layout = shape != null ? TerrainLayout.of(shape, set.type())
                        : TerrainLayout.squares(set.type());
                WangTiles tiles = WangTiles.of(set, c.get("firstGid").asInt(),
                        id -> probabilities.getOrDefault(id, 1.0), allowed, layout);
                List<Stroke> strokes = new ArrayList<>();
                for (JsonNode s : c.get("strokes")) {
                    strokes.add(new Stroke(s.get("color").asInt(), ints(s.get("cells"))));
                }
                cases.add(new Case(file.getFileName().toString(), tiles, c.get("width").asInt(), c.get("height").asInt(),
                        ints(c.get("cells")), c.get("seed").asInt(), strokes, ints(c.get("expect")), shape, set.type()));
            }
        }
        return cases;
    }

    /** The grid after a case's strokes, painted in turn. */
    static TerrainBrushProperties.Grid run(Case c) {
        TerrainBrushProperties.Grid grid = new TerrainBrushProperties.Grid(c.width(), c.height(), c.cells().clone());
        for (Stroke stroke : c.strokes()) {
            grid.apply(TerrainBrush.paint(c.tiles(), grid, stroke.cells(), stroke.color(), c.seed(), 100_000));
        }
        return grid;
    }

    private static int[] ints(JsonNode array) {
        int[] out = new int[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (int) array.get(i).asLong(); // gids with flip bits are written unsigned
        }
        return out;
    }

    public static void main(String[] args) throws IOException {
        Files.createDirectories(DIR);
        Random random = new Random(20261127);
        write("desert-intermediate", WangCases.desert(), 14, 10, 14 + 1, 7, random, 3, new int[] {3});
        write("desert-brick-lines", WangCases.desert(), 16, 12, 29 + 1, 11, random, 4, new int[] {2, 4, 3, 1});
        write("corner-hub-turns", WangCases.hub("corner", 3, true, new Random(5)), 12, 12, 0, 3, random, 4,
                new int[] {2, 3, 1, 2});
        write("edge-complete", WangCases.complete("edge", 3), 10, 9, 0, -5, random, 3, new int[] {2, 3, 1});
        write("edge-hub-turns", WangCases.hub("edge", 3, true, new Random(8)), 11, 10, 0, 99, random, 4,
                new int[] {3, 2, 1, 3});
        write("mixed-hub", WangCases.hub("mixed", 3, false, new Random(2)), 12, 10, 0, 123456789, random, 4,
                new int[] {2, 3, 2, 1});
        Hexagonal pointy = new Hexagonal(32, 32, false, false, 16);
        write("hexagonal-edge-complete", WangCases.complete("edge", 2, TerrainLayout.of(pointy, "edge").parts()),
                pointy, 9, 8, 17, random, 3, new int[] {2, 1, 2});
        Hexagonal flat = new Hexagonal(28, 24, true, true, 12);
        write("hexagonal-corner-hub", WangCases.hub("corner", 3, false, new Random(4),
                TerrainLayout.of(flat, "corner").parts()), flat, 10, 9, -3, random, 4, new int[] {3, 2, 1, 3});
        Hexagonal diamonds = new Hexagonal(64, 32, false, true, 0);
        write("staggered-edge-complete", WangCases.complete("edge", 3, TerrainLayout.of(diamonds, "edge").parts()),
                diamonds, 8, 12, 2026, random, 3, new int[] {2, 3, 1});
    }

    /** Writes a case on a staggered or hexagonal map's cells. */
    private static void write(String name, WangCases.Case wang, Hexagonal cells, int width, int height, int seed,
                              Random random, int strokes, int[] colors) throws IOException {
        write(name, wang, cells, width, height, 0, seed, random, strokes, colors);
    }

    /** Writes one case: the grid starts as the plain tile of terrain 1 (or {@code start} when given). */
    private static void write(String name, WangCases.Case wang, int width, int height, int start, int seed,
                              Random random, int strokes, int[] colors) throws IOException {
        write(name, wang, null, width, height, start, seed, random, strokes, colors);
    }

    private static void write(String name, WangCases.Case wang, Hexagonal cells, int width, int height, int start,
                              int seed, Random random, int strokes, int[] colors) throws IOException {
        WangTiles tiles = cells == null ? wang.tiles() : wang.tiles(TerrainLayout.of(cells, wang.set().type()));
        int first = start != 0 ? start : TerrainBrushProperties.plainTile(tiles, 1);
        TerrainBrushProperties.Grid grid = TerrainBrushProperties.Grid.filled(width, height, first);
        ObjectNode out = JSON.createObjectNode();
        out.put("description", "fixtures/terrain: " + wang.name() + "; written by TerrainFixtures.main");
        out.set("wangSet", JSON.valueToTree(wang.set()));
        out.put("firstGid", 1);
        ObjectNode probabilities = out.putObject("probabilities");
        wang.probabilities().forEach((id, p) -> probabilities.put(String.valueOf(id), p));
        out.set("transformations", JSON.valueToTree(wang.allowed()));
        if (cells != null) {
            out.putObject("cellShape").put("tileWidth", cells.tileWidth()).put("tileHeight", cells.tileHeight())
                    .put("staggerX", cells.staggerX()).put("staggerEven", cells.staggerEven())
                    .put("sideLength", cells.sideLength());
        }
        out.put("width", width).put("height", height);
        out.set("cells", unsigned(grid.gids()));
        out.put("seed", seed);
        ArrayNode strokeNodes = out.putArray("strokes");
        for (int i = 0; i < strokes; i++) {
            int[] stroke = TerrainBrushProperties.stroke(random, grid);
            int color = colors[i % colors.length];
            strokeNodes.addObject().put("color", color).set("cells", JSON.valueToTree(stroke));
            grid.apply(TerrainBrush.paint(tiles, grid, stroke, color, seed, 100_000));
        }
        out.set("expect", unsigned(grid.gids()));
        String text = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(out);
        // number lists on one line each: a grid of gids reads as a grid
        text = java.util.regex.Pattern.compile("\\[\\s*(-?[0-9.]+(?:\\s*,\\s*-?[0-9.]+)*)\\s*]").matcher(text)
                .replaceAll(m -> "[ " + m.group(1).replaceAll("\\s*,\\s*", ", ") + " ]");
        Files.writeString(DIR.resolve(name + ".json"), text + "\n");
    }

    private static ArrayNode unsigned(int[] gids) {
        ArrayNode array = JSON.createArrayNode();
        Arrays.stream(gids).forEach(g -> array.add(Integer.toUnsignedLong(g)));
        return array;
    }
}
