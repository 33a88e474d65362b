package dev.tilewright.live;

import dev.tilewright.support.Api;
import dev.tilewright.support.Eventually;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.LiveClient;
import dev.tilewright.support.RawLiveSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Protocol 1 of the live socket over a real WebSocket against the embedded PostgreSQL. */
@FeatureTest
class LiveApiTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;
    @org.springframework.beans.factory.annotation.Autowired
    Rooms rooms;
    @org.springframework.beans.factory.annotation.Autowired
    jakarta.servlet.ServletContext servlets;
    Api api;
    long mapId;
    final List<LiveClient> clients = new ArrayList<>();

    /** A client of this test's map, aborted after the test. */
    private LiveClient client() {
        return client(mapId, "http://localhost:" + port);
    }

    private LiveClient client(long map, String origin) {
        LiveClient client = new LiveClient(port, map, origin);
        clients.add(client);
        return client;
    }

    @BeforeEach
    void map() {
        api = new Api(port);
        mapId = api.newMap("live", 20, 10);
    }

    @AfterEach
    void close() {
        clients.forEach(LiveClient::abort);
    }

    private static String paint(long seq, int x, int gid) {
        return "{\"type\":\"op\",\"clientSeq\":" + seq + ",\"baseVersion\":1,\"op\":{\"type\":\"paint\",\"layerId\":1,"
                + "\"cells\":[{\"x\":" + x + ",\"y\":0,\"gid\":" + gid + "}]}}";
    }

    private long version() {
        return api.get("/api/v1/maps/" + mapId).json().get("version").asLong();
    }

    /** A socket of a person with an account (the people list shows account names). */
    private LiveClient clientOf(String name) {
        Api.Person person = api.person(name, api.projectOf(mapId), "editor");
        LiveClient client = new LiveClient(port, mapId, "http://localhost:" + port, api.token(person, "write"));
        clients.add(client);
        return client;
    }

    @Test
    void framesSentRightBehindTheHelloWaitForItsWelcomeAndAreTakenInOrder() throws Exception {
        LiveClient a = clientOf("Alice");
        // no waiting for the welcome: the hello is answered on a pool of its own, what follows waits for it
        a.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"eager\",\"name\":\"Alice\",\"lastVersion\":1}");
        for (int i = 1; i <= 3; i++) {
            a.send(paint(i, i, 3));
        }
        a.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"eager\",\"name\":\"Alice\"}");
        assertThat(a.next("welcome").get("version").asLong()).isEqualTo(1);
        List<String> after = new ArrayList<>();
        while (after.stream().filter(f -> f.startsWith("ack") || f.startsWith("error")).count() < 4) {
            JsonNode frame = a.frames.poll(10, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(frame).as("a frame after the welcome; so far " + after).isNotNull();
            String type = frame.get("type").asString();
            after.add(type.equals("ack") ? "ack " + frame.get("clientSeq").asLong() + " v" + frame.get("version").asLong()
                    : type.equals("error") ? "error " + frame.get("problem").get("detail").asString() : type);
        }
        assertThat(after.stream().filter(f -> f.startsWith("ack")).toList()).as("taken after the welcome, in order")
                .containsExactly("ack 1 v2", "ack 2 v3", "ack 3 v4");
        assertThat(after).anyMatch(f -> f.startsWith("error") && f.contains("hello once"));
    }

    @Test
    void opsAreAcknowledgedAfterCommitAndReachTheOthersOnceInOrder() throws Exception {
        LiveClient a = clientOf("Alice");
        LiveClient b = clientOf("Bob");
        a.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"alice\",\"name\":\"Alice\",\"lastVersion\":1}");
        JsonNode welcome = a.next("welcome");
        assertThat(welcome.get("version").asLong()).isEqualTo(1);
        assertThat(welcome.get("ops")).isEmpty();
        b.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"bob\",\"name\":\"Bob\"}");
        JsonNode snapshot = b.next("snapshot");
        assertThat(snapshot.get("map").get("name").asString()).isEqualTo("live");
        JsonNode people = a.nextPeople(2);
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
        JsonNode logged = api.get("/api/v1/maps/" + mapId + "/ops?since=1").json().get("ops");
        assertThat(logged).hasSize(5).allSatisfy(e -> assertThat(e.get("author").get("name").asString())
                .as("each op's author, from the socket's account").isEqualTo("Alice"));

        // a resend (after a reconnect) is acknowledged with its version and not applied again
        a.send(paint(3, 3, 2));
        assertThat(a.next("ack").get("version").asLong()).isEqualTo(4);
        b.quiet("op");
        assertThat(version()).isEqualTo(6);

        // a client coming back with lastVersion gets exactly what it missed
        LiveClient c = client();
        c.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"carol\",\"lastVersion\":4}");
        JsonNode missed = c.next("welcome");
        assertThat(missed.get("ops")).hasSize(2);
        assertThat(missed.get("ops").get(0).get("version").asLong()).isEqualTo(5);
    }

    @Test
    void refusalsAndBadFramesAreProblemsAndChangeNothing() throws Exception {
        LiveClient a = client();
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
        // a field the op cannot do without, or of the wrong type: named by its path under op, as REST does
        a.send("{\"type\":\"op\",\"clientSeq\":3,\"op\":{\"type\":\"addObject\",\"layerId\":1,\"object\":{\"name\":\"n\"}}}");
        JsonNode missing = a.next("reject").get("problem");
        assertThat(missing.get("field").asString()).isEqualTo("op.object.x");
        assertThat(missing.get("detail").asString()).isEqualTo("op.object.x is required and must be a number.");
        a.send("{\"type\":\"op\",\"clientSeq\":4,\"op\":{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":\"a\",\"y\":0,\"gid\":1}]}}");
        assertThat(a.next("reject").get("problem").get("field").asString()).isEqualTo("op.cells[0].x");
        a.send("{\"type\":\"dance\"}");
        assertThat(a.next("error").get("problem").get("detail").asString()).contains("dance");
        a.send("not json");
        assertThat(a.next("error").get("problem").get("field").asString()).isEqualTo("frame");
        assertThat(version()).isEqualTo(1);

        LiveClient old = client();
        old.send("{\"type\":\"hello\",\"protocol\":2,\"clientId\":\"future\"}");
        assertThat(old.next("error").get("problem").get("field").asString()).isEqualTo("protocol");
        assertThat(old.awaitClose()).isEqualTo(1002);
    }

    @Test
    void editorsGreetedAtOnceAllEndWithTheWholeList() throws Exception {
        List<LiveClient> clients = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            clients.add(client());
        }
        for (int i = 0; i < clients.size(); i++) {
            clients.get(i).send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"c" + i + "\",\"name\":\"C" + i + "\"}");
        }
        for (LiveClient client : clients) {
            client.nextPeople(clients.size());
        }
        // no list older than the room comes after it (the hellos are greeted on several threads at once)
        for (LiveClient client : clients) {
            client.quiet("people");
        }
    }

    @Test
    void presenceIsPassedOnAndPeopleWhoLeaveDisappear() throws Exception {
        LiveClient a = client();
        LiveClient b = client();
        a.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"alice\",\"name\":\"Alice\"}");
        b.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"bob\",\"name\":\"Bob\"}");
        // both in the room (each hello is taken on its own socket's thread: Alice's may come second)
        b.next("snapshot");
        a.nextPeople(2);
        b.send("{\"type\":\"presence\",\"cursor\":{\"x\":40,\"y\":12},\"tool\":\"brush\"}");
        JsonNode presence = a.next("presence");
        assertThat(presence.get("clientId").asString()).isEqualTo("bob");
        assertThat(presence.get("cursor").get("x").asInt()).isEqualTo(40);
        // how often presence is passed on is PresenceThrottleTest's (by the clock, not by a race with the network)
        b.socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye").join();
        JsonNode people = a.nextPeople(1);
        assertThat(people.get("people").get(0).get("clientId").asString()).isEqualTo("alice");
        assertThat(rooms.hasRoom(mapId)).isTrue();
        a.socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye").join();
        Eventually.eventually("the emptied room to be dropped", () -> !rooms.hasRoom(mapId));
    }

    @Test
    void namesAndPresenceOverTheirBoundsAreRefusedAndNeverPassedOn() throws Exception {
        LiveClient a = client();
        LiveClient b = client();
        a.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"alice\",\"name\":\"" + "é".repeat(129) + "\"}");
        JsonNode tooLong = a.next("error").get("problem");
        assertThat(tooLong.get("field").asString()).isEqualTo("name");
        assertThat(tooLong.get("limit").asString()).isEqualTo("tilewright.live.max-name-bytes");
        assertThat(tooLong.get("limitValue").asInt()).isEqualTo(256);
        // still not greeted: a hello within the bound is taken
        a.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"alice\",\"name\":\"" + "é".repeat(128) + "\"}");
        a.next("snapshot");
        b.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"bob\",\"name\":\"Bob\"}");
        b.next("snapshot");
        a.nextPeople(2);
        b.send("{\"type\":\"presence\",\"cursor\":{\"x\":1,\"y\":2},\"selection\":\"" + "x".repeat(1100) + "\"}");
        JsonNode tooBig = b.next("error").get("problem");
        assertThat(tooBig.get("field").asString()).isEqualTo("presence");
        assertThat(tooBig.get("limit").asString()).isEqualTo("tilewright.live.max-presence-bytes");
        a.quiet("presence");
        b.send("{\"type\":\"presence\",\"cursor\":{\"x\":3,\"y\":4},\"tool\":\"brush\"}");
        assertThat(a.next("presence").get("cursor").get("x").asInt()).isEqualTo(3);
    }

    @Test
    void deletingTheMapClosesItsSocketsWith4404AndDropsTheRoom() throws Exception {
        LiveClient a = client();
        a.hello("alice", 1L);
        a.next("welcome");
        assertThat(api.delete("/api/v1/maps/" + mapId).status()).isEqualTo(204);
        assertThat(a.awaitClose()).as("the map was deleted").isEqualTo(4404);
        assertThat(rooms.hasRoom(mapId)).isFalse();
        assertThat(api.get("/api/v1/maps/" + mapId).status()).isEqualTo(404);
    }

    @Test
    void opsCommittedThroughRestReachLiveEditorsInVersionOrder() throws Exception {
        LiveClient a = client();
        a.hello("alice", 1L);
        a.next("welcome");
        a.send(paint(1, 1, 2));
        assertThat(a.next("ack").get("version").asLong()).isEqualTo(2);
        Api.Response rest = api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"fillRect\","
                + "\"layerId\":1,\"x\":0,\"y\":5,\"width\":3,\"height\":2,\"gid\":3}]}", "If-Match", "\"2\"");
        assertThat(rest.status()).isEqualTo(200);
        JsonNode relayed = a.next("op");
        assertThat(relayed.get("version").asLong()).isEqualTo(3);
        assertThat(relayed.get("op").toString()).contains("fillRect");
        a.send(paint(2, 2, 2));
        assertThat(a.next("ack").get("version").asLong()).isEqualTo(4);
    }

    @Test
    void aFloodOfOpsIsRejectedWith429AndTheSocketClosedWith1008() throws Exception {
        LiveClient a = client();
        a.hello("flood", null);
        a.next("snapshot");
        for (int i = 1; i <= 4000 && a.closedWith == null; i++) {
            a.socket.sendText(paint(i, i % 20, 2), true).exceptionally(closed -> null).join();
        }
        JsonNode reject = a.next("reject");
        while (reject.get("problem").get("status").asInt() != 429) {
            reject = a.next("reject");
        }
        assertThat(reject.get("problem").get("limitValue").asInt()).isEqualTo(200);
        assertThat(reject.get("problem").get("limit").asString()).isEqualTo("tilewright.live.ops-per-second");
        assertThat(a.awaitClose()).isEqualTo(1008);
        // the ops within the rate (the burst of 1,000 and what refilled meanwhile) are committed, the flood's rest not
        long version = Eventually.eventually("the burst's ops to be committed", Duration.ofSeconds(10),
                () -> { long v = version(); return v > 1000 ? v : null; });
        assertThat(version).isGreaterThan(1000).isLessThan(4001);
    }

    @Test
    void anOpTooLargeForTheSocketReachesEveryoneAsAFetchAndNobodyIsCutOff() throws Exception {
        long big = api.newMap("big", 700, 600);
        String origin = "http://localhost:" + port;
        LiveClient a = client(big, origin);
        LiveClient b = client(big, origin);
        a.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"alice\",\"lastVersion\":1}");
        a.next("welcome");
        b.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"bob\",\"lastVersion\":1}");
        b.next("welcome");
        // 420,000 cells of noise (tiles and flips): its data is far over max-op-frame-bytes, under max-frame-bytes
        java.util.Random random = new java.util.Random(5);
        long[] gids = new long[700 * 600];
        for (int i = 0; i < gids.length; i++) {
            gids[i] = (1 + random.nextInt(8)) | ((long) random.nextInt(8) << 29);
        }
        String data = new dev.tilewright.core.edit.PutRegion(1, 0, 0, 700, 600, gids).data();
        assertThat(data.length()).isBetween(262_145, 1_000_000);
        // every socket's receive buffer is small (the container allocates it when the socket opens): the op comes in
        // parts and is put together
        assertThat(((jakarta.websocket.server.ServerContainer) servlets.getAttribute(
                jakarta.websocket.server.ServerContainer.class.getName())).getDefaultMaxTextMessageBufferSize())
                .isLessThan(data.length() / 10);
        a.send("{\"type\":\"op\",\"clientSeq\":1,\"baseVersion\":1,\"op\":{\"type\":\"putRegion\",\"layerId\":1,"
                + "\"x\":0,\"y\":0,\"width\":700,\"height\":600,\"data\":\"" + data + "\"}}");
        JsonNode own = a.next("fetch");
        assertThat(own.get("version").asLong()).as("the sender's ack").isEqualTo(2);
        assertThat(own.has("cells")).as("the sender reads it to be acknowledged").isFalse();
        JsonNode others = b.next("fetch");
        assertThat(others.get("version").asLong()).isEqualTo(2);
        assertThat(others.get("clientId").asString()).isEqualTo("alice");
        assertThat(others.get("cells").toString()).as("the cells it writes, for an editor holding none of them")
                .isEqualTo("[{\"layerId\":1,\"x\":0,\"y\":0,\"width\":700,\"height\":600}]");
        a.send("{\"type\":\"op\",\"clientSeq\":2,\"baseVersion\":2,\"op\":{\"type\":\"paint\",\"layerId\":1,"
                + "\"cells\":[{\"x\":0,\"y\":0,\"gid\":3}]}}");
        assertThat(a.next("ack").get("version").asLong()).as("still connected").isEqualTo(3);
        assertThat(b.next("op").get("version").asLong()).isEqualTo(3);
        // what the fetch names is read over HTTP, as logged
        JsonNode logged = api.get("/api/v1/maps/" + big + "/ops?since=1&limit=1").json().get("ops").get(0);
        assertThat(logged.get("clientId").asString()).isEqualTo("alice");
        assertThat(logged.get("op").get("data").asString()).isEqualTo(data);
        // a client coming back from before it gets a snapshot (a welcome would hold it) and reads the gap over HTTP
        LiveClient c = client(big, origin);
        c.send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"carol\",\"lastVersion\":1}");
        assertThat(c.next("snapshot").get("version").asLong()).isEqualTo(3);
    }

    @Test
    void aBrowsersOfferOfPermessageDeflateIsDeclinedAndTheSocketWorksPlain() throws Exception {
        RawLiveSocket.Deflate offered = new RawLiveSocket.Deflate();
        try (java.net.Socket socket = RawLiveSocket.open(port, mapId, 0, offered)) {
            assertThat(offered.on()).as("tilewright.live.compression is off by default").isFalse();
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(RawLiveSocket.maskedTextFrame(
                    "{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"plain\",\"lastVersion\":1}"));
            RawLiveSocket.Frames frames = new RawLiveSocket.Frames(socket);
            assertThat(frames.next()).as("a binary message (UTF-8 JSON)").isEqualTo(2);
            assertThat(new String(frames.payload, 0, frames.length, java.nio.charset.StandardCharsets.UTF_8))
                    .startsWith("{\"type\":\"welcome\"");
        }
    }

    @Test
    void aFrameOverTheSizeLimitClosesTheSocketWith1009() throws Exception {
        // a raw socket, so the close frame is read even while the server refuses the rest of the frame
        try (java.net.Socket socket = RawLiveSocket.open(port, mapId, 0)) {
            socket.setSoTimeout(10_000);
            var out = socket.getOutputStream();
            // a text frame of 1,100,000 bytes (mask 0: the payload as is), written aside: the server may close midway
            Thread writer = new Thread(() -> {
                try {
                    out.write(new byte[]{(byte) 0x81, (byte) (0x80 | 127), 0, 0, 0, 0, 0, 0x10, (byte) 0xC8, (byte) 0xE0,
                            0, 0, 0, 0});
                    out.write("x".repeat(1_100_000).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                    out.flush();
                } catch (java.io.IOException closed) {
                    // the server stopped reading
                }
            });
            writer.start();
            RawLiveSocket.Frames frames = new RawLiveSocket.Frames(socket);
            int opcode;
            do {
                opcode = frames.next();
            } while (opcode != 8 && opcode != -1);
            assertThat(opcode).as("a close frame").isEqualTo(8);
            byte[] payload = frames.payload;
            assertThat(((payload[0] & 0xFF) << 8) | (payload[1] & 0xFF)).as("close code").isEqualTo(1009);
        }
        assertThat(version()).isEqualTo(1);
    }

    @Test
    void aSocketForAnUnknownMapOrFromAnotherOriginIsRefusedAtHandshake() {
        assertThatThrownBy(() -> client(999_999, "http://localhost:" + port)).isInstanceOf(CompletionException.class)
                .hasStackTraceContaining("404");
        assertThatThrownBy(() -> client(mapId, "http://evil.example")).isInstanceOf(CompletionException.class)
                .hasStackTraceContaining("403");
    }
}
