package dev.tilewright.editor;

import dev.tilewright.format.TiledExamples;
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
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.springframework.boot.test.web.server.LocalServerPort;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipInputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Auto-layers in two headless Chromium editors: Alice picks the IntGrid layer, takes "wall" from the IntGrid palette
 * and drags a rectangle; both editors show the wall tiles the server derived (tops, mirrored ends, plain wall) on the
 * auto-layer within seconds, Alice's status ends saved; the auto-layer refuses a brush; and the map's Tiled export,
 * drawn by Tiled's own tmxrasterizer, shows those tiles exactly as the service's render does.
 */
@FeatureTest
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER, Tool.TMXRASTERIZER})
class AutoLayersBrowserTest {

    private static final int ANY = 1_000_001;
    private static final long H = 0x80000000L;

    @TempDir
    Path dir;
    @LocalServerPort
    int port;
    ChromeDriver alice;
    ChromeDriver bob;

    @AfterEach
    void close() {
        Browsers.quit(alice, bob);
    }

    private static long cell(ChromeDriver browser, int layer, int x, int y) {
        return ((Number) browser.executeScript("return window.tilewright.editor.map.layer(arguments[0])"
                + ".get(arguments[1], arguments[2])", layer, x, y)).longValue();
    }

    @Test
    void wallsPaintedOnTheIntGridAppearDerivedInBothEditorsAndTiledDrawsThemAsWeDo() throws Exception {
        Api root = new Api(port);
        Api admin = root.as(root.token(root.person("Cave owner", root.projectOf(root.newMap("any", 2, 2)), "editor"),
                "write"));
        long team = admin.postJson("/api/v1/teams", "{\"name\":\"caves\"}").json().get("id").asLong();
        long project = admin.postJson("/api/v1/teams/" + team + "/projects", "{\"name\":\"cave level\"}").json()
                .get("id").asLong();
        assertThat(admin.putJson("/api/v1/projects/" + project + "/rules", "{\"values\":[{\"value\":1,\"name\":\"wall\","
                + "\"color\":\"#c04040\"},{\"value\":2,\"name\":\"water\",\"color\":\"#2060ff\"}],\"ruleSets\":["
                + "{\"name\":\"cave\",\"groups\":[{\"name\":\"walls\",\"rules\":["
                + "{\"size\":3,\"pattern\":[0,-" + ANY + ",0,0,1,0,0,0,0],\"tileIds\":[7]},"
                + "{\"size\":3,\"pattern\":[0,0,0,0,1,-" + ANY + ",0,0,0],\"tileIds\":[4],\"flipX\":true},"
                + "{\"size\":1,\"pattern\":[1],\"tileIds\":[3]}]}]}]}").status()).isEqualTo(200);
        long tileset = admin.uploadTileset("walls", 4, 2, project);
        long mapId = admin.postJson("/api/v1/maps", "{\"name\":\"cave\",\"width\":12,\"height\":8,\"tileWidth\":16,"
                + "\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],\"layers\":[{\"name\":\"ground\","
                + "\"type\":\"tile\"},{\"name\":\"walls (auto)\",\"type\":\"tile\"}],\"projectId\":" + project + "}")
                .json().get("id").asLong();
        String map = "/api/v1/maps/" + mapId;
        Api.Response grid = admin.postJson(map + "/ops", "{\"ops\":[{\"type\":\"addLayer\",\"kind\":\"tile\","
                + "\"attributes\":{\"name\":\"walls\",\"properties\":["
                + "{\"name\":\"tilewright.intgrid\",\"type\":\"bool\",\"value\":true},"
                + "{\"name\":\"tilewright.autotile.rules\",\"type\":\"string\",\"value\":\"cave\"},"
                + "{\"name\":\"tilewright.autotile.output\",\"type\":\"int\",\"value\":2},"
                + "{\"name\":\"tilewright.autotile.firstgid\",\"type\":\"int\",\"value\":1}]}}]}", "If-Match",
                admin.get(map).header("ETag"));
        assertThat(grid.status()).as(grid.text()).isEqualTo(200);

        Api.Person a = root.person("Alice", project, "editor");
        Api.Person b = root.person("Bob", project, "editor");
        alice = Browsers.editorOf(dir, port, a, mapId);
        bob = Browsers.editorOf(dir, port, b, mapId);
        EditorPage ap = new EditorPage(alice);
        EditorPage bp = new EditorPage(bob);

        // the layers panel names the IntGrid and the auto-layer; choosing the IntGrid turns the palette into its values
        WebElement walls = ap.testId("layer-list").findElements(By.tagName("li")).stream()
                .filter(li -> li.getText().contains("intgrid")).findFirst().orElseThrow();
        assertThat(ap.testId("layer-list").getText()).contains("auto");
        walls.click();
        ap.waitFor("the IntGrid palette", () -> ap.testId("intgrid-values").isDisplayed());
        assertThat(ap.testId("tileset-palette").isDisplayed()).isFalse();
        List<WebElement> values = ap.testId("intgrid-values").findElements(By.cssSelector("[data-testid=intgrid-value]"));
        assertThat(values).extracting(WebElement::getText).containsExactly("1 wall", "2 water");
        values.get(0).click();
        ap.testId("tool-rect").click();
        Actions drag = ap.atCell(new Actions(alice), 2, 2).clickAndHold();
        drag = ap.atCell(drag, 6, 4);
        drag.release().perform();
        ap.waitSaved();

        for (ChromeDriver browser : new ChromeDriver[]{alice, bob}) {
            EditorPage page = new EditorPage(browser);
            page.waitFor("the derived wall tiles", () -> cell(browser, 2, 6, 4) == 5L);
            assertThat(cell(browser, 3, 4, 3)).isEqualTo(1L);
            assertThat(cell(browser, 2, 2, 2)).as("a top").isEqualTo(8L);
            assertThat(cell(browser, 2, 2, 3)).as("the left end, mirrored").isEqualTo(5L | H);
            assertThat(cell(browser, 2, 4, 3)).as("plain wall").isEqualTo(4L);
        }
        assertThat(admin.get(map + "/layers/2/cells?x=2&y=3&width=5&height=1").json().get("gids").toString())
                .isEqualTo("[" + (5L | H) + ",4,4,4,5]");
        Browsers.shoot(alice, "autolayers-alice.png");
        Browsers.shoot(bob, "autolayers-bob.png");

        // the Rules panel: the walls group off on this map empties the auto-layer for both editors; on again, back
        alice.findElement(By.cssSelector("[data-testid=rules-box] summary")).click();
        ap.waitFor("the rules listed", () -> ap.testId("rules-panel").findElements(By.cssSelector("[data-testid=rule]"))
                .size() == 3);
        ap.testId("rules-group-on").click();
        bp.waitFor("the walls gone on this map", () -> cell(bob, 2, 4, 3) == 0L);
        assertThat(admin.get(map + "/layers/2/cells").json().get("gids").toString()).doesNotContain("4");
        ap.testId("rules-group-on").click();
        bp.waitFor("the walls back", () -> cell(bob, 2, 4, 3) == 4L);

        // the preview: with plain wall moved first, every wall cell would be plain (tile 3); the map itself unchanged
        ap.testId("rules-preview").click();
        for (int up = 0; up < 2; up++) {
            List<WebElement> ups = ap.testId("rules-panel").findElements(By.cssSelector("[data-testid=rule-up]"));
            ups.get(ups.size() - 1 - up).click();
        }
        ap.waitFor("the preview", () -> Boolean.TRUE.equals(alice.executeScript("const p = window.tilewright.rules"
                + ".preview; if (!p) return false; const i = (2 - p.rect.y) * p.rect.width + (2 - p.rect.x);"
                + " return p.gids[i] === 4;")));
        assertThat(cell(alice, 2, 2, 2)).isEqualTo(8L);
        Browsers.shoot(alice, "autolayers-rules-preview.png");

        // the auto-layer is the server's: a brush there is refused with the reason
        WebElement auto = bp.testId("layer-list").findElements(By.tagName("li")).stream()
                .filter(li -> li.getText().contains("auto")).findFirst().orElseThrow();
        auto.click();
        bp.pickTile(1);
        bp.atCell(new Actions(bob), 9, 6).click().perform();
        bp.waitFor("the refusal", () -> bob.getPageSource().contains("is an auto-layer"));
        assertThat(cell(bob, 2, 9, 6)).isZero();

        // Tiled's own rasterizer draws the exported map as the service draws it
        Api.Response zip = admin.get(map + "/export?format=zip");
        Path out = dir.resolve("export");
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip.body()))) {
            for (var entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                Path file = out.resolve(entry.getName());
                Files.createDirectories(file.getParent());
                Files.write(file, in.readAllBytes());
            }
        }
        String tmx;
        try (var files = Files.list(out)) {
            tmx = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmx")).findFirst().orElseThrow();
        }
        TiledExamples.tiled(out, List.of("tmxrasterizer", "--no-smoothing", tmx, "tiled.png"));
        BufferedImage tiled = ImageIO.read(out.resolve("tiled.png").toFile());
        BufferedImage ours = ImageIO.read(new ByteArrayInputStream(admin.get(map + "/render.png?x=0&y=0&width=192"
                + "&height=128").body()));
        assertThat(tiled.getWidth()).isEqualTo(192);
        int differing = 0;
        int drawn = 0;
        for (int y = 0; y < 128; y++) {
            for (int x = 0; x < 192; x++) {
                differing += tiled.getRGB(x, y) == ours.getRGB(x, y) ? 0 : 1;
                drawn += (tiled.getRGB(x, y) >>> 24) != 0 ? 1 : 0;
            }
        }
        assertThat(differing).as("pixels where Tiled's drawing differs from ours").isZero();
        assertThat(drawn).as("pixels Tiled drew: the 15 wall tiles").isEqualTo(15 * 16 * 16);
    }
}
