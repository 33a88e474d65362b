package dev.tilewright.support;

import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.time.Duration;
import java.nio.file.Files;
import java.nio.file.Path;

/** Headless Chromium from Debian's packages (chromium, chromium-driver; .ci/run installs them), found on the PATH. */
public final class Browsers {

    private Browsers() {
    }

    /** Waits until the condition holds, at most {@code seconds}; fails saying what was awaited. */
    public static void waitFor(ChromeDriver browser, int seconds, String what,
                               java.util.function.BooleanSupplier condition) {
        new WebDriverWait(browser, Duration.ofSeconds(seconds)).withMessage(what).until(d -> condition.getAsBoolean());
    }

    /**
     * Clicks what a supplier finds, finding it again when a panel was drawn anew under the click (its element went
     * stale: the live socket brought a change that redraws the list).
     */
    public static void clickSteady(ChromeDriver browser, String what,
                                   java.util.function.Supplier<org.openqa.selenium.WebElement> find) {
        waitFor(browser, 10, what, () -> {
            try {
                find.get().click();
                return true;
            } catch (org.openqa.selenium.StaleElementReferenceException redrawn) {
                return false;
            }
        });
    }

    /** A fresh headless browser with its own profile under {@code dir}, 1400x900 unless told otherwise. */
    public static ChromeDriver chromium(Path dir, String... arguments) throws IOException {
        ChromeOptions options = new ChromeOptions().setBinary(Tool.CHROMIUM.path().toString()).addArguments("--headless",
                "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--window-size=1400,900",
                "--user-data-dir=" + Files.createDirectories(dir.resolve("profile")));
        options.addArguments(arguments);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(Tool.CHROMEDRIVER.path().toFile()).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    /** Signs a browser in on the service at {@code port} as the test admin ({@link Credentials}). */
    public static void signIn(ChromeDriver browser, int port) {
        signIn(browser, port, Credentials.ADMIN_EMAIL, Credentials.ADMIN_PASSWORD);
    }

    /** Signs a browser in with the sign-in form; returns once the form has let it through. */
    public static void signIn(ChromeDriver browser, int port, String email, String password) {
        browser.get("http://localhost:" + port + "/login");
        browser.findElement(By.cssSelector("[data-testid=login-email]")).sendKeys(email);
        browser.findElement(By.cssSelector("[data-testid=login-password]")).sendKeys(password);
        browser.findElement(By.cssSelector("[data-testid=login-submit]")).click();
        new WebDriverWait(browser, Duration.ofSeconds(20)).withMessage("signed in as " + email)
                .until(d -> !d.getCurrentUrl().contains("/login"));
    }

    /**
     * A Chromium signed in as someone, on a map's editor page once it is ready (its profile under {@code dir/name}).
     */
    public static ChromeDriver editorOf(Path dir, int port, Api.Person person, long mapId) throws IOException {
        ChromeDriver browser = chromium(dir.resolve(person.name().toLowerCase(java.util.Locale.ROOT).replace(' ', '-')));
        signIn(browser, port, person.email(), person.password());
        browser.get("http://localhost:" + port + "/maps/" + mapId + "/edit");
        new EditorPage(browser).waitReady();
        return browser;
    }

    /** Quits the browsers a test opened (those it got to). */
    public static void quit(ChromeDriver... browsers) {
        for (ChromeDriver browser : browsers) {
            if (browser != null) {
                browser.quit();
            }
        }
    }

    /** Saves what the browser shows as {@code target/screenshots/<name>}, to look at after a run. */
    public static void shoot(ChromeDriver browser, String name) throws IOException {
        Path out = Path.of("target", "screenshots");
        Files.createDirectories(out);
        Files.write(out.resolve(name), browser.getScreenshotAs(org.openqa.selenium.OutputType.BYTES));
    }
}
