package dev.tilewright.core.model;

import dev.tilewright.core.geom.TileRect;

import java.util.Arrays;
import java.util.BitSet;

/**
 * A layer of gids stored as square chunks of {@value #CHUNK_SIZE}x{@value #CHUNK_SIZE} cells, row-major inside a
 * chunk. What a chunk costs follows what it holds: one never painted is nothing ({@code null}) and reads as empty;
 * one of a single gid shares one array with every other such chunk; one loaded from storage, or not written for a
 * while ({@link #compact}), is held packed ({@link PackedChunk}: its distinct gids and a few bits per cell); one
 * being written is a plain {@code int[]} until it is packed again ({@link ChunkTable} holds them). No object per
 * tile exists. Every write records the chunks it touched, so a store writes back only those.
 */
public final class TileLayer extends Layer {

    public static final int CHUNK_SIZE = 64;
    public static final int CHUNK_CELLS = CHUNK_SIZE * CHUNK_SIZE;

    private final int width;
    private final int height;
    private final int chunksX;
    private final int chunksY;
    /** The chunks: in pages, shared with views copy on write. */
    private ChunkTable table;
    private final BitSet dirty = new BitSet();
    /** A view: read-only. */
    private boolean frozen;
    public TileLayer(int id, LayerAttributes attributes, int width, int height) {
        super(id, attributes);
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("layer size must be positive, was " + width + "x" + height);
        }
        this.width = width;
        this.height = height;
        this.chunksX = ceilDiv(width, CHUNK_SIZE);
        this.chunksY = ceilDiv(height, CHUNK_SIZE);
        this.table = new ChunkTable(Math.multiplyExact(chunksX, chunksY));
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }

    @Override
    public LayerKind kind() {
        return LayerKind.TILE;
    }

    public int width() {
        return width;
    }

    /** The layer property that makes a tile layer an IntGrid: its cells hold values 0..999999, not gids. */
    public static final String INTGRID = "tilewright.intgrid";
    /** Largest value an IntGrid cell holds (0 is empty). */
    public static final int MAX_INTGRID_VALUE = 999_999;

    /** Whether this layer holds IntGrid values (set by its {@value #INTGRID} property) rather than tiles. */
    public boolean isIntGrid() {
        return attributes().properties() != null && attributes().properties().flag(INTGRID);
    }

    public int height() {
        return height;
    }

    public TileRect bounds() {
        return new TileRect(0, 0, width, height);
    }

    public int chunksX() {
        return chunksX;
    }

    public int chunksY() {
        return chunksY;
    }

    /** Whether (x, y) is a cell of this layer. */
    public boolean contains(long x, long y) {
        return x >= 0 && y >= 0 && x < width && y < height;
    }

    public int get(int x, int y) {
        checkCell(x, y);
        int index = chunkIndex(x, y);
        int[] chunk = table.plain(index);
        if (chunk != null) {
            return chunk[cellIndex(x, y)];
        }
        PackedChunk held = table.packed(index);
        return held == null ? Gid.EMPTY : held.get(cellIndex(x, y));
    }

    /** Sets one cell and returns the gid it held. */
    public int set(int x, int y, int gid) {
        checkCell(x, y);
        if (frozen) {
            throw new IllegalStateException("a view of a layer is read-only");
        }
        int index = chunkIndex(x, y);
        int[] chunk = table.plain(index);
        PackedChunk held = table.packed(index);
        if (held != null) {
            if (held.get(cellIndex(x, y)) == gid) {
                return gid;
            }
            chunk = table.thaw(index, held);
        } else if (chunk != null && table.isShared(index)) {
            if (chunk[cellIndex(x, y)] == gid) {
                return gid;
            }
            chunk = chunk.clone(); // a view (or the other uniform chunks) still reads the old array
            table.setPlain(index, chunk);
            table.shared.clear(index);
            if (table.uniform.get(index)) {
                table.uniform.clear(index);
                table.allocated++;
            }
        }
        if (chunk == null) {
            if (gid == Gid.EMPTY) {
                return Gid.EMPTY;
            }
            chunk = new int[CHUNK_CELLS];
            table.setPlain(index, chunk);
            table.allocated++;
        }
        int cell = cellIndex(x, y);
        int previous = chunk[cell];
        if (previous != gid) {
            chunk[cell] = gid;
            dirty.set(index);
            table.touch(index);
        }
        return previous;
    }

    /** The gids of a rectangle inside the layer, row-major. */
    public int[] read(TileRect rect) {
        checkRect(rect);
        int[] out = new int[Math.toIntExact(rect.area())];
        for (int row = 0; row < rect.height(); row++) {
            int y = rect.y() + row;
            for (int x = rect.x(); x < rect.right(); ) {
                int runEnd = Math.min((int) rect.right(), (x / CHUNK_SIZE + 1) * CHUNK_SIZE);
                int index = chunkIndex(x, y);
                int[] chunk = table.plain(index);
                PackedChunk held;
                if (chunk != null) {
                    System.arraycopy(chunk, cellIndex(x, y), out, row * rect.width() + x - rect.x(), runEnd - x);
                } else if ((held = table.packed(index)) != null) {
                    held.copy(cellIndex(x, y), out, row * rect.width() + x - rect.x(), runEnd - x);
                }
                x = runEnd;
            }
        }
        return out;
    }

    /** Writes row-major gids into a rectangle inside the layer. */
    public void write(TileRect rect, int[] gids) {
        checkRect(rect);
        if (gids.length != rect.area()) {
            throw new IllegalArgumentException("a " + rect.width() + "x" + rect.height() + " region takes "
                    + rect.area() + " gids, got " + gids.length);
        }
        if (frozen) {
            throw new IllegalStateException("a view of a layer is read-only");
        }
        // a row's run inside one chunk of its own (plain, not shared) is compared and copied whole; elsewhere (a
        // chunk packed, shared or not there yet) cell by cell, which makes it one of its own for the next rows
        for (int row = 0; row < rect.height(); row++) {
            int y = rect.y() + row;
            for (int x = rect.x(); x < rect.right(); ) {
                int runEnd = Math.min((int) rect.right(), (x / CHUNK_SIZE + 1) * CHUNK_SIZE);
                int from = row * rect.width() + x - rect.x();
                int index = chunkIndex(x, y);
                int[] chunk = table.plain(index);
                if (chunk != null && !table.isShared(index) && table.packed(index) == null) {
                    int at = cellIndex(x, y);
                    int n = runEnd - x;
                    if (Arrays.mismatch(chunk, at, at + n, gids, from, from + n) >= 0) {
                        System.arraycopy(gids, from, chunk, at, n);
                        dirty.set(index);
                        table.touch(index);
                    }
                } else {
                    for (int cx = x; cx < runEnd; cx++) {
                        set(cx, y, gids[from + cx - x]);
                    }
                }
                x = runEnd;
            }
        }
    }

    /** Fills a rectangle with one gid; whole chunks it covers become a shared uniform array (or none, for empty). */
    public void fill(TileRect rect, int gid) {
        checkRect(rect);
        if (frozen) {
            throw new IllegalStateException("a view of a layer is read-only");
        }
        for (int cy = rect.y() / CHUNK_SIZE; cy <= (rect.bottom() - 1) / CHUNK_SIZE; cy++) {
            for (int cx = rect.x() / CHUNK_SIZE; cx <= (rect.right() - 1) / CHUNK_SIZE; cx++) {
                int x0 = Math.max(rect.x(), cx * CHUNK_SIZE);
                int y0 = Math.max(rect.y(), cy * CHUNK_SIZE);
                int x1 = (int) Math.min(rect.right(), (cx + 1L) * CHUNK_SIZE);
                int y1 = (int) Math.min(rect.bottom(), (cy + 1L) * CHUNK_SIZE);
                if (whole(cx, cy) && x1 - x0 == CHUNK_SIZE && y1 - y0 == CHUNK_SIZE) {
                    replace(cy * chunksX + cx, gid);
                    continue;
                }
                for (int y = y0; y < y1; y++) {
                    for (int x = x0; x < x1; x++) {
                        set(x, y, gid);
                    }
                }
            }
        }
    }

    /**
     * Puts the cells of {@code rect} back as {@code past} holds them (this layer as it was at another version; cells
     * outside it read as empty): a chunk the rectangle covers whole is taken from {@code past} as it is there, by
     * reference where its form allows ({@link ChunkTable#adopt}), and not touched when it is the same chunk already;
     * the others cell by cell. So putting back a whole 8192x8192 layer costs a few references a chunk, not its cells.
     */
    public void restore(TileRect rect, TileLayer past) {
        checkRect(rect);
        if (frozen) {
            throw new IllegalStateException("a view of a layer is read-only");
        }
        boolean sameLayout = past.width == width && past.height == height;
        for (int cy = rect.y() / CHUNK_SIZE; cy <= (rect.bottom() - 1) / CHUNK_SIZE; cy++) {
            for (int cx = rect.x() / CHUNK_SIZE; cx <= (rect.right() - 1) / CHUNK_SIZE; cx++) {
                TileRect part = rect.intersection(new TileRect(cx * CHUNK_SIZE, cy * CHUNK_SIZE, CHUNK_SIZE,
                        CHUNK_SIZE));
                int index = cy * chunksX + cx;
                if (sameLayout && part.area() == CHUNK_CELLS) {
                    if (!sameChunk(past, cx, cy)) {
                        table.adopt(index, past.table);
                        dirty.set(index);
                    }
                    continue;
                }
                for (int y = part.y(); y < part.bottom(); y++) {
                    for (int x = part.x(); x < part.right(); x++) {
                        set(x, y, past.contains(x, y) ? past.get(x, y) : Gid.EMPTY);
                    }
                }
            }
        }
    }

    /** Whether chunk (cx, cy) lies wholly inside the layer (a chunk at its right or bottom edge may not). */
    private boolean whole(int cx, int cy) {
        return (cx + 1L) * CHUNK_SIZE <= width && (cy + 1L) * CHUNK_SIZE <= height;
    }

    /** Chunk {@code index} (whole, inside the layer) showing {@code gid} in every cell: none for empty, else shared. */
    private void replace(int index, int gid) {
        int[] before = table.plain(index);
        int[] after = gid == Gid.EMPTY ? null : table.uniformArray(gid);
        if (table.packed(index) == null && (before == after || before == null && gid == Gid.EMPTY)) {
            return;
        }
        table.release(index);
        table.setPlain(index, after);
        table.uniform.set(index, after != null);
        table.shared.set(index, after != null);
        dirty.set(index);
        table.touch(index);
    }

    /**
     * Once more than twice {@code keepPlain} chunks are held as plain arrays, packs all but the {@code keepPlain} most
     * recently written ({@link ChunkTable#compact}). What the layer holds does not change, so nothing is marked
     * changed and stamps stay. A view is left as it is.
     */
    public void compact(int keepPlain) {
        if (!frozen) {
            table.compact(keepPlain, i -> whole(i % chunksX, i / chunksX));
        }
    }

    /** Whether every gid of the array is its first. */
    public static boolean isUniform(int[] gids) {
        for (int gid : gids) {
            if (gid != gids[0]) {
                return false;
            }
        }
        return true;
    }

    /** The chunk at chunk column cx, row cy, or null when it holds no tile. Callers must not modify it. */
    public int[] chunk(int cx, int cy) {
        int[] chunk = table.cells(checkChunk(cx, cy));
        return chunk == null || isBlank(chunk) ? null : chunk;
    }

    /**
     * The cells of chunk (cx, cy), row-major {@value #CHUNK_SIZE} wide, or null when it was never painted: its live
     * array, or one unpacked for the caller when it is held packed. For tight loops that read many cells; callers
     * must not modify it or keep it past the map's lock.
     */
    public int[] liveChunk(int cx, int cy) {
        return table.cells(checkChunk(cx, cy));
    }

    /**
     * Whether chunk (cx, cy) of this layer and of {@code other} (of one size) are known to hold the same cells
     * without reading them: both never painted, or one a copy or view of the other (or restored from it) with that
     * chunk unchanged since.
     */
    public boolean sameChunk(TileLayer other, int cx, int cy) {
        int index = checkChunk(cx, cy);
        long stamp = table.stamp(index);
        return stamp == other.table.stamp(index) && (stamp != 0 || table.plain(index) == null && table.packed(index) == null
                && other.table.plain(index) == null && other.table.packed(index) == null);
    }

    /**
     * Whether chunk (cx, cy) is known to show one gid in every cell: never painted (then empty, and {@link
     * #liveChunk} is null) or filled whole with one gid (then {@code liveChunk(cx, cy)[0]} is it). A chunk painted
     * cell by cell may hold one gid without being known to.
     */
    public boolean uniformChunk(int cx, int cy) {
        int index = checkChunk(cx, cy);
        return table.plain(index) == null && table.packed(index) == null || table.uniform.get(index);
    }

    /** Installs a chunk read from storage, held packed (or shared, when it shows one gid); does not mark it changed. */
    public void loadChunk(int cx, int cy, int[] gids) {
        if (frozen) {
            throw new IllegalStateException("a view of a layer is read-only");
        }
        if (gids.length != CHUNK_CELLS) {
            throw new IllegalArgumentException("a chunk holds " + CHUNK_CELLS + " gids, got " + gids.length);
        }
        int index = checkChunk(cx, cy);
        table.load(index, gids, whole(cx, cy));
        table.touch(index);
    }

    /**
     * A number that names the content of chunk (cx, cy) in this process: it changes whenever a cell of the chunk
     * does, and two layers share it only when one is a copy of the other with that chunk unchanged, or took the chunk
     * from the other ({@link #restore}). 0 for a chunk never painted. Caches of anything drawn from a chunk key on it.
     */
    public long chunkStamp(int cx, int cy) {
        return table.stamp(checkChunk(cx, cy));
    }

    /** Chunk indices ({@code cy * chunksX + cx}) written since the last {@link #markClean()}. */
    public BitSet changedChunks() {
        return (BitSet) dirty.clone();
    }

    @Override
    public void markAllChanged() {
        dirty.set(0, table.count);
    }

    @Override
    public void markClean() {
        dirty.clear();
    }

    /**
     * Roughly what the layer takes on the heap: its chunk tables and stamps, its plain chunks and uniform arrays, its
     * packed chunks.
     */
    @Override
    public long heapBytes() {
        return table.heapBytes();
    }

    @Override
    public TileLayer copy() {
        TileLayer copy = new TileLayer(id(), attributes(), width, height);
        copy.table = table.copy();
        return copy;
    }

    /**
     * A read-only copy as the layer is now, made in time proportional to its pages of chunks: it shares the pages and
     * the chunk arrays, and this layer copies a shared page, then a shared chunk, before its next write to them. For
     * reading a map outside its lock.
     */
    @Override
    public TileLayer view() {
        TileLayer view = new TileLayer(id(), attributes(), width, height);
        view.table = table.view();
        view.frozen = true;
        return view;
    }

    /** True when both layers hold the same gids (attributes aside). */
    public boolean sameCells(TileLayer other) {
        if (width != other.width || height != other.height) {
            return false;
        }
        for (int i = 0; i < table.count; i++) {
            if (table.bothBlank(other.table, i)) {
                i = ChunkTable.pageEnd(i); // neither holds a chunk of this page
                continue;
            }
            if (table.stamp(i) == other.table.stamp(i) && table.stamp(i) != 0) {
                continue; // one is a copy of the other, this chunk unchanged since
            }
            int[] a = table.cells(i);
            int[] b = other.table.cells(i);
            if (!(a == null ? b == null || isBlank(b) : b == null ? isBlank(a) : Arrays.equals(a, b))) {
                return false;
            }
        }
        return true;
    }

    static boolean isBlank(int[] chunk) {
        for (int gid : chunk) {
            if (gid != Gid.EMPTY) {
                return false;
            }
        }
        return true;
    }

    private int chunkIndex(int x, int y) {
        return (y / CHUNK_SIZE) * chunksX + x / CHUNK_SIZE;
    }

    private static int cellIndex(int x, int y) {
        return (y % CHUNK_SIZE) * CHUNK_SIZE + x % CHUNK_SIZE;
    }

    private void checkCell(int x, int y) {
        if (x < 0 || y < 0 || x >= width || y >= height) {
            throw new IndexOutOfBoundsException("cell (" + x + ", " + y + ") is outside the " + width + "x" + height + " layer");
        }
    }

    private void checkRect(TileRect rect) {
        if (!bounds().contains(rect)) {
            throw new IndexOutOfBoundsException(rect + " is outside the " + width + "x" + height + " layer");
        }
    }

    private int checkChunk(int cx, int cy) {
        if (cx < 0 || cy < 0 || cx >= chunksX || cy >= chunksY) {
            throw new IndexOutOfBoundsException("chunk (" + cx + ", " + cy + ") is outside " + chunksX + "x" + chunksY);
        }
        return cy * chunksX + cx;
    }
}
