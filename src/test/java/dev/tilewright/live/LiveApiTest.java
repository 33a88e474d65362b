package dev.tilewright.live;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Protocol 1 of the live socket over a real WebSocket against the embedded PostgreSQL. */
@FeatureTest
class LiveApiTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;
    @org.springframework.beans.factory.annotation.Autowired
    LiveHandler handler;
    Api api;
    long mapId;
    final List<Client> clients = new ArrayList<>();

    /** A test client: every frame it gets, in order. */
    final class Client implements WebSocket.Listener {
        final LinkedBlockingQueue<JsonNode> frames = new LinkedBlockingQueue<>();
        final StringBuilder partial = new StringBuilder();
        final WebSocket socket;
        volatile Integer closedWith;

        Client(long map, String origin) {
            socket = HttpClient.newHttpClient().newWebSocketBuilder().header("Origin", origin)
                    .buildAsync(URI.create("ws://localhost:" + port + "/api/v1/maps/" + map + "/live"), this).join();
            clients.add(this);
        }

        Client() {
            this(mapId, "http://localhost:" + port);
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                frames.add(JSON.readTree(partial.toString()));
                partial.setLength(0);
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            closedWith = statusCode;
            return null;
        }

        void send(String frame) {
            socket.sendText(frame, true).join();
        }

        /** The next frame of a type (frames of other types before it are dropped). */
        JsonNode next(String type) throws InterruptedException {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < until) {
                JsonNode frame = frames.poll(100, TimeUnit.MILLISECONDS);
                if (frame != null && type.equals(frame.path("type").asString())) {
                    return frame;
                }
            }
            throw new AssertionError("no " + type + " frame");
        }

        /** No frame of that type arrives within a short while. */
        void quiet(String type) throws InterruptedException {
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(500);
            while (System.nanoTime() < until) {
                JsonNode frame = frames.poll(50, TimeUnit.MILLISECONDS);
                assertThat(frame == null ? "" : frame.path("type").asString()).isNotEqualTo(type);
            }
        }
    }

    @BeforeEach
    void map() {
        api = new Api(port);
        long tileset = api.uploadTileset("live", 4, 2);
        mapId = api.postJson("/api/v1/maps", "{\"name\":\"live\",\"width\":20,\"height\":10,\"tileWidth\":16,"
                + "\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],\"layers\":[{\"name\":\"ground\","
                + "\"type\":\"tile\"}]}").json().get("id").asLong();
    }

    @AfterEach
    void close() {
        clients.forEach(c -> c.socket.abort());
    }

    private static String paint(long seq, int x, int gid) {
        return "{\"type\":\"op\",\"clientSeq\":" + seq + ",\"baseVersion\":1,\"op\":{\"type\":\"paint\",\"layerId\":1,"
                + "\"cells\":[{\"x\":" + x + ",\"y\":0,\"gid\":" + gid + "}]}}";
    }

    private long version() {
        return api.get("/api/v1/maps/" + mapId).json().get("version").asLong();
    }

    @Test
    void opsAreAcknowledgedAfterCommitAndReachTheOthersOnceInOrder() throws Exception {
        Client a = new Client();
        Client b = new Client();
        a.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"alice\",\"name\":\"Alice\",\"lastVersion\":1}");
        JsonNode welcome = a.next("welcome");
        assertThat(welcome.get("version").asLong()).isEqualTo(1);
        assertThat(welcome.get("ops")).isEmpty();
        b.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"bob\",\"name\":\"Bob\"}");
        JsonNode snapshot = b.next("snapshot");
        assertThat(snapshot.get("map").get("name").asString()).isEqualTo("live");
        JsonNode people = a.next("people");
        while (people.get("people").size() < 2) {
            people = a.next("people");
        }
        assertThat(people.toString()).contains("Alice", "Bob");

        for (int i = 1; i <= 5; i++) {
            a.send(paint(i, i, 2));
        }
        for (int i = 1; i <= 5; i++) {
            JsonNode ack = a.next("ack");
            assertThat(ack.get("clientSeq").asLong()).isEqualTo(i);
            assertThat(ack.get("version").asLong()).isEqualTo(1 + i);
            JsonNode op = b.next("op");
            assertThat(op.get("version").asLong()).as("in version order").isEqualTo(1 + i);
            assertThat(op.get("clientId").asString()).isEqualTo("alice");
            assertThat(op.get("op").get("cells").get(0).get("x").asInt()).isEqualTo(i);
        }
        assertThat(api.get("/api/v1/maps/" + mapId + "/layers/1/cells?x=1&y=0&width=5&height=1").json().get("gids")
                .toString()).as("committed").isEqualTo("[2,2,2,2,2]");

        // a resend (after a reconnect) is acknowledged with its version and not applied again
        a.send(paint(3, 3, 2));
        assertThat(a.next("ack").get("version").asLong()).isEqualTo(4);
        b.quiet("op");
        assertThat(version()).isEqualTo(6);

        // a client coming back with lastVersion gets exactly what it missed
        Client c = new Client();
        c.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"carol\",\"lastVersion\":4}");
        JsonNode missed = c.next("welcome");
        assertThat(missed.get("ops")).hasSize(2);
        assertThat(missed.get("ops").get(0).get("version").asLong()).isEqualTo(5);
    }

    @Test
    void refusalsAndBadFramesAreProblemsAndChangeNothing() throws Exception {
        Client a = new Client();
        a.send("{\"type\":\"op\",\"clientSeq\":1,\"op\":{}}");
        assertThat(a.next("error").get("problem").get("field").asString()).isEqualTo("type");
        a.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"alice\"}");
        a.next("snapshot");
        a.send(paint(1, 0, 99));
        JsonNode reject = a.next("reject");
        assertThat(reject.get("clientSeq").asLong()).isEqualTo(1);
        assertThat(reject.get("problem").get("status").asInt()).isEqualTo(422);
        assertThat(reject.get("problem").get("field").asString()).isEqualTo("op.cells[0].gid");
        a.send("{\"type\":\"op\",\"clientSeq\":2,\"op\":{\"type\":\"teleport\"}}");
        assertThat(a.next("reject").get("problem").get("status").asInt()).isEqualTo(400);
        a.send("{\"type\":\"dance\"}");
        assertThat(a.next("error").get("problem").get("detail").asString()).contains("dance");
        a.send("not json");
        assertThat(a.next("error").get("problem").get("field").asString()).isEqualTo("frame");
        assertThat(version()).isEqualTo(1);

        Client old = new Client();
        old.send("{\"type\":\"hello\",\"protocol\":2,\"clientId\":\"future\"}");
        assertThat(old.next("error").get("problem").get("field").asString()).isEqualTo("protocol");
        long until = System.currentTimeMillis() + 5000;
        while (old.closedWith == null && System.currentTimeMillis() < until) {
            Thread.sleep(20);
        }
        assertThat(old.closedWith).isEqualTo(1002);
    }

    @Test
    void presenceIsPassedOnAndPeopleWhoLeaveDisappear() throws Exception {
        Client a = new Client();
        Client b = new Client();
        a.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"alice\",\"name\":\"Alice\"}");
        b.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"bob\",\"name\":\"Bob\"}");
        b.next("snapshot");
        b.send("{\"type\":\"presence\",\"cursor\":{\"x\":40,\"y\":12},\"tool\":\"brush\"}");
        JsonNode presence = a.next("presence");
        assertThat(presence.get("clientId").asString()).isEqualTo("bob");
        assertThat(presence.get("cursor").get("x").asInt()).isEqualTo(40);
        b.socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye").join();
        JsonNode people = a.next("people");
        while (people.get("people").size() != 1) {
            people = a.next("people");
        }
        assertThat(people.get("people").get(0).get("clientId").asString()).isEqualTo("alice");
        assertThat(handler.hasRoom(mapId)).isTrue();
        a.socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye").join();
        long until = System.currentTimeMillis() + 5000;
        while (handler.hasRoom(mapId) && System.currentTimeMillis() < until) {
            Thread.sleep(20);
        }
        assertThat(handler.hasRoom(mapId)).as("the emptied room is dropped").isFalse();
    }

    @Test
    void aSocketForAnUnknownMapOrFromAnotherOriginIsRefusedAtHandshake() {
        assertThatThrownBy(() -> new Client(999_999, "http://localhost:" + port)).isInstanceOf(CompletionException.class)
                .hasStackTraceContaining("404");
        assertThatThrownBy(() -> new Client(mapId, "http://evil.example")).isInstanceOf(CompletionException.class)
                .hasStackTraceContaining("403");
    }
}
