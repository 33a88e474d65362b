package dev.tilewright.live;

import dev.tilewright.TilewrightApplication;
import dev.tilewright.support.Api;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The live socket under load (issue #7's goal): N editors on one map, each painting at a steady rate, plus one client
 * that stops reading. Measures, on loopback, the time from sending an op to its ack (sender) and to its relay at
 * every other editor (broadcast), the ops applied per second (map versions), and whether the stalled client was
 * dropped. Starts the service in-process on a throw-away embedded PostgreSQL and stops by itself.
 *
 * <pre>
 * ./mvnw -q test-compile exec:exec -Dexec.classpathScope=test -Dexec.executable=java \
 *   "-Dexec.args=-cp %classpath dev.tilewright.live.LiveLoad editors=50 rate=100 seconds=20"
 * </pre>
 */
public final class LiveLoad {

    private LiveLoad() {
    }

    /** Latencies in 50 µs buckets up to 10 s. */
    static final class Histogram {
        private static final int BUCKET_NANOS = 50_000;
        private final AtomicLongArray counts = new AtomicLongArray(200_000);
        private final AtomicLong total = new AtomicLong();

        void record(long nanos) {
            counts.incrementAndGet((int) Math.min(counts.length() - 1, Math.max(0, nanos / BUCKET_NANOS)));
            total.incrementAndGet();
        }

        long count() {
            return total.get();
        }

        double percentileMs(double p) {
            long wanted = (long) Math.ceil(total.get() * p);
            long seen = 0;
            for (int i = 0; i < counts.length(); i++) {
                seen += counts.get(i);
                if (seen >= wanted && wanted > 0) {
                    return (i + 1) * (double) BUCKET_NANOS / 1e6;
                }
            }
            return Double.NaN;
        }

        String summary() {
            return String.format("p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max bucket %.1f ms (%d samples)",
                    percentileMs(0.50), percentileMs(0.95), percentileMs(0.99), percentileMs(1.0), count());
        }
    }

    public static void main(String[] args) throws Exception {
        int editors = 50;
        int rate = 100;
        int seconds = 20;
        int warmup = 5;
        for (String arg : args) {
            String[] kv = arg.split("=", 2);
            switch (kv[0]) {
                case "editors" -> editors = Integer.parseInt(kv[1]);
                case "rate" -> rate = Integer.parseInt(kv[1]);
                case "seconds" -> seconds = Integer.parseInt(kv[1]);
                case "warmup" -> warmup = Integer.parseInt(kv[1]);
                default -> throw new IllegalArgumentException("editors=N rate=OPS_PER_EDITOR seconds=N warmup=N");
            }
        }
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(TilewrightApplication.class)
                .run("--server.port=0", "--tilewright.database.data-dir=", "--logging.level.root=WARN",
                        "--spring.main.banner-mode=off")) {
            int port = ((WebServerApplicationContext) app).getWebServer().getPort();
            run(app, port, editors, rate, seconds, warmup);
        }
        System.exit(0);
    }

    private static void run(ConfigurableApplicationContext app, int port, int editors, int rate, int seconds, int warmup)
            throws Exception {
        Api api = new Api(port);
        long tileset = api.uploadTileset("load", 4, 4);
        long mapId = api.postJson("/api/v1/maps", "{\"name\":\"load\",\"width\":256,\"height\":256,\"tileWidth\":16,"
                + "\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],\"layers\":[{\"name\":\"ground\","
                + "\"type\":\"tile\"}]}").json().get("id").asLong();
        Histogram acks = new Histogram();
        Histogram broadcasts = new Histogram();
        // when each editor sent each op (by clientSeq, in a ring far larger than what is ever in flight)
        long[][] sentAt = new long[editors][1 << 16];
        AtomicLong rejects = new AtomicLong();
        boolean[] measuring = {false};
        HttpClient http = HttpClient.newHttpClient();
        URI uri = URI.create("ws://localhost:" + port + "/api/v1/maps/" + mapId + "/live");

        /* One editor's socket: records latencies from the frames it gets (parsed just enough). */
        final class Editor implements WebSocket.Listener {
            final int index;
            WebSocket socket;
            CompletableFuture<WebSocket> sending;
            long seq;
            final StringBuilder partial = new StringBuilder();

            Editor(int index) {
                this.index = index;
            }

            @Override
            public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                partial.append(data);
                if (last) {
                    frame(partial.toString());
                    partial.setLength(0);
                }
                webSocket.request(1);
                return null;
            }

            private void frame(String text) {
                long now = System.nanoTime();
                if (text.startsWith("{\"type\":\"ack\"")) {
                    long sent = sentAt[index][ring(number(text, "\"clientSeq\":"))];
                    if (measuring[0]) {
                        acks.record(now - sent);
                    }
                } else if (text.startsWith("{\"type\":\"op\"")) {
                    int at = text.indexOf("\"clientId\":\"editor-") + 19;
                    int from = Integer.parseInt(text.substring(at, text.indexOf('"', at)));
                    long sent = sentAt[from][ring(number(text, "\"clientSeq\":"))];
                    if (measuring[0]) {
                        broadcasts.record(now - sent);
                    }
                } else if (text.startsWith("{\"type\":\"reject\"")) {
                    rejects.incrementAndGet();
                }
            }

            void paint(Random random) {
                long s = ++seq;
                String frame = "{\"type\":\"op\",\"clientSeq\":" + s + ",\"op\":{\"type\":\"paint\",\"layerId\":1,"
                        + "\"cells\":[{\"x\":" + random.nextInt(256) + ",\"y\":" + random.nextInt(256) + ",\"gid\":"
                        + (1 + random.nextInt(16)) + "}]}}";
                sending = sending.thenCompose(ws -> {
                    sentAt[index][ring(s)] = System.nanoTime();
                    return ws.sendText(frame, true);
                });
            }
        }

        List<Editor> all = new ArrayList<>();
        for (int i = 0; i < editors; i++) {
            Editor editor = new Editor(i);
            editor.socket = http.newWebSocketBuilder().header("Origin", "http://localhost:" + port)
                    .buildAsync(uri, editor).join();
            editor.sending = editor.socket.sendText("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"editor-" + i
                    + "\",\"name\":\"Editor " + i + "\",\"lastVersion\":1}", true);
            all.add(editor);
        }
        // a client that says hello and then never reads again (a raw socket: nothing reads for it behind its back)
        java.net.Socket stalled = stalledClient(port, mapId);
        LiveHandler handler = app.getBean(LiveHandler.class);
        Thread.sleep(500);
        int connected = handler.editors(mapId);

        ScheduledExecutorService ticks = Executors.newScheduledThreadPool(2);
        long periodMicros = 1_000_000L / rate;
        for (Editor editor : all) {
            Random random = new Random(editor.index);
            ticks.scheduleAtFixedRate(() -> editor.paint(random), random.nextInt((int) periodMicros), periodMicros,
                    TimeUnit.MICROSECONDS);
        }
        Thread.sleep(warmup * 1000L);
        measuring[0] = true;
        long versionBefore = app.getBean(dev.tilewright.map.MapService.class).version(mapId);
        long start = System.nanoTime();
        Thread.sleep(seconds * 1000L);
        long versionAfter = app.getBean(dev.tilewright.map.MapService.class).version(mapId);
        double elapsed = (System.nanoTime() - start) / 1e9;
        measuring[0] = false;
        ticks.shutdownNow();
        int left = handler.editors(mapId);

        System.out.printf("editors %d x %d ops/s, measured %.1f s after %d s warm-up%n", editors, rate, elapsed, warmup);
        System.out.printf("applied: %.0f ops/s (versions %d -> %d), rejects %d%n",
                (versionAfter - versionBefore) / elapsed, versionBefore, versionAfter, rejects.get());
        System.out.println("ack:       " + acks.summary());
        System.out.println("broadcast: " + broadcasts.summary());
        System.out.printf("stalled reader: %s (editors on the map: %d at start, %d at the end)%n",
                left == connected - 1 ? "dropped" : "STILL CONNECTED", connected, left);
        all.forEach(e -> e.socket.abort());
        stalled.close();
    }

    /** Opens the live socket by hand, says hello in one masked frame, and never reads a byte. */
    private static java.net.Socket stalledClient(int port, long mapId) throws java.io.IOException {
        java.net.Socket socket = new java.net.Socket("localhost", port);
        socket.setReceiveBufferSize(4096);
        var out = socket.getOutputStream();
        out.write(("GET /api/v1/maps/" + mapId + "/live HTTP/1.1\r\nHost: localhost:" + port + "\r\n"
                + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\nOrigin: http://localhost:" + port + "\r\n\r\n")
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        byte[] hello = "{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"stalled\",\"lastVersion\":1}"
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] frame = new byte[2 + 4 + hello.length];
        frame[0] = (byte) 0x81;
        frame[1] = (byte) (0x80 | hello.length);
        byte[] mask = {1, 2, 3, 4};
        System.arraycopy(mask, 0, frame, 2, 4);
        for (int i = 0; i < hello.length; i++) {
            frame[6 + i] = (byte) (hello[i] ^ mask[i % 4]);
        }
        out.write(frame);
        out.flush();
        return socket;
    }

    private static int ring(long seq) {
        return (int) (seq & 0xFFFF);
    }

    private static long number(String text, String field) {
        int at = text.indexOf(field) + field.length();
        long value = 0;
        while (at < text.length() && Character.isDigit(text.charAt(at))) {
            value = value * 10 + (text.charAt(at++) - '0');
        }
        return value;
    }
}
