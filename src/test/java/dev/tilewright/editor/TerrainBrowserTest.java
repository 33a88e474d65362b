package dev.tilewright.editor;

import dev.tilewright.core.terrain.TerrainBrush;
import dev.tilewright.core.terrain.WangTiles;
import dev.tilewright.format.TiledExamples;
import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.EditorPage;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Terrains;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Terrain tool in two headless Chromium editors on Tiled's own desert map: Alice picks Cobblestone under the
 * tileset and drags across the sand; one op, saved; the server holds exactly the tiles the server's brush
 * ({@code core.terrain}) computes for the same cells on the map as it was (so the browser and the server place the
 * same tiles), Bob sees them, a sand ring stands between cobblestone and dirt nowhere (no cell shows both), and one
 * undo takes the whole stroke back in both editors.
 */
@FeatureTest
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER, Tool.TILED})
class TerrainBrowserTest {

    private static final int TILE = 32;
    private static final int COBBLESTONE = 3;

    @TempDir
    Path dir;
    @LocalServerPort
    int port;
    ChromeDriver alice;
    ChromeDriver bob;

    @AfterEach
    void close() {
        Browsers.quit(alice, bob);
    }

    private static int[] cells(Api api, String map) {
        JsonNode gids = api.get(map + "/layers/1/cells").json().get("gids");
        int[] out = new int[gids.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (int) gids.get(i).asLong();
        }
        return out;
    }

    private static List<Long> shown(ChromeDriver browser) {
        List<Long> out = new ArrayList<>();
        for (Object gid : (List<?>) browser.executeScript("const l = window.tilewright.editor.map.layer(1); const out = [];"
                + " for (let y = 0; y < 40; y++) for (let x = 0; x < 40; x++) out.push(l.get(x, y)); return out;")) {
            out.add(((Number) gid).longValue());
        }
        return out;
    }

    private static List<Long> unsigned(int[] gids) {
        List<Long> out = new ArrayList<>();
        for (int gid : gids) {
            out.add(Integer.toUnsignedLong(gid));
        }
        return out;
    }

    @Test
    void aCobblestoneStrokeIsTheServersBrushsResultForBothEditorsAndOneUndoStep() throws Exception {
        Path examples = TiledExamples.copy(dir.resolve("examples"));
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (String name : List.of("desert.tmx", "desert.tsx", "tmw_desert_spacing.png")) {
            files.put(name, java.nio.file.Files.readAllBytes(examples.resolve(name)));
        }
        Api root = new Api(port);
        Api admin = root.as(root.token(root.person("Desert owner", root.projectOf(root.newMap("any", 2, 2)), "editor"),
                "write"));
        Api.Response imported = admin.postFiles("/api/v1/maps/import", files);
        assertThat(imported.status()).as(imported.text()).isEqualTo(201);
        long mapId = imported.json().get("id").asLong();
        String map = "/api/v1/maps/" + mapId;
        long project = root.projectOf(mapId);
        int[] before = cells(admin, map);

        Api.Person a = root.person("Alice", project, "editor");
        Api.Person b = root.person("Bob", project, "editor");
        alice = Browsers.editorOf(dir, port, a, mapId);
        bob = Browsers.editorOf(dir, port, b, mapId);
        EditorPage ap = new EditorPage(alice);
        EditorPage bp = new EditorPage(bob);

        // the tileset panel lists the desert's Wang set and its four terrains; Cobblestone takes the Terrain tool
        ap.waitFor("the terrains", () -> ap.testId("terrains").findElements(By.cssSelector("[data-testid=terrain-color]"))
                .size() == 4);
        assertThat(ap.testId("terrains").getText()).contains("Desert (corner)", "Brick", "Cobblestone", "Dirt");
        WebElement cobblestone = ap.testId("terrains").findElements(By.cssSelector("[data-testid=terrain-color]")).get(2);
        cobblestone.click();
        assertThat(alice.executeScript("return window.tilewright.editor.tool")).isEqualTo("terrain");
        assertThat(ap.testId("terrains").findElements(By.cssSelector("[data-testid=terrain-color][aria-pressed=true]")))
                .extracting(WebElement::getText).containsExactly("Cobblestone");

        // a drag over the sand west of the ruins: (2,3) -> (6,3) -> (6,6) -> (9,8)
        int[][] path = {{2, 3}, {6, 3}, {6, 6}, {9, 8}};
        Actions drag = ap.atPixel(new Actions(alice), path[0][0] * TILE + TILE / 2, path[0][1] * TILE + TILE / 2)
                .clickAndHold();
        for (int i = 1; i < path.length; i++) {
            drag = ap.atPixel(drag, path[i][0] * TILE + TILE / 2, path[i][1] * TILE + TILE / 2);
        }
        drag.release().perform();
        ap.waitSaved();
        assertThat(((Number) alice.executeScript("return window.tilewright.session.version")).longValue())
                .as("one op: one version after the import's").isEqualTo(2L);

        // the server's brush on the map as it was, for the cells the drag crossed (in the order the editor took
        // them), gives what the server now holds
        int[] stroke = ((List<?>) alice.executeScript("return window.tilewright.terrain.lastStroke")).stream()
                .mapToInt(n -> ((Number) n).intValue()).toArray();
        assertThat(stroke).startsWith(path[0][0], path[0][1]).endsWith(path[3][0], path[3][1]);
        JsonNode tileset = admin.get("/api/v1/tilesets/" + imported.json().get("tilesets").get(0).get("tilesetId")
                .asLong()).json();
        WangTiles tiles = Terrains.wangTiles(tileset, 0, 1);
        Terrains.Grid grid = new Terrains.Grid(40, 40, before);
        TerrainBrush.Result expected = TerrainBrush.paint(tiles, grid, stroke, COBBLESTONE, 0, 262_144);
        assertThat(expected.unmatched()).isZero();
        int[] after = cells(admin, map);
        assertThat(after).as("what the server holds: the server's brush for the same stroke")
                .containsExactly(grid.after(expected));
        assertThat(expected.cells().size()).isGreaterThan(stroke.length / 2);
        for (int i = 0; i < after.length; i++) {
            int[] id = tiles.wangIdOf(after[i]);
            if (id != null) {
                boolean cobble = id[1] == 3 || id[3] == 3 || id[5] == 3 || id[7] == 3;
                boolean other = id[1] == 2 || id[1] == 4 || id[3] == 2 || id[3] == 4 || id[5] == 2 || id[5] == 4
                        || id[7] == 2 || id[7] == 4;
                assertThat(cobble && other).as("cell %d joins cobblestone to brick or dirt directly", i).isFalse();
            }
        }
        bp.waitFor("Bob sees the stroke", () -> shown(bob).equals(unsigned(after)));
        Browsers.shoot(alice, "terrain-alice.png");
        Browsers.shoot(bob, "terrain-bob.png");

        // one undo takes the whole stroke back, for both
        alice.findElement(By.tagName("body")).sendKeys(Keys.chord(Keys.CONTROL, "z"));
        ap.waitSaved();
        bp.waitFor("Bob sees it undone", () -> shown(bob).equals(unsigned(before)));
        assertThat(cells(admin, map)).containsExactly(before);
    }

    @Test
    void aWangSetMadeInTheTilesetPanelIsSavedInTheTilesetAndOfferedAsTerrains() throws Exception {
        Api root = new Api(port);
        long mapId = root.newMap("plain", 8, 6);
        Api.Person a = root.person("Alice", root.projectOf(mapId), "editor");
        alice = Browsers.editorOf(dir, port, a, mapId);
        EditorPage ap = new EditorPage(alice);
        assertThat(ap.testId("terrains").isDisplayed()).as("no Wang sets: no terrains").isFalse();

        alice.findElement(By.cssSelector("[data-testid=wang-editor] summary")).click();
        // the panel fills in once the palette shows the map's tileset (it may come after the editor is ready)
        ap.waitFor("the Wang set editor", () -> !alice.findElements(By.cssSelector("[data-testid=wang-set-add]")).isEmpty());
        ap.testId("wang-set-add").click();
        new org.openqa.selenium.support.ui.Select(ap.testId("wang-set-type")).selectByValue("edge");
        ap.testId("wang-color-add").click();
        ap.testId("wang-color-add").click();
        WebElement second = ap.testId("wang-editor-body").findElements(By.cssSelector("[data-testid=wang-color]")).get(2);
        second.click();
        // tile 1's left edge (16 px tiles at the palette's 200%: tile 1 spans x 32..63), then tile 2's top edge
        WebElement palette = ap.testId("tileset-palette");
        alice.executeScript("arguments[0].scrollIntoView()", palette);
        int w = palette.getSize().getWidth();
        int h = palette.getSize().getHeight();
        new Actions(alice).moveToElement(palette, 35 - w / 2, 16 - h / 2).click().perform();
        new Actions(alice).moveToElement(palette, 80 - w / 2, 3 - h / 2).click().perform();
        ap.testId("wang-save").click();
        String tileset = "/api/v1/tilesets/" + root.get("/api/v1/maps/" + mapId).json().get("tilesets").get(0)
                .get("tilesetId").asLong();
        ap.waitFor("the set saved", () -> root.get(tileset).json().get("wangSets").size() == 1);
        JsonNode set = root.get(tileset).json().get("wangSets").get(0);
        assertThat(set.get("type").asString()).isEqualTo("edge");
        assertThat(set.get("colors").size()).isEqualTo(2);
        assertThat(set.get("tiles").toString()).isEqualTo("{\"1\":[0,0,0,0,0,0,2,0],\"2\":[2,0,0,0,0,0,0,0]}");
        ap.waitFor("its terrains offered", () -> ap.testId("terrains")
                .findElements(By.cssSelector("[data-testid=terrain-color]")).size() == 2);
        assertThat(root.get(tileset + "/export?format=tsx").text()).contains("type=\"edge\"", "wangid=\"0,0,0,0,0,0,2,0\"");
        Browsers.shoot(alice, "wang-set-editor.png");
    }
}
