package dev.tilewright.editor;

import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The editor's frame rate, measured in headless Chromium against a running app (not a test: our machines are
 * noisy): a 1024x256 map of 16 px tiles with three tile layers full of tiles is opened in the editor, panned for
 * five seconds at 100% and five at 30%, then painted on with the brush for five seconds, each frame scripted through requestAnimationFrame.
 * Prints the frames per second, the frame intervals and the editor's own drawing time per frame, then deletes the
 * map and tileset it made.
 * <p>
 * {@code java ... dev.tilewright.editor.EditorFrameRate [base URL, default http://localhost:8080]}
 */
public final class EditorFrameRate {

    private static final int WIDTH = 1024;
    private static final int HEIGHT = 256;

    private EditorFrameRate() {
    }

    public static void main(String[] args) throws Exception {
        URI base = URI.create(args.length > 0 ? args[0] : "http://localhost:8080");
        Api api = new Api(base.getPort());
        long tileset = api.uploadTileset("frame-rate", 8, 8);
        Api.Response created = api.postJson("/api/v1/maps", "{\"name\":\"frame rate\",\"width\":" + WIDTH
                + ",\"height\":" + HEIGHT + ",\"tileWidth\":16,\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":"
                + tileset + "}],\"layers\":[{\"name\":\"ground\",\"type\":\"tile\"},{\"name\":\"decor\","
                + "\"type\":\"tile\"},{\"name\":\"top\",\"type\":\"tile\"}]}");
        long mapId = created.json().get("id").asLong();
        Random random = new Random(1);
        for (int layer = 1; layer <= 3; layer++) {
            for (int y = 0; y < HEIGHT; y += 64) {
                StringBuilder gids = new StringBuilder();
                for (int i = 0; i < WIDTH * 64; i++) {
                    // the ground full, the other layers a third and a tenth covered
                    int gid = layer == 1 || random.nextInt(layer == 2 ? 3 : 10) == 0 ? 1 + random.nextInt(64) : 0;
                    gids.append(i == 0 ? "" : ",").append(gid);
                }
                Api.Response put = api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"putRegion\","
                        + "\"layerId\":" + layer + ",\"x\":0,\"y\":" + y + ",\"width\":" + WIDTH + ",\"height\":64,"
                        + "\"gids\":[" + gids + "]}]}", "If-Match", "*");
                if (put.status() != 200) {
                    throw new IllegalStateException(put.text());
                }
            }
        }
        Path dir = Files.createTempDirectory("frame-rate");
        ChromeDriver browser = Browsers.chromium(dir, "--window-size=1600,1000");
        Browsers.signIn(browser, base.getPort());
        try {
            browser.get(base.resolve("/maps/" + mapId + "/edit").toString());
            new WebDriverWait(browser, Duration.ofSeconds(60)).until(d ->
                    "true".equals(d.findElement(By.tagName("body")).getDomAttribute("data-ready")));
            browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
            report("pan", browser.executeAsyncScript(PAN, 1.0));
            report("pan at 30%", browser.executeAsyncScript(PAN, 0.3));
            report("paint", browser.executeAsyncScript(PAINT));
        } finally {
            browser.quit();
            api.delete("/api/v1/maps/" + mapId); // leaves the instance as it was
            api.delete("/api/v1/tilesets/" + tileset);
        }
    }

    /** Measures frames while {@code step(t)} runs before each, for five seconds; answers the numbers. */
    private static final String MEASURE = """
            const done = arguments[arguments.length - 1];
            const { renderer } = window.tilewright;
            const draw = renderer.draw.bind(renderer);
            const drawTimes = [];
            renderer.draw = () => { const t0 = performance.now(); draw(); drawTimes.push(performance.now() - t0); };
            const intervals = [];
            let last = null;
            const start = performance.now();
            function frame(now) {
              if (last !== null) intervals.push(now - last);
              last = now;
              if (now - start > 5000) {
                renderer.draw = draw;
                const pct = (a, p) => { const s = a.slice().sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
                done({ frames: intervals.length, seconds: (now - start) / 1000,
                  intervalP50: pct(intervals, 0.5), intervalP95: pct(intervals, 0.95), intervalP99: pct(intervals, 0.99),
                  drawP50: pct(drawTimes, 0.5), drawP95: pct(drawTimes, 0.95), draws: drawTimes.length,
                  blocks: renderer.nearBlocks, canvas: renderer.canvas.width + 'x' + renderer.canvas.height });
                return;
              }
              step(now - start);
              requestAnimationFrame(frame);
            }
            requestAnimationFrame(frame);
            """;

    /** Pans right and back across the map at 100% zoom: every frame shows new cells. */
    private static final String PAN = """
            const { editor } = window.tilewright;
            editor.view.zoom = arguments[0];
            function step(t) {
              const speed = 1.2 / editor.view.zoom; // map px per ms: the same screen speed at any zoom
              const span = 1024 * 16 - editor.view.width / editor.view.zoom;
              const x = (t * speed) % (2 * span);
              editor.view.x = x < span ? x : 2 * span - x;
              editor.view.y = Math.max(0, 1000 + 600 * Math.sin(t / 700) - (editor.view.zoom < 1 ? 1000 : 0));
              editor.emit('view');
            }
            """ + MEASURE;

    /** Paints with the brush along a wave through real pointer events, a cell or more each frame. */
    private static final String PAINT = """
            const { editor } = window.tilewright;
            const canvas = document.querySelector('[data-testid="map-canvas"]');
            const box = canvas.getBoundingClientRect();
            editor.view.x = 0; editor.view.y = 0; editor.view.zoom = 1;
            editor.setStamp({ width: 1, height: 1, gids: new Uint32Array([5]), cellsAt: (map, x, y) => map.inside(x, y) ? [{ x, y, gid: 5 + (x % 7) }] : [] });
            editor.setTool('brush');
            const fire = (type, x, y) => canvas.dispatchEvent(new PointerEvent(type, { clientX: box.left + x, clientY: box.top + y,
              button: 0, buttons: type === 'pointerup' ? 0 : 1, pointerId: 1, bubbles: true }));
            let down = false;
            function step(t) {
              const x = 20 + (t * 0.25) % (box.width - 40);
              const y = box.height / 2 + (box.height / 3) * Math.sin(t / 300);
              if (!down) { fire('pointerdown', x, y); down = true; } else { fire('pointermove', x, y); }
              if (t > 4900) { fire('pointerup', x, y); }
            }
            """ + MEASURE;

    @SuppressWarnings("unchecked")
    private static void report(String phase, Object answer) {
        Map<String, Object> m = (Map<String, Object>) answer;
        double fps = ((Number) m.get("frames")).doubleValue() / ((Number) m.get("seconds")).doubleValue();
        System.out.printf("%-10s %5.1f frames/s; frame interval p50 %.1f ms, p95 %.1f ms, p99 %.1f ms; "
                        + "our drawing p50 %.2f ms, p95 %.2f ms over %s draws (canvas %s, %s cached blocks)%n",
                phase, fps, num(m, "intervalP50"), num(m, "intervalP95"), num(m, "intervalP99"), num(m, "drawP50"),
                num(m, "drawP95"), m.get("draws"), m.get("canvas"), m.get("blocks"));
    }

    private static double num(Map<String, Object> m, String key) {
        return ((Number) m.get(key)).doubleValue();
    }
}
