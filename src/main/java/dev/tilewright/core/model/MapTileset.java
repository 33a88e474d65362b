package dev.tilewright.core.model;

/**
 * A tileset as one map uses it: gids {@code firstGid .. firstGid + tileCount - 1} name its tiles.
 *
 * @param tilesetId the stored tileset's id
 */
public record MapTileset(long tilesetId, int firstGid, int tileCount) {

    public MapTileset {
        if (firstGid < 1) {
            throw new IllegalArgumentException("firstGid must be at least 1, was " + firstGid);
        }
        if (tileCount < 1) {
            throw new IllegalArgumentException("tileCount must be positive, was " + tileCount);
        }
        if ((long) firstGid + tileCount - 1 > Gid.ID_MASK) {
            throw new IllegalArgumentException("gids of tileset " + tilesetId + " would pass the 28-bit limit");
        }
    }

    public int endGid() {
        return firstGid + tileCount;
    }

    public boolean owns(int tileId) {
        return tileId >= firstGid && tileId < endGid();
    }
}
