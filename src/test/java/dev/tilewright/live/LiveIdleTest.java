package dev.tilewright.live;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
import dev.tilewright.support.Api;
import dev.tilewright.support.Eventually;
import dev.tilewright.support.LiveClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** A socket that goes silent (its network died, no close frame) is closed, and its person leaves the list. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tilewright.database.data-dir=", "tilewright.live.idle-timeout-ms=1500"})
@Tag(Lanes.SERVICE)
class LiveIdleTest {

    @LocalServerPort
    int port;

    @Test
    void aSilentEditorIsClosedAndLeavesThePeopleListWhileOneWhoPingsStays() throws Exception {
        Api api = new Api(port);
        long tileset = api.uploadTileset("idle", 2, 1);
        long mapId = api.postJson("/api/v1/maps", "{\"name\":\"idle\",\"width\":8,\"height\":8,\"tileWidth\":16,"
                + "\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}]}").json().get("id").asLong();
        LiveClient talker = new LiveClient(port, mapId);
        LiveClient silent = new LiveClient(port, mapId);
        java.util.concurrent.ScheduledExecutorService pinger = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
        try {
            talker.hello("talker", null);
            pinger.scheduleAtFixedRate(() -> talker.send("{\"type\":\"ping\"}"), 300, 300,
                    java.util.concurrent.TimeUnit.MILLISECONDS);
            silent.hello("silent", null);
            talker.nextPeople(2);
            JsonNode people = talker.nextPeople(1);
            assertThat(people.get("people").get(0).get("clientId").asString()).isEqualTo("talker");
            assertThat(silent.awaitClose()).as("closed by the server").isEqualTo(1001);
            Eventually.holds("the one who pings staying connected", java.time.Duration.ofSeconds(2),
                    () -> talker.closedWith == null);
        } finally {
            pinger.shutdownNow();
            talker.abort();
            silent.abort();
        }
    }
}
