package dev.tilewright.map;

import dev.tilewright.format.ChunkPack;
import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An editor streams a map's chunks as chunk packs: they hold what the cells endpoint says; a block asked for again
 * is 304 until an edit touches one of its chunks (an edit elsewhere leaves it 304); limits are cells, checked first.
 * (Who may ask: AccessMatrixTest, as for every route.)
 */
@FeatureTest
class ChunksApiTest {

    @LocalServerPort
    int port;

    @Test
    void chunkPacksHoldTheCellsAndAreRevalidatedByWhatTheyHold() {
        Api api = new Api(port);
        long map = api.newMap("streamed", 200, 130); // 4 x 3 chunks
        String ops = "/api/v1/maps/" + map + "/ops";
        assertThat(api.postJson(ops, "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":0,\"y\":0,\"width\":128,"
                + "\"height\":64,\"gid\":3},{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":70,\"y\":5,\"gid\":"
                + "2147483650},{\"x\":199,\"y\":129,\"gid\":4}]}]}", "If-Match", "*").status()).isEqualTo(200);

        String all = "/api/v1/maps/" + map + "/chunks?x=0&y=0&width=4&height=3";
        Api.Response first = api.get(all, "Accept-Encoding", "gzip");
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.header("Content-Encoding")).isEqualTo("gzip");
        ChunkPack.Read pack = ChunkPack.read(gunzip(first.body()));
        assertThat(ChunkPack.read(api.get(all).body()).chunks()).as("plain for a caller without gzip")
                .hasSameSizeAs(pack.chunks());
        assertThat(pack.chunks()).hasSize(12);
        int[] cells = cells(api.get("/api/v1/maps/" + map + "/layers/1/cells", "Accept", "application/octet-stream").body());
        for (ChunkPack.Chunk chunk : pack.chunks()) {
            for (int i = 0; i < 4096; i++) {
                int x = chunk.cx() * 64 + i % 64;
                int y = chunk.cy() * 64 + i / 64;
                if (x < 200 && y < 130) {
                    assertThat(chunk.gids() == null ? 0 : chunk.gids()[i]).as("%d,%d", x, y).isEqualTo(cells[y * 200 + x]);
                }
            }
        }
        assertThat(pack.chunks().get(0).kind()).as("a chunk of one gid").isEqualTo(ChunkPack.UNIFORM);
        assertThat(pack.chunks().get(2).kind()).as("a chunk never painted").isEqualTo(ChunkPack.EMPTY);
        assertThat(first.body().length).as("twelve chunks (196,608 bytes as gids) in few bytes").isLessThan(1000);

        String left = "/api/v1/maps/" + map + "/chunks?x=0&y=0&width=2&height=1";
        String tag = api.get(left).header("ETag");
        assertThat(api.get(left, "If-None-Match", tag).status()).isEqualTo(304);
        assertThat(api.postJson(ops, "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":150,\"y\":100,"
                + "\"gid\":1}]}]}", "If-Match", "*").status()).isEqualTo(200);
        Api.Response unchanged = api.get(left, "If-None-Match", tag);
        assertThat(unchanged.status()).as("an edit elsewhere").isEqualTo(304);
        assertThat(unchanged.header("Tilewright-Version")).as("the version the block was read at: the one now")
                .isEqualTo("3");
        assertThat(api.postJson(ops, "{\"ops\":[{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":10,\"y\":10,"
                + "\"gid\":1}]}]}", "If-Match", "*").status()).isEqualTo(200);
        Api.Response changed = api.get(left, "If-None-Match", tag);
        assertThat(changed.status()).as("an edit in the block").isEqualTo(200);
        assertThat(ChunkPack.read(changed.body()).chunks().get(0).gids()[10 * 64 + 10]).isEqualTo(1);

        Api.Response outside = api.get("/api/v1/maps/" + map + "/chunks?x=3&y=0&width=2&height=1");
        assertThat(outside.status()).isEqualTo(422);
        assertThat(outside.json().get("field").asString()).isEqualTo("x");
        assertThat(api.get("/api/v1/maps/" + map + "/chunks?x=0&y=0&width=1&height=1&layers=9").status())
                .isEqualTo(422);

        long big = api.newMap("streamed big", 4096, 4096);
        Api.Response tooMany = api.get("/api/v1/maps/" + big + "/chunks?x=0&y=0&width=33&height=32");
        assertThat(tooMany.status()).isEqualTo(422);
        assertThat(tooMany.json().get("limit").asString()).isEqualTo("tilewright.limits.max-cells-per-read");
        assertThat(api.get("/api/v1/maps/" + big + "/chunks?x=0&y=0&width=32&height=32").status()).isEqualTo(200);
    }

    private static byte[] gunzip(byte[] bytes) {
        try (var in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(bytes))) {
            return in.readAllBytes();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static int[] cells(byte[] bytes) {
        int[] gids = new int[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(gids);
        return gids;
    }
}
