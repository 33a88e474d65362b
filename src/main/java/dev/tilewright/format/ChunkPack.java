package dev.tilewright.format;

import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.TileLayer;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The chunks of tile layers as an editor fetches them: cheap to read in a browser (a chunk's cells are a typed-array
 * view of the bytes, no parsing) and compressed as a whole on the wire (the service sends it gzip-encoded).
 * Little-endian, every field at a multiple of 4:
 * <pre>
 * "TWCP"  int64 version  uint32 count
 * count x { int32 layerId  int32 cx  int32 cy  int32 kind  payload }
 *   kind 0: empty, no payload
 *   kind 1: every cell one gid: uint32 gid
 *   kind 2: the chunk's 4096 uint32 gids, row-major
 * </pre>
 * A chunk at the layer's right or bottom edge still holds 64x64 cells (those outside the layer are 0). The editor's
 * {@code model/chunkpack.js} reads the same bytes; both are held to {@code fixtures/chunkpack}.
 */
public final class ChunkPack {

    private static final byte[] MAGIC = {'T', 'W', 'C', 'P'};
    public static final int EMPTY = 0;
    public static final int UNIFORM = 1;
    public static final int CELLS = 2;

    /** A chunk read back: its kind, and its cells (null when empty). */
    public record Chunk(int layerId, int cx, int cy, int kind, int[] gids) {
    }

    /** A pack read back. */
    public record Read(long version, List<Chunk> chunks) {
    }

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteBuffer cells = ByteBuffer.allocate(4 * TileLayer.CHUNK_CELLS).order(ByteOrder.LITTLE_ENDIAN);
    private int count;
    private final long version;

    public ChunkPack(long version) {
        this.version = version;
    }

    /** Adds chunk (cx, cy) of a layer as it holds it. */
    public ChunkPack add(int layerId, TileLayer layer, int cx, int cy) {
        int[] gids = layer.liveChunk(cx, cy);
        ByteBuffer head = ByteBuffer.allocate(20).order(ByteOrder.LITTLE_ENDIAN).putInt(layerId).putInt(cx).putInt(cy);
        count++;
        if (gids == null || layer.uniformChunk(cx, cy) || TileLayer.isUniform(gids)) {
            int gid = gids == null ? Gid.EMPTY : gids[0];
            head.putInt(gid == Gid.EMPTY ? EMPTY : UNIFORM);
            out.write(head.array(), 0, 16);
            if (gid != Gid.EMPTY) {
                out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(gid).array());
            }
            return this;
        }
        head.putInt(CELLS);
        out.write(head.array(), 0, 16);
        cells.clear();
        cells.asIntBuffer().put(gids);
        out.write(cells.array(), 0, 4 * TileLayer.CHUNK_CELLS);
        return this;
    }

    /** The pack's bytes. */
    public byte[] bytes() {
        ByteBuffer head = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).put(MAGIC).putLong(version)
                .putInt(count);
        byte[] body = out.toByteArray();
        byte[] all = new byte[16 + body.length];
        System.arraycopy(head.array(), 0, all, 0, 16);
        System.arraycopy(body, 0, all, 16, body.length);
        return all;
    }

    /** Reads a pack. */
    public static Read read(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        for (byte b : MAGIC) {
            if (in.get() != b) {
                throw new IllegalArgumentException("not a chunk pack");
            }
        }
        long version = in.getLong();
        int count = in.getInt();
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int layerId = in.getInt();
            int cx = in.getInt();
            int cy = in.getInt();
            int kind = in.getInt();
            int[] gids = null;
            if (kind == UNIFORM) {
                gids = new int[TileLayer.CHUNK_CELLS];
                java.util.Arrays.fill(gids, in.getInt());
            } else if (kind == CELLS) {
                gids = new int[TileLayer.CHUNK_CELLS];
                in.asIntBuffer().get(gids);
                in.position(in.position() + 4 * TileLayer.CHUNK_CELLS);
            } else if (kind != EMPTY) {
                throw new IllegalArgumentException("chunk kind " + kind + " is not 0, 1 or 2");
            }
            chunks.add(new Chunk(layerId, cx, cy, kind, gids));
        }
        return new Read(version, chunks);
    }
}
