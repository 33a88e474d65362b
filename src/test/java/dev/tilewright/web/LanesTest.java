package dev.tilewright.web;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Expensive work runs in bounded lanes: with a lane's every place taken, the next request of its kind is answered
 * 503 problem JSON with Retry-After naming the setting, while edits (no lane) go on; once a place frees, it is served.
 */
@FeatureTest
class LanesTest {

    @LocalServerPort
    int port;
    @Autowired
    Lanes lanes;
    @Autowired
    dev.tilewright.config.WorkProperties work;
    Api api;
    long mapId;
    final CountDownLatch release = new CountDownLatch(1);
    final List<Thread> holders = new ArrayList<>();

    @BeforeEach
    void map() {
        api = new Api(port);
        mapId = api.newMap("lanes", 30, 20);
    }

    @AfterEach
    void free() throws InterruptedException {
        release.countDown();
        for (Thread holder : holders) {
            holder.join(10_000);
        }
    }

    /** Takes every place of a lane until the test ends. */
    private void fill(Lanes.Lane lane, int places) throws InterruptedException {
        CountDownLatch entered = new CountDownLatch(places);
        for (int i = 0; i < places; i++) {
            Thread holder = new Thread(() -> lanes.run(lane, () -> {
                entered.countDown();
                try {
                    return release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }));
            holder.start();
            holders.add(holder);
        }
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
    }

    private static void busy(Api.Response response, String property) {
        assertThat(response.status()).as(response.text()).isEqualTo(503);
        assertThat(response.header("Retry-After")).isEqualTo("2");
        JsonNode problem = response.json();
        assertThat(problem.get("limit").asString()).isEqualTo(property);
        assertThat(problem.get("detail").asString()).contains("try again");
    }

    @Test
    void aFullLaneAnswers503WithRetryAfterAndEditsGoOn() throws Exception {
        fill(Lanes.Lane.DRAW, work.draws());
        fill(Lanes.Lane.EXPORT, work.exports());
        fill(Lanes.Lane.BATCH, work.batches());
        busy(api.get("/api/v1/maps/" + mapId + "/render.png?x=0&y=0&width=64&height=64"), "tilewright.work.draws");
        busy(api.get("/api/v1/maps/" + mapId + "/thumbnail.png?size=64"), "tilewright.work.draws");
        busy(api.get("/api/v1/maps/" + mapId + "/export?format=tmj"), "tilewright.work.exports");
        busy(api.postJson("/api/v1/maps/" + mapId + "/queries/batch", "{\"queries\":[{\"type\":\"rect\",\"x\":0,"
                + "\"y\":0,\"width\":16,\"height\":16}]}"), "tilewright.work.batches");
        // the edit path has no lane
        Api.Response edit = api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,"
                + "\"cells\":[{\"x\":1,\"y\":1,\"gid\":2}]}]}", "If-Match", "*");
        assertThat(edit.status()).as(edit.text()).isEqualTo(200);

        release.countDown();
        free();
        assertThat(api.get("/api/v1/maps/" + mapId + "/render.png?x=0&y=0&width=64&height=64").status()).isEqualTo(200);
        assertThat(api.get("/api/v1/maps/" + mapId + "/export?format=tmj").status()).isEqualTo(200);
    }
}
