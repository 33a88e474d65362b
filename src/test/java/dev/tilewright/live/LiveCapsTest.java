package dev.tilewright.live;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
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
 * Live sockets are capped per remote address, per map and per caller (here 3, 2 and 2): past a cap the socket is
 * closed with 1008 (address, caller) or 1013 (map, try again later) naming the setting, and a place freed is taken
 * again.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "tilewright.database.data-dir=", "tilewright.live.max-sockets-per-address=3",
        "tilewright.live.max-sockets-per-map=2", "tilewright.live.max-sockets-per-caller=2"})
@Tag(Lanes.SERVICE)
class LiveCapsTest {

    @LocalServerPort
    int port;
    @Autowired
    Rooms rooms;

    private long newMap(Api api, long tileset) {
        return api.postJson("/api/v1/maps", "{\"name\":\"caps " + java.util.UUID.randomUUID() + "\",\"width\":4,\"height\":4,\"tileWidth\":16,"
                + "\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}]}").json().get("id").asLong();
    }

    /** Live sockets of different people (the caps per caller aside). */
    private List<String> tokens(Api api, long project, int count) {
        List<String> made = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            made.add(api.token(api.person("caps " + i, project, "editor"), "write"));
        }
        return made;
    }

    private LiveClient joined(long map, String token, String name) throws InterruptedException {
        LiveClient client = new LiveClient(port, map, "http://localhost:" + port, token);
        client.hello(name, null);
        client.next("snapshot");
        return client;
    }

    @Test
    void socketsPastTheirCapsAreClosedNamingTheCapAndFreedPlacesAreTakenAgain() throws Exception {
        Api api = new Api(port);
        long tileset = api.uploadTileset("caps", 4, 2);
        long a = newMap(api, tileset);
        long b = newMap(api, tileset);
        List<String> people = tokens(api, api.projectOf(a), 4);
        List<LiveClient> open = new ArrayList<>();
        try {
            open.add(joined(a, people.get(0), "a0"));
            open.add(joined(a, people.get(1), "a1"));
            LiveClient thirdOnA = new LiveClient(port, a, "http://localhost:" + port, people.get(2));
            assertThat(thirdOnA.awaitClose()).as("map full").isEqualTo(1013);
            assertThat(thirdOnA.closeReason).contains("tilewright.live.max-sockets-per-map");
            open.add(joined(b, people.get(2), "b"));
            LiveClient fourth = new LiveClient(port, b, "http://localhost:" + port, people.get(3));
            assertThat(fourth.awaitClose()).as("address full").isEqualTo(1008);
            assertThat(fourth.closeReason).contains("tilewright.live.max-sockets-per-address");

            open.remove(0).socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye").join();
            Eventually.eventually("the closed socket to leave", () -> rooms.editors(a) == 1);
            open.add(joined(a, people.get(0), "again"));
        } finally {
            open.forEach(LiveClient::abort);
        }
        Eventually.eventually("every socket gone", () -> rooms.editors(a) == 0 && rooms.editors(b) == 0);

        // one person's sockets, on any maps, are capped too; their places come back when they close
        try {
            open.clear();
            open.add(joined(a, people.get(0), "tab 1"));
            open.add(joined(b, people.get(0), "tab 2"));
            LiveClient third = new LiveClient(port, b, "http://localhost:" + port, people.get(0));
            assertThat(third.awaitClose()).as("the person's sockets full").isEqualTo(1008);
            assertThat(third.closeReason).contains("tilewright.live.max-sockets-per-caller");
            open.add(joined(b, people.get(1), "someone else"));
            open.remove(0).socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye").join();
            Eventually.eventually("the closed socket to leave", () -> rooms.editors(a) == 0);
            open.add(joined(a, people.get(0), "tab 3"));
        } finally {
            open.forEach(LiveClient::abort);
        }
    }
}
