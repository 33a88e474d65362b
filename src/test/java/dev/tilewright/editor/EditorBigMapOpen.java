package dev.tilewright.editor;

import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Random;

/**
 * Opening a big map in the editor, measured in headless Chromium against a running app (not a test: our machines are
 * noisy): a side x side map of 16 px tiles with two layers (a ground of four tiles in bands with a random variant on
 * one cell in eight, and decoration on one cell in six, half flipped) is opened twice (the second time the browser
 * may revalidate what it holds); prints the bytes transferred, the time until the editor is ready and the JS heap
 * then; then pans across the whole map at 100%, 25% and 10% (frame intervals, chunks held, JS heap after a collection) and
 * times a 12-cell stroke until saved, and deletes the map and tileset it made. The instance must run with the tests' bootstrap token and admin
 * ({@code support/Credentials}).
 * <p>
 * {@code java ... dev.tilewright.editor.EditorBigMapOpen [base URL, default http://localhost:8080] [side, default 4096]
 * [percent painted, default 100]}: below 100, that share of its 2048x2048 parts is painted, at random, and the one
 * the editor opens on (a 65,536x65,536 map with 1% painted: {@code 65536 1}).
 */
public final class EditorBigMapOpen {

    private static final int PART = 2048;

    /**
     * Pans the view across the map along four rows from its top to its bottom edge, a screen's width every 20 frames
     * (a brisk drag), as the frames come, for at most 1,800 frames (half a minute at 60 frames a second); then the frame intervals (median, p95, the longest), the chunks held and the JS heap after
     * a collection.
     */
    private static final String PAN = """
            const [zoom, done] = arguments;
            const { editor, renderer, stream } = window.tilewright;
            const { view, map } = editor;
            view.zoom = zoom;
            const worldW = map.width * map.tileWidth, worldH = map.height * map.tileHeight;
            const stepX = view.width / zoom / 20, rowH = (worldH - view.height / zoom) / 3;
            let x = 0, y = 0, row = 0, last = performance.now(), most = 0;
            const gaps = [];
            const frame = (now) => {
              gaps.push(now - last); last = now;
              most = Math.max(most, stream.held); // its own count: heldChunks() reads every chunk's flag
              x += stepX;
              if (x > worldW - view.width / zoom) { x = 0; row++; y = row * rowH; }
              if (row > 3 || gaps.length >= 1800) {
                gaps.sort((a, b) => a - b);
                window.gc?.();
                setTimeout(() => done({ frames: gaps.length, medianMs: gaps[gaps.length >> 1].toFixed(1),
                  p95Ms: gaps[Math.floor(gaps.length * 0.95)].toFixed(1), longestMs: gaps[gaps.length - 1].toFixed(1),
                  heldMost: most, heapAfterGcBytes: performance.memory.usedJSHeapSize }), 500);
                return;
              }
              view.x = x; view.y = y; renderer.requestDraw();
              requestAnimationFrame(frame);
            };
            requestAnimationFrame(frame);""";

    /** Paints 12 cells in view as one stroke and times it until the session says saved. */
    private static final String STROKE = """
            const done = arguments[0];
            const { editor, session } = window.tilewright;
            const x0 = Math.floor(editor.view.x / editor.map.tileWidth) + 5, y0 = Math.floor(editor.view.y / editor.map.tileHeight) + 5;
            const started = performance.now();
            const stop = session.listen((e) => {
              if (e.type === 'state' && e.state === 'saved') { stop?.(); done({ savedMs: (performance.now() - started).toFixed(1) }); }
            });
            editor.edit({ type: 'paint', layerId: 1, cells: Array.from({ length: 12 }, (_, i) => ({ x: x0 + i, y: y0, gid: 2 })) });""";

    private EditorBigMapOpen() {
    }

    public static void main(String[] args) throws Exception {
        URI base = URI.create(args.length > 0 ? args[0] : "http://localhost:8080");
        int side = args.length > 1 ? Integer.parseInt(args[1]) : 4096;
        double percent = args.length > 2 ? Double.parseDouble(args[2]) : 100;
        Api api = new Api(base.getPort());
        long tileset = api.uploadTileset("big-open", 24, 12);
        long mapId = api.postJson("/api/v1/maps", "{\"name\":\"big open\",\"width\":" + side + ",\"height\":" + side
                + ",\"tileWidth\":16,\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],\"layers\":"
                + "[{\"name\":\"ground\",\"type\":\"tile\"},{\"name\":\"decoration\",\"type\":\"tile\"}]}")
                .json().get("id").asLong();
        Random random = new Random(42);
        for (int layer = 1; layer <= 2; layer++) {
            for (int y0 = 0; y0 < side; y0 += PART) {
                for (int x0 = 0; x0 < side; x0 += PART) {
                    if ((x0 > 0 || y0 > 0) && random.nextDouble() * 100 >= percent) {
                        continue;
                    }
                    int[] gids = new int[PART * PART];
                    for (int i = 0; i < gids.length; i++) {
                        int x = x0 + i % PART;
                        int y = y0 + i / PART;
                        gids[i] = layer == 1 ? 1 + ((x / 7 + y / 5) % 4) * 24 + (random.nextInt(8) == 0 ? 1 + random.nextInt(3) : 0)
                                : random.nextInt(6) == 0 ? (49 + random.nextInt(96)) | (random.nextBoolean() ? 0x80000000 : 0) : 0;
                    }
                    Api.Response put = api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":"
                            + "\"putRegion\",\"layerId\":" + layer + ",\"x\":" + x0 + ",\"y\":" + y0 + ",\"width\":" + PART
                            + ",\"height\":" + PART + ",\"data\":\"" + dev.tilewright.support.Zlib.gids(gids) + "\"}]}", "If-Match", "*");
                    if (put.status() != 200) {
                        throw new IllegalStateException(put.text());
                    }
                }
            }
        }
        ChromeDriver browser = Browsers.chromium(Files.createTempDirectory("big-open"), "--window-size=1400,900",
                "--js-flags=--expose-gc");
        browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(600));
        try {
            Browsers.signIn(browser, base.getPort());
            for (String run : new String[]{"first open", "again"}) {
                long started = System.nanoTime();
                browser.get(base.resolve("/maps/" + mapId + "/edit").toString());
                new WebDriverWait(browser, Duration.ofSeconds(300)).until(d ->
                        "true".equals(d.findElement(By.tagName("body")).getDomAttribute("data-ready")));
                long wall = (System.nanoTime() - started) / 1_000_000;
                Object stats = browser.executeScript("""
                        const r = performance.getEntriesByType('resource');
                        const nav = performance.getEntriesByType('navigation')[0];
                        const packs = r.filter((e) => e.name.includes('/chunks?'));
                        const first = window.tilewright.editor.renderer.firstMapFrameAt;
                        return { firstFrameMs: Math.round(first), transferredBeforeFirstFrameBytes: nav.transferSize
                            + r.filter((e) => e.responseEnd <= first).reduce((a, e) => a + e.transferSize, 0),
                          transferredBytes: r.reduce((a, e) => a + e.transferSize, 0) + nav.transferSize,
                          chunkPacks: packs.length, chunkBytesDecoded: packs.reduce((a, e) => a + e.decodedBodySize, 0),
                          readyMs: Math.round(performance.now()), heapBytes: performance.memory.usedJSHeapSize };""");
                System.out.printf("%dx%d %s: ready after %d ms (wall) %s%n", side, side, run, wall, stats);
                String shot = System.getProperty("tilewright.shot"); // -Dtilewright.shot=file.png: what it looked like
                if (shot != null) {
                    Files.write(java.nio.file.Path.of(shot), browser.getScreenshotAs(org.openqa.selenium.OutputType.BYTES));
                }
            }
            for (double zoom : new double[]{1, 0.25, 0.1}) {
                System.out.printf("%dx%d pan at %.0f%%: %s%n", side, side, zoom * 100, browser.executeAsyncScript(PAN, zoom));
            }
            String shot = System.getProperty("tilewright.shot");
            if (shot != null) { // and after the pans, at 10%
                Files.write(java.nio.file.Path.of(shot.replace(".png", "-panned.png")),
                        browser.getScreenshotAs(org.openqa.selenium.OutputType.BYTES));
            }
            System.out.printf("%dx%d a 12-cell stroke: %s%n", side, side, browser.executeAsyncScript(STROKE));
        } finally {
            browser.quit();
            api.delete("/api/v1/maps/" + mapId); // leaves the instance as it was
            api.delete("/api/v1/tilesets/" + tileset);
        }
    }
}
