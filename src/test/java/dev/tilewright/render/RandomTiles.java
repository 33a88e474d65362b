package dev.tilewright.render;

import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.TileLayer;

import java.util.Random;

/** Random tiles for the renderer's property tests. */
final class RandomTiles {

    private RandomTiles() {
    }

    /** Paints each cell of the layer with a chance of {@code density} in 4 (0..4) a random tile, randomly flipped. */
    static void paint(TileLayer layer, Random random, int tiles, int density) {
        for (int y = 0; y < layer.height(); y++) {
            for (int x = 0; x < layer.width(); x++) {
                if (random.nextInt(4) < density) {
                    layer.set(x, y, 1 + random.nextInt(tiles) | flips(random));
                }
            }
        }
    }

    /** Any of the eight flips. */
    static int flips(Random random) {
        return random.nextInt(8) << 29 & (Gid.FLIP_HORIZONTAL | Gid.FLIP_VERTICAL | Gid.FLIP_DIAGONAL);
    }
}
