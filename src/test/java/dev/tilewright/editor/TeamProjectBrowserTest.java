package dev.tilewright.editor;

import dev.tilewright.format.TiledExamples;
import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.EditorPage;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.Pngs;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A team's editor (not an admin of the team or project) works in the team's project from Chromium: imports Debian's
 * Tiled examples folder as it ships from the project page (the folder holds many maps: the one picked comes in with
 * the tileset its map names as {@code ../sewer_tileset.png}), adds a tileset the project already has to a map,
 * uploads a new one, and makes a second map with a project tileset; everything lands in that project.
 */
@FeatureTest
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER, Tool.TILED, Tool.TMXRASTERIZER})
class TeamProjectBrowserTest {

    @TempDir
    Path dir;
    @LocalServerPort
    int port;

    @Test
    void anEditorImportsAFolderAndAddsTheProjectsTilesetsAllInTheTeamsProject() throws Exception {
        Api admin = new Api(port);
        Api.TeamProject team = admin.teamProject("Edna", "editor");
        long project = team.project();
        long shared = team.owner().uploadTileset("shared", 4, 2, project);
        long first = team.owner().postJson("/api/v1/maps", "{\"name\":\"first\",\"projectId\":" + project
                + ",\"width\":20,\"height\":12,\"tileWidth\":16,\"tileHeight\":16,\"layers\":[{\"name\":\"ground\","
                + "\"type\":\"tile\"}]}").json().get("id").asLong();

        ChromeDriver browser = Browsers.chromium(dir.resolve("edna"));
        try {
            Browsers.signIn(browser, port, team.member().email(), team.member().password());
            EditorPage page = new EditorPage(browser);

            // the project page: Import, a whole folder (Debian's examples, .gz files and all)
            browser.get("http://localhost:" + port + "/projects/" + project);
            page.testId("import-open").click();
            page.testId("import-folder").sendKeys(TiledExamples.EXAMPLES.toString());
            page.waitFor("the dialog asks which map", () -> page.testId("import-map").isDisplayed());
            List<String> offered = new ArrayList<>();
            new Select(page.testId("import-map")).getOptions().forEach(o -> offered.add(o.getText()));
            assertThat(offered).contains("examples/sewer_automap/sewers.tmx", "examples/desert.tmx")
                    .noneMatch(m -> m.contains("rule_"));
            new Select(page.testId("import-map")).selectByVisibleText("examples/sewer_automap/sewers.tmx");
            Browsers.shoot(browser, "team-import-choose.png");
            page.testId("import-submit").click();
            page.waitFor("the imported map opened", () -> browser.getCurrentUrl().matches(".*/maps/\\d+/edit$"));
            page.waitReady();
            long sewers = Long.parseLong(browser.getCurrentUrl().replaceAll(".*/maps/(\\d+)/edit$", "$1"));
            JsonNode imported = team.memberApi().get("/api/v1/maps/" + sewers).json();
            assertThat(imported.get("projectId").asLong()).isEqualTo(project);
            assertThat(imported.get("tilesets")).hasSize(2);
            Browsers.shoot(browser, "team-import-sewers.png");

            // a map of the project: Add tileset offers the project's tilesets first, then an upload into it
            browser.get("http://localhost:" + port + "/maps/" + first + "/edit");
            page.waitReady();
            page.testId("add-tileset").click();
            page.waitFor("the project's tilesets are offered", () -> !browser.findElements(
                    By.cssSelector("[data-testid=project-tileset][data-tileset-id='" + shared + "']")).isEmpty());
            Browsers.shoot(browser, "team-add-tileset.png");
            browser.findElement(By.cssSelector("[data-testid=project-tileset][data-tileset-id='" + shared + "']"))
                    .click();
            page.waitFor("the palette shows the tileset", () -> page.testId("tileset-palette").getSize().getWidth() == 128);
            page.waitSaved();

            Path png = dir.resolve("cliffs.png");
            Files.write(png, Pngs.atlas(48, 32));
            page.testId("add-tileset").click();
            WebElement file = page.testId("tileset-file");
            file.sendKeys(png.toString());
            page.testId("tileset-submit").click();
            page.waitFor("the second tileset is on the map", () -> team.memberApi().get("/api/v1/maps/" + first)
                    .json().get("tilesets").size() == 2);
            JsonNode tilesets = team.memberApi().get("/api/v1/maps/" + first).json().get("tilesets");
            for (JsonNode used : tilesets) {
                assertThat(team.memberApi().get("/api/v1/tilesets/" + used.get("tilesetId").asLong()).json()
                        .get("projectId").asLong()).isEqualTo(project);
            }
            // and painted with: its tab, its tile 1, a click on cell (1, 1)
            List<WebElement> tabs = page.testId("tileset-tabs").findElements(By.tagName("button"));
            tabs.get(tabs.size() - 1).click();
            page.waitFor("its palette", () -> page.testId("tileset-palette").getSize().getWidth() == 96);
            page.pickTile(1);
            page.atCell(new org.openqa.selenium.interactions.Actions(browser), 1, 1).click().perform();
            page.waitSaved();
            long cliffsFirst = tilesets.get(1).get("firstGid").asLong();
            assertThat(team.memberApi().get("/api/v1/maps/" + first + "/layers/1/cells?x=1&y=1&width=1&height=1")
                    .json().get("gids").get(0).asLong()).as("a tile of the uploaded tileset").isEqualTo(cliffsFirst + 1);

            // a second map from the project page, made with a tileset the project has
            browser.get("http://localhost:" + port + "/projects/" + project);
            page.testId("new-map").click();
            page.waitFor("the project's tilesets are offered", () -> !browser.findElements(
                    By.cssSelector("[data-testid=new-map-tilesets] input[value='" + shared + "']")).isEmpty());
            browser.findElement(By.cssSelector("[data-testid=new-map-tilesets] input[value='" + shared + "']"))
                    .click();
            page.testId("new-map-name").sendKeys("second");
            Browsers.shoot(browser, "team-new-map.png");
            page.testId("new-map-create").click();
            page.waitFor("the new map opened", () -> browser.getCurrentUrl().matches(".*/maps/\\d+/edit$"));
            page.waitReady();
            long second = Long.parseLong(browser.getCurrentUrl().replaceAll(".*/maps/(\\d+)/edit$", "$1"));
            JsonNode made = team.memberApi().get("/api/v1/maps/" + second).json();
            assertThat(made.get("projectId").asLong()).isEqualTo(project);
            assertThat(made.get("tilesets").get(0).get("tilesetId").asLong()).isEqualTo(shared);
            page.waitFor("the palette shows the project's tileset",
                    () -> page.testId("tileset-palette").getSize().getWidth() == 128);

            // from the maps page, into the team's project: desert as files, and a .tmx.gz as Debian ships it
            Path examples = TiledExamples.EXAMPLES;
            long desert = importFromMapsPage(browser, page, project, examples.resolve("desert.tmx"),
                    examples.resolve("desert.tsx"), examples.resolve("tmw_desert_spacing.png"));
            page.waitForFrames();
            Browsers.shoot(browser, "team-import-desert.png");
            long outside = importFromMapsPage(browser, page, project, examples.resolve("orthogonal-outside.tmx.gz"),
                    examples.resolve("buch-outdoor.png"));
            // each import draws as Tiled's tmxrasterizer draws the file it came from
            Path plain = TiledExamples.copy(dir.resolve("plain"));
            assertDrawnAsTiled(team.memberApi(), sewers, plain.resolve("sewer_automap"), "sewers.tmx");
            assertDrawnAsTiled(team.memberApi(), desert, plain, "desert.tmx");
            assertDrawnAsTiled(team.memberApi(), outside, plain, "orthogonal-outside.tmx");
        } finally {
            Browsers.quit(browser);
        }
    }

    /** Imports files from the maps page into the project; the new map's id once its editor opened. */
    private long importFromMapsPage(ChromeDriver browser, EditorPage page, long project, Path... files) {
        browser.get("http://localhost:" + port + "/maps");
        page.testId("import-open").click();
        new Select(page.testId("import-project")).selectByValue(String.valueOf(project));
        page.testId("import-files").sendKeys(String.join("\n", java.util.Arrays.stream(files).map(Path::toString)
                .toList()));
        page.waitFor("the imported map opened", () -> browser.getCurrentUrl().matches(".*/maps/\\d+/edit$"));
        page.waitReady();
        long id = Long.parseLong(browser.getCurrentUrl().replaceAll(".*/maps/(\\d+)/edit$", "$1"));
        assertThat(new Api(port).get("/api/v1/maps/" + id).json().get("projectId").asLong()).isEqualTo(project);
        return id;
    }

    /**
     * The map's render.png against tmxrasterizer's drawing of the file (no smoothing): nearly all pixels exact, and
     * all within 2 per channel but for the antialiased edges of object shapes (Qt and Java2D smooth them a little
     * differently; TmxRasterizerComparisonTest holds those to their own bounds).
     */
    private static void assertDrawnAsTiled(Api api, long mapId, Path folder, String file) throws Exception {
        JsonNode map = api.get("/api/v1/maps/" + mapId).json();
        int width = map.get("width").asInt() * map.get("tileWidth").asInt();
        int height = map.get("height").asInt() * map.get("tileHeight").asInt();
        java.awt.image.BufferedImage ours = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(api.get(
                "/api/v1/maps/" + mapId + "/render.png?x=0&y=0&width=" + width + "&height=" + height).body()));
        TiledExamples.tiled(folder, List.of("tmxrasterizer", "--no-smoothing", file, "tiled-" + mapId + ".png"));
        java.awt.image.BufferedImage theirs = javax.imageio.ImageIO.read(folder.resolve("tiled-" + mapId + ".png")
                .toFile());
        assertThat(ours.getWidth()).isEqualTo(theirs.getWidth());
        assertThat(ours.getHeight()).isEqualTo(theirs.getHeight());
        int exact = 0;
        int within2 = 0;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int a = ours.getRGB(x, y);
                int b = theirs.getRGB(x, y);
                int diff = Math.abs((a >>> 24) - (b >>> 24));
                if ((a >>> 24) > 0 && (b >>> 24) > 0) {
                    for (int shift = 0; shift < 24; shift += 8) {
                        diff = Math.max(diff, Math.abs(((a >> shift) & 0xFF) - ((b >> shift) & 0xFF)));
                    }
                }
                within2 += diff <= 2 ? 1 : 0;
                exact += diff == 0 ? 1 : 0;
            }
        }
        assertThat(within2).as(file + ": pixels within 2 per channel").isGreaterThan(width * height * 99 / 100);
        assertThat(exact).as(file + ": exactly equal pixels").isGreaterThan(width * height * 9 / 10);
    }
}
