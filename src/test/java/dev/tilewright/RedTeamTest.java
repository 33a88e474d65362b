package dev.tilewright;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
import dev.tilewright.support.Api;
import dev.tilewright.support.Eventually;
import dev.tilewright.support.LiveClient;
import dev.tilewright.support.RawLiveSocket;
import dev.tilewright.support.ServiceProcess;
import dev.tilewright.support.Zlib;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hostile and oversized requests against the service in its own JVM at -Xmx1g (exiting on an OutOfMemoryError):
 * each is answered 4xx/503 problem JSON, or a bounded 200; the health check answers within 2 s after each; refused
 * requests store nothing; and at the end the process is alive with no OutOfMemoryError in its log.
 */
@Tag(Lanes.SERVICE)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedTeamTest {

    private EmbeddedPostgres postgres;
    private ServiceProcess service;
    private Api api;
    private long big;

    @BeforeAll
    void start() throws Exception {
        postgres = EmbeddedPostgres.builder().start();
        service = ServiceProcess.start(postgres.getJdbcUrl("postgres", "postgres"),
                List.of("-Xmx1g", "-XX:+ExitOnOutOfMemoryError"), List.of());
        api = new Api(service.port);
        big = api.newMap("big", 8192, 8192);
    }

    @AfterAll
    void stop() throws Exception {
        try {
            assertThat(service.process.isAlive()).as("the service is still running").isTrue();
            assertThat(service.log()).doesNotContain("OutOfMemoryError");
        } finally {
            service.close();
            postgres.close();
        }
    }

    /** Sends an attack; its answer is a refusal (problem JSON with one of the statuses) and the service stays well. */
    private Api.Response refused(String what, Supplier<Api.Response> attack, Integer... statuses) {
        long started = System.nanoTime();
        Api.Response response = attack.get();
        System.out.printf("RedTeamTest: %s -> %d in %d ms%n", what, response.status(),
                (System.nanoTime() - started) / 1_000_000);
        assertThat(response.status()).as(what + ": " + response.text()).isIn((Object[]) statuses);
        assertThat(response.header("Content-Type")).as(what).startsWith("application/problem+json");
        healthy(what);
        return response;
    }

    private void healthy(String after) {
        assertThat(service.healthy(Duration.ofSeconds(2))).as("health within 2 s after " + after).isTrue();
    }

    private long version(long mapId) {
        return api.get("/api/v1/maps/" + mapId).json().get("version").asLong();
    }


    private Api.Response ops(long mapId, String ops) {
        return api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[" + ops + "]}", "If-Match", "*");
    }

    @Test
    void oversizedAndDeepJsonIsRefusedBeforeItIsRead() {
        long before = version(big);
        String huge = "{\"ops\":[{\"type\":\"renameMap\",\"name\":\"" + "x".repeat(64 << 20) + "\"}]}";
        refused("a JSON body of 64 MiB", () -> api.postJson("/api/v1/maps/" + big + "/ops", huge, "If-Match", "*"), 413);
        String deep = "{\"ops\":" + "[".repeat(200_000) + "]".repeat(200_000) + "}";
        refused("nesting 200,000 deep", () -> api.postJson("/api/v1/maps/" + big + "/ops", deep, "If-Match", "*"),
                400, 413, 422);
        assertThat(version(big)).as("nothing stored").isEqualTo(before);
    }

    @Test
    void opsPastTheirBudgetsAreRefusedAndChangeNothing() {
        long before = version(big);
        StringBuilder layers = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            layers.append(i == 0 ? "" : ",").append("{\"type\":\"addLayer\",\"kind\":\"tile\",\"attributes\":{\"name\":\"l")
                    .append(i).append("\"}}");
        }
        refused("10,000 addLayer ops on an 8192x8192 map", () -> ops(big, layers.toString()), 413, 422);
        refused("a text object of 1 MB", () -> ops(big, "{\"type\":\"addLayer\",\"kind\":\"object\",\"attributes\":"
                + "{\"name\":\"o\"}},{\"type\":\"addObject\",\"layerId\":2,\"object\":{\"shape\":\"text\",\"x\":0,"
                + "\"y\":0,\"width\":10,\"height\":10,\"text\":{\"text\":\"" + "y".repeat(1 << 20) + "\"}}}"), 413, 422);
        String bomb = Zlib.base64(new byte[64 << 20]);
        refused("a zlib bomb in a region's data", () -> ops(big, "{\"type\":\"putRegion\",\"layerId\":1,\"x\":0,\"y\":0,"
                + "\"width\":100,\"height\":100,\"data\":\"" + bomb + "\"}"), 422);
        // (a fill of it is ordinary: HugeFillTest) a region of every cell is refused by its size, before its data is read
        refused("a region of the whole 8192x8192 layer", () -> ops(big, "{\"type\":\"putRegion\",\"layerId\":1,\"x\":0,"
                + "\"y\":0,\"width\":8192,\"height\":8192,\"data\":\"" + Zlib.base64(new byte[4096]) + "\"}"), 413);
        assertThat(version(big)).as("nothing stored").isEqualTo(before);
        assertThat(api.get("/api/v1/maps/" + big).json().get("layers")).hasSize(1);
    }

    @Test
    void theLargestEditsAllowedAreServedAndBounded() {
        Api.Response fill = ops(big, "{\"type\":\"fillRect\",\"layerId\":1,\"x\":0,\"y\":0,\"width\":4096,"
                + "\"height\":4096,\"gid\":2}");
        assertThat(fill.status()).as(fill.text()).isEqualTo(200);
        healthy("a 4096x4096 fill");
        Api.Response undo = ops(big, "{\"type\":\"putRegion\",\"layerId\":1,\"x\":0,\"y\":0,\"width\":4096,"
                + "\"height\":4096,\"data\":\"" + Zlib.base64(new byte[4096 * 4096 * 4]) + "\"}");
        assertThat(undo.status()).as(undo.text()).isEqualTo(200);
        healthy("its undo, a 4096x4096 region");
    }

    @Test
    void queriesRendersAndToursAtTheirCapsAreBounded() {
        StringBuilder rects = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            rects.append(i == 0 ? "" : ",").append("{\"type\":\"rect\",\"x\":0,\"y\":0,\"width\":131072,\"height\":131072}");
        }
        refused("a batch of 10,000 large rectangles", () -> api.postJson("/api/v1/maps/" + big + "/queries/batch",
                "{\"queries\":[" + rects + "]}"), 413, 422, 503);

        // a tour at the caps: 600 frames of 400x400 (96 million pixels)
        Api.Response tour = api.get("/api/v1/maps/" + big + "/tour.gif?path=200,200;" + (200 + 599 * 100) + ",200"
                + "&width=400&height=400&speed=1000&fps=10");
        System.out.printf("RedTeamTest: a tour at the caps -> %d, %d bytes%n", tour.status(), tour.body().length);
        assertThat(tour.status()).as(tour.text()).isEqualTo(200);
        healthy("a tour at the caps");

        // a map 2,097,152 pixels wide: its thumbnail is sampled within the pixel budget
        long wide = api.postJson("/api/v1/maps", "{\"name\":\"wide\",\"width\":8192,\"height\":2,\"tileWidth\":256,"
                + "\"tileHeight\":256,\"layers\":[{\"name\":\"g\",\"type\":\"tile\"}]}").json().get("id").asLong();
        Api.Response thumbnail = api.get("/api/v1/maps/" + wide + "/thumbnail.png?size=1024");
        assertThat(thumbnail.status()).as(thumbnail.text()).isEqualTo(200);
        healthy("a thumbnail of a 2-million-pixel-wide map");
    }

    @Test
    void anImportOfAHundredLargeLayersIsRefusedBeforeItIsDecoded() {
        int maps = api.get("/api/v1/maps").json().size();
        String empty = Zlib.base64(new byte[2048 * 2048 * 4]);
        StringBuilder tmx = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" "
                + "orientation=\"orthogonal\" renderorder=\"right-down\" width=\"2048\" height=\"2048\" tilewidth=\"16\" "
                + "tileheight=\"16\" infinite=\"0\" nextlayerid=\"101\" nextobjectid=\"1\">\n");
        for (int i = 1; i <= 100; i++) {
            tmx.append(" <layer id=\"").append(i).append("\" name=\"l").append(i).append("\" width=\"2048\" "
                    + "height=\"2048\"><data encoding=\"base64\" compression=\"zlib\">").append(empty)
                    .append("</data></layer>\n");
        }
        tmx.append("</map>\n");
        refused("100 large layers in one TMX", () -> api.postFiles("/api/v1/maps/import",
                Map.of("many.tmx", tmx.toString().getBytes(StandardCharsets.UTF_8))), 413);
        assertThat(api.get("/api/v1/maps").json().size()).as("nothing stored").isEqualTo(maps);
    }

    @Test
    void sixImportsAtTheByteLimitAtOnceWaitForTheirLaneWithoutHoldingTheirUploads() throws Exception {
        int maps = api.get("/api/v1/maps").json().size();
        String tmx = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" orientation=\"orthogonal\" "
                + "renderorder=\"right-down\" width=\"2\" height=\"2\" tilewidth=\"16\" tileheight=\"16\" infinite=\"0\" "
                + "nextlayerid=\"2\" nextobjectid=\"1\">\n <layer id=\"1\" name=\"g\" width=\"2\" height=\"2\">"
                + "<data encoding=\"csv\">0,0,0,0</data></layer>\n</map>\n";
        // six uploads just under tilewright.limits.max-import-bytes (128 MiB): read at once they would not fit -Xmx1g
        Api.Files upload = Api.Files.of(Map.of("small.tmx", tmx.getBytes(StandardCharsets.UTF_8),
                "notes.bin", new byte[120 << 20]));
        var pool = java.util.concurrent.Executors.newFixedThreadPool(6);
        try {
            List<java.util.concurrent.Future<Api.Response>> answers = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                answers.add(pool.submit(() -> api.post("/api/v1/maps/import", upload)));
            }
            int created = 0;
            for (var answer : answers) {
                Api.Response response = answer.get();
                System.out.printf("RedTeamTest: an import of 120 MiB among six at once -> %d%n", response.status());
                assertThat(response.status()).as(response.text()).isIn(201, 503);
                if (response.status() == 503) {
                    assertThat(response.header("Content-Type")).startsWith("application/problem+json");
                    assertThat(response.header("Retry-After")).isNotNull();
                } else {
                    created++;
                }
            }
            assertThat(created).as("the first to get the lane is imported").isPositive();
            healthy("six imports of 120 MiB at once");
            assertThat(api.get("/api/v1/maps").json().size()).as("one map per 201").isEqualTo(maps + created);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void socketFloodsAreCappedAndHugePresenceIsNeverPassedOn() throws Exception {
        long mapId = api.newMap("sockets", 20, 20);
        List<LiveClient> idle = new ArrayList<>();
        try {
            for (int i = 0; i < 600; i++) {
                idle.add(new LiveClient(service.port, mapId));
            }
            Eventually.eventually("sockets past max-sockets-per-address closed with 1008", Duration.ofSeconds(20),
                    () -> idle.stream().filter(c -> Integer.valueOf(1008).equals(c.closedWith)).count() >= 400);
            healthy("600 idle sockets");
        } finally {
            idle.forEach(LiveClient::abort);
        }
        LiveClient loud = new LiveClient(service.port, mapId);
        LiveClient other = new LiveClient(service.port, mapId);
        try {
            loud.hello("loud", 1L);
            loud.next("welcome");
            other.hello("other", 1L);
            other.next("welcome");
            String presence = "{\"type\":\"presence\",\"tool\":\"" + "z".repeat(512 * 1024) + "\"}";
            for (int i = 0; i < 20; i++) {
                loud.send(presence);
            }
            assertThat(loud.next("error").get("problem").get("limit").asString())
                    .isEqualTo("tilewright.live.max-presence-bytes");
            other.quiet("presence");
            healthy("half-megabyte presence frames");
        } finally {
            loud.abort();
            other.abort();
        }
    }

    /**
     * A client that stops reading while the map's ops pile up for it, then pings (control frames the container answers
     * itself, and ping frames) and closes: the frames of live sockets are read on the container's poller, so this must
     * not hold up anyone else. Another editor's ops are acknowledged all along, health answers, the client is dropped.
     */
    @Test
    void aClientThatStopsReadingAndPingsHoldsUpNobody() throws Exception {
        long mapId = api.newMap("stalled", 64, 64);
        LiveClient painter = new LiveClient(service.port, mapId);
        java.net.Socket stalled = RawLiveSocket.open(service.port, mapId, 4096);
        try {
            painter.hello("painter", 1L);
            painter.next("welcome");
            var out = stalled.getOutputStream();
            out.write(RawLiveSocket.maskedTextFrame("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"stalled\","
                    + "\"lastVersion\":1}"));
            out.flush();
            long slowest = 0;
            int pings = 0;
            // 300 ops of ~30 KB: more than the kernel's buffers and the client's send buffer take together
            for (int seq = 1; seq <= 300; seq++) {
                StringBuilder cells = new StringBuilder();
                for (int i = 0; i < 1500; i++) {
                    cells.append(i == 0 ? "" : ",").append("{\"x\":").append(i % 64).append(",\"y\":")
                            .append(i / 64 % 64).append(",\"gid\":").append(1 + (i + seq) % 2).append('}');
                }
                long sent = System.nanoTime();
                painter.send("{\"type\":\"op\",\"clientSeq\":" + seq + ",\"op\":{\"type\":\"paint\",\"layerId\":1,"
                        + "\"cells\":[" + cells + "]}}");
                assertThat(painter.next("ack", Duration.ofSeconds(5))).as("op %d acknowledged", seq).isNotNull();
                slowest = Math.max(slowest, System.nanoTime() - sent);
                if (seq % 10 == 0 && !stalled.isClosed()) {
                    try {
                        // a ping control frame (the container answers it with a pong) and an application ping
                        out.write(new byte[]{(byte) 0x89, (byte) 0x80, 1, 2, 3, 4});
                        out.write(RawLiveSocket.maskedTextFrame("{\"type\":\"ping\"}"));
                        out.flush();
                        pings++;
                    } catch (java.io.IOException dropped) {
                        // the service closed the stalled socket: what it should do sooner or later
                        stalled.close();
                    }
                    healthy("a stalled client's pings");
                }
            }
            System.out.printf("RedTeamTest: the other editor's slowest ack while a client stalled (%d pings sent): %d ms%n",
                    pings, slowest / 1_000_000);
            assertThat(pings).as("the stalled client pinged while the ops piled up for it").isPositive();
            assertThat(slowest).as("no ack waited behind the stalled client").isLessThan(2_000_000_000L);
            Eventually.eventually("the stalled client to be dropped (a newcomer sees only the painter)",
                    Duration.ofSeconds(20), () -> {
                        LiveClient newcomer = new LiveClient(service.port, mapId);
                        try {
                            newcomer.hello("newcomer", null);
                            return newcomer.next("people").get("people").size() == 2;
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new AssertionError(e);
                        } finally {
                            newcomer.abort();
                        }
                    });
            healthy("the stalled client dropped");
        } finally {
            stalled.close();
            painter.abort();
        }
    }

    /**
     * Issue 40, finding 1: on an 8192x8192 map with a few versions, a thread listing (rebuilding past versions for
     * anchorChanged), diff.png from version 1 and an export of version 1 ran the service out of memory. Now, at
     * -Xmx1g and several at once, each is answered (or refused with a clear 413/503 naming the limit) and health
     * answers within 2 s throughout; the service's log shows no OutOfMemoryError (checked after all).
     */
    @Test
    void pastVersionsOfTheLargestMapAreReadSeveralAtOnceWithinMemory() throws Exception {
        long past = api.newMap("past", 8192, 8192);
        String map = "/api/v1/maps/" + past;
        for (String quadrant : new String[] {"\"x\":0,\"y\":0,\"gid\":2", "\"x\":4096,\"y\":4096,\"gid\":3"}) {
            Api.Response fill = ops(past, "{\"type\":\"fillRect\",\"layerId\":1,\"width\":4096,\"height\":4096,"
                    + quadrant + "}");
            assertThat(fill.status()).as(fill.text()).isEqualTo(200);
        }
        for (String at : new String[] {"\"x\":100,\"y\":100", "\"x\":100000,\"y\":100", "\"x\":70000,\"y\":70000"}) {
            for (int version = 1; version <= 2; version++) {
                Api.Response thread = api.postJson(map + "/threads", "{\"anchor\":{" + at + "},\"body\":\"look\","
                        + "\"version\":" + version + "}");
                assertThat(thread.status()).as(thread.text()).isEqualTo(201);
            }
        }
        // four reviewers and CI jobs, each with a share of the lanes, read the past at once
        long project = api.projectOf(past);
        List<Api> readers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            readers.add(api.as(api.token(api.person("Reader " + i, project, "viewer"), "read")));
        }
        List<String> paths = List.of(map + "/threads", map + "/diff.png?from=1",
                map + "/export?version=1&format=tmx&encoding=base64&compression=zlib", map + "/export?version=2",
                map + "/diff?from=2", map + "/render.png?version=1&x=0&y=0&width=320&height=240", map + "/threads",
                map + "/diff.png?from=2&x=60000&y=60000&width=640&height=480");
        List<Supplier<Api.Response>> reads = new ArrayList<>();
        for (int i = 0; i < paths.size(); i++) {
            Api reader = readers.get(i % readers.size());
            String path = paths.get(i);
            reads.add(() -> reader.get(path));
        }
        java.util.Map<Integer, List<Integer>> statuses = new java.util.HashMap<>();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(reads.size());
        java.util.concurrent.atomic.AtomicLong slowestHealth = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicBoolean reading = new java.util.concurrent.atomic.AtomicBoolean(true);
        Thread watch = new Thread(() -> {
            while (reading.get()) {
                long started = System.nanoTime();
                boolean up = service.healthy(Duration.ofSeconds(5));
                long ms = up ? (System.nanoTime() - started) / 1_000_000 : Long.MAX_VALUE;
                slowestHealth.accumulateAndGet(ms, Math::max);
                try {
                    Thread.sleep(250);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "health watch");
        watch.start();
        try {
            for (int round = 0; round < 2; round++) {
                List<java.util.concurrent.Future<Api.Response>> answers = new ArrayList<>();
                reads.forEach(read -> answers.add(pool.submit(read::get)));
                for (int i = 0; i < answers.size(); i++) {
                    Api.Response answer = answers.get(i).get(5, java.util.concurrent.TimeUnit.MINUTES);
                    System.out.printf("RedTeamTest: past read %d of round %d -> %d%n", i, round, answer.status());
                    statuses.computeIfAbsent(i, k -> new ArrayList<>()).add(answer.status());
                    assertThat(answer.status()).as("read " + i + ": " + answer.text()).isIn(200, 413, 503);
                    if (answer.status() != 200) {
                        assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
                        assertThat(answer.text()).contains("\"limit\"");
                    }
                }
            }
            System.out.printf("RedTeamTest: past reads' statuses by read: %s%n", statuses);
        } finally {
            reading.set(false);
            watch.join(10_000);
            pool.shutdownNow();
        }
        System.out.printf("RedTeamTest: the slowest health answer while past versions were read: %d ms%n",
                slowestHealth.get());
        assertThat(slowestHealth.get()).as("health within 2 s throughout").isLessThan(2_000);
        // a busy lane may turn one away (503, Retry-After) while eight run at once; alone, each is answered
        assertThat(readers.get(0).get(map + "/threads").status()).as("the thread listing").isEqualTo(200);
        assertThat(readers.get(1).get(map + "/export?version=1&format=tmx&encoding=base64&compression=zlib").status())
                .as("a compressed export of version 1").isEqualTo(200);
        assertThat(readers.get(2).get(map + "/diff.png?from=1").status()).as("the whole map's diff picture")
                .isIn(200, 413);
        JsonNode threads = api.get(map + "/threads").json().get("threads");
        for (JsonNode thread : threads) {
            if (thread.get("anchor").get("x").asInt() == 100000) {
                assertThat(thread.get("anchorChanged").asBoolean()).as("nothing was painted there: told from the ops")
                        .isFalse();
            }
        }
        healthy("the past reads");
    }
}
