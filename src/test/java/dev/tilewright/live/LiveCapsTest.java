package dev.tilewright.live;

import dev.tilewright.support.Api;
import dev.tilewright.support.Eventually;
import dev.tilewright.support.LiveClient;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.net.http.WebSocket;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Live sockets are capped per remote address and per map (here 3 and 2): past a cap the socket is closed with 1008
 * (address) or 1013 (map, try again later) naming the setting, and a place freed is taken again.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "tilewright.database.data-dir=", "tilewright.live.max-sockets-per-address=3",
        "tilewright.live.max-sockets-per-map=2"})
class LiveCapsTest {

    @LocalServerPort
    int port;
    @Autowired
    Rooms rooms;

    private long newMap(Api api, long tileset) {
        return api.postJson("/api/v1/maps", "{\"name\":\"caps\",\"width\":4,\"height\":4,\"tileWidth\":16,"
                + "\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}]}").json().get("id").asLong();
    }

    @Test
    void socketsPastTheirCapsAreClosedNamingTheCapAndFreedPlacesAreTakenAgain() throws Exception {
        Api api = new Api(port);
        long tileset = api.uploadTileset("caps", 4, 2);
        long a = newMap(api, tileset);
        long b = newMap(api, tileset);
        List<LiveClient> open = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                LiveClient client = new LiveClient(port, a);
                client.hello("a" + i, null);
                client.next("snapshot");
                open.add(client);
            }
            LiveClient thirdOnA = new LiveClient(port, a);
            assertThat(thirdOnA.awaitClose()).as("map full").isEqualTo(1013);
            assertThat(thirdOnA.closeReason).contains("tilewright.live.max-sockets-per-map");
            LiveClient onB = new LiveClient(port, b);
            onB.hello("b", null);
            onB.next("snapshot");
            open.add(onB);
            LiveClient fourth = new LiveClient(port, b);
            assertThat(fourth.awaitClose()).as("address full").isEqualTo(1008);
            assertThat(fourth.closeReason).contains("tilewright.live.max-sockets-per-address");

            open.remove(0).socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye").join();
            Eventually.eventually("the closed socket to leave", () -> rooms.editors(a) == 1);
            LiveClient again = new LiveClient(port, a);
            again.hello("again", null);
            assertThat(again.next("snapshot")).isNotNull();
            open.add(again);
        } finally {
            open.forEach(LiveClient::abort);
        }
    }
}
