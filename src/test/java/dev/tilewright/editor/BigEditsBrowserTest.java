package dev.tilewright.editor;

import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.EditorPage;
import dev.tilewright.support.Eventually;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import dev.tilewright.support.VariedLayer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Keys;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The largest edits the editor lets a person make, with two editors live on the map: a bucket fill of a whole
 * 1024x1024 layer and a rectangle over a whole 4096x4096 layer (the editor fetches the chunks it does not hold first)
 * each travel as one compact op, are acknowledged, reach the other editor (still live: every cell it holds has it),
 * and a reload of the first shows saved with nothing kept. How long each took is
 * printed (speed is docs/benchmarks.md's).
 */
@FeatureTest
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER})
@TestInstance(TestInstance.Lifecycle.PER_CLASS) // one pair of browsers for the class: a start and sign-in cost seconds
class BigEditsBrowserTest {

    @TempDir
    static Path dir;
    @LocalServerPort
    int port;
    Api api;
    ChromeDriver alice;
    ChromeDriver bob;

    @BeforeAll
    void open() throws Exception {
        api = new Api(port);
        alice = Browsers.chromium(dir.resolve("alice"));
        Browsers.signIn(alice, port);
        bob = Browsers.chromium(dir.resolve("bob"));
        Browsers.signIn(bob, port);
        for (ChromeDriver browser : new ChromeDriver[]{alice, bob}) {
            browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
        }
    }

    /** Nothing of a test's editors runs into the next test's. */
    @AfterEach
    void leave() {
        for (ChromeDriver browser : new ChromeDriver[]{alice, bob}) {
            if (browser != null) {
                browser.get("about:blank");
            }
        }
    }

    @AfterAll
    void close() {
        Browsers.quit(alice, bob);
    }

    /** A side x side map open in both editors, alice with a tile picked and a tool chosen; its id. */
    private long openBoth(int side, int tile, String tool) {
        long mapId = api.newMap("big", side, side);
        openBoth(mapId);
        EditorPage a = new EditorPage(alice);
        a.pickTile(tile);
        a.testId(tool).click();
        return mapId;
    }

    private void openBoth(long mapId) {
        String page = "http://localhost:" + port + "/maps/" + mapId + "/edit";
        alice.get(page);
        bob.get(page);
        EditorPage a = new EditorPage(alice);
        EditorPage b = new EditorPage(bob);
        a.waitReady();
        b.waitReady();
        a.waitSaved();
        b.waitSaved();
    }

    /** Cells of layer 1 holding a gid on the server, read in strips within max-cells-per-read. */
    private long serverCount(long mapId, int side, int gid) {
        long count = 0;
        int rows = Math.max(1, (1 << 20) / side);
        for (int top = 0; top < side; top += rows) {
            int height = Math.min(rows, side - top);
            byte[] body = api.get("/api/v1/maps/" + mapId + "/layers/1/cells?x=0&y=" + top + "&width=" + side
                    + "&height=" + height, "Accept", "application/octet-stream").body();
            ByteBuffer gids = ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN);
            while (gids.hasRemaining()) {
                if (gids.getInt() == gid) {
                    count++;
                }
            }
        }
        return count;
    }

    /**
     * Cells of layer 1 a browser holds (its editor streams the chunks around its view) that do not hold the gid, or -1
     * when it holds none.
     */
    private static long browserMisses(ChromeDriver browser, int gid) {
        return ((Number) browser.executeScript("const layer = window.tilewright.editor.map.layer(1); let held = 0, n = 0;"
                + " for (let c = 0; c < layer.chunks.length; c++) { if (!layer.isLoaded(c)) continue; held++;"
                + " const chunk = layer.chunks[c]; if (chunk === null) { n += 4096; continue; }"
                + " for (const g of chunk) if (g !== arguments[0]) n++; }"
                + " return held === 0 ? -1 : n;", gid)).longValue();
    }

    /** Both editors hold every cell with the gid, live and saved; the server too; alice's reload keeps nothing. */
    private void everyoneHasIt(long mapId, int side, int gid, long started) {
        long cells = (long) side * side;
        Eventually.eventually("every cell on the server", Duration.ofSeconds(60),
                () -> serverCount(mapId, side, gid) == cells);
        long server = System.nanoTime();
        EditorPage a = new EditorPage(alice);
        EditorPage b = new EditorPage(bob);
        b.waitFor("every cell Bob's editor holds has it", () -> browserMisses(bob, gid) == 0);
        long other = System.nanoTime();
        a.waitSaved();
        b.waitSaved();
        assertThat(a.testId("save-state").getText()).isEqualTo("live – saved");
        assertThat(b.testId("save-state").getText()).as("the other editor is still live").isEqualTo("live – saved");
        System.out.printf("BigEditsBrowserTest: %dx%d, server has every cell after %d ms, the other editor after %d ms%n",
                side, side, (server - started) / 1_000_000, (other - started) / 1_000_000);

        alice.navigate().refresh();
        a.waitReady();
        a.waitSaved();
        assertThat(a.testId("save-state").getText()).isEqualTo("live – saved");
        assertThat(a.keptEdits(mapId)).as("nothing pending after the reload").isEqualTo("[]");
        assertThat(browserMisses(alice, gid)).as("every cell held after the reload").isZero();
    }

    @Test
    void aBucketFillOfAWhole1024LayerReachesTheServerAndTheOtherEditor() {
        long mapId = openBoth(1024, 2, "tool-fill");
        long started = System.nanoTime();
        new EditorPage(alice).atCell(new Actions(alice), 3, 3).click().perform();
        everyoneHasIt(mapId, 1024, 3, started);
    }

    @Test
    void aRectangleOverAWhole4096LayerReachesTheServerAndTheOtherEditor() {
        long mapId = openBoth(4096, 1, "tool-rect");
        long started = System.nanoTime();
        dragOverTheWholeMap(alice);
        everyoneHasIt(mapId, 4096, 2, started);
    }

    /**
     * The rectangle tool's own drag from the top-left cell to past the bottom-right one: a real pointer cannot reach
     * that far at the lowest zoom, so these pointer events are dispatched (the tool clips to the map).
     */
    private static void dragOverTheWholeMap(ChromeDriver browser) {
        browser.executeScript("""
                const canvas = document.querySelector('[data-testid="map-canvas"]');
                canvas.setPointerCapture = () => {};
                const box = canvas.getBoundingClientRect();
                const at = (type, x, y) => canvas.dispatchEvent(new PointerEvent(type, { clientX: box.left + x,
                  clientY: box.top + y, button: 0, buttons: 1, pointerId: 7, bubbles: true }));
                at('pointerdown', 4, 4);
                at('pointermove', 140000, 140000);
                at('pointerup', 140000, 140000);""");
    }

    /**
     * In a team's project, its editor (no admin of the team or the instance) draws a rectangle over a whole 8192x8192
     * layer of varied tiles (67 million cells; the editor holds a few chunks of them) without fetching what it covers,
     * and undoes it the usual way: the undo asks the server to put the cells back as they were before it (one
     * restoreCells), and both editors read the chunks they hold again. Both end live and saved, holding exactly the
     * varied tiles; how long each step took is printed.
     */
    @Test
    void aRectangleOverAWhole8192LayerOfVariedTilesIsUndoneByTheServerPuttingTheCellsBack() throws Exception {
        int side = 8192;
        Api.TeamProject team = api.teamProject("Vera", "editor");
        long tileset = team.owner().uploadTileset("varied", 4, 2, team.project());
        long mapId = team.owner().postJson("/api/v1/maps", "{\"name\":\"varied\",\"projectId\":" + team.project()
                + ",\"width\":" + side + ",\"height\":" + side + ",\"tileWidth\":16,\"tileHeight\":16,\"tilesets\":"
                + "[{\"tilesetId\":" + tileset + "}],\"layers\":[{\"name\":\"ground\",\"type\":\"tile\"}]}")
                .json().get("id").asLong();
        VariedLayer.paint(team.owner(), mapId, side, side);
        ChromeDriver admin = alice; // alice is the team's editor Vera here, in a browser of her own
        alice = Browsers.chromium(dir.resolve("vera"));
        try {
            alice.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
            Browsers.signIn(alice, port, team.member().email(), team.member().password());
            undoneByTheServer(mapId, side);
        } finally {
            Browsers.quit(alice);
            alice = admin;
        }
    }

    private void undoneByTheServer(long mapId, int side) throws Exception {
        openBoth(mapId);
        EditorPage a = new EditorPage(alice);
        EditorPage b = new EditorPage(bob);
        a.pickTile(1);
        a.testId("tool-rect").click();
        long started = System.nanoTime();
        dragOverTheWholeMap(alice);
        Eventually.eventually("the rectangle on the server", Duration.ofSeconds(60),
                () -> serverCell(mapId, 4000, 5000) == 2 && serverCell(mapId, side - 1, side - 1) == 2);
        long filled = System.nanoTime();
        b.waitFor("every cell Bob's editor holds has the rectangle's tile", () -> browserMisses(bob, 2) == 0);
        a.waitSaved();
        long seen = System.nanoTime();

        alice.executeScript("arguments[0].focus()", a.testId("map-canvas"));
        long undoing = System.nanoTime();
        new Actions(alice).keyDown(Keys.CONTROL).sendKeys("z").keyUp(Keys.CONTROL).perform();
        Eventually.eventually("the cells put back on the server", Duration.ofSeconds(60),
                () -> serverCell(mapId, 4000, 5000) == VariedLayer.gid(4000, 5000)
                        && serverCell(mapId, side - 1, side - 1) == VariedLayer.gid(side - 1, side - 1));
        long undone = System.nanoTime();
        for (ChromeDriver browser : new ChromeDriver[]{alice, bob}) {
            new EditorPage(browser).waitFor("every cell the editor holds as it was", () -> notVaried(browser) == 0);
        }
        long reread = System.nanoTime();
        a.waitSaved();
        b.waitSaved();
        assertThat(a.testId("save-state").getText()).isEqualTo("live – saved");
        assertThat(b.testId("save-state").getText()).as("the other editor is still live").isEqualTo("live – saved");
        System.out.printf("BigEditsBrowserTest: 8192x8192 varied: rectangle on the server after %d ms, in the other "
                        + "editor after %d ms; undo on the server after %d ms, both editors hold it after %d ms%n",
                (filled - started) / 1_000_000, (seen - started) / 1_000_000, (undone - undoing) / 1_000_000,
                (reread - undoing) / 1_000_000);
    }

    private long serverCell(long mapId, int x, int y) {
        return api.get("/api/v1/maps/" + mapId + "/layers/1/cells?x=" + x + "&y=" + y + "&width=1&height=1").json()
                .get("gids").get(0).asLong();
    }

    /** Cells of layer 1 the browser holds that are not VariedLayer's, or -1 when it holds none. */
    private static long notVaried(ChromeDriver browser) {
        return ((Number) browser.executeScript("const layer = window.tilewright.editor.map.layer(1); let held = 0, n = 0;"
                + " for (let c = 0; c < layer.chunks.length; c++) { if (!layer.isLoaded(c)) continue; held++;"
                + " const chunk = layer.chunks[c]; if (chunk === null) { n += 4096; continue; }"
                + " const cx = c % layer.chunksX, cy = Math.floor(c / layer.chunksX);"
                + " for (let i = 0; i < 4096; i++) { const x = cx * 64 + i % 64, y = cy * 64 + Math.floor(i / 64);"
                + " if (chunk[i] !== 1 + (Math.floor(x / 3) + y * 7) % 8) n++; } }"
                + " return held === 0 ? -1 : n;")).longValue();
    }
}
