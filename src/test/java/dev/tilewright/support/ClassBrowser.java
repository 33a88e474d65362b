package dev.tilewright.support;

import org.openqa.selenium.chrome.ChromeDriver;

import java.io.IOException;
import java.nio.file.Path;

/**
 * One headless Chromium for all the tests of a class, signed in as the test admin once (a browser's start and sign-in
 * cost seconds a test). Each test opens its own page; {@link #leave} takes the browser to a blank page after it, and
 * {@link #close} (in the class's {@code @AfterAll}) ends it.
 */
public final class ClassBrowser {

    private ChromeDriver browser;

    /** The class's browser, started and signed in on the service at {@code port} the first time. */
    public ChromeDriver signedIn(Path profile, int port) throws IOException {
        if (browser == null) {
            browser = Browsers.chromium(profile);
            Browsers.signIn(browser, port);
        }
        return browser;
    }

    /** After a test: nothing of its page runs into the next test's. */
    public void leave() {
        if (browser != null) {
            browser.get("about:blank");
        }
    }

    public void close() {
        if (browser != null) {
            browser.quit();
            browser = null;
        }
    }
}
