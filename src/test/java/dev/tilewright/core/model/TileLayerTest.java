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

    /**
     * Views taken between random writes each read exactly what a deep copy taken at the same moment holds: on a small
     * layer (one page of the chunk table) and on one of several pages, the layer packed now and then.
     */
    @Property(tries = 50)
    void aViewKeepsTheCellsOfItsMomentWhileTheLayerIsWritten(@ForAll("seeds") long seed) {
        Random random = new Random(seed);
        boolean big = random.nextBoolean();
        int width = big ? 64 * 40 + 5 : 150;
        int height = big ? 64 * 20 : 90;
        TileLayer layer = new TileLayer(1, LayerAttributes.named("ground"), width, height);
        java.util.List<TileLayer> views = new java.util.ArrayList<>();
        java.util.List<TileLayer> copies = new java.util.ArrayList<>();
        for (int step = 0; step < 400; step++) {
            if (random.nextInt(40) == 0) {
                views.add(layer.view());
                copies.add(layer.copy());
            }
            if (random.nextInt(30) == 0) {
                layer.compact(random.nextInt(2));
            }
            int x = random.nextInt(width);
            int y = random.nextInt(height);
            if (random.nextBoolean()) {
                layer.set(x, y, random.nextInt(4));
            } else {
                layer.fill(new TileRect(x, y, Math.min(width - x, 1 + random.nextInt(big ? 700 : 70)),
                        Math.min(height - y, big ? 70 : 3)), random.nextInt(4));
            }
        }
        for (int i = 0; i < views.size(); i++) {
            assertThat(views.get(i).sameCells(copies.get(i))).as("view " + i).isTrue();
            assertThat(views.get(i).read(layer.bounds())).isEqualTo(copies.get(i).read(layer.bounds()));
        }
    }

    /**
     * Fills of whole chunks share one array per gid: random mixes of such fills (empty ones too), cell writes, loads
     * of uniform and varied chunks (held packed), packings of the chunks written, views and copies read exactly what a
     * flat array says, and views keep their moment.
     */
    @Property(tries = 60)
    void uniformChunksReadAsTheirCellsWhateverIsWrittenAfter(@ForAll("seeds") long seed) {
        Random random = new Random(seed);
        int width = 64 * 3 + random.nextInt(3) * 17; // whole chunks, and sometimes a part chunk at the edge
        int height = 64 * 2 + random.nextInt(2) * 9;
        TileLayer layer = new TileLayer(1, LayerAttributes.named("ground"), width, height);
        int[] oracle = new int[width * height];
        java.util.List<TileLayer> views = new java.util.ArrayList<>();
        java.util.List<int[]> then = new java.util.ArrayList<>();
        for (int step = 0; step < 120; step++) {
            int kind = random.nextInt(7);
            int gid = random.nextInt(4);
            if (kind == 6 && !views.isEmpty()) {
                // cells put back as an earlier view or copy holds them: whole chunks taken from it, the rest cell by cell
                int at = random.nextInt(views.size());
                int x = random.nextBoolean() ? 0 : random.nextInt(width);
                int y = random.nextBoolean() ? 0 : random.nextInt(height);
                TileRect rect = random.nextBoolean() ? new TileRect(x, y, width - x, height - y)
                        : new TileRect(x, y, 1 + random.nextInt(width - x), 1 + random.nextInt(height - y));
                int[] before = oracle.clone();
                layer.markClean();
                layer.restore(rect, views.get(at));
                for (int ry = rect.y(); ry < rect.bottom(); ry++) {
                    for (int rx = rect.x(); rx < rect.right(); rx++) {
                        oracle[ry * width + rx] = then.get(at)[ry * width + rx];
                    }
                }
                for (int i = 0; i < oracle.length; i++) {
                    if (oracle[i] != before[i]) {
                        int chunk = (i / width / 64) * layer.chunksX() + (i % width) / 64;
                        assertThat(layer.changedChunks().get(chunk)).as("a chunk restored is marked changed").isTrue();
                    }
                }
            } else if (kind == 6) {
                kind = 2;
            }
            if (kind == 0) {
                // whole chunks (and beyond the edge chunk when it is there)
                int cx = random.nextInt(layer.chunksX());
                int cy = random.nextInt(layer.chunksY());
                int x = cx * 64;
                int y = cy * 64;
                TileRect rect = new TileRect(x, y, Math.min(width - x, 64 * (1 + random.nextInt(2))),
                        Math.min(height - y, 64));
                layer.fill(rect, gid);
                paint(oracle, width, rect, gid);
            } else if (kind == 1) {
                int x = random.nextInt(width);
                int y = random.nextInt(height);
                TileRect rect = new TileRect(x, y, 1 + random.nextInt(width - x), 1 + random.nextInt(height - y));
                layer.fill(rect, gid);
                paint(oracle, width, rect, gid);
            }
            if (kind == 2 && random.nextBoolean()) {
                // a region written (runs of a row copied whole into chunks of its own): what changed is marked
                int x = random.nextInt(width);
                int y = random.nextInt(height);
                TileRect rect = new TileRect(x, y, 1 + random.nextInt(Math.min(width - x, 150)),
                        1 + random.nextInt(Math.min(height - y, 70)));
                int[] gids = new int[Math.toIntExact(rect.area())];
                for (int i = 0; i < gids.length; i++) {
                    gids[i] = random.nextInt(3) == 0 ? gid : random.nextInt(4);
                }
                int[] before = oracle.clone();
                layer.markClean();
                layer.write(rect, gids);
                for (int i = 0; i < gids.length; i++) {
                    oracle[(rect.y() + i / rect.width()) * width + rect.x() + i % rect.width()] = gids[i];
                }
                java.util.BitSet changed = new java.util.BitSet();
                for (int i = 0; i < oracle.length; i++) {
                    if (oracle[i] != before[i]) {
                        changed.set((i / width / 64) * layer.chunksX() + (i % width) / 64);
                    }
                }
                assertThat(layer.changedChunks()).as("the chunks a write changed, and only they").isEqualTo(changed);
            } else if (kind == 2) {
                int x = random.nextInt(width);
                int y = random.nextInt(height);
                layer.set(x, y, gid);
                oracle[y * width + x] = gid;
            } else if (kind == 3) {
                int cx = random.nextInt(width / 64);
                int cy = random.nextInt(height / 64);
                int[] gids = new int[TileLayer.CHUNK_CELLS];
                java.util.Arrays.fill(gids, 1 + gid);
                int varied = random.nextInt(3);
                for (int i = 0; i < varied * 900; i++) {
                    gids[random.nextInt(gids.length)] = random.nextInt(1 << random.nextInt(12));
                }
                if (random.nextBoolean()) {
                    gids[random.nextInt(gids.length)] = 7;
                }
                layer.loadChunk(cx, cy, gids);
                for (int i = 0; i < gids.length; i++) {
                    oracle[(cy * 64 + i / 64) * width + cx * 64 + i % 64] = gids[i];
                }
            } else if (kind == 4) {
                views.add(random.nextBoolean() ? layer.view() : layer.copy());
                then.add(oracle.clone());
            } else {
                java.util.BitSet changed = layer.changedChunks();
                layer.compact(random.nextInt(3));
                assertThat(layer.changedChunks()).as("packing changes no cell").isEqualTo(changed);
            }
            assertThat(layer.read(layer.bounds())).isEqualTo(oracle);
            int x = random.nextInt(width);
            int y = random.nextInt(height);
            assertThat(layer.get(x, y)).isEqualTo(oracle[y * width + x]);
        }
        for (int i = 0; i < views.size(); i++) {
            assertThat(views.get(i).read(layer.bounds())).as("view or copy " + i).isEqualTo(then.get(i));
        }
        TileLayer copy = layer.copy();
        copy.set(0, 0, 9);
        assertThat(layer.get(0, 0)).as("a copy's write leaves the layer").isEqualTo(oracle[0]);
        assertThat(copy.sameCells(layer)).isEqualTo(oracle[0] == 9);
    }

    @Test
    void aLayerPutBackWholeTakesThePastChunksAsTheyAre() {
        int side = 64 * 24;
        TileLayer layer = new TileLayer(1, LayerAttributes.named("ground"), side, side);
        Random random = new Random(5);
        for (int cy = 0; cy < layer.chunksY(); cy++) {
            for (int cx = 0; cx < layer.chunksX(); cx++) {
                int[] gids = new int[TileLayer.CHUNK_CELLS];
                for (int i = 0; i < gids.length; i++) {
                    gids[i] = 1 + random.nextInt(cx % 3 == 0 ? 1 : 40); // uniform, varied (packed)
                }
                layer.loadChunk(cx, cy, gids);
            }
        }
        layer.set(3, 3, 77); // one plain
        TileLayer past = layer.view();
        int[] then = past.read(past.bounds());
        layer.fill(layer.bounds(), 9);
        layer.markClean();
        layer.restore(layer.bounds(), past);
        assertThat(layer.read(layer.bounds())).isEqualTo(then);
        assertThat(layer.changedChunks().cardinality()).isEqualTo(layer.chunksX() * layer.chunksY());
        for (int cy = 0; cy < layer.chunksY(); cy++) {
            for (int cx = 0; cx < layer.chunksX(); cx++) {
                assertThat(layer.sameChunk(past, cx, cy)).as("chunk %d,%d names the past's cells", cx, cy).isTrue();
            }
        }
        assertThat(layer.heapBytes()).as("the forms of the past's chunks (and the fill's one uniform array, kept)")
                .isLessThanOrEqualTo(past.heapBytes() + TileLayer.CHUNK_CELLS * 4L + 16);
        layer.set(3, 3, 1);
        assertThat(past.get(3, 3)).as("the past keeps its cells").isEqualTo(77);
        layer.markClean();
        layer.restore(layer.bounds(), past);
        assertThat(layer.changedChunks().stream().toArray()).as("only the chunk that differs").containsExactly(0);
    }

    @Test
    void cellsPutBackFromALayerOfAnotherSizeReadEmptyPastItsEdge() {
        TileLayer past = new TileLayer(1, LayerAttributes.named("ground"), 100, 50);
        past.fill(past.bounds(), 4);
        TileLayer layer = new TileLayer(1, LayerAttributes.named("ground"), 150, 90);
        layer.fill(layer.bounds(), 6);
        layer.restore(new TileRect(90, 40, 60, 50), past);
        assertThat(layer.get(90, 40)).isEqualTo(4);
        assertThat(layer.get(99, 49)).isEqualTo(4);
        assertThat(layer.get(100, 40)).isZero();
        assertThat(layer.get(90, 50)).isZero();
        assertThat(layer.get(89, 40)).isEqualTo(6);
    }

    private static void paint(int[] oracle, int width, TileRect rect, int gid) {
        for (int y = rect.y(); y < rect.bottom(); y++) {
            java.util.Arrays.fill(oracle, y * width + rect.x(), (int) (y * width + rect.right()), gid);
        }
    }

    @Test
    void aWholeLayerFillHoldsOneArrayAndAWriteCopiesOnlyItsChunk() {
        TileLayer layer = new TileLayer(1, LayerAttributes.named("ground"), 8192, 8192);
        long empty = layer.heapBytes();
        layer.fill(layer.bounds(), 5);
        long chunk = 16 + 4L * TileLayer.CHUNK_CELLS;
        long table = 64 * ChunkTable.PAGE_BYTES; // the chunk table's 64 pages of 256
        assertThat(layer.heapBytes()).as("16,384 chunks of gid 5: one array").isEqualTo(empty + table + chunk);
        assertThat(layer.get(8191, 8191)).isEqualTo(5);
        assertThat(layer.changedChunks().cardinality()).isEqualTo(128 * 128);
        layer.set(100, 100, 6);
        assertThat(layer.heapBytes()).as("the written chunk has its own array").isEqualTo(empty + table + 2 * chunk);
        assertThat(layer.get(101, 100)).isEqualTo(5);
        assertThat(layer.liveChunk(2, 2)).isSameAs(layer.liveChunk(100, 100));
        layer.fill(layer.bounds(), 0);
        assertThat(layer.chunk(1, 1)).as("an empty fill holds nothing").isNull();
        assertThat(layer.heapBytes()).isLessThanOrEqualTo(empty + table + chunk);
    }

    /**
     * Two full 8192x8192 layers of varied tiles (200 of them, at random in every chunk) fit the default map cache of
     * 512 MiB: loaded from storage they are held packed, 8 bits a cell; painted cell by cell, packing keeps plain only
     * the chunks written last.
     */
    @Test
    void twoFullLayersOfVariedTilesFitTheDefaultMapCache() {
        Random random = new Random(42);
        TileLayer loaded = new TileLayer(1, LayerAttributes.named("ground"), 8192, 8192);
        int[] gids = new int[TileLayer.CHUNK_CELLS];
        for (int cy = 0; cy < loaded.chunksY(); cy++) {
            for (int cx = 0; cx < loaded.chunksX(); cx++) {
                for (int i = 0; i < gids.length; i++) {
                    gids[i] = 1 + random.nextInt(200);
                }
                loaded.loadChunk(cx, cy, gids);
            }
        }
        long perChunk = loaded.heapBytes() / (128 * 128);
        assertThat(perChunk).as("a chunk of 200 tiles, 8 bits a cell").isBetween(4096L, 4096L + 1024);
        assertThat(loaded.get(8191, 8191)).isEqualTo(gids[TileLayer.CHUNK_CELLS - 1]);

        TileLayer painted = new TileLayer(2, LayerAttributes.named("detail"), 8192, 8192);
        for (int y = 0; y < 8192; y++) {
            for (int x = 0; x < 8192; x++) {
                painted.set(x, y, 1 + (x * 31 + y * 17) % 200);
            }
            if (y % 64 == 63) {
                painted.compact(64); // as the cache does after each edit
            }
        }
        long plain = 64 * PackedChunk.RAW_BYTES;
        assertThat(painted.heapBytes()).isLessThan(loaded.heapBytes() + plain);
        assertThat(loaded.heapBytes() + painted.heapBytes()).as("two layers in the default 512 MiB")
                .isLessThan(512L << 20 >> 1); // half of it
        assertThat(painted.get(300, 200)).isEqualTo(1 + (300 * 31 + 200 * 17) % 200);
        painted.set(300, 200, 1);
        assertThat(painted.read(new TileRect(299, 200, 3, 1)))
                .containsExactly(1 + (299 * 31 + 200 * 17) % 200, 1, 1 + (301 * 31 + 200 * 17) % 200);
    }

    @Test
    void packingKeepsTheChunksWrittenLastPlainAndSharesWhatShowsOneGid() {
        TileLayer layer = new TileLayer(1, LayerAttributes.named("ground"), 64 * 4, 64);
        long empty = layer.heapBytes();
        for (int cx = 0; cx < 4; cx++) {
            layer.set(cx * 64 + 3, 3, 9); // one cell in each chunk
        }
        layer.fill(new TileRect(0, 0, 64, 64), 0); // chunk 0 painted then emptied
        for (int x = 64; x < 128; x++) {
            for (int y = 0; y < 64; y++) {
                layer.set(x, y, 5); // chunk 1 all one gid, cell by cell
            }
        }
        layer.set(2 * 64 + 5, 5, 9); // chunk 2 written last
        layer.compact(1);
        assertThat(layer.uniformChunk(1, 0)).as("painted with one gid: shared").isTrue();
        assertThat(layer.uniformChunk(0, 0)).as("emptied: nothing").isTrue();
        assertThat(layer.chunk(0, 0)).isNull();
        assertThat(layer.liveChunk(2, 0)).as("written last: its plain array stays")
                .isSameAs(layer.liveChunk(2, 0));
        assertThat(layer.liveChunk(3, 0)).as("packed: unpacked for each reader")
                .isNotSameAs(layer.liveChunk(3, 0)).isEqualTo(layer.liveChunk(3, 0));
        long uniform = PackedChunk.RAW_BYTES;
        assertThat(layer.heapBytes() - empty - ChunkTable.PAGE_BYTES).as("one plain, one uniform, one packed in 1 bit a cell")
                .isBetween(2 * uniform + 512, 2 * uniform + 700);
        TileLayer view = layer.view();
        layer.set(3 * 64 + 3, 3, 4);
        assertThat(view.get(3 * 64 + 3, 3)).isEqualTo(9);
        assertThat(view.sameChunk(layer, 3, 0)).isFalse();
        assertThat(view.sameChunk(layer, 2, 0)).isTrue();
        assertThat(view.sameChunk(layer, 0, 0)).isTrue();
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<Long> seeds() {
        return net.jqwik.api.Arbitraries.longs();
    }

    @Test
    void aViewIsReadOnlyAndCostsNoCellCopy() {
        TileLayer layer = new TileLayer(1, LayerAttributes.named("ground"), 128, 64);
        layer.fill(layer.bounds(), 3);
        TileLayer view = layer.view();
        assertThat(view.liveChunk(1, 0)).as("the same array until the layer writes it").isSameAs(layer.liveChunk(1, 0));
        layer.set(70, 5, 4);
        assertThat(view.get(70, 5)).isEqualTo(3);
        assertThat(view.liveChunk(1, 0)).isNotSameAs(layer.liveChunk(1, 0));
        assertThat(view.liveChunk(0, 0)).isSameAs(layer.liveChunk(0, 0));
        assertThatThrownBy(() -> view.set(0, 0, 1)).isInstanceOf(IllegalStateException.class);
        assertThat(view.chunkStamp(0, 0)).isEqualTo(layer.chunkStamp(0, 0));
    }
}
