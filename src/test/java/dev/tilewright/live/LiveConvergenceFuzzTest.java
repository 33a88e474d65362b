package dev.tilewright.live;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
import dev.tilewright.TilewrightApplication;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.map.MapJson;
import dev.tilewright.map.MapCatalogue;
import dev.tilewright.map.MapHistory;
import dev.tilewright.map.MapReads;
import dev.tilewright.map.MapWriteBack;
import dev.tilewright.support.Utf8Message;
import dev.tilewright.support.Api;
import dev.tilewright.support.Credentials;
import dev.tilewright.support.Eventually;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Convergence under faults: two instances of the service on one PostgreSQL, eight editors connecting to either,
 * 10,000+ random ops (paint, fill, objects, properties, layer changes, some invalid) sent with random disconnects
 * and reconnects (to the same or the other instance, some with a snapshot), duplicated and held-back sends. Each
 * editor keeps the map as the server told it (welcome or snapshot, then ops and acks strictly in version order)
 * and resends what was not acknowledged. When traffic stops, every editor's map equals both instances' maps, the
 * map rebuilt from the log and the map loaded from the stored rows; every op was acknowledged or rejected exactly
 * once and the log holds each acknowledged op once. Seeded: {@code -Dtilewright.fuzz.seed=N}, {@code
 * -Dtilewright.fuzz.ops=N}.
 */
@Tag(Lanes.SERVICE)
class LiveConvergenceFuzzTest {

    private static final int EDITORS = 8;
    private static ConfigurableApplicationContext one;
    private static ConfigurableApplicationContext two;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        one = instance();
        two = instance();
    }

    private static ConfigurableApplicationContext instance() {
        return new SpringApplicationBuilder(TilewrightApplication.class).run("--server.port=0",
                "--tilewright.database.data-dir=", "--tilewright.live.ops-per-second=1000000",
                "--tilewright.live.op-burst=1000000", "--tilewright.live.max-catch-up-ops=400");
    }

    @AfterAll
    static void stop() {
        if (one != null) {
            one.close();
        }
        if (two != null) {
            two.close();
        }
    }

    private static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    private final JsonMapper json = one == null ? null : one.getBean(JsonMapper.class);
    private long mapId;

    @Test
    void eightEditorsOnTwoInstancesConvergeThroughDisconnectsDuplicatesAndDelays() throws Exception {
        long seed = Long.getLong("tilewright.fuzz.seed", 20261122L);
        int total = Integer.getInteger("tilewright.fuzz.ops", 10_000);
        Random random = new Random(seed);
        Api api = new Api(port(one));
        long tileset = api.uploadTileset("fuzz", 4, 2);
        mapId = api.postJson("/api/v1/maps", "{\"name\":\"fuzz\",\"width\":24,\"height\":16,\"tileWidth\":16,"
                + "\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],\"layers\":[{\"name\":\"a\","
                + "\"type\":\"tile\"},{\"name\":\"b\",\"type\":\"tile\"},{\"name\":\"things\",\"type\":\"object\"}]}")
                .json().get("id").asLong();
        List<Editor> editors = new ArrayList<>();
        for (int i = 0; i < EDITORS; i++) {
            editors.add(new Editor("editor-" + i, new Random(random.nextLong())));
        }

        int made = 0;
        while (made < total) {
            Editor editor = editors.get(random.nextInt(EDITORS));
            made += editor.step();
            if (editor.waiting() > 300) {
                // pacing: give the server a moment to answer this editor before the next step (any editor's)
                Eventually.within(Duration.ofMillis(20), () -> editor.waiting() <= 300);
            }
        }
        for (Editor editor : editors) {
            editor.settle();
        }
        long[] reached = {0};
        try {
            Eventually.eventually("every editor to catch up with the server", Duration.ofSeconds(120), () -> {
                reached[0] = one.getBean(MapReads.class).version(mapId);
                if (editors.stream().allMatch(e -> e.caughtUp(reached[0]))) {
                    return true;
                }
                editors.forEach(Editor::nudge);
                return false;
            });
        } catch (AssertionError notCaughtUp) {
            // compared below all the same: the differences say more than the time-out
        }
        long server = reached[0];

        String expected = state(one, server);
        assertSame(state(two, server), expected, "both instances");
        assertSame(state(one.getBean(MapHistory.class).snapshot(mapId, server).map(), server), expected,
                "rebuilt from the log");
        one.getBean(MapWriteBack.class).writeBack(mapId);
        assertThat(one.getBean(JdbcTemplate.class).queryForObject("SELECT stored_version FROM maps WHERE id = ?",
                Long.class, mapId)).as("written back").isEqualTo(server);
        one.getBean(MapCatalogue.class).forget(mapId);
        assertSame(state(one, server), expected, "loaded from the stored rows");

        JdbcTemplate jdbc = one.getBean(JdbcTemplate.class);
        long acked = 0;
        long rejected = 0;
        for (Editor editor : editors) {
            synchronized (editor) {
                assertThat(editor.failure).as(editor.clientId).isNull();
                assertThat(editor.pending).as(editor.clientId + " has nothing unanswered").isEmpty();
                assertThat(editor.version).as(editor.clientId + " version").isEqualTo(server);
                assertSame(state(editor.confirmed, server), expected, editor.clientId + "'s map");
                assertThat(editor.acked.size() + editor.rejected.size()).as(editor.clientId + " answers")
                        .isEqualTo(editor.nextSeq - 1);
                Long logged = jdbc.queryForObject("SELECT count(*) FROM map_ops WHERE map_id = ? AND client_id = ?",
                        Long.class, mapId, editor.clientId);
                assertThat(logged).as(editor.clientId + "'s ops logged once each").isEqualTo(editor.acked.size());
                acked += editor.acked.size();
                rejected += editor.rejected.size();
                editor.disconnect();
            }
        }
        assertThat(made).isGreaterThanOrEqualTo(total);
        assertThat(server).isEqualTo(1 + acked);
        assertThat(rejected).as("some invalid ops were sent and refused").isPositive();
        System.out.printf("fuzz seed %d: %d ops made, %d acknowledged, %d rejected, map at version %d%n", seed, made,
                acked, rejected, server);
    }

    /** The whole map as JSON: its description and every tile layer's cells. */
    private String state(TileMap map, long version) {
        Map<String, Object> state = new java.util.LinkedHashMap<>();
        state.put("map", MapJson.of(mapId, 0, version, map));
        for (Layer layer : map.layers()) {
            if (layer instanceof TileLayer tiles) {
                state.put("cells " + layer.id(), tiles.read(map.bounds()));
            }
        }
        return json.writeValueAsString(state);
    }

    private String state(ConfigurableApplicationContext instance, long version) {
        String state = instance.getBean(MapReads.class).read(mapId, (v, m) -> {
            assertThat(v).isEqualTo(version);
            return state(m, v);
        });
        return state;
    }

    /** Equal states, or the first place they differ. */
    private void assertSame(String actual, String expected, String what) {
        if (!actual.equals(expected)) {
            JsonNode a = json.readTree(actual);
            JsonNode e = json.readTree(expected);
            throw new AssertionError(what + " differs: " + firstDifference("", a, e));
        }
    }

    private static String firstDifference(String path, JsonNode a, JsonNode e) {
        if (a != null && e != null && a.isContainer() && e.isContainer() && a.size() == e.size()) {
            for (int i = 0; i < a.size(); i++) {
                JsonNode ai = a.isArray() ? a.get(i) : a.get(a.propertyNames().stream().toList().get(i));
                JsonNode ei = e.isArray() ? e.get(i) : e.get(e.propertyNames().stream().toList().get(i));
                String name = a.isArray() ? "[" + i + "]" : "." + a.propertyNames().stream().toList().get(i);
                if (ai == null || ei == null || !ai.equals(ei)) {
                    return firstDifference(path + name, ai, ei);
                }
            }
        }
        String as = String.valueOf(a);
        String es = String.valueOf(e);
        return path + ": " + (as.length() > 300 ? as.substring(0, 300) : as) + " instead of "
                + (es.length() > 300 ? es.substring(0, 300) : es);
    }

    /**
     * A simulated editor: keeps the confirmed map the server told it, its unanswered ops, and misbehaves on purpose.
     * The driver thread sends; the socket's thread applies what arrives.
     */
    final class Editor {
        final String clientId;
        final Random random;
        TileMap confirmed;
        long version;
        final TreeMap<Long, String> pending = new TreeMap<>();
        final List<Long> acked = new ArrayList<>();
        final List<Long> rejected = new ArrayList<>();
        final List<String> heldBack = new ArrayList<>();
        long nextSeq = 1;
        String failure;
        Connection connection;
        boolean welcomed;
        boolean resend;
        long lastProgress = System.nanoTime();

        Editor(String clientId, Random random) {
            this.clientId = clientId;
            this.random = random;
        }

        /** One random action; returns 1 if it made an op. */
        int step() {
            if (connection == null) {
                connect(random.nextBoolean() ? one : two, random.nextInt(10) == 0);
                return 0;
            }
            flushResend();
            double action = random.nextDouble();
            if (action < 0.004) {
                disconnect();
                return 0;
            }
            if (action < 0.02) {
                sendHeldBack();
                return 0;
            }
            String op;
            long seq;
            synchronized (this) {
                op = randomOp();
                seq = nextSeq++;
                pending.put(seq, op);
            }
            String frame = frame(seq, op);
            if (random.nextInt(40) == 0) {
                heldBack.add(frame);
            } else {
                send(frame);
                if (random.nextInt(40) == 0) {
                    send(frame);
                }
            }
            return 1;
        }

        synchronized int waiting() {
            return pending.size();
        }

        void connect(ConfigurableApplicationContext instance, boolean fresh) {
            Long last;
            synchronized (this) {
                last = fresh || confirmed == null ? null : version;
                welcomed = false;
            }
            Connection c = new Connection();
            c.socket = HTTP.newWebSocketBuilder().header("Origin", "http://localhost:" + port(instance))
                    .header("Authorization", Credentials.bearer())
                    .buildAsync(URI.create("ws://localhost:" + port(instance) + "/api/v1/maps/" + mapId + "/live"), c)
                    .join();
            synchronized (this) {
                connection = c;
                c.instance = instance;
            }
            send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"" + clientId + "\",\"name\":\"" + clientId + "\""
                    + (last == null ? "" : ",\"lastVersion\":" + last) + "}");
        }

        void disconnect() {
            Connection c;
            synchronized (this) {
                c = connection;
                connection = null;
                welcomed = false;
            }
            if (c != null) {
                c.socket.abort();
            }
        }

        void send(String frame) {
            Connection c;
            synchronized (this) {
                c = connection;
            }
            if (c != null) {
                try {
                    c.socket.sendText(frame, true).join();
                } catch (RuntimeException closed) {
                    disconnect();
                }
            }
        }

        void sendHeldBack() {
            List<String> frames = new ArrayList<>(heldBack);
            heldBack.clear();
            frames.forEach(this::send);
        }

        /** After a welcome: every unanswered op again, with its original clientSeq. */
        void flushResend() {
            Map<Long, String> again;
            synchronized (this) {
                if (!resend) {
                    return;
                }
                resend = false;
                again = new TreeMap<>(pending);
            }
            again.forEach((seq, op) -> send(frame(seq, op)));
        }

        /** Traffic stops: connect if away, send what was held back, resend what is unanswered. */
        void settle() throws InterruptedException {
            if (connection == null) {
                connect(random.nextBoolean() ? one : two, false);
            }
            awaitWelcome();
            sendHeldBack();
            flushResend();
        }

        void awaitWelcome() {
            try {
                Eventually.eventually(clientId + "'s welcome", Duration.ofSeconds(20), this::welcomed);
            } catch (AssertionError none) {
                synchronized (this) {
                    throw new AssertionError(clientId + " got no welcome; failure: " + failure + ", connected: "
                            + (connection != null) + ", version " + version);
                }
            }
        }

        synchronized boolean welcomed() {
            return welcomed;
        }

        synchronized boolean caughtUp(long server) {
            return pending.isEmpty() && version == server && welcomed;
        }

        /** Resends what stays unanswered for long (its socket may have been lost under it). */
        /** Resends what waits; reconnects an editor that made no progress for 5 s or lost its socket. */
        void nudge() {
            try {
                reconnectIfStale();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }

        private void reconnectIfStale() throws InterruptedException {
            flushResend();
            boolean stale;
            synchronized (this) {
                stale = !pending.isEmpty() && System.nanoTime() - lastProgress > TimeUnit.SECONDS.toNanos(5);
            }
            if (stale || connection == null) {
                disconnect();
                connect(one, false);
                awaitWelcome();
                flushResend();
            }
        }

        String frame(long seq, String op) {
            return "{\"type\":\"op\",\"clientSeq\":" + seq + ",\"baseVersion\":" + version + ",\"op\":" + op + "}";
        }

        /** A frame from the server, on the socket's thread. */
        synchronized void received(Connection from, JsonNode frame) {
            if (from != connection || failure != null) {
                return;
            }
            lastProgress = System.nanoTime();
            switch (frame.path("type").asString()) {
                case "welcome" -> {
                    for (JsonNode op : frame.get("ops")) {
                        apply(op.get("version").asLong(), op.get("clientId").asString(null),
                                op.get("clientSeq").asLong(), op.get("op"));
                    }
                    expect(version == frame.get("version").asLong(), "welcome at " + frame.get("version")
                            + " but the editor is at " + version);
                    welcomed = true;
                    resend = true;
                }
                case "snapshot" -> {
                    long at = frame.get("version").asLong();
                    // the map at that version, rebuilt: this editor goes on applying ops to it (a snapshot is a
                    // read-only view)
                    confirmed = from.instance.getBean(MapHistory.class).replay(mapId, at);
                    expect(json.readTree(json.writeValueAsString(MapJson.of(mapId,
                            frame.get("map").get("projectId").asLong(), at, confirmed))).equals(frame.get("map")),
                            "the snapshot frame is the map at its version");
                    version = at;
                    welcomed = true;
                    resend = true;
                }
                case "op" -> apply(frame.get("version").asLong(), frame.get("clientId").asString(null),
                        frame.path("clientSeq").asLong(), frame.get("op"));
                case "ack" -> {
                    long seq = frame.get("clientSeq").asLong();
                    apply(frame.get("version").asLong(), clientId, seq, frame.get("op"));
                    answered(seq, acked);
                }
                case "reject" -> {
                    expect(frame.get("problem").get("status").asInt() == 422, "refusals are 422: " + frame);
                    answered(frame.get("clientSeq").asLong(), rejected);
                }
                case "frames" -> frame.get("frames").forEach(one -> received(from, one));
                case "people", "presence", "pong" -> { }
                default -> expect(false, "unexpected frame " + frame);
            }
        }

        private void answered(long seq, List<Long> into) {
            if (pending.remove(seq) != null) {
                into.add(seq);
            }
        }

        /** Applies version {@code v} if it is the next one; older ones are already in; a gap is a failure. */
        private void apply(long v, String from, long seq, JsonNode op) {
            if (confirmed == null || v <= version) {
                return;
            }
            expect(v == version + 1, "versions in order: at " + version + ", got " + v);
            json.treeToValue(op, MapOp.class).applyTo(confirmed);
            version = v;
            if (clientId.equals(from)) {
                answered(seq, acked);
            }
        }

        private void expect(boolean condition, String what) {
            if (!condition && failure == null) {
                failure = what;
            }
        }

        /** A random op, valid most of the time, as the editor's map suggests. */
        private String randomOp() {
            int layer = 1 + random.nextInt(2);
            int kind = random.nextInt(100);
            if (kind < 45) {
                StringBuilder cells = new StringBuilder();
                int n = 1 + random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    cells.append(i == 0 ? "" : ",").append("{\"x\":").append(random.nextInt(24)).append(",\"y\":")
                            .append(random.nextInt(16)).append(",\"gid\":").append(gid()).append('}');
                }
                return "{\"type\":\"paint\",\"layerId\":" + layer + ",\"cells\":[" + cells + "]}";
            }
            if (kind < 60) {
                return "{\"type\":\"fillRect\",\"layerId\":" + layer + ",\"x\":" + random.nextInt(20) + ",\"y\":"
                        + random.nextInt(12) + ",\"width\":" + (1 + random.nextInt(4)) + ",\"height\":"
                        + (1 + random.nextInt(4)) + ",\"gid\":" + gid() + "}";
            }
            if (kind < 70) {
                return "{\"type\":\"addObject\",\"layerId\":3,\"object\":{\"name\":\"o" + random.nextInt(100)
                        + "\",\"x\":" + random.nextInt(380) + ",\"y\":" + random.nextInt(250) + ",\"width\":"
                        + random.nextInt(40) + ",\"height\":" + random.nextInt(40) + "}}";
            }
            MapObject someone = someObject();
            if (kind < 78 && someone != null) {
                return "{\"type\":\"updateObject\",\"layerId\":3,\"objectId\":" + someone.id() + ",\"patch\":{\"x\":"
                        + random.nextInt(380) + ",\"name\":\"moved" + random.nextInt(10) + "\"}}";
            }
            if (kind < 82 && someone != null) {
                return "{\"type\":\"removeObject\",\"layerId\":3,\"objectId\":" + someone.id() + "}";
            }
            if (kind < 90) {
                String name = "p" + random.nextInt(4);
                return random.nextInt(4) == 0
                        ? "{\"type\":\"setProperty\",\"name\":\"" + name + "\"}"
                        : "{\"type\":\"setProperty\",\"name\":\"" + name + "\",\"property\":{\"name\":\"" + name
                        + "\",\"type\":\"int\",\"value\":" + random.nextInt(1000) + "}}";
            }
            if (kind < 97) {
                return "{\"type\":\"updateLayer\",\"layerId\":" + layer + ",\"patch\":{\"opacity\":"
                        + (random.nextInt(11) / 10.0) + ",\"name\":\"layer " + random.nextInt(50) + "\"}}";
            }
            // invalid: a gid past the map's tilesets, or an object that never existed
            return random.nextBoolean()
                    ? "{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":0,\"y\":0,\"gid\":999}]}"
                    : "{\"type\":\"removeObject\",\"layerId\":3,\"objectId\":999999}";
        }

        private long gid() {
            long gid = random.nextInt(9);
            return gid != 0 && random.nextInt(5) == 0 ? gid | 0x80000000L : gid;
        }

        private MapObject someObject() {
            if (confirmed == null || !(confirmed.layer(3).orElse(null) instanceof ObjectLayer things)
                    || things.objects().isEmpty()) {
                return null;
            }
            List<MapObject> objects = new ArrayList<>(things.objects());
            return objects.get(random.nextInt(objects.size()));
        }

        /** One socket of this editor. */
        final class Connection implements WebSocket.Listener {
            WebSocket socket;
            ConfigurableApplicationContext instance;
            private final Utf8Message partial = new Utf8Message();

            @Override
            public CompletionStage<?> onBinary(WebSocket webSocket, java.nio.ByteBuffer data, boolean last) {
                String text = partial.add(data, last);
                if (text != null) {
                    received(this, json.readTree(text));
                }
                webSocket.request(1);
                return null;
            }
        }
    }
}
