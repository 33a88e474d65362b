package dev.tilewright.history;

import dev.tilewright.TilewrightApplication;
import dev.tilewright.core.edit.Cell;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.Paint;
import dev.tilewright.core.edit.PutRegion;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.map.MapCatalogue;
import dev.tilewright.map.MapEdits;
import dev.tilewright.support.Api;
import dev.tilewright.support.Pngs;
import dev.tilewright.tileset.TilesetService;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.LongSupplier;

/**
 * A map's past as a reviewer meets it, over HTTP against the embedded PostgreSQL: a 1024x1024 map with four full
 * tile layers and 100,000 versions of painting; opening a past version (the map and its cells), a history page, and
 * the diff of two versions 1% of cells apart. Run with {@code ./mvnw -q test-compile exec:java
 * -Dexec.classpathScope=test -Dexec.mainClass=dev.tilewright.history.HistoryBenchmark}. Prints medians.
 */
public final class HistoryBenchmark {

    private static final int SIDE = 1024;
    private static final int LAYERS = 4;
    private static final int VERSIONS = 100_000;
    private static final int RUNS = 7;

    private HistoryBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dataDir = Files.createTempDirectory("tilewright-history-bench");
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(TilewrightApplication.class)
                .run("--server.port=0", "--tilewright.database.data-dir=" + dataDir.resolve("pg"),
                        "--logging.level.root=WARN", "--spring.main.banner-mode=off")) {
            run(context);
        }
        System.exit(0);
    }

    private static void run(ConfigurableApplicationContext context) {
        MapCatalogue catalogue = context.getBean(MapCatalogue.class);
        MapEdits edits = context.getBean(MapEdits.class);
        long tileset = context.getBean(TilesetService.class)
                .create(new TilesetService.NewTileset("bench", 16, 16, 0, 0, null, Pngs.atlas(256, 256))).id();
        List<MapCatalogue.NewLayer> layers = new ArrayList<>();
        for (int l = 0; l < LAYERS; l++) {
            layers.add(new MapCatalogue.NewLayer("layer " + (l + 1), LayerKind.TILE));
        }
        long mapId = catalogue.create(new MapCatalogue.NewMap("history bench" + " " + java.util.UUID.randomUUID(), SIDE, SIDE, 16, 16, null, null,
                List.of(tileset), layers, null), null);
        Random random = new Random(1);
        for (int l = 1; l <= LAYERS; l++) {
            long[] gids = new long[SIDE * SIDE];
            for (int i = 0; i < gids.length; i++) {
                gids[i] = 1 + random.nextInt(200);
            }
            edits.apply(mapId, v -> { }, null, null, new PutRegion(l, 0, 0, SIDE, SIDE, gids), null).done();
        }
        // 100,000 versions of brush strokes (4 cells each), committed in groups as live editing does
        long started = System.nanoTime();
        int version = 1 + LAYERS;
        while (version < VERSIONS) {
            List<MapEdits.Submitted> group = new ArrayList<>();
            for (int i = 0; i < 500 && version + group.size() < VERSIONS; i++) {
                group.add(new MapEdits.Submitted(null, null, stroke(random, 4), null));
            }
            edits.applyAll(mapId, group);
            version += group.size();
        }
        System.out.printf(Locale.ROOT, "%n%d versions made in %.1f s%n", version, (System.nanoTime() - started) / 1e9);
        // two versions 1% of the cells apart: 41,943 cells in strokes of 50 over the four layers
        int near = version;
        for (int i = 0; i < SIDE * SIDE * LAYERS / 100 / 50; i++) {
            edits.apply(mapId, v -> { }, null, null, stroke(random, 50), null).done();
            version++;
        }

        Api api = new Api(((WebServerApplicationContext) context).getWebServer().getPort());
        long deep = 57_000;
        double firstDeep = open(api, mapId, deep);
        double firstShallow = open(api, mapId, 57);
        double deepMs = median(() -> open(api, mapId, deep + 1 + (long) (Math.random() * 900)));
        double shallowMs = median(() -> open(api, mapId, 57));
        double historyMs = median(() -> timed(() -> api.get("/api/v1/maps/" + mapId + "/history?limit=50")));
        int to = version;
        double diffMs = median(() -> timed(() -> api.get("/api/v1/maps/" + mapId + "/diff?from=" + near + "&to=" + to)));
        String counts = api.get("/api/v1/maps/" + mapId + "/diff?from=" + near + "&to=" + to).json().get("diff")
                .get("counts").toString();

        System.out.printf(Locale.ROOT, "Tilewright history benchmark: %dx%d map, %d tile layers, %d versions (%d runs, medians)%n",
                SIDE, SIDE, LAYERS, version, RUNS);
        System.out.printf(Locale.ROOT, "  open v%d (map + cells), first time:   %8.1f ms%n", deep, firstDeep);
        System.out.printf(Locale.ROOT, "  open v57 (map + cells), first time:      %8.1f ms%n", firstShallow);
        System.out.printf(Locale.ROOT, "  open a version near v%d:              %8.1f ms   (target well under 1 s)%n", deep, deepMs);
        System.out.printf(Locale.ROOT, "  open v57:                                %8.1f ms%n", shallowMs);
        System.out.printf(Locale.ROOT, "  history page of 50 changes:              %8.1f ms%n", historyMs);
        System.out.printf(Locale.ROOT, "  diff of v%d and v%d (1%% of cells):  %8.1f ms   (target <= 200 ms) %s%n", near, to,
                diffMs, counts);
    }

    /** A stroke of n cells on a random layer (a random walk, as a brush moves). */
    private static MapOp stroke(Random random, int n) {
        int x = random.nextInt(SIDE);
        int y = random.nextInt(SIDE);
        List<Cell> cells = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            x = Math.floorMod(x + random.nextInt(3) - 1, SIDE);
            y = Math.floorMod(y + random.nextInt(3) - 1, SIDE);
            cells.add(new Cell(x, y, 1 + random.nextInt(200)));
        }
        return new Paint(1 + random.nextInt(LAYERS), cells);
    }

    /** Opens a version as the editor does (the map, then each layer's cells as bytes); milliseconds. */
    private static long open(Api api, long mapId, long version) {
        long start = System.nanoTime();
        Api.Response map = api.get("/api/v1/maps/" + mapId + "?version=" + version);
        check(map);
        for (int l = 1; l <= LAYERS; l++) {
            check(api.get("/api/v1/maps/" + mapId + "/layers/" + l + "/cells?version=" + version,
                    "Accept", "application/octet-stream"));
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static long timed(java.util.function.Supplier<Api.Response> request) {
        long start = System.nanoTime();
        check(request.get());
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static void check(Api.Response response) {
        if (response.status() != 200) {
            throw new IllegalStateException(response.status() + " " + response.text());
        }
    }

    private static double median(LongSupplier millis) {
        long[] runs = new long[RUNS];
        for (int i = 0; i < RUNS; i++) {
            runs[i] = millis.getAsLong();
        }
        Arrays.sort(runs);
        return runs[RUNS / 2];
    }
}
