package dev.tilewright.core.model;

import dev.tilewright.core.geom.TileRect;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Set;
import java.util.Map;
import java.util.HashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A layer of gids stored as square chunks of {@value #CHUNK_SIZE}x{@value #CHUNK_SIZE} cells, row-major inside a
 * chunk. What a chunk costs follows what it holds: one never painted is nothing ({@code null}) and reads as empty;
 * one of a single gid shares one array with every other such chunk; one loaded from storage, or not written for a
 * while ({@link #compact}), is held packed ({@link PackedChunk}: its distinct gids and a few bits per cell); one
 * being written is a plain {@code int[]} until it is packed again. No object per tile exists. Every write records
 * the chunks it touched, so a store writes back only those.
 */
public final class TileLayer extends Layer {

    public static final int CHUNK_SIZE = 64;
    public static final int CHUNK_CELLS = CHUNK_SIZE * CHUNK_SIZE;

    private final int width;
    private final int height;
    private final int chunksX;
    private final int chunksY;
    private final int[][] chunks;
    /** Per chunk held packed, its cells (then its {@link #chunks} entry is null); null for the others. */
    private final PackedChunk[] packed;
    /** What the packed chunks take. */
    private long packedBytes;
    /** Per chunk, a stamp unique in this process for its content: new whenever a cell of it changes. */
    private final long[] stamps;
    private final BitSet dirty = new BitSet();
    /** Chunks whose array a {@link #view()} holds too: the next write to one copies it first (copy on write). */
    private final BitSet shared = new BitSet();
    /** A view: read-only. */
    private boolean frozen;
    /** How many chunks hold a plain array of their own (being written). */
    private int allocated;
    /**
     * Chunks (inside the layer, whole) that hold one gid in every cell: they share one array per gid ({@link
     * #uniforms}), so a fill of a whole 8192x8192 layer holds one array, not 16,384. A write to one copies it first.
     */
    private final BitSet uniform = new BitSet();
    private final Map<Integer, int[]> uniforms = new HashMap<>();
    /** Past this many arrays of uniform gids, those no chunk shows any more are let go. */
    private static final int UNIFORMS_KEPT = 64;
    private static final AtomicLong STAMPS = new AtomicLong();

    public TileLayer(int id, LayerAttributes attributes, int width, int height) {
        super(id, attributes);
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("layer size must be positive, was " + width + "x" + height);
        }
        this.width = width;
        this.height = height;
        this.chunksX = ceilDiv(width, CHUNK_SIZE);
        this.chunksY = ceilDiv(height, CHUNK_SIZE);
        this.chunks = new int[chunksX * chunksY][];
        this.packed = new PackedChunk[chunks.length];
        this.stamps = new long[chunks.length];
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
        int[] chunk = chunks[index];
        if (chunk != null) {
            return chunk[cellIndex(x, y)];
        }
        PackedChunk held = packed[index];
        return held == null ? Gid.EMPTY : held.get(cellIndex(x, y));
    }

    /** Sets one cell and returns the gid it held. */
    public int set(int x, int y, int gid) {
        checkCell(x, y);
        if (frozen) {
            throw new IllegalStateException("a view of a layer is read-only");
        }
        int index = chunkIndex(x, y);
        int[] chunk = chunks[index];
        PackedChunk held = packed[index];
        if (held != null) {
            if (held.get(cellIndex(x, y)) == gid) {
                return gid;
            }
            chunk = chunks[index] = held.unpack();
            packed[index] = null;
            packedBytes -= held.bytes();
            allocated++;
        } else if (chunk != null && shared.get(index)) {
            if (chunk[cellIndex(x, y)] == gid) {
                return gid;
            }
            chunk = chunks[index] = chunk.clone(); // a view (or the other uniform chunks) still reads the old array
            shared.clear(index);
            if (uniform.get(index)) {
                uniform.clear(index);
                allocated++;
            }
        }
        if (chunk == null) {
            if (gid == Gid.EMPTY) {
                return Gid.EMPTY;
            }
            chunk = chunks[index] = new int[CHUNK_CELLS];
            allocated++;
        }
        int cell = cellIndex(x, y);
        int previous = chunk[cell];
        if (previous != gid) {
            chunk[cell] = gid;
            dirty.set(index);
            stamps[index] = STAMPS.incrementAndGet();
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
                int[] chunk = chunks[index];
                if (chunk != null) {
                    System.arraycopy(chunk, cellIndex(x, y), out, row * rect.width() + x - rect.x(), runEnd - x);
                } else if (packed[index] != null) {
                    packed[index].copy(cellIndex(x, y), out, row * rect.width() + x - rect.x(), runEnd - x);
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
        int i = 0;
        for (int y = rect.y(); y < rect.bottom(); y++) {
            for (int x = rect.x(); x < rect.right(); x++) {
                set(x, y, gids[i++]);
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

    /** Whether chunk (cx, cy) lies wholly inside the layer (a chunk at its right or bottom edge may not). */
    private boolean whole(int cx, int cy) {
        return (cx + 1L) * CHUNK_SIZE <= width && (cy + 1L) * CHUNK_SIZE <= height;
    }

    /** Chunk {@code index} (whole, inside the layer) showing {@code gid} in every cell: none for empty, else shared. */
    private void replace(int index, int gid) {
        int[] before = chunks[index];
        int[] after = gid == Gid.EMPTY ? null : uniformArray(gid);
        if (packed[index] == null && (before == after || before == null && gid == Gid.EMPTY)) {
            return;
        }
        release(index);
        chunks[index] = after;
        uniform.set(index, after != null);
        shared.set(index, after != null);
        dirty.set(index);
        stamps[index] = STAMPS.incrementAndGet();
    }

    private int[] uniformArray(int gid) {
        int[] kept = uniforms.get(gid);
        if (kept != null) {
            return kept;
        }
        if (uniforms.size() >= UNIFORMS_KEPT) {
            Set<int[]> shown = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            uniform.stream().forEach(i -> shown.add(chunks[i]));
            uniforms.values().removeIf(array -> !shown.contains(array));
        }
        int[] array = new int[CHUNK_CELLS];
        Arrays.fill(array, gid);
        uniforms.put(gid, array);
        return array;
    }

    /** Lets go of what chunk {@code index} holds, whatever its form (its stamp and flags are the caller's to set). */
    private void release(int index) {
        if (packed[index] != null) {
            packedBytes -= packed[index].bytes();
            packed[index] = null;
        } else if (chunks[index] != null && !uniform.get(index)) {
            allocated--;
        }
        chunks[index] = null;
    }

    /** The cells of chunk {@code index} as plain ints (unpacked into a new array when packed), or null if none. */
    private int[] cells(int index) {
        int[] chunk = chunks[index];
        return chunk != null || packed[index] == null ? chunk : packed[index].unpack();
    }

    /**
     * Once more than twice {@code keepPlain} chunks are held as plain arrays, packs all but the {@code keepPlain} most
     * recently written (a stroke goes on in them; the slack spreads the scan of the chunk table over many edits):
     * each becomes empty or a shared uniform array when it shows one gid, else packed, unless packing would not save
     * bytes. What it holds does not change, so nothing is marked changed and stamps stay. A view is left as it is.
     */
    public void compact(int keepPlain) {
        if (frozen || allocated <= 2 * Math.max(0, keepPlain)) {
            return;
        }
        long[] written = new long[allocated];
        int count = 0;
        for (int i = 0; i < chunks.length; i++) {
            if (chunks[i] != null && !uniform.get(i)) {
                written[count++] = stamps[i];
            }
        }
        if (count <= keepPlain) {
            return;
        }
        Arrays.sort(written, 0, count);
        long cut = keepPlain <= 0 ? Long.MAX_VALUE : written[count - keepPlain];
        for (int i = 0; i < chunks.length; i++) {
            int[] chunk = chunks[i];
            if (chunk == null || uniform.get(i) || stamps[i] >= cut) {
                continue;
            }
            if (isBlank(chunk)) {
                release(i);
                shared.clear(i);
            } else if (whole(i % chunksX, i / chunksX) && isUniform(chunk)) {
                release(i);
                chunks[i] = uniformArray(chunk[0]);
                uniform.set(i);
                shared.set(i);
            } else {
                PackedChunk cells = PackedChunk.of(chunk);
                if (cells != null) {
                    release(i);
                    packed[i] = cells;
                    packedBytes += cells.bytes();
                    shared.clear(i);
                }
            }
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
        int[] chunk = cells(checkChunk(cx, cy));
        return chunk == null || isBlank(chunk) ? null : chunk;
    }

    /**
     * The cells of chunk (cx, cy), row-major {@value #CHUNK_SIZE} wide, or null when it was never painted: its live
     * array, or one unpacked for the caller when it is held packed. For tight loops that read many cells; callers
     * must not modify it or keep it past the map's lock.
     */
    public int[] liveChunk(int cx, int cy) {
        return cells(checkChunk(cx, cy));
    }

    /**
     * Whether chunk (cx, cy) of this layer and of {@code other} (of one size) are known to hold the same cells
     * without reading them: both never painted, or one a copy or view of the other with that chunk unchanged since.
     */
    public boolean sameChunk(TileLayer other, int cx, int cy) {
        int index = checkChunk(cx, cy);
        return stamps[index] == other.stamps[index] && (stamps[index] != 0 || chunks[index] == null
                && packed[index] == null && other.chunks[index] == null && other.packed[index] == null);
    }

    /**
     * Whether chunk (cx, cy) is known to show one gid in every cell: never painted (then empty, and {@link
     * #liveChunk} is null) or filled whole with one gid (then {@code liveChunk(cx, cy)[0]} is it). A chunk painted
     * cell by cell may hold one gid without being known to.
     */
    public boolean uniformChunk(int cx, int cy) {
        int index = checkChunk(cx, cy);
        return chunks[index] == null && packed[index] == null || uniform.get(index);
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
        release(index);
        uniform.clear(index);
        shared.clear(index);
        PackedChunk cells;
        if (whole(cx, cy) && gids[0] != Gid.EMPTY && isUniform(gids)) {
            chunks[index] = uniformArray(gids[0]);
            uniform.set(index);
            shared.set(index);
        } else if ((cells = PackedChunk.of(gids)) != null) {
            packed[index] = cells;
            packedBytes += cells.bytes();
        } else {
            chunks[index] = gids.clone();
            allocated++;
        }
        stamps[index] = STAMPS.incrementAndGet();
    }

    /**
     * A number that names the content of chunk (cx, cy) in this process: it changes whenever a cell of the chunk
     * does, and two layers share it only when one is a copy of the other with that chunk unchanged. 0 for a chunk
     * never painted. Caches of anything drawn from a chunk key on it.
     */
    public long chunkStamp(int cx, int cy) {
        return stamps[checkChunk(cx, cy)];
    }

    /** Chunk indices ({@code cy * chunksX + cx}) written since the last {@link #markClean()}. */
    public BitSet changedChunks() {
        return (BitSet) dirty.clone();
    }

    @Override
    public void markAllChanged() {
        dirty.set(0, chunks.length);
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
        return 64 + 20L * chunks.length + (long) (allocated + uniforms.size()) * PackedChunk.RAW_BYTES + packedBytes;
    }

    @Override
    public TileLayer copy() {
        TileLayer copy = new TileLayer(id(), attributes(), width, height);
        for (int i = 0; i < chunks.length; i++) {
            copy.chunks[i] = chunks[i] == null || uniform.get(i) ? chunks[i] : chunks[i].clone();
        }
        System.arraycopy(packed, 0, copy.packed, 0, packed.length); // packed chunks are immutable: shared
        copy.packedBytes = packedBytes;
        // uniform arrays are never written in place, so the copy shares them as this layer does
        copy.uniform.or(uniform);
        copy.shared.or(uniform);
        copy.uniforms.putAll(uniforms);
        System.arraycopy(stamps, 0, copy.stamps, 0, stamps.length);
        copy.allocated = allocated;
        return copy;
    }

    /**
     * A read-only copy as the layer is now, made in time proportional to its chunk count: it shares the chunk arrays,
     * and this layer copies a shared chunk before its next write to it. For reading a map outside its lock.
     */
    @Override
    public TileLayer view() {
        TileLayer view = new TileLayer(id(), attributes(), width, height);
        System.arraycopy(chunks, 0, view.chunks, 0, chunks.length);
        System.arraycopy(packed, 0, view.packed, 0, packed.length);
        System.arraycopy(stamps, 0, view.stamps, 0, stamps.length);
        view.allocated = allocated;
        view.packedBytes = packedBytes;
        view.uniform.or(uniform);
        view.uniforms.putAll(uniforms);
        view.frozen = true;
        for (int i = 0; i < chunks.length; i++) {
            if (chunks[i] != null) {
                shared.set(i);
            }
        }
        return view;
    }

    /** True when both layers hold the same gids (attributes aside). */
    public boolean sameCells(TileLayer other) {
        if (width != other.width || height != other.height) {
            return false;
        }
        for (int i = 0; i < chunks.length; i++) {
            if (stamps[i] == other.stamps[i] && stamps[i] != 0) {
                continue; // one is a copy of the other, this chunk unchanged since
            }
            int[] a = cells(i);
            int[] b = other.cells(i);
            if (!(a == null ? b == null || isBlank(b) : b == null ? isBlank(a) : Arrays.equals(a, b))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isBlank(int[] chunk) {
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
