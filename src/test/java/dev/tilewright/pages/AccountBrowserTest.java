package dev.tilewright.pages;

import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.EditorPage;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The account page in Chromium: a token made there (shown once) works on the API until it is revoked there. */
@FeatureTest
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER})
class AccountBrowserTest {

    @TempDir
    Path dir;
    @LocalServerPort
    int port;
    ChromeDriver browser;

    @AfterEach
    void close() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void aTokenMadeOnTheAccountPageWorksUntilRevokedThere() throws Exception {
        Api admin = new Api(port);
        long mapId = admin.newMap("for the token", 4, 4);
        Api.Person person = admin.person("Token Maker", admin.projectOf(mapId), "viewer");
        browser = Browsers.chromium(dir);
        Browsers.signIn(browser, port, person.email(), person.password());
        EditorPage page = new EditorPage(browser);
        page.testId("signed-in-as").click();
        page.waitFor("the account page", () -> browser.getCurrentUrl().endsWith("/account"));

        page.testId("token-name").sendKeys("CI on main");
        page.testId("token-create").click();
        page.waitFor("the new token shown", () -> !browser.findElements(By.cssSelector("[data-testid=token-secret]"))
                .isEmpty());
        String token = page.testId("token-secret").getDomProperty("value");
        assertThat(token).startsWith("twp_").hasSize(53);
        assertThat(page.testId("token-list").getText()).contains("CI on main", "read", "never");
        assertThat(admin.as(token).get("/api/v1/maps/" + mapId).status()).isEqualTo(200);
        assertThat(admin.as(token).postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"paint\","
                + "\"layerId\":1,\"cells\":[]}]}", "If-Match", "*").status()).as("a read token").isEqualTo(403);

        browser.get("http://localhost:" + port + "/account");
        assertThat(browser.findElements(By.cssSelector("[data-testid=token-secret]"))).as("shown once").isEmpty();
        assertThat(page.testId("token-list").getText()).contains("CI on main");
        page.testId("token-revoke").click();
        page.waitFor("revoked", () -> !browser.findElements(By.cssSelector("[data-testid=account-notice]")).isEmpty());
        assertThat(admin.as(token).get("/api/v1/maps/" + mapId).status()).isEqualTo(401);
    }
}
