package dev.tilewright.support;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A test client of the live socket (java.net.http): every frame it gets, in order; the frames of a coalesced
 * {@code frames} message each on their own, as the editor reads them.
 */
public final class LiveClient implements WebSocket.Listener {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    public final LinkedBlockingQueue<JsonNode> frames = new LinkedBlockingQueue<>();
    private final Utf8Message partial = new Utf8Message();
    public final WebSocket socket;
    public volatile Integer closedWith;
    public volatile String closeReason;
    /** Text messages received (a coalesced {@code frames} message counts once). */
    public volatile int messages;

    /** A socket with the bootstrap token (the instance admin). */
    public LiveClient(int port, long mapId, String origin) {
        this(port, mapId, origin, Credentials.BOOTSTRAP_TOKEN);
    }

    /** A socket sending {@code token} as its bearer token (none when null). */
    public LiveClient(int port, long mapId, String origin, String token) {
        WebSocket.Builder builder = HTTP.newWebSocketBuilder().header("Origin", origin);
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        socket = builder.buildAsync(URI.create("ws://localhost:" + port + "/api/v1/maps/" + mapId + "/live"), this).join();
    }

    public LiveClient(int port, long mapId) {
        this(port, mapId, "http://localhost:" + port);
    }

    /** The server's messages come as binary messages holding the UTF-8 of their JSON. */
    @Override
    public CompletionStage<?> onBinary(WebSocket webSocket, java.nio.ByteBuffer data, boolean last) {
        String text = partial.add(data, last);
        if (text != null) {
            JsonNode frame = JSON.readTree(text);
            if ("frames".equals(frame.path("type").asString())) {
                frame.get("frames").forEach(frames::add);
            } else {
                frames.add(frame);
            }
            messages++;
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        closeReason = reason;
        closedWith = statusCode;
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        if (closedWith == null) {
            closedWith = -1;
        }
    }

    public void send(String frame) {
        socket.sendText(frame, true).join();
    }

    /** Says hello with protocol 1; {@code lastVersion} may be null. */
    public void hello(String clientId, Long lastVersion) {
        send("{\"type\":\"hello\",\"protocol\":1,\"clientId\":\"" + clientId + "\",\"name\":\"" + clientId + "\""
                + (lastVersion == null ? "" : ",\"lastVersion\":" + lastVersion) + "}");
    }

    /** The next frame of a type (frames of other types before it are dropped). */
    public JsonNode next(String type) throws InterruptedException {
        return next(type, java.time.Duration.ofSeconds(10));
    }

    /** The next frame of a type within {@code wait} (frames of other types before it are dropped). */
    public JsonNode next(String type, java.time.Duration wait) throws InterruptedException {
        long until = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < until) {
            JsonNode frame = frames.poll(100, TimeUnit.MILLISECONDS);
            if (frame != null && type.equals(frame.path("type").asString())) {
                return frame;
            }
        }
        throw new AssertionError("no " + type + " frame");
    }

    /** The next people frame that lists {@code count} people (earlier people frames are dropped). */
    public JsonNode nextPeople(int count) throws InterruptedException {
        JsonNode people = next("people");
        while (people.get("people").size() != count) {
            people = next("people");
        }
        return people;
    }

    /** No frame of that type arrives within a short while. */
    public void quiet(String type) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(500);
        while (System.nanoTime() < until) {
            JsonNode frame = frames.poll(50, TimeUnit.MILLISECONDS);
            assertThat(frame == null ? "" : frame.path("type").asString()).isNotEqualTo(type);
        }
    }

    /** Waits until the server closed the socket; its close code. */
    public int awaitClose() throws InterruptedException {
        Eventually.eventually("the server to close the socket", () -> closedWith != null);
        return closedWith;
    }

    public void abort() {
        socket.abort();
    }
}
