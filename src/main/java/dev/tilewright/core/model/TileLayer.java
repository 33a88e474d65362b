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
    /** How many chunks the layer has: {@code chunksX * chunksY}. */
    private final int count;
    /**
     * The chunk table in pages of {@value #PAGE} chunks (index {@code cy * chunksX + cx}): a page no chunk of which
     * was ever painted is null, so a big layer mostly empty costs little, and a view shares the pages (copy on write),
     * so it is made in time proportional to the pages, not the chunks.
     */
    private final Page[] pages;
    /** Pages a {@link #view()} holds too: the next write to one copies it first. */
    private final BitSet sharedPages = new BitSet();
    /** What the packed chunks take. */
    private long packedBytes;
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
        this.count = Math.multiplyExact(chunksX, chunksY);
        this.pages = new Page[(count + PAGE - 1) >>> PAGE_BITS];
    }

    private static final int PAGE_BITS = 8;
    private static final int PAGE = 1 << PAGE_BITS;
    /** What a page of the table takes: the object, its three arrays' headers, and per chunk two references and a stamp. */
    static final long PAGE_BYTES = 16 + 3 * 16 + PAGE * 16L;

    /**
     * {@value #PAGE} chunks of the table: per chunk its plain array (or a uniform one shared), else its packed
     * cells, and a stamp unique in this process for its content, new whenever a cell of it changes.
     */
    private static final class Page {
        final int[][] plain = new int[PAGE][];
        final PackedChunk[] packed = new PackedChunk[PAGE];
        final long[] stamps = new long[PAGE];

        Page copy() {
            Page copy = new Page();
            System.arraycopy(plain, 0, copy.plain, 0, PAGE);
            System.arraycopy(packed, 0, copy.packed, 0, PAGE);
            System.arraycopy(stamps, 0, copy.stamps, 0, PAGE);
            return copy;
        }
    }

    private int[] plain(int index) {
        Page page = pages[index >>> PAGE_BITS];
        return page == null ? null : page.plain[index & (PAGE - 1)];
    }

    private PackedChunk packedAt(int index) {
        Page page = pages[index >>> PAGE_BITS];
        return page == null ? null : page.packed[index & (PAGE - 1)];
    }

    private long stampAt(int index) {
        Page page = pages[index >>> PAGE_BITS];
        return page == null ? 0 : page.stamps[index & (PAGE - 1)];
    }

    /** The page of chunk {@code index}, this layer's own to write: made when missing, copied when a view holds it. */
    private Page writable(int index) {
        int at = index >>> PAGE_BITS;
        Page page = pages[at];
        if (page == null) {
            page = pages[at] = new Page();
        } else if (sharedPages.get(at)) {
            page = pages[at] = page.copy();
            sharedPages.clear(at);
            for (int i = 0, first = at << PAGE_BITS; i < PAGE; i++) {
                if (page.plain[i] != null) {
                    shared.set(first + i); // the view reads these arrays: copy each before writing it
                }
            }
        }
        return page;
    }

    private void setPlain(int index, int[] chunk) {
        if (chunk != null || pages[index >>> PAGE_BITS] != null) {
            writable(index).plain[index & (PAGE - 1)] = chunk;
        }
    }

    private void setPacked(int index, PackedChunk cells) {
        if (cells != null || pages[index >>> PAGE_BITS] != null) {
            writable(index).packed[index & (PAGE - 1)] = cells;
        }
    }

    private void touch(int index) {
        writable(index).stamps[index & (PAGE - 1)] = STAMPS.incrementAndGet();
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
        Page page = pages[index >>> PAGE_BITS];
        if (page == null) {
            return Gid.EMPTY;
        }
        int[] chunk = page.plain[index & (PAGE - 1)];
        if (chunk != null) {
            return chunk[cellIndex(x, y)];
        }
        PackedChunk held = page.packed[index & (PAGE - 1)];
        return held == null ? Gid.EMPTY : held.get(cellIndex(x, y));
    }

    /** Sets one cell and returns the gid it held. */
    public int set(int x, int y, int gid) {
        checkCell(x, y);
        if (frozen) {
            throw new IllegalStateException("a view of a layer is read-only");
        }
        int index = chunkIndex(x, y);
        int[] chunk = plain(index);
        PackedChunk held = packedAt(index);
        if (held != null) {
            if (held.get(cellIndex(x, y)) == gid) {
                return gid;
            }
            chunk = held.unpack();
            setPacked(index, null);
            setPlain(index, chunk);
            packedBytes -= held.bytes();
            allocated++;
        } else if (chunk != null && (shared.get(index) || sharedPages.get(index >>> PAGE_BITS))) {
            if (chunk[cellIndex(x, y)] == gid) {
                return gid;
            }
            chunk = chunk.clone(); // a view (or the other uniform chunks) still reads the old array
            setPlain(index, chunk);
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
            chunk = new int[CHUNK_CELLS];
            setPlain(index, chunk);
            allocated++;
        }
        int cell = cellIndex(x, y);
        int previous = chunk[cell];
        if (previous != gid) {
            chunk[cell] = gid;
            dirty.set(index);
            touch(index);
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
                int[] chunk = plain(index);
                PackedChunk held;
                if (chunk != null) {
                    System.arraycopy(chunk, cellIndex(x, y), out, row * rect.width() + x - rect.x(), runEnd - x);
                } else if ((held = packedAt(index)) != null) {
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
        int[] before = plain(index);
        int[] after = gid == Gid.EMPTY ? null : uniformArray(gid);
        if (packedAt(index) == null && (before == after || before == null && gid == Gid.EMPTY)) {
            return;
        }
        release(index);
        setPlain(index, after);
        uniform.set(index, after != null);
        shared.set(index, after != null);
        dirty.set(index);
        touch(index);
    }

    private int[] uniformArray(int gid) {
        int[] kept = uniforms.get(gid);
        if (kept != null) {
            return kept;
        }
        if (uniforms.size() >= UNIFORMS_KEPT) {
            Set<int[]> shown = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            uniform.stream().forEach(i -> shown.add(plain(i)));
            uniforms.values().removeIf(array -> !shown.contains(array));
        }
        int[] array = new int[CHUNK_CELLS];
        Arrays.fill(array, gid);
        uniforms.put(gid, array);
        return array;
    }

    /** Lets go of what chunk {@code index} holds, whatever its form (its stamp and flags are the caller's to set). */
    private void release(int index) {
        PackedChunk held = packedAt(index);
        if (held != null) {
            packedBytes -= held.bytes();
            setPacked(index, null);
        } else if (plain(index) != null && !uniform.get(index)) {
            allocated--;
        }
        setPlain(index, null);
    }

    /** The cells of chunk {@code index} as plain ints (unpacked into a new array when packed), or null if none. */
    private int[] cells(int index) {
        int[] chunk = plain(index);
        PackedChunk held;
        return chunk != null || (held = packedAt(index)) == null ? chunk : held.unpack();
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
        int found = 0;
        for (int i = nextPainted(0); i >= 0; i = nextPainted(i + 1)) {
            if (plain(i) != null && !uniform.get(i)) {
                written[found++] = stampAt(i);
            }
        }
        if (found <= keepPlain) {
            return;
        }
        Arrays.sort(written, 0, found);
        long cut = keepPlain <= 0 ? Long.MAX_VALUE : written[found - keepPlain];
        for (int i = nextPainted(0); i >= 0; i = nextPainted(i + 1)) {
            int[] chunk = plain(i);
            if (chunk == null || uniform.get(i) || stampAt(i) >= cut) {
                continue;
            }
            if (isBlank(chunk)) {
                release(i);
                shared.clear(i);
            } else if (whole(i % chunksX, i / chunksX) && isUniform(chunk)) {
                release(i);
                setPlain(i, uniformArray(chunk[0]));
                uniform.set(i);
                shared.set(i);
            } else {
                PackedChunk cells = PackedChunk.of(chunk);
                if (cells != null) {
                    release(i);
                    setPacked(i, cells);
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
        long stamp = stampAt(index);
        return stamp == other.stampAt(index) && (stamp != 0 || plain(index) == null && packedAt(index) == null
                && other.plain(index) == null && other.packedAt(index) == null);
    }

    /**
     * Whether chunk (cx, cy) is known to show one gid in every cell: never painted (then empty, and {@link
     * #liveChunk} is null) or filled whole with one gid (then {@code liveChunk(cx, cy)[0]} is it). A chunk painted
     * cell by cell may hold one gid without being known to.
     */
    public boolean uniformChunk(int cx, int cy) {
        int index = checkChunk(cx, cy);
        return plain(index) == null && packedAt(index) == null || uniform.get(index);
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
            setPlain(index, uniformArray(gids[0]));
            uniform.set(index);
            shared.set(index);
        } else if ((cells = PackedChunk.of(gids)) != null) {
            setPacked(index, cells);
            packedBytes += cells.bytes();
        } else {
            setPlain(index, gids.clone());
            allocated++;
        }
        touch(index);
    }

    /**
     * A number that names the content of chunk (cx, cy) in this process: it changes whenever a cell of the chunk
     * does, and two layers share it only when one is a copy of the other with that chunk unchanged. 0 for a chunk
     * never painted. Caches of anything drawn from a chunk key on it.
     */
    public long chunkStamp(int cx, int cy) {
        return stampAt(checkChunk(cx, cy));
    }

    /** Chunk indices ({@code cy * chunksX + cx}) written since the last {@link #markClean()}. */
    public BitSet changedChunks() {
        return (BitSet) dirty.clone();
    }

    @Override
    public void markAllChanged() {
        dirty.set(0, count);
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
        long table = 64 + 8L * pages.length + (long) pagesHeld() * PAGE_BYTES;
        return table + (long) (allocated + uniforms.size()) * PackedChunk.RAW_BYTES + packedBytes;
    }

    @Override
    public TileLayer copy() {
        TileLayer copy = new TileLayer(id(), attributes(), width, height);
        for (int at = 0; at < pages.length; at++) {
            if (pages[at] == null) {
                continue;
            }
            Page page = copy.pages[at] = pages[at].copy(); // packed chunks are immutable: shared
            for (int i = 0; i < PAGE; i++) {
                if (page.plain[i] != null && !uniform.get((at << PAGE_BITS) + i)) {
                    page.plain[i] = page.plain[i].clone();
                }
            }
        }
        copy.packedBytes = packedBytes;
        // uniform arrays are never written in place, so the copy shares them as this layer does
        copy.uniform.or(uniform);
        copy.shared.or(uniform);
        copy.uniforms.putAll(uniforms);
        copy.allocated = allocated;
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
        System.arraycopy(pages, 0, view.pages, 0, pages.length);
        for (int at = 0; at < pages.length; at++) {
            if (pages[at] != null) {
                sharedPages.set(at);
            }
        }
        view.allocated = allocated;
        view.packedBytes = packedBytes;
        view.uniform.or(uniform);
        view.uniforms.putAll(uniforms);
        view.frozen = true;
        return view;
    }

    /** The first chunk index at or after {@code from} in a page that holds any chunk, or -1. */
    private int nextPainted(int from) {
        for (int at = from >>> PAGE_BITS; at < pages.length; at++) {
            if (pages[at] != null) {
                int index = Math.max(from, at << PAGE_BITS);
                if (index < count) {
                    return index;
                }
            }
        }
        return -1;
    }

    /** How many pages of the chunk table are held. */
    private int pagesHeld() {
        int held = 0;
        for (Page page : pages) {
            if (page != null) {
                held++;
            }
        }
        return held;
    }

    /** True when both layers hold the same gids (attributes aside). */
    public boolean sameCells(TileLayer other) {
        if (width != other.width || height != other.height) {
            return false;
        }
        for (int i = 0; i < count; i++) {
            if (pages[i >>> PAGE_BITS] == null && other.pages[i >>> PAGE_BITS] == null) {
                i |= PAGE - 1; // neither holds a chunk of this page
                continue;
            }
            if (stampAt(i) == other.stampAt(i) && stampAt(i) != 0) {
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
