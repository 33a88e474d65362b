package dev.tilewright.support;

import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** The editor page in a test browser: waiting for it, finding its parts, pointing at map cells (16 px tiles). */
public final class EditorPage {

    public static final int TILE = 16;
    private final ChromeDriver browser;

    public EditorPage(ChromeDriver browser) {
        this.browser = browser;
    }

    public void waitFor(String what, BooleanSupplier condition) {
        new WebDriverWait(browser, Duration.ofSeconds(20)).withMessage(what).until(d -> condition.getAsBoolean());
    }

    public WebElement testId(String id) {
        return browser.findElement(By.cssSelector("[data-testid=\"" + id + "\"]"));
    }

    public void waitReady() {
        waitFor("the editor started", () -> "true".equals(browser.findElement(By.tagName("body")).getDomAttribute("data-ready")));
    }

    /** Waits until the browser has drawn two more frames (what is dirty now is on the canvas then). */
    public void waitForFrames() {
        browser.manage().timeouts().scriptTimeout(java.time.Duration.ofSeconds(10));
        browser.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + " requestAnimationFrame(() => requestAnimationFrame(() => done()));");
    }

    /**
     * The edits this browser keeps for a map (every page's IndexedDB record, as JSON: [{clientId, pending: [...]}]),
     * "[]" when none.
     */
    public String keptEdits(long mapId) {
        browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(10));
        return (String) browser.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + " const open = indexedDB.open('tilewright');"
                // never create the database here: the page's first open must be the one that makes its store
                + " open.onupgradeneeded = () => open.transaction.abort();"
                + " open.onerror = () => done('[]');"
                + " open.onsuccess = () => { const db = open.result;"
                + "   if (!db.objectStoreNames.contains('pending')) { db.close(); done('[]'); return; }"
                + "   const read = db.transaction('pending').objectStore('pending').index('mapId').getAll(arguments[0]);"
                + "   read.onsuccess = () => { db.close(); done(JSON.stringify(read.result)); }; };", mapId);
    }

    public void waitSaved() {
        waitFor("everything saved", () -> "saved".equals(testId("save-state").getDomAttribute("data-state")));
    }

    /** Moves to the centre of a map cell (the view starts at 100% over the map's top-left corner). */
    public Actions atCell(Actions actions, int x, int y) {
        return atPixel(actions, x * TILE + TILE / 2, y * TILE + TILE / 2);
    }

    public Actions atPixel(Actions actions, int x, int y) {
        WebElement canvas = testId("map-canvas");
        return actions.moveToElement(canvas, x - canvas.getSize().getWidth() / 2, y - canvas.getSize().getHeight() / 2);
    }

    /** Picks tile {@code local} in the palette (4 columns, at its 200% zoom). */
    public void pickTile(int local) {
        WebElement palette = testId("tileset-palette");
        int dx = (local % 4) * 32 + 16 - palette.getSize().getWidth() / 2;
        int dy = (local / 4) * 32 + 16 - palette.getSize().getHeight() / 2;
        new Actions(browser).moveToElement(palette, dx, dy).click().perform();
    }
}
