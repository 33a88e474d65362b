package dev.tilewright.live;

import dev.tilewright.TilewrightApplication;
import dev.tilewright.support.Api;
import dev.tilewright.support.RawLiveSocket;
import dev.tilewright.support.ServiceProcess;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
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
 *   "-Dexec.args=-cp %classpath dev.tilewright.live.LiveLoad editors=50 rate=100 seconds=20 warmup=60"
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
        boolean deflate = true;
        int presence = 0;
        boolean fork = true;
        List<String> jvm = new ArrayList<>();
        List<String> service = new ArrayList<>(List.of("--server.port=0", "--tilewright.database.data-dir=",
                "--logging.level.root=WARN", "--spring.main.banner-mode=off"));
        for (String arg : args) {
            if (arg.startsWith("--")) {
                service.add(arg);
                continue;
            }
            String[] kv = arg.split("=", 2);
            switch (kv[0]) {
                case "editors" -> editors = Integer.parseInt(kv[1]);
                case "rate" -> rate = Integer.parseInt(kv[1]);
                case "seconds" -> seconds = Integer.parseInt(kv[1]);
                case "warmup" -> warmup = Integer.parseInt(kv[1]);
                case "deflate" -> deflate = Boolean.parseBoolean(kv[1]);
                case "presence" -> presence = Integer.parseInt(kv[1]);
                case "service" -> fork = switch (kv[1]) {
                    case "fork" -> true;
                    case "inline" -> false;
                    default -> throw new IllegalArgumentException("service=fork|inline");
                };
                case "jvm" -> jvm.add(kv[1]);
                default -> throw new IllegalArgumentException(
                        "editors=N rate=OPS_PER_EDITOR seconds=N warmup=N deflate=true|false presence=PER_EDITOR_PER_SECOND"
                                + " service=fork|inline [jvm=-Xmx1g ...] [--service.property=value]");
            }
        }
        // every load editor signs in with the one bootstrap token: let them all in (and the observer)
        service.add(0, "--tilewright.live.max-sockets-per-caller=" + (editors + 10));
        if (fork) {
            service.remove("--server.port=0");
            try (ServiceProcess process = ServiceProcess.start(null, jvm, service)) {
                run(new LoadService.Forked(process), editors, rate, seconds, warmup, deflate, presence);
            }
        } else {
            try (ConfigurableApplicationContext app = new SpringApplicationBuilder(TilewrightApplication.class)
                    .run(service.toArray(String[]::new))) {
                run(new LoadService.InProcess(app), editors, rate, seconds, warmup, deflate, presence);
            }
        }
        System.exit(0);
    }

    private static void run(LoadService service, int editors, int rate, int seconds, int warmup, boolean deflate,
                            int presence) throws Exception {
        int port = service.port();
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
        AtomicLong oddities = new AtomicLong();
        // how many people the map's last people list named (editor 0 keeps it): who joined, who was dropped
        java.util.concurrent.atomic.AtomicInteger people = new java.util.concurrent.atomic.AtomicInteger();
        boolean[] measuring = {false};
        /*
         * One editor on a raw socket: frames are read as bytes and scanned for the few numbers the latencies need,
         * never decoded to text. The editors share the machine with the service (load tests stay on loopback), so
         * a client that decodes ~250,000 frames/s into Strings would take CPU the service needs (java.net.http's did:
         * about half the samples of a profiled run).
         */
        final class Editor {
            final int index;
            final java.net.Socket socket;
            final java.io.OutputStream out;
            final RawLiveSocket.Deflate compression = deflate ? new RawLiveSocket.Deflate() : null;
            long seq;

            Editor(int index) throws java.io.IOException {
                this.index = index;
                socket = RawLiveSocket.open(port, mapId, 0, compression);
                socket.setTcpNoDelay(true);
                out = socket.getOutputStream();
                send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"editor-" + index + "\",\"name\":\"Editor "
                        + index + "\",\"lastVersion\":1}");
                Thread reader = new Thread(this::read, "load-editor-" + index);
                reader.setDaemon(true);
                reader.start();
            }

            synchronized void send(String text) throws java.io.IOException {
                out.write(RawLiveSocket.maskedTextFrame(text, compression));
                out.flush();
            }

            private void read() {
                try {
                    RawLiveSocket.Frames frames = new RawLiveSocket.Frames(socket, compression);
                    for (int opcode = frames.next(); opcode != -1 && opcode != 8; opcode = frames.next()) {
                        if (opcode == 1 || opcode == 2) {
                            frame(frames.payload, frames.length);
                        }
                    }
                } catch (java.io.IOException closed) {
                    // the run is over
                }
            }

            /** A message: one frame, or a tick's frames coalesced ({"type":"frames","frames":[...]}): each is timed. */
            private void frame(byte[] text, int length) {
                long now = System.nanoTime();
                for (int at = indexOf(text, length, TYPE, 0); at >= 0; at = indexOf(text, length, TYPE, at + 1)) {
                    if (startsWith(text, at, length, ACK)) {
                        long sent = sentAt[index][ring(number(text, at, length, CLIENT_SEQ))];
                        if (measuring[0]) {
                            acks.record(now - sent);
                        }
                    } else if (startsWith(text, at, length, OP)) {
                        int from = (int) number(text, at, length, FROM_EDITOR);
                        long sent = sentAt[from][ring(number(text, at, length, CLIENT_SEQ))];
                        if (measuring[0]) {
                            broadcasts.record(now - sent);
                            if (now - sent > 5_000_000_000L && oddities.getAndIncrement() < 3) {
                                System.out.println("odd: a relay timed at " + (now - sent) / 1_000_000 + " ms: "
                                        + new String(text, at, Math.min(300, length - at),
                                        java.nio.charset.StandardCharsets.UTF_8));
                            }
                        }
                    } else if (startsWith(text, at, length, REJECT)) {
                        rejects.incrementAndGet();
                    } else if (index == 0 && startsWith(text, at, length, PEOPLE)) {
                        int named = 0;
                        for (int p = indexOf(text, length, CLIENT_ID, at); p >= 0; p = indexOf(text, length, CLIENT_ID,
                                p + 1)) {
                            named++;
                        }
                        people.set(named);
                    }
                }
            }

            /** Where the pointer is, as the editor sends it while the mouse moves (at most one per 50 ms). */
            void move(Random random) {
                try {
                    send("{\"type\":\"presence\",\"cursor\":{\"x\":" + random.nextInt(4096) + ",\"y\":"
                            + random.nextInt(4096) + "},\"tool\":\"brush\"}");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }

            void paint(Random random) {
                long s = ++seq;
                String frame = "{\"type\":\"op\",\"clientSeq\":" + s + ",\"op\":{\"type\":\"paint\",\"layerId\":1,"
                        + "\"cells\":[{\"x\":" + random.nextInt(256) + ",\"y\":" + random.nextInt(256) + ",\"gid\":"
                        + (1 + random.nextInt(16)) + "}]}}";
                try {
                    sentAt[index][ring(s)] = System.nanoTime();
                    send(frame);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        }

        List<Editor> all = new ArrayList<>();
        for (int i = 0; i < editors; i++) {
            all.add(new Editor(i));
        }
        // a client that says hello and then never reads again (a raw socket: nothing reads for it behind its back)
        java.net.Socket stalled = stalledClient(port, mapId);
        dev.tilewright.support.Eventually.eventually("every editor and the stalled one on the map",
                () -> people.get() == editors + 1);
        int connected = people.get();

        java.util.concurrent.atomic.AtomicInteger tickThreads = new java.util.concurrent.atomic.AtomicInteger();
        ScheduledExecutorService ticks = Executors.newScheduledThreadPool(2,
                r -> new Thread(r, "load-tick-" + tickThreads.incrementAndGet()));
        long periodMicros = 1_000_000L / rate;
        for (Editor editor : all) {
            Random random = new Random(editor.index);
            ticks.scheduleAtFixedRate(() -> editor.paint(random), random.nextInt((int) periodMicros), periodMicros,
                    TimeUnit.MICROSECONDS);
            if (presence > 0) {
                long every = 1_000_000L / presence;
                ticks.scheduleAtFixedRate(() -> editor.move(random), random.nextInt((int) every), every,
                        TimeUnit.MICROSECONDS);
            }
        }
        Thread.sleep(warmup * 500L);
        /*
         * The readings run code in the service (JMX over RMI, a map read over HTTP): they are taken through the second
         * half of the warm-up, so their code is compiled by then, and inside the measured window only the process's
         * CPU time is read (one JMX attribute); the heavier readings bracket it from outside.
         */
        long warmEnd = System.nanoTime() + warmup * 500_000_000L;
        while (System.nanoTime() < warmEnd) {
            service.version(mapId);
            service.cpuNanos();
            service.cpuByThreadKind();
            service.jitAndGcMillis();
            Thread.sleep(Math.max(0, Math.min(2_000L, (warmEnd - System.nanoTime()) / 1_000_000L)));
        }
        measuring[0] = true;
        long[] jitAndGcBefore = service.jitAndGcMillis();
        Map<String, Long> vmBefore = service instanceof LoadService.Forked forked ? forked.vmThreadsCpuNanos() : Map.of();
        Map<String, Long> threadsBefore = service.cpuByThreadKind();
        long versionBefore = service.version(mapId);
        long cpuBefore = service.cpuNanos();
        long start = System.nanoTime();
        Thread.sleep(seconds * 1000L);
        long cpu = service.cpuNanos() - cpuBefore;
        double elapsed = (System.nanoTime() - start) / 1e9;
        long versionAfter = service.version(mapId);
        long[] jitAndGc = service.jitAndGcMillis();
        Map<String, Long> vmAfter = service instanceof LoadService.Forked forked ? forked.vmThreadsCpuNanos() : Map.of();
        Map<String, Long> threadsAfter = service.cpuByThreadKind();
        measuring[0] = false;
        ticks.shutdownNow();
        // the last people list, once the stalled client was dropped (reported below if it never is)
        dev.tilewright.support.Eventually.within(java.time.Duration.ofSeconds(5), () -> people.get() == editors);
        int left = people.get();

        System.out.printf("editors %d x %d ops/s (and %d presence frames/s), measured %.1f s after %d s warm-up%n",
                editors, rate, presence, elapsed, warmup);
        System.out.printf("applied: %.0f ops/s (versions %d -> %d), rejects %d%n",
                (versionAfter - versionBefore) / elapsed, versionBefore, versionAfter, rejects.get());
        long delivered = (versionAfter - versionBefore) * (long) editors;
        System.out.printf("permessage-deflate: %s; service CPU %.2f s for %d ops delivered (ops x editors): %.2f µs per op"
                + " delivered%n", all.get(0).compression != null && all.get(0).compression.on() ? "agreed" : "off",
                cpu / 1e9, delivered, cpu / 1e3 / Math.max(1, delivered));
        long inThreads = 0;
        StringBuilder kinds = new StringBuilder();
        for (Map.Entry<String, Long> kind : threadsAfter.entrySet()) {
            long spent = kind.getValue() - threadsBefore.getOrDefault(kind.getKey(), 0L);
            inThreads += kind.getKey().startsWith(" ") ? 0 : spent;
            if (spent > cpu / 100) {
                kinds.append(String.format(" %s %.2f", kind.getKey(), spent / 1e3 / Math.max(1, delivered)));
            }
        }
        System.out.printf("µs per op delivered by threads:%s; JIT, GC and other VM threads %.2f (JIT compiling %d ms,"
                        + " GC pauses %d ms of the %.0f s)%n", kinds, (cpu - inThreads) / 1e3 / Math.max(1, delivered),
                jitAndGc[0] - jitAndGcBefore[0], jitAndGc[1] - jitAndGcBefore[1], elapsed);
        if (!vmAfter.isEmpty()) {
            long jit = vmAfter.getOrDefault("JIT compilers", 0L) - vmBefore.getOrDefault("JIT compilers", 0L);
            long gc = vmAfter.getOrDefault("garbage collector", 0L) - vmBefore.getOrDefault("garbage collector", 0L);
            System.out.printf("of the VM's own threads (/proc, 10 ms ticks): JIT compilers %.2f, garbage collector %.2f;"
                            + " without the JIT compilers (steady state): %.2f µs per op delivered%n",
                    jit / 1e3 / Math.max(1, delivered), gc / 1e3 / Math.max(1, delivered),
                    (cpu - jit) / 1e3 / Math.max(1, delivered));
        }
        System.out.println("ack:       " + acks.summary());
        System.out.println("broadcast: " + broadcasts.summary());
        System.out.printf("stalled reader: %s (editors on the map: %d at start, %d at the end)%n",
                left == connected - 1 ? "dropped" : "STILL CONNECTED", connected, left);
        for (Editor editor : all) {
            editor.socket.close();
        }
        stalled.close();
    }

    /** Opens the live socket by hand, says hello in one masked frame, and never reads a byte after. */
    private static java.net.Socket stalledClient(int port, long mapId) throws java.io.IOException {
        java.net.Socket socket = RawLiveSocket.open(port, mapId, 4096);
        var out = socket.getOutputStream();
        out.write(RawLiveSocket.maskedTextFrame(
                "{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"stalled\",\"lastVersion\":1}"));
        out.flush();
        return socket;
    }

    private static int ring(long seq) {
        return (int) (seq & 0xFFFF);
    }

    private static final byte[] TYPE = ascii("{\"type\":\"");
    private static final byte[] ACK = ascii("{\"type\":\"ack\"");
    private static final byte[] OP = ascii("{\"type\":\"op\"");
    private static final byte[] REJECT = ascii("{\"type\":\"reject\"");
    private static final byte[] PEOPLE = ascii("{\"type\":\"people\"");
    private static final byte[] CLIENT_ID = ascii("\"clientId\":\"");
    private static final byte[] CLIENT_SEQ = ascii("\"clientSeq\":");
    private static final byte[] FROM_EDITOR = ascii("\"clientId\":\"editor-");

    private static byte[] ascii(String text) {
        return text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    private static boolean startsWith(byte[] text, int at, int length, byte[] prefix) {
        return length - at >= prefix.length
                && java.util.Arrays.equals(text, at, at + prefix.length, prefix, 0, prefix.length);
    }

    /** Where {@code field} next occurs at or after {@code from}; -1 if it does not. */
    private static int indexOf(byte[] text, int length, byte[] field, int from) {
        outer:
        for (int at = from; at + field.length <= length; at++) {
            for (int k = 0; k < field.length; k++) {
                if (text[at + k] != field[k]) {
                    continue outer;
                }
            }
            return at;
        }
        return -1;
    }

    /** The decimal number right after the first occurrence of {@code field} at or after {@code from} (0 if none). */
    private static long number(byte[] text, int from, int length, byte[] field) {
        int at = indexOf(text, length, field, from);
        if (at < 0) {
            return 0;
        }
        long value = 0;
        for (int i = at + field.length; i < length && text[i] >= '0' && text[i] <= '9'; i++) {
            value = value * 10 + (text[i] - '0');
        }
        return value;
    }
}
