package dev.tilewright.rendering;

import dev.tilewright.support.Api;
import dev.tilewright.support.Eventually;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fair drawing: while two callers ask, two requests at a time each and without pause, for thumbnails (of sizes not
 * drawn before), tours and 4096x4096 renders of two 8192x8192 maps, a third caller's 320x240 renders of a small map
 * are answered every time; a 503 the two heavy callers get names its lane and is their own share being full.
 */
@FeatureTest
class FairDrawingTest {

    private static final int SIDE = 8192;

    @LocalServerPort
    int port;

    @Test
    void aSmallRenderIsAnsweredWhileTwoCallersDrawBigMapsWithoutPause() throws Exception {
        Api admin = new Api(port);
        long small = admin.newMap("small for fairness", 40, 30);
        long[] big = {bigMap(admin, "big one"), bigMap(admin, "big two")};
        long project = admin.projectOf(big[0]);
        Api[] heavy = {admin.as(admin.token(admin.person("Heavy One", project, "viewer"), "read")),
                admin.as(admin.token(admin.person("Heavy Two", project, "viewer"), "read"))};
        Api light = admin.as(admin.token(admin.person("Light", admin.projectOf(small), "viewer"), "read"));

        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger heavyDone = new AtomicInteger();
        AtomicInteger heavyUnderWay = new AtomicInteger();
        ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        ExecutorService callers = Executors.newFixedThreadPool(4);
        CountDownLatch started = new CountDownLatch(4);
        for (int caller = 0; caller < 4; caller++) {
            Api api = heavy[caller % 2];
            long map = big[caller % 2];
            Random random = new Random(caller);
            callers.execute(() -> {
                started.countDown();
                while (!stop.get()) {
                    String path = switch (random.nextInt(3)) {
                        case 0 -> "/thumbnail.png?size=" + (64 + random.nextInt(900));
                        case 1 -> "/tour.gif?path=160,120;" + (2000 + random.nextInt(4000))
                                + ",4000&width=320&height=240&speed=20000&fps=20";
                        default -> "/render.png?x=" + random.nextInt(SIDE * 16 - 4096) + "&y="
                                + random.nextInt(SIDE * 16 - 4096) + "&width=4096&height=4096";
                    };
                    heavyUnderWay.incrementAndGet();
                    Api.Response response;
                    try {
                        response = api.get("/api/v1/maps/" + map + path);
                    } finally {
                        heavyUnderWay.decrementAndGet();
                    }
                    heavyDone.incrementAndGet();
                    if (response.status() == 503 && !("draw".equals(response.json().path("lane").asString())
                            && response.json().path("detail").asString().startsWith("Your share"))) {
                        wrong.add(path + " -> " + response.text());
                    } else if (response.status() != 200 && response.status() != 503) {
                        wrong.add(path + " -> " + response.status() + " " + response.text());
                    }
                }
            });
        }
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        List<Long> millis = new ArrayList<>();
        List<Integer> alongside = new ArrayList<>();
        try {
            Eventually.eventually("the heavy callers' requests under way", Duration.ofSeconds(10),
                    () -> heavyUnderWay.get() >= 2);
            for (int i = 0; i < 25; i++) {
                alongside.add(heavyUnderWay.get());
                long before = System.nanoTime();
                Api.Response view = light.get("/api/v1/maps/" + small + "/render.png?x=" + (i * 7)
                        + "&y=3&width=320&height=240");
                millis.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - before));
                assertThat(view.status()).as("small render %d: %s", i, view.text()).isEqualTo(200);
            }
        } finally {
            stop.set(true);
            callers.shutdown();
            assertThat(callers.awaitTermination(120, TimeUnit.SECONDS)).isTrue();
        }
        System.out.println("FairDrawingTest: small renders took (ms) " + millis + " while the heavy callers made "
                + heavyDone.get() + " requests, under way at each: " + alongside);
        // the small renders may all be answered before a heavy one is: what counts is that heavy work was under way
        assertThat(alongside).as("heavy requests under way beside each small render").allSatisfy(n -> assertThat(n).isPositive());
        assertThat(wrong).as("heavy callers' answers").isEmpty();
    }

    /** An 8192x8192 map of 16 px tiles: its layer filled in bands of the tileset's tiles. */
    private static long bigMap(Api admin, String name) {
        long map = admin.newMap(name, SIDE, SIDE);
        int band = SIDE / 8;
        for (int i = 0; i < 8; i++) {
            Api.Response filled = admin.postJson("/api/v1/maps/" + map + "/ops", "{\"ops\":[{\"type\":\"fillRect\","
                    + "\"layerId\":1,\"x\":0,\"y\":" + i * band + ",\"width\":" + SIDE + ",\"height\":" + band
                    + ",\"gid\":" + (1 + i) + "},{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":" + (i * 900 + 5)
                    + ",\"y\":" + (i * band + 7) + ",\"gid\":" + (8 - i) + "}]}]}",
                    "If-Match", "*");
            assertThat(filled.status()).as(filled.text()).isEqualTo(200);
        }
        return map;
    }
}
