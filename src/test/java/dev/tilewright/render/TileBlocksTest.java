package dev.tilewright.render;

import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Drawing tile layers from cached blocks gives exactly the pixels of drawing every tile, before and after edits,
 * and an edit makes only the blocks of the chunk it changed be drawn again.
 */
@RequiresTools(Tool.TILED)
class TileBlocksTest {

    private static final int SIZE = 150;

    private final Atlas atlas;
    private final TileMap map;
    private final TileLayer ground;
    private final TileLayer tinted;

    TileBlocksTest() throws Exception {
        byte[] png = Files.readAllBytes(Path.of("/usr/share/doc/tiled/examples/buch-outdoor.png"));
        Tileset tileset = Tileset.grid("outdoor", 384, 192, 16, 16, 0, 0, null);
        atlas = Atlas.decode(tileset, png, id -> null);
        map = new TileMap("blocks", SIZE, SIZE, 16, 16, null, List.of(new MapTileset(7, 1, tileset.tileCount())),
                Properties.EMPTY, 3, 1);
        ground = new TileLayer(1, LayerAttributes.named("ground"), SIZE, SIZE);
        tinted = new TileLayer(2, new LayerAttributes("tinted", true, false, 0.6, new Difference(-5, 7), "#c0ff8040",
                null, null), SIZE, SIZE);
        Random random = new Random(7);
        for (int y = 0; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                ground.set(x, y, 1 + random.nextInt(tileset.tileCount()) | flips(random));
                if (random.nextInt(4) == 0) {
                    tinted.set(x, y, 1 + random.nextInt(tileset.tileCount()) | flips(random));
                }
            }
        }
        map.insertLayer(0, ground);
        map.insertLayer(1, tinted);
    }

    private static int flips(Random random) {
        return random.nextInt(8) << 29 & (Gid.FLIP_HORIZONTAL | Gid.FLIP_VERTICAL | Gid.FLIP_DIAGONAL);
    }

    private int[] direct(ViewWindow view) {
        return MapRenderer.render(map, id -> atlas, s -> null, view, MapRenderer.Options.VISIBLE).argb();
    }

    private int[] cached(ViewWindow view, TileBlocks blocks) {
        return MapRenderer.render(map, id -> atlas, s -> null, view, MapRenderer.Options.VISIBLE, blocks).argb();
    }

    @Test
    void blocksDrawTheSamePixelsAsTilesBeforeAndAfterEdits() {
        TileBlocks blocks = new TileBlocks(64L << 20);
        Random random = new Random(11);
        for (int round = 0; round < 40; round++) {
            ViewWindow view = new ViewWindow(random.nextInt(SIZE * 16) - 200, random.nextInt(SIZE * 16) - 200,
                    1 + random.nextInt(700), 1 + random.nextInt(500));
            assertThat(cached(view, blocks)).as("round %d, %s", round, view).isEqualTo(direct(view));
            for (int edit = 0; edit < 5; edit++) {
                TileLayer layer = random.nextBoolean() ? ground : tinted;
                layer.set(random.nextInt(SIZE), random.nextInt(SIZE), random.nextInt(3) == 0 ? 0 : 1 + random.nextInt(288));
            }
        }
    }

    @Test
    void anEditRedrawsOnlyTheBlocksOfTheChunkItChanged() {
        TileBlocks blocks = new TileBlocks(64L << 20);
        // 64 x 64 cells at 16 px: exactly one chunk of the ground, its 16 blocks; the tinted layer's offset (-5, 7)
        // shows 5 x 4 of its blocks there
        ViewWindow view = new ViewWindow(0, 0, 64 * 16, 64 * 16);
        cached(view, blocks);
        long[] first = blocks.hitsAndMisses();
        assertThat(first[1]).as("two layers' blocks drawn once").isEqualTo(16 + 20);
        cached(view, blocks);
        long[] again = blocks.hitsAndMisses();
        assertThat(again[1]).as("nothing changed, nothing drawn").isEqualTo(first[1]);
        assertThat(again[0] - first[0]).isEqualTo(36);

        ground.set(3, 3, ground.get(3, 3) ^ Gid.FLIP_HORIZONTAL);
        cached(view, blocks);
        long[] edited = blocks.hitsAndMisses();
        assertThat(edited[1] - again[1]).as("the edited chunk's 16 blocks of one layer").isEqualTo(16);
        assertThat(edited[0] - again[0]).as("the other layer's blocks").isEqualTo(20);

        ViewWindow beside = new ViewWindow(64 * 16, 0, 64 * 16, 64 * 16);
        cached(beside, blocks);
        long[] other = blocks.hitsAndMisses();
        ground.set(3, 3, ground.get(3, 3) ^ Gid.FLIP_HORIZONTAL);
        cached(beside, blocks);
        assertThat(blocks.hitsAndMisses()[1]).as("an edit in another chunk redraws nothing here").isEqualTo(other[1]);
    }

    @Test
    void theCacheKeepsWithinItsBytes() {
        TileBlocks blocks = new TileBlocks(3 * 256 * 256 * 4);
        cached(new ViewWindow(0, 0, SIZE * 16, SIZE * 16), blocks);
        assertThat(blocks.bytes()).isLessThanOrEqualTo(3 * 256 * 256 * 4).isPositive();
    }
}
