package dev.tilewright.core.model;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class PackedChunkTest {

    private static final int CELLS = TileLayer.CHUNK_CELLS;

    /**
     * A chunk of any number of distinct gids (flip flags and all: any int) reads back cell for cell, whole, and in
     * runs, and packed it takes fewer bytes than plain ints; past what packing can save it stays plain.
     */
    @Property(tries = 300)
    void aPackedChunkReadsBackWhatItWasGiven(@ForAll @IntRange(min = 1, max = CELLS) int distinct,
                                             @ForAll long seed) {
        Random random = new Random(seed);
        int[] palette = random.ints(distinct).toArray();
        int[] gids = new int[CELLS];
        boolean runs = random.nextBoolean();
        for (int cell = 0; cell < CELLS; cell++) {
            gids[cell] = runs && cell > 0 && random.nextInt(4) > 0 ? gids[cell - 1] : palette[random.nextInt(distinct)];
        }
        int really = (int) java.util.Arrays.stream(gids).distinct().count();
        PackedChunk packed = PackedChunk.of(gids);
        if (packed == null) {
            assertThat(really).as("only a chunk of very many gids is not packed").isGreaterThan(2000);
            return;
        }
        assertThat(packed.distinct()).isEqualTo(really);
        assertThat(packed.bytes()).isLessThan(PackedChunk.RAW_BYTES);
        assertThat(packed.unpack()).isEqualTo(gids);
        for (int i = 0; i < 50; i++) {
            int cell = random.nextInt(CELLS);
            assertThat(packed.get(cell)).isEqualTo(gids[cell]);
            int count = random.nextInt(CELLS - cell + 1);
            int[] out = new int[count + 2];
            packed.copy(cell, out, 1, count);
            assertThat(java.util.Arrays.copyOfRange(out, 1, 1 + count))
                    .isEqualTo(java.util.Arrays.copyOfRange(gids, cell, cell + count));
            assertThat(out[0]).isZero();
            assertThat(out[count + 1]).isZero();
        }
    }

    @Test
    void aChunkTakesBitsByTheNumberOfItsGids() {
        assertThat(bytesOf(1)).as("one gid: its palette only").isLessThan(100);
        assertThat(bytesOf(2)).isLessThan(100 + CELLS / 8);
        assertThat(bytesOf(16)).isLessThan(150 + CELLS / 2);
        assertThat(bytesOf(17)).isGreaterThan(CELLS);
        assertThat(bytesOf(256)).isLessThan(1100 + CELLS);
        assertThat(bytesOf(257)).isGreaterThan(2 * CELLS);
        assertThat(PackedChunk.of(cycle(2048))).as("2,048 gids in 16 bits take as much as plain ints").isNull();
    }

    private static long bytesOf(int distinct) {
        PackedChunk packed = PackedChunk.of(cycle(distinct));
        assertThat(packed.distinct()).isEqualTo(distinct);
        return packed.bytes();
    }

    private static int[] cycle(int distinct) {
        int[] gids = new int[CELLS];
        for (int cell = 0; cell < CELLS; cell++) {
            gids[cell] = 0x80000000 | (cell % distinct) * 7919;
        }
        return gids;
    }
}
