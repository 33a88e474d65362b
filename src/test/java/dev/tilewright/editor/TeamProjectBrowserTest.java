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
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER, Tool.TILED})
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
        } finally {
            Browsers.quit(browser);
        }
    }
}
