package dev.tilewright.editor;

import dev.tilewright.core.autotile.LdtkAutoLayer;
import dev.tilewright.format.ldtk.LdtkProject;
import dev.tilewright.format.ldtk.LdtkWriterTest;
import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.EditorPage;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.LdtkSamples;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A team's editor (not an admin) brings LDtk's Typical_TopDown_example in from the maps page (the samples folder:
 * the dialog asks which project), opens its first level, paints walls on its Collisions IntGrid with the rectangle,
 * sees the auto-layers follow (the wall tiles and the wall tops above them), and exports the LDtk project from the
 * editor: the file holds the painted cells and the tiles LDtk's rules make of them.
 */
@FeatureTest
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER})
class LdtkBrowserTest {

    @TempDir
    Path dir;
    @LocalServerPort
    int port;

    @Test
    void anEditorImportsTheTopDownSamplePaintsWallsAndExportsWhatLdtksRulesMakeOfThem() throws Exception {
        Path samples = LdtkSamples.dir().toAbsolutePath().normalize();
        Api admin = new Api(port);
        Api.TeamProject team = admin.teamProject("Lena", "editor");
        ChromeDriver browser = Browsers.chromium(dir.resolve("lena"));
        try {
            Browsers.signIn(browser, port, team.member().email(), team.member().password());
            EditorPage page = new EditorPage(browser);
            browser.get("http://localhost:" + port + "/maps");
            page.testId("import-open").click();
            new Select(page.testId("import-project")).selectByValue(String.valueOf(team.project()));
            page.testId("import-folder").sendKeys(samples.toString());
            page.waitFor("the dialog asks which project", () -> page.testId("import-map").isDisplayed());
            Select which = new Select(page.testId("import-map"));
            which.getOptions().stream().filter(o -> o.getText().endsWith("Typical_TopDown_example.ldtk")).findFirst()
                    .orElseThrow().click();
            page.testId("import-submit").click();
            page.waitFor("the first level opened", () -> browser.getCurrentUrl().matches(".*/maps/\\d+/edit$"));
            page.waitReady();
            long mapId = Long.parseLong(browser.getCurrentUrl().replaceAll(".*/maps/(\\d+)/edit$", "$1"));
            JsonNode map = team.memberApi().get("/api/v1/maps/" + mapId).json();
            assertThat(map.get("projectId").asLong()).isEqualTo(team.project());
            assertThat(map.get("name").asString()).isEqualTo("World_Level_0");
            int collisions = layer(map, "Collisions", true);
            List<Integer> decks = decks(map, "Collisions tiles");
            List<Integer> tops = decks(map, "Wall_tops");
            Browsers.shoot(browser, "ldtk-imported.png");

            // the Collisions IntGrid, its "walls" value, a rectangle across the open floor of the level
            String before = cells(team.memberApi(), mapId, decks) + cells(team.memberApi(), mapId, tops);
            page.testId("layer-list").findElements(By.tagName("li")).stream()
                    .filter(li -> li.getText().contains("Collisions") && li.getText().contains("intgrid"))
                    .findFirst().orElseThrow().click();
            page.waitFor("the IntGrid palette", () -> page.testId("intgrid-values").isDisplayed());
            List<WebElement> values = page.testId("intgrid-values").findElements(
                    By.cssSelector("[data-testid=intgrid-value]"));
            values.stream().filter(v -> v.getText().startsWith("1 ")).findFirst().orElseThrow().click();
            page.testId("tool-rect").click();
            Actions drag = page.atCell(new Actions(browser), 4, 8).clickAndHold();
            drag = page.atCell(drag, 11, 9);
            drag.release().perform();
            page.waitSaved();
            JsonNode grid = team.memberApi().get("/api/v1/maps/" + mapId + "/layers/" + collisions
                    + "/cells?x=4&y=8&width=8&height=2", "Accept", "application/json").json();
            grid.get("gids").forEach(g -> assertThat(g.asInt()).as("a wall painted").isEqualTo(1));
            // the server's tiles reach the editor: the auto-layers changed where the wall went, as the server has them
            page.waitFor("the wall's tiles in the editor", () -> browserCells(browser, decks, 0, 0, 32, 16)
                    .equals(serverCells(team.memberApi(), mapId, decks)));
            assertThat(cells(team.memberApi(), mapId, decks) + cells(team.memberApi(), mapId, tops))
                    .as("the auto-layers followed").isNotEqualTo(before);
            assertThat(browserCells(browser, tops, 0, 0, 32, 16)).isEqualTo(serverCells(team.memberApi(), mapId,
                    tops));
            Browsers.shoot(browser, "ldtk-walls-painted.png");

            // the tile layers the server draws start folded in their group, marked auto; unfolded, each is too
            assertThat(page.testId("layer-list").getText()).doesNotContain("Collisions tiles 1");
            WebElement group = page.testId("layer-list").findElements(By.tagName("li")).stream()
                    .filter(li -> li.getText().contains("Collisions tiles")).findFirst().orElseThrow();
            assertThat(group.getText()).contains("auto");
            group.findElement(By.cssSelector("[data-testid=layer-fold]")).click();
            page.waitFor("its layers shown", () -> page.testId("layer-list").getText().contains("Collisions tiles 1"));
            // and a brush there is refused with the reason (the server would take the tile back)
            page.testId("layer-list").findElements(By.tagName("li")).stream()
                    .filter(li -> li.getText().contains("Collisions tiles 1")).findFirst().orElseThrow().click();
            page.testId("tool-brush").click();
            page.atCell(new Actions(browser), 20, 12).click().perform();
            page.waitFor("the refusal", () -> browser.getPageSource().contains("is an auto-layer: the server draws it"
                    + " from “Collisions”"));

            // Export ▸ LDtk project, fetched by the page with its session
            browser.findElement(By.cssSelector("nav.menu details summary")).click();
            String href = page.testId("export-ldtk").getAttribute("href");
            Object fetched = browser.executeAsyncScript("const done = arguments[arguments.length - 1];"
                    + "fetch(arguments[0]).then(async r => { const b = new Uint8Array(await r.arrayBuffer());"
                    + " let s = ''; for (const x of b) s += String.fromCharCode(x); done(r.status + ':' + btoa(s)); })"
                    + ".catch(e => done('0:' + e));", href);
            String answer = String.valueOf(fetched);
            assertThat(answer).startsWith("200:");
            Map<String, byte[]> zip = dev.tilewright.support.Zips.entries(Base64.getDecoder().decode(answer.substring(4)));
            JsonNode written = JsonMapper.builder().build().readTree(zip.get("Typical_TopDown_example.ldtk"));
            assertThat(LdtkWriterTest.schema().validate(written)).isEmpty();
            assertHoldsTheWall(samples.resolve("Typical_TopDown_example.ldtk"), written, team.memberApi(), mapId,
                    collisions);
        } finally {
            Browsers.quit(browser);
        }
    }

    /**
     * The exported level's Collisions cells are the map's, and its auto-layers' tiles are what LDtk's rules make of
     * them (position and tile, in order).
     */
    private static void assertHoldsTheWall(Path file, JsonNode written, Api api, long mapId, int collisions)
            throws Exception {
        LdtkProject project = LdtkProject.read(Files.readAllBytes(file), file.toString(),
                relative -> LdtkSamples.beside(file, relative), 50_000_000);
        LdtkProject.Level level = project.levels().get(0);
        LdtkProject.LayerInstance walls = level.layers().stream().filter(l -> project.layer(l.layerDefUid())
                .identifier().equals("Collisions")).findFirst().orElseThrow();
        JsonNode now = api.get("/api/v1/maps/" + mapId + "/layers/" + collisions + "/cells?x=0&y=0&width="
                + walls.cWid() + "&height=" + walls.cHei(), "Accept", "application/json").json().get("gids");
        for (int i = 0; i < walls.intGrid().length; i++) {
            walls.intGrid()[i] = now.get(i).asInt();
        }
        JsonNode exported = written.get("levels").get(0);
        int baked = 0;
        for (JsonNode layer : exported.get("layerInstances")) {
            LdtkProject.LayerInstance instance = level.layers().stream().filter(l -> l.iid().equals(
                    layer.get("iid").asString())).findFirst().orElseThrow();
            if (instance == walls) {
                List<Integer> csv = new ArrayList<>();
                layer.get("intGridCsv").forEach(v -> csv.add(v.asInt()));
                assertThat(csv).isEqualTo(java.util.Arrays.stream(walls.intGrid()).boxed().toList());
            }
            LdtkAutoLayer.Baked rules = project.bake(level, instance);
            if (rules == null) {
                continue;
            }
            List<String> want = new ArrayList<>();
            rules.tiles().forEach(t -> want.add(t.x() + "," + t.y() + ":" + t.tileId()));
            List<String> have = new ArrayList<>();
            layer.get("autoLayerTiles").forEach(t -> have.add(t.get("px").get(0).asInt() + "," + t.get("px").get(1)
                    .asInt() + ":" + t.get("t").asInt()));
            assertThat(have).as(layer.get("__identifier").asString()).isEqualTo(want);
            baked++;
        }
        assertThat(baked).as("auto-layers checked").isEqualTo(3);
    }

    private static int layer(JsonNode map, String name, boolean intGrid) {
        for (JsonNode l : map.get("layers")) {
            if (l.get("name").asString().equals(name) && l.path("properties").toString().contains("intgrid")
                    == intGrid) {
                return l.get("id").asInt();
            }
        }
        throw new AssertionError("no layer " + name);
    }

    /** The tile layers of the group of that name, bottom-up. */
    private static List<Integer> decks(JsonNode map, String group) {
        int id = layer(map, group, false);
        List<Integer> decks = new ArrayList<>();
        for (JsonNode l : map.get("layers")) {
            if (l.path("parentId").asInt() == id) {
                decks.add(l.get("id").asInt());
            }
        }
        assertThat(decks).as(group + "'s tile layers").isNotEmpty();
        return decks;
    }

    private static String cells(Api api, long mapId, List<Integer> layers) {
        return serverCells(api, mapId, layers).toString();
    }

    private static List<Long> serverCells(Api api, long mapId, List<Integer> layers) {
        List<Long> all = new ArrayList<>();
        for (int layer : layers) {
            api.get("/api/v1/maps/" + mapId + "/layers/" + layer + "/cells?x=0&y=0&width=32&height=16", "Accept",
                    "application/json").json().get("gids").forEach(g -> all.add(g.asLong()));
        }
        return all;
    }

    private static List<Long> browserCells(ChromeDriver browser, List<Integer> layers, int x, int y, int w, int h) {
        List<Long> all = new ArrayList<>();
        for (int layer : layers) {
            Object gids = browser.executeScript("const l = window.tilewright.editor.map.layer(arguments[0]);"
                    + " const out = []; for (let y = arguments[2]; y < arguments[2] + arguments[4]; y++)"
                    + " for (let x = arguments[1]; x < arguments[1] + arguments[3]; x++) out.push(l ? l.get(x, y) : -1);"
                    + " return out;", layer, x, y, w, h);
            ((List<?>) gids).forEach(g -> all.add(((Number) g).longValue()));
        }
        return all;
    }
}
