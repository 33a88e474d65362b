package dev.tilewright.editor;

import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review in two real browsers: a reviewer without an account opens a comment share link (the preview), pins a
 * thread on a spot of a view under the name they give; the editor sees the pin on the canvas at once, opens the
 * thread, replies and resolves it; the reviewer sees the reply and both see it resolved.
 */
@FeatureTest
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER})
class ReviewBrowserTest {

    @TempDir
    Path dir;
    @LocalServerPort
    int port;
    private final List<ChromeDriver> browsers = new ArrayList<>();

    @AfterEach
    void closeBrowsers() {
        browsers.forEach(ChromeDriver::quit);
    }

    private ChromeDriver browser(String name) throws Exception {
        ChromeDriver browser = Browsers.chromium(dir.resolve(name));
        browsers.add(browser);
        return browser;
    }

    private static WebElement testId(ChromeDriver browser, String id) {
        return browser.findElement(By.cssSelector("[data-testid=\"" + id + "\"]"));
    }

    private static Object js(ChromeDriver browser, String expression) {
        return browser.executeScript("return " + expression);
    }

    @Test
    void aReviewerPinsAThreadFromTheShareLinkAndTheEditorAnswersAndResolvesIt() throws Exception {
        Api admin = new Api(port);
        long mapId = admin.newMap("reviewed in browsers", 30, 20);
        String link = admin.postJson("/api/v1/maps/" + mapId + "/shares", "{\"access\":\"comment\"}").json()
                .get("url").asString();

        ChromeDriver editor = browser("editor");
        Browsers.signIn(editor, port);
        editor.get("http://localhost:" + port + "/maps/" + mapId + "/edit");
        Browsers.waitFor(editor, 20, "the editor ready", () -> "true".equals(js(editor,
                "document.body.dataset.ready")));
        Browsers.waitFor(editor, 20, "the editor live", () -> testId(editor, "save-state").getText().contains("saved"));

        ChromeDriver reviewer = browser("reviewer");
        reviewer.get(link);
        Browsers.waitFor(reviewer, 20, "the preview of the shared map", () -> reviewer.getCurrentUrl()
                .contains("/maps/" + mapId + "/preview?") && !reviewer.findElements(By.cssSelector(
                "[data-testid=view][data-loaded]")).isEmpty());
        testId(reviewer, "comment-mode").click();
        WebElement view = reviewer.findElement(By.cssSelector("[data-testid=view]"));
        // a click 100, 60 pixels into the first view (at the map's top-left corner, 1x): the point 100, 60
        new Actions(reviewer).moveToElement(view, 100 - view.getSize().getWidth() / 2,
                60 - view.getSize().getHeight() / 2).click().perform();
        Browsers.waitFor(reviewer, 10, "the new thread's form", () -> testId(reviewer, "thread-compose").isDisplayed());
        testId(reviewer, "reviewer-name").sendKeys("Rita");
        testId(reviewer, "thread-text").sendKeys("The gap here is one tile too wide, see https://example.com/jump");
        testId(reviewer, "thread-post").click();
        Browsers.waitFor(reviewer, 10, "the thread in the reviewer's list", () -> !reviewer.findElements(
                By.cssSelector("[data-testid=thread][data-status=open]")).isEmpty());
        long threadId = ((Number) js(reviewer, "window.tilewright.review.panel.selected")).longValue();

        // the editor: the thread listed and its pin drawn on the canvas where it was put, at once
        Browsers.waitFor(editor, 10, "the pin in the editor", () -> !editor.findElements(By.cssSelector(
                "[data-testid=thread][data-thread-id=\"" + threadId + "\"]")).isEmpty());
        assertThat(testId(editor, "threads").getText()).contains("The gap here", "Rita");
        // the pin: a disc of the open colour around (100, 60), its number in the middle
        Browsers.waitFor(editor, 10, "the pin drawn", () -> ((Number) js(editor, "(() => { const v = window"
                + ".tilewright.editor.view; const d = document.querySelector('[data-testid=map-canvas]').getContext('2d')"
                + ".getImageData(90 - v.x, 50 - v.y, 21, 21).data; let n = 0; for (let i = 0; i < d.length; i += 4) "
                + "if (d[i] === 255 && d[i + 1] === 133 && d[i + 2] === 27) n++; return n; })()")).intValue() > 120);
        Browsers.shoot(editor, "review-editor-pin.png");

        editor.findElement(By.cssSelector("[data-thread-id=\"" + threadId + "\"] [data-action=thread-open]")).click();
        Browsers.waitFor(editor, 10, "the thread opened", () -> !editor.findElements(By.cssSelector(
                "[data-testid=reply-text]")).isEmpty());
        assertThat(editor.findElement(By.cssSelector("[data-testid=comment] a")).getAttribute("href"))
                .isEqualTo("https://example.com/jump");
        testId(editor, "reply-text").sendKeys("Narrowed it, thanks Rita");
        testId(editor, "reply-send").click();
        Browsers.waitFor(editor, 10, "the reply listed", () -> editor.findElements(By.cssSelector(
                "[data-testid=comment]")).size() == 2);
        // the panel is drawn again when the reply comes back over the live socket: click the button there then
        Browsers.clickSteady(editor, "Resolve clicked", () -> testId(editor, "thread-resolve"));
        Browsers.waitFor(editor, 10, "resolved in the editor", () -> !editor.findElements(By.cssSelector(
                "[data-testid=thread][data-status=resolved]")).isEmpty());

        // the reviewer: the pin turns resolved; opened, the thread shows the editor's reply
        Browsers.waitFor(reviewer, 10, "resolved in the preview", () -> !reviewer.findElements(By.cssSelector(
                "[data-testid=pin][data-status=resolved]")).isEmpty() && !reviewer.findElements(By.cssSelector(
                "[data-testid=thread][data-status=resolved]")).isEmpty());
        Browsers.waitFor(reviewer, 10, "the reply in the preview", () -> reviewer.findElements(By.cssSelector(
                "[data-testid=comment]")).size() == 2);
        assertThat(testId(reviewer, "threads").getText()).contains("Narrowed it, thanks Rita");
        Browsers.shoot(reviewer, "review-preview-resolved.png");

        JsonNode thread = admin.get("/api/v1/maps/" + mapId + "/threads/" + threadId).json();
        assertThat(thread.get("status").asString()).isEqualTo("resolved");
        assertThat(thread.get("comments").get(0).get("author").get("name").asString()).isEqualTo("Rita");
        // where the click went: the page's layout may put the view half a pixel off the grid
        assertThat(thread.get("anchor").get("x").asInt()).isBetween(99, 101);
        assertThat(thread.get("anchor").get("y").asInt()).isBetween(59, 61);
    }

    @Test
    void theEditorShowsTheChecksBadgeAndDrawsAFailingCheckWhereItFailed() throws Exception {
        Api admin = new Api(port);
        long mapId = admin.newMap("checked in a browser", 20, 12);
        String map = "/api/v1/maps/" + mapId;
        assertThat(admin.postJson(map + "/ops", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":0,\"y\":0,"
                + "\"width\":20,\"height\":12,\"gid\":2}]}", "If-Match", "*").status()).isEqualTo(200);
        assertThat(admin.putJson(map + "/checks", "{\"checks\":[{\"name\":\"ground whole\",\"type\":\"noEmptyCells\","
                + "\"layer\":\"ground\"}]}").status()).isEqualTo(200);
        ChromeDriver editor = browser("checker");
        Browsers.signIn(editor, port);
        editor.get("http://localhost:" + port + "/maps/" + mapId + "/edit");
        Browsers.waitFor(editor, 20, "the badge: all passed", () -> testId(editor, "checks-badge").getText()
                .equals("checks ✓ 1"));
        // someone erases a cell: the run after it reaches the editor live, red, and the cell is outlined
        admin.postJson(map + "/ops", "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":3,\"y\":2,"
                + "\"gid\":0}]}]}", "If-Match", "*");
        Browsers.waitFor(editor, 20, "the badge: one failed", () -> testId(editor, "checks-badge").getText()
                .startsWith("checks ✗ 1 of 1"));
        Browsers.waitFor(editor, 10, "the empty cell outlined in red", () -> "255,65,54".equals(js(editor, "[...document"
                + ".querySelector('[data-testid=map-canvas]').getContext('2d').getImageData(3 * 16 + 8 - window"
                + ".tilewright.editor.view.x, 2 * 16 - window.tilewright.editor.view.y, 1, 1).data].slice(0, 3).join()")));
        assertThat(editor.findElement(By.cssSelector("[data-testid=check][data-passed=false]")).getAttribute(
                "textContent")).contains("ground whole", "1 empty cells");
        Browsers.shoot(editor, "checks-editor.png");
    }
}
