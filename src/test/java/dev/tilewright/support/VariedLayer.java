package dev.tilewright.support;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Layer 1 of a test map (its tileset has 8 tiles) painted with varied tiles over REST, in regions of at most
 * max-cells-per-op: no two neighbouring cells in a row of three hold one gid, so every chunk is held packed.
 */
public final class VariedLayer {

    private static final int MAX_CELLS = 1 << 24;

    private VariedLayer() {
    }

    /** The gid the cell holds. */
    public static int gid(int x, int y) {
        return 1 + (x / 3 + y * 7) % 8;
    }

    /** Paints layer 1 of a width x height map; the map's version after. */
    public static long paint(Api api, long mapId, int width, int height) {
        int rows = Math.max(1, MAX_CELLS / width);
        long version = 0;
        for (int top = 0; top < height; top += rows) {
            int strip = Math.min(rows, height - top);
            int[] gids = new int[width * strip];
            for (int i = 0; i < gids.length; i++) {
                gids[i] = gid(i % width, top + i / width);
            }
            Api.Response put = api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"putRegion\","
                    + "\"layerId\":1,\"x\":0,\"y\":" + top + ",\"width\":" + width + ",\"height\":" + strip
                    + ",\"data\":\"" + Zlib.gids(gids) + "\"}]}", "If-Match", "*");
            assertThat(put.status()).as(put.text()).isEqualTo(200);
            version = put.json().get("version").asLong();
        }
        return version;
    }
}
