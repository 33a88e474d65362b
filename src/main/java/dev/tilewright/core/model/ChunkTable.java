package dev.tilewright.core.model;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntPredicate;

/**
 * A tile layer's chunks and the forms they are held in ({@link TileLayer}): none for a chunk never painted, one shared
 * array per gid for whole chunks of one gid, packed ({@link PackedChunk}), or a plain array while being written. The
 * table is in pages of {@value #PAGE} chunks by index {@code cy * chunksX +
 * cx}: per chunk its plain array (or a uniform one shared), else its packed cells, and a stamp unique in this process
 * for its content, new whenever a cell of it changes. A page no chunk of which was ever painted is null, so a big
 * layer mostly empty costs little; a view shares the pages (copy on write, then the chunk arrays), so it is made in
 * time proportional to the pages, not the chunks.
 */
final class ChunkTable {

    private static final int PAGE_BITS = 8;
    private static final int PAGE = 1 << PAGE_BITS;
    /** What a page takes: the object, its three arrays' headers, and per chunk two references and a stamp. */
    static final long PAGE_BYTES = 16 + 3 * 16 + PAGE * 16L;
    private static final AtomicLong STAMPS = new AtomicLong();

    /** How many chunks the table has. */
    final int count;
    private final Page[] pages;
    /** Pages a view holds too: the next write to one copies it first. */
    private final BitSet sharedPages = new BitSet();
    /** Chunks whose array a view (or other chunks) holds too: the next write to one copies it first. */
    final BitSet shared = new BitSet();
    /**
     * Chunks (inside the layer, whole) that hold one gid in every cell: they share one array per gid ({@link
     * #uniforms}), so a fill of a whole 8192x8192 layer holds one array, not 16,384. A write to one copies it first.
     */
    final BitSet uniform = new BitSet();
    private final Map<Integer, int[]> uniforms = new HashMap<>();
    /** Past this many arrays of uniform gids, those no chunk shows any more are let go. */
    private static final int UNIFORMS_KEPT = 64;
    /** How many chunks hold a plain array of their own (being written). */
    int allocated;
    /** What the packed chunks take. */
    private long packedBytes;

    ChunkTable(int count) {
        this.count = count;
        this.pages = new Page[(count + PAGE - 1) >>> PAGE_BITS];
    }

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

    int[] plain(int index) {
        Page page = pages[index >>> PAGE_BITS];
        return page == null ? null : page.plain[index & (PAGE - 1)];
    }

    PackedChunk packed(int index) {
        Page page = pages[index >>> PAGE_BITS];
        return page == null ? null : page.packed[index & (PAGE - 1)];
    }

    long stamp(int index) {
        Page page = pages[index >>> PAGE_BITS];
        return page == null ? 0 : page.stamps[index & (PAGE - 1)];
    }

    /** Whether chunk {@code index}'s plain array is read elsewhere too (copy it before writing). */
    boolean isShared(int index) {
        return shared.get(index) || sharedPages.get(index >>> PAGE_BITS);
    }

    /** The page of chunk {@code index}, this table's own to write: made when missing, copied when a view holds it. */
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

    void setPlain(int index, int[] chunk) {
        if (chunk != null || pages[index >>> PAGE_BITS] != null) {
            writable(index).plain[index & (PAGE - 1)] = chunk;
        }
    }

    void setPacked(int index, PackedChunk cells) {
        if (cells != null || pages[index >>> PAGE_BITS] != null) {
            writable(index).packed[index & (PAGE - 1)] = cells;
        }
    }

    /** Chunk {@code index} changed: a new stamp. */
    void touch(int index) {
        writable(index).stamps[index & (PAGE - 1)] = STAMPS.incrementAndGet();
    }

    /** Whether neither table holds a chunk of the page of chunk {@code index}. */
    boolean bothBlank(ChunkTable other, int index) {
        return pages[index >>> PAGE_BITS] == null && other.pages[index >>> PAGE_BITS] == null;
    }

    /** The last chunk index of the page of chunk {@code index}. */
    static int pageEnd(int index) {
        return index | (PAGE - 1);
    }

    /** The first chunk index at or after {@code from} in a page that holds any chunk, or -1. */
    int nextPainted(int from) {
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

    /** Roughly what it takes on the heap: the pages held, the plain and uniform arrays, the packed chunks. */
    long heapBytes() {
        long bytes = 64 + 8L * pages.length + (long) (allocated + uniforms.size()) * PackedChunk.RAW_BYTES + packedBytes;
        for (Page page : pages) {
            if (page != null) {
                bytes += PAGE_BYTES;
            }
        }
        return bytes;
    }

    /** A table reading what this one holds now, sharing its pages; this one copies a page before writing it. */
    ChunkTable view() {
        ChunkTable view = new ChunkTable(count);
        System.arraycopy(pages, 0, view.pages, 0, pages.length);
        view.counts(this);
        for (int at = 0; at < pages.length; at++) {
            if (pages[at] != null) {
                sharedPages.set(at);
            }
        }
        return view;
    }

    /** A table of its own: pages copied, plain arrays cloned; uniform arrays, never written in place, are shared. */
    ChunkTable copy() {
        ChunkTable copy = new ChunkTable(count);
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
        copy.shared.or(uniform);
        copy.counts(this);
        return copy;
    }

    /** Takes the forms and counts of {@code other}'s chunks (this one now holds them too). */
    private void counts(ChunkTable other) {
        uniform.or(other.uniform);
        uniforms.putAll(other.uniforms);
        allocated = other.allocated;
        packedBytes = other.packedBytes;
    }

    /** The shared array of chunks showing {@code gid} in every cell. */
    int[] uniformArray(int gid) {
        int[] kept = uniforms.get(gid);
        if (kept != null) {
            return kept;
        }
        if (uniforms.size() >= UNIFORMS_KEPT) {
            Set<int[]> shown = Collections.newSetFromMap(new IdentityHashMap<>());
            uniform.stream().forEach(i -> shown.add(plain(i)));
            uniforms.values().removeIf(array -> !shown.contains(array));
        }
        int[] array = new int[TileLayer.CHUNK_CELLS];
        Arrays.fill(array, gid);
        uniforms.put(gid, array);
        return array;
    }

    /** Lets go of what chunk {@code index} holds, whatever its form (its stamp and flags are the caller's to set). */
    void release(int index) {
        PackedChunk held = packed(index);
        if (held != null) {
            packedBytes -= held.bytes();
            setPacked(index, null);
        } else if (plain(index) != null && !uniform.get(index)) {
            allocated--;
        }
        setPlain(index, null);
    }

    /**
     * Chunk {@code index} as {@code from} (a table of the same layout: the layer at another version) holds it, in the
     * same form: a packed chunk or a uniform one shared (they are never written in place), a plain one copied, none
     * released. Its stamp is taken too: it names the same cells, so what was drawn or compared of them still holds.
     */
    void adopt(int index, ChunkTable from) {
        release(index);
        uniform.clear(index);
        shared.clear(index);
        PackedChunk packed = from.packed(index);
        int[] plain = from.plain(index);
        if (packed != null) {
            setPacked(index, packed);
            packedBytes += packed.bytes();
        } else if (plain != null && from.uniform.get(index)) {
            setPlain(index, uniformArray(plain[0]));
            uniform.set(index);
            shared.set(index);
        } else if (plain != null) {
            setPlain(index, plain.clone());
            allocated++;
        }
        long stamp = from.stamp(index);
        if (stamp != 0 || pages[index >>> PAGE_BITS] != null) {
            writable(index).stamps[index & (PAGE - 1)] = stamp;
        }
    }

    /** Packed chunk {@code index} ({@code held}) as a plain array of its own, to be written. */
    int[] thaw(int index, PackedChunk held) {
        int[] chunk = held.unpack();
        setPacked(index, null);
        setPlain(index, chunk);
        packedBytes -= held.bytes();
        allocated++;
        return chunk;
    }

    /** The cells of chunk {@code index} as plain ints (unpacked into a new array when packed), or null if none. */
    int[] cells(int index) {
        int[] chunk = plain(index);
        PackedChunk held;
        return chunk != null || (held = packed(index)) == null ? chunk : held.unpack();
    }

    /** Holds chunk {@code index} as read from storage: shared when {@code whole} and of one gid, else packed. */
    void load(int index, int[] gids, boolean whole) {
        release(index);
        uniform.clear(index);
        shared.clear(index);
        PackedChunk cells;
        if (whole && gids[0] != Gid.EMPTY && TileLayer.isUniform(gids)) {
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
    }

    /**
     * Once more than twice {@code keepPlain} chunks are held as plain arrays, packs all but the {@code keepPlain} most
     * recently written (a stroke goes on in them; the slack spreads the scan of the table over many edits): each
     * becomes empty, or a shared uniform array when it shows one gid and is {@code whole}, else packed, unless packing
     * would not save bytes.
     */
    void compact(int keepPlain, IntPredicate whole) {
        if (allocated <= 2 * Math.max(0, keepPlain)) {
            return;
        }
        long[] written = new long[allocated];
        int found = 0;
        for (int i = nextPainted(0); i >= 0; i = nextPainted(i + 1)) {
            if (plain(i) != null && !uniform.get(i)) {
                written[found++] = stamp(i);
            }
        }
        if (found <= keepPlain) {
            return;
        }
        Arrays.sort(written, 0, found);
        long cut = keepPlain <= 0 ? Long.MAX_VALUE : written[found - keepPlain];
        for (int i = nextPainted(0); i >= 0; i = nextPainted(i + 1)) {
            int[] chunk = plain(i);
            if (chunk == null || uniform.get(i) || stamp(i) >= cut) {
                continue;
            }
            if (TileLayer.isBlank(chunk)) {
                release(i);
                shared.clear(i);
            } else if (whole.test(i) && TileLayer.isUniform(chunk)) {
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
}
