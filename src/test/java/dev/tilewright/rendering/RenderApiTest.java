package dev.tilewright.rendering;

import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import dev.tilewright.format.TiledExamples;
import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@FeatureTest
@RequiresTools({Tool.TILED, Tool.TMXRASTERIZER})
class RenderApiTest {

    @TempDir
    static Path dir;
    static Map<String, byte[]> examples;
    static BufferedImage tiled;

    @LocalServerPort
    int port;
    Api api;
    long mapId;

    @BeforeAll
    static void examples() throws Exception {
        TiledExamples.copy(dir);
        TiledExamples.tiled(dir, List.of("tmxrasterizer", "--no-smoothing", "desert.tmx", "desert.png"));
        tiled = ImageIO.read(dir.resolve("desert.png").toFile());
        examples = TiledExamples.files(dir);
    }

    @BeforeEach
    void desert() {
        api = new Api(port);
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (String name : List.of("desert.tmx", "desert.tsx", "tmw_desert_spacing.png")) {
            files.put(name, examples.get(name));
        }
        mapId = api.postFiles("/api/v1/maps/import", files).json().get("id").asLong();
    }

    private static BufferedImage png(Api.Response response) throws Exception {
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        assertThat(response.header("Content-Type")).isEqualTo("image/png");
        return ImageIO.read(new ByteArrayInputStream(response.body()));
    }

    private static void assertShows(BufferedImage image, int x, int y, int scale) {
        for (int py = 0; py < image.getHeight(); py++) {
            for (int px = 0; px < image.getWidth(); px++) {
                assertThat(image.getRGB(px, py)).as("pixel %d,%d", px, py)
                        .isEqualTo(tiled.getRGB(x + px / scale, y + py / scale));
            }
        }
    }

    @Test
    void aWindowNotAlignedToTilesMatchesTiledsRendererPixelForPixel() throws Exception {
        Api.Response response = api.get("/api/v1/maps/" + mapId + "/render.png?x=37&y=101&width=333&height=211");
        BufferedImage image = png(response);
        assertThat(image.getWidth()).isEqualTo(333);
        assertThat(response.header("X-View-X")).isEqualTo("37");
        assertShows(image, 37, 101, 1);
    }

    @Test
    void scrollingPastTheEdgeIsClampedAndTheHeadersSayWhereTheViewIs() throws Exception {
        Api.Response past = api.get("/api/v1/maps/" + mapId + "/render.png?x=1200&y=-50&width=200&height=100");
        assertThat(past.header("X-View-X")).isEqualTo(String.valueOf(40 * 32 - 200));
        assertThat(past.header("X-View-Y")).isEqualTo("0");
        assertShows(png(past), 40 * 32 - 200, 0, 1);
        Api.Response larger = api.get("/api/v1/maps/" + mapId + "/render.png?x=500&y=20&width=2000&height=100");
        assertThat(larger.header("X-View-X")).as("a view larger than the map pins to 0").isEqualTo("0");
    }

    @Test
    void scaleIsNearestNeighbourAndSplitViewsSitSideBySide() throws Exception {
        assertShows(png(api.get("/api/v1/maps/" + mapId + "/render.png?x=64&y=64&width=50&height=40&scale=3")), 64, 64, 3);
        Api.Response split = api.get("/api/v1/maps/" + mapId + "/views.png?view=0,0,100,80&view=300,200,60,90");
        BufferedImage both = png(split);
        assertThat(both.getWidth()).isEqualTo(160);
        assertThat(both.getHeight()).isEqualTo(90);
        assertThat(split.header("X-Views")).isEqualTo("0,0,100,80;300,200,60,90");
        assertShows(both.getSubimage(100, 0, 60, 90), 300, 200, 1);
    }

    @Test
    void withParallaxALayerScrollsByItsFactorAsACameraOnTheViewSeesIt() throws Exception {
        String map = "/api/v1/maps/" + mapId;
        // a layer fixed to the camera (factor 0) holding one tile: with parallax, every window shows the tile at the
        // same place on screen; a half-speed layer (0.5) moves half as far as the window
        Api.Response applied = api.postJson(map + "/ops", "{\"ops\":[{\"type\":\"addLayer\",\"kind\":\"tile\","
                + "\"attributes\":{\"name\":\"hud\",\"parallax\":{\"x\":0,\"y\":0}}},{\"type\":\"paint\",\"layerId\":2,"
                + "\"cells\":[{\"x\":0,\"y\":0,\"gid\":30}]},{\"type\":\"updateLayer\",\"layerId\":1,"
                + "\"patch\":{\"parallax\":{\"x\":0.5,\"y\":1}}}]}", "If-Match", "*");
        assertThat(applied.status()).as(applied.text()).isEqualTo(200);
        String hud = "&layers=hud&background=false&parallax=true";
        byte[] atStart = api.get(map + "/render.png?x=0&y=0&width=96&height=64" + hud).body();
        assertThat(api.get(map + "/render.png?x=320&y=160&width=96&height=64" + hud).body())
                .as("a layer with factor 0 stays where the camera is").isEqualTo(atStart);
        BufferedImage first = png(api.get(map + "/render.png?x=0&y=0&width=96&height=64" + hud));
        assertThat(first.getRGB(48 + 16, 32 + 16) >>> 24).as("the tile at the view's centre (origin 0, 0)").isEqualTo(255);
        assertThat(first.getRGB(8, 8) >>> 24).isZero();
        assertThat(api.get(map + "/render.png?x=320&y=160&width=96&height=64&layers=hud&background=false").body())
                .as("without parallax the tile is where the map has it").isNotEqualTo(atStart);
        // the ground at half speed: the window at x=64 shows what x=32 shows without parallax
        BufferedImage half = png(api.get(map + "/render.png?x=64&y=0&width=64&height=64&layers=Ground&parallax=true"));
        BufferedImage plain = png(api.get(map + "/render.png?x=0&y=0&width=128&height=64&layers=Ground"));
        // centre 96 -> shift (1 - 0.5) x 96 = 48: screen x 0 shows map x 64 - 48 = 16
        for (int x = 0; x < 64; x++) {
            assertThat(half.getRGB(x, 20)).as("column %d", x).isEqualTo(plain.getRGB(x + 16, 20));
        }
    }

    @Test
    void theBackgroundColourFillsTheViewAndShapesAreDrawnInTheirLayersColour() throws Exception {
        Api.Response created = api.postJson("/api/v1/maps", "{\"name\":\"bg\",\"width\":4,\"height\":4,"
                + "\"tileWidth\":16,\"tileHeight\":16,\"backgroundColor\":\"#336699\"}");
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        String map = "/api/v1/maps/" + created.json().get("id").asLong();
        Api.Response applied = api.postJson(map + "/ops", "{\"ops\":[{\"type\":\"addLayer\",\"kind\":\"object\","
                + "\"attributes\":{\"name\":\"zones\",\"color\":\"#ff0000\"}},"
                + "{\"type\":\"addObject\",\"layerId\":1,\"object\":{\"x\":16,\"y\":16,\"width\":32,\"height\":16}}]}",
                "If-Match", created.header("ETag"));
        assertThat(applied.status()).as(applied.text()).isEqualTo(200);
        assertThat(api.get(map).json().get("layers").get(0).get("color").asString()).isEqualTo("#ff0000");

        BufferedImage drawn = png(api.get(map + "/render.png?width=64&height=64"));
        assertThat(drawn.getRGB(2, 2)).as("background").isEqualTo(0xFF336699);
        assertThat(drawn.getRGB(30, 15)).as("the outline, 2 px on the rectangle's top edge").isEqualTo(0xFFFF0000);
        assertThat(drawn.getRGB(30, 17)).as("the black shadow under it, 1 px lower, filled over at alpha 50")
                .isEqualTo(0xFF000000 | Math.round(50 * 255 / 255f) << 16);
        int inside = drawn.getRGB(30, 24);
        assertThat(inside).as("the inside: red at alpha 50 over the background")
                .isNotEqualTo(0xFF336699).matches(rgb -> ((rgb >> 16) & 0xFF) > 0x33, "redder");

        BufferedImage bare = png(api.get(map + "/render.png?width=64&height=64&objects=false&background=false"));
        assertThat(bare.getRGB(30, 15) >>> 24).as("no shapes, no background: transparent").isZero();
    }

    @Test
    void theThumbnailIsTheWholeMapAveragedAndCachedByVersion() throws Exception {
        Api.Response response = api.get("/api/v1/maps/" + mapId + "/thumbnail.png?size=320");
        BufferedImage thumb = png(response);
        assertThat(thumb.getWidth()).isEqualTo(320);
        assertThat(thumb.getHeight()).isEqualTo(320);
        for (int[] at : new int[][]{{0, 0}, {101, 57}, {319, 319}, {200, 31}}) {
            int[] sum = new int[3];
            for (int dy = 0; dy < 4; dy++) {
                for (int dx = 0; dx < 4; dx++) {
                    int rgb = tiled.getRGB(at[0] * 4 + dx, at[1] * 4 + dy);
                    for (int c = 0; c < 3; c++) {
                        sum[c] += (rgb >> (16 - 8 * c)) & 0xFF;
                    }
                }
            }
            for (int c = 0; c < 3; c++) {
                assertThat((thumb.getRGB(at[0], at[1]) >> (16 - 8 * c)) & 0xFF).as("channel %d at %s", c, at[0] + "," + at[1])
                        .isCloseTo(Math.round(sum[c] / 16f), org.assertj.core.data.Offset.offset(1));
            }
        }
        assertThat(api.get("/api/v1/maps/" + mapId + "/thumbnail.png?size=320", "If-None-Match", response.header("ETag"))
                .status()).isEqualTo(304);
        Api.Response tooBig = api.get("/api/v1/maps/" + mapId + "/thumbnail.png?size=5000");
        assertThat(tooBig.status()).isEqualTo(422);
        assertThat(tooBig.json().get("limit").asString()).isEqualTo("tilewright.render.max-thumbnail-size");
    }

    @Test
    void gridLinesDarkenTheFirstRowAndColumnOfEveryTile() throws Exception {
        BufferedImage plain = png(api.get("/api/v1/maps/" + mapId + "/render.png?x=20&y=20&width=60&height=60"));
        BufferedImage grid = png(api.get("/api/v1/maps/" + mapId + "/render.png?x=20&y=20&width=60&height=60&gridlines=true"));
        for (int y = 0; y < 60; y++) {
            for (int x = 0; x < 60; x++) {
                boolean onLine = (x + 20) % 32 == 0 || (y + 20) % 32 == 0;
                int before = plain.getRGB(x, y);
                int after = grid.getRGB(x, y);
                if (onLine) {
                    assertThat((after >> 8) & 0xFF).as("line at %d,%d", x, y).isLessThan((before >> 8) & 0xFF);
                } else {
                    assertThat(after).as("off the lines at %d,%d", x, y).isEqualTo(before);
                }
            }
        }
    }

    @Test
    void aTourIsAnAnimatedGifOfTheCameraAlongThePath() throws Exception {
        Api.Response tour = api.get("/api/v1/maps/" + mapId + "/tour.gif?path=160,120;960,120&width=320&height=240"
                + "&speed=800&fps=10");
        assertThat(tour.status()).as(tour.text()).isEqualTo(200);
        assertThat(tour.header("Content-Type")).isEqualTo("image/gif");
        javax.imageio.ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
        reader.setInput(ImageIO.createImageInputStream(new ByteArrayInputStream(tour.body())));
        assertThat(reader.getNumImages(true)).as("800 px at 800 px/s and 10 fps, both ends").isEqualTo(11);
        BufferedImage first = reader.read(0);
        BufferedImage last = reader.read(10);
        assertThat(first.getWidth()).isEqualTo(320);
        assertThat(first.getHeight()).isEqualTo(240);
        int differing = 0;
        for (int y = 0; y < 240; y += 4) {
            for (int x = 0; x < 320; x += 4) {
                differing += first.getRGB(x, y) != last.getRGB(x, y) ? 1 : 0;
            }
        }
        assertThat(differing).as("the camera moved").isGreaterThan(100);
    }

    @Test
    void toursOverTheFrameCapOrWithBadPathsAre422() {
        Api.Response long_ = api.get("/api/v1/maps/" + mapId + "/tour.gif?path=0,0;1280,1280&speed=1");
        assertThat(long_.status()).isEqualTo(422);
        assertThat(long_.json().get("limit").asString()).isEqualTo("tilewright.render.max-tour-frames");
        assertThat(api.get("/api/v1/maps/" + mapId + "/tour.gif?path=a,b").json().get("field").asString()).isEqualTo("path");
        assertThat(api.get("/api/v1/maps/" + mapId + "/tour.gif?path=0,0&fps=99").status()).isEqualTo(422);
        Api.Response pixels = api.get("/api/v1/maps/" + mapId + "/tour.gif?path=0,0;1280,1280&width=1280&height=1280&speed=200");
        assertThat(pixels.status()).isEqualTo(422);
        assertThat(pixels.json().get("limit").asString()).isEqualTo("tilewright.render.max-tour-pixels");
    }

    @Test
    void pastVersionsRenderAndUnchangedRendersAre304() throws Exception {
        api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":0,\"y\":0,"
                + "\"width\":40,\"height\":40,\"gid\":0}]}", "If-Match", "\"1\"");
        BufferedImage now = png(api.get("/api/v1/maps/" + mapId + "/render.png?width=64&height=64"));
        assertThat(now.getRGB(10, 10) >>> 24).as("erased").isZero();
        assertShows(png(api.get("/api/v1/maps/" + mapId + "/render.png?width=64&height=64&version=1")), 0, 0, 1);
        Api.Response first = api.get("/api/v1/maps/" + mapId + "/render.png?width=64&height=64");
        assertThat(api.get("/api/v1/maps/" + mapId + "/render.png?width=64&height=64", "If-None-Match",
                first.header("ETag")).status()).isEqualTo(304);
    }

    @Test
    void badWindowsScalesLayersAndSizesAre422NamingTheLimit() {
        String render = "/api/v1/maps/" + mapId + "/render.png?";
        assertThat(api.get(render + "width=0&height=10").json().get("field").asString()).isEqualTo("width");
        assertThat(api.get(render + "width=10&height=10&scale=9").json().get("limit").asString())
                .isEqualTo("tilewright.render.max-scale");
        Api.Response huge = api.get(render + "width=4097&height=4097");
        assertThat(huge.status()).isEqualTo(422);
        assertThat(huge.json().get("limit").asString()).isEqualTo("tilewright.render.max-pixels");
        assertThat(api.get(render + "width=2147483647&height=2147483647&scale=8").status()).isEqualTo(422);
        assertThat(api.get(render + "width=8192&height=2048").status()).as("the documented maximum renders").isEqualTo(200);
        Api.Response layer = api.get(render + "width=10&height=10&layers=Ground,Sky");
        assertThat(layer.status()).isEqualTo(422);
        assertThat(layer.json().get("detail").asString()).contains("[Sky]");
        assertThat(api.get("/api/v1/maps/" + mapId + "/views.png?view=1,2,3").status()).isEqualTo(422);
        assertThat(api.get("/api/v1/maps/987654/render.png?width=10&height=10").status()).isEqualTo(404);
    }
}
