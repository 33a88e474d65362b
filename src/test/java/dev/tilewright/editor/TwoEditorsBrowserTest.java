package dev.tilewright.editor;

import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.CuttableProxy;
import dev.tilewright.support.EditorPage;
import dev.tilewright.support.FeatureTest;
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
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Two people on one map in two headless Chromium sessions, live: each sees the other's painted tiles and cursor
 * (how soon is printed; speed is docs/benchmarks.md's), the people lists name both, and after one of them goes off the network, paints, and comes back,
 * both end with the server's state. Objects both made at once (both editors naming theirs 1) are both kept, the
 * late one under the server's next id, and its maker's undo follows it there; so do the edits an earlier tab left
 * unsent, sent by REST on the next load.
 */
@FeatureTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS) // one pair of browsers (Alice's, Bob's) for the class
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER})
class TwoEditorsBrowserTest {

    private static final int W = 20;
    private static final int H = 12;

    @TempDir
    static Path dir;
    @LocalServerPort
    int port;
    Api api;
    ChromeDriver alice;
    ChromeDriver bob;
    CuttableProxy bobsNetwork;

    @BeforeAll
    void open() throws Exception {
        api = new Api(port);
        bobsNetwork = new CuttableProxy(port);
        long project = api.projectOf(api.newMap("project of", 1, 1));
        Api.Person a = api.person("Alice", project, "editor");
        Api.Person b = api.person("Bob", project, "editor");
        alice = Browsers.chromium(dir.resolve("alice"));
        Browsers.signIn(alice, port, a.email(), a.password());
        bob = Browsers.chromium(dir.resolve("bob"));
        Browsers.signIn(bob, port, b.email(), b.password());
    }

    /** Nothing of a test's editors runs into the next test's, and Bob's network is whole again. */
    @AfterEach
    void leave() {
        bobsNetwork.mend();
        bobsNetwork.thaw();
        for (ChromeDriver browser : new ChromeDriver[]{alice, bob}) {
            if (browser != null) {
                browser.get("about:blank");
            }
        }
    }

    @AfterAll
    void close() throws Exception {
        Browsers.quit(alice, bob);
        bobsNetwork.close();
    }

    /** The gid the browser's own map holds at a cell. */
    private static long cell(ChromeDriver browser, int x, int y) {
        return ((Number) browser.executeScript("return window.tilewright.editor.map.layer(1).get(arguments[0], arguments[1])",
                x, y)).longValue();
    }

    /** Milliseconds until a condition holds in a browser (polled every 10 ms), or -1 after 5 s. */
    private static long millisUntil(ChromeDriver browser, String condition, Object... args) {
        Object took = browser.executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                const args = Array.from(arguments).slice(1, -1);
                const check = new Function('args', 'return ' + arguments[0]);
                const start = performance.now();
                const poll = () => {
                  if (check(args)) done(performance.now() - start);
                  else if (performance.now() - start > 5000) done(-1);
                  else setTimeout(poll, 10);
                };
                poll();""", withArgs(condition, args));
        return ((Number) took).longValue();
    }

    private static Object[] withArgs(String condition, Object[] args) {
        Object[] all = new Object[args.length + 1];
        all[0] = condition;
        System.arraycopy(args, 0, all, 1, args.length);
        return all;
    }

    /** Alice straight to the server, Bob through his cuttable network; returns when each sees the other. */
    private void openBoth(long mapId) {
        alice.get("http://localhost:" + port + "/maps/" + mapId + "/edit");
        bob.get("http://localhost:" + bobsNetwork.port() + "/maps/" + mapId + "/edit");
        EditorPage a = new EditorPage(alice);
        EditorPage b = new EditorPage(bob);
        a.waitReady();
        b.waitReady();
        a.waitFor("Alice sees Bob", () -> a.testId("people").getText().contains("Bob"));
        b.waitFor("Bob sees Alice", () -> b.testId("people").getText().contains("Alice"));
    }

    /** "id cellX,cellY" of each object of a layer as a browser's map holds it (cells: clicks land within a pixel). */
    private static String objects(ChromeDriver browser, int layerId) {
        return (String) browser.executeScript("return window.tilewright.editor.map.layer(arguments[0]).objects"
                + ".map(o => o.id + ' ' + Math.floor(o.x / 16) + ',' + Math.floor(o.y / 16)).join('; ')", layerId);
    }

    @Test
    void eachSeesTheOthersTilesAndCursorWithinASecondAndBothEndWithTheServersState() throws Exception {
        long tileset = api.uploadTileset("terrain", 4, 2);
        long mapId = api.postJson("/api/v1/maps", "{\"name\":\"together\",\"width\":" + W + ",\"height\":" + H
                + ",\"tileWidth\":16,\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],"
                + "\"layers\":[{\"name\":\"ground\",\"type\":\"tile\"}]}").json().get("id").asLong();
        openBoth(mapId);
        EditorPage a = new EditorPage(alice);
        EditorPage b = new EditorPage(bob);
        assertThat(a.testId("people").getText()).contains("Alice (you)");
        assertThat(a.testId("save-state").getText()).isEqualTo("live – saved");

        a.pickTile(0);
        b.pickTile(2);
        a.atCell(new Actions(alice), 2, 2).click().perform();
        long[] took = new long[3];
        long seen = millisUntil(bob, "window.tilewright.editor.map.layer(1).get(args[0], args[1]) === 1", 2, 2);
        assertThat(seen).as("Bob sees Alice's tile within 5 s (ms)").isNotNegative();
        took[0] = seen;
        b.atCell(new Actions(bob), 3, 3).click().perform();
        seen = millisUntil(alice, "window.tilewright.editor.map.layer(1).get(args[0], args[1]) === 3", 3, 3);
        assertThat(seen).as("Alice sees Bob's tile within 5 s (ms)").isNotNegative();
        took[1] = seen;

        // Alice's pointer over cell (10, 6): Bob's canvas shows her cursor there, in her colour
        a.atCell(new Actions(alice), 10, 6).perform();
        seen = millisUntil(bob, "[...window.tilewright.session.people.values()].some(p => p.name === 'Alice' && p.cursor"
                + " && Math.abs(p.cursor.x - args[0]) < 2 && Math.abs(p.cursor.y - args[1]) < 2)", 10 * 16 + 8, 6 * 16 + 8);
        assertThat(seen).as("Bob sees Alice's cursor within 5 s (ms)").isNotNegative();
        took[2] = seen;
        System.out.printf("seen by the other (ms after Selenium's click/move returned): tile %d and %d, cursor %d%n",
                took[0], took[1], took[2]);
        Object drawn = bob.executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                requestAnimationFrame(() => requestAnimationFrame(() => {
                  const alice = [...window.tilewright.session.people.values()].find(p => p.name === 'Alice');
                  const probe = document.createElement('canvas').getContext('2d');
                  probe.fillStyle = alice.color;
                  probe.fillRect(0, 0, 1, 1);
                  const want = Array.from(probe.getImageData(0, 0, 1, 1).data).slice(0, 3);
                  const canvas = document.querySelector('[data-testid="map-canvas"]');
                  const scale = canvas.width / canvas.clientWidth;
                  const got = Array.from(canvas.getContext('2d').getImageData(Math.round((10 * 16 + 8 + 4) * scale),
                      Math.round((6 * 16 + 8 + 3) * scale), 1, 1).data).slice(0, 3);
                  done(JSON.stringify({ want, got }));
                }));""");
        JsonNode colours = JsonMapper.builder().build().readTree(drawn.toString());
        assertThat(colours.get("got")).as("Alice's cursor drawn on Bob's canvas").isEqualTo(colours.get("want"));

        // Bob goes off the network and paints; Alice paints meanwhile, one cell the same as Bob
        bobsNetwork.cut();
        b.waitFor("Bob is disconnected", () -> b.testId("save-state").getText().matches("(reconnecting|offline).*"));
        for (int x = 5; x <= 7; x++) {
            b.atCell(new Actions(bob), x, 5).click().perform();
        }
        b.waitFor("three pending", () -> b.testId("save-state").getText().endsWith("3 pending edits"));
        a.atCell(new Actions(alice), 6, 5).click().perform();
        a.atCell(new Actions(alice), 8, 8).click().perform();
        a.waitSaved();
        bobsNetwork.mend();
        b.waitFor("Bob is back and saved", () -> b.testId("save-state").getText().equals("live – saved"));
        a.waitFor("Alice has Bob's edits", () -> cell(alice, 7, 5) == 3);

        JsonNode server = api.get("/api/v1/maps/" + mapId + "/layers/1/cells").json().get("gids");
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                long want = server.get(y * W + x).asLong();
                assertThat(cell(alice, x, y)).as("Alice at %d,%d", x, y).isEqualTo(want);
                assertThat(cell(bob, x, y)).as("Bob at %d,%d", x, y).isEqualTo(want);
            }
        }
        assertThat(server.get(5 * W + 6).asLong()).as("Bob's offline edit came last").isEqualTo(3);
        assertThat(server.get(8 * W + 8).asLong()).isEqualTo(1);
        assertThat(List.of(cell(alice, 2, 2), cell(bob, 3, 3))).containsExactly(1L, 3L);
    }

    @Test
    void objectsBothMadeAtOnceAreBothKeptAndUndoRemovesOnlyOnesOwn() throws Exception {
        long mapId = api.postJson("/api/v1/maps", "{\"name\":\"objects together\",\"width\":" + W + ",\"height\":" + H
                + ",\"tileWidth\":16,\"tileHeight\":16,\"layers\":[{\"name\":\"things\",\"type\":\"object\"}]}")
                .json().get("id").asLong();
        openBoth(mapId);
        EditorPage a = new EditorPage(alice);
        EditorPage b = new EditorPage(bob);
        int layerId = ((Number) bob.executeScript("return window.tilewright.editor.layerId")).intValue();

        // Bob, off the network, places a point; Alice places one meanwhile: both editors named theirs 1
        bobsNetwork.cut();
        b.waitFor("Bob is disconnected", () -> b.testId("save-state").getText().matches("(reconnecting|offline).*"));
        b.testId("tool-object-point").click();
        b.atPixel(new Actions(bob), 200, 100).click().perform();
        a.testId("tool-object-point").click();
        a.atPixel(new Actions(alice), 40, 40).click().perform();
        a.waitSaved();
        assertThat(objects(bob, layerId)).isEqualTo("1 12,6");
        assertThat(objects(alice, layerId)).isEqualTo("1 2,2");

        bobsNetwork.mend();
        b.waitFor("Bob is back and saved", () -> b.testId("save-state").getText().equals("live – saved"));
        a.waitFor("Alice has Bob's point", () -> objects(alice, layerId).contains("12,6"));
        JsonNode server = api.get("/api/v1/maps/" + mapId).json().get("layers").get(0).get("objects");
        assertThat(server).hasSize(2);
        assertThat(server.get(0).get("id").asInt()).isEqualTo(1);
        assertThat(server.get(0).get("x").asDouble()).as("Alice's point kept its id").isCloseTo(40, within(1.0));
        assertThat(server.get(1).get("id").asInt()).isEqualTo(2);
        assertThat(server.get(1).get("x").asDouble()).as("Bob's point under the server's id").isCloseTo(200, within(1.0));
        assertThat(objects(bob, layerId)).isEqualTo("1 2,2; 2 12,6");
        assertThat(objects(alice, layerId)).isEqualTo("1 2,2; 2 12,6");

        // Bob's undo takes back his own point (now 2), not Alice's 1
        new Actions(bob).keyDown(Keys.CONTROL).sendKeys("z").keyUp(Keys.CONTROL).perform();
        b.waitSaved();
        a.waitFor("Alice sees Bob's undo", () -> objects(alice, layerId).equals("1 2,2"));
        assertThat(objects(bob, layerId)).isEqualTo("1 2,2");
        server = api.get("/api/v1/maps/" + mapId).json().get("layers").get(0).get("objects");
        assertThat(server).hasSize(1);
        assertThat(server.get(0).get("x").asDouble()).isCloseTo(40, within(1.0));

        // an earlier tab of Bob's left an object (named 1) and a rename of it unsent: the reload sends them, the
        // object under the server's next id, the rename to it and not to Alice's 1
        bob.executeScript("localStorage.setItem('tilewright.pending.' + arguments[0], JSON.stringify({"
                + "clientId: 'an-earlier-tab', version: 1, sending: null, pending: ["
                + "{seq: 1, fresh: true, op: {type: 'addObject', layerId: arguments[1], object: {id: 1, name: 'kept', x: 100, y: 100}}},"
                + "{seq: 2, op: {type: 'updateObject', layerId: arguments[1], objectId: 1, patch: {name: 'renamed'}}}]}))",
                mapId, layerId);
        bob.navigate().refresh();
        b.waitReady();
        server = api.get("/api/v1/maps/" + mapId).json().get("layers").get(0).get("objects");
        assertThat(server).hasSize(2);
        assertThat(server.get(0).get("name").asString()).as("Alice's object untouched").isEmpty();
        assertThat(server.get(1).get("id").asInt()).isEqualTo(3);
        assertThat(server.get(1).get("name").asString()).isEqualTo("renamed");
        a.waitFor("Alice sees it", () -> objects(alice, layerId).equals("1 2,2; 3 6,6"));
    }
}
