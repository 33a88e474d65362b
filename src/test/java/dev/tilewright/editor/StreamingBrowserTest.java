package dev.tilewright.editor;

import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.EditorPage;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import dev.tilewright.support.Zlib;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.chrome.ChromeDriver;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The editor streams a big map: opening a 4096x4096 map of two varied layers fetches only the chunks around the view
 * (bounded in bytes and chunks, not time), panning across the whole map keeps what it holds under the stream's budget,
 * a far change made by someone else while its chunks were let go shows when the view comes back, and an edit (and its
 * undo) over chunks not loaded first fetches them, so the undo puts back exactly what was there.
 */
@FeatureTest
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER})
class StreamingBrowserTest {

    private static final int SIDE = 4096;
    private static final int PART = 2048;
    /** A view's blocks and the margin around it: 3x3 blocks of 4x4 chunks (4x4 where the view straddles blocks). */
    private static final int AROUND_VIEW = 4 * 4 * 16;

    @TempDir
    Path dir;
    @LocalServerPort
    int port;
    Api api;
    ChromeDriver browser;

    @BeforeEach
    void open() throws Exception {
        api = new Api(port);
        browser = Browsers.chromium(dir.resolve("editor"), "--window-size=1400,900");
        Browsers.signIn(browser, port);
        browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(120));
    }

    @AfterEach
    void close() {
        if (browser != null) {
            browser.quit();
        }
    }

    /** A 4096x4096 map of two tile layers: every cell of the ground a random tile, a sixth of the top one. */
    private long bigMap() {
        long mapId = api.newMap("streamed", SIDE, SIDE);
        assertThat(api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"addLayer\",\"kind\":\"tile\","
                + "\"attributes\":{\"name\":\"top\"}}]}", "If-Match", "*").status()).isEqualTo(200);
        Random random = new Random(7);
        for (int layer = 1; layer <= 2; layer++) {
            for (int y0 = 0; y0 < SIDE; y0 += PART) {
                for (int x0 = 0; x0 < SIDE; x0 += PART) {
                    int[] gids = new int[PART * PART];
                    for (int i = 0; i < gids.length; i++) {
                        gids[i] = layer == 1 ? 1 + random.nextInt(8) : random.nextInt(6) == 0 ? 1 + random.nextInt(8) : 0;
                    }
                    Api.Response put = api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"putRegion\","
                            + "\"layerId\":" + layer + ",\"x\":" + x0 + ",\"y\":" + y0 + ",\"width\":" + PART + ",\"height\":"
                            + PART + ",\"data\":\"" + Zlib.gids(gids) + "\"}]}", "If-Match", "*");
                    assertThat(put.status()).as(put.text()).isEqualTo(200);
                }
            }
        }
        return mapId;
    }

    private int[] serverCells(long mapId, int layer, int x, int y, int width, int height) {
        byte[] body = api.get("/api/v1/maps/" + mapId + "/layers/" + layer + "/cells?x=" + x + "&y=" + y + "&width="
                + width + "&height=" + height, "Accept", "application/octet-stream").body();
        int[] gids = new int[width * height];
        ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(gids);
        return gids;
    }

    private int[] browserCells(int layer, int x, int y, int width, int height) {
        @SuppressWarnings("unchecked")
        List<Number> cells = (List<Number>) browser.executeScript("return Array.from(window.tilewright.editor.map"
                + ".layer(arguments[0]).read({x: arguments[1], y: arguments[2], width: arguments[3], height: arguments[4]}))",
                layer, x, y, width, height);
        return cells.stream().mapToInt(Number::intValue).toArray();
    }

    private boolean browserHolds(int layer, int x, int y, int width, int height) {
        return (Boolean) browser.executeScript("return window.tilewright.editor.map.layer(arguments[0]).holds("
                + "{x: arguments[1], y: arguments[2], width: arguments[3], height: arguments[4]})", layer, x, y, width, height);
    }

    /** Moves the view's top-left to a cell and waits until what it shows and its margin are in. */
    private void viewAt(EditorPage page, int x, int y) {
        browser.executeScript("const { editor, renderer } = window.tilewright; editor.view.x = arguments[0] * 16;"
                + " editor.view.y = arguments[1] * 16; editor.emit('view'); renderer.requestDraw();", x, y);
        page.waitFor("the view's chunks at " + x + "," + y, () -> (Boolean) browser.executeScript(
                "const s = window.tilewright.stream; return s.settled() && s.wanted.bx1 >= 0"
                        + " && s.wanted.bx0 <= Math.floor(arguments[0] / 256) && s.wanted.bx1 >= Math.floor(arguments[0] / 256)"
                        + " && s.wanted.by0 <= Math.floor(arguments[1] / 256) && s.wanted.by1 >= Math.floor(arguments[1] / 256)",
                x, y));
    }

    private long held() {
        return ((Number) browser.executeScript("return window.tilewright.stream.heldChunks()")).longValue();
    }

    @Test
    void aBigMapIsStreamedAroundTheViewAndEditsOverChunksNotLoadedUndoExactly() {
        long mapId = bigMap();
        EditorPage page = new EditorPage(browser);
        browser.get("http://localhost:" + port + "/maps/" + mapId + "/edit");
        page.waitReady();

        @SuppressWarnings("unchecked")
        Map<String, Number> opened = (Map<String, Number>) browser.executeScript("""
                const r = performance.getEntriesByType('resource');
                const nav = performance.getEntriesByType('navigation')[0];
                const packs = r.filter((e) => e.name.includes('/chunks?'));
                return { transferred: r.reduce((a, e) => a + e.transferSize, 0) + nav.transferSize,
                  packs: packs.length, packBytes: packs.reduce((a, e) => a + e.transferSize, 0),
                  held: window.tilewright.stream.heldChunks() };""");
        System.out.println("StreamingBrowserTest: opened " + SIDE + "x" + SIDE + " with " + opened);
        long chunks = 2L * (SIDE / 64) * (SIDE / 64);
        assertThat(opened.get("held").longValue()).as("chunks held when ready: those around the view")
                .isPositive().isLessThanOrEqualTo(2 * AROUND_VIEW);
        assertThat(opened.get("packs").intValue()).as("packs fetched before the first frame").isLessThanOrEqualTo(16);
        assertThat(opened.get("transferred").longValue()).as("bytes before the first frame (issue 42: <= 8 MB)")
                .isLessThan(8_000_000L);
        assertThat(browserCells(1, 0, 0, 64, 64)).isEqualTo(serverCells(mapId, 1, 0, 0, 64, 64));
        assertThat(browserCells(2, 64, 128, 64, 64)).isEqualTo(serverCells(mapId, 2, 64, 128, 64, 64));
        assertThat(browserHolds(1, 2048, 2048, 1, 1)).as("the map's middle is not fetched").isFalse();

        // across the whole map at 100%: what is held stays within the view's blocks and the stream's budget
        long most = 0;
        for (int y = 0; y < SIDE; y += 1024) {
            for (int x = 0; x < SIDE; x += 1024) {
                viewAt(page, x, y);
                most = Math.max(most, held());
            }
        }
        int budget = ((Number) browser.executeScript("return window.tilewright.stream.budget")).intValue();
        System.out.println("StreamingBrowserTest: panned across, held at most " + most + " of " + chunks + " chunks");
        assertThat(most).as("chunks held while panning").isLessThanOrEqualTo(budget + 4L * AROUND_VIEW);
        assertThat(browserHolds(1, 0, 0, 64, 64)).as("the first view's chunks were let go").isFalse();

        // someone else changes a chunk we let go; coming back shows it
        assertThat(api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,"
                + "\"cells\":[{\"x\":10,\"y\":10,\"gid\":0}]}]}", "If-Match", "*").status()).isEqualTo(200);
        viewAt(page, 0, 0);
        assertThat(browserCells(1, 0, 0, 64, 64)).isEqualTo(serverCells(mapId, 1, 0, 0, 64, 64));
        assertThat(browserCells(1, 10, 10, 1, 1)).containsExactly(0);

        // a 1024x1024 rectangle far from the view (256 chunks not held): fetched first, then filled; its undo puts
        // back every cell as it was
        int[] before = serverCells(mapId, 1, 2048, 2048, 1024, 1024);
        assertThat(browserHolds(1, 2048, 2048, 1024, 1024)).isFalse();
        browser.executeScript("window.tilewright.editor.edit({type: 'fillRect', layerId: 1, x: 2048, y: 2048,"
                + " width: 1024, height: 1024, gid: 5})");
        page.waitFor("the fill saved", () -> Arrays.stream(serverCells(mapId, 1, 2048, 2048, 1024, 1024)).allMatch(g -> g == 5));
        page.waitSaved();
        browser.executeScript("window.tilewright.editor.undo()");
        page.waitFor("the undo saved", () -> Arrays.equals(serverCells(mapId, 1, 2048, 2048, 1024, 1024), before));
        page.waitSaved();
        assertThat(page.testId("save-state").getText()).isEqualTo("live – saved");
    }
}
