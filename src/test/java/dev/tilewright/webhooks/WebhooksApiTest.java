package dev.tilewright.webhooks;

import com.sun.net.httpserver.HttpServer;
import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.Eventually;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Webhooks end to end, on the embedded PostgreSQL with a receiver on loopback (allowed here): every event arrives
 * signed as documented (verified here with the receiver's own HMAC), a failed delivery is tried again and logged,
 * a delivery is sent again on demand, and bad webhooks are refused.
 */
@FeatureTest
class WebhooksApiTest {

    private static final String SECRET = "receiver's secret, 32 characters";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** What the receiver got: headers that matter and the body. */
    private record Received(String event, String delivery, String timestamp, String signature, String body) {
        JsonNode json() {
            return JSON.readTree(body);
        }
    }

    @LocalServerPort
    int port;
    private HttpServer receiver;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    /** Requests to answer 500 before answering 200. */
    private final AtomicInteger failFirst = new AtomicInteger();

    @BeforeEach
    void startReceiver() throws Exception {
        receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/hook", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            var h = exchange.getRequestHeaders();
            received.add(new Received(h.getFirst("X-Tilewright-Event"), h.getFirst("X-Tilewright-Delivery"),
                    h.getFirst("X-Tilewright-Timestamp"), h.getFirst("X-Tilewright-Signature"),
                    new String(body, StandardCharsets.UTF_8)));
            int status = failFirst.getAndDecrement() > 0 ? 500 : 200;
            byte[] answer = (status == 200 ? "thanks" : "not now").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        receiver.start();
    }

    @AfterEach
    void stopReceiver() {
        receiver.stop(0);
    }

    private String hookUrl() {
        return "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";
    }

    private Received next(String event) {
        return Eventually.eventually("a " + event + " delivery", Duration.ofSeconds(20), () -> received.stream()
                .filter(r -> event.equals(r.event())).findFirst().orElse(null));
    }

    private static String hmac(String timestamp, String body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return "sha256=" + HexFormat.of().formatHex(mac.doFinal((timestamp + "." + body)
                .getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void everyEventArrivesSignedAndAFailedDeliveryIsTriedAgain() throws Exception {
        Api admin = new Api(port);
        // a project of its own: the other feature tests' edits (in the default project) are not its events
        long project = ownProject(admin);
        long mapId = mapIn(admin, project);
        String hooks = "/api/v1/projects/" + project + "/webhooks";
        Api.Response made = admin.postJson(hooks, "{\"url\":\"" + hookUrl() + "\",\"secret\":\"" + SECRET + "\","
                + "\"events\":[\"map.changed\",\"map.checks\",\"thread.created\",\"comment.created\"]}");
        assertThat(made.status()).as(made.text()).isEqualTo(201);
        assertThat(made.text()).doesNotContain(SECRET);
        long hookId = made.json().get("id").asLong();

        failFirst.set(1);
        String map = "/api/v1/maps/" + mapId;
        admin.postJson(map + "/ops", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":0,\"y\":0,\"width\":3,"
                + "\"height\":2,\"gid\":2}]}", "If-Match", "*");
        admin.postJson(map + "/ops", "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":7,\"y\":7,"
                + "\"gid\":1}]}]}", "If-Match", "*");
        Received changed = next("map.changed");
        assertThat(changed.signature()).isEqualTo(hmac(changed.timestamp(), changed.body()));
        assertThat(Math.abs(Long.parseLong(changed.timestamp()) - System.currentTimeMillis() / 1000)).isLessThan(60);
        JsonNode body = changed.json();
        assertThat(body.get("mapId").asLong()).isEqualTo(mapId);
        assertThat(body.get("fromVersion").asLong()).isEqualTo(1);
        assertThat(body.get("toVersion").asLong()).isEqualTo(3);
        assertThat(body.get("counts").get("cellsChanged").asLong()).as("two edits told once").isEqualTo(7);

        // the first attempt was answered 500: the same delivery comes again, and the log says so
        Eventually.eventually("the retry", Duration.ofSeconds(20), () -> received.stream()
                .filter(r -> changed.delivery().equals(r.delivery())).count() == 2);
        JsonNode log = Eventually.eventually("the delivery logged as delivered", Duration.ofSeconds(10), () -> {
            JsonNode d = admin.get(hooks + "/" + hookId + "/deliveries").json().get(0);
            return "delivered".equals(d.get("status").asString()) ? d : null;
        });
        assertThat(log.get("attempts").asInt()).isEqualTo(2);
        assertThat(log.get("lastStatusCode").asInt()).isEqualTo(200);
        assertThat(log.get("lastResponse").asString()).isEqualTo("thanks");
        assertThat(log.get("payload").get("event").asString()).isEqualTo("map.changed");

        // a thread and a comment
        long thread = admin.postJson(map + "/threads", "{\"anchor\":{\"x\":5,\"y\":5},\"body\":\"hm\"}").json()
                .get("id").asLong();
        admin.postJson(map + "/threads/" + thread + "/comments", "{\"body\":\"agreed\"}");
        Received created = next("thread.created");
        assertThat(created.json().get("thread").get("id").asLong()).isEqualTo(thread);
        assertThat(created.json().get("comment").get("body").asString()).isEqualTo("hm");
        assertThat(next("comment.created").json().get("comment").get("body").asString()).isEqualTo("agreed");

        // checks: their results
        admin.putJson(map + "/checks", "{\"checks\":[{\"name\":\"all inside\",\"type\":\"insideMap\"}]}");
        Received checks = next("map.checks");
        assertThat(checks.json().get("passed").asInt()).isEqualTo(1);
        assertThat(checks.json().get("results").get(0).get("name").asString()).isEqualTo("all inside");
        assertThat(checks.signature()).isEqualTo(hmac(checks.timestamp(), checks.body()));

        // sent again on demand: a new delivery with the same payload
        long first = log.get("id").asLong();
        Api.Response again = admin.postJson(hooks + "/" + hookId + "/deliveries/" + first + "/redeliver", "");
        assertThat(again.status()).as(again.text()).isEqualTo(202);
        String newId = again.json().get("delivery").asString();
        assertThat(newId).isNotEqualTo(changed.delivery());
        Received resent = Eventually.eventually("the redelivery", Duration.ofSeconds(10), () -> received.stream()
                .filter(r -> newId.equals(r.delivery())).findFirst().orElse(null));
        assertThat(resent.body()).isEqualTo(changed.body());

        assertThat(admin.delete(hooks + "/" + hookId).status()).isEqualTo(204);
        assertThat(admin.get(hooks).json()).isEmpty();
    }

    private static long ownProject(Api admin) {
        Api owner = admin.as(admin.token(admin.person("Hook owner", admin.projectOf(admin.newMap("any", 2, 2)),
                "editor"), "write"));
        long team = owner.postJson("/api/v1/teams", "{\"name\":\"hooks\"}").json().get("id").asLong();
        return owner.postJson("/api/v1/teams/" + team + "/projects", "{\"name\":\"hooked\"}").json().get("id")
                .asLong();
    }

    private static long mapIn(Api admin, long project) {
        long tileset = admin.uploadTileset("hooked tiles", 4, 2, project);
        Api.Response map = admin.postJson("/api/v1/maps", "{\"name\":\"hooked\",\"width\":8,\"height\":8,"
                + "\"tileWidth\":16,\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],\"layers\":"
                + "[{\"name\":\"ground\",\"type\":\"tile\"}],\"projectId\":" + project + "}");
        assertThat(map.status()).as(map.text()).isEqualTo(201);
        return map.json().get("id").asLong();
    }

    @Test
    void badWebhooksAreRefusedWithTheField() {
        Api admin = new Api(port);
        long project = admin.projectOf(admin.newMap("unhooked", 4, 4));
        String hooks = "/api/v1/projects/" + project + "/webhooks";
        String[][] bad = {
                {"{\"url\":\"http://10.0.0.7/hook\",\"secret\":\"" + SECRET + "\",\"events\":[\"map.changed\"]}", "url"},
                {"{\"url\":\"ftp://127.0.0.1/hook\",\"secret\":\"" + SECRET + "\",\"events\":[\"map.changed\"]}", "url"},
                {"{\"url\":\"" + hookUrl() + "\",\"secret\":\"short\",\"events\":[\"map.changed\"]}", "secret"},
                {"{\"url\":\"" + hookUrl() + "\",\"secret\":\"" + SECRET + "\",\"events\":[\"map.deleted\"]}", "events"},
                {"{\"url\":\"" + hookUrl() + "\",\"secret\":\"" + SECRET + "\",\"events\":[]}", "events"},
        };
        for (String[] one : bad) {
            Api.Response refused = admin.postJson(hooks, one[0]);
            assertThat(refused.status()).as(one[0]).isEqualTo(422);
            assertThat(refused.json().get("field").asString()).as(one[0]).isEqualTo(one[1]);
        }
        assertThat(admin.get(hooks).json()).isEmpty();
        assertThat(admin.get(hooks + "/999999/deliveries").status()).isEqualTo(404);
    }

    /**
     * Issue 40, finding 2: a receiver that sends its headers and then trickles its body held both senders until
     * restart, stopping every team's webhooks. Now an attempt ends at its deadline and a project's deliveries use
     * only its share of the senders: another project's delivery arrives as soon as it would have alone.
     */
    @Test
    void aTricklingReceiverDelaysOnlyItsOwnProjectsDeliveries() throws Exception {
        Api admin = new Api(port);
        java.util.concurrent.atomic.AtomicInteger trickled = new java.util.concurrent.atomic.AtomicInteger();
        try (java.net.ServerSocket slow = new java.net.ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread trickler = daemon(() -> trickle(slow, trickled));
            long hostile = ownProject(admin);
            long hostileMap = mapIn(admin, hostile);
            for (int i = 0; i < 6; i++) {
                assertThat(admin.postJson("/api/v1/projects/" + hostile + "/webhooks", "{\"url\":\"http://127.0.0.1:"
                        + slow.getLocalPort() + "/slow\",\"secret\":\"" + SECRET + "\",\"events\":"
                        + "[\"thread.created\"]}").status()).isEqualTo(201);
            }
            long fair = ownProject(admin);
            long fairMap = mapIn(admin, fair);
            assertThat(admin.postJson("/api/v1/projects/" + fair + "/webhooks", "{\"url\":\"" + hookUrl()
                    + "\",\"secret\":\"" + SECRET + "\",\"events\":[\"thread.created\"]}").status()).isEqualTo(201);

            admin.postJson("/api/v1/maps/" + hostileMap + "/threads", "{\"anchor\":{\"x\":1,\"y\":1},\"body\":\"a\"}");
            Eventually.eventually("the trickling receiver answering", Duration.ofSeconds(10),
                    () -> trickled.get() > 0 ? true : null);
            long asked = System.nanoTime();
            admin.postJson("/api/v1/maps/" + fairMap + "/threads", "{\"anchor\":{\"x\":1,\"y\":1},\"body\":\"b\"}");
            next("thread.created");
            long waitedMs = (System.nanoTime() - asked) / 1_000_000;
            assertThat(waitedMs).as("the other project's delivery, while six deliveries trickle (an attempt may take "
                    + "10 s)").isLessThan(5_000);
            assertThat(trickled.get()).as("one of the hostile project's deliveries at a time").isEqualTo(1);
            trickler.interrupt();
        }
    }

    private static Thread daemon(Runnable work) {
        Thread thread = new Thread(work, "test receiver");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** Answers every connection with a status line and headers, then one byte of body every 300 ms, never ending. */
    private static void trickle(java.net.ServerSocket server, java.util.concurrent.atomic.AtomicInteger open) {
        while (!server.isClosed()) {
            try {
                java.net.Socket socket = server.accept();
                open.incrementAndGet();
                daemon(() -> {
                    try (socket) {
                        socket.getOutputStream().write(("HTTP/1.1 200 OK\r\nContent-Length: 100000000\r\n\r\n")
                                .getBytes(StandardCharsets.US_ASCII));
                        for (int i = 0; i < 200 && !server.isClosed(); i++) {
                            socket.getOutputStream().write('.');
                            socket.getOutputStream().flush();
                            Thread.sleep(300);
                        }
                    } catch (Exception closed) {
                        // the sender gave up on it, as it should
                    } finally {
                        open.decrementAndGet();
                    }
                });
            } catch (java.io.IOException closed) {
                return;
            }
        }
    }
}
