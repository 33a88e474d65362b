package dev.tilewright.render;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rendered blocks of {@value #BLOCK}x{@value #BLOCK} cells of tile layers, kept (least recently used first out)
 * up to a number of bytes. A block is keyed by the stamp of the layer chunk it lies in and by the decoded tilesets
 * it was drawn from, so an op that changes a chunk makes exactly that chunk's blocks unreachable (they age out),
 * and nothing else. Blocks hold the tiles as they are, before the layer's opacity, tint and offset, which the
 * renderer applies when it copies a block into a view. Thread-safe.
 */
public final class TileBlocks {

    /** Cells per block side; divides the layer chunk size. */
    static final int BLOCK = 16;

    /**
     * @param chunkStamp the layer chunk's content stamp
     * @param block      the block's index inside the chunk
     * @param tilesets   per map tileset, the decoded atlas's serial and its first gid
     */
    record Key(long chunkStamp, int block, List<Long> tilesets) {
    }

    private final long maxBytes;
    private final Map<Key, Pixels> blocks = new LinkedHashMap<>(64, 0.75f, true);
    private long bytes;
    private long hits;
    private long misses;

    public TileBlocks(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    synchronized Pixels get(Key key) {
        Pixels block = blocks.get(key);
        if (block == null) {
            misses++;
        } else {
            hits++;
        }
        return block;
    }

    synchronized void put(Key key, Pixels block) {
        long size = 4L * block.argb().length;
        if (size > maxBytes) {
            return;
        }
        Pixels previous = blocks.put(key, block);
        bytes += size - (previous == null ? 0 : 4L * previous.argb().length);
        for (Iterator<Pixels> oldest = blocks.values().iterator(); bytes > maxBytes && oldest.hasNext(); ) {
            bytes -= 4L * oldest.next().argb().length;
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
