package dev.tilewright.editor;

import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.EditorPage;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

/**
 * Every object tool by real pointer events, as a team's editor who is not an admin: a capsule, a polyline whose
 * vertices are dragged, added on an edge and deleted, text written and styled in the properties panel, a tile object
 * from the palette; the rotate handle (shift: 15° steps) turns an object about its centre and the rotation field
 * sets it; a marquee selects several, which move together; shift+click adds; the keys and buttons arrange the drawing
 * order; ctrl+D duplicates; Snap puts a new object on the grid; a template is made, placed and edited. The server
 * holds each as made, the TMX export writes each shape, and Tiled re-saving the zip export keeps them (but the capsule:
 * Tiled before 1.12 reads it as a rectangle).
 */
@FeatureTest
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER, Tool.TILED})
class ObjectToolsBrowserTest {

    @TempDir
    Path dir;
    @LocalServerPort
    int port;

    @Test
    void eachObjectToolMakesItsObjectAndTheSelectToolTurnsEditsSelectsAndArranges() throws Exception {
        Api admin = new Api(port);
        Api.TeamProject team = admin.teamProject("Oda", "editor");
        long tileset = team.owner().uploadTileset("props", 4, 2, team.project());
        JsonNode made = team.owner().postJson("/api/v1/maps", "{\"name\":\"objects\",\"projectId\":" + team.project()
                + ",\"width\":40,\"height\":25,\"tileWidth\":16,\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":"
                + tileset + "}],\"layers\":[{\"name\":\"ground\",\"type\":\"tile\"},{\"name\":\"things\","
                + "\"type\":\"object\"}]}").json();
        String map = "/api/v1/maps/" + made.get("id").asLong();
        Api api = team.memberApi();

        ChromeDriver browser = Browsers.editorOf(dir, port, team.member(), made.get("id").asLong());
        EditorPage page = new EditorPage(browser);
        try {
            browser.findElements(By.cssSelector("[data-testid=layer-list] li")).stream()
                    .filter(li -> li.getText().contains("things")).findFirst().orElseThrow().click();
            page.waitFor("the Objects panel", () -> page.testId("object-list-box").isDisplayed());

            // a capsule by dragging its box
            page.testId("tool-object-capsule").click();
            drag(page, browser, 40, 80, 104, 112);
            // a polyline by clicking its points, Enter ends it
            page.testId("tool-object-polyline").click();
            for (int[] p : new int[][]{{160, 40}, {200, 60}, {240, 40}}) {
                page.atPixel(new Actions(browser), p[0], p[1]).click().perform();
            }
            new Actions(browser).sendKeys(Keys.ENTER).perform();
            // text by a click, written and styled in the properties panel
            page.testId("tool-object-text").click();
            page.atPixel(new Actions(browser), 40, 200).click().perform();
            WebElement text = field(browser, "text");
            text.clear();
            text.sendKeys("Hello", Keys.TAB);
            page.waitSaved();
            field(browser, "bold").click();
            page.waitSaved();
            new Select(field(browser, "halign")).selectByValue("center");
            // a tile object of the tile picked in the palette (gid 3)
            page.pickTile(2);
            page.testId("tool-object-tile").click();
            page.atPixel(new Actions(browser), 300, 250).click().perform();
            page.waitSaved();

            List<JsonNode> objects = objects(api, map);
            assertThat(objects).extracting(o -> o.get("shape").asString())
                    .containsExactly("capsule", "polyline", "text", "rectangle");
            JsonNode capsule = objects.get(0);
            assertThat(capsule.get("width").asDouble()).isEqualTo(64);
            assertThat(capsule.get("height").asDouble()).isEqualTo(32);
            assertThat(objects.get(1).get("points")).hasSize(3);
            JsonNode hello = objects.get(2).get("text");
            assertThat(hello.get("text").asString()).isEqualTo("Hello");
            assertThat(hello.get("bold").asBoolean()).isTrue();
            assertThat(hello.get("halign").asString()).isEqualTo("center");
            assertThat(objects.get(2).get("width").asDouble()).isEqualTo(96);
            JsonNode tile = objects.get(3);
            assertThat(tile.get("gid").asLong()).isEqualTo(3);
            assertThat(tile.get("width").asDouble()).isEqualTo(16);
            assertThat(tile.get("x").asDouble()).isCloseTo(300, offset(1.0));

            // the rotate handle: 22 px above the capsule's top centre; dragged a quarter turn about its centre
            // (72, 96) with shift held, it snaps to exactly 90° and the centre stays
            page.testId("tool-object-select").click();
            double cx = capsule.get("x").asDouble() + 32;
            double cy = capsule.get("y").asDouble() + 16;
            page.atPixel(new Actions(browser), (int) cx, (int) cy).click().perform();
            page.atPixel(new Actions(browser), (int) cx, (int) cy - 16 - 22).clickAndHold().perform();
            page.atPixel(new Actions(browser).keyDown(Keys.SHIFT), (int) cx + 30, (int) cy + 2).perform();
            new Actions(browser).release().keyUp(Keys.SHIFT).perform();
            page.waitSaved();
            JsonNode turned = objects(api, map).get(0);
            assertThat(turned.get("rotation").asDouble()).isEqualTo(90);
            // its centre (x - 16, y + 32 once turned) is where it was
            assertThat(turned.get("x").asDouble() - 16).isCloseTo(cx, offset(0.01));
            assertThat(turned.get("y").asDouble() + 32).isCloseTo(cy, offset(0.01));
            Browsers.shoot(browser, "objects-turned-capsule.png");

            // the polyline's vertices: drag the last down 20, double click the new edge's middle to add one there,
            // click that one and Delete takes it away again
            page.atPixel(new Actions(browser), 180, 50).click().perform();
            drag(page, browser, 240, 40, 240, 80);
            page.waitSaved();
            assertThat(objects(api, map).get(1).get("points").get(2).get("dy").asDouble()).isCloseTo(40, offset(1.0));
            page.atPixel(new Actions(browser), 220, 70).doubleClick().perform();
            page.waitSaved();
            assertThat(objects(api, map).get(1).get("points")).hasSize(4);
            page.atPixel(new Actions(browser), 220, 70).click().perform();
            new Actions(browser).sendKeys(Keys.DELETE).perform();
            page.waitSaved();
            assertThat(objects(api, map).get(1).get("points")).hasSize(3);
            assertThat(objects(api, map)).as("the vertex went, not the object").hasSize(4);
            // the rotation field
            WebElement rotation = field(browser, "rotation");
            rotation.clear();
            rotation.sendKeys("45", Keys.TAB);
            page.waitSaved();
            assertThat(objects(api, map).get(1).get("rotation").asDouble()).isEqualTo(45);

            // a marquee over the text and the tile object selects both; dragging one moves both by (20, 20)
            drag(page, browser, 30, 190, 330, 260);
            page.waitFor("two selected in the list", () -> selectedRows(browser) == 2);
            JsonNode before = objects(api, map).get(2);
            drag(page, browser, 80, 212, 100, 232);
            page.waitSaved();
            List<JsonNode> moved = objects(api, map);
            assertThat(moved.get(2).get("x").asDouble()).isEqualTo(before.get("x").asDouble() + 20);
            assertThat(moved.get(3).get("y").asDouble()).isEqualTo(tile.get("y").asDouble() + 20);
            assertThat(moved.get(0).get("x").asDouble()).as("the capsule stayed").isEqualTo(turned.get("x").asDouble());
            // shift+click adds the capsule
            page.atPixel(new Actions(browser).keyDown(Keys.SHIFT), (int) cx, (int) cy).click().keyUp(Keys.SHIFT)
                    .perform();
            page.waitFor("three selected", () -> selectedRows(browser) == 3);
            Browsers.shoot(browser, "objects-selected.png");

            // the drawing order: the text alone to front (Home), to back (End), then raised one (the button)
            page.atPixel(new Actions(browser), 100, 232).click().perform();
            page.waitFor("one selected", () -> selectedRows(browser) == 1);
            long textId = moved.get(2).get("id").asLong();
            new Actions(browser).sendKeys(Keys.HOME).perform();
            page.waitSaved();
            assertThat(ids(api, map).indexOf(textId)).isEqualTo(3);
            new Actions(browser).sendKeys(Keys.END).perform();
            page.waitSaved();
            assertThat(ids(api, map).indexOf(textId)).isEqualTo(0);
            page.testId("object-raise").click();
            page.waitSaved();
            assertThat(ids(api, map).indexOf(textId)).isEqualTo(1);
            assertThat(browser.findElements(By.cssSelector("[data-testid=object-row]")).get(2)
                    .getDomAttribute("data-object-id")).as("the list: topmost first").isEqualTo(String.valueOf(textId));

            // ctrl+D: a copy a tile down and right, selected
            new Actions(browser).keyDown(Keys.CONTROL).sendKeys("d").keyUp(Keys.CONTROL).perform();
            page.waitSaved();
            List<JsonNode> five = objects(api, map);
            assertThat(five).hasSize(5);
            assertThat(five.get(4).get("text").get("text").asString()).isEqualTo("Hello");
            assertThat(five.get(4).get("x").asDouble()).isEqualTo(moved.get(2).get("x").asDouble() + 16);

            // Snap: a rectangle dragged from (50, 300) to (100, 340) lies on the grid
            page.testId("object-snap").click();
            page.testId("tool-object-rectangle").click();
            drag(page, browser, 50, 300, 100, 340);
            page.waitSaved();
            JsonNode snapped = objects(api, map).get(5);
            assertThat(List.of(snapped.get("x").asDouble(), snapped.get("y").asDouble(),
                    snapped.get("width").asDouble(), snapped.get("height").asDouble())).containsExactly(48.0, 304.0,
                    48.0, 32.0);
            Browsers.shoot(browser, "objects-tools.png");

            // a template from it, two instances placed by clicks (on the grid), one made larger by its handle, then
            // Update template: every instance is as large
            page.testId("template-name").sendKeys("crate");
            page.testId("template-make").click();
            page.waitFor("the template listed", () -> !browser.findElements(
                    By.cssSelector("[data-testid=template-row]")).isEmpty());
            browser.findElement(By.cssSelector("[data-testid=template-place]")).click();
            page.atPixel(new Actions(browser), 200, 320).click().perform();
            page.atPixel(new Actions(browser), 300, 320).click().perform();
            page.waitSaved();
            List<JsonNode> placed = objects(api, map);
            assertThat(placed).hasSize(8);
            assertThat(placed.get(6).get("template").asString()).isEqualTo("templates/crate.tx");
            assertThat(List.of(placed.get(6).get("x").asDouble(), placed.get(6).get("y").asDouble(),
                    placed.get(6).get("width").asDouble())).containsExactly(208.0, 320.0, 48.0);
            page.testId("tool-object-select").click();
            page.atPixel(new Actions(browser), 220, 335).click().perform();
            drag(page, browser, 256, 352, 272, 368);
            page.waitSaved();
            page.testId("template-update").click();
            page.waitFor("every instance follows", () -> objects(api, map).stream()
                    .filter(o -> o.has("template")).allMatch(o -> o.get("width").asDouble() == 64
                            && o.get("height").asDouble() == 48));
            assertThat(objects(api, map).stream().filter(o -> o.has("template")).count()).isEqualTo(3);
            Browsers.shoot(browser, "objects-templates.png");

            String tmx = api.get(map + "/export?format=tmx").text();
            assertThat(tmx).contains("<capsule/>", "<polyline points=", "bold=\"1\"", "halign=\"center\"",
                    "rotation=\"90\"", "rotation=\"45\"", "gid=\"3\"");
            // Tiled re-saves the zip export with every object as made: the polyline's points, the text and its
            // style, the turned ones, the tile object, the template instances
            Path unzipped = dir.resolve("export");
            try (java.util.zip.ZipInputStream zip = new java.util.zip.ZipInputStream(new java.io.ByteArrayInputStream(
                    api.get(map + "/export?format=zip").body()))) {
                for (java.util.zip.ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
                    Path file = unzipped.resolve(e.getName());
                    java.nio.file.Files.createDirectories(file.getParent());
                    java.nio.file.Files.write(file, zip.readAllBytes());
                }
            }
            dev.tilewright.format.TiledExamples.tiled(unzipped, List.of("tiled", "--export-map", "tmx", "objects.tmx",
                    "resaved.tmx"));
            String resaved = java.nio.file.Files.readString(unzipped.resolve("resaved.tmx"));
            assertThat(resaved).contains("<polyline points=", ">Hello</text>", "bold=\"1\"", "halign=\"center\"",
                    "rotation=\"90\"", "rotation=\"45\"", "gid=\"3\"", "template=\"templates/crate.tx\"");
        } finally {
            Browsers.quit(browser);
        }
    }

    private static void drag(EditorPage page, ChromeDriver browser, int x0, int y0, int x1, int y1) {
        page.atPixel(new Actions(browser), x0, y0).clickAndHold().perform();
        page.atPixel(new Actions(browser), (x0 + x1) / 2, (y0 + y1) / 2).perform();
        page.atPixel(new Actions(browser), x1, y1).release().perform();
    }

    private static WebElement field(ChromeDriver browser, String name) {
        return browser.findElement(By.cssSelector("[data-testid=object-properties] [data-field=" + name + "]"));
    }

    private static int selectedRows(ChromeDriver browser) {
        return browser.findElements(By.cssSelector("[data-testid=object-row].selected")).size();
    }

    private static List<JsonNode> objects(Api api, String map) {
        List<JsonNode> out = new ArrayList<>();
        api.get(map).json().get("layers").get(1).get("objects").forEach(out::add);
        return out;
    }

    private static List<Long> ids(Api api, String map) {
        return objects(api, map).stream().map(o -> o.get("id").asLong()).toList();
    }
}
