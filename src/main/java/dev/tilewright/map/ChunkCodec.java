package dev.tilewright.map;

import com.github.luben.zstd.Zstd;
import dev.tilewright.core.model.TileLayer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A chunk's bytes in storage: its {@value TileLayer#CHUNK_CELLS} gids as little-endian uint32 (Tiled's layer data
 * byte order), zstd-compressed.
 */
final class ChunkCodec {

    private static final int RAW_BYTES = TileLayer.CHUNK_CELLS * Integer.BYTES;

    private ChunkCodec() {
    }

    static byte[] encode(int[] gids, int level) {
        ByteBuffer raw = ByteBuffer.allocate(RAW_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        raw.asIntBuffer().put(gids);
        return Zstd.compress(raw.array(), level);
    }

    static int[] decode(byte[] stored) {
        byte[] raw = Zstd.decompress(stored, RAW_BYTES);
        if (raw.length != RAW_BYTES) {
            throw new IllegalStateException("a stored chunk holds " + raw.length + " bytes, not " + RAW_BYTES);
        }
        int[] gids = new int[TileLayer.CHUNK_CELLS];
        ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(gids);
        return gids;
    }
}
