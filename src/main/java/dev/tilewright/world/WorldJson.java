package dev.tilewright.world;

import dev.tilewright.format.TiledWorld;

import java.util.List;

/**
 * A world as the API shows it: its maps in drawing order, each at its top-left corner in world pixels with its pixel
 * size; Tiled's patterns and adjacency setting as the world file had them.
 *
 * @param fileName where the {@code .world} goes in an export
 * @param bounds   the pixel rectangle all its maps cover (all zero without maps)
 */
public record WorldJson(long id, long projectId, String name, String fileName, boolean onlyShowAdjacentMaps,
                        List<TiledWorld.Pattern> patterns, List<Placed> maps, Rect bounds) {

    /** A rectangle in world pixels. */
    public record Rect(int x, int y, int width, int height) {
    }

    /**
     * A map's place: {@code fileName} is its file relative to the world file; {@code byPattern}: a pattern of the
     * world placed it (its file name says where), rather than the world's list.
     */
    public record Placed(long mapId, String name, int x, int y, int width, int height, String fileName,
                         boolean byPattern) {
    }

    /** A world in a list. */
    public record Summary(long id, long projectId, String name, int mapCount) {
    }

    WorldJson withMaps(List<Placed> placed) {
        return new WorldJson(id, projectId, name, fileName, onlyShowAdjacentMaps, patterns, placed, boundsOf(placed));
    }

    private static Rect boundsOf(List<Placed> maps) {
        if (maps.isEmpty()) {
            return new Rect(0, 0, 0, 0);
        }
        long x0 = Long.MAX_VALUE;
        long y0 = Long.MAX_VALUE;
        long x1 = Long.MIN_VALUE;
        long y1 = Long.MIN_VALUE;
        for (Placed map : maps) {
            x0 = Math.min(x0, map.x());
            y0 = Math.min(y0, map.y());
            x1 = Math.max(x1, (long) map.x() + map.width());
            y1 = Math.max(y1, (long) map.y() + map.height());
        }
        return new Rect((int) x0, (int) y0, (int) Math.min(Integer.MAX_VALUE, x1 - x0),
                (int) Math.min(Integer.MAX_VALUE, y1 - y0));
    }
}
