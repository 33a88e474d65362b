package dev.tilewright.core.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A Wang set of a tileset, as Tiled keeps it (since Tiled 1.5): the terrains ("colours") it knows and, for the tiles
 * that take part, which terrain each corner and edge of the tile shows. The terrain brush and terrain fills match
 * tiles by these.
 *
 * @param type       which parts of a tile carry a terrain: "corner", "edge", or both: "mixed"
 * @param tile       the local id of the tile that stands for the set, or -1
 * @param colors     the terrains, numbered from 1 in this order (0 in a Wang id is "no terrain")
 * @param tiles      by local tile id, its Wang id: the terrains at the tile's eight places, in Tiled's order top,
 *                   top-right, right, bottom-right, bottom, bottom-left, left, top-left (edges at even indexes,
 *                   corners at odd ones); 0 is no terrain
 * @param className  Tiled's class of the set; empty for none
 */
public record WangSet(String name, String className, String type, int tile, Properties properties,
                      List<WangColor> colors, Map<Integer, List<Integer>> tiles) {

    private static final java.util.Set<String> TYPES = java.util.Set.of("corner", "edge", "mixed");

    /** Tiled allows 254 colours a set (a Wang id's parts are bytes, 255 reserved). */
    public static final int MAX_COLORS = 254;

    public WangSet {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a Wang set needs a name");
        }
        className = Objects.requireNonNullElse(className, "");
        if (!TYPES.contains(type)) {
            throw new IllegalArgumentException("Wang set '" + name + "': type is corner, edge or mixed, was '" + type
                    + "'");
        }
        if (tile < -1) {
            throw new IllegalArgumentException("Wang set '" + name + "': its tile is a local id or -1, was " + tile);
        }
        properties = Objects.requireNonNullElse(properties, Properties.EMPTY);
        colors = List.copyOf(Objects.requireNonNullElse(colors, List.of()));
        if (colors.size() > MAX_COLORS) {
            throw new IllegalArgumentException("Wang set '" + name + "' has " + colors.size() + " colours; at most "
                    + MAX_COLORS);
        }
        Map<Integer, List<Integer>> checked = new TreeMap<>();
        for (Map.Entry<Integer, List<Integer>> wangTile : Objects.requireNonNullElse(tiles,
                Map.<Integer, List<Integer>>of()).entrySet()) {
            Integer tileId = wangTile.getKey();
            if (tileId == null || tileId < 0) {
                throw new IllegalArgumentException("Wang set '" + name + "': a Wang tile's id must not be negative");
            }
            List<Integer> id = List.copyOf(wangTile.getValue());
            if (id.size() != 8) {
                throw new IllegalArgumentException("Wang set '" + name + "': tile " + tileId + "'s Wang id has 8 parts, had "
                        + id.size());
            }
            for (int color : id) {
                if (color < 0 || color > colors.size()) {
                    throw new IllegalArgumentException("Wang set '" + name + "': tile " + tileId + " uses colour " + color
                            + ", the set has 1.." + colors.size());
                }
            }
            checked.put(tileId, id);
        }
        tiles = java.util.Collections.unmodifiableMap(checked);
    }

    /** A Wang id as Tiled writes it: the eight parts, comma-separated. */
    public static String wangIdText(List<Integer> id) {
        return String.join(",", id.stream().map(String::valueOf).toList());
    }

    /** One terrain of a set: its name, display colour, the tile that stands for it, its weight in random choices. */
    public record WangColor(String name, String className, String color, int tile, double probability,
                            Properties properties) {
        public WangColor {
            if (name == null) {
                throw new IllegalArgumentException("a Wang colour needs a name (it may be empty)");
            }
            className = Objects.requireNonNullElse(className, "");
            if (color == null || !color.matches("#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})")) {
                throw new IllegalArgumentException("Wang colour '" + name + "': colour must be #rrggbb or #aarrggbb, was '"
                        + color + "'");
            }
            if (tile < -1) {
                throw new IllegalArgumentException("Wang colour '" + name + "': its tile is a local id or -1");
            }
            if (!(probability >= 0) || !Double.isFinite(probability)) {
                throw new IllegalArgumentException("Wang colour '" + name + "': probability must be 0 or more");
            }
            properties = Objects.requireNonNullElse(properties, Properties.EMPTY);
        }
    }
}
