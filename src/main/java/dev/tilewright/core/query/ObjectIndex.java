package dev.tilewright.core.query;

import dev.tilewright.core.geom.TileRect;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * The seed's objects-in-tiles structure: every object (an int id) is referenced from each tile of its tile
 * rectangle. Moving an object does nothing unless its tile rectangle changes, and then touches only the tiles that
 * left or entered it. Tiles are kept in 64x64 chunks allocated when first used; a tile's bucket is an int array
 * whose first element counts the ids after it. Not thread-safe (the map's lock guards it).
 */
public final class ObjectIndex {

    private static final int CHUNK = 64;

    private final TileRect bounds;
    private final int chunksX;
    private final int[][][] chunks;
    /** Per id: its tile rectangle as x, y, width, height (width 0: not referenced), grown as ids come. */
    private int[] rects = new int[0];
    private int[] marks = new int[0];
    private int stamp;
    /** Tile references added or dropped since the index was made (for tests of what a move touches). */
    long references;

    /** An index over the tiles of {@code bounds} (anything outside is not referenced). */
    public ObjectIndex(TileRect bounds) {
        this.bounds = bounds;
        this.chunksX = Math.max(1, (bounds.width() + CHUNK - 1) / CHUNK);
        int chunksY = Math.max(1, (bounds.height() + CHUNK - 1) / CHUNK);
        this.chunks = new int[chunksX * chunksY][][];
    }

    /** Whether this index spans a map of that many tiles. */
    boolean covers(int width, int height) {
        return bounds.x() == 0 && bounds.y() == 0 && bounds.width() == width && bounds.height() == height;
    }

    /** Puts an object at a tile rectangle, or moves it there: only tiles that left or entered it change. */
    public void put(int id, TileRect rect) {
        TileRect next = rect.intersection(bounds);
        int[] old = rectOf(id);
        if (old != null && old[2] > 0 && old[0] == next.x() && old[1] == next.y() && old[2] == next.width()
                && old[3] == next.height()) {
            return;
        }
        TileRect previous = old == null || old[2] == 0 ? null : new TileRect(old[0], old[1], old[2], old[3]);
        if (previous != null) {
            forTiles(previous, next, (tx, ty) -> detach(tx, ty, id));
        }
        if (!next.isEmpty()) {
            forTiles(next, previous, (tx, ty) -> attach(tx, ty, id));
        }
        remember(id, next);
    }

    /** Removes an object from every tile it was referenced from. */
    public void remove(int id) {
        int[] old = rectOf(id);
        if (old != null && old[2] > 0) {
            forTiles(new TileRect(old[0], old[1], old[2], old[3]), null, (tx, ty) -> detach(tx, ty, id));
            remember(id, new TileRect(0, 0, 0, 0));
        }
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
        for (int ty = inside.y(); ty < inside.bottom(); ty++) {
            for (int tx = inside.x(); tx < inside.right(); tx++) {
                int[] bucket = bucket(tx, ty, false);
                if (bucket == null) {
                    continue;
                }
                for (int i = 1; i <= bucket[0]; i++) {
                    int id = bucket[i];
                    if (marks[id] != stamp) {
                        marks[id] = stamp;
                        out.accept(id);
                    }
                }
            }
        }
    }

    /** Whether any object is referenced from the tile. */
    public boolean occupied(int tx, int ty) {
        if (!bounds.contains(tx, ty)) {
            return false;
        }
        int[] bucket = bucket(tx, ty, false);
        return bucket != null && bucket[0] > 0;
    }

    /** The ids referenced from one tile, in no particular order. */
    public int[] at(int tx, int ty) {
        if (!bounds.contains(tx, ty)) {
            return new int[0];
        }
        int[] bucket = bucket(tx, ty, false);
        return bucket == null ? new int[0] : Arrays.copyOfRange(bucket, 1, 1 + bucket[0]);
    }

    @FunctionalInterface
    private interface TileAction {
        void at(int tx, int ty);
    }

    /** Runs the action on every tile of {@code rect} that is not in {@code except}. */
    private static void forTiles(TileRect rect, TileRect except, TileAction action) {
        for (int ty = rect.y(); ty < rect.bottom(); ty++) {
            for (int tx = rect.x(); tx < rect.right(); tx++) {
                if (except == null || !except.contains(tx, ty)) {
                    action.at(tx, ty);
                }
            }
        }
    }

    private int[] rectOf(int id) {
        return 4 * id + 3 < rects.length ? new int[]{rects[4 * id], rects[4 * id + 1], rects[4 * id + 2],
                rects[4 * id + 3]} : null;
    }

    private void remember(int id, TileRect rect) {
        if (4 * id + 3 >= rects.length) {
            rects = Arrays.copyOf(rects, Math.max(4 * id + 4, rects.length * 2));
            marks = Arrays.copyOf(marks, rects.length / 4);
        }
        rects[4 * id] = rect.x();
        rects[4 * id + 1] = rect.y();
        rects[4 * id + 2] = rect.isEmpty() ? 0 : rect.width();
        rects[4 * id + 3] = rect.height();
    }

    private int[] bucket(int tx, int ty, boolean create) {
        int lx = tx - bounds.x();
        int ly = ty - bounds.y();
        int c = (ly / CHUNK) * chunksX + lx / CHUNK;
        int[][] chunk = chunks[c];
        if (chunk == null) {
            if (!create) {
                return null;
            }
            chunk = chunks[c] = new int[CHUNK * CHUNK][];
        }
        int cell = (ly % CHUNK) * CHUNK + lx % CHUNK;
        if (create && chunk[cell] == null) {
            chunk[cell] = new int[4];
        }
        return chunk[cell];
    }

    private void attach(int tx, int ty, int id) {
        int[] bucket = bucket(tx, ty, true);
        int count = bucket[0];
        if (count + 1 == bucket.length) {
            bucket = Arrays.copyOf(bucket, bucket.length * 2);
            int lx = tx - bounds.x();
            int ly = ty - bounds.y();
            chunks[(ly / CHUNK) * chunksX + lx / CHUNK][(ly % CHUNK) * CHUNK + lx % CHUNK] = bucket;
        }
        bucket[count + 1] = id;
        bucket[0] = count + 1;
        references++;
    }

    private void detach(int tx, int ty, int id) {
        int[] bucket = bucket(tx, ty, false);
        if (bucket == null) {
            return;
        }
        int count = bucket[0];
        for (int i = 1; i <= count; i++) {
            if (bucket[i] == id) {
                bucket[i] = bucket[count];
                bucket[0] = count - 1;
                references++;
                return;
            }
        }
    }
}
