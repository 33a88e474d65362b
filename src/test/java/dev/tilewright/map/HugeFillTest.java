package dev.tilewright.map;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.VariedLayer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A fill of a whole 8192x8192 layer (67 million cells) is an ordinary edit: accepted, stored, read back, undone by
 * the one fillRect its inverse is; past max-fill-cells, or an IntGrid fill past max-cells-per-op (its auto-layers are
 * worked out cell by cell), it is refused naming the limit, and nothing changes.
 */
@FeatureTest
class HugeFillTest {

    private static final int SIDE = 8192;

    @LocalServerPort
    int port;

    @Test
    void aWholeLayerFillIsAcceptedStoredAndUndone() {
        Api api = new Api(port);
        long map = api.newMap("huge fill", SIDE, SIDE);
        String ops = "/api/v1/maps/" + map + "/ops";
        Api.Response filled = api.postJson(ops, fill(1, 0, 0, SIDE, SIDE, 3), "If-Match", "*");
        assertThat(filled.status()).as(filled.text()).isEqualTo(200);
        assertThat(cell(api, map, 0, 0)).isEqualTo(3);
        assertThat(cell(api, map, SIDE - 1, SIDE - 1)).isEqualTo(3);
        assertThat(api.get("/api/v1/maps/" + map + "/chunks?x=127&y=127&width=1&height=1").status()).isEqualTo(200);

        // the editor's undo: the inverse of a fill over an empty layer, one fillRect
        Api.Response undone = api.postJson(ops, fill(1, 0, 0, SIDE, SIDE, 0), "If-Match", "*");
        assertThat(undone.status()).as(undone.text()).isEqualTo(200);
        assertThat(cell(api, map, 4000, 5000)).isZero();

        long version = undone.json().get("version").asLong();
        Api.Response tooMuch = api.postJson(ops, batch(fillOp(1, 0, 0, SIDE, SIDE, 2), fillOp(1, 0, 0, 1, 1, 2)),
                "If-Match", "*");
        assertThat(tooMuch.status()).as(tooMuch.text()).isEqualTo(413);
        assertThat(tooMuch.json().get("limit").asString()).isEqualTo("tilewright.limits.max-fill-cells");
        assertThat(api.get("/api/v1/maps/" + map).json().get("version").asLong()).as("nothing changed").isEqualTo(version);
    }

    /**
     * The undo of a fill over a whole layer of varied tiles is one restoreCells naming the version before it: a few
     * bytes, the chunks taken back by reference. It puts back the whole rectangle as it was (an edit of another made
     * in it since goes too, as any fill's undo does), is itself undone by the restoreCells its inverse is, replays
     * in past versions, and is refused naming the field when it names a version or layer the map did not have.
     */
    @Test
    void aWholeLayerFillOverVariedTilesIsUndoneByPuttingTheCellsBack() {
        Api api = new Api(port);
        long map = api.newMap("varied fill", SIDE, SIDE);
        String ops = "/api/v1/maps/" + map + "/ops";
        long painted = VariedLayer.paint(api, map, SIDE, SIDE);
        long started = System.nanoTime();
        Api.Response filled = api.postJson(ops, fill(1, 0, 0, SIDE, SIDE, 3), "If-Match", "*");
        long fillMs = (System.nanoTime() - started) / 1_000_000;
        assertThat(filled.status()).as(filled.text()).isEqualTo(200);
        assertThat(api.postJson(ops, batch("{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":5,\"y\":5,\"gid\":7}]}"),
                "If-Match", "*").status()).as("another's edit in the filled area").isEqualTo(200);

        started = System.nanoTime();
        Api.Response undone = api.postJson(ops, batch(restore(painted)), "If-Match", "*");
        long undoMs = (System.nanoTime() - started) / 1_000_000;
        assertThat(undone.status()).as(undone.text()).isEqualTo(200);
        System.out.printf("whole 8192x8192 layer of varied tiles: fill %d ms, its undo (restoreCells) %d ms%n", fillMs,
                undoMs);
        long restored = undone.json().get("version").asLong();
        for (int[] at : new int[][]{{0, 0}, {5, 5}, {4000, 5000}, {SIDE - 1, SIDE - 1}, {63, 64}, {8191, 0}}) {
            assertThat(cell(api, map, at[0], at[1])).as("cell %d,%d", at[0], at[1])
                    .isEqualTo(VariedLayer.gid(at[0], at[1]));
        }

        // its inverse: the cells as they were at the version it was applied to (the fill, and the paint on it)
        Api.Response redone = api.postJson(ops, batch(restore(restored - 1)), "If-Match", "*");
        assertThat(redone.status()).as(redone.text()).isEqualTo(200);
        assertThat(cell(api, map, 4000, 5000)).isEqualTo(3);
        assertThat(cell(api, map, 5, 5)).isEqualTo(7);

        // the version the restore made, rebuilt from the log (the restore replayed against the map's past)
        Api.Response then = api.get("/api/v1/maps/" + map + "/layers/1/cells?version=" + restored
                + "&x=4000&y=5000&width=3&height=1");
        assertThat(then.status()).as(then.text()).isEqualTo(200);
        assertThat(then.json().get("gids").get(1).asLong()).isEqualTo(VariedLayer.gid(4001, 5000));

        long version = redone.json().get("version").asLong();
        for (String bad : new String[]{restore(0), restore(version + 1),
                "{\"type\":\"restoreCells\",\"layerId\":2,\"x\":0,\"y\":0,\"width\":1,\"height\":1,\"version\":1}"}) {
            Api.Response refused = api.postJson(ops, batch(bad), "If-Match", "*");
            assertThat(refused.status()).as(bad + " " + refused.text()).isEqualTo(422);
            assertThat(refused.json().get("field").asString()).startsWith("ops[0].");
        }
        assertThat(api.get("/api/v1/maps/" + map).json().get("version").asLong()).as("nothing changed")
                .isEqualTo(version);
    }

    private static String restore(long version) {
        return "{\"type\":\"restoreCells\",\"layerId\":1,\"x\":0,\"y\":0,\"width\":" + SIDE + ",\"height\":" + SIDE
                + ",\"version\":" + version + "}";
    }

    @Test
    void anIntGridFillCountsItsCellsAsTheRulesWorkThemOut() {
        Api api = new Api(port);
        long map = api.newMap("intgrid fill", SIDE, SIDE);
        String ops = "/api/v1/maps/" + map + "/ops";
        Api.Response grid = api.postJson(ops, "{\"ops\":[{\"type\":\"addLayer\",\"kind\":\"tile\",\"attributes\":"
                + "{\"name\":\"walls\",\"properties\":[{\"name\":\"tilewright.intgrid\",\"type\":\"bool\","
                + "\"value\":true}]}}]}", "If-Match", "*");
        assertThat(grid.status()).as(grid.text()).isEqualTo(200);
        Api.Response refused = api.postJson(ops, fill(2, 0, 0, SIDE, SIDE / 2, 1), "If-Match", "*");
        assertThat(refused.status()).as(refused.text()).isEqualTo(413);
        assertThat(refused.json().get("limit").asString()).isEqualTo("tilewright.limits.max-cells-per-op");
        assertThat(api.postJson(ops, fill(2, 0, 0, SIDE, SIDE / 4, 1), "If-Match", "*").status())
                .as("a quarter: within").isEqualTo(200);
    }

    private static String fill(int layer, int x, int y, int width, int height, int gid) {
        return batch(fillOp(layer, x, y, width, height, gid));
    }

    private static String fillOp(int layer, int x, int y, int width, int height, int gid) {
        return "{\"type\":\"fillRect\",\"layerId\":" + layer + ",\"x\":" + x + ",\"y\":" + y + ",\"width\":"
                + width + ",\"height\":" + height + ",\"gid\":" + gid + "}";
    }

    private static String batch(String... ops) {
        return "{\"ops\":[" + String.join(",", ops) + "]}";
    }

    private static long cell(Api api, long map, int x, int y) {
        return api.get("/api/v1/maps/" + map + "/layers/1/cells?x=" + x + "&y=" + y + "&width=1&height=1").json()
                .get("gids").get(0).asLong();
    }
}
