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

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The editor draws objects where the server's render and Tiled do: a rectangle turned 90° clockwise about its
 * position lies below-left of it, not to its right; a text object shows its text in its box.
 */
@FeatureTest
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER})
class ObjectDrawingBrowserTest {

    @TempDir
    Path dir;
    @LocalServerPort
    int port;

    @Test
    void aTurnedRectangleAndATextObjectAreDrawnAsTheServerDrawsThem() throws Exception {
        Api api = new Api(port);
        Api.Response created = api.postJson("/api/v1/maps", "{\"name\":\"turned\",\"width\":20,\"height\":12,"
                + "\"tileWidth\":16,\"tileHeight\":16}");
        String map = "/api/v1/maps/" + created.json().get("id").asLong();
        // a 64x16 rectangle at (160, 32) turned 90°: it covers x 144..160, y 32..96; text at (16, 120)
        Api.Response applied = api.postJson(map + "/ops", "{\"ops\":[{\"type\":\"addLayer\",\"kind\":\"object\","
                + "\"attributes\":{\"name\":\"zones\",\"color\":\"#ff0000\"}},{\"type\":\"addObject\",\"layerId\":1,"
                + "\"object\":{\"x\":160,\"y\":32,\"width\":64,\"height\":16,\"rotation\":90}},{\"type\":\"addObject\","
                + "\"layerId\":1,\"object\":{\"shape\":\"text\",\"x\":16,\"y\":120,\"width\":120,\"height\":40,"
                + "\"text\":{\"text\":\"HELLO WORLD\",\"pixelSize\":24,\"color\":\"#00ff00\",\"bold\":true}}}]}",
                "If-Match", created.header("ETag"));
        assertThat(applied.status()).as(applied.text()).isEqualTo(200);

        ChromeDriver browser = Browsers.chromium(dir);
        try {
            Browsers.signIn(browser, port);
            browser.get("http://localhost:" + port + map.replace("/api/v1", "") + "/edit");
            EditorPage page = new EditorPage(browser);
            page.waitReady();
            page.waitFor("the objects drawn", () -> count(browser, 140, 30, 24, 70, "r") > 0);
            Browsers.shoot(browser, "editor-turned-objects.png");
            assertThat(count(browser, 142, 40, 4, 50, "r")).as("its left edge at x 144, y 40..90").isGreaterThan(40);
            assertThat(count(browser, 166, 30, 60, 20, "r")).as("nothing where it would lie unturned").isZero();
            assertThat(count(browser, 16, 120, 120, 40, "g")).as("the text's green letters").isGreaterThan(100);

            // the server draws the turned rectangle in the same place
            java.awt.image.BufferedImage render = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(
                    api.get(map + "/render.png?x=0&y=0&width=320&height=192").body()));
            assertThat((render.getRGB(144, 64) >> 16) & 0xFF).as("the server's edge at (144, 64)").isGreaterThan(150);
            assertThat(render.getRGB(200, 40) >>> 24).as("nor the server's where it would lie unturned").isZero();
        } finally {
            Browsers.quit(browser);
        }
    }

    /** Pixels of the editor's canvas in a map-pixel rectangle whose colour is mostly red ("r") or green ("g"). */
    private static int count(ChromeDriver browser, int x, int y, int w, int h, String colour) {
        int channel = colour.equals("r") ? 0 : 1;
        return ((Number) browser.executeScript("const v = window.tilewright.editor.view;"
                + "const d = document.querySelector('[data-testid=map-canvas]').getContext('2d')"
                + ".getImageData(Math.round((arguments[0] - v.x) * v.zoom), Math.round((arguments[1] - v.y) * v.zoom),"
                + " Math.round(arguments[2] * v.zoom), Math.round(arguments[3] * v.zoom)).data; let n = 0;"
                + "for (let i = 0; i < d.length; i += 4) { const c = d[i + arguments[4]]; const o = d[i + 1 - arguments[4]];"
                + " if (c > 150 && o < 100 && d[i + 2] < 100) n++; } return n;", x, y, w, h, channel)).intValue();
    }
}
