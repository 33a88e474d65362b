package dev.tilewright.core.query;

import dev.tilewright.core.geom.TileRect;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * The seed's objects-in-tiles structure: every object (an int id) is referenced from each tile of its tile
 * rectangle. Moving an object does nothing unless its tile rectangle changes, and then touches only the tiles that
 * left or entered it. Tiles are kept in 32x32 chunks allocated when first used; each tile has four ints of its
 * chunk's array: how many objects it holds and the first three of them (in place, so a query reads neighbouring
 * tiles from neighbouring memory); a tile with more keeps the rest in a small overflow list. After the slots, the
 * chunk keeps one bit per tile saying whether it holds any (an int per row), so a query skips empty tiles without
 * reading their slots: on a sparse map it touches little more than the bits and the tiles that hold objects. Not
 * thread-safe (the map's lock guards it).
 *
 * <p>Tiles hold dense entry numbers, not ids: each object indexed has an entry (its id and tile rectangle), handed
 * out in order and reused after removals, so the index's size follows how many objects it holds, never how large
 * their ids are (an object id may be anything up to 2^31 - 2).
 */
public final class ObjectIndex {

    private static final int CHUNK = 32;
    private static final int INLINE = 3;
    private static final int SLOT = INLINE + 1;
    /** Where a chunk's occupancy bits begin: bit c of int BITS + r is set when its tile (c, r) holds an object. */
    private static final int BITS = CHUNK * CHUNK * SLOT;

    private final TileRect bounds;
    private final int chunksX;
    private final int[][] chunks;
    /** Entries past the first three of a tile, by tile key: a count, then the entries. */
    private final Map<Long, int[]> overflow = new HashMap<>();
    /** The entry of each object indexed, by id. */
    private final IntIntMap entries = new IntIntMap();
    /** Per entry: its object's id. */
    private int[] ids = new int[0];
    /** Per entry: its tile rectangle as x, y, width, height (an empty one: not referenced). */
    private int[] rects = new int[0];
    private int[] marks = new int[0];
    /** Entries handed out so far; freed ones wait in {@code free} to be handed out again. */
    private int used;
    private int madeChunks;
    private int[] free = new int[0];
    private int freeCount;
    private int stamp;
    /** Tile references added or dropped since the index was made (for tests of what a move touches). */
    long references;

    /** An index over the tiles of {@code bounds} (anything outside is not referenced). */
    public ObjectIndex(TileRect bounds) {
        this.bounds = bounds;
        this.chunksX = Math.max(1, (bounds.width() + CHUNK - 1) / CHUNK);
        int chunksY = Math.max(1, (bounds.height() + CHUNK - 1) / CHUNK);
        this.chunks = new int[chunksX * chunksY][];
    }

    /** Whether this index spans a map of that many tiles. */
    boolean covers(int width, int height) {
        return bounds.x() == 0 && bounds.y() == 0 && bounds.width() == width && bounds.height() == height;
    }

    /** Puts an object at a tile rectangle, or moves it there: only tiles that left or entered it change. */
    public void put(int id, TileRect rect) {
        place(entryOf(id), rect);
    }

    /** Moves an entry's references to the tiles of a rectangle (empty: none). */
    private void place(int entry, TileRect rect) {
        TileRect next = rect.intersection(bounds);
        int nx0 = next.x();
        int ny0 = next.y();
        int nx1 = next.isEmpty() ? nx0 : nx0 + next.width();
        int ny1 = next.isEmpty() ? ny0 : ny0 + next.height();
        int o = 4 * entry;
        int ox0 = rects[o];
        int oy0 = rects[o + 1];
        int ox1 = ox0 + rects[o + 2];
        int oy1 = oy0 + rects[o + 3];
        if (ox0 == nx0 && oy0 == ny0 && ox1 == nx1 && oy1 == ny1) {
            return;
        }
        // tiles that left: in the old rectangle, not the new; tiles that entered: the other way round
        for (int ty = oy0; ty < oy1; ty++) {
            for (int tx = ox0; tx < ox1; tx++) {
                if (tx < nx0 || tx >= nx1 || ty < ny0 || ty >= ny1) {
                    detach(tx, ty, entry);
                }
            }
        }
        for (int ty = ny0; ty < ny1; ty++) {
            for (int tx = nx0; tx < nx1; tx++) {
                if (tx < ox0 || tx >= ox1 || ty < oy0 || ty >= oy1) {
                    attach(tx, ty, entry);
                }
            }
        }
        rects[o] = nx0;
        rects[o + 1] = ny0;
        rects[o + 2] = nx1 - nx0;
        rects[o + 3] = ny1 - ny0;
    }

    /** Removes an object from every tile it was referenced from. */
    public void remove(int id) {
        int entry = entries.remove(id, -1);
        if (entry < 0) {
            return;
        }
        place(entry, new TileRect(bounds.x(), bounds.y(), 0, 0));
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, Math.max(8, free.length * 2));
        }
        free[freeCount++] = entry;
    }

    /** The entry of an object, handed out (reused after a removal, else the next) when it has none. */
    private int entryOf(int id) {
        int known = entries.get(id, -1);
        if (known >= 0) {
            return known;
        }
        int entry = freeCount > 0 ? free[--freeCount] : used++;
        if (entry >= ids.length) {
            int capacity = Math.max(16, ids.length * 2);
            ids = Arrays.copyOf(ids, capacity);
            rects = Arrays.copyOf(rects, 4 * capacity);
            marks = Arrays.copyOf(marks, capacity);
        }
        ids[entry] = id;
        entries.put(id, entry);
        return entry;
    }

    /** Roughly what the index keeps on the heap: its chunks made, its entries, its overflow lists. */
    public long heapBytes() {
        long bytes = 64 + 8L * chunks.length + 4L * (BITS + CHUNK) * madeChunks;
        bytes += 28L * ids.length + 16L * entries.size() + 48L * overflow.size();
        return bytes;
    }

    /** How many entries the index has room for (its size follows the objects, not their ids). */
    int capacity() {
        return ids.length;
    }

    /** Each object referenced from any tile of the area, once. */
    public void query(TileRect area, IntConsumer out) {
        TileRect inside = area.intersection(bounds);
        if (inside.isEmpty()) {
            return;
        }
        if (++stamp == Integer.MAX_VALUE) {
            Arrays.fill(marks, 0);
            stamp = 1;
        }
        // row by row, one chunk's run of tiles at a time: its occupied bits, then the slots of those tiles only
        for (int ty = inside.y(); ty < inside.bottom(); ty++) {
            int ly = ty - bounds.y();
            int rowInChunk = ly % CHUNK;
            int lx = inside.x() - bounds.x();
            int end = (int) (inside.right() - bounds.x());
            while (lx < end) {
                int chunkX = lx / CHUNK;
                int runEnd = Math.min(end, (chunkX + 1) * CHUNK);
                int[] chunk = chunks[(ly / CHUNK) * chunksX + chunkX];
                if (chunk != null) {
                    // the run's columns lx % CHUNK .. (runEnd - 1) % CHUNK of the row
                    int from = lx % CHUNK;
                    int bits = chunk[bitRow(ty)] >>> from & (int) (-1L >>> (64 - (runEnd - lx)));
                    while (bits != 0) {
                        int column = from + Integer.numberOfTrailingZeros(bits);
                        bits &= bits - 1;
                        emitTile(chunk, (rowInChunk * CHUNK + column) * SLOT, chunkX * CHUNK + column, ty, out);
                    }
                }
                lx = runEnd;
            }
        }
    }

    /** The ids of one occupied tile (its slot at base of the chunk; lx its column from the bounds' left). */
    private void emitTile(int[] chunk, int base, int lx, int ty, IntConsumer out) {
        int count = chunk[base];
        for (int i = 1; i <= Math.min(count, INLINE); i++) {
            emit(chunk[base + i], out);
        }
        if (count > INLINE) {
            int[] more = overflow.get(key(bounds.x() + lx, ty));
            for (int i = 1; i <= more[0]; i++) {
                emit(more[i], out);
            }
        }
    }

    private void emit(int entry, IntConsumer out) {
        if (marks[entry] != stamp) {
            marks[entry] = stamp;
            out.accept(ids[entry]);
        }
    }

    private static long key(int tx, int ty) {
        return (long) ty << 32 | tx & 0xFFFFFFFFL;
    }

    /** Whether any object is referenced from the tile. */
    public boolean occupied(int tx, int ty) {
        if (!bounds.contains(tx, ty)) {
            return false;
        }
        int[] chunk = chunk(tx, ty, false);
        return chunk != null && chunk[slot(tx, ty)] > 0;
    }

    /** The ids referenced from one tile, in no particular order. */
    public int[] at(int tx, int ty) {
        if (!bounds.contains(tx, ty)) {
            return new int[0];
        }
        int[] chunk = chunk(tx, ty, false);
        if (chunk == null) {
            return new int[0];
        }
        int base = slot(tx, ty);
        int count = chunk[base];
        int[] out = new int[count];
        for (int i = 0; i < count; i++) {
            out[i] = ids[i < INLINE ? chunk[base + 1 + i] : overflow.get(key(tx, ty))[1 + i - INLINE]];
        }
        return out;
    }

    private int[] chunk(int tx, int ty, boolean create) {
        int c = ((ty - bounds.y()) / CHUNK) * chunksX + (tx - bounds.x()) / CHUNK;
        int[] chunk = chunks[c];
        if (chunk == null && create) {
            chunk = chunks[c] = new int[BITS + CHUNK];
            madeChunks++;
        }
        return chunk;
    }

    private int slot(int tx, int ty) {
        return (((ty - bounds.y()) % CHUNK) * CHUNK + (tx - bounds.x()) % CHUNK) * SLOT;
    }

    /** Where in its chunk the occupancy bits of row ty lie, and the bit of column tx there. */
    private int bitRow(int ty) {
        return BITS + (ty - bounds.y()) % CHUNK;
    }

    private int bit(int tx) {
        return 1 << (tx - bounds.x()) % CHUNK;
    }

    private void attach(int tx, int ty, int entry) {
        int[] chunk = chunk(tx, ty, true);
        int base = slot(tx, ty);
        int count = chunk[base];
        if (count < INLINE) {
            chunk[base + 1 + count] = entry;
        } else {
            int[] more = overflow.getOrDefault(key(tx, ty), new int[4]);
            if (more[0] + 1 == more.length) {
                more = Arrays.copyOf(more, more.length * 2);
            }
            more[++more[0]] = entry;
            overflow.put(key(tx, ty), more);
        }
        chunk[base] = count + 1;
        if (count == 0) {
            chunk[bitRow(ty)] |= bit(tx);
        }
        references++;
    }

    private void detach(int tx, int ty, int entry) {
        int[] chunk = chunk(tx, ty, false);
        if (chunk == null) {
            return;
        }
        int base = slot(tx, ty);
        int count = chunk[base];
        int[] more = count > INLINE ? overflow.get(key(tx, ty)) : null;
        // the tile's last entry fills the gap
        int last = more != null ? more[more[0]] : chunk[base + count];
        boolean found = false;
        for (int i = 1; i <= Math.min(count, INLINE) && !found; i++) {
            if (chunk[base + i] == entry) {
                chunk[base + i] = last;
                found = true;
            }
        }
        for (int i = 1; more != null && i <= more[0] && !found; i++) {
            if (more[i] == entry) {
                more[i] = last;
                found = true;
            }
        }
        if (!found) {
            return;
        }
        if (more != null) {
            if (--more[0] == 0) {
                overflow.remove(key(tx, ty));
            }
        }
        chunk[base] = count - 1;
        if (count == 1) {
            chunk[bitRow(ty)] &= ~bit(tx);
        }
        references++;
    }
}
