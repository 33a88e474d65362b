package dev.tilewright.render;

import dev.tilewright.core.geom.Orthogonal;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.Arrays;

/**
 * The stacks of tiles an {@link Overview} meets (the gids of a map's shown tile layers at one cell), each
 * composited once as the renderer composites a cell (background, then each layer's tile with its paint) and kept as
 * what the overview needs of it: the average of each box inside the cell, or the channel sums of the whole cell when
 * boxes hold whole cells. Kept up to a byte budget; past it, a stack not kept is worked out for each cell that shows
 * it (what was kept stays: a map's common stacks are met first and stay cheap).
 */
final class CellStacks {

    private final Paint[] paints;
    private final int box;
    private final int tileWidth;
    private final int tileHeight;
    /** Whether boxes lie inside cells (else they hold whole cells). */
    private final boolean inCell;
    private final int across;
    private final int down;
    private final int background;
    private final int most;
    private final int[] scratch;

    private long[] keys;
    private int[] slots;
    private int count;
    private int[][] gidsOf;
    private int[][] means;
    private long[] sums;

    CellStacks(TileMap map, Orthogonal cells, Paint[] paints, int box, long budget) {
        this.paints = paints;
        this.box = box;
        this.tileWidth = cells.tileWidth();
        this.tileHeight = cells.tileHeight();
        this.inCell = tileWidth % box == 0 && tileHeight % box == 0;
        this.across = inCell ? tileWidth / box : 0;
        this.down = inCell ? tileHeight / box : 0;
        this.background = map.backgroundColor() == null ? 0
                : Pixels.premultiply(Pixels.parseColor(map.backgroundColor()));
        this.most = (int) Math.max(256, Math.min(1 << 22, budget / entryBytes()));
        this.scratch = new int[paints.length];
        clear();
    }

    /** Keys and slots at half load, the gids when they are more than the key holds, the kept values. */
    private long entryBytes() {
        return 32 + (paints.length > 2 ? 16 + 4L * paints.length : 0) + (inCell ? 16 + 4L * across * down : 32);
    }

    private void clear() {
        int capacity = 16; // grown as stacks are met
        keys = new long[capacity];
        slots = new int[capacity];
        count = 0;
        gidsOf = new int[capacity / 2 + 1][];
        means = inCell ? new int[capacity / 2 + 1][] : null;
        sums = inCell ? null : new long[(capacity / 2 + 1) * 4];
    }

    /** The index a stack not kept is worked out at (the last). */
    private int spare() {
        return keys.length / 2;
    }

    boolean inCell() {
        return inCell;
    }

    long bytes() {
        return 64 + 12L * keys.length + count * entryBytes();
    }

    /**
     * Redraws the pixels of chunk (cx, cy)'s cells (boxes inside cells: the overview's pixels follow the cells); how
     * many.
     */
    long drawChunk(TileMap map, Atlas[] atlases, TileLayer[] layers, int cx, int cy, Pixels pixels) {
        int[][] arrays = arrays(layers, cx, cy);
        int x0 = cx * TileLayer.CHUNK_SIZE;
        int y0 = cy * TileLayer.CHUNK_SIZE;
        int x1 = Math.min(map.width(), x0 + TileLayer.CHUNK_SIZE);
        int y1 = Math.min(map.height(), y0 + TileLayer.CHUNK_SIZE);
        int[] out = pixels.argb();
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                // found first: finding may grow the table, and so replace the array read from
                int stack = find(map, atlases, gather(arrays, (y - y0) * TileLayer.CHUNK_SIZE + x - x0));
                int[] boxes = means[stack];
                for (int j = 0; j < down; j++) {
                    System.arraycopy(boxes, j * across, out, (y * down + j) * pixels.width() + x * across, across);
                }
            }
        }
        return (long) (x1 - x0) * (y1 - y0) * across * down;
    }

    /**
     * Redraws boxes c0..c1 of box row {@code by} (boxes of whole cells) from the sums of their cells' stacks; a chunk
     * that every layer shows as one gid counts at once.
     */
    void drawBoxes(TileMap map, Atlas[] atlases, TileLayer[] layers, int c0, int c1, int by, Pixels pixels,
                   int mapWidth, int mapHeight) {
        int kx = box / tileWidth;
        int ky = box / tileHeight;
        int x0 = c0 * kx;
        int x1 = (int) Math.min(map.width(), (c1 + 1L) * kx);
        int y0 = by * ky;
        int y1 = (int) Math.min(map.height(), (by + 1L) * ky);
        long[] acc = new long[(c1 - c0 + 1) * 4];
        int size = TileLayer.CHUNK_SIZE;
        for (int cy = y0 / size; cy <= (y1 - 1) / size; cy++) {
            for (int cx = x0 / size; cx <= (x1 - 1) / size; cx++) {
                int sx0 = Math.max(x0, cx * size);
                int sx1 = Math.min(x1, (cx + 1) * size);
                int sy0 = Math.max(y0, cy * size);
                int sy1 = Math.min(y1, (cy + 1) * size);
                int[][] arrays = arrays(layers, cx, cy);
                if (uniform(layers, cx, cy)) {
                    int stack = find(map, atlases, gather(arrays, 0));
                    for (int b = sx0 / kx; b <= (sx1 - 1) / kx; b++) {
                        long cells = (long) (Math.min(sx1, (b + 1) * kx) - Math.max(sx0, b * kx)) * (sy1 - sy0);
                        for (int c = 0; c < 4; c++) {
                            acc[(b - c0) * 4 + c] += sums[stack * 4 + c] * cells;
                        }
                    }
                    continue;
                }
                for (int y = sy0; y < sy1; y++) {
                    int row = (y - cy * size) * size - cx * size;
                    for (int x = sx0; x < sx1; x++) {
                        int stack = find(map, atlases, gather(arrays, row + x));
                        int at = (x / kx - c0) * 4;
                        for (int c = 0; c < 4; c++) {
                            acc[at + c] += sums[stack * 4 + c];
                        }
                    }
                }
            }
        }
        for (int b = c0; b <= c1; b++) {
            long width = Math.min(mapWidth, (b + 1L) * box) - (long) b * box;
            long height = Math.min(mapHeight, (by + 1L) * box) - (long) by * box;
            pixels.argb()[by * pixels.width() + b] = Thumbnail.mean(acc, (b - c0) * 4, width * height);
        }
    }

    private static int[][] arrays(TileLayer[] layers, int cx, int cy) {
        int[][] arrays = new int[layers.length][];
        for (int i = 0; i < layers.length; i++) {
            arrays[i] = layers[i].liveChunk(cx, cy);
        }
        return arrays;
    }

    private static boolean uniform(TileLayer[] layers, int cx, int cy) {
        for (TileLayer layer : layers) {
            if (!layer.uniformChunk(cx, cy)) {
                return false;
            }
        }
        return true;
    }

    private int[] gather(int[][] arrays, int cell) {
        for (int i = 0; i < arrays.length; i++) {
            scratch[i] = arrays[i] == null ? Gid.EMPTY : arrays[i][cell];
        }
        return scratch;
    }

    /** The index of a stack, composited now if it was not kept. */
    private int find(TileMap map, Atlas[] atlases, int[] gids) {
        long key = key(gids);
        int mask = keys.length - 1;
        int slot = (int) (mix(key) & mask);
        while (slots[slot] != 0) {
            int index = slots[slot] - 1;
            if (keys[slot] == key && (gids.length <= 2 || Arrays.equals(gidsOf[index], gids))) {
                return index;
            }
            slot = (slot + 1) & mask;
        }
        if (count >= most) {
            composite(map, atlases, gids, spare());
            return spare();
        }
        if (count >= keys.length / 2) {
            grow();
            return find(map, atlases, gids);
        }
        int index = count++;
        keys[slot] = key;
        slots[slot] = index + 1;
        gidsOf[index] = gids.length > 2 ? gids.clone() : null;
        composite(map, atlases, gids, index);
        return index;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldSlots = slots;
        keys = new long[oldKeys.length * 2];
        slots = new int[oldSlots.length * 2];
        gidsOf = Arrays.copyOf(gidsOf, keys.length / 2 + 1);
        if (inCell) {
            means = Arrays.copyOf(means, keys.length / 2 + 1);
        } else {
            sums = Arrays.copyOf(sums, (keys.length / 2 + 1) * 4);
        }
        int mask = keys.length - 1;
        for (int i = 0; i < oldSlots.length; i++) {
            if (oldSlots[i] != 0) {
                int slot = (int) (mix(oldKeys[i]) & mask);
                while (slots[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = oldKeys[i];
                slots[slot] = oldSlots[i];
            }
        }
    }

    private static long key(int[] gids) {
        if (gids.length == 0) {
            return 0;
        }
        if (gids.length == 1) {
            return gids[0] & 0xFFFFFFFFL;
        }
        if (gids.length == 2) {
            return (long) gids[0] << 32 | gids[1] & 0xFFFFFFFFL;
        }
        long hash = 0x9E3779B97F4A7C15L;
        for (int gid : gids) {
            hash = mix(hash ^ gid);
        }
        return hash;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }

    /** Draws the stack as one cell shows it and keeps what the overview needs of it at {@code index}. */
    private void composite(TileMap map, Atlas[] atlases, int[] gids, int index) {
        Pixels cell = Pixels.blank(tileWidth, tileHeight);
        Arrays.fill(cell.argb(), background);
        ViewWindow whole = new ViewWindow(0, 0, tileWidth, tileHeight);
        for (int i = 0; i < gids.length; i++) {
            Drawable tile = gids[i] == Gid.EMPTY ? null : Drawable.of(map, atlases, gids[i], null);
            if (tile == null) {
                continue;
            }
            boolean diagonal = Gid.flippedDiagonally(gids[i]);
            int width = diagonal ? tile.source().height() : tile.source().width();
            int height = diagonal ? tile.source().width() : tile.source().height();
            MapRenderer.blit(cell, whole, tile.source(), tile.atlas().tileset().tileOffsetX(),
                    tileHeight - height + tile.atlas().tileset().tileOffsetY(), width, height, gids[i], paints[i]);
        }
        if (inCell) {
            int[] boxes = new int[across * down];
            for (int j = 0; j < down; j++) {
                for (int i = 0; i < across; i++) {
                    boxes[j * across + i] = Thumbnail.average(cell, i * box, j * box, box, box);
                }
            }
            means[index] = boxes;
        } else {
            Arrays.fill(sums, index * 4, index * 4 + 4, 0);
            Thumbnail.add(cell, 0, 0, tileWidth, tileHeight, sums, index * 4);
        }
    }
}
