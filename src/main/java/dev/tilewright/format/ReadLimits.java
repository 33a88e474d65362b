package dev.tilewright.format;

/**
 * What one read of Tiled files may hold: the map's size in tiles, and the bytes its tile layers decode to, counted
 * across every layer and chunk as they are read and refused before the one that would pass the budget is decoded
 * (100 large layers, or a small zlib bomb claiming a huge layer, stop at the budget). One instance per import.
 */
public final class ReadLimits {

    private final int maxWidth;
    private final int maxHeight;
    private final long maxDecodedBytes;
    private long decodedBytes;

    public ReadLimits(int maxWidth, int maxHeight, long maxDecodedBytes) {
        this.maxWidth = maxWidth;
        this.maxHeight = maxHeight;
        this.maxDecodedBytes = maxDecodedBytes;
    }

    public ReadLimits(int maxWidth, int maxHeight) {
        this(maxWidth, maxHeight, Long.MAX_VALUE);
    }

    /** No limit beyond the format's own (a tileset read on its own). */
    static ReadLimits none() {
        return new ReadLimits(Integer.MAX_VALUE, Integer.MAX_VALUE);
    }

    public long maxDecodedBytes() {
        return maxDecodedBytes;
    }

    void check(String file, long width, long height) {
        if (width < 1 || height < 1) {
            throw TiledFormatException.invalid(file, "the map is " + width + "x" + height
                    + " tiles; width and height must be positive");
        }
        if (width > maxWidth || height > maxHeight) {
            throw TiledFormatException.invalid(file, "the map is " + width + "x" + height + " tiles, over the "
                    + maxWidth + "x" + maxHeight + " limit");
        }
    }

    /** Counts a layer's (or chunk's) cells about to be decoded; refused when the read would pass its budget. */
    void spend(String file, String layer, long cells) {
        long bytes = cells * Integer.BYTES;
        if (decodedBytes + bytes > maxDecodedBytes) {
            throw new TiledFormatException(TiledFormatException.Kind.OVER_LIMIT, file, "layer '" + layer
                    + "' would take the tile layers read so far to " + (decodedBytes + bytes) + " decoded bytes");
        }
        decodedBytes += bytes;
    }
}
