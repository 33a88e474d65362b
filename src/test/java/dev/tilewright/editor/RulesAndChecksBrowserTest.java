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
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Auto-layers and checks with the mouse only, as a team's project maintainer (not an admin) makes them: + IntGrid, an
 * IntGrid value named in the Rules panel, a new rule set, + Auto-layer from the IntGrid layer, a rule whose tile is
 * picked from the target tileset's pictures, walls painted; the auto-layer the server keeps equals what the rules
 * preview API makes of the same IntGrid and rules. A reachability check from one object to another, both picked on
 * the map, is saved, run, and shows the result the API gives; the checks' property is not shown as a raw property.
 */
@FeatureTest
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER})
class RulesAndChecksBrowserTest {

    @TempDir
    Path dir;
    @LocalServerPort
    int port;

    @Test
    void anIntGridLayerRuleSetAutoLayerAndReachabilityCheckMadeWithTheMouse() throws Exception {
        Api.TeamProject team = new Api(port).teamProject("Mia", "maintainer");
        long tileset = team.owner().uploadTileset("walls", 4, 2, team.project());
        JsonNode made = team.owner().postJson("/api/v1/maps", "{\"name\":\"cave\",\"projectId\":" + team.project()
                + ",\"width\":12,\"height\":8,\"tileWidth\":16,\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":"
                + tileset + "}],\"layers\":[{\"name\":\"things\",\"type\":\"object\"}]}").json();
        long mapId = made.get("id").asLong();
        String map = "/api/v1/maps/" + mapId;
        Api api = team.memberApi();
        Api.Response placed = api.postJson(map + "/ops", "{\"ops\":[{\"type\":\"addObject\",\"layerId\":1,\"object\":"
                + "{\"name\":\"spawn\",\"x\":16,\"y\":16,\"width\":12,\"height\":12}},{\"type\":\"addObject\","
                + "\"layerId\":1,\"object\":{\"name\":\"exit\",\"x\":160,\"y\":96,\"width\":12,\"height\":12}}]}",
                "If-Match", "*");
        assertThat(placed.status()).as(placed.text()).isEqualTo(200);

        ChromeDriver browser = Browsers.editorOf(dir, port, team.member(), mapId);
        EditorPage page = new EditorPage(browser);
        try {
            // + IntGrid; a value named "wall" and a rule set "walls" in the Rules panel, saved for the project
            page.testId("add-intgrid-layer").click();
            page.waitSaved();
            browser.findElement(By.cssSelector("[data-testid=rules-box] summary")).click();
            page.waitFor("the values editor", () -> !browser.findElements(By.cssSelector("[data-testid=values-editor]"))
                    .isEmpty());
            browser.findElement(By.cssSelector("[data-testid=values-editor] summary")).click();
            page.testId("value-add").click();
            page.testId("value-name").sendKeys(org.openqa.selenium.Keys.chord(org.openqa.selenium.Keys.CONTROL, "a"),
                    "wall\t");
            page.testId("rules-new-set-name").sendKeys("walls");
            page.testId("rules-new-set").click();
            page.testId("rules-save").click();
            page.waitFor("the rules saved", () -> api.get("/api/v1/projects/" + team.project() + "/rules").json()
                    .get("ruleSets").size() == 1);
            JsonNode values = api.get("/api/v1/projects/" + team.project() + "/rules").json().get("values");
            assertThat(values.get(0).get("name").asString()).isEqualTo("wall");

            // + Auto-layer from the IntGrid layer, by the rule set, in the map's tileset
            page.testId("add-auto-layer").click();
            page.waitFor("the dialog", () -> page.testId("auto-layer-dialog").isDisplayed());
            page.testId("auto-layer-make").click();
            page.waitSaved();
            JsonNode layers = api.get(map).json().get("layers");
            assertThat(layers).hasSize(3);
            JsonNode grid = layers.get(1);
            int output = layers.get(2).get("id").asInt();
            assertThat(grid.get("properties").toString()).contains("tilewright.autotile.rules", "walls",
                    "\"tilewright.autotile.output\"");

            // a rule: its tile picked from the tileset's pictures (tile 2), the default one taken out
            page.testId("rules-add").click();
            page.testId("rule-tile-add").click();
            WebElement picker = page.testId("tile-picker");
            new Actions(browser).moveToElement(picker, 2 * 20 + 10 - picker.getSize().getWidth() / 2,
                    10 - picker.getSize().getHeight() / 2).click().perform();
            page.waitFor("two tiles", () -> browser.findElements(By.cssSelector("[data-testid=rule-tile]")).size() == 2);
            browser.findElements(By.cssSelector("[data-testid=rule-tile]")).get(0).click();
            page.waitFor("one tile: 2", () -> browser.findElements(By.cssSelector("[data-testid=rule-tile]")).size() == 1
                    && "2".equals(browser.findElement(By.cssSelector("[data-testid=rule-tile]"))
                    .getDomAttribute("data-tile-id")));
            page.testId("rules-save").click();
            page.waitFor("the rule saved", () -> api.get("/api/v1/projects/" + team.project() + "/rules").json()
                    .get("ruleSets").get(0).get("groups").get(0).get("rules").size() == 1);
            JsonNode rules = api.get("/api/v1/projects/" + team.project() + "/rules").json().get("ruleSets").get(0);
            assertThat(rules.get("groups").get(0).get("rules").get(0).get("tileIds").toString()).isEqualTo("[2]");

            // walls painted: value "wall" with the rectangle tool over cells (2, 2) to (6, 5)
            browser.findElements(By.cssSelector("[data-testid=layer-list] li")).stream()
                    .filter(li -> li.getText().contains("IntGrid 1") && !li.getText().contains("tiles")).findFirst()
                    .orElseThrow().click();
            page.waitFor("the IntGrid palette", () -> page.testId("intgrid-values").isDisplayed());
            page.testId("intgrid-values").findElement(By.cssSelector("[data-testid=intgrid-value]")).click();
            page.testId("tool-rect").click();
            page.atCell(new Actions(browser), 2, 2).clickAndHold().perform();
            page.atCell(new Actions(browser), 6, 5).release().perform();
            page.waitSaved();
            JsonNode cells = api.get(map + "/layers/" + grid.get("id").asInt() + "/cells").json().get("gids");
            page.waitFor("the auto-layer drawn", () -> api.get(map + "/layers/" + output + "/cells").json()
                    .get("gids").toString().matches(".*[1-9].*"));
            JsonNode drawn = api.get(map + "/layers/" + output + "/cells").json().get("gids");
            Api.Response preview = api.postJson("/api/v1/rules/preview", "{\"width\":12,\"height\":8,\"cells\":"
                    + cells + ",\"seed\":0,\"rules\":" + rules + "}");
            assertThat(preview.status()).as(preview.text()).isEqualTo(200);
            JsonNode expected = preview.json().get("gids");
            int firstGid = api.get(map).json().get("tilesets").get(0).get("firstGid").asInt();
            for (int i = 0; i < 12 * 8; i++) {
                long gid = expected.get(i).asLong();
                long want = gid == 0 ? 0 : ((gid & 0x0FFFFFFFL) - 1 + firstGid) | (gid & 0xF0000000L);
                assertThat(drawn.get(i).asLong()).as("auto-layer cell " + i).isEqualTo(want);
            }
            assertThat(drawn.get(3 * 12 + 4).asLong()).as("a wall cell shows tile 2").isEqualTo(firstGid + 2);
            Browsers.shoot(browser, "rules-auto-layer.png");

            // a reachability check: from spawn to exit, both picked on the map
            browser.findElement(By.cssSelector("[data-testid=checks-box] summary")).click();
            page.testId("check-name").sendKeys("exit reachable\t");
            page.testId("check-from").click();
            page.atPixel(new Actions(browser), 22, 22).click().perform();
            page.waitFor("from the spawn", () -> page.testId("check-from-shown").getText().contains("spawn"));
            page.testId("check-to").click();
            page.atPixel(new Actions(browser), 166, 102).click().perform();
            page.waitFor("to the exit", () -> page.testId("check-to-shown").getText().contains("exit"));
            page.testId("check-add").click();
            page.waitFor("the check listed", () -> browser.findElements(
                    By.cssSelector("[data-testid=check-definition]")).size() == 1);
            JsonNode defined = api.get(map + "/checks/definitions").json().get("checks").get(0);
            assertThat(defined.get("type").asString()).isEqualTo("reachable");
            assertThat(defined.get("from").get("objectId").asInt()).isEqualTo(1);
            assertThat(defined.get("to").get("objectId").asInt()).isEqualTo(2);
            page.waitFor("the check's result", () -> !browser.findElements(By.cssSelector("[data-testid=check]"))
                    .isEmpty());
            JsonNode result = api.get(map + "/checks").json().get("results").get(0);
            assertThat(browser.findElement(By.cssSelector("[data-testid=check]")).getDomAttribute("data-passed"))
                    .isEqualTo(String.valueOf(result.get("passed").asBoolean()));
            assertThat(result.get("passed").asBoolean()).as(result.toString()).isTrue();
            assertThat(page.testId("properties").getText()).doesNotContain("tilewright.checks");
            Browsers.shoot(browser, "checks-form.png");
        } finally {
            Browsers.quit(browser);
        }
    }
}
