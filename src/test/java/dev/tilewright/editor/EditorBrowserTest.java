package dev.tilewright.editor;

import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.ClassBrowser;
import dev.tilewright.support.CuttableProxy;
import dev.tilewright.support.EditorPage;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.Pngs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;
import org.springframework.boot.test.web.server.LocalServerPort;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The editor in a real browser (Debian's chromium): a map created from the maps page's dialog, a tileset uploaded
 * from the editor's dialog, tiles painted with the brush, a rectangle and the bucket, erased, undone and redone;
 * then the server's cells and a screenshot of the reloaded editor must show exactly that. Edits made while the
 * browser is offline wait (the live socket drops), arrive once it is back, and survive a reload.
 */
@FeatureTest
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER})
class EditorBrowserTest {

    private static final int W = 20;
    private static final int H = 12;
    private static final int TILE = 16;

    @TempDir
    Path dir;
    @LocalServerPort
    int port;
    ChromeDriver browser;
    Api api;
    /** The browser reaches the service through it, so a test can take the browser off the network. */
    CuttableProxy proxy;
    EditorPage page;

    /** One browser for the class; each test opens its own map through its own proxy. */
    @TempDir
    static Path profile;
    static final ClassBrowser SHARED = new ClassBrowser();

    @BeforeEach
    void openBrowser() throws Exception {
        api = new Api(port);
        proxy = new CuttableProxy(port);
        browser = SHARED.signedIn(profile, port);
        page = new EditorPage(browser);
    }

    @AfterEach
    void leavePage() throws Exception {
        proxy.close();
        SHARED.leave();
    }

    @AfterAll
    static void closeBrowser() {
        SHARED.close();
    }

    private void waitFor(String what, BooleanSupplier condition) {
        page.waitFor(what, condition);
    }

    private WebElement testId(String id) {
        return page.testId(id);
    }

    private void waitReady() {
        page.waitReady();
    }

    private void waitSaved() {
        page.waitSaved();
    }

    /** Moves to the centre of a map cell (the view starts at 100% over the map's top-left corner). */
    private Actions atCell(Actions actions, int x, int y) {
        return page.atCell(actions, x, y);
    }

    /** Types keys at the editor, with the canvas focused (not clicked: a click would use the current tool). */
    private void keys(CharSequence keys) {
        browser.executeScript("arguments[0].focus()", testId("map-canvas"));
        new Actions(browser).sendKeys(keys).perform();
    }

    /** Picks tile {@code local} in the palette (4 columns, at its 200% zoom). */
    private void pickTile(int local) {
        page.pickTile(local);
    }

    private long[] serverCells(long mapId) {
        long[] gids = new long[W * H];
        var json = api.get("/api/v1/maps/" + mapId + "/layers/1/cells").json().get("gids");
        for (int i = 0; i < gids.length; i++) {
            gids[i] = json.get(i).asLong();
        }
        return gids;
    }

    /** The colour Pngs.atlas gives tile {@code local} of a 4-column atlas. */
    private static int colour(long gid) {
        int local = (int) gid - 1;
        int cell = (local / 4) * 97 + local % 4;
        return (cell * 0x3F1F7) & 0xFFFFFF;
    }

    private long createMapAndTileset() throws Exception {
        browser.get("http://localhost:" + proxy.port() + "/maps");
        testId("new-map").click();
        testId("new-map-name").sendKeys("painted " + java.util.UUID.randomUUID());
        testId("new-map-width").clear();
        testId("new-map-width").sendKeys(String.valueOf(W));
        testId("new-map-height").clear();
        testId("new-map-height").sendKeys("0");
        testId("new-map-create").click();
        waitFor("the dialog refuses a zero height", () -> testId("dialog-error").getText().contains("Height"));
        testId("new-map-height").clear();
        testId("new-map-height").sendKeys(String.valueOf(H));
        testId("new-map-create").click();
        waitFor("the editor opened", () -> browser.getCurrentUrl().endsWith("/edit"));
        waitReady();
        String url = browser.getCurrentUrl();
        long mapId = Long.parseLong(url.replaceAll(".*/maps/(\\d+)/edit$", "$1"));

        Path png = dir.resolve("terrain.png");
        Files.write(png, Pngs.atlas(64, 32));
        testId("add-tileset").click();
        testId("tileset-submit").click();
        waitFor("the dialog asks for an image", () -> testId("dialog-error").getText().contains("PNG"));
        testId("tileset-file").sendKeys(png.toString());
        assertThat(testId("tileset-name").getDomProperty("value")).isEqualTo("terrain");
        testId("tileset-submit").click();
        waitFor("the palette shows the tileset", () -> testId("tileset-palette").getSize().getWidth() == 128);
        waitSaved();
        return mapId;
    }

    @Test
    void paintFillRectangleEraseUndoRedoAndReloadShowWhatWasPainted() throws Exception {
        long mapId = createMapAndTileset();
        long[] expected = new long[W * H];

        pickTile(1); // gid 2, the brush: a stroke along row 1
        Actions stroke = atCell(new Actions(browser), 1, 1).clickAndHold();
        for (int x = 2; x <= 4; x++) {
            stroke = atCell(stroke, x, 1);
        }
        stroke.release().perform();
        for (int x = 1; x <= 4; x++) {
            expected[W + x] = 2;
        }

        pickTile(2); // gid 3, a rectangle from (2, 3) to (6, 6)
        testId("tool-rect").click();
        atCell(new Actions(browser), 2, 3).clickAndHold().perform();
        atCell(new Actions(browser), 6, 6).release().perform();
        for (int y = 3; y <= 6; y++) {
            for (int x = 2; x <= 6; x++) {
                expected[y * W + x] = 3;
            }
        }

        pickTile(3); // gid 4, the bucket in the empty region
        testId("tool-fill").click();
        atCell(new Actions(browser), 0, 10).click().perform();
        for (int i = 0; i < expected.length; i++) {
            expected[i] = expected[i] == 0 ? 4 : expected[i];
        }
        waitSaved();
        assertThat(serverCells(mapId)).isEqualTo(expected);

        // undo the fill, redo it
        WebElement canvas = testId("map-canvas");
        browser.executeScript("arguments[0].focus()", canvas);
        new Actions(browser).keyDown(Keys.CONTROL).sendKeys("z").keyUp(Keys.CONTROL).perform();
        waitSaved();
        assertThat(serverCells(mapId)[W * H - 1]).as("the fill undone").isZero();
        assertThat(serverCells(mapId)[W + 1]).as("the stroke stays").isEqualTo(2);
        testId("redo").click();
        waitSaved();
        assertThat(serverCells(mapId)).isEqualTo(expected);

        // the eraser
        keys("e");
        atCell(new Actions(browser), 1, 1).click().perform();
        expected[W + 1] = 0;
        waitSaved();
        assertThat(serverCells(mapId)).isEqualTo(expected);
        assertThat(testId("status-bar").getText()).contains("saved").contains("v");

        browser.navigate().refresh();
        waitReady();
        page.waitForFrames();
        BufferedImage shot = ImageIO.read(new ByteArrayInputStream(testId("map-canvas").getScreenshotAs(OutputType.BYTES)));
        Files.write(Path.of("target", "editor-browser.png"), browser.getScreenshotAs(OutputType.BYTES));
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                long gid = expected[y * W + x];
                int pixel = shot.getRGB(x * TILE + TILE / 2, y * TILE + TILE / 2) & 0xFFFFFF;
                if (gid != 0) {
                    assertThat(Integer.toHexString(pixel)).as("cell %d,%d (gid %d)", x, y, gid)
                            .isEqualTo(Integer.toHexString(colour(gid)));
                } else {
                    assertThat(List.of(colour(2), colour(3), colour(4))).as("erased cell %d,%d", x, y)
                            .doesNotContain(pixel);
                }
            }
        }
    }

    @Test
    void editsWaitWhileTheServerIsUnreachableSurviveAReloadAndArriveLater() throws Exception {
        long mapId = createMapAndTileset();
        pickTile(0);
        offline(true);
        atCell(new Actions(browser), 5, 5).click().perform();
        waitFor("disconnected with one pending edit", () -> testId("save-state").getText()
                .matches("(reconnecting|offline) – 1 pending edit"));
        assertThat(serverCells(mapId)[5 * W + 5]).as("not arrived yet").isZero();
        waitFor("kept in the browser (IndexedDB)", () -> page.keptEdits(mapId).contains("\"x\":5"));

        offline(false);
        waitFor("the edit arrived once the socket is back", () -> serverCells(mapId)[5 * W + 5] == 1);
        waitSaved();
        assertThat(testId("save-state").getText()).isEqualTo("live – saved");

        // edits made offline survive a reload: the page sends them (REST, with the clientId they were made under)
        offline(true);
        atCell(new Actions(browser), 6, 5).click().perform();
        waitFor("one pending edit", () -> testId("save-state").getText().endsWith("1 pending edit"));
        offline(false);
        browser.executeCdpCommand("Network.setBlockedURLs", Map.of("urls", List.of("*/live")));
        browser.navigate().refresh();
        waitReady();
        waitFor("the edit from before the reload arrived", () -> serverCells(mapId)[5 * W + 6] == 1);
        waitFor("nothing kept once sent", () -> page.keptEdits(mapId).equals("[]"));
        browser.executeCdpCommand("Network.setBlockedURLs", Map.of("urls", List.of()));
    }

    /** Takes the browser off the network (its connections, the live socket among them, drop) or back on. */
    private void offline(boolean off) {
        if (off) {
            proxy.cut();
        } else {
            proxy.mend();
        }
    }

    @Test
    void gridOverridesArePaintedOnTheCollisionOverlayAndTheQueryToolWalksARay() throws Exception {
        long mapId = createMapAndTileset();
        long tileset = api.get("/api/v1/maps/" + mapId).json().get("tilesets").get(0).get("tilesetId").asLong();
        assertThat(api.patchJson("/api/v1/tilesets/" + tileset + "/tiles/0", "{\"solid\":true}").status()).isEqualTo(200);
        pickTile(0); // a solid wall at column 6, rows 0..4
        Actions wall = atCell(new Actions(browser), 6, 0).clickAndHold();
        for (int y = 1; y <= 4; y++) {
            wall = atCell(wall, 6, y);
        }
        wall.release().perform();
        waitSaved();

        testId("tool-grid").click();
        Actions floor = atCell(new Actions(browser), 2, 9).clickAndHold();
        floor = atCell(floor, 4, 9);
        floor.release().perform();
        new Actions(browser).keyDown(Keys.SHIFT).perform();
        atCell(new Actions(browser), 6, 2).click().perform();
        new Actions(browser).keyUp(Keys.SHIFT).perform();
        waitSaved();
        var overrides = api.get("/api/v1/maps/" + mapId + "/grid/overrides").json().get("elements");
        assertThat(overrides.toString()).contains("{\"x\":2,\"y\":9,\"sides\":15}", "{\"x\":3,\"y\":9,\"sides\":15}",
                "{\"x\":4,\"y\":9,\"sides\":15}", "{\"x\":6,\"y\":2,\"sides\":0}");
        assertThat(overrides).hasSize(4);
        var grid = api.get("/api/v1/maps/" + mapId + "/grid").json().get("cells");
        assertThat(grid.get(9).get(3).asInt() & 15).as("painted solid").isEqualTo(15);
        assertThat(grid.get(2).get(6).asInt() & 15).as("a gap in the wall").isZero();
        assertThat(grid.get(3).get(6).asInt() & 15).isEqualTo(15);
        assertThat(testId("collision-grid").isSelected()).as("the overlay came on with the tool").isTrue();
        page.waitForFrames();
        BufferedImage shot = ImageIO.read(new ByteArrayInputStream(testId("map-canvas").getScreenshotAs(OutputType.BYTES)));
        int overridden = shot.getRGB(3 * TILE + TILE / 2, 9 * TILE + TILE / 2);
        assertThat((overridden >> 16) & 0xFF).as("red over an overridden element, was %06x", overridden & 0xFFFFFF)
                .isGreaterThan(overridden & 0xFF);

        // the query tool: a ray along row 3 stops at the wall (the current layer's first non-empty tile)
        keys("q");
        atCell(new Actions(browser), 0, 3).clickAndHold().perform();
        atCell(new Actions(browser), 12, 3).release().perform();
        waitFor("the query answered", () -> testId("notice").getText().startsWith("Ray:"));
        assertThat(testId("notice").getText()).contains("hit tile 6, 3");
        Files.write(Path.of("target", "editor-grid-query.png"), browser.getScreenshotAs(OutputType.BYTES));
    }

    /** Moves to a map pixel (the view starts at 100% over the map's top-left corner). */
    private Actions atPixel(Actions actions, int x, int y) {
        return page.atPixel(actions, x, y);
    }

    @Test
    void enumAndClassPropertiesAreEditedAsTheProjectsTypesSay() throws Exception {
        long mapId = createMapAndTileset();
        String types = "/api/v1/projects/" + api.get("/api/v1/maps/" + mapId).json().get("projectId").asLong()
                + "/property-types";
        assertThat(api.putJson(types, """
                [{"name": "Weather", "type": "enum", "storageType": "string", "values": ["sun", "rain", "snow"]},
                 {"name": "Crate", "type": "class", "members": [{"name": "size", "type": "int", "value": 2}]},
                 {"name": "Spawner", "type": "class", "members": [
                     {"name": "box", "type": "class", "propertyType": "Crate", "value": {}},
                     {"name": "rate", "type": "float", "value": 1.5},
                     {"name": "weather", "type": "string", "propertyType": "Weather", "value": "sun"}]}]""")
                .status()).isEqualTo(200);
        try {
            browser.navigate().refresh();
            waitReady();
            WebElement map = browser.findElement(By.xpath("//section[h3[text()='Map']]"));
            // an enum property: added with its first value, then another picked from its values
            map.findElement(By.cssSelector("[data-testid=new-property-name]")).sendKeys("sky");
            new Select(map.findElement(By.cssSelector("[data-testid=new-property-type]"))).selectByValue("custom:Weather");
            map.findElement(By.cssSelector("[data-testid=add-property]")).click();
            waitSaved();
            var sky = api.get("/api/v1/maps/" + mapId).json().get("properties").get(0);
            assertThat(sky.toString()).isEqualTo("{\"name\":\"sky\",\"type\":\"string\",\"value\":\"sun\","
                    + "\"propertyType\":\"Weather\"}");
            Select weather = new Select(browser.findElement(By.cssSelector("select[data-property=sky]")));
            assertThat(weather.getOptions()).extracting(WebElement::getText).containsExactly("sun", "rain", "snow");
            weather.selectByValue("rain");
            waitSaved();
            assertThat(api.get("/api/v1/maps/" + mapId).json().get("properties").get(0).get("value").asString())
                    .isEqualTo("rain");

            // a class property: its members shown with the class's defaults, each edited in place, nested too
            map = browser.findElement(By.xpath("//section[h3[text()='Map']]"));
            map.findElement(By.cssSelector("[data-testid=new-property-name]")).sendKeys("spawn");
            new Select(map.findElement(By.cssSelector("[data-testid=new-property-type]"))).selectByValue("custom:Spawner");
            map.findElement(By.cssSelector("[data-testid=add-property]")).click();
            waitSaved();
            WebElement rate = browser.findElement(By.cssSelector("fieldset[data-property=spawn] input[data-property=rate]"));
            assertThat(rate.getDomProperty("value")).isEqualTo("1.5");
            rate.clear();
            rate.sendKeys("3", Keys.TAB);
            waitSaved();
            new Select(browser.findElement(By.cssSelector("fieldset[data-property=spawn] select[data-property=weather]")))
                    .selectByValue("snow");
            waitSaved();
            WebElement size = browser.findElement(By.cssSelector(
                    "fieldset[data-property=spawn] fieldset[data-property=box] input[data-property=size]"));
            assertThat(size.getDomProperty("value")).isEqualTo("2");
            size.clear();
            size.sendKeys("7", Keys.TAB);
            waitSaved();

            // a list property (Tiled 1.12): items of any type added at its end, each edited in place, a class's too
            map = browser.findElement(By.xpath("//section[h3[text()='Map']]"));
            map.findElement(By.cssSelector("[data-testid=new-property-name]")).sendKeys("drops");
            new Select(map.findElement(By.cssSelector("[data-testid=new-property-type]"))).selectByValue("list");
            map.findElement(By.cssSelector("[data-testid=add-property]")).click();
            waitSaved();
            for (String type : List.of("int", "custom:Crate")) {
                WebElement drops = browser.findElement(By.cssSelector("fieldset[data-property=drops]"));
                new Select(drops.findElement(By.cssSelector("[data-testid=new-item-type]"))).selectByValue(type);
                drops.findElement(By.cssSelector("[data-testid=add-item]")).click();
                waitSaved();
            }
            WebElement first = browser.findElement(By.cssSelector("fieldset[data-property=drops] input[data-property='drops[0]']"));
            first.clear();
            first.sendKeys("12", Keys.TAB);
            waitSaved();
            WebElement crate = browser.findElement(By.cssSelector(
                    "fieldset[data-property=drops] fieldset[data-property='drops[1]'] input[data-property=size]"));
            assertThat(crate.getDomProperty("value")).as("the class's default").isEqualTo("2");
            crate.clear();
            crate.sendKeys("5", Keys.TAB);
            waitSaved();
            Files.write(Path.of("target", "editor-class-properties.png"), browser.getScreenshotAs(OutputType.BYTES));
            String tmx = api.get("/api/v1/maps/" + mapId + "/export?format=tmx").text();
            assertThat(tmx).contains("<property name=\"sky\" propertytype=\"Weather\" value=\"rain\"/>",
                    "<property name=\"spawn\" type=\"class\" propertytype=\"Spawner\">",
                    "<property name=\"box\" type=\"class\" propertytype=\"Crate\">",
                    "<property name=\"size\" type=\"int\" value=\"7\"/>",
                    "<property name=\"rate\" type=\"float\" value=\"3\"/>",
                    "<property name=\"weather\" propertytype=\"Weather\" value=\"snow\"/>",
                    "<property name=\"drops\" type=\"list\">", "<value type=\"int\">12</value>",
                    "<value type=\"class\" propertytype=\"Crate\">", "<property name=\"size\" type=\"int\" value=\"5\"/>");
        } finally {
            api.putJson(types, "[]");
        }
    }

    @Test
    void aLayerIsDrawnAndPaintedAtItsOffsetAndWithParallaxWhereTheCameraSeesIt() throws Exception {
        long mapId = createMapAndTileset();
        String map = "/api/v1/maps/" + mapId;
        // the layer drawn one tile right and one down: the cell under the pointer is the one shown there
        assertThat(api.postJson(map + "/ops", "{\"ops\":[{\"type\":\"updateLayer\",\"layerId\":1,"
                + "\"patch\":{\"offset\":{\"dx\":16,\"dy\":16}}}]}", "If-Match", "*").status()).isEqualTo(200);
        waitFor("the offset arrived", () -> Boolean.TRUE.equals(browser.executeScript(
                "return window.tilewright.editor.map.layer(1).attributes.offset.dx === 16")));
        pickTile(1);
        atCell(new Actions(browser), 3, 2).click().perform();
        waitSaved();
        long[] cells = serverCells(mapId);
        assertThat(cells[W + 2]).as("painted where it shows: cell (2, 1) of the layer").isEqualTo(2);
        assertThat(cells[2 * W + 3]).isZero();
        // with parallax shown, a half-speed layer moves with the view; painting still lands where it shows
        assertThat(api.postJson(map + "/ops", "{\"ops\":[{\"type\":\"updateLayer\",\"layerId\":1,"
                + "\"patch\":{\"offset\":{\"dx\":0,\"dy\":0},\"parallax\":{\"x\":0.5,\"y\":1}}}]}",
                "If-Match", "*").status()).isEqualTo(200);
        waitFor("the parallax factor arrived", () -> Boolean.TRUE.equals(browser.executeScript(
                "return window.tilewright.editor.map.layer(1).attributes.parallax.x === 0.5")));
        testId("parallax").click();
        waitFor("parallax shown", () -> Boolean.TRUE.equals(browser.executeScript(
                "return window.tilewright.editor.renderer.parallax === true")));
        // the view starts at (0, 0), 100%: its centre is half the canvas's width; the layer moves (1 - 0.5) x that
        double shift = 0.5 * ((Number) browser.executeScript(
                "return document.querySelector('[data-testid=map-canvas]').clientWidth")).doubleValue() / 2;
        pickTile(2);
        atCell(new Actions(browser), 25, 5).click().perform();
        waitSaved();
        cells = serverCells(mapId);
        int painted = -1;
        for (int i = 0; i < cells.length; i++) {
            if (cells[i] == 3) {
                painted = i;
            }
        }
        assertThat(painted).as("painted somewhere").isNotNegative();
        assertThat(painted / W).as("the row: parallax 1 vertically").isEqualTo(5);
        assertThat(painted % W).as("the column under the pointer once the layer is moved by " + shift)
                .isEqualTo((int) Math.floor((25 * TILE + TILE / 2.0 - shift) / TILE));
        Files.write(Path.of("target", "editor-offsets.png"), browser.getScreenshotAs(OutputType.BYTES));
    }

    @Test
    void theMinimapShowsAChangeAtOnceNotOnlyWithTheNextThumbnail() throws Exception {
        createMapAndTileset();
        pickTile(5);
        atCell(new Actions(browser), 10, 6).click().perform();
        int tile = colour(6);
        // 20x12 tiles of 16 px on a 200 px minimap: 10 minimap px a tile; the thumbnail is not fetched again for 30 s
        // (the wait gives up after 15 s, before the next thumbnail could come: only the editor's own drawing passes)
        WebElement minimap = testId("minimap");
        waitFor("the cell on the minimap", () -> {
            BufferedImage shown = image(minimap);
            int x = (int) Math.round(105.0 * shown.getWidth() / 200);
            int y = (int) Math.round(65.0 * shown.getWidth() / 200);
            return (shown.getRGB(x, y) & 0xFFFFFF) == tile;
        });
    }

    @Test
    void aLayersTintIsMultipliedIntoItsTilesAsTiledDrawsIt() throws Exception {
        long mapId = createMapAndTileset();
        pickTile(5);
        atCell(new Actions(browser), 1, 1).click().perform();
        waitSaved();
        atCell(new Actions(browser), 15, 9).perform(); // the brush's preview follows the pointer: away from the cell
        int tile = colour(6);
        waitFor("the tile drawn", () -> (image(testId("map-canvas")).getRGB(24, 24) & 0xFFFFFF) == tile);
        // red multiplied in leaves the red channel only
        assertThat(api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"updateLayer\",\"layerId\":1,"
                + "\"patch\":{\"tint\":\"#ff0000\"}}]}", "If-Match", "*").status()).isEqualTo(200);
        int red = (tile >> 16) & 0xFF;
        assertThat(red).as("a tile with some red, for the test to mean something").isGreaterThan(16);
        awaitCanvasPixel("the tile tinted red", 24, 24,
                rgb -> Math.abs(((rgb >> 16) & 0xFF) - red) <= 1 && (rgb & 0xFFFF) == 0);

        // a tile object on a green-tinted object layer keeps only its green
        assertThat(api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"addLayer\",\"kind\":\"object\","
                + "\"attributes\":{\"name\":\"props\",\"tint\":\"#00ff00\"}},{\"type\":\"addObject\",\"layerId\":2,"
                + "\"object\":{\"x\":128,\"y\":64,\"width\":16,\"height\":16,\"gid\":6}}]}", "If-Match", "*")
                .status()).isEqualTo(200);
        int green = (tile >> 8) & 0xFF;
        awaitCanvasPixel("the tile object tinted green", 136, 56,
                rgb -> Math.abs(((rgb >> 8) & 0xFF) - green) <= 1 && (rgb & 0xFF00FF) == 0);
    }

    /** Waits until the canvas pixel at (x, y) satisfies {@code ok}; failing, says what it was. */
    private void awaitCanvasPixel(String what, int x, int y, java.util.function.IntPredicate ok) {
        int[] seen = new int[1];
        try {
            waitFor(what, () -> {
                seen[0] = image(testId("map-canvas")).getRGB(x, y) & 0xFFFFFF;
                return ok.test(seen[0]);
            });
        } catch (RuntimeException e) {
            throw new AssertionError(what + ": the pixel is " + Integer.toHexString(seen[0]), e);
        }
    }

    @Test
    void groupLayersAreATreeInTheLayersPanel() throws Exception {
        long mapId = createMapAndTileset();
        String map = "/api/v1/maps/" + mapId;
        // paint a cell, then make a group: a layer added while the group is chosen goes into it
        pickTile(1);
        atCell(new Actions(browser), 0, 0).click().perform();
        testId("add-group-layer").click();
        waitFor("the group", () -> testId("layer-list").findElements(By.tagName("li")).size() == 2);
        testId("add-tile-layer").click();
        waitFor("a layer in the group", () -> testId("layer-list").findElements(By.tagName("li")).size() == 3);
        waitSaved();
        var layers = api.get(map).json().get("layers");
        assertThat(layers).hasSize(3);
        assertThat(layers.get(1).get("type").asString()).isEqualTo("group");
        long group = layers.get(1).get("id").asLong();
        assertThat(layers.get(2).get("parentId").asLong()).isEqualTo(group);
        // the panel: the group above its layer, which is indented under it; folding hides it
        List<WebElement> items = testId("layer-list").findElements(By.tagName("li"));
        assertThat(items.get(0).getDomAttribute("data-layer-id")).isEqualTo(String.valueOf(group));
        assertThat(items.get(1).getDomAttribute("data-layer-id")).isEqualTo(layers.get(2).get("id").asString());
        assertThat(Double.parseDouble(items.get(1).getCssValue("padding-left").replace("px", "")))
                .as("indented under its group")
                .isGreaterThan(Double.parseDouble(items.get(2).getCssValue("padding-left").replace("px", "")));
        items.get(0).findElement(By.cssSelector("[data-testid=layer-fold]")).click();
        waitFor("folded", () -> testId("layer-list").findElements(By.tagName("li")).size() == 2);
        items = testId("layer-list").findElements(By.tagName("li"));
        items.get(0).findElement(By.cssSelector("[data-testid=layer-fold]")).click();
        waitFor("unfolded", () -> testId("layer-list").findElements(By.tagName("li")).size() == 3);

        // the bottom layer dragged onto the group goes into it; hiding the group hides what is in it
        items = testId("layer-list").findElements(By.tagName("li"));
        new Actions(browser).clickAndHold(items.get(2)).moveToElement(items.get(0)).release().perform();
        waitFor("the painted layer in the group", () -> api.get(map).json().get("layers").get(2).path("parentId")
                .asLong() == group);
        items = testId("layer-list").findElements(By.tagName("li"));
        items.get(0).findElement(By.cssSelector("[data-testid=layer-visible]")).click();
        waitSaved();
        assertThat(api.get(map).json().get("layers").get(0).get("visible").asBoolean()).isFalse();
        assertThat(api.get(map + "/render.png?x=0&y=0&width=16&height=16").body())
                .as("a hidden group's layers are not drawn")
                .isEqualTo(api.get(map + "/render.png?x=16&y=16&width=16&height=16").body());
        Files.write(Path.of("target", "editor-groups.png"), browser.getScreenshotAs(OutputType.BYTES));
        // and it exports nested
        assertThat(api.get(map + "/export?format=tmx").text()).containsPattern(
                "(?s)<group id=\"" + group + "\" name=\"Group 1\"[^>]*visible=\"0\"[^>]*>.*<layer .*<layer .*</group>");
    }

    @Test
    void objectsAreDrawnMovedResizedAndTheirPropertiesEdited() throws Exception {
        long mapId = createMapAndTileset();
        browser.findElement(By.cssSelector("[data-action=add-object-layer]")).click();
        waitSaved();
        var layers = api.get("/api/v1/maps/" + mapId).json().get("layers");
        assertThat(layers.get(1).get("type").asString()).isEqualTo("object");
        String objectsOf = "/api/v1/maps/" + mapId;

        testId("tool-object-rectangle").click();
        atPixel(new Actions(browser), 20, 30).clickAndHold().perform();
        atPixel(new Actions(browser), 68, 62).release().perform();
        testId("tool-object-point").click();
        atPixel(new Actions(browser), 200, 100).click().perform();
        testId("tool-object-polygon").click();
        atPixel(new Actions(browser), 100, 20).click().perform();
        atPixel(new Actions(browser), 140, 20).click().perform();
        atPixel(new Actions(browser), 120, 60).click().perform();
        new Actions(browser).sendKeys(Keys.ENTER).perform();
        waitSaved();
        var objects = api.get(objectsOf).json().get("layers").get(1).get("objects");
        assertThat(objects).hasSize(3);
        assertThat(objects.get(0).get("shape").asString()).isEqualTo("rectangle");
        assertThat(objects.get(0).get("width").asDouble()).isEqualTo(48);
        assertThat(objects.get(0).get("height").asDouble()).isEqualTo(32);
        // where the drag began, within a pixel: the canvas's centre, which Selenium's offsets start at, may be odd
        double x0 = objects.get(0).get("x").asDouble();
        double y0 = objects.get(0).get("y").asDouble();
        assertThat(x0).isCloseTo(20, org.assertj.core.data.Offset.offset(1.0));
        assertThat(y0).isCloseTo(30, org.assertj.core.data.Offset.offset(1.0));
        assertThat(objects.get(1).get("shape").asString()).isEqualTo("point");
        assertThat(objects.get(2).get("points")).hasSize(3);

        // select the rectangle, move it by (10, 5), then drag its corner handle by (12, 8)
        testId("tool-object-select").click();
        atPixel(new Actions(browser), 40, 40).clickAndHold().perform();
        atPixel(new Actions(browser), 50, 45).release().perform();
        atPixel(new Actions(browser), 78, 67).clickAndHold().perform();
        atPixel(new Actions(browser), 90, 75).release().perform();
        waitSaved();
        var moved = api.get(objectsOf).json().get("layers").get(1).get("objects").get(0);
        assertThat(moved.get("x").asDouble()).isEqualTo(x0 + 10);
        assertThat(moved.get("y").asDouble()).isEqualTo(y0 + 5);
        assertThat(moved.get("width").asDouble()).isEqualTo(60);
        assertThat(moved.get("height").asDouble()).isEqualTo(40);

        // its name and a custom property from the properties panel
        WebElement name = browser.findElement(By.cssSelector("[data-testid=object-properties] input[data-field=name]"));
        name.sendKeys("spawn", Keys.TAB);
        WebElement objectProps = testId("object-properties");
        objectProps.findElement(By.cssSelector("[data-testid=new-property-name]")).sendKeys("team");
        objectProps.findElement(By.cssSelector("[data-testid=add-property]")).click();
        waitSaved();
        var named = api.get(objectsOf).json().get("layers").get(1).get("objects").get(0);
        assertThat(named.get("name").asString()).isEqualTo("spawn");
        assertThat(named.get("properties").get(0).get("name").asString()).isEqualTo("team");

        // Delete removes the selected object
        keys(Keys.DELETE);
        waitSaved();
        assertThat(api.get(objectsOf).json().get("layers").get(1).get("objects")).hasSize(2);

        // a tile's solidity from the panel is the tileset's
        pickTile(2);
        testId("tile-solid").click();
        long tileset = api.get(objectsOf).json().get("tilesets").get(0).get("tilesetId").asLong();
        waitFor("the tile is solid", () -> api.get("/api/v1/tilesets/" + tileset).json().get("tiles").toString()
                .contains("\"solid\""));
        Files.write(Path.of("target", "editor-objects.png"), browser.getScreenshotAs(OutputType.BYTES));
    }

    @Test
    @RequiresTools(Tool.TILED)
    void aTiledMapImportedFromTheMenuOpensAndTheMinimapMovesTheView() throws Exception {
        long mapId = createMapAndTileset();
        Path examples = dev.tilewright.format.TiledExamples.copy(dir.resolve("examples"));
        testId("import-open").click();
        WebElement input = testId("import-files");
        browser.executeScript("arguments[0].hidden = false", input);
        input.sendKeys(String.join("\n", examples.resolve("desert.tmx").toString(), examples.resolve("desert.tsx").toString(),
                examples.resolve("tmw_desert_spacing.png").toString()));
        waitFor("the imported map opened", () -> !browser.getCurrentUrl().endsWith("/maps/" + mapId + "/edit"));
        waitReady();
        assertThat(testId("map-name").getText()).isEqualTo("desert");
        long imported = Long.parseLong(browser.getCurrentUrl().replaceAll(".*/maps/(\\d+)/edit$", "$1"));
        assertThat(api.get("/api/v1/maps/" + imported).json().get("width").asInt()).isEqualTo(40);

        // the minimap shows the map; a click on its far corner moves the view there
        WebElement minimap = testId("minimap");
        waitFor("the minimap has the map", () -> {
            BufferedImage image = image(minimap);
            return (image.getRGB(image.getWidth() / 2, image.getHeight() / 2) & 0xFFFFFF) != 0x1b1f27;
        });
        new Actions(browser).moveToElement(minimap, minimap.getSize().getWidth() / 2 - 3,
                minimap.getSize().getHeight() / 2 - 3).click().perform();
        Number viewX = (Number) browser.executeScript("return window.tilewright.editor.view.x");
        assertThat(viewX.doubleValue()).as("the view moved to the map's right part").isGreaterThan(40 * 32 / 2.0);
    }

    @Test
    @RequiresTools(Tool.TILED)
    void animatedTilesPlayInTheCanvas() throws Exception {
        Path examples = dev.tilewright.format.TiledExamples.copy(dir.resolve("examples"));
        Map<String, byte[]> files = new java.util.LinkedHashMap<>();
        for (String name : List.of("rpg/island.tmx", "rpg/beach_tileset.tsx", "rpg/beach_tileset.png")) {
            files.put(name, Files.readAllBytes(examples.resolve(name)));
        }
        Api.Response created = api.postFiles("/api/v1/maps/import", files);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        browser.get("http://localhost:" + proxy.port() + "/maps/" + created.json().get("id").asLong() + "/edit");
        waitReady();
        waitFor("an animated tile drawn", () -> Boolean.TRUE.equals(browser.executeScript(
                "return window.tilewright.editor.renderer.animating === true")));
        // nothing changes on the map, yet the water's frames come one after another (Tiled's beach water: 1 s each)
        BufferedImage first = image(testId("map-canvas"));
        long version = api.get("/api/v1/maps/" + created.json().get("id").asLong()).json().get("version").asLong();
        waitFor("the animation moved on", () -> differing(first, image(testId("map-canvas"))) > 100);
        assertThat(api.get("/api/v1/maps/" + created.json().get("id").asLong()).json().get("version").asLong())
                .as("with no edit").isEqualTo(version);
    }

    /** How many of every second pixel of two images differ. */
    private static int differing(BufferedImage a, BufferedImage b) {
        int count = 0;
        for (int y = 0; y < Math.min(a.getHeight(), b.getHeight()); y += 2) {
            for (int x = 0; x < Math.min(a.getWidth(), b.getWidth()); x += 2) {
                count += a.getRGB(x, y) != b.getRGB(x, y) ? 1 : 0;
            }
        }
        return count;
    }

    private BufferedImage image(WebElement element) {
        try {
            return ImageIO.read(new ByteArrayInputStream(element.getScreenshotAs(OutputType.BYTES)));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void layersPanelSelectionPasteAndAnEditFromElsewhereMeetOnTheServer() throws Exception {
        long mapId = createMapAndTileset();
        String map = "/api/v1/maps/" + mapId;

        // layers: add one, rename it, hide and lock it, set its opacity, drag it below the first, delete it
        testId("add-tile-layer").click();
        waitFor("two layers", () -> testId("layer-list").findElements(By.tagName("li")).size() == 2);
        WebElement top = testId("layer-list").findElements(By.tagName("li")).get(0);
        new Actions(browser).doubleClick(top.findElement(By.className("name"))).perform();
        WebElement rename = testId("layer-list").findElement(By.cssSelector("input.rename"));
        rename.sendKeys(Keys.chord(Keys.CONTROL, "a"), "decor", Keys.ENTER);
        testId("layer-list").findElements(By.tagName("li")).get(0).findElement(By.cssSelector("[data-testid=layer-visible]")).click();
        testId("layer-list").findElements(By.tagName("li")).get(0).findElement(By.cssSelector("[data-testid=layer-locked]")).click();
        WebElement opacity = testId("layer-opacity");
        browser.executeScript("arguments[0].value = '40'; arguments[0].dispatchEvent(new Event('change'))", opacity);
        waitSaved();
        var decor = api.get(map).json().get("layers").get(1);
        assertThat(decor.get("name").asString()).isEqualTo("decor");
        assertThat(decor.get("visible").asBoolean()).isFalse();
        assertThat(decor.get("locked").asBoolean()).isTrue();
        assertThat(decor.get("opacity").asDouble()).isEqualTo(0.4);
        List<WebElement> items = testId("layer-list").findElements(By.tagName("li"));
        new Actions(browser).clickAndHold(items.get(0)).moveToElement(items.get(1)).release().perform();
        waitFor("decor moved to the bottom", () -> "decor".equals(api.get(map).json().get("layers").get(0).get("name").asString()));
        testId("layer-list").findElements(By.tagName("li")).get(1).click();
        testId("remove-layer").click();
        waitSaved();
        assertThat(api.get(map).json().get("layers")).hasSize(1);

        // someone else fills the top-left corner through REST meanwhile: it reaches us over the live socket, ours on top
        long theirs = api.uploadTileset("theirs", 2, 1, api.projectOf(mapId));
        assertThat(api.postJson(map + "/ops", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":0,\"y\":0,"
                + "\"width\":3,\"height\":2,\"gid\":6},{\"type\":\"addTileset\",\"tilesetId\":" + theirs + "}]}",
                "If-Match", "*").status()).isEqualTo(200);
        testId("layer-list").findElements(By.tagName("li")).get(0).click();
        pickTile(1);
        atCell(new Actions(browser), 1, 1).click().perform();
        waitSaved();
        long[] cells = serverCells(mapId);
        assertThat(cells[0]).as("theirs").isEqualTo(6);
        assertThat(cells[W + 1]).as("ours on top").isEqualTo(2);
        waitFor("their tileset in the palette's tabs", () -> testId("tileset-tabs").findElements(By.tagName("button")).size() == 2);

        // select the 3x2 corner, copy, paste it as the brush at (10, 5)
        testId("tool-select").click();
        atCell(new Actions(browser), 0, 0).clickAndHold().perform();
        atCell(new Actions(browser), 2, 1).release().perform();
        browser.executeScript("arguments[0].focus()", testId("map-canvas"));
        new Actions(browser).keyDown(Keys.CONTROL).sendKeys("c").sendKeys("v").keyUp(Keys.CONTROL).perform();
        atCell(new Actions(browser), 11, 5).click().perform(); // the stamp's centre cell: (1, 1) of a 3x2 stamp
        waitSaved();
        cells = serverCells(mapId);
        long[] pasted = new long[6];
        long[] copied = new long[6];
        for (int y = 0; y < 2; y++) {
            for (int x = 0; x < 3; x++) {
                pasted[y * 3 + x] = cells[(4 + y) * W + 10 + x];
                copied[y * 3 + x] = cells[y * W + x];
            }
        }
        assertThat(pasted).isEqualTo(copied);
        assertThat(testId("map-version").getText()).isEqualTo("v" + api.get(map).json().get("version").asLong());
    }
}
