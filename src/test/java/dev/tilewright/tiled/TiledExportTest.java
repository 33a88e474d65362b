package dev.tilewright.tiled;

import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import dev.tilewright.core.model.Gid;
import dev.tilewright.format.TiledExamples;
import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.web.server.LocalServerPort;
import tiled.core.MapLayer;
import tiled.core.ObjectGroup;
import tiled.core.Tile;
import tiled.io.TMXMapReader;
import tools.jackson.databind.JsonNode;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What CI pulls: exports that Tiled's renderer draws exactly as it draws the original, that Tiled's Java reader
 * reads, and that import again to the same map; any version; cheap when nothing changed.
 */
@FeatureTest
@RequiresTools({Tool.TILED, Tool.TMXRASTERIZER})
class TiledExportTest {

    @TempDir
    static Path dir;
    static Map<String, byte[]> examples;

    @LocalServerPort
    int port;
    Api api;

    @BeforeAll
    static void examples() throws Exception {
        TiledExamples.copy(dir);
        TiledExamples.tiled(dir.resolve("sticker-knight/map"), List.of("tiled", "--export-map", "--detach-templates",
                "tmx", "sandbox.tmx", "detached.tmx"));
        examples = TiledExamples.files(dir);
    }

    @BeforeEach
    void client() {
        api = new Api(port);
    }

    private long importFiles(Predicate<String> paths) {
        Map<String, byte[]> files = examples.entrySet().stream().filter(e -> paths.test(e.getKey()))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new));
        Api.Response response = api.postFiles("/api/v1/maps/import", files);
        assertThat(response.status()).as(response.text()).isEqualTo(201);
        return response.json().get("id").asLong();
    }

    private long importDesert() {
        return importFiles(p -> p.equals("desert.tmx") || p.equals("desert.tsx") || p.equals("tmw_desert_spacing.png"));
    }

    private Path unzip(byte[] zip, String name) throws IOException {
        Path target = Files.createDirectories(dir.resolve("out-" + name));
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                Path file = target.resolve(entry.getName()).normalize();
                assertThat(file.startsWith(target)).as("zip entry stays inside").isTrue();
                Files.createDirectories(file.getParent());
                Files.write(file, in.readAllBytes());
            }
        }
        return target;
    }

    private static BufferedImage render(Path workDir, String map) throws Exception {
        TiledExamples.tiled(workDir, List.of("tmxrasterizer", "--no-smoothing", map, "render.png"));
        return ImageIO.read(workDir.resolve("render.png").toFile());
    }

    private static void assertSamePixels(BufferedImage ours, BufferedImage theirs) {
        assertThat(ours.getWidth()).isEqualTo(theirs.getWidth());
        assertThat(ours.getHeight()).isEqualTo(theirs.getHeight());
        int differing = 0;
        for (int y = 0; y < ours.getHeight(); y++) {
            for (int x = 0; x < ours.getWidth(); x++) {
                if (ours.getRGB(x, y) != theirs.getRGB(x, y)) {
                    differing++;
                }
            }
        }
        assertThat(differing).as("pixels that differ from Tiled's render of the original").isZero();
    }

    @Test
    void tiledsRendererDrawsOurDesertBundleExactlyAsTheOriginal() throws Exception {
        long id = importDesert();
        BufferedImage theirs = render(dir, "desert.tmx");
        for (String options : List.of("", "&encoding=base64", "&encoding=base64&compression=zlib",
                "&encoding=base64&compression=gzip", "&encoding=base64&compression=zstd")) {
            Api.Response zip = api.get("/api/v1/maps/" + id + "/export?format=zip" + options);
            assertThat(zip.status()).isEqualTo(200);
            assertThat(zip.header("Content-Type")).isEqualTo("application/zip");
            Path out = unzip(zip.body(), "desert" + options.hashCode());
            assertSamePixels(render(out, "desert.tmx"), theirs);
        }
    }

    @Test
    void tiledsRendererDrawsOurStickerKnightBundleAsTiledDrawsItWithTemplatesDetached() throws Exception {
        long id = importFiles(p -> p.startsWith("sticker-knight/map/") && !p.endsWith("sandbox2.tmx")
                && !p.endsWith("detached.tmx"));
        byte[] zip = api.get("/api/v1/maps/" + id + "/export?format=zip").body();
        assertThat(entries(zip)).as("the templates go with the map").contains("sticker-knight/map/templates/hero.tx",
                "sticker-knight/map/templates/block.tx", "sticker-knight/map/templates/diamond.tx");
        Path out = unzip(zip, "sticker");
        assertThat(Files.readString(out.resolve("sticker-knight/map/sandbox.tmx")))
                .as("an instance as Tiled writes it: the reference and what it changes")
                .contains("<object id=\"58\" template=\"templates/hero.tx\" x=\"45\" y=\"979.5\"/>");
        // tmxrasterizer 1.8 draws no template instance (a grey square each), so Tiled detaches ours first: what it
        // reads of our references must be what it reads of the original's
        TiledExamples.tiled(out.resolve("sticker-knight/map"), List.of("tiled", "--export-map", "--detach-templates",
                "tmx", "sandbox.tmx", "ours-detached.tmx"));
        assertSamePixels(render(out.resolve("sticker-knight/map"), "ours-detached.tmx"),
                render(dir.resolve("sticker-knight/map"), "detached.tmx"));
        // asked to, the import detaches them
        Map<String, byte[]> files = examples.entrySet().stream().filter(e -> e.getKey().startsWith("sticker-knight/map/")
                        && !e.getKey().endsWith("sandbox2.tmx") && !e.getKey().endsWith("detached.tmx"))
                .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a,
                        LinkedHashMap::new));
        Api.Response detached = api.postFiles("/api/v1/maps/import?templates=detach", files);
        assertThat(detached.status()).as(detached.text()).isEqualTo(201);
        assertThat(detached.text()).doesNotContain("\"template\"");
        byte[] plain = api.get("/api/v1/maps/" + detached.json().get("id").asLong() + "/export?format=zip").body();
        assertThat(entries(plain)).noneMatch(name -> name.endsWith(".tx"));
        assertSamePixels(render(unzip(plain, "sticker-plain").resolve("sticker-knight/map"), "sandbox.tmx"),
                render(dir.resolve("sticker-knight/map"), "detached.tmx"));
        assertThat(api.postFiles("/api/v1/maps/import?templates=forget", files).json().get("field").asString())
                .isEqualTo("templates");
    }

    private static List<String> entries(byte[] zip) throws IOException {
        List<String> names = new ArrayList<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                names.add(entry.getName());
            }
        }
        return names;
    }

    @Test
    void aBundleWritesTheFilesBackUnderTheNamesAndFoldersTheImportHad() throws Exception {
        long desert = importDesert();
        byte[] zip = api.get("/api/v1/maps/" + desert + "/export?format=zip").body();
        assertThat(entries(zip)).containsExactlyInAnyOrder("desert.tmx", "desert.tsx", "tmw_desert_spacing.png");
        Path out = unzip(zip, "names");
        assertThat(Files.readString(out.resolve("desert.tmx"))).contains("<tileset firstgid=\"1\" source=\"desert.tsx\"/>");
        assertThat(Files.readString(out.resolve("desert.tsx"))).contains("<image source=\"tmw_desert_spacing.png\"");

        // folders too: a map in maps/, its tileset in tilesets/ with the image beside it, an embedded one stays so
        String tmx = new String(examples.get("desert.tmx"), StandardCharsets.UTF_8)
                .replace("source=\"desert.tsx\"", "source=\"../tilesets/desert.tsx\"");
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("maps/level.tmx", tmx.getBytes(StandardCharsets.UTF_8));
        files.put("tilesets/desert.tsx", examples.get("desert.tsx"));
        files.put("tilesets/tmw_desert_spacing.png", examples.get("tmw_desert_spacing.png"));
        Api.Response created = api.postFiles("/api/v1/maps/import", files);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        long level = created.json().get("id").asLong();
        byte[] nested = api.get("/api/v1/maps/" + level + "/export?format=zip").body();
        assertThat(entries(nested)).containsExactlyInAnyOrder("maps/level.tmx", "tilesets/desert.tsx",
                "tilesets/tmw_desert_spacing.png");
        Path there = unzip(nested, "folders");
        assertThat(Files.readString(there.resolve("maps/level.tmx"))).contains("source=\"../tilesets/desert.tsx\"");
        assertSamePixels(render(there.resolve("maps"), "level.tmx"), render(dir, "desert.tmx"));

        long sewers = importFiles(p -> p.equals("sewers.tmx") || p.equals("sewer_tileset.png"));
        assertThat(entries(api.get("/api/v1/maps/" + sewers + "/export?format=zip").body()))
                .containsExactlyInAnyOrder("sewers.tmx", "sewer_tileset.png");
    }

    /**
     * libtiled 0.17, the Tiled Java reader on Maven Central, cannot read tilesets that list per-tile data
     * without per-tile images (it fails on Tiled's own desert.tmx), so this uses sewers, whose tileset has none.
     */
    @Test
    void tiledsJavaReaderReadsOurTmxWithTheSameCellsAndObjects() throws Exception {
        long id = importFiles(p -> p.equals("sewers.tmx") || p.equals("sewer_tileset.png"));
        api.postJson("/api/v1/maps/" + id + "/ops", "{\"ops\":[{\"type\":\"addLayer\",\"kind\":\"object\","
                + "\"attributes\":{\"name\":\"spawns\"}},{\"type\":\"addObject\",\"layerId\":"
                + (api.get("/api/v1/maps/" + id).json().get("nextLayerId").asInt())
                + ",\"object\":{\"name\":\"start\",\"x\":48,\"y\":64,\"width\":16,\"height\":16}}]}", "If-Match", "*");
        JsonNode map = api.get("/api/v1/maps/" + id).json();
        List<int[]> firstGids = new ArrayList<>();
        List<String> tilesetNames = new ArrayList<>();
        map.get("tilesets").forEach(t -> {
            firstGids.add(new int[]{t.get("firstGid").asInt()});
            tilesetNames.add(api.get("/api/v1/tilesets/" + t.get("tilesetId").asLong()).json().get("name").asString());
        });
        for (String encoding : List.of("", "&encoding=base64&compression=zlib")) {
            Path out = unzip(api.get("/api/v1/maps/" + id + "/export?format=zip" + encoding).body(), "sewers" + encoding.length());
            tiled.core.Map read = new TMXMapReader().readMap(out.resolve("sewers.tmx").toString());
            assertThat(read.getWidth()).isEqualTo(map.get("width").asInt());
            List<MapLayer> layers = new ArrayList<>(read.getLayers());
            assertThat(layers).hasSize(map.get("layers").size());
            int compared = 0;
            for (int i = 0; i < layers.size(); i++) {
                JsonNode ours = map.get("layers").get(i);
                if (layers.get(i) instanceof tiled.core.TileLayer tiles) {
                    JsonNode gids = api.get(ours.get("cells").asString()).json().get("gids");
                    for (int cell = 0; cell < gids.size(); cell++) {
                        int gid = Gid.id((int) gids.get(cell).asLong());
                        Tile tile = tiles.getTileAt(cell % read.getWidth(), cell / read.getWidth());
                        String expected = "empty";
                        for (int t = firstGids.size() - 1; gid != 0 && t >= 0; t--) {
                            if (firstGids.get(t)[0] <= gid) {
                                expected = tilesetNames.get(t) + "#" + (gid - firstGids.get(t)[0]);
                                break;
                            }
                        }
                        assertThat(tile == null ? "empty" : tile.getTileSet().getName() + "#" + tile.getId())
                                .as("layer %d cell %d", i, cell).isEqualTo(expected);
                        compared++;
                    }
                } else {
                    ObjectGroup objects = (ObjectGroup) layers.get(i);
                    List<String> names = new ArrayList<>();
                    objects.getObjects().forEachRemaining(o -> names.add(o.getName() + "@" + (int) o.getX() + "," + (int) o.getY()));
                    List<String> expected = new ArrayList<>();
                    ours.get("objects").forEach(o -> expected.add(o.get("name").asString() + "@" + o.get("x").asInt()
                            + "," + o.get("y").asInt()));
                    assertThat(names).isEqualTo(expected);
                }
            }
            assertThat(compared).isGreaterThan(1000);
        }
    }

    private static String folder(String map) {
        return map.contains("/") ? map.substring(0, map.lastIndexOf('/') + 1) : "";
    }

    /** What a Tiled example map needs: the files below its folder, except other maps. */
    private static boolean neededBy(String map, String path) {
        return path.equals(map) || path.startsWith(folder(map)) && !path.matches(".*\\.(tmx|tmj|json|tiled-project)$");
    }

    private long importExample(String map) {
        return importFiles(p -> neededBy(map, p));
    }

    @ParameterizedTest
    @ValueSource(strings = {"desert.tmx", "sewers.tmx", "rpg/island.tmx", "perspective_walls.tmx",
            "orthogonal-outside.tmx", "sticker-knight/map/sandbox.tmx"})
    void exportThenImportGivesTheSameMapInEveryFormatAndEncoding(String example) throws IOException {
        long id = importExample(example);
        String expected = comparable(id);
        for (String options : List.of("format=zip", "format=zip&encoding=base64&compression=gzip",
                "format=zip&encoding=base64&compression=zstd")) {
            Path out = unzip(api.get("/api/v1/maps/" + id + "/export?" + options).body(),
                    example.replace('/', '_') + options.length());
            Api.Response again = api.postFiles("/api/v1/maps/import", TiledExamples.files(out));
            assertThat(again.status()).as(again.text()).isEqualTo(201);
            assertThat(comparable(again.json().get("id").asLong())).as(example + " " + options).isEqualTo(expected);
        }
        // a lone .tmx/.tmj has no template files beside it: its instances are written whole, as plain objects
        String detached = expected.replaceAll(",\"template\":\"[^\"]*\"", "");
        for (String format : List.of("tmx", "tmj")) {
            // a lone .tmx/.tmj embeds its tilesets, which name their images as they were imported
            Map<String, byte[]> files = examples.entrySet().stream()
                    .filter(e -> neededBy(example, e.getKey()) && !e.getKey().equals(example) && !e.getKey().endsWith(".tsx"))
                    .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new));
            files.put(folder(example) + "single." + format,
                    api.get("/api/v1/maps/" + id + "/export?format=" + format).body());
            Api.Response again = api.postFiles("/api/v1/maps/import", files);
            assertThat(again.status()).as(example + " " + format + ": " + again.text()).isEqualTo(201);
            assertThat(comparable(again.json().get("id").asLong())).as(example + " single " + format).isEqualTo(detached);
        }
    }

    /** The map's layers, objects and properties as JSON, without ids the server assigns (map and tileset ids). */
    private String comparable(long id) {
        JsonNode map = api.get("/api/v1/maps/" + id).json();
        StringBuilder out = new StringBuilder(map.get("width") + "x" + map.get("height") + map.get("properties")
                + map.path("backgroundColor"));
        map.get("tilesets").forEach(t -> out.append(t.get("firstGid")).append('/').append(t.get("tileCount")));
        for (JsonNode layer : map.get("layers")) {
            out.append(layer.get("name")).append(layer.get("opacity")).append(layer.get("visible"))
                    .append(layer.get("offset")).append(layer.get("properties")).append(layer.path("objects"));
            if (layer.has("cells")) {
                out.append(api.get(layer.get("cells").asString()).json().get("gids"));
            }
        }
        return out.toString();
    }

    @Test
    void anyVersionCanBeExportedAndUnchangedPullsAre304() {
        long id = importDesert();
        String original = new String(api.get("/api/v1/maps/" + id + "/export?format=tmx").body(), StandardCharsets.UTF_8);
        Api.Response first = api.get("/api/v1/maps/" + id + "/export?format=tmj&encoding=base64&compression=zlib");
        assertThat(first.header("ETag")).isEqualTo("\"1-tmj-base64-zlib\"");
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmj&encoding=base64&compression=zlib",
                "If-None-Match", first.header("ETag")).status()).isEqualTo(304);

        api.postJson("/api/v1/maps/" + id + "/ops", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":0,\"y\":0,"
                + "\"width\":40,\"height\":40,\"gid\":1}]}", "If-Match", "\"1\"");
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmj&encoding=base64&compression=zlib",
                "If-None-Match", first.header("ETag")).status()).as("changed since").isEqualTo(200);
        String now = new String(api.get("/api/v1/maps/" + id + "/export?format=tmx").body(), StandardCharsets.UTF_8);
        String atVersion1 = new String(api.get("/api/v1/maps/" + id + "/export?format=tmx&version=1").body(),
                StandardCharsets.UTF_8);
        assertThat(now).isNotEqualTo(original);
        assertThat(atVersion1).isEqualTo(original);
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmx&version=3").status()).isEqualTo(422);
    }

    @Test
    void csvExportHasOneFilePerTileLayerAndBadOptionsAre422() throws IOException {
        long id = importDesert();
        Path out = unzip(api.get("/api/v1/maps/" + id + "/export?format=csv").body(), "csv");
        List<String> rows = Files.readAllLines(out.resolve("Ground.csv"));
        assertThat(rows).hasSize(40);
        assertThat(rows.get(0)).startsWith("30,30,30,30,");
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=png").status()).isEqualTo(422);
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmx&compression=zlib").json().get("field").asString())
                .isEqualTo("compression");
        assertThat(api.get("/api/v1/maps/987654/export").status()).isEqualTo(404);
    }

    @Test
    void aTilesetExportsAsTsxThatImportsBack() {
        long id = importDesert();
        long tileset = api.get("/api/v1/maps/" + id).json().get("tilesets").get(0).get("tilesetId").asLong();
        Api.Response tsx = api.get("/api/v1/tilesets/" + tileset + "/export?format=tsx");
        assertThat(tsx.status()).isEqualTo(200);
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("desert.tsx", tsx.body());
        files.put("tmw_desert_spacing.png", examples.get("tmw_desert_spacing.png"));
        JsonNode again = api.postFiles("/api/v1/tilesets/import", files).json();
        JsonNode before = api.get("/api/v1/tilesets/" + tileset).json();
        assertThat(again.get("tiles")).isEqualTo(before.get("tiles"));
        assertThat(again.get("tileCount")).isEqualTo(before.get("tileCount"));
    }
}
