package dev.tilewright.core.model;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Designers' per-element overrides of a map's computed collision grid: for an element, the solid sides (a bit set
 * of the grid's left 1, right 2, top 4, bottom 8) that replace whatever the computation gives it. Kept in 64x64
 * element chunks of bytes (0 = no override, else 1 + sides), made when first written; remembers which chunks
 * changed until {@link #markClean()}.
 */
public final class GridOverrides {

    public static final int CHUNK = 64;
    public static final int CHUNK_ELEMENTS = CHUNK * CHUNK;
    /** The largest sides value: all four sides solid. */
    public static final int ALL_SIDES = 15;

    /** Receives overrides one by one. */
    public interface Visitor {
        void override(int ex, int ey, int sides);
    }

    private final Map<Long, byte[]> chunks = new TreeMap<>();
    private final Set<Long> changed = new HashSet<>();
    private int count;

    private static long key(int cx, int cy) {
        return ((long) cy << 32) | (cx & 0xFFFFFFFFL);
    }

    /** The sides an element is overridden with, or -1 when it is not. */
    public int get(int ex, int ey) {
        byte[] chunk = chunks.get(key(Math.floorDiv(ex, CHUNK), Math.floorDiv(ey, CHUNK)));
        return chunk == null ? -1 : (chunk[index(ex, ey)] & 0xFF) - 1;
    }

    /**
     * Overrides an element with sides 0..15, or removes its override (-1).
     *
     * @return the previous override, or -1
     */
    public int set(int ex, int ey, int sides) {
        if (sides < -1 || sides > ALL_SIDES) {
            throw new IllegalArgumentException("sides are 0.." + ALL_SIDES + " (or -1 for none), was " + sides);
        }
        long key = key(Math.floorDiv(ex, CHUNK), Math.floorDiv(ey, CHUNK));
        byte[] chunk = chunks.get(key);
        if (chunk == null) {
            if (sides < 0) {
                return -1;
            }
            chunk = new byte[CHUNK_ELEMENTS];
            chunks.put(key, chunk);
        }
        int i = index(ex, ey);
        int previous = (chunk[i] & 0xFF) - 1;
        if (previous != sides) {
            chunk[i] = (byte) (sides + 1);
            count += (sides >= 0 ? 1 : 0) - (previous >= 0 ? 1 : 0);
            changed.add(key);
            if (sides < 0 && isEmpty(chunk)) {
                chunks.remove(key);
            }
        }
        return previous;
    }

    private static int index(int ex, int ey) {
        return Math.floorMod(ey, CHUNK) * CHUNK + Math.floorMod(ex, CHUNK);
    }

    private static boolean isEmpty(byte[] chunk) {
        for (byte b : chunk) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    /** How many elements are overridden. */
    public int count() {
        return count;
    }

    /** Every override, chunk rows top down, row-major within a chunk. */
    public void forEach(Visitor visitor) {
        for (Map.Entry<Long, byte[]> entry : chunks.entrySet()) {
            int cx = (int) (long) entry.getKey();
            int cy = (int) (entry.getKey() >> 32);
            byte[] chunk = entry.getValue();
            for (int i = 0; i < CHUNK_ELEMENTS; i++) {
                if (chunk[i] != 0) {
                    visitor.override(cx * CHUNK + i % CHUNK, cy * CHUNK + i / CHUNK, (chunk[i] & 0xFF) - 1);
                }
            }
        }
    }

    /** A chunk's bytes (0 = no override, else 1 + sides), or null when it has none; do not change them. */
    public byte[] chunk(int cx, int cy) {
        return chunks.get(key(cx, cy));
    }

    /** Puts a stored chunk back (loading), not marked changed. */
    public void loadChunk(int cx, int cy, byte[] data) {
        if (data.length != CHUNK_ELEMENTS) {
            throw new IllegalArgumentException("an overrides chunk holds " + CHUNK_ELEMENTS + " bytes, not " + data.length);
        }
        byte[] copy = data.clone();
        for (byte b : copy) {
            if ((b & 0xFF) > ALL_SIDES + 1) {
                throw new IllegalArgumentException("an override byte is 0.." + (ALL_SIDES + 1) + ", was " + (b & 0xFF));
            }
            count += b != 0 ? 1 : 0;
        }
        byte[] previous = chunks.put(key(cx, cy), copy);
        if (previous != null) {
            throw new IllegalStateException("overrides chunk " + cx + "," + cy + " loaded twice");
        }
    }

    /** The chunks changed since {@link #markClean()}, as keys ({@link #chunkX}, {@link #chunkY}). */
    public Set<Long> changedChunks() {
        return Set.copyOf(changed);
    }

    public static int chunkX(long key) {
        return (int) key;
    }

    public static int chunkY(long key) {
        return (int) (key >> 32);
    }

    public void markClean() {
        changed.clear();
    }
}
