package dev.tilewright.pages;

import dev.tilewright.support.ClassBrowser;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import dev.tilewright.format.TiledExamples;
import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.FeatureTest;
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
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reviewer's preview in a real browser (Debian's chromium and chromedriver, which .ci/run installs): keys and
 * drag scroll the view, the server's renders follow, and the address bar keeps the view.
 */
@FeatureTest
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER, Tool.TILED})
class PreviewBrowserTest {

    @TempDir
    Path dir;
    /** One browser for the class (signed in once); each test imports its own map. */
    @TempDir
    static Path profile;
    static final ClassBrowser SHARED = new ClassBrowser();
    @LocalServerPort
    int port;
    ChromeDriver browser;
    long mapId;

    @BeforeEach
    void desertAndBrowser() throws Exception {
        TiledExamples.copy(dir.resolve("examples"));
        Map<String, byte[]> all = TiledExamples.files(dir.resolve("examples"));
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (String name : List.of("desert.tmx", "desert.tsx", "tmw_desert_spacing.png")) {
            files.put(name, all.get(name));
        }
        mapId = new Api(port).postFiles("/api/v1/maps/import", files).json().get("id").asLong();
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

    private WebElement view() {
        return browser.findElement(By.cssSelector("[data-testid=view].active"));
    }

    private int at(String axis) {
        return Integer.parseInt(view().getDomAttribute("data-" + axis));
    }

    private void waitFor(String what, java.util.function.BooleanSupplier condition) {
        Browsers.waitFor(browser, 15, what, condition);
    }

    @Test
    void keysAndDragScrollTheViewAndTheLinkKeepsIt() throws Exception {
        browser.get("http://localhost:" + port + "/maps/" + mapId + "/preview?size=320x240&scale=1&v=100,100");
        waitFor("the first render", () -> view().getDomAttribute("data-loaded") != null);
        assertThat(at("x")).isEqualTo(100);

        new Actions(browser).keyDown(Keys.ARROW_RIGHT).pause(Duration.ofMillis(700)).keyUp(Keys.ARROW_RIGHT).perform();
        waitFor("the view moved right", () -> at("x") > 150);
        int afterKeys = at("x");
        assertThat(at("y")).isEqualTo(100);

        new Actions(browser).clickAndHold(view()).moveByOffset(-60, -40).release().perform();
        waitFor("the drag moved the view", () -> at("x") >= afterKeys + 55 && at("y") >= 135);

        new Actions(browser).keyDown(Keys.ARROW_RIGHT).pause(Duration.ofMillis(2500)).keyUp(Keys.ARROW_RIGHT).perform();
        waitFor("a new region was rendered ahead of the view",
                () -> Integer.parseInt(view().getDomAttribute("data-loaded")) >= 2);
        int x = at("x");
        int y = at("y");
        waitFor("the address bar keeps the view", () -> browser.getCurrentUrl().contains("v=" + x + "%2C" + y)
                || browser.getCurrentUrl().contains("v=" + x + "," + y));
        Files.write(Path.of("target", "preview-browser.png"), browser.getScreenshotAs(OutputType.BYTES));

        browser.get(browser.getCurrentUrl());
        waitFor("the reloaded link renders", () -> view().getDomAttribute("data-loaded") != null);
        assertThat(at("x")).isEqualTo(x);
        assertThat(at("y")).isEqualTo(y);
        String src = view().findElement(By.tagName("img")).getDomProperty("src");
        assertThat(src).contains("/api/v1/maps/" + mapId + "/render.png");
    }

    @Test
    void withParallaxEachViewShowsItsWindowAsACameraThereSeesIt() throws Exception {
        new Api(port).postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"updateLayer\",\"layerId\":1,"
                + "\"patch\":{\"parallax\":{\"x\":0.5,\"y\":0.5}}}]}", "If-Match", "*");
        browser.get("http://localhost:" + port + "/maps/" + mapId + "/preview?size=320x240&scale=1&v=100,100");
        waitFor("the first render", () -> view().getDomAttribute("data-loaded") != null);
        browser.findElement(By.cssSelector("[data-testid=parallax]")).click();
        waitFor("the window rendered with parallax", () -> view().findElement(By.tagName("img")).getDomProperty("src")
                .contains("parallax=true"));
        String src = view().findElement(By.tagName("img")).getDomProperty("src");
        assertThat(src).as("exactly the view's window").contains("x=100&y=100&width=320&height=240");
        new Actions(browser).keyDown(Keys.ARROW_RIGHT).pause(Duration.ofMillis(700)).keyUp(Keys.ARROW_RIGHT).perform();
        waitFor("the view moved right", () -> at("x") > 150);
        int x = at("x");
        waitFor("the new window fetched", () -> view().findElement(By.tagName("img")).getDomProperty("src")
                .contains("x=" + x + "&"));
        waitFor("the address bar keeps it", () -> browser.getCurrentUrl().contains("parallax=1"));
        Files.write(Path.of("target", "preview-parallax.png"), browser.getScreenshotAs(OutputType.BYTES));
    }

    @Test
    void aRecordedScrollBecomesATourGif() {
        browser.get("http://localhost:" + port + "/maps/" + mapId + "/preview?size=320x240&scale=1&v=0,0");
        waitFor("the first render", () -> view().getDomAttribute("data-loaded") != null);
        new org.openqa.selenium.support.ui.Select(browser.findElement(By.cssSelector("[data-testid=split]")))
                .selectByVisibleText("2");
        waitFor("two split views", () -> browser.findElements(By.cssSelector("[data-testid=view]")).size() == 2);
        assertThat(browser.findElements(By.cssSelector("[data-testid=view]")).get(1).getDomAttribute("data-x"))
                .as("the second view starts one view to the right").isEqualTo("320");
        browser.findElement(By.cssSelector("[data-testid=record]")).click();
        new Actions(browser).keyDown(Keys.ARROW_DOWN).pause(Duration.ofMillis(600)).keyUp(Keys.ARROW_DOWN).perform();
        browser.findElement(By.cssSelector("[data-testid=record]")).click();
        WebElement tour = browser.findElement(By.cssSelector("[data-testid=tour-image]"));
        waitFor("the tour GIF loads", () -> Boolean.TRUE.equals(
                browser.executeScript("return arguments[0].complete && arguments[0].naturalWidth === 320", tour)));
        String link = browser.findElement(By.cssSelector("[data-testid=tour-link]")).getText();
        assertThat(link).contains("/api/v1/maps/" + mapId + "/tour.gif?path=160%2C120%3B");
        assertThat(browser.findElements(By.cssSelector("[data-testid=tour-image]"))).as("one tour, once").hasSize(1);
    }

    @Test
    void theMapsPageListsTheMapWithAThumbnailAndLinks() {
        browser.get("http://localhost:" + port + "/maps");
        // this test's map's row (other tests' maps may be listed too, large ones among them)
        WebElement list = browser.findElement(By.xpath("//table[@data-testid='map-list']//tr[.//a[@href='/maps/"
                + mapId + "']]"));
        assertThat(list.getText()).contains("desert").contains("40 × 40");
        WebElement thumbnail = list.findElement(By.cssSelector("img.thumb"));
        // thumbnails load lazily, as they come into sight; the server draws a few at a time (others' large maps too)
        browser.executeScript("arguments[0].scrollIntoView({block: 'center'})", thumbnail);
        new WebDriverWait(browser, Duration.ofSeconds(60)).withMessage("the thumbnail loads").until(d -> Boolean.TRUE
                .equals(browser.executeScript("return arguments[0].complete && arguments[0].naturalWidth > 0", thumbnail)));
        list.findElement(By.linkText("desert")).click();
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("desert");
        assertThat(browser.getPageSource()).contains("Export for Tiled (zip)").contains("Ground");
    }

    @Test
    void compareMarksWhatChangedSinceAChangeAndStepsToIt() throws Exception {
        Api api = new Api(port);
        long before = api.get("/api/v1/maps/" + mapId).json().get("version").asLong();
        Api.Response painted = api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"fillRect\","
                + "\"layerId\":1,\"x\":30,\"y\":31,\"width\":3,\"height\":2,\"gid\":0}]}", "If-Match", "*");
        assertThat(painted.status()).as(painted.text()).isEqualTo(200);
        browser.get("http://localhost:" + port + "/maps/" + mapId + "/preview?size=320x240&scale=1&v=0,0");
        waitFor("the first render", () -> view().getDomAttribute("data-loaded") != null);
        WebElement since = browser.findElement(By.cssSelector("[data-testid=compare-since]"));
        since.click();
        waitFor("the history's changes offered", () -> since.findElements(By.cssSelector("option[value=\"" + before
                + "\"]")).size() == 1);
        new org.openqa.selenium.support.ui.Select(since).selectByValue(String.valueOf(before));
        browser.findElement(By.cssSelector("[data-testid=compare-start]")).click();
        waitFor("the view shows the diff", () -> view().findElement(By.tagName("img")).getDomProperty("src")
                .contains("/diff.png?from=" + before));
        assertThat(browser.findElement(By.cssSelector("[data-testid=compare-status]")).getText())
                .contains("place 1 of 1");
        // centred on the cells that changed: 30..32 x 31..32 of 32 px tiles, middle (1008, 1024)
        assertThat(at("x") + 160).isBetween(1000, 1016);
        assertThat(at("y") + 120).isBetween(1016, 1032);
        Files.write(Path.of("target", "preview-compare.png"), browser.getScreenshotAs(OutputType.BYTES));
        browser.findElement(By.cssSelector("[data-testid=compare-done]")).click();
        waitFor("back to the plain render", () -> view().findElement(By.tagName("img")).getDomProperty("src")
                .contains("/render.png"));
    }
}
