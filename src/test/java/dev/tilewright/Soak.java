package dev.tilewright;

import dev.tilewright.support.Api;
import dev.tilewright.support.LiveClient;
import dev.tilewright.support.ServiceProcess;
import dev.tilewright.support.Zlib;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A soak of the service in its own JVM at -Xmx1g (exiting on an OutOfMemoryError) under mixed load for a number of
 * minutes, on loopback, stopping by itself: 8 live editors painting (10 ops/s each) with a 1024x1024 fill and a
 * 512x512 masked region every half minute, a CI job exporting the current map and a past version, a reviewer
 * rendering windows and thumbnails, queries (rays, rectangles, a batch), an import (then a delete) every 20 s, and an
 * 8192x8192 layer of varied tiles: chunk packs read as an editor pans, windows and thumbnails drawn, and every minute a
 * fill of the whole layer undone 10 s later by a restoreCells.
 * Per minute it prints, per kind of request, how many, how many 5xx, p50 and p95 in ms, and the heap after a full GC
 * (jcmd); at the end the first and last five minutes side by side. Not a test: numbers go to docs/benchmarks.md.
 * <p>
 * {@code ./mvnw -q test-compile exec:exec -Dexec.classpathScope=test -Dexec.executable=java
 * "-Dexec.args=-cp %classpath dev.tilewright.Soak minutes=20"}
 */
public final class Soak {

    /** Latencies (ms) and 5xx counts of one kind in one minute. */
    private static final class Minute {
        final List<Long> millis = new CopyOnWriteArrayList<>();
        final AtomicLong errors = new AtomicLong();
    }

    private static final Map<String, Map<Integer, Minute>> SEEN = new ConcurrentHashMap<>();
    private static long start;
    private static volatile boolean running = true;

    private static final int HUGE = 8192;

    private Soak() {
    }

    public static void main(String[] args) throws Exception {
        int minutes = 20;
        for (String arg : args) {
            String[] kv = arg.split("=", 2);
            if (!kv[0].equals("minutes")) {
                throw new IllegalArgumentException("minutes=N");
            }
            minutes = Integer.parseInt(kv[1]);
        }
        try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start();
             ServiceProcess service = ServiceProcess.start(postgres.getJdbcUrl("postgres", "postgres"),
                     List.of("-Xmx1g", "-XX:+ExitOnOutOfMemoryError"), List.of("--logging.level.root=WARN"))) {
            run(service, minutes);
            System.out.println(service.process.isAlive() ? "service alive" : "SERVICE DIED");
            System.out.println(service.log().contains("OutOfMemoryError") ? "OUT OF MEMORY" : "no OutOfMemoryError");
        }
        System.exit(0);
    }

    private static void run(ServiceProcess service, int minutes) throws Exception {
        Api api = new Api(service.port);
        long live = api.newMap("soak-live", 512, 512);
        long big = api.newMap("soak-big", 2048, 2048);
        long huge = api.newMap("soak-huge", HUGE, HUGE); // a whole layer of varied tiles, 67 million cells
        long[] painted = {dev.tilewright.support.VariedLayer.paint(api, huge, HUGE, HUGE)};
        start = System.nanoTime();
        List<Thread> threads = new ArrayList<>();
        for (int e = 0; e < 8; e++) {
            int editor = e;
            threads.add(started(new Thread(() -> edit(service.port, editor, live, big))));
        }
        threads.add(loop(2000, r -> {
            time("export", () -> api.get("/api/v1/maps/" + live + "/export?format=tmj"));
            long version = api.get("/api/v1/maps/" + live).json().get("version").asLong();
            time("export past", () -> api.get("/api/v1/maps/" + live + "/export?format=tmj&version=" + (1 + r.nextLong(version))));
        }));
        threads.add(loop(1000, r -> {
            time("render", () -> api.get("/api/v1/maps/" + big + "/render.png?x=" + r.nextInt(30000) + "&y="
                    + r.nextInt(30000) + "&width=800&height=600"));
            if (r.nextInt(10) == 0) {
                time("thumbnail", () -> api.get("/api/v1/maps/" + live + "/thumbnail.png?size=256"));
            }
        }));
        threads.add(loop(500, r -> {
            time("query", () -> api.postJson("/api/v1/maps/" + big + "/queries/ray", "{\"from\":{\"x\":" + r.nextInt(2048)
                    + ",\"y\":" + r.nextInt(2048) + "},\"to\":{\"x\":" + r.nextInt(2048) + ",\"y\":" + r.nextInt(2048)
                    + "},\"units\":\"tiles\"}"));
            StringBuilder batch = new StringBuilder();
            for (int i = 0; i < 100; i++) {
                batch.append(i == 0 ? "" : ",").append("{\"type\":\"rect\",\"x\":").append(r.nextInt(2000))
                        .append(",\"y\":").append(r.nextInt(2000)).append(",\"width\":40,\"height\":40,\"units\":\"tiles\"}");
            }
            time("batch", () -> api.postJson("/api/v1/maps/" + big + "/queries/batch", "{\"queries\":[" + batch + "]}"));
        }));
        // the 8192x8192 map: an editor's chunk packs as it pans, a reviewer's windows and thumbnails, and every minute
        // a fill of the whole layer undone 10 s later by a restoreCells naming the version before it
        threads.add(loop(500, r -> {
            time("huge chunks", () -> api.get("/api/v1/maps/" + huge + "/chunks?x=" + 4 * r.nextInt(32) + "&y="
                    + 4 * r.nextInt(32) + "&width=4&height=4&layers=1"));
            if (r.nextInt(4) == 0) {
                time("huge render", () -> api.get("/api/v1/maps/" + huge + "/render.png?x=" + r.nextInt(130000)
                        + "&y=" + r.nextInt(130000) + "&width=800&height=600"));
            }
            if (r.nextInt(20) == 0) {
                time("huge thumbnail", () -> api.get("/api/v1/maps/" + huge + "/thumbnail.png?size=" + (200 + r.nextInt(200))));
            }
        }));
        threads.add(loop(60_000, r -> {
            String ops = "/api/v1/maps/" + huge + "/ops";
            Api.Response filled = time("huge fill", () -> api.postJson(ops, "{\"ops\":[{\"type\":\"fillRect\","
                    + "\"layerId\":1,\"x\":0,\"y\":0,\"width\":" + HUGE + ",\"height\":" + HUGE + ",\"gid\":"
                    + (1 + r.nextInt(8)) + "}]}", "If-Match", "*"));
            Thread.sleep(10_000);
            if (filled.status() == 200) {
                long before = filled.json().get("version").asLong() - 1;
                time("huge undo", () -> api.postJson(ops, "{\"ops\":[{\"type\":\"restoreCells\",\"layerId\":1,"
                        + "\"x\":0,\"y\":0,\"width\":" + HUGE + ",\"height\":" + HUGE + ",\"version\":" + before
                        + "}]}", "If-Match", "*"));
            }
        }));
        threads.add(loop(20_000, r -> {
            Api.Response imported = time("import", () -> api.postFiles("/api/v1/maps/import",
                    Map.of("soak.tmx", tmx(r).getBytes(StandardCharsets.UTF_8))));
            if (imported.status() == 201) {
                api.delete("/api/v1/maps/" + imported.json().get("id").asLong());
            }
        }));
        for (int minute = 0; minute < minutes; minute++) {
            Thread.sleep(60_000);
            report(minute, heapAfterGc(service.process.pid()));
        }
        running = false;
        for (Thread thread : threads) {
            thread.join(30_000);
        }
        summary(minutes);
    }

    private interface Step {
        void run(Random random) throws Exception;
    }

    private static Thread loop(long everyMs, Step step) {
        return started(new Thread(() -> {
            Random random = new Random(everyMs);
            while (running) {
                long began = System.nanoTime();
                try {
                    step.run(random);
                } catch (Exception | AssertionError e) {
                    failed(e.toString());
                }
                long left = everyMs - (System.nanoTime() - began) / 1_000_000;
                if (left > 0) {
                    sleep(left);
                }
            }
        }));
    }

    private static Thread started(Thread thread) {
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private static Api.Response time(String kind, java.util.function.Supplier<Api.Response> request) {
        long began = System.nanoTime();
        Api.Response response = request.get();
        record(kind, (System.nanoTime() - began) / 1_000_000, response.status() >= 500);
        if (response.status() >= 400 && response.status() < 500) {
            failed(kind + " answered " + response.status() + ": " + response.text());
        }
        return response;
    }

    private static final AtomicLong FAILURES = new AtomicLong();

    /** Something the soak did not expect (a 4xx to a well-formed request, an exception): counted, the first shown. */
    private static void failed(String what) {
        record("failed", 0, false);
        if (FAILURES.incrementAndGet() <= 5) {
            System.out.println("unexpected: " + what.substring(0, Math.min(300, what.length())));
        }
    }

    private static void record(String kind, long millis, boolean error) {
        int minute = (int) ((System.nanoTime() - start) / 60_000_000_000L);
        Minute m = SEEN.computeIfAbsent(kind, k -> new ConcurrentHashMap<>()).computeIfAbsent(minute, k -> new Minute());
        m.millis.add(millis);
        if (error) {
            m.errors.incrementAndGet();
        }
    }

    /** One live editor: paints 10 times a second; now and then a large fill or a masked region; times each ack. */
    private static void edit(int port, int editor, long live, long big) {
        Random random = new Random(editor);
        int seq = 0;
        long bigAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(5 + editor * 4L);
        LiveClient paint = new LiveClient(port, live);
        LiveClient fill = new LiveClient(port, big);
        try {
            paint.hello("editor-" + editor, null);
            fill.hello("filler-" + editor, null);
            while (running) {
                seq++;
                long sent = System.nanoTime();
                try {
                    paint.send("{\"type\":\"op\",\"clientSeq\":" + seq + ",\"op\":{\"type\":\"paint\",\"layerId\":1,"
                            + "\"cells\":[{\"x\":" + random.nextInt(512) + ",\"y\":" + random.nextInt(512) + ",\"gid\":"
                            + (1 + random.nextInt(8)) + "}]}}");
                    paint.next("ack");
                    record("live ack", (System.nanoTime() - sent) / 1_000_000, false);
                } catch (AssertionError noAck) {
                    record("live ack", (System.nanoTime() - sent) / 1_000_000, true);
                }
                if (seq % 50 == 0) {
                    fill.send("{\"type\":\"ping\"}"); // as editors do: a socket silent for idle-timeout-ms is closed
                }
                if (System.nanoTime() > bigAt) {
                    bigAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                    long began = System.nanoTime();
                    fill.send("{\"type\":\"op\",\"clientSeq\":" + seq + ",\"op\":" + (random.nextBoolean()
                            ? "{\"type\":\"fillRect\",\"layerId\":1,\"x\":" + random.nextInt(1024) + ",\"y\":"
                            + random.nextInt(1024) + ",\"width\":1024,\"height\":1024,\"gid\":" + (1 + random.nextInt(8)) + "}"
                            : masked(random)) + "}");
                    JsonNode answer = nextAnswer(fill);
                    record("live big fill", (System.nanoTime() - began) / 1_000_000,
                            answer == null || "reject".equals(answer.path("type").asString()));
                }
                sleep(100);
            }
        } catch (Exception | AssertionError e) {
            failed("editor " + editor + " stopped: " + e);
        } finally {
            paint.abort();
            fill.abort();
        }
    }

    private static JsonNode nextAnswer(LiveClient client) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < until) {
            JsonNode frame = client.frames.poll(100, TimeUnit.MILLISECONDS);
            String type = frame == null ? "" : frame.path("type").asString();
            if (type.equals("ack") || type.equals("fetch") || type.equals("reject")) {
                return frame;
            }
        }
        return null;
    }

    /** A 512x512 masked region (a bucket fill's form): a disc of one gid. */
    private static String masked(Random random) {
        int side = 512;
        java.nio.ByteBuffer gids = java.nio.ByteBuffer.allocate(side * side * 4).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        byte[] mask = new byte[side * side / 8];
        int gid = 1 + random.nextInt(8);
        for (int i = 0; i < side * side; i++) {
            int dx = i % side - side / 2;
            int dy = i / side - side / 2;
            boolean in = dx * dx + dy * dy < side * side / 4;
            gids.putInt(in ? gid : 0);
            if (in) {
                mask[i >> 3] |= (byte) (1 << (i & 7));
            }
        }
        return "{\"type\":\"putRegion\",\"layerId\":1,\"x\":" + random.nextInt(1536) + ",\"y\":" + random.nextInt(1536)
                + ",\"width\":512,\"height\":512,\"data\":\"" + Zlib.base64(gids.array()) + "\",\"mask\":\"" + Zlib.base64(mask) + "\"}";
    }


    /** A small map to import: two 128x128 layers of noise (no tileset: every gid 0 but a few objects). */
    private static String tmx(Random random) {
        StringBuilder tmx = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" "
                + "orientation=\"orthogonal\" renderorder=\"right-down\" width=\"128\" height=\"128\" tilewidth=\"16\" "
                + "tileheight=\"16\" infinite=\"0\" nextlayerid=\"3\" nextobjectid=\"20\">\n");
        tmx.append(" <layer id=\"1\" name=\"ground\" width=\"128\" height=\"128\"><data encoding=\"base64\" "
                + "compression=\"zlib\">").append(Zlib.base64(new byte[128 * 128 * 4])).append("</data></layer>\n");
        tmx.append(" <objectgroup id=\"2\" name=\"things\">\n");
        for (int i = 1; i < 20; i++) {
            tmx.append("  <object id=\"").append(i).append("\" x=\"").append(random.nextInt(2000)).append("\" y=\"")
                    .append(random.nextInt(2000)).append("\" width=\"16\" height=\"16\"/>\n");
        }
        return tmx.append(" </objectgroup>\n</map>\n").toString();
    }

    /** The service's heap in use right after a full GC, in MiB (jcmd), or -1. */
    private static long heapAfterGc(long pid) {
        try {
            String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
            new ProcessBuilder(jcmd, String.valueOf(pid), "GC.run").redirectErrorStream(true).start().waitFor(60, TimeUnit.SECONDS);
            Process info = new ProcessBuilder(jcmd, String.valueOf(pid), "GC.heap_info").redirectErrorStream(true).start();
            String text = new String(info.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            Matcher used = Pattern.compile("used (\\d+)K").matcher(text);
            return used.find() ? Long.parseLong(used.group(1)) / 1024 : -1;
        } catch (Exception e) {
            return -1;
        }
    }

    private static final TreeMap<Integer, Long> HEAP = new TreeMap<>();

    private static void report(int minute, long heap) {
        HEAP.put(minute, heap);
        StringBuilder line = new StringBuilder("minute " + (minute + 1) + ": heap after GC " + heap + " MiB;");
        for (var kind : new TreeMap<>(SEEN).entrySet()) {
            Minute m = kind.getValue().get(minute);
            if (m != null) {
                line.append(" ").append(kind.getKey()).append(" ").append(m.millis.size()).append(" (")
                        .append(m.errors.get()).append(" 5xx) p50 ").append(percentile(m.millis, 50)).append(" p95 ")
                        .append(percentile(m.millis, 95)).append(";");
            }
        }
        System.out.println(line);
    }

    private static long percentile(List<Long> values, int p) {
        long[] sorted = values.stream().mapToLong(Long::longValue).sorted().toArray();
        return sorted.length == 0 ? -1 : sorted[Math.min(sorted.length - 1, sorted.length * p / 100)];
    }

    /** The first and the last five minutes side by side: count, 5xx, p95 per kind; the heap after GC. */
    private static void summary(int minutes) {
        int span = Math.min(5, minutes);
        System.out.println("first " + span + " min vs last " + span + " min:");
        for (var kind : new TreeMap<>(SEEN).entrySet()) {
            List<Long> first = new ArrayList<>();
            List<Long> last = new ArrayList<>();
            long errors = 0;
            for (var m : kind.getValue().entrySet()) {
                if (m.getKey() < span) {
                    first.addAll(m.getValue().millis);
                }
                if (m.getKey() >= minutes - span && m.getKey() < minutes) {
                    last.addAll(m.getValue().millis);
                }
                errors += m.getValue().errors.get();
            }
            System.out.printf("  %-14s n %6d / %6d  p95 %5d / %5d ms  5xx in all %d%n", kind.getKey(), first.size(),
                    last.size(), percentile(first, 95), percentile(last, 95), errors);
        }
        System.out.println("  heap after GC by minute (MiB): " + Arrays.toString(HEAP.values().toArray()));
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
