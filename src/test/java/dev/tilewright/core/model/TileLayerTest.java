package dev.tilewright.core.model;

import dev.tilewright.core.geom.TileRect;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TileLayerTest {

    @Test
    void unpaintedCellsReadEmptyAndStoreNoChunk() {
        TileLayer layer = new TileLayer(1, LayerAttributes.named("ground"), 200, 70);
        assertThat(layer.chunksX()).isEqualTo(4);
        assertThat(layer.chunksY()).isEqualTo(2);
        assertThat(layer.get(199, 69)).isZero();
        assertThat(layer.set(5, 5, 0)).isZero();
        assertThat(layer.chunk(0, 0)).isNull();
        assertThat(layer.changedChunks().isEmpty()).isTrue();
    }

    @Test
    void setRecordsTheChunkItTouched() {
        TileLayer layer = new TileLayer(1, LayerAttributes.named("ground"), 200, 70);
        layer.set(130, 65, 7);
        assertThat(layer.changedChunks().stream().toArray()).containsExactly(1 * 4 + 2);
        layer.markClean();
        layer.set(130, 65, 7);
        assertThat(layer.changedChunks().isEmpty()).as("writing the same gid changes nothing").isTrue();
    }

    @Test
    void cellsOutsideTheLayerAreRefused() {
        TileLayer layer = new TileLayer(1, LayerAttributes.named("ground"), 10, 10);
        assertThatThrownBy(() -> layer.get(10, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> layer.set(0, -1, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> layer.read(new TileRect(5, 5, 6, 1))).isInstanceOf(IndexOutOfBoundsException.class);
    }

    /** The chunked layer against the obvious oracle: one flat array. */
    @Property(tries = 200)
    void readAndWriteAgreeWithAFlatArray(@ForAll @IntRange(min = 1, max = 300) int width,
                                         @ForAll @IntRange(min = 1, max = 200) int height,
                                         @ForAll long seed) {
        Random random = new Random(seed);
        TileLayer layer = new TileLayer(1, LayerAttributes.named("l"), width, height);
        int[] oracle = new int[width * height];
        for (int i = 0; i < 50; i++) {
            int x = random.nextInt(width);
            int y = random.nextInt(height);
            int w = 1 + random.nextInt(width - x);
            int h = 1 + random.nextInt(height - y);
            TileRect rect = new TileRect(x, y, w, h);
            int[] gids = random.ints(w * h, 0, 5).toArray();
            if (random.nextBoolean()) {
                layer.write(rect, gids);
            } else {
                layer.fill(rect, gids[0]);
                java.util.Arrays.fill(gids, gids[0]);
            }
            for (int row = 0; row < h; row++) {
                System.arraycopy(gids, row * w, oracle, (y + row) * width + x, w);
            }
            int rx = random.nextInt(width);
            int ry = random.nextInt(height);
            TileRect readRect = new TileRect(rx, ry, 1 + random.nextInt(width - rx), 1 + random.nextInt(height - ry));
            int[] read = layer.read(readRect);
            for (int row = 0; row < readRect.height(); row++) {
                for (int col = 0; col < readRect.width(); col++) {
                    assertThat(read[row * readRect.width() + col])
                            .isEqualTo(oracle[(ry + row) * width + rx + col]);
                }
            }
        }
    }
}
