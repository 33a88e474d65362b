package dev.tilewright.render;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rendered blocks of {@value #BLOCK}x{@value #BLOCK} cells of tile layers, kept (least recently used first out)
 * up to a number of bytes. A block is one layer's tiles as they are (before its opacity, tint and offset, which the
 * renderer applies when it copies the block into a view), or the stack of the plain layers a view draws first, over
 * the colour they lie on. It is keyed by the stamps of the layer chunks it lies in and by the decoded tilesets it
 * was drawn from, so an op that changes a chunk makes exactly that chunk's blocks unreachable (they age out), and
 * nothing else. Blocks of at most 256 colours are kept as a byte a pixel ({@link Block}). Thread-safe.
 */
public final class TileBlocks {

    /** Cells per block side; divides the layer chunk size. */
    static final int BLOCK = 16;

    /**
     * @param chunkStamps per layer drawn, bottom first, its chunk's content stamp
     * @param block       the block's index inside the chunk
     * @param tilesets    per map tileset, the decoded atlas's serial and its first gid
     * @param under       the premultiplied colour the layers lie on (0: transparent)
     */
    record Key(List<Long> chunkStamps, int block, List<Long> tilesets, int under) {
    }

    private final long maxBytes;
    private final Map<Key, Block> blocks = new LinkedHashMap<>(64, 0.75f, true);
    private long bytes;
    private long hits;
    private long misses;

    public TileBlocks(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    synchronized Block get(Key key) {
        Block block = blocks.get(key);
        if (block == null) {
            misses++;
        } else {
            hits++;
        }
        return block;
    }

    synchronized void put(Key key, Block block) {
        long size = block.bytes();
        if (size > maxBytes) {
            return;
        }
        Block previous = blocks.put(key, block);
        bytes += size - (previous == null ? 0 : previous.bytes());
        for (Iterator<Block> oldest = blocks.values().iterator(); bytes > maxBytes && oldest.hasNext(); ) {
            bytes -= oldest.next().bytes();
            oldest.remove();
        }
    }

    /** Bytes the kept blocks hold. */
    public synchronized long bytes() {
        return bytes;
    }

    /** How many lookups found a block, and how many did not (since start). */
    public synchronized long[] hitsAndMisses() {
        return new long[]{hits, misses};
    }
}
