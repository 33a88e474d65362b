package dev.tilewright.format;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.TileLayer;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Chunk packs read back as the layers held them, whatever the chunks hold; the shared fixture (which the editor's
 * model/chunkpack.js reads too) says what a pack's bytes mean; a pack that ends early is refused.
 */
class ChunkPackTest {

    @Property(tries = 60)
    void aPackReadsBackAsTheLayerHeldItsChunks(@ForAll long seed) {
        Random random = new Random(seed);
        int width = 1 + random.nextInt(200);
        int height = 1 + random.nextInt(200);
        TileLayer layer = new TileLayer(4, LayerAttributes.named("l"), width, height);
        for (int i = random.nextInt(6); i > 0; i--) {
            int x = random.nextInt(width);
            int y = random.nextInt(height);
            layer.fill(new TileRect(x, y, 1 + random.nextInt(width - x), 1 + random.nextInt(height - y)),
                    random.nextInt(3) == 0 ? 0 : random.nextInt(9) | random.nextInt(8) << 29);
        }
        for (int i = random.nextInt(300); i > 0; i--) {
            layer.set(random.nextInt(width), random.nextInt(height), random.nextInt());
        }
        ChunkPack pack = new ChunkPack(seed);
        for (int cy = 0; cy < layer.chunksY(); cy++) {
            for (int cx = 0; cx < layer.chunksX(); cx++) {
                pack.add(4, layer, cx, cy);
            }
        }
        ChunkPack.Read read = ChunkPack.read(pack.bytes());
        assertThat(read.version()).isEqualTo(seed);
        assertThat(read.chunks()).hasSize(layer.chunksX() * layer.chunksY());
        for (ChunkPack.Chunk chunk : read.chunks()) {
            for (int i = 0; i < TileLayer.CHUNK_CELLS; i++) {
                int x = chunk.cx() * TileLayer.CHUNK_SIZE + i % TileLayer.CHUNK_SIZE;
                int y = chunk.cy() * TileLayer.CHUNK_SIZE + i / TileLayer.CHUNK_SIZE;
                int held = x < width && y < height ? layer.get(x, y) : 0;
                assertThat(chunk.gids() == null ? 0 : chunk.gids()[i]).as("cell %d,%d", x, y).isEqualTo(held);
            }
        }
    }

    @Test
    void theSharedFixtureSaysWhatTheBytesMean() throws Exception {
        JsonNode fixture = JsonMapper.builder().build().readTree(
                Files.readString(Path.of("src/test/resources/fixtures/chunkpack/pack.json")));
        ChunkPack.Read read = ChunkPack.read(Base64.getDecoder().decode(fixture.get("pack").asString()));
        assertThat(read.version()).isEqualTo(fixture.get("version").asLong());
        JsonNode chunks = fixture.get("chunks");
        assertThat(read.chunks()).hasSize(chunks.size());
        for (int c = 0; c < chunks.size(); c++) {
            JsonNode expected = chunks.get(c);
            ChunkPack.Chunk chunk = read.chunks().get(c);
            assertThat(new int[]{chunk.layerId(), chunk.cx(), chunk.cy(), chunk.kind()}).isEqualTo(new int[]{
                    expected.get("layerId").asInt(), expected.get("cx").asInt(), expected.get("cy").asInt(),
                    expected.get("kind").asInt()});
            int[] cells = new int[TileLayer.CHUNK_CELLS];
            if (expected.get("cells").isString()) {
                java.util.Arrays.fill(cells, (int) Long.parseLong(expected.get("cells").asString().substring(4)));
            } else {
                for (JsonNode cell : expected.get("cells")) {
                    cells[cell.get(0).asInt()] = (int) cell.get(1).asLong();
                }
            }
            assertThat(chunk.gids() == null ? new int[TileLayer.CHUNK_CELLS] : chunk.gids()).isEqualTo(cells);
        }
    }

    @Test
    void aPackEndingEarlyIsRefused() {
        byte[] whole = new ChunkPack(1).add(1, layerWithCells(), 0, 0).bytes();
        assertThatThrownBy(() -> ChunkPack.read(java.util.Arrays.copyOf(whole, whole.length - 8)))
                .isInstanceOf(RuntimeException.class);
        assertThatThrownBy(() -> ChunkPack.read(new byte[20])).isInstanceOf(IllegalArgumentException.class);
    }

    private static TileLayer layerWithCells() {
        TileLayer layer = new TileLayer(1, LayerAttributes.named("l"), 64, 64);
        layer.set(3, 4, 5);
        return layer;
    }
}
