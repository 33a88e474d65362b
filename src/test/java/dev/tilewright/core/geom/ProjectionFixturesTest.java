package dev.tilewright.core.geom;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The server's projection against the editor's: both answer every case in {@code fixtures/projection/}
 * (frontend/test/projection.test.js reads the same files).
 */
class ProjectionFixturesTest {

    static final Path DIR = Path.of("src/test/resources/fixtures/projection");

    @TestFactory
    Stream<DynamicTest> everyCaseIsAnswered() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> files = Files.list(DIR)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                for (JsonNode c : JsonMapper.builder().build().readTree(file.toFile()).get("cases")) {
                    tests.add(DynamicTest.dynamicTest(file.getFileName() + ": " + c.get("name").asString(), () -> check(c)));
                }
            }
        }
        assertThat(tests).hasSizeGreaterThanOrEqualTo(10);
        return tests.stream();
    }

    /** The projection a case describes, in the names the map's JSON gives (as the editor reads them). */
    static Projection of(JsonNode projection) {
        int w = projection.get("tileWidth").asInt();
        int h = projection.get("tileHeight").asInt();
        return switch (projection.get("orientation").asString()) {
            case "orthogonal" -> {
                String order = projection.get("renderOrder").asString();
                yield new Orthogonal(w, h, order.startsWith("left"), order.endsWith("up"));
            }
            case "isometric" -> new Isometric(w, h, projection.get("height").asInt());
            case "staggered", "hexagonal" -> new Hexagonal(w, h, projection.get("staggerAxis").asString().equals("x"),
                    projection.get("staggerIndex").asString().equals("even"), projection.path("hexSideLength").asInt(0));
            case "oblique" -> {
                String order = projection.get("renderOrder").asString();
                yield new Oblique(w, h, projection.get("skewX").asInt(), projection.get("skewY").asInt(),
                        projection.get("width").asInt(), projection.get("height").asInt(), order.startsWith("left"),
                        order.endsWith("up"));
            }
            default -> throw new AssertionError("no such orientation: " + projection);
        };
    }

    private static void check(JsonNode c) {
        Projection p = of(c.get("projection"));
        for (JsonNode t : c.get("tileToScreen")) {
            assertThat(p.tileToScreen(t.get("tile").get(0).asDouble(), t.get("tile").get(1).asDouble()))
                    .isEqualTo(position(t.get("screen")));
        }
        for (JsonNode t : c.get("tileAt")) {
            assertThat(p.tileAt(position(t.get("screen")))).as("tileAt %s", t.get("screen")).isEqualTo(tile(t.get("tile")));
        }
        for (JsonNode t : c.path("screenToTile")) {
            assertThat(p.screenToTile(position(t.get("screen")))).as("screenToTile %s", t.get("screen"))
                    .isEqualTo(position(t.get("tile")));
        }
        assertThat(p.bounds(c.get("map").get(0).asInt(), c.get("map").get(1).asInt())).isEqualTo(box(c.get("bounds")));
        for (JsonNode t : c.get("cellBox")) {
            TileCoord at = tile(t.get("tile"));
            assertThat(p.cellBox(at.x(), at.y())).isEqualTo(box(t.get("box")));
        }
        for (JsonNode t : c.get("areaBox")) {
            PixelBox area = box(t.get("area"));
            assertThat(p.areaBox(new TileRect((int) area.x(), (int) area.y(), (int) area.width(), (int) area.height())))
                    .as("areaBox %s", t.get("area")).isEqualTo(box(t.get("box")));
        }
        for (JsonNode t : c.get("tilesMeeting")) {
            PixelBox tiles = box(t.get("tiles"));
            assertThat(p.tilesMeeting(box(t.get("box")))).as("tilesMeeting %s", t.get("box"))
                    .isEqualTo(new TileRect((int) tiles.x(), (int) tiles.y(), (int) tiles.width(), (int) tiles.height()));
        }
        for (JsonNode t : c.get("imageAt")) {
            TileCoord at = tile(t.get("tile"));
            assertThat(List.of(p.imageLeft(at.x(), at.y()), p.imageBottom(at.x(), at.y())))
                    .containsExactly(t.get("bottomLeft").get(0).asInt(), t.get("bottomLeft").get(1).asInt());
        }
        for (JsonNode t : c.get("drawOrder")) {
            PixelBox area = box(t.get("area"));
            List<TileCoord> seen = new ArrayList<>();
            p.inDrawOrder(new TileRect((int) area.x(), (int) area.y(), (int) area.width(), (int) area.height()),
                    (x, y) -> seen.add(new TileCoord(x, y)));
            List<TileCoord> expected = new ArrayList<>();
            t.get("order").forEach(n -> expected.add(tile(n)));
            assertThat(seen).isEqualTo(expected);
        }
        for (JsonNode t : c.get("neighbours")) {
            TileCoord at = tile(t.get("tile"));
            List<TileCoord> expected = new ArrayList<>();
            t.get("sides").forEach(n -> expected.add(tile(n)));
            assertThat(p.neighbours(at.x(), at.y())).isEqualTo(expected);
        }
    }

    private static Position position(JsonNode pair) {
        return new Position(pair.get(0).asDouble(), pair.get(1).asDouble());
    }

    private static TileCoord tile(JsonNode pair) {
        return new TileCoord(pair.get(0).asInt(), pair.get(1).asInt());
    }

    private static PixelBox box(JsonNode four) {
        return new PixelBox(four.get(0).asLong(), four.get(1).asLong(), four.get(2).asLong(), four.get(3).asLong());
    }
}
