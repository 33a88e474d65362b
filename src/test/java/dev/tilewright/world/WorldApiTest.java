package dev.tilewright.world;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import dev.tilewright.support.WorldCorpus;
import dev.tilewright.format.TiledExamples;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tiled worlds (src/test/resources/tiled/worlds: maps saved by Tiled 1.8.2, a world listing two of them and placing
 * two more by a pattern, a fifth map the pattern does not match): imported in one go, listed with their places,
 * exported as a zip Tiled opens as the original, drawn across their maps as tmxrasterizer draws the world.
 */
@FeatureTest
class WorldApiTest {

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    Api api;

    @BeforeEach
    void client() {
        api = new Api(port);
    }

    private static Map<String, byte[]> corpus() throws Exception {
        return WorldCorpus.files();
    }

    private JsonNode imported() throws Exception {
        Api.Response created = api.postFiles("/api/v1/worlds/import", corpus());
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        return created.json();
    }

    @Test
    void aWorldComesInWithItsMapsEachAtItsPlaceAndTheirTilesetOnce() throws Exception {
        JsonNode world = imported();
        assertThat(world.get("name").asString()).isEqualTo("islands");
        List<String> places = new ArrayList<>();
        List<Long> tilesets = new ArrayList<>();
        for (JsonNode map : world.get("maps")) {
            places.add(map.get("fileName").asString() + "@" + map.get("x").asInt() + "," + map.get("y").asInt() + " "
                    + map.get("width").asInt() + "x" + map.get("height").asInt() + (map.get("byPattern").asBoolean()
                    ? " pattern" : ""));
            tilesets.add(api.get("/api/v1/maps/" + map.get("mapId").asLong()).json().get("tilesets").get(0)
                    .get("tilesetId").asLong());
        }
        assertThat(places).containsExactly("west.tmx@0,0 160x128", "east.tmj@160,0 160x128",
                "cave-0-1.tmx@0,128 160x128 pattern", "cave-1-1.tmx@160,128 160x128 pattern");
        assertThat(tilesets.stream().distinct().toList()).as("tiles.tsx stored once for the four maps").hasSize(1);
        assertThat(world.get("bounds").toString()).isEqualTo("{\"x\":0,\"y\":0,\"width\":320,\"height\":256}");
        assertThat(world.get("patterns").get(0).get("regexp").asString()).isEqualTo("cave-(\\d+)-(\\d+)\\.tmx");
        assertThat(world.get("warnings").toString()).as("the map no pattern places is named")
                .contains("files[cave-2-x.tmx]").contains("not placed");

        long id = world.get("id").asLong();
        long westId = world.get("maps").get(0).get("mapId").asLong();
        assertThat(api.get("/api/v1/worlds?mapId=" + westId).json().get(0).get("id").asLong()).isEqualTo(id);
        assertThat(api.get("/api/v1/worlds/" + id).json().get("maps")).hasSize(4);
    }

    @Test
    void theZipHoldsTheWorldAndEveryMapByItsNameSoThePatternPlacesThemAgain() throws Exception {
        long id = imported().get("id").asLong();
        Map<String, byte[]> zip = dev.tilewright.support.Zips.entries(api.get("/api/v1/worlds/" + id + "/export?format=zip").body());
        assertThat(zip.keySet()).contains("islands.world", "west.tmx", "east.tmj", "cave-0-1.tmx", "cave-1-1.tmx",
                "tiles.tsx", "tiles.png").doesNotContain("cave-2-x.tmx");
        JsonNode written = JsonMapper.builder().build().readTree(zip.get("islands.world"));
        JsonNode original = JsonMapper.builder().build().readTree(corpus().get("islands.world"));
        assertThat(written).as("the world as it came").isEqualTo(original);
        assertThat(new String(zip.get("east.tmj"), StandardCharsets.UTF_8)).as("a JSON map stays JSON")
                .startsWith("{");
        assertThat(new String(zip.get("west.tmx"), StandardCharsets.UTF_8)).contains("source=\"tiles.tsx\"");
    }

    @Test
    void aWindowOfTheWorldIsEachMapsWindowWhereTheWorldPlacesIt() throws Exception {
        JsonNode world = imported();
        long id = world.get("id").asLong();
        // across all four maps: x 100..260, y 90..190
        BufferedImage across = png(api.get("/api/v1/worlds/" + id + "/render.png?x=100&y=90&width=160&height=100"
                + "&objects=false"));
        for (JsonNode map : world.get("maps")) {
            int mx = map.get("x").asInt();
            int my = map.get("y").asInt();
            int x0 = Math.max(100, mx);
            int y0 = Math.max(90, my);
            int x1 = Math.min(260, mx + 160);
            int y1 = Math.min(190, my + 128);
            BufferedImage alone = png(api.get("/api/v1/maps/" + map.get("mapId").asLong() + "/render.png?x="
                    + (x0 - mx) + "&y=" + (y0 - my) + "&width=" + (x1 - x0) + "&height=" + (y1 - y0) + "&objects=false"));
            for (int y = y0; y < y1; y++) {
                for (int x = x0; x < x1; x++) {
                    assertThat(across.getRGB(x - 100, y - 90)).as(map.get("fileName") + " at " + x + "," + y)
                            .isEqualTo(alone.getRGB(x - x0, y - y0));
                }
            }
        }
        Api.Response again = api.get("/api/v1/worlds/" + id + "/render.png?x=100&y=90&width=160&height=100"
                + "&objects=false");
        assertThat(api.get("/api/v1/worlds/" + id + "/render.png?x=100&y=90&width=160&height=100&objects=false",
                "If-None-Match", again.header("ETag")).status()).isEqualTo(304);
        long east = world.get("maps").get(1).get("mapId").asLong();
        Api.Response painted = api.postJson("/api/v1/maps/" + east + "/ops", "{\"ops\":[{\"type\":\"paint\","
                + "\"layerId\":1,\"cells\":[{\"x\":0,\"y\":5,\"gid\":1}]}]}", "If-Match",
                api.get("/api/v1/maps/" + east).header("ETag"));
        assertThat(painted.status()).as(painted.text()).isEqualTo(200);
        assertThat(api.get("/api/v1/worlds/" + id + "/render.png?x=100&y=90&width=160&height=100&objects=false",
                "If-None-Match", again.header("ETag")).status()).as("a map of it changed").isEqualTo(200);
    }

    @Test
    @RequiresTools(Tool.TMXRASTERIZER)
    void tmxrasterizerDrawsTheExportedWorldAsTheOriginalAndAsWeDo(@TempDir Path dir) throws Exception {
        Path original = Files.createDirectories(dir.resolve("original"));
        for (Map.Entry<String, byte[]> file : corpus().entrySet()) {
            Files.write(original.resolve(file.getKey()), file.getValue());
        }
        JsonNode world = imported();
        long id = world.get("id").asLong();
        Path ours = Files.createDirectories(dir.resolve("ours"));
        for (Map.Entry<String, byte[]> file : dev.tilewright.support.Zips.entries(api.get("/api/v1/worlds/" + id + "/export?format=zip").body())
                .entrySet()) {
            Files.write(ours.resolve(file.getKey()), file.getValue());
        }
        TiledExamples.tiled(original, List.of("tmxrasterizer", "--no-smoothing", "islands.world", "world.png"));
        TiledExamples.tiled(ours, List.of("tmxrasterizer", "--no-smoothing", "islands.world", "world.png"));
        // how a map draws its shape objects (tmxrasterizer's antialiased corners) is the map renderer's own
        // comparison; here: where the world puts each map's tiles and tile objects
        TiledExamples.tiled(original, List.of("tmxrasterizer", "--no-smoothing", "--hide-layer", "things",
                "islands.world", "tiles.png"));
        BufferedImage a = ImageIO.read(original.resolve("world.png").toFile());
        BufferedImage b = ImageIO.read(ours.resolve("world.png").toFile());
        BufferedImage tiles = ImageIO.read(original.resolve("tiles.png").toFile());
        BufferedImage drawn = png(api.get("/api/v1/worlds/" + id + "/render.png?width=320&height=256"
                + "&background=false&objects=false"));
        assertThat(List.of(b.getWidth(), b.getHeight(), drawn.getWidth(), drawn.getHeight()))
                .containsExactly(a.getWidth(), a.getHeight(), a.getWidth(), a.getHeight());
        int exportDiffers = 0;
        int renderDiffers = 0;
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                exportDiffers += a.getRGB(x, y) == b.getRGB(x, y) ? 0 : 1;
                renderDiffers += same(tiles.getRGB(x, y), drawn.getRGB(x, y)) ? 0 : 1;
            }
        }
        assertThat(exportDiffers).as("pixels tmxrasterizer draws otherwise for the exported world").isZero();
        List<String> where = new ArrayList<>();
        for (int y = 0; y < a.getHeight() && where.size() < 10; y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                if (!same(tiles.getRGB(x, y), drawn.getRGB(x, y))) {
                    where.add(x + "," + y + " " + Integer.toHexString(tiles.getRGB(x, y)) + "/"
                            + Integer.toHexString(drawn.getRGB(x, y)));
                }
            }
        }
        assertThat(renderDiffers).as("pixels our world render draws otherwise than tmxrasterizer " + where).isZero();
    }

    /** A map file of tiles.tsx's tiles in an orientation, every cell painted (tile ids from a simple pattern). */
    private static byte[] tmx(String attributes, int width, int height, int tileWidth, int tileHeight) {
        StringBuilder csv = new StringBuilder();
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                csv.append(1 + (x * 3 + y * 5) % 8).append(x == width - 1 && y == height - 1 ? "" : ",");
            }
            csv.append("\n");
        }
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.8\" tiledversion=\"1.8.2\" " + attributes
                + " renderorder=\"right-down\" width=\"" + width + "\" height=\"" + height + "\" tilewidth=\"" + tileWidth
                + "\" tileheight=\"" + tileHeight + "\" infinite=\"0\" nextlayerid=\"2\" nextobjectid=\"1\">\n"
                + " <tileset firstgid=\"1\" source=\"tiles.tsx\"/>\n <layer id=\"1\" name=\"ground\" width=\"" + width
                + "\" height=\"" + height + "\">\n  <data encoding=\"csv\">\n" + csv + "</data>\n </layer>\n</map>\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    /**
     * A world mixing orientations (an orthogonal map, an isometric one beside it, a hexagonal one of shifted even
     * rows below): each is placed by its own pixel bounds, and the world draws as tmxrasterizer draws it.
     */
    @Test
    @RequiresTools(Tool.TMXRASTERIZER)
    void aWorldMixingOrientationsIsPlacedAndDrawnAsTmxrasterizerDrawsIt(@TempDir Path dir) throws Exception {
        Map<String, byte[]> files = new java.util.LinkedHashMap<>();
        Map<String, byte[]> corpus = corpus();
        for (String name : List.of("west.tmx", "tiles.tsx", "tiles.png")) {
            files.put(name, corpus.get(name));
        }
        files.put("iso.tmx", tmx("orientation=\"isometric\"", 5, 5, 32, 16));
        files.put("hex.tmx", tmx("orientation=\"hexagonal\" hexsidelength=\"8\" staggeraxis=\"y\" staggerindex=\"even\"",
                9, 6, 16, 16));
        files.put("mixed.world", ("{\"maps\":[{\"fileName\":\"west.tmx\",\"x\":0,\"y\":0,\"width\":160,\"height\":128},"
                + "{\"fileName\":\"iso.tmx\",\"x\":160,\"y\":0,\"width\":160,\"height\":80},"
                + "{\"fileName\":\"hex.tmx\",\"x\":0,\"y\":128,\"width\":152,\"height\":76}],"
                + "\"onlyShowAdjacentMaps\":false,\"type\":\"world\"}").getBytes(StandardCharsets.UTF_8));
        Api.Response created = api.postFiles("/api/v1/worlds/import", files);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        JsonNode world = created.json();
        List<String> places = new ArrayList<>();
        for (JsonNode map : world.get("maps")) {
            places.add(map.get("fileName").asString() + "@" + map.get("x").asInt() + "," + map.get("y").asInt() + " "
                    + map.get("width").asInt() + "x" + map.get("height").asInt());
        }
        // an isometric map of 5x5 tiles of 32x16 is (5 + 5) x 16 by (5 + 5) x 8 px; a hexagonal one of 9x6 tiles of
        // 16 px with sides of 8 is 9 x 16 + 8 wide (its shifted rows) and 6 x 12 + 4 high
        assertThat(places).containsExactly("west.tmx@0,0 160x128", "iso.tmx@160,0 160x80", "hex.tmx@0,128 152x76");
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            Files.write(dir.resolve(file.getKey()), file.getValue());
        }
        TiledExamples.tiled(dir, List.of("tmxrasterizer", "--no-smoothing", "--hide-layer", "things", "mixed.world",
                "tiles.png"));
        BufferedImage tiles = ImageIO.read(dir.resolve("tiles.png").toFile());
        JsonNode bounds = world.get("bounds");
        BufferedImage drawn = png(api.get("/api/v1/worlds/" + world.get("id").asLong() + "/render.png?x="
                + bounds.get("x").asInt() + "&y=" + bounds.get("y").asInt() + "&width=" + bounds.get("width").asInt()
                + "&height=" + bounds.get("height").asInt() + "&background=false&objects=false"));
        assertThat(List.of(drawn.getWidth(), drawn.getHeight())).containsExactly(tiles.getWidth(), tiles.getHeight());
        List<String> where = new ArrayList<>();
        int differs = 0;
        for (int y = 0; y < tiles.getHeight(); y++) {
            for (int x = 0; x < tiles.getWidth(); x++) {
                if (!same(tiles.getRGB(x, y), drawn.getRGB(x, y))) {
                    differs++;
                    if (where.size() < 10) {
                        where.add(x + "," + y + " " + Integer.toHexString(tiles.getRGB(x, y)) + "/"
                                + Integer.toHexString(drawn.getRGB(x, y)));
                    }
                }
            }
        }
        assertThat(differs).as("pixels our world render draws otherwise than tmxrasterizer " + where).isZero();
    }

    @Test
    void aRefusedWorldKeepsNothing() throws Exception {
        int maps = jdbc.queryForObject("SELECT count(*) FROM maps", Integer.class);
        int tilesets = jdbc.queryForObject("SELECT count(*) FROM tilesets", Integer.class);
        Map<String, byte[]> files = corpus();
        files.remove("cave-1-1.tmx");
        files.put("islands.world", new String(files.get("islands.world"), StandardCharsets.UTF_8)
                .replace("east.tmj", "north.tmj").getBytes(StandardCharsets.UTF_8));
        Api.Response missing = api.postFiles("/api/v1/worlds/import", files);
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.json().get("detail").asString()).contains("north.tmj");

        Map<String, byte[]> hostile = corpus();
        hostile.put("islands.world", ("{\"maps\":[],\"patterns\":[{\"regexp\":\"((a+)+)+(\\\\d)x\","
                + "\"multiplierX\":1,\"multiplierY\":1}],\"type\":\"world\"}").getBytes(StandardCharsets.UTF_8));
        hostile.put("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.tmx", corpus().get("west.tmx"));
        Api.Response backtracking = api.postFiles("/api/v1/worlds/import", hostile);
        assertThat(backtracking.status()).as(backtracking.text()).isEqualTo(422);
        assertThat(backtracking.json().get("detail").asString()).contains("tilewright.limits.max-world-pattern-steps");

        Map<String, byte[]> huge = corpus();
        huge.put("islands.world", ("{\"maps\":[" + "{\"fileName\":\"west.tmx\",\"x\":0,\"y\":0},".repeat(30_000)
                + "{\"fileName\":\"west.tmx\"}],\"type\":\"world\"}").getBytes(StandardCharsets.UTF_8));
        Api.Response tooBig = api.postFiles("/api/v1/worlds/import", huge);
        assertThat(tooBig.status()).isEqualTo(413);
        assertThat(tooBig.json().get("limit").asString()).isEqualTo("tilewright.limits.max-world-bytes");

        assertThat(jdbc.queryForObject("SELECT count(*) FROM maps", Integer.class)).isEqualTo(maps);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM tilesets", Integer.class)).isEqualTo(tilesets);
    }

    @Test
    void worldsAreMadeOfTheProjectsMapsAndMapsMoveInAndOut() {
        long a = api.newMap("a", 4, 4);
        long b = api.newMap("b", 6, 2);
        Api.Response made = api.postJson("/api/v1/worlds", "{\"name\":\"Overworld\",\"maps\":[{\"mapId\":" + a
                + ",\"x\":0,\"y\":0},{\"mapId\":" + b + ",\"x\":64,\"y\":-32}]}");
        assertThat(made.status()).as(made.text()).isEqualTo(201);
        long id = made.json().get("id").asLong();
        assertThat(made.json().get("bounds").toString()).isEqualTo("{\"x\":0,\"y\":-32,\"width\":160,\"height\":96}");
        assertThat(api.putJson("/api/v1/worlds/" + id + "/maps/" + b, "{\"x\":-64,\"y\":0}").json().get("maps")
                .get(1).get("x").asInt()).isEqualTo(-64);
        assertThat(api.postJson("/api/v1/worlds", "{\"name\":\"twice\",\"maps\":[{\"mapId\":" + a
                + ",\"x\":0,\"y\":0},{\"mapId\":" + a + ",\"x\":9,\"y\":9}]}").json().get("field").asString())
                .isEqualTo("maps[1].mapId");
        assertThat(api.delete("/api/v1/worlds/" + id + "/maps/" + a).status()).isEqualTo(204);
        assertThat(api.get("/api/v1/worlds/" + id).json().get("maps")).hasSize(1);
        assertThat(api.delete("/api/v1/maps/" + b).status()).isEqualTo(204);
        assertThat(api.get("/api/v1/worlds/" + id).json().get("maps")).as("a deleted map leaves its world").isEmpty();
        assertThat(api.delete("/api/v1/worlds/" + id).status()).isEqualTo(204);
        assertThat(api.get("/api/v1/worlds/" + id).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/maps/" + a).status()).as("a deleted world leaves its maps").isEqualTo(200);
    }

    /** Two pixels alike: both fully transparent (whatever colour) or equal. */
    private static boolean same(int a, int b) {
        return a == b || (a >>> 24) == 0 && (b >>> 24) == 0;
    }

    private static BufferedImage png(Api.Response response) throws Exception {
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        return ImageIO.read(new ByteArrayInputStream(response.body()));
    }
}
