package dev.tilewright.pages;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.EditorPage;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.ServiceProcess;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole story of a team in Chromium, on a fresh instance as the README's commands start it: the admin is made
 * through the setup link printed in the log; she makes a team, a project and a map; invites a second person (a
 * second browser) who makes his account through the invite and edits the map live, seen by his name; a share link
 * opened in a third, fresh browser shows the preview and the editor read only; signing out ends it. Screenshots of
 * each page go to target/story.
 */
@Tag(Lanes.SERVICE)
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER})
class TeamStoryBrowserTest {

    private static final Pattern SETUP = Pattern.compile("(http://localhost:\\d+/setup\\?code=[A-Z0-9]+)");
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;
    ServiceProcess service;
    final List<ChromeDriver> browsers = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        browsers.forEach(ChromeDriver::quit);
        if (service != null) {
            service.close();
        }
    }

    private ChromeDriver browser(String who) throws Exception {
        ChromeDriver browser = Browsers.chromium(dir.resolve(who));
        browsers.add(browser);
        return browser;
    }

    private static void shot(ChromeDriver browser, String name) throws Exception {
        Path folder = Files.createDirectories(Path.of("target", "story"));
        Files.copy(browser.getScreenshotAs(OutputType.FILE).toPath(), folder.resolve(name + ".png"),
                StandardCopyOption.REPLACE_EXISTING);
    }

    private static void type(EditorPage page, String testId, String text) {
        WebElement field = page.testId(testId);
        field.clear();
        field.sendKeys(text);
    }

    @Test
    void setupTeamInviteLiveEditingShareLinkAndSignOut() throws Exception {
        // a fresh instance without accounts, bootstrap settings off: the log prints the setup link
        service = ServiceProcess.start(null, List.of("-Xmx1g"), List.of("--tilewright.database.data-dir="
                + dir.resolve("pg"), "--tilewright.bootstrap.admin-email=", "--tilewright.bootstrap.admin-password=",
                "--tilewright.bootstrap.token="));
        String base = "http://localhost:" + service.port;
        Matcher link = SETUP.matcher(service.log());
        assertThat(link.find()).as("the setup link in the log").isTrue();

        ChromeDriver ada = browser("ada");
        EditorPage a = new EditorPage(ada);
        ada.get(base + "/maps");
        a.waitFor("sent to setup", () -> ada.getCurrentUrl().contains("/setup"));
        ada.get(link.group(1));
        type(a, "setup-email", "ada@studio.test");
        type(a, "setup-name", "Ada");
        type(a, "setup-password", "a long and quiet password");
        shot(ada, "01-setup");
        a.testId("setup-submit").click();
        a.waitFor("made, to sign in", () -> ada.getCurrentUrl().contains("/login?setUp"));
        Browsers.signIn(ada, service.port, "ada@studio.test", "a long and quiet password");

        // a team, a project, a map
        a.testId("nav-teams").click();
        a.waitFor("the teams page", () -> ada.getCurrentUrl().endsWith("/teams"));
        type(a, "team-name", "Pixel Forge");
        a.testId("team-create").click();
        a.waitFor("the team's page", () -> ada.getCurrentUrl().matches(".*/teams/\\d+"));
        assertThat(a.testId("team-title").getText()).isEqualTo("Pixel Forge");
        type(a, "project-name", "Caves");
        a.testId("project-create").click();
        a.waitFor("the project's page", () -> ada.getCurrentUrl().matches(".*/projects/\\d+"));
        String projectPage = ada.getCurrentUrl();
        a.testId("new-map").click();
        type(a, "new-map-name", "Cave 1");
        a.testId("new-map-create").click();
        a.waitFor("the new map in the editor", () -> ada.getCurrentUrl().matches(".*/maps/\\d+/edit"));
        long mapId = Long.parseLong(ada.getCurrentUrl().replaceAll(".*/maps/(\\d+)/edit", "$1"));
        a.waitReady();

        // an invite for an editor, handed to a second person who has no account yet
        ada.get(projectPage);
        assertThat(a.testId("project-maps").getText()).contains("Cave 1");
        a.testId("invite-create").click();
        a.waitFor("the invite link", () -> !a.testId("invite-url").getDomProperty("value").isEmpty());
        String invite = a.testId("invite-url").getDomProperty("value");
        assertThat(invite).startsWith(base + "/invites/twi_");
        shot(ada, "02-project");

        ChromeDriver ben = browser("ben");
        EditorPage b = new EditorPage(ben);
        ben.get(invite);
        assertThat(b.testId("invite-title").getText()).contains("Caves").contains("Pixel Forge");
        type(b, "signup-email", "ben@studio.test");
        type(b, "signup-name", "Ben");
        type(b, "signup-password", "another long password");
        shot(ben, "03-invite");
        b.testId("signup-submit").click();
        b.waitFor("in the project", () -> ben.getCurrentUrl().equals(projectPage));
        assertThat(b.testId("project-role").getText()).isEqualTo("editor");

        // both in the editor: each sees the other by name; Ben's edit reaches Ada, logged as his
        ada.get(base + "/maps/" + mapId + "/edit");
        ben.get(base + "/maps/" + mapId + "/edit");
        a.waitReady();
        b.waitReady();
        a.waitFor("Ada sees Ben", () -> a.testId("people").getText().contains("Ben"));
        b.waitFor("Ben sees Ada", () -> b.testId("people").getText().contains("Ada"));
        b.testId("add-tile-layer").click();
        a.waitFor("Ben's layer at Ada's", () -> ada.findElements(By.cssSelector("[data-testid=layer-list] li"))
                .size() == 2);
        b.waitSaved();
        ada.manage().timeouts().scriptTimeout(WAIT);
        String log = (String) ada.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + "fetch('/api/v1/maps/' + arguments[0] + '/ops?since=1').then(r => r.text()).then(done);", mapId);
        assertThat(log).contains("\"name\":\"Ben\"");
        shot(ada, "04-live");

        // a share link, opened by a reviewer without an account
        a.testId("share-open").click();
        a.testId("share-make").click();
        a.waitFor("the share link", () -> !a.testId("share-url").getDomProperty("value").isEmpty());
        String share = a.testId("share-url").getDomProperty("value");
        assertThat(share).startsWith(base + "/s/tws_");
        shot(ada, "05-share");

        ChromeDriver cy = browser("cy");
        EditorPage c = new EditorPage(cy);
        cy.get(share);
        // the preview keeps its views in the address's query once it has drawn: the path is what tells
        c.waitFor("the preview at a clean address", () -> cy.getCurrentUrl().startsWith(base + "/maps/" + mapId
                + "/preview"));
        assertThat(cy.getCurrentUrl()).as("the secret left the address").doesNotContain("tws_");
        c.waitFor("a view drawn", () -> !cy.findElements(By.cssSelector("[data-testid=views] img, "
                + "[data-testid=views] canvas")).isEmpty());
        shot(cy, "06-shared-preview");
        cy.get(base + "/maps/" + mapId + "/edit");
        c.waitReady();
        assertThat(c.testId("read-only").isDisplayed()).isTrue();
        assertThat(c.testId("tool-brush").isDisplayed()).as("no edit tools").isFalse();
        Object refused = cy.executeScript("return window.tilewright.editor.edit({type: 'renameMap', name: 'x'})");
        assertThat(refused).as("an edit is refused in the page").isNull();
        c.waitFor("no Rules panel for a link that may not read the project's rules",
                () -> cy.findElements(By.cssSelector("[data-testid=rules-box]")).isEmpty());
        assertThat(c.testId("notice").getText()).as("no error greets the reviewer, only what the page is")
                .doesNotContain("Rules", "404").startsWith("Read only");
        shot(cy, "07-shared-editor");
        cy.get(base + "/maps");
        assertThat(cy.getCurrentUrl()).as("a share link sees its one map").contains("/maps/" + mapId + "/preview");

        // Ben signs out: his pages ask him to sign in again
        ben.get(base + "/maps");
        b.testId("sign-out").click();
        b.waitFor("signed out", () -> ben.getCurrentUrl().contains("/login?signedOut"));
        ben.get(base + "/maps/" + mapId + "/edit");
        b.waitFor("sent to sign in", () -> ben.getCurrentUrl().contains("/login"));
        shot(ben, "08-signed-out");
    }
}
