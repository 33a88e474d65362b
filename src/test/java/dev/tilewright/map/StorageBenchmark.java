package dev.tilewright.map;

import dev.tilewright.TilewrightApplication;
import dev.tilewright.core.edit.PutRegion;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.support.Api;
import dev.tilewright.support.Pngs;
import dev.tilewright.tileset.TilesetService;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Chunk storage and edit-path latency against the embedded PostgreSQL, as a user's service runs it:
 * saving and loading a whole 4096x4096 layer of terrain, and paint ops acknowledged over HTTP one per request
 * and batched; then a map of the largest side, 65,536 x 65,536, with 1% of its chunks painted with terrain, loaded
 * from its rows as a first read after a restart does. Run with {@code ./mvnw -q test-compile exec:java
 * -Dexec.classpathScope=test -Dexec.mainClass=dev.tilewright.map.StorageBenchmark}. Prints medians of several runs.
 */
public final class StorageBenchmark {

    private static final int SIDE = 4096;
    private static final int RUNS = 7;

    private StorageBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dataDir = Files.createTempDirectory("tilewright-bench");
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(TilewrightApplication.class)
                .run("--server.port=0", "--tilewright.database.data-dir=" + dataDir.resolve("pg"),
                        "--logging.level.root=WARN", "--spring.main.banner-mode=off")) {
            run(context);
        }
    }

    private static void run(ConfigurableApplicationContext context) {
        MapCatalogue catalogue = context.getBean(MapCatalogue.class);
        MapEdits edits = context.getBean(MapEdits.class);
        MapStore store = context.getBean(MapStore.class);
        MapRepository rows = context.getBean(MapRepository.class);
        TransactionTemplate tx = context.getBean(TransactionTemplate.class);
        JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
        long tileset = context.getBean(TilesetService.class)
                .create(new TilesetService.NewTileset("bench", 16, 16, 0, 0, null, Pngs.atlas(256, 256))).id();
        long mapId = catalogue.create(new MapCatalogue.NewMap("bench" + " " + java.util.UUID.randomUUID(), SIDE, SIDE, 16, 16, null, null, List.of(tileset),
                List.of(new MapCatalogue.NewLayer("ground", LayerKind.TILE)), null), null);
        for (int y = 0; y < SIDE; y += 1024) {
            for (int x = 0; x < SIDE; x += 1024) {
                edits.apply(mapId, v -> { }, null, null, new PutRegion(1, x, y, 1024, 1024, terrain(x, y, 1024, 1024)), null).done();
            }
        }
        Versioned current = context.getBean(MapHistory.class).snapshot(mapId, null);
        long version = current.version();
        TileMap map = current.map();
        Long storedBytes = jdbc.queryForObject("SELECT sum(octet_length(data)) FROM layer_chunks WHERE map_id = ?",
                Long.class, mapId);

        double saveMs = median(() -> {
            map.layers().get(0).markAllChanged();
            long start = System.nanoTime();
            tx.executeWithoutResult(s -> store.save(mapId, map, version));
            return System.nanoTime() - start;
        });
        double loadMs = median(() -> {
            long start = System.nanoTime();
            tx.execute(s -> store.load(rows.findById(mapId).orElseThrow()));
            return System.nanoTime() - start;
        });

        Api api = new Api(((WebServerApplicationContext) context).getWebServer().getPort());
        paintRequests(api, mapId, 300, 1);
        double singleMs = paintRequests(api, mapId, 1000, 1);
        double batchedMs = paintRequests(api, mapId, 100, 50);

        System.out.printf(Locale.ROOT, "%nTilewright storage benchmark (%d runs, medians)%n", RUNS);
        System.out.printf(Locale.ROOT, "  4096x4096 layer: %d chunks stored, %.1f MiB (zstd; raw %d MiB)%n",
                (SIDE / 64) * (SIDE / 64), storedBytes / 1048576.0, SIDE * SIDE * 4 / 1048576);
        System.out.printf(Locale.ROOT, "  save whole layer:               %8.1f ms   (target <= 1000 ms)%n", saveMs);
        System.out.printf(Locale.ROOT, "  load whole map:                 %8.1f ms   (target <= 500 ms)%n", loadMs);
        System.out.printf(Locale.ROOT, "  paint op, one per request:      %8.2f ms per op, acknowledged after commit%n", singleMs);
        System.out.printf(Locale.ROOT, "  paint op, 50 per request:       %8.3f ms per op   (target <= 2 ms)%n", batchedMs);
        largest(catalogue, edits, store, rows, tx, tileset);
    }

    /** A 65,536 x 65,536 map, 1% of its chunks painted (strips of 16 chunks of terrain, scattered): loaded from rows. */
    private static void largest(MapCatalogue catalogue, MapEdits edits, MapStore store, MapRepository rows,
                                TransactionTemplate tx, long tileset) {
        int side = 65_536;
        long mapId = catalogue.create(new MapCatalogue.NewMap("largest" + " " + java.util.UUID.randomUUID(), side, side, 16, 16, null, null,
                List.of(tileset), List.of(new MapCatalogue.NewLayer("ground", LayerKind.TILE)), null), null);
        java.util.Random random = new java.util.Random(3);
        int strips = (side / 64) * (side / 64) / 100 / 16;
        for (int i = 0; i < strips; i++) {
            int x = random.nextInt(side / 1024) * 1024;
            int y = random.nextInt(side / 64) * 64;
            edits.apply(mapId, v -> { }, null, null, new PutRegion(1, x, y, 1024, 64, terrain(x, y, 1024, 64)), null).done();
        }
        double loadMs = median(() -> {
            long start = System.nanoTime();
            tx.execute(s -> store.load(rows.findById(mapId).orElseThrow()));
            return System.nanoTime() - start;
        });
        TileMap loaded = tx.execute(s -> store.load(rows.findById(mapId).orElseThrow()));
        System.out.printf(Locale.ROOT, "  65,536x65,536 map, %d chunks painted: load %8.1f ms   (target <= 2000 ms),"
                + " held %.1f MiB%n", strips * 16, loadMs, loaded.heapBytes() / 1048576.0);
    }

    /** Terrain-like gids: bands of ground with scattered detail, so chunks compress as real maps do. */
    private static long[] terrain(int x0, int y0, int width, int height) {
        long[] gids = new long[width * height];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int wx = x0 + x;
                int wy = y0 + y;
                int hash = (wx * 73856093) ^ (wy * 19349663);
                int band = ((wy / 9) + (wx / 23)) % 6;
                gids[y * width + x] = (hash & 31) == 0 ? 1 + ((hash >>> 5) & 255) : 1 + band;
            }
        }
        return gids;
    }

    /** Sends requests of paint ops (each paints a 2x2 dab); returns the median milliseconds per op. */
    private static double paintRequests(Api api, long mapId, int requests, int opsPerRequest) {
        long[] perOp = new long[requests];
        for (int r = 0; r < requests; r++) {
            StringBuilder body = new StringBuilder("{\"ops\":[");
            for (int o = 0; o < opsPerRequest; o++) {
                int x = (r * 31 + o * 7) % (SIDE - 1);
                int y = (r * 17 + o * 13) % (SIDE - 1);
                body.append(o == 0 ? "" : ",").append("{\"type\":\"paint\",\"layerId\":1,\"cells\":[")
                        .append(cell(x, y)).append(',').append(cell(x + 1, y)).append(',')
                        .append(cell(x, y + 1)).append(',').append(cell(x + 1, y + 1)).append("]}");
            }
            body.append("]}");
            long start = System.nanoTime();
            Api.Response response = api.postJson("/api/v1/maps/" + mapId + "/ops", body.toString(), "If-Match", "*");
            perOp[r] = (System.nanoTime() - start) / opsPerRequest;
            if (response.status() != 200) {
                throw new IllegalStateException(response.status() + " " + response.text());
            }
        }
        Arrays.sort(perOp);
        return perOp[requests / 2] / 1e6;
    }

    private static String cell(int x, int y) {
        return "{\"x\":" + x + ",\"y\":" + y + ",\"gid\":" + (1 + (x + y) % 6) + "}";
    }

    private static double median(LongSupplier nanos) {
        long[] runs = new long[RUNS];
        for (int i = 0; i < RUNS; i++) {
            runs[i] = nanos.getAsLong();
        }
        Arrays.sort(runs);
        return runs[RUNS / 2] / 1e6;
    }
}
