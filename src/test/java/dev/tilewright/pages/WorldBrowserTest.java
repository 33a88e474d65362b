package dev.tilewright.pages;

import dev.tilewright.support.ClassBrowser;
import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import dev.tilewright.support.WorldCorpus;
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
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A world in a real browser: its page scrolls across its maps, the maps page and a map's overview lead to it, and
 * the editor of one of its maps shows the others dimmed around its edges and opens one with a click.
 */
@FeatureTest
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER})
class WorldBrowserTest {

    /** One browser for the class (signed in once); each test imports its own world. */
    @TempDir
    static Path profile;
    static final ClassBrowser SHARED = new ClassBrowser();
    @LocalServerPort
    int port;
    ChromeDriver browser;
    JsonNode world;

    @BeforeEach
    void worldAndBrowser() throws Exception {
        Api.Response imported = new Api(port).postFiles("/api/v1/worlds/import", WorldCorpus.files());
        assertThat(imported.status()).as(imported.text()).isEqualTo(201);
        world = imported.json();
        browser = SHARED.signedIn(profile, port);
    }

    @AfterEach
    void leavePage() {
        SHARED.leave();
    }

    @AfterAll
    static void closeBrowser() {
        SHARED.close();
    }

    private void waitFor(String what, java.util.function.BooleanSupplier condition) {
        Browsers.waitFor(browser, 15, what, condition);
    }

    private WebElement view() {
        return browser.findElement(By.cssSelector("[data-testid=view].active"));
    }

    @Test
    void theWorldsPageScrollsAcrossItsMaps() throws Exception {
        long id = world.get("id").asLong();
        browser.get("http://localhost:" + port + "/maps");
        assertThat(browser.findElements(By.cssSelector("[data-testid=worlds] a[href='/worlds/" + id + "']")))
                .as("the maps page lists the world").hasSize(1);
        browser.get("http://localhost:" + port + "/worlds/" + id);
        waitFor("the first render", () -> view().getDomAttribute("data-loaded") != null);
        assertThat(browser.findElements(By.cssSelector("[data-testid=world-maps] tbody tr"))).hasSize(4);
        String src = view().findElement(By.tagName("img")).getDomProperty("src");
        assertThat(src).contains("/api/v1/worlds/" + id + "/render.png");
        // a view smaller than the world (320 x 256) scrolls across its maps
        browser.get("http://localhost:" + port + "/worlds/" + id + "?size=320x240&scale=2&v=100,0");
        waitFor("the small view's render", () -> view().getDomAttribute("data-loaded") != null);
        new Actions(browser).keyDown(Keys.ARROW_DOWN).pause(Duration.ofMillis(400)).keyUp(Keys.ARROW_DOWN).perform();
        waitFor("the view moved down", () -> Integer.parseInt(view().getDomAttribute("data-y")) == 16);
        assertThat(view().findElement(By.cssSelector(".where")).getText()).isEqualTo("0, 16");
        Files.write(Path.of("target", "world-preview.png"), browser.getScreenshotAs(OutputType.BYTES));

        long west = world.get("maps").get(0).get("mapId").asLong();
        browser.get("http://localhost:" + port + "/maps/" + west);
        assertThat(browser.findElement(By.cssSelector("[data-testid=map-worlds] a")).getDomAttribute("href"))
                .isEqualTo("/worlds/" + id);
    }

    @Test
    void theEditorShowsTheNeighboursAndOpensOneWithAClick() throws Exception {
        long west = world.get("maps").get(0).get("mapId").asLong();
        long east = world.get("maps").get(1).get("mapId").asLong();
        browser.get("http://localhost:" + port + "/maps/" + west + "/edit?at=-40,-40,2");
        waitFor("the editor", () -> "true".equals(browser.findElement(By.tagName("body")).getDomAttribute("data-ready")));
        WebElement canvas = browser.findElement(By.cssSelector("[data-testid=map-canvas]"));
        waitFor("the neighbours found", () -> "3".equals(canvas.getDomAttribute("data-neighbours")));
        assertThat(browser.executeScript("const v = window.tilewright.editor.view; return [v.x, v.y, v.zoom].join(',')"))
                .as("the view where ?at put it").isEqualTo("-40,-40,2");
        waitFor("a piece of the world drawn", () -> (Boolean) browser.executeScript(
                "return [...performance.getEntriesByType('resource')].some(e => e.name.includes('/api/v1/worlds/'"
                        + " + '" + world.get("id").asLong() + "/render.png'))"));
        Files.write(Path.of("target", "world-editor.png"), browser.getScreenshotAs(OutputType.BYTES));
        // east starts at map x 160: at zoom 2 with the view at -40, that is 400 css pixels from the canvas's left
        int left = 400 + 40;
        int top = 80 + 60;
        new Actions(browser).moveToElement(canvas, left - canvas.getSize().getWidth() / 2,
                top - canvas.getSize().getHeight() / 2).click().perform();
        waitFor("east opened", () -> browser.getCurrentUrl().contains("/maps/" + east + "/edit?at="));
        assertThat(browser.getCurrentUrl()).contains("at=-200,-40,2");
    }
}
