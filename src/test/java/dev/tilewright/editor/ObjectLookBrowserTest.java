package dev.tilewright.editor;

import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.EditorPage;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.chrome.ChromeDriver;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The editor draws every kind of object as the server's {@code render.png} does (Tiled's look): for a map holding
 * each shape, turned and not, tile objects and text, the editor's canvas and the server's picture are compared pixel
 * by pixel in each object's own area: the same pixels are inked (within a pixel of antialiasing at the edges) and
 * where both ink, the colours agree. Text is drawn by two font rasterizers, so for it the inked box is compared.
 */
@FeatureTest
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER})
class ObjectLookBrowserTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Each object and the map area it alone is drawn in: {x, y, width, height}. */
    private static final List<Area> AREAS = List.of(
            new Area("rectangle", "{\"x\":16,\"y\":16,\"width\":48,\"height\":32}", 4, 4, 76, 56),
            new Area("rectangle turned 30°", "{\"x\":112,\"y\":16,\"width\":48,\"height\":24,\"rotation\":30}",
                    88, 4, 92, 76),
            new Area("ellipse", "{\"shape\":\"ellipse\",\"x\":16,\"y\":96,\"width\":48,\"height\":32}", 4, 84, 76, 56),
            new Area("ellipse turned 45°", "{\"shape\":\"ellipse\",\"x\":120,\"y\":100,\"width\":40,\"height\":20,"
                    + "\"rotation\":45}", 92, 84, 76, 76),
            new Area("capsule", "{\"shape\":\"capsule\",\"x\":16,\"y\":176,\"width\":64,\"height\":24}", 4, 164, 92, 48),
            new Area("capsule turned 60°", "{\"shape\":\"capsule\",\"x\":140,\"y\":176,\"width\":48,\"height\":16,"
                    + "\"rotation\":60}", 112, 164, 64, 72),
            new Area("point", "{\"shape\":\"point\",\"x\":220,\"y\":40}", 200, 4, 40, 48),
            new Area("polygon", "{\"shape\":\"polygon\",\"x\":200,\"y\":72,\"points\":[{\"dx\":0,\"dy\":0},"
                    + "{\"dx\":40,\"dy\":0},{\"dx\":20,\"dy\":30}]}", 190, 62, 60, 50),
            new Area("polygon turned 20°", "{\"shape\":\"polygon\",\"x\":270,\"y\":72,\"rotation\":20,\"points\":"
                    + "[{\"dx\":0,\"dy\":0},{\"dx\":40,\"dy\":0},{\"dx\":20,\"dy\":30}]}", 256, 62, 60, 56),
            new Area("polyline", "{\"shape\":\"polyline\",\"x\":200,\"y\":140,\"points\":[{\"dx\":0,\"dy\":0},"
                    + "{\"dx\":30,\"dy\":20},{\"dx\":60,\"dy\":0}]}", 190, 128, 80, 40),
            new Area("polyline turned -30°", "{\"shape\":\"polyline\",\"x\":290,\"y\":170,\"rotation\":-30,"
                    + "\"points\":[{\"dx\":0,\"dy\":0},{\"dx\":30,\"dy\":20},{\"dx\":60,\"dy\":0}]}", 280, 124, 80, 64),
            new Area("tile object", "{\"gid\":2,\"x\":224,\"y\":240,\"width\":16,\"height\":16}", 216, 216, 32, 32),
            new Area("tile object turned 90°, twice its size", "{\"gid\":3,\"x\":280,\"y\":240,\"width\":32,"
                    + "\"height\":32,\"rotation\":90}", 272, 232, 48, 40));
    private static final Area TEXT = new Area("text", "{\"shape\":\"text\",\"x\":16,\"y\":232,\"width\":80,"
            + "\"height\":36,\"text\":{\"text\":\"Hello\",\"pixelSize\":16,\"color\":\"#00ff00\","
            + "\"bold\":true}}", 8, 228, 100, 44);

    @TempDir
    Path dir;
    @LocalServerPort
    int port;

    record Area(String name, String object, int x, int y, int width, int height) {
    }

    @Test
    void theEditorDrawsEachKindOfObjectAsRenderPngDoes() throws Exception {
        Api api = new Api(port);
        long tileset = api.uploadTileset("look", 4, 2);
        JsonNode made = api.postJson("/api/v1/maps", "{\"name\":\"look\",\"width\":24,\"height\":17,\"tileWidth\":16,"
                + "\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}]}").json();
        String map = "/api/v1/maps/" + made.get("id").asLong();
        StringBuilder ops = new StringBuilder("{\"ops\":[{\"type\":\"addLayer\",\"kind\":\"object\",\"attributes\":"
                + "{\"name\":\"things\",\"color\":\"#ff4020\"}}");
        for (Area area : AREAS) {
            ops.append(",{\"type\":\"addObject\",\"layerId\":1,\"object\":").append(area.object()).append('}');
        }
        ops.append(",{\"type\":\"addObject\",\"layerId\":1,\"object\":").append(TEXT.object()).append("}]}");
        Api.Response applied = api.postJson(map + "/ops", ops.toString(), "If-Match", "*");
        assertThat(applied.status()).as(applied.text()).isEqualTo(200);

        ChromeDriver browser = Browsers.chromium(dir);
        try {
            Browsers.signIn(browser, port);
            browser.get("http://localhost:" + port + map.replace("/api/v1", "") + "/edit");
            EditorPage page = new EditorPage(browser);
            page.waitReady();
            page.testId("grid-lines").click();
            page.waitFor("the tile objects' images", () -> (Boolean) browser.executeScript(
                    "return window.tilewright.renderer.images.info(arguments[0]) !== null", tileset));
            page.waitForFrames();
            page.waitForFrames();
            Browsers.shoot(browser, "editor-object-look.png");
            browser.manage().timeouts().scriptTimeout(java.time.Duration.ofSeconds(30));
            String compared = (String) browser.executeAsyncScript(COMPARE,
                    map + "/render.png?x=0&y=0&width=384&height=272",
                    JSON.writeValueAsString(AREAS.stream().map(a -> new int[]{a.x(), a.y(), a.width(), a.height()})
                            .toList()), JSON.writeValueAsString(new int[]{TEXT.x(), TEXT.y(), TEXT.width(),
                            TEXT.height()}));
            JsonNode result = JSON.readTree(compared);
            for (int i = 0; i < AREAS.size(); i++) {
                JsonNode r = result.get("areas").get(i);
                String name = AREAS.get(i).name() + " " + r;
                assertThat(r.get("inked").asInt()).as(name + ": the server inks it").isGreaterThan(20);
                assertThat(r.get("onlyOne").asInt()).as(name + ": pixels inked by one side only, a pixel or more"
                        + " from any the other inks").isZero();
                assertThat(r.get("apart").asDouble()).as(name + ": share of pixels both ink whose colours differ by"
                        + " more than 64 in a channel").isLessThan(0.05);
            }
            JsonNode text = result.get("text");
            assertThat(text.get("editor").get(0).asInt()).as("text's left ink " + text)
                    .isCloseTo(text.get("server").get(0).asInt(), org.assertj.core.data.Offset.offset(3));
            assertThat(text.get("editor").get(1).asInt()).as("text's top ink " + text)
                    .isCloseTo(text.get("server").get(1).asInt(), org.assertj.core.data.Offset.offset(1));
            assertThat(text.get("editor").get(2).asInt()).as("text's right ink " + text)
                    .isCloseTo(text.get("server").get(2).asInt(), org.assertj.core.data.Offset.offset(12));
        } finally {
            Browsers.quit(browser);
        }
    }

    /**
     * In the page: the server's picture over the editor's map backdrop, beside the editor's canvas (at 100% over the
     * map's top-left corner). Per area: pixels the server inks (differs from the backdrop by more than 48),
     * pixels one side inks with no inked pixel of the other within a pixel, and the share of both-inked pixels whose
     * colours are apart; for the text area the inked box [left, top, right, bottom] of each.
     */
    private static final String COMPARE = """
            const [url, areasJson, textJson, done] = arguments;
            (async () => {
              const canvas = document.querySelector('[data-testid=map-canvas]');
              const view = window.tilewright.editor.view;
              const W = 384, H = 272;
              const editor = canvas.getContext('2d').getImageData(Math.round(-view.x * view.zoom),
                  Math.round(-view.y * view.zoom), W, H).data;
              const image = new Image();
              image.src = url;
              await image.decode();
              const off = document.createElement('canvas');
              off.width = W; off.height = H;
              const g = off.getContext('2d');
              g.fillStyle = window.tilewright.editor.map.backgroundColor ?? '#3a3d44';
              g.fillRect(0, 0, W, H);
              const backdrop = g.getImageData(0, 0, 1, 1).data;
              g.drawImage(image, 0, 0);
              const server = g.getImageData(0, 0, W, H).data;
              const ink = (d, i) => Math.max(Math.abs(d[i] - backdrop[0]), Math.abs(d[i + 1] - backdrop[1]),
                  Math.abs(d[i + 2] - backdrop[2])) > 48;
              const near = (d, x, y) => {
                for (let j = -1; j <= 1; j++) for (let k = -1; k <= 1; k++) {
                  const xx = x + k, yy = y + j;
                  if (xx >= 0 && yy >= 0 && xx < W && yy < H && ink(d, (yy * W + xx) * 4)) return true;
                }
                return false;
              };
              const areas = JSON.parse(areasJson).map(([ax, ay, aw, ah]) => {
                let inked = 0, onlyOne = 0, both = 0, apart = 0;
                for (let y = ay; y < ay + ah; y++) for (let x = ax; x < ax + aw; x++) {
                  const i = (y * W + x) * 4;
                  const e = ink(editor, i), s = ink(server, i);
                  if (s) inked++;
                  if (e && s) {
                    both++;
                    if (Math.max(Math.abs(editor[i] - server[i]), Math.abs(editor[i + 1] - server[i + 1]),
                        Math.abs(editor[i + 2] - server[i + 2])) > 64) apart++;
                  } else if ((e && !near(server, x, y)) || (s && !near(editor, x, y))) {
                    onlyOne++;
                  }
                }
                return { inked, onlyOne, apart: both === 0 ? 0 : apart / both };
              });
              const box = (d, [ax, ay, aw, ah]) => {
                let l = W, t = H, r = -1, b = -1;
                for (let y = ay; y < ay + ah; y++) for (let x = ax; x < ax + aw; x++) {
                  if (ink(d, (y * W + x) * 4)) { l = Math.min(l, x); t = Math.min(t, y); r = Math.max(r, x); b = Math.max(b, y); }
                }
                return [l, t, r, b];
              };
              const textArea = JSON.parse(textJson);
              done(JSON.stringify({ areas, text: { editor: box(editor, textArea), server: box(server, textArea) } }));
            })().catch((e) => done(JSON.stringify({ error: String(e) })));
            """;
}
