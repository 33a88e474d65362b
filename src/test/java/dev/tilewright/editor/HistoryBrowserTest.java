package dev.tilewright.editor;

import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The History panel in a real browser: two people's changes listed as the server reads them; a click shows the map
 * as it was, read-only under a banner, while another's edit arrives underneath; restoring makes the map that version
 * for everyone, and the editor's undo takes the restore back.
 */
@FeatureTest
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER})
class HistoryBrowserTest {

    @TempDir
    Path dir;
    @LocalServerPort
    int port;
    ChromeDriver browser;

    @BeforeEach
    void openBrowser() throws Exception {
        browser = Browsers.chromium(dir);
        Browsers.signIn(browser, port);
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    private void waitFor(String what, java.util.function.BooleanSupplier condition) {
        Browsers.waitFor(browser, 20, what, condition);
    }

    private long js(String expression) {
        return ((Number) browser.executeScript("return " + expression)).longValue();
    }

    private static long send(Api api, long mapId, long version, String op) {
        Api.Response sent = api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[" + op + "]}",
                "If-Match", "\"" + version + "\"");
        assertThat(sent.status()).as(sent.text()).isEqualTo(200);
        return sent.json().get("version").asLong();
    }

    private List<String> changes() {
        return browser.findElements(By.cssSelector("[data-testid=history] [data-testid=change]")).stream()
                .map(WebElement::getText).toList();
    }

    @Test
    void aPastVersionIsShownRestoredAndTheRestoreUndone() throws Exception {
        Api admin = new Api(port);
        long mapId = admin.newMap("history", 20, 12);
        long project = admin.projectOf(mapId);
        Api alice = admin.as(admin.token(admin.person("Alice", project, "editor"), "write"));
        Api bob = admin.as(admin.token(admin.person("Bob", project, "editor"), "write"));
        long v = send(alice, mapId, 1, "{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":2,\"y\":2,\"gid\":1}]}");
        v = send(alice, mapId, v, "{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":3,\"y\":2,\"gid\":1}]}");
        long alicesLast = v;
        v = send(bob, mapId, v, "{\"type\":\"fillRect\",\"layerId\":1,\"x\":0,\"y\":0,\"width\":4,\"height\":4,\"gid\":2}");

        browser.get("http://localhost:" + port + "/maps/" + mapId + "/edit");
        waitFor("the editor", () -> "true".equals(browser.findElement(By.tagName("body")).getDomAttribute("data-ready")));
        waitFor("the history listed", () -> changes().size() == 3);
        assertThat(changes().get(0)).contains("v4").contains("Bob: 16 cells painted in ground");
        assertThat(changes().get(1)).contains("v2–3").contains("Alice: 2 cells painted in ground");

        // Alice's change opens into its two versions; the first of them can be viewed on its own
        Browsers.clickSteady(browser, "the change's parts toggled", () -> browser.findElement(
                By.cssSelector("[data-testid=history] [data-testid=change-parts]")));
        waitFor("its parts listed", () -> browser.findElements(By.cssSelector("[data-testid=change-part]")).size() == 2);
        Browsers.clickSteady(browser, "v2 clicked", () -> browser.findElements(
                By.cssSelector("[data-testid=change-part] button")).get(1));
        WebElement banner = browser.findElement(By.cssSelector("[data-testid=viewing]"));
        waitFor("v2 shown", () -> banner.isDisplayed() && banner.getText().contains("Viewing v2 by Alice"));
        assertThat(js("window.tilewright.renderer.map.layer(1).get(2, 2)")).isEqualTo(1);
        assertThat(js("window.tilewright.renderer.map.layer(1).get(3, 2)")).as("v3's dab not yet").isZero();
        Files.write(Path.of("target", "history-parts.png"), browser.getScreenshotAs(OutputType.BYTES));
        browser.findElement(By.cssSelector("[data-testid=viewing] [data-action=back-to-live]")).click();
        waitFor("back to live", () -> !banner.isDisplayed());
        Browsers.clickSteady(browser, "the change's parts toggled", () -> browser.findElement(
                By.cssSelector("[data-testid=history] [data-testid=change-parts]")));
        waitFor("its parts closed", () -> browser.findElements(By.cssSelector("[data-testid=change-part]")).isEmpty());

        Browsers.clickSteady(browser, "Alice's change clicked", () -> browser.findElements(
                By.cssSelector("[data-testid=history] [data-testid=change] > button:not(.parts-toggle)")).get(1));
        waitFor("the banner", banner::isDisplayed);
        assertThat(banner.getText()).contains("Viewing v" + alicesLast + " by Alice");
        assertThat(js("window.tilewright.renderer.map.layer(1).get(0, 0)")).as("drawn as it was").isZero();
        assertThat(js("window.tilewright.renderer.map.layer(1).get(2, 2)")).isEqualTo(1);
        // another's edit arrives underneath while the past is shown
        v = send(bob, mapId, v, "{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":10,\"y\":10,\"gid\":3}]}");
        waitFor("Bob's edit in the live map", () -> js("window.tilewright.editor.map.layer(1).get(10, 10)") == 3);
        assertThat(js("window.tilewright.renderer.map.layer(1).get(10, 10)")).isZero();
        Files.write(Path.of("target", "history-viewing.png"), browser.getScreenshotAs(OutputType.BYTES));

        // compare with now: back to live, what changed since v3 marked, its places stepped through
        browser.findElement(By.cssSelector("[data-testid=compare-now]")).click();
        WebElement compare = browser.findElement(By.cssSelector("[data-testid=compare]"));
        waitFor("the comparison", compare::isDisplayed);
        assertThat(banner.isDisplayed()).isFalse();
        assertThat(compare.getText()).contains("Changes since v" + alicesLast + " (now v" + v + "): place 1 of 1");
        assertThat(js("window.tilewright.compare.regions.length")).as("Bob's fill and dab marked").isGreaterThan(0);
        assertThat(js("window.tilewright.renderer.map === window.tilewright.editor.map ? 1 : 0")).isEqualTo(1);
        Files.write(Path.of("target", "history-compare.png"), browser.getScreenshotAs(OutputType.BYTES));
        browser.findElement(By.cssSelector("[data-testid=compare-done]")).click();
        waitFor("the comparison closed", () -> !compare.isDisplayed());

        // the list is drawn again when the history is read again: click what is there then
        Browsers.clickSteady(browser, "Alice's change clicked", () -> browser.findElements(
                By.cssSelector("[data-testid=history] [data-testid=change] > button:not(.parts-toggle)")).get(1));
        waitFor("the banner again", banner::isDisplayed);
        browser.findElement(By.cssSelector("[data-testid=restore-version]")).click();
        long restored = v + 1;
        waitFor("the restore arrived", () -> js("window.tilewright.session.version") == restored);
        waitFor("the banner gone", () -> !banner.isDisplayed());
        assertThat(js("window.tilewright.editor.map.layer(1).get(0, 0)")).isZero();
        assertThat(js("window.tilewright.editor.map.layer(1).get(2, 2)")).isEqualTo(1);
        assertThat(js("window.tilewright.editor.map.layer(1).get(10, 10)")).isZero();
        assertThat(admin.get("/api/v1/maps/" + mapId + "/layers/1/cells?x=0&y=0&width=4&height=1").json()
                .get("gids").toString()).isEqualTo("[0,0,0,0]");
        waitFor("the restore listed", () -> !changes().isEmpty() && changes().get(0).contains("restored version "
                + alicesLast));
        Files.write(Path.of("target", "history-restored.png"), browser.getScreenshotAs(OutputType.BYTES));

        WebElement undo = browser.findElement(By.cssSelector("[data-testid=undo]"));
        waitFor("undo offered", undo::isEnabled);
        undo.click();
        waitFor("the restore undone", () -> js("window.tilewright.editor.map.layer(1).get(10, 10)") == 3);
        assertThat(js("window.tilewright.editor.map.layer(1).get(0, 0)")).isEqualTo(2);
        waitFor("the undo saved", () -> admin.get("/api/v1/maps/" + mapId).json().get("version").asLong() == restored + 1);
        assertThat(admin.get("/api/v1/maps/" + mapId + "/layers/1/cells?x=8&y=10&width=4&height=1").json()
                .get("gids").toString()).isEqualTo("[0,0,3,0]");
    }
}
