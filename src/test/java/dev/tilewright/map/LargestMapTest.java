package dev.tilewright.map;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A map of the largest side, 65,536 x 65,536 tiles, with about 1% of its chunks painted: what it costs follows what
 * is painted. It is made, painted, read back after being loaded again from its rows, drawn (a window at its far
 * corner, a thumbnail), streamed to an editor, compared across versions and checked; what would scale with its
 * bounds (a collision grid of 4 billion elements) is refused naming the limit.
 */
@FeatureTest
class LargestMapTest {

    private static final int SIDE = 65_536;

    @LocalServerPort
    int port;

    @Autowired
    MapCache cache;

    @Test
    void aMapOfTheLargestSideCostsWhatIsPaintedOnIt() throws java.io.IOException {
        Api api = new Api(port);
        long map = api.newMap("largest", SIDE, SIDE);
        String ops = "/api/v1/maps/" + map + "/ops";
        long empty = cache.bytes();

        // 1% of its 1,048,576 chunks: 10,000 fills of one chunk each, scattered, and a varied region in some
        Random random = new Random(5);
        StringBuilder fills = new StringBuilder("{\"ops\":[");
        for (int i = 0; i < 10_000; i++) {
            int cx = random.nextInt(SIDE / 64);
            int cy = random.nextInt(SIDE / 64);
            fills.append(i == 0 ? "" : ",").append("{\"type\":\"fillRect\",\"layerId\":1,\"x\":").append(cx * 64)
                    .append(",\"y\":").append(cy * 64).append(",\"width\":64,\"height\":64,\"gid\":")
                    .append(1 + random.nextInt(8)).append('}');
        }
        Api.Response filled = api.postJson(ops, fills.append("]}").toString(), "If-Match", "*");
        assertThat(filled.status()).as(filled.text()).isEqualTo(200);
        StringBuilder paint = new StringBuilder("{\"ops\":[{\"type\":\"paint\",\"layerId\":1,\"cells\":[");
        for (int i = 0; i < 5000; i++) {
            paint.append(i == 0 ? "" : ",").append("{\"x\":").append(SIDE - 1 - i % 100).append(",\"y\":")
                    .append(SIDE - 1 - i / 100).append(",\"gid\":").append(1 + i % 8).append('}');
        }
        Api.Response painted = api.postJson(ops, paint.append("]}]}").toString(), "If-Match", "*");
        assertThat(painted.status()).as(painted.text()).isEqualTo(200);
        long version = painted.json().get("version").asLong();

        // loaded again from its rows, as after a restart: held as compactly as it was kept
        cache.evict(map);
        assertThat(cell(api, map, SIDE - 1, SIDE - 1)).isEqualTo(1);
        assertThat(cell(api, map, SIDE - 3, SIDE - 50)).isEqualTo(1 + (49 * 100 + 2) % 8);
        assertThat(cell(api, map, 1, 1)).isEqualTo(0);
        long held = cache.bytes() - empty;
        assertThat(held).as("about 10,000 painted chunks: a few shared arrays, the varied ones packed, the table's "
                + "pages; not the 4 GiB of its bounds").isLessThan(48L << 20);

        Api.Response corner = api.get("/api/v1/maps/" + map + "/render.png?x=" + (SIDE * 16 - 320) + "&y="
                + (SIDE * 16 - 240) + "&width=320&height=240");
        assertThat(corner.status()).as(corner.text()).isEqualTo(200);
        assertThat(javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(corner.body())).getWidth()).isEqualTo(320);
        Api.Response thumbnail = api.get("/api/v1/maps/" + map + "/thumbnail.png?size=200");
        assertThat(thumbnail.status()).as(thumbnail.text()).isEqualTo(200);
        assertThat(javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(thumbnail.body())).getWidth()).isEqualTo(200);

        Api.Response chunks = api.get("/api/v1/maps/" + map + "/chunks?x=1020&y=1020&width=4&height=4");
        assertThat(chunks.status()).as(chunks.text()).isEqualTo(200);
        assertThat(chunks.header("Tilewright-Version")).isEqualTo(String.valueOf(version));

        Api.Response diff = api.get("/api/v1/maps/" + map + "/diff?from=" + (version - 1) + "&to=" + version);
        assertThat(diff.status()).as(diff.text()).isEqualTo(200);
        assertThat(diff.text()).contains("\"cells\"");
        assertThat(api.get("/api/v1/maps/" + map + "/checks").status()).isEqualTo(200);

        Api.Response grid = api.postJson("/api/v1/maps/" + map + "/grid/compute", "{}");
        assertThat(grid.status()).as(grid.text()).isEqualTo(422);
        assertThat(grid.json().get("limit").asString()).isEqualTo("tilewright.grid.max-elements");
        assertThat(api.get("/api/v1/maps/" + map).json().get("version").asLong()).as("nothing changed")
                .isEqualTo(version);
    }

    private static long cell(Api api, long map, int x, int y) {
        Api.Response response = api.get("/api/v1/maps/" + map + "/layers/1/cells?x=" + x + "&y=" + y
                + "&width=1&height=1");
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        return response.json().get("gids").get(0).asLong();
    }
}
