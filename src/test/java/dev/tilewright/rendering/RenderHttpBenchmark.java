package dev.tilewright.rendering;

import dev.tilewright.TilewrightApplication;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.render.RenderBenchmark;
import dev.tilewright.support.Api;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A 1280x720 view as a reviewer's browser gets it, over HTTP from a running service (sign-in by token, the map's
 * view, the draw lane, render, PNG, the response), side by side in one run with the naive way in process (Java2D
 * {@code drawImage} per tile into a BufferedImage, ImageIO's PNG writer: {@link RenderBenchmark}'s), on the same map
 * (RenderBenchmark's: Tiled's outdoor tileset, 512x128 tiles, ground and flipped decoration). Every request renders
 * and encodes (a new window each time: no 304s). Run with {@code ./mvnw -q test-compile exec:java
 * -Dexec.classpathScope=test -Dexec.mainClass=dev.tilewright.rendering.RenderHttpBenchmark}.
 */
public final class RenderHttpBenchmark {

    private static final int RUNS = 300;

    private RenderHttpBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        RenderBenchmark naive = new RenderBenchmark();
        naive.level = 2;
        naive.setUp();
        Path dataDir = Files.createTempDirectory("tilewright-render-bench");
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(TilewrightApplication.class)
                .run("--server.port=0", "--tilewright.database.data-dir=" + dataDir.resolve("pg"),
                        "--logging.level.root=WARN", "--spring.main.banner-mode=off")) {
            Api api = new Api(((WebServerApplicationContext) context).getWebServer().getPort());
            long mapId = upload(api, naive.map());
            String path = "/api/v1/maps/" + mapId + "/render.png?width=1280&height=720";
            RenderService service = context.getBean(RenderService.class);
            int port = ((WebServerApplicationContext) context).getWebServer().getPort();
            double[] http = new double[RUNS];
            double[] blocking = new double[RUNS];
            double[] browser = new double[RUNS];
            Path profile = Files.createTempDirectory("tilewright-render-bench-browser");
            org.openqa.selenium.chrome.ChromeDriver chromium = dev.tilewright.support.Browsers.chromium(profile);
            dev.tilewright.support.Browsers.signIn(chromium, port);
            chromium.manage().timeouts().scriptTimeout(java.time.Duration.ofSeconds(30));
            double[] direct = new double[RUNS];
            double[] inProcess = new double[RUNS];
            for (int round = 0; round < 2; round++) { // the first round warms both up
                for (int i = 0; i < RUNS; i++) {
                    int x = 1003 + (i % 40) * 16 + round; // a new window each time (no 304); the same work
                    long start = System.nanoTime();
                    Api.Response response = api.get(path + "&x=" + x + "&y=517");
                    http[i] = (System.nanoTime() - start) / 1e6;
                    if (response.status() != 200) {
                        throw new IllegalStateException(response.status() + " " + response.text());
                    }
                    start = System.nanoTime();
                    int status = blockingGet(port, path + "&x=" + x + "&y=" + (518 + round));
                    blocking[i] = (System.nanoTime() - start) / 1e6;
                    if (status != 200) {
                        throw new IllegalStateException("status " + status);
                    }
                    // a reviewer's browser: fetched by the page (its session), timed in the page, the body read whole
                    Object took = chromium.executeAsyncScript("const done = arguments[arguments.length - 1];"
                            + "const t = performance.now(); fetch(arguments[0]).then(r => r.status === 200"
                            + " ? r.arrayBuffer() : Promise.reject(r.status)).then(() => done(performance.now() - t),"
                            + " e => done('failed: ' + e));", path + "&x=" + x + "&y=" + (519 + round));
                    if (!(took instanceof Number number)) {
                        throw new IllegalStateException("the browser's fetch " + took);
                    }
                    browser[i] = number.doubleValue();
                    start = System.nanoTime();
                    service.render(mapId, null, new RenderService.Request(List.of(new dev.tilewright.render.ViewWindow(
                            x, 517, 1280, 720)), 1, List.of(), true, false, true, false));
                    direct[i] = (System.nanoTime() - start) / 1e6;
                    start = System.nanoTime();
                    naive.naiveJava2dAndImageIo();
                    inProcess[i] = (System.nanoTime() - start) / 1e6;
                }
            }
            double[] small = new double[RUNS]; // after the rounds above: the service is warm
            for (int i = 0; i < RUNS; i++) {
                long start = System.nanoTime();
                api.get("/api/v1/maps/" + mapId + "/render.png?width=16&height=16&x=" + (i % 40) * 16 + "&y=0");
                small[i] = (System.nanoTime() - start) / 1e6;
            }
            Arrays.sort(small);
            Arrays.sort(http);
            Arrays.sort(blocking);
            Arrays.sort(browser);
            dev.tilewright.support.Browsers.quit(chromium);
            Arrays.sort(inProcess);
            Arrays.sort(direct);
            System.out.printf(Locale.ROOT, "%n1280x720 view, medians of %d (p90):%n", RUNS);
            System.out.printf(Locale.ROOT, "  over HTTP, rendered and encoded by the service: %6.2f ms (%.2f)%n",
                    http[RUNS / 2], http[RUNS * 9 / 10]);
            System.out.printf(Locale.ROOT, "  over HTTP, the same with a blocking keep-alive client (HttpURLConnection): %6.2f ms (%.2f)%n",
                    blocking[RUNS / 2], blocking[RUNS * 9 / 10]);
            System.out.printf(Locale.ROOT, "  over HTTP, fetched by a signed-in page in headless Chromium (timed in the page): %6.2f ms (%.2f)%n",
                    browser[RUNS / 2], browser[RUNS * 9 / 10]);
            System.out.printf(Locale.ROOT, "  a 16x16 render.png over HTTP (what a request costs besides its work): %6.2f ms%n",
                    small[RUNS / 2]);
            System.out.printf(Locale.ROOT, "  the service's render called in process (lane, view, draw, PNG): %6.2f ms (%.2f)%n",
                    direct[RUNS / 2], direct[RUNS * 9 / 10]);
            System.out.printf(Locale.ROOT, "  naive Java2D + ImageIO, in process:              %6.2f ms (%.2f)%n",
                    inProcess[RUNS / 2], inProcess[RUNS * 9 / 10]);
            System.out.printf(Locale.ROOT, "  ours over HTTP is %.2fx faster (java.net.http client), %.2fx (blocking client), "
                    + "%.2fx (Chromium); target >= 4x%n", inProcess[RUNS / 2] / http[RUNS / 2],
                    inProcess[RUNS / 2] / blocking[RUNS / 2], inProcess[RUNS / 2] / browser[RUNS / 2]);
        }
    }

    /**
     * A GET as a browser's connection makes it: HTTP/1.1 kept alive (HttpURLConnection pools the connection once
     * the body is read whole), the bearer token, the body read to its end; its status.
     */
    private static int blockingGet(int port, String path) throws Exception {
        java.net.HttpURLConnection connection = (java.net.HttpURLConnection) java.net.URI.create(
                "http://localhost:" + port + path).toURL().openConnection();
        connection.setRequestProperty("Authorization", "Bearer " + dev.tilewright.support.Credentials.BOOTSTRAP_TOKEN);
        int status = connection.getResponseCode();
        try (java.io.InputStream body = status < 400 ? connection.getInputStream() : connection.getErrorStream()) {
            if (body != null) {
                body.readAllBytes();
            }
        }
        return status;
    }

    /** The benchmark's map as a map of the service: its tileset (the same image), its two layers' cells. */
    private static long upload(Api api, dev.tilewright.core.model.TileMap map) throws Exception {
        Map<String, Object> parts = new LinkedHashMap<>();
        parts.put("name", "outdoor");
        parts.put("tileWidth", 16);
        parts.put("tileHeight", 16);
        parts.put("image", Files.readAllBytes(Path.of("/usr/share/doc/tiled/examples/buch-outdoor.png")));
        long tileset = api.postMultipart("/api/v1/tilesets", parts).json().get("id").asLong();
        long mapId = api.postJson("/api/v1/maps", "{\"name\":\"render bench\",\"width\":" + map.width() + ",\"height\":"
                + map.height() + ",\"tileWidth\":16,\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],"
                + "\"layers\":[{\"name\":\"ground\",\"type\":\"tile\"},{\"name\":\"decoration\",\"type\":\"tile\"}]}")
                .json().get("id").asLong();
        for (int layer = 1; layer <= 2; layer++) {
            TileLayer tiles = (TileLayer) map.layers().get(layer - 1);
            Api.Response put = api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"putRegion\","
                    + "\"layerId\":" + layer + ",\"x\":0,\"y\":0,\"width\":" + map.width() + ",\"height\":" + map.height()
                    + ",\"data\":\"" + dev.tilewright.support.Zlib.gids(tiles.read(tiles.bounds())) + "\"}]}", "If-Match", "*");
            if (put.status() != 200) {
                throw new IllegalStateException(put.text());
            }
        }
        return mapId;
    }
}
