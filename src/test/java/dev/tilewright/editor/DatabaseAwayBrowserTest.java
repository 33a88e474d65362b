package dev.tilewright.editor;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.CuttableProxy;
import dev.tilewright.support.DatabaseBehindProxy;
import dev.tilewright.support.EditorPage;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An editor painting while PostgreSQL is away: the edits it cannot store stay in the tab, the status says so with
 * their count (reconnecting/offline – N pending), and when PostgreSQL is back they are stored without a reload,
 * the status goes back to saved and the server has every cell, the ones acknowledged before included.
 */
@Tag(Lanes.SERVICE)
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER})
class DatabaseAwayBrowserTest {

    @TempDir
    Path dir;

    @Test
    void editsMadeWhileTheDatabaseIsAwayArePendingAndStoredWhenItIsBack() throws Exception {
        try (DatabaseBehindProxy service = new DatabaseBehindProxy("--tilewright.storage.lock-wait-ms=3000")) {
            CuttableProxy database = service.database;
            int port = service.port();
            Api api = new Api(port);
            long tileset = api.uploadTileset("terrain", 4, 2);
            long mapId = api.postJson("/api/v1/maps", "{\"name\":\"away\",\"width\":20,\"height\":12,\"tileWidth\":16,"
                    + "\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],"
                    + "\"layers\":[{\"name\":\"ground\",\"type\":\"tile\"}]}").json().get("id").asLong();
            ChromeDriver browser = Browsers.chromium(dir.resolve("editor"));
            Browsers.signIn(browser, port);
            try {
                browser.get("http://localhost:" + port + "/maps/" + mapId + "/edit");
                EditorPage page = new EditorPage(browser);
                page.waitReady();
                page.pickTile(0);
                page.atCell(new Actions(browser), 1, 1).click().perform();
                page.waitSaved();

                database.cut();
                for (int x = 2; x <= 4; x++) {
                    page.atCell(new Actions(browser), x, 1).click().perform();
                }
                page.waitFor("the status says the edits wait", () -> {
                    String shown = page.testId("save-state").getText();
                    return (shown.startsWith("reconnecting") || shown.startsWith("offline"))
                            && shown.contains("3 pending edits");
                });
                System.out.println("DatabaseAwayBrowserTest: while away: " + page.testId("save-state").getText());
                assertThat(page.keptEdits(mapId)).as("kept in the tab").contains("\"x\":4");

                database.mend();
                page.waitSaved();
                assertThat(api.get("/api/v1/maps/" + mapId + "/layers/1/cells?x=1&y=1&width=4&height=1").json()
                        .get("gids").toString()).isEqualTo("[1,1,1,1]");
                assertThat(page.testId("save-state").getText()).isEqualTo("live – saved");
            } finally {
                browser.quit();
            }
        }
    }
}
