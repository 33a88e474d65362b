package dev.tilewright.editor;

import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.geom.Isometric;
import dev.tilewright.core.geom.Oblique;
import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.Projection;
import dev.tilewright.core.geom.TileCoord;
import dev.tilewright.support.Api;
import dev.tilewright.support.Browsers;
import dev.tilewright.support.EditorPage;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Isometric and hexagonal maps in the editor, as a team's editor meets them: a click at a tile's middle and just
 * inside each of its edges paints exactly that tile (the diamonds and hexagons are worked out here from the server's
 * projections, which OrientationProperties holds to an exact oracle); a bucket fill on a hexagonal map stops at a
 * ring of six walls; a second editor sees the first one's strokes; the minimap and the reviewer's preview show the
 * map.
 */
@FeatureTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@RequiresTools({Tool.CHROMIUM, Tool.CHROMEDRIVER})
class OrientationsBrowserTest {

    private static final int SIZE = 12;

    @TempDir
    static Path dir;
    @LocalServerPort
    int port;
    Api api;
    long project;
    long tileset;
    Api.Person erin;
    Api.Person finn;
    ChromeDriver browser;
    ChromeDriver second;

    @BeforeAll
    void open() throws Exception {
        api = new Api(port);
        project = api.projectOf(api.newMap("orientations", 1, 1));
        tileset = api.uploadTileset("terrain", 4, 2, project);
        erin = api.person("Erin", project, "editor");
        finn = api.person("Finn", project, "editor");
        browser = Browsers.chromium(dir.resolve("erin"));
        Browsers.signIn(browser, port, erin.email(), erin.password());
    }

    @AfterAll
    void close() {
        Browsers.quit(browser, second);
    }

    private long newMap(String name, String orientation) {
        Api.Response made = api.postJson("/api/v1/maps", "{\"name\":\"" + name + "\",\"width\":" + SIZE + ",\"height\":"
                + SIZE + ",\"projectId\":" + project + ",\"tilesets\":[{\"tilesetId\":" + tileset + "}],"
                + "\"layers\":[{\"name\":\"ground\",\"type\":\"tile\"}]," + orientation + "}");
        assertThat(made.status()).as(made.text()).isEqualTo(201);
        return made.json().get("id").asLong();
    }

    private EditorPage edit(ChromeDriver in, long mapId) {
        in.get("http://localhost:" + port + "/maps/" + mapId + "/edit");
        EditorPage page = new EditorPage(in);
        page.waitReady();
        page.waitForFrames();
        return page;
    }

    /** The cell corners of a tile on the screen, clockwise, sides of length 0 left out. */
    private static List<double[]> corners(Projection p, int x, int y) {
        List<double[]> out = new ArrayList<>();
        if (p instanceof Isometric || p instanceof Oblique) {
            for (double[] t : new double[][]{{x, y}, {x + 1, y}, {x + 1, y + 1}, {x, y + 1}}) {
                Position s = p.tileToScreen(t[0], t[1]);
                out.add(new double[]{s.x(), s.y()});
            }
            return out;
        }
        Hexagonal hex = (Hexagonal) p;
        PixelBox box = hex.cellBox(x, y);
        for (long[] c : hex.corners()) {
            double[] at = {box.x() + c[0], box.y() + c[1]};
            if (out.isEmpty() || out.get(out.size() - 1)[0] != at[0] || out.get(out.size() - 1)[1] != at[1]) {
                out.add(at);
            }
        }
        if (out.get(0)[0] == out.get(out.size() - 1)[0] && out.get(0)[1] == out.get(out.size() - 1)[1]) {
            out.remove(out.size() - 1);
        }
        return out;
    }

    /**
     * Whole screen pixels to click for a tile: its middle, and for each edge the pixel nearest its midpoint that lies
     * inside the tile 1 to 3 px from that edge (the pointer lands on whole pixels at 100%).
     */
    private static List<int[]> targets(Projection p, int x, int y) {
        List<double[]> c = corners(p, x, y);
        double cx = c.stream().mapToDouble(v -> v[0]).average().orElseThrow();
        double cy = c.stream().mapToDouble(v -> v[1]).average().orElseThrow();
        List<int[]> out = new ArrayList<>();
        out.add(new int[]{(int) Math.round(cx), (int) Math.round(cy)});
        for (int i = 0; i < c.size(); i++) {
            double[] a = c.get(i);
            double[] b = c.get((i + 1) % c.size());
            double mx = (a[0] + b[0]) / 2;
            double my = (a[1] + b[1]) / 2;
            int[] found = null;
            for (double t = 0.02; t < 1 && found == null; t += 0.02) {
                int px = (int) Math.round(mx + (cx - mx) * t);
                int py = (int) Math.round(my + (cy - my) * t);
                double d = distance(px, py, a, b);
                if (d >= 1 && d <= 3 && p.tileAt(new Position(px, py)).equals(new TileCoord(x, y))) {
                    found = new int[]{px, py};
                }
            }
            assertThat(found).as("a pixel just inside edge %d of %d,%d", i, x, y).isNotNull();
            out.add(found);
        }
        return out;
    }

    private static double distance(double px, double py, double[] a, double[] b) {
        double ex = b[0] - a[0];
        double ey = b[1] - a[1];
        return Math.abs(ex * (py - a[1]) - ey * (px - a[0])) / Math.hypot(ex, ey);
    }

    private static long[] cells(ChromeDriver in) {
        List<?> all = (List<?>) in.executeScript("const l = window.tilewright.editor.map.layer(1);"
                + " const out = []; for (let y = 0; y < l.height; y++) for (let x = 0; x < l.width; x++) out.push(l.get(x, y));"
                + " return out;");
        return all.stream().mapToLong(v -> ((Number) v).longValue()).toArray();
    }

    /** Clicks at every target of some tiles, alternating two tiles, and checks each click changed that tile alone. */
    private void eachClickPaintsTheTileUnderIt(EditorPage page, Projection p, List<TileCoord> tiles) {
        int click = 0;
        for (TileCoord tile : tiles) {
            for (int[] at : targets(p, tile.x(), tile.y())) {
                page.pickTile(click % 2);
                long[] before = cells(browser);
                page.atPixel(new Actions(browser), at[0], at[1]).click().perform();
                long want = click % 2 + 1;
                page.waitFor("the click at " + at[0] + "," + at[1] + " paints " + tile,
                        () -> cells(browser)[tile.y() * SIZE + tile.x()] == want);
                long[] after = cells(browser);
                for (int i = 0; i < after.length; i++) {
                    if (i != tile.y() * SIZE + tile.x()) {
                        assertThat(after[i]).as("click at %d,%d on %s left cell %d,%d", at[0], at[1], tile,
                                i % SIZE, i / SIZE).isEqualTo(before[i]);
                    }
                }
                click++;
            }
        }
        page.waitSaved();
    }

    @Test
    void onAnIsometricMapAClickAtATilesMiddleOrJustInsideItsEdgesPaintsThatTile() throws Exception {
        long mapId = newMap("diamonds", "\"orientation\":\"isometric\",\"tileWidth\":32,\"tileHeight\":16");
        EditorPage page = edit(browser, mapId);
        Projection p = new Isometric(32, 16, SIZE);
        clicksPaintTheirTilesAndTheServerAndPreviewAgree(page, mapId, p);
    }

    @Test
    void onAnObliqueMapAClickAtATilesMiddleOrJustInsideItsEdgesPaintsThatTile() throws Exception {
        // skews of both signs: rows lean right, columns climb (the origin moves the map's box to (0, 0))
        long mapId = newMap("sheared", "\"orientation\":\"oblique\",\"tileWidth\":32,\"tileHeight\":24,"
                + "\"skewX\":10,\"skewY\":-6");
        EditorPage page = edit(browser, mapId);
        Projection p = new Oblique(32, 24, 10, -6, SIZE, SIZE, false, false);
        clicksPaintTheirTilesAndTheServerAndPreviewAgree(page, mapId, p);
    }

    @Test
    void onAHexagonalMapClicksPaintTheHexagonUnderThemAndABucketFillStopsAtARingOfWalls() throws Exception {
        long mapId = newMap("hexagons", "\"orientation\":\"hexagonal\",\"tileWidth\":32,\"tileHeight\":32,"
                + "\"staggerAxis\":\"y\",\"staggerIndex\":\"odd\",\"hexSideLength\":16");
        EditorPage page = edit(browser, mapId);
        Projection p = new Hexagonal(32, 32, false, false, 16);
        eachClickPaintsTheTileUnderIt(page, p, List.of(new TileCoord(2, 3), new TileCoord(5, 4), new TileCoord(0, 1)));

        // a ring of walls (tile 3) around (7, 7), a row that odd rows shift: its six neighbours
        TileCoord middle = new TileCoord(7, 7);
        page.pickTile(2);
        for (TileCoord wall : p.neighbours(middle.x(), middle.y())) {
            int[] at = targets(p, wall.x(), wall.y()).get(0);
            page.atPixel(new Actions(browser), at[0], at[1]).click().perform();
            page.waitFor("wall at " + wall, () -> cells(browser)[wall.y() * SIZE + wall.x()] == 3);
        }
        assertThat(p.neighbours(middle.x(), middle.y())).hasSize(6);
        page.testId("tool-fill").click();
        page.pickTile(3);
        int[] outside = targets(p, 10, 10).get(0);
        page.atPixel(new Actions(browser), outside[0], outside[1]).click().perform();
        page.waitFor("the fill outside the ring", () -> cells(browser)[10 * SIZE + 10] == 4);
        long[] after = cells(browser);
        assertThat(after[middle.y() * SIZE + middle.x()]).as("the cell inside the ring is not filled").isZero();
        for (TileCoord wall : p.neighbours(middle.x(), middle.y())) {
            assertThat(after[wall.y() * SIZE + wall.x()]).as("wall %s", wall).isEqualTo(3);
        }
        long filled = java.util.Arrays.stream(after).filter(v -> v == 4).count();
        // every cell but the ring, the middle and the ones painted before (each of those left as it was)
        long painted = java.util.Arrays.stream(after).filter(v -> v == 1 || v == 2).count();
        assertThat(filled).isEqualTo(SIZE * SIZE - 7 - painted);
        page.pickTile(1);
        int[] inside = targets(p, middle.x(), middle.y()).get(0);
        page.atPixel(new Actions(browser), inside[0], inside[1]).click().perform();
        page.waitFor("the fill inside the ring", () -> cells(browser)[middle.y() * SIZE + middle.x()] == 2);
        assertThat(java.util.Arrays.stream(cells(browser)).filter(v -> v == 4).count()).isEqualTo(filled);
        page.waitSaved();

        // a second editor sees a stroke of the first
        second = Browsers.chromium(dir.resolve("finn"));
        Browsers.signIn(second, port, finn.email(), finn.password());
        EditorPage other = edit(second, mapId);
        page.waitFor("Erin sees Finn", () -> page.testId("people").getText().contains("Finn"));
        page.testId("tool-brush").click();
        page.pickTile(0);
        int[] stroke = targets(p, 9, 2).get(0);
        page.atPixel(new Actions(browser), stroke[0], stroke[1]).click().perform();
        other.waitFor("Finn sees Erin's hexagon", () -> cells(second)[2 * SIZE + 9] == 1);
        other.pickTile(1);
        int[] back = targets(p, 1, 9).get(0);
        other.atPixel(new Actions(second), back[0], back[1]).click().perform();
        page.waitFor("Erin sees Finn's hexagon", () -> cells(browser)[9 * SIZE + 1] == 2);
        assertMinimapAndPreviewShowTheMap(page, mapId, p, middle, new TileCoord(10, 10));
    }

    /**
     * The Terrain tool on a hexagonal map (a tileset of hexagon tiles with an edge Wang set): a stroke across three
     * hexagons makes them all road and every neighbour shows road on the side it shares, as the server keeps it.
     */
    @Test
    void onAHexagonalMapTheTerrainToolPaintsTheHexagonsSides() throws Exception {
        Api.Response imported = api.postFiles("/api/v1/tilesets/import?projectId=" + project, java.util.Map.of(
                "hexes.tsx", dev.tilewright.support.Terrains.hexagonSidesTsx("hexes.png").getBytes(
                        java.nio.charset.StandardCharsets.UTF_8), "hexes.png", dev.tilewright.support.Pngs.atlas(256, 256)));
        assertThat(imported.status()).as(imported.text()).isEqualTo(201);
        long hexes = imported.json().get("id").asLong();
        Api.Response made = api.postJson("/api/v1/maps", "{\"name\":\"roads\",\"width\":" + SIZE + ",\"height\":" + SIZE
                + ",\"projectId\":" + project + ",\"tilesets\":[{\"tilesetId\":" + hexes + "}],\"layers\":[{\"name\":"
                + "\"ground\",\"type\":\"tile\"}],\"orientation\":\"hexagonal\",\"tileWidth\":32,\"tileHeight\":32,"
                + "\"staggerAxis\":\"y\",\"staggerIndex\":\"odd\",\"hexSideLength\":16}");
        assertThat(made.status()).as(made.text()).isEqualTo(201);
        long mapId = made.json().get("id").asLong();
        String map = "/api/v1/maps/" + mapId;
        assertThat(api.postJson(map + "/ops", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":0,\"y\":0,"
                + "\"width\":" + SIZE + ",\"height\":" + SIZE + ",\"gid\":1}]}", "If-Match", api.get(map).header("ETag"))
                .status()).isEqualTo(200);
        EditorPage page = edit(browser, mapId);
        page.waitFor("the set's terrains listed", () -> !browser.findElements(
                By.cssSelector("[data-testid=terrain-color]")).isEmpty());
        browser.findElements(By.cssSelector("[data-testid=terrain-color]")).stream()
                .filter(b -> b.getText().contains("Road")).findFirst().orElseThrow().click();
        Hexagonal p = new Hexagonal(32, 32, false, false, 16);
        List<TileCoord> road = List.of(new TileCoord(4, 4), new TileCoord(5, 4), new TileCoord(5, 5));
        Actions drag = new Actions(browser);
        int[] first = targets(p, road.get(0).x(), road.get(0).y()).get(0);
        page.atPixel(drag, first[0], first[1]).clickAndHold();
        for (TileCoord t : road.subList(1, road.size())) {
            int[] at = targets(p, t.x(), t.y()).get(0);
            page.atPixel(drag, at[0], at[1]);
        }
        drag.release().perform();
        int allRoad = 64; // tile 63: road on all six sides
        page.waitFor("the stroke's hexagons all road", () -> road.stream()
                .allMatch(t -> cells(browser)[t.y() * SIZE + t.x()] == allRoad));
        page.waitSaved();
        JsonNode stored = api.get(map + "/layers/1/cells").json().get("gids");
        int[] facing = {5, 6, 7, 1, 2, 3}; // the side a neighbour (clockwise from the top-right) turns back
        for (TileCoord t : road) {
            List<TileCoord> around = p.neighbours(t.x(), t.y());
            for (int k = 0; k < 6; k++) {
                TileCoord n = around.get(k);
                int local = (int) stored.get(n.y() * SIZE + n.x()).asLong() - 1;
                int bit = java.util.Arrays.binarySearch(dev.tilewright.support.Terrains.HEXAGON_SIDES, facing[k]);
                assertThat(local >> bit & 1).as("neighbour %s of %s shows road on the side they share", n, t)
                        .isEqualTo(1);
            }
        }
        for (int y = 0; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                assertThat(stored.get(y * SIZE + x).asLong()).as("the editor's and the server's cell %d,%d", x, y)
                        .isEqualTo(cells(browser)[y * SIZE + x]);
            }
        }
    }

    /** The minimap has the map's painted colours, and the reviewer's preview draws the map's pixels. */
    /** Three tiles clicked at their middles and just inside their edges, then the server's cells and the views. */
    private void clicksPaintTheirTilesAndTheServerAndPreviewAgree(EditorPage page, long mapId, Projection p)
            throws Exception {
        eachClickPaintsTheTileUnderIt(page, p, List.of(new TileCoord(3, 4), new TileCoord(7, 2), new TileCoord(0, 11)));
        JsonNode server = api.get("/api/v1/maps/" + mapId + "/layers/1/cells").json().get("gids");
        long[] shown = cells(browser);
        for (int i = 0; i < shown.length; i++) {
            assertThat(server.get(i).asLong()).as("the server has cell %d", i).isEqualTo(shown[i]);
        }
        assertMinimapAndPreviewShowTheMap(page, mapId, p, new TileCoord(3, 4), new TileCoord(10, 10));
    }

    private void assertMinimapAndPreviewShowTheMap(EditorPage page, long mapId, Projection p, TileCoord painted,
                                                   TileCoord empty) throws Exception {
        page.waitForFrames();
        Object lit = browser.executeScript("const c = document.querySelector('[data-testid=\"minimap\"]');"
                + " const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; const seen = new Set();"
                + " for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);"
                + " return seen.size;");
        assertThat(((Number) lit).intValue()).as("colours on the minimap").isGreaterThanOrEqualTo(3);
        browser.get("http://localhost:" + port + "/maps/" + mapId + "/preview");
        new EditorPage(browser).waitFor("the preview's first view is drawn", () -> browser.findElements(By.cssSelector("img"))
                .stream().anyMatch(img -> Boolean.TRUE.equals(browser.executeScript(
                        "return arguments[0].complete && arguments[0].naturalWidth > 0 && arguments[0].src.includes('render')", img))));
        String src = browser.findElements(By.cssSelector("img")).stream()
                .map(img -> img.getDomAttribute("src")).filter(s -> s != null && s.contains("render")).findFirst().orElseThrow();
        byte[] png = api.get(src.startsWith("http") ? src.substring(src.indexOf("/api/")) : src).body();
        BufferedImage view = ImageIO.read(new ByteArrayInputStream(png));
        java.util.Map<String, String> query = new java.util.HashMap<>();
        for (String pair : src.substring(src.indexOf('?') + 1).split("&")) {
            query.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
        }
        int vx = Integer.parseInt(query.getOrDefault("x", "0"));
        int vy = Integer.parseInt(query.getOrDefault("y", "0"));
        // a pixel of the tile's image (16 px tiles stand on their cell's bottom-left corner, less wide than a cell)
        int[] inPainted = {p.imageLeft(painted.x(), painted.y()) + 4, p.imageBottom(painted.x(), painted.y()) - 4};
        int[] inEmpty = {p.imageLeft(empty.x(), empty.y()) + 4, p.imageBottom(empty.x(), empty.y()) - 4};
        int a = view.getRGB(inPainted[0] - vx, inPainted[1] - vy);
        int b = view.getRGB(inEmpty[0] - vx, inEmpty[1] - vy);
        assertThat(a >>> 24).as("the preview shows the painted tile %s", painted).isEqualTo(255);
        assertThat(a).as("the painted tile %s against the empty %s in the preview", painted, empty).isNotEqualTo(b);
    }
}
