package dev.tilewright.format;

import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Layer data as Tiled itself writes it in each encoding (Tiled saves a map in the layer format the map declares),
 * and the structures its examples lack: infinite maps, group layers, image layers.
 */
@RequiresTools({Tool.TILED})
class TiledWrittenEncodingsTest {

    private static final ReadLimits LIMITS = new ReadLimits(8192, 8192);

    @TempDir
    static Path dir;
    static TileLayer desert;

    @BeforeAll
    static void examples() throws Exception {
        TiledExamples.copy(dir);
        desert = (TileLayer) new TmxReader(new TiledFiles(TiledExamples.files(dir)), LIMITS, new Warnings()).readMap("desert.tmx")
                .layers().get(0);
    }

    private static String desertTmx() throws Exception {
        return Files.readString(dir.resolve("desert.tmx"));
    }

    private static String withData(String data) throws Exception {
        return desertTmx().replaceAll("(?s)<data encoding=\"base64\" compression=\"zlib\">.*?</data>", data);
    }

    private static TiledMap read(String file) throws Exception {
        return new TmxReader(new TiledFiles(TiledExamples.files(dir)), LIMITS, new Warnings()).readMap(file);
    }

    @ParameterizedTest
    @ValueSource(strings = {"csv", "base64", "zlib", "gzip", "zstd", "xml"})
    void tiledsOwnSaveInEachEncodingReadsBackToTheSameCells(String format) throws Exception {
        int[] gids = desert.read(desert.bounds());
        gids[0] = gids[0] | Gid.FLIP_HORIZONTAL | Gid.FLIP_DIAGONAL;
        String data = switch (format) {
            case "csv" -> "<data encoding=\"csv\">\n" + LayerData.encode(gids, 40, LayerData.Encoding.CSV,
                    LayerData.Compression.NONE) + "\n</data>";
            case "xml" -> java.util.Arrays.stream(gids).mapToObj(g -> "<tile gid=\"" + Integer.toUnsignedString(g) + "\"/>")
                    .collect(Collectors.joining("\n", "<data>\n", "\n</data>"));
            default -> "<data encoding=\"base64\"" + (format.equals("base64") ? "" : " compression=\"" + format + "\"")
                    + ">" + LayerData.encode(gids, 40, LayerData.Encoding.BASE64,
                    LayerData.Compression.valueOf(format.equals("base64") ? "NONE" : format.toUpperCase())) + "</data>";
        };
        Files.writeString(dir.resolve(format + "-in.tmx"), withData(data));
        TiledExamples.tiled(dir, List.of("tiled", "--export-map", "tmx", format + "-in.tmx", format + "-tiled.tmx"));
        String written = Files.readString(dir.resolve(format + "-tiled.tmx"));
        assertThat(written).as("Tiled wrote this encoding").contains(switch (format) {
            case "csv" -> "encoding=\"csv\"";
            case "base64" -> "<data encoding=\"base64\">";
            case "xml" -> "<tile gid=";
            default -> "compression=\"" + format + "\"";
        });
        TileLayer read = (TileLayer) read(format + "-tiled.tmx").layers().get(0);
        assertThat(read.read(read.bounds())).isEqualTo(gids);
    }

    @Test
    void anInfiniteMapIsCutToItsChunksWithItsOriginAsOffset() throws Exception {
        int[] chunkA = new int[16 * 16];
        int[] chunkB = new int[16 * 16];
        chunkA[0] = 30;
        chunkB[255] = 31 | Gid.FLIP_VERTICAL;
        String tmx = desertTmx().replace("infinite=\"0\"", "infinite=\"1\"").replaceAll(
                "(?s)<data encoding=\"base64\" compression=\"zlib\">.*?</data>",
                "<data encoding=\"csv\"><chunk x=\"-32\" y=\"-16\" width=\"16\" height=\"16\">"
                        + LayerData.encode(chunkA, 16, LayerData.Encoding.CSV, LayerData.Compression.NONE)
                        + "</chunk><chunk x=\"16\" y=\"0\" width=\"16\" height=\"16\">"
                        + LayerData.encode(chunkB, 16, LayerData.Encoding.CSV, LayerData.Compression.NONE)
                        + "</chunk></data>").replace("</map>",
                "<objectgroup id=\"5\" name=\"things\"><object id=\"3\" x=\"-1000\" y=\"-500\"/></objectgroup></map>");
        Files.writeString(dir.resolve("infinite.tmx"), tmx);
        TiledExamples.tiled(dir, List.of("tiled", "--export-map", "tmx", "infinite.tmx", "infinite-tiled.tmx"));
        assertThat(Files.readString(dir.resolve("infinite-tiled.tmx"))).contains("<chunk");
        for (String file : List.of("infinite.tmx", "infinite-tiled.tmx")) {
            TiledMap map = read(file);
            assertThat(map.width()).as(file).isEqualTo(64);
            assertThat(map.height()).as(file).isEqualTo(32);
            assertThat(map.offset()).as(file).isEqualTo(new Position(-32 * 32, -16 * 32));
            TileLayer layer = (TileLayer) map.layers().get(0);
            assertThat(layer.get(0, 0)).isEqualTo(30);
            assertThat(layer.get(63, 31)).isEqualTo(31 | Gid.FLIP_VERTICAL);
            MapObject object = ((ObjectLayer) map.layers().get(1)).objects().iterator().next();
            assertThat(object.x()).as("objects keep their place in the world").isEqualTo(-1000 + 32 * 32);
            assertThat(object.y()).isEqualTo(-500 + 16 * 32);
            assertThat(map.settings().infinite()).as(file).isTrue();
        }

        // written back infinite: the chunks that hold tiles where they were, objects where they were; Tiled reads
        // both formats so (its own save of each has the same chunks), and draws ours as it draws the original
        TiledMap original = read("infinite.tmx");
        for (LayerData.Encoding encoding : List.of(LayerData.Encoding.CSV, LayerData.Encoding.BASE64)) {
            TmxWriter.Options options = new TmxWriter.Options(encoding, encoding == LayerData.Encoding.CSV
                    ? LayerData.Compression.NONE : LayerData.Compression.ZLIB);
            String tag = encoding.name().toLowerCase(java.util.Locale.ROOT);
            Files.write(dir.resolve("ours-" + tag + ".tmx"), TmxWriter.writeMap(original, options));
            Files.write(dir.resolve("ours-" + tag + ".tmj"), TmjWriter.writeMap(original, options));
            String written = Files.readString(dir.resolve("ours-" + tag + ".tmx"));
            assertThat(written).contains("infinite=\"1\"", "<chunk x=\"-32\" y=\"-16\" width=\"16\" height=\"16\">",
                    "<chunk x=\"16\" y=\"0\" width=\"16\" height=\"16\">", "x=\"-1000\" y=\"-500\"");
            assertThat(written.split("<chunk ", -1)).as("only the chunks that hold tiles").hasSize(3);
            for (String ours : List.of("ours-" + tag + ".tmx", "ours-" + tag + ".tmj")) {
                TiledExamples.tiled(dir, List.of("tiled", "--export-map", "tmx", ours, "resaved-" + ours + ".tmx"));
                assertThat(Files.readString(dir.resolve("resaved-" + ours + ".tmx"))).as(ours)
                        .contains("<chunk x=\"-32\" y=\"-16\"", "<chunk x=\"16\" y=\"0\"", "x=\"-1000\" y=\"-500\"");
                TiledMap back = ours.endsWith(".tmj")
                        ? new TmjReader(new TiledFiles(TiledExamples.files(dir)), LIMITS, new Warnings()).readMap(ours) : read(ours);
                for (TiledMap again : List.of(back, read("resaved-" + ours + ".tmx"))) {
                    assertThat(again.offset()).as(ours).isEqualTo(original.offset());
                    assertThat(again.width()).isEqualTo(original.width());
                    TileLayer tiles = (TileLayer) again.layers().get(0);
                    TileLayer expected = (TileLayer) original.layers().get(0);
                    assertThat(tiles.read(tiles.bounds())).as(ours).isEqualTo(expected.read(expected.bounds()));
                    assertThat(((ObjectLayer) again.layers().get(1)).objects())
                            .isEqualTo(((ObjectLayer) original.layers().get(1)).objects());
                }
            }
            TiledExamples.tiled(dir, List.of("tmxrasterizer", "--no-smoothing", "ours-" + tag + ".tmx", "ours.png"));
            TiledExamples.tiled(dir, List.of("tmxrasterizer", "--no-smoothing", "infinite.tmx", "original.png"));
            assertThat(Files.readAllBytes(dir.resolve("ours.png"))).as("tmxrasterizer draws ours as the original")
                    .isEqualTo(Files.readAllBytes(dir.resolve("original.png")));
        }
    }

    @Test
    void aMalformedBackgroundColourIsRefusedAndAGoodOneKept() throws Exception {
        Files.writeString(dir.resolve("bg.tmx"), desertTmx().replace("infinite=\"0\"", "infinite=\"0\" backgroundcolor=\"#80aabbcc\""));
        assertThat(read("bg.tmx").backgroundColor()).isEqualTo("#80aabbcc");
        Files.writeString(dir.resolve("bad-bg.tmx"), desertTmx().replace("infinite=\"0\"", "infinite=\"0\" backgroundcolor=\"blue\""));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> read("bad-bg.tmx"))
                .isInstanceOf(TiledFormatException.class).hasMessageContaining("background colour 'blue'");
    }

    @Test
    void groupLayersAreKeptAsATreeAndDrawnWithTheirGroupsAttributesComposed() throws Exception {
        String layer = desertTmx().replaceAll("(?s).*(<layer id=\"1\".*?</layer>).*", "$1");
        String tmx = desertTmx().replace(layer, "<group id=\"7\" name=\"outer\" opacity=\"0.5\" offsetx=\"3\">"
                + "<group id=\"8\" name=\"inner\" offsety=\"-2\" visible=\"0\" tintcolor=\"#ff0000\">"
                + layer.replace("<layer id=\"1\" name=\"Ground\"", "<layer id=\"1\" name=\"Ground\" opacity=\"0.5\"")
                + "</group></group>");
        Files.writeString(dir.resolve("groups.tmx"), tmx);
        TiledMap read = read("groups.tmx");
        assertThat(read.layers()).extracting(l -> l.name() + "<" + l.parentId())
                .containsExactly("outer<0", "inner<7", "Ground<8");
        TileLayer ground = (TileLayer) read.layers().get(2);
        assertThat(ground.attributes().opacity()).as("its own").isEqualTo(0.5);
        TileMap map = new TileMap("m", read.width(), read.height(), read.tileWidth(), read.tileHeight(),
                read.offset(), null, List.of(), read.properties(), read.nextLayerId(), read.nextObjectId());
        read.layers().forEach(l -> map.insertLayer(map.layers().size(), l));
        LayerAttributes drawn = map.effective(ground);
        assertThat(drawn.opacity()).isEqualTo(0.25);
        assertThat(drawn.offset().dx()).isEqualTo(3);
        assertThat(drawn.offset().dy()).isEqualTo(-2);
        assertThat(drawn.visible()).isFalse();
        assertThat(drawn.tint()).isEqualTo("#ff0000");
        assertThat(ground.sameCells(desert)).isTrue();
        // and written back nested as they were
        String written = new String(TmxWriter.writeMap(read, TmxWriter.Options.DEFAULT), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(written).contains("<group id=\"7\" name=\"outer\"", "<group id=\"8\" name=\"inner\"")
                .containsPattern("(?s)<group id=\"8\".*<layer id=\"1\".*</group>\\s*</group>");
    }

    @Test
    void imageLayersKeepTheirImageAndWriteBack() throws Exception {
        String tmx = desertTmx().replace("</map>", "<imagelayer id=\"4\" name=\"sky\" offsetx=\"10\" repeatx=\"1\">"
                + "<image source=\"tmw_desert_spacing.png\" trans=\"ff00ff\" width=\"265\" height=\"199\"/></imagelayer></map>");
        Files.writeString(dir.resolve("sky.tmx"), tmx);
        TiledMap map = read("sky.tmx");
        ImageLayer sky = (ImageLayer) map.layers().get(1);
        assertThat(sky.image()).isEqualTo(new ImageLayer.Image("tmw_desert_spacing.png", 265, 199, 0xff00ff, true, false));
        assertThat(map.images()).containsKey("tmw_desert_spacing.png");
        String written = new String(TmxWriter.writeMap(map, TmxWriter.Options.DEFAULT), StandardCharsets.UTF_8);
        assertThat(written).contains("<imagelayer id=\"4\" name=\"sky\" offsetx=\"10\" offsety=\"0\" repeatx=\"1\">")
                .contains("<image source=\"tmw_desert_spacing.png\" trans=\"ff00ff\" width=\"265\" height=\"199\"/>");
        Files.writeString(dir.resolve("sky-ours.tmx"), written);
        TiledExamples.tiled(dir, List.of("tiled", "--export-map", "tmx", "sky-ours.tmx", "sky-tiled.tmx"));
        assertThat(((ImageLayer) read("sky-tiled.tmx").layers().get(1)).image()).isEqualTo(sky.image());
    }

    @Test
    void anImageLayerOffsetOnlyDownwardsStaysWhereItIsInTiled() throws Exception {
        String tmx = desertTmx().replace("</map>", "<imagelayer id=\"4\" name=\"sky\" offsety=\"50\">"
                + "<image source=\"tmw_desert_spacing.png\" width=\"265\" height=\"199\"/></imagelayer></map>");
        Files.writeString(dir.resolve("low.tmx"), tmx);
        TiledMap map = read("low.tmx");
        assertThat(map.layers().get(1).attributes().offset().dy()).isEqualTo(50);
        String written = new String(TmxWriter.writeMap(map, TmxWriter.Options.DEFAULT), StandardCharsets.UTF_8);
        assertThat(written).contains("offsetx=\"0\" offsety=\"50\"");
        Files.writeString(dir.resolve("low-ours.tmx"), written);
        TiledExamples.tiled(dir, List.of("tiled", "--export-map", "tmx", "low-ours.tmx", "low-tiled.tmx"));
        assertThat(read("low-tiled.tmx").layers().get(1).attributes().offset().dy()).as("as Tiled reads it")
                .isEqualTo(50);
    }
}
