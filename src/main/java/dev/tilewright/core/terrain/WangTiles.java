package dev.tilewright.core.terrain;

import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.TilesetSettings;
import dev.tilewright.core.model.WangSet;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;

/**
 * What a terrain brush may place from one Wang set of a tileset: each Wang tile in every transformation the tileset
 * allows, with the Wang id it shows placed that way and its weight, and how far apart two terrains are (the fewest
 * transitions from one to the other, through intermediate terrains).
 *
 * <p>A Wang id has eight parts in Tiled's order: top, top-right, right, bottom-right, bottom, bottom-left, left,
 * top-left. A placed tile is transposed first (the diagonal flag), then mirrored (horizontal, vertical), as Tiled
 * draws it; its Wang id moves the same way.
 */
public final class WangTiles {

    /** Two terrains with no chain of transitions between them. */
    static final int FAR = 1024;

    private final int firstGid;
    private final TerrainLayout layout;
    private final int[] parts;
    private final List<Candidate> candidates;
    private final Map<Integer, int[]> wangIds;
    private final int[][] distance;
    private final boolean preferUntransformed;

    /** One tile as it may be placed: its gid (with flip flags), the Wang id it shows, its weight. */
    public record Candidate(int gid, int[] wangId, double weight, boolean transformed) {
    }

    private WangTiles(int firstGid, TerrainLayout layout, List<Candidate> candidates, Map<Integer, int[]> wangIds,
                      int[][] distance, boolean preferUntransformed) {
        this.firstGid = firstGid;
        this.layout = layout;
        this.parts = layout.parts();
        this.candidates = candidates;
        this.wangIds = wangIds;
        this.distance = distance;
        this.preferUntransformed = preferUntransformed;
    }

    /**
     * @param set             the Wang set
     * @param firstGid        the tileset's first gid in the map
     * @param tileProbability a tile's probability by local id (Tiled's default is 1)
     * @param allowed         the tileset's allowed transformations, or null for none
     */
    public static WangTiles of(WangSet set, int firstGid, IntToDoubleFunction tileProbability,
                               TilesetSettings.Transformations allowed) {
        return of(set, firstGid, tileProbability, allowed, TerrainLayout.squares(set.type()));
    }

    /**
     * The tiles of a set for a map of the given layout ({@link TerrainLayout#of}: its parts, and whether tiles may be
     * flipped there at all).
     */
    public static WangTiles of(WangSet set, int firstGid, IntToDoubleFunction tileProbability,
                               TilesetSettings.Transformations allowed, TerrainLayout layout) {
        int[] parts = layout.parts();
        List<Integer> flagSets = layout.flips() ? flagSets(allowed) : List.of(0);
        List<Candidate> candidates = new ArrayList<>();
        Map<Integer, int[]> wangIds = new HashMap<>();
        for (Map.Entry<Integer, List<Integer>> tile : set.tiles().entrySet()) {
            int[] id = tile.getValue().stream().mapToInt(Integer::intValue).toArray();
            wangIds.put(tile.getKey(), id);
            double weight = tileProbability.applyAsDouble(tile.getKey());
            for (int part : parts) {
                if (id[part] > 0) {
                    weight *= set.colors().get(id[part] - 1).probability();
                }
            }
            for (int flags : flagSets) {
                candidates.add(new Candidate(Gid.of(firstGid + tile.getKey(), flags), placed(id, flags), weight,
                        flags != 0));
            }
        }
        return new WangTiles(firstGid, layout, List.copyOf(candidates), wangIds,
                distances(set.colors().size(), set.tiles().values(), parts),
                allowed != null && allowed.preferUntransformed());
    }

    /** The flag sets a tile may be placed with, in a fixed order (the untransformed tile first). */
    static List<Integer> flagSets(TilesetSettings.Transformations allowed) {
        List<Integer> sets = new ArrayList<>();
        for (int code = 0; code < 8; code++) {
            boolean h = (code & 4) != 0;
            boolean v = (code & 2) != 0;
            boolean d = (code & 1) != 0;
            if (allowed != null && reachable(allowed, h, v, d) || code == 0) {
                sets.add((h ? Gid.FLIP_HORIZONTAL : 0) | (v ? Gid.FLIP_VERTICAL : 0) | (d ? Gid.FLIP_DIAGONAL : 0));
            }
        }
        return sets;
    }

    /** Whether the allowed mirrors and quarter turns give this placement. */
    private static boolean reachable(TilesetSettings.Transformations allowed, boolean h, boolean v, boolean d) {
        if (allowed.rotate() && (allowed.hflip() || allowed.vflip())) {
            return true;
        }
        if (allowed.rotate()) {
            // the four turns: none, d+h (a quarter clockwise), h+v (half), d+v (three quarters)
            return d ? h != v : h == v;
        }
        return !d && (!h || allowed.hflip()) && (!v || allowed.vflip());
    }

    /** The Wang id a tile shows when placed with these flags: transposed first, then mirrored. */
    static int[] placed(int[] id, int flags) {
        int[] out = id.clone();
        if ((flags & Gid.FLIP_DIAGONAL) != 0) {
            out = moved(out, 6);
        }
        if ((flags & Gid.FLIP_HORIZONTAL) != 0) {
            out = moved(out, 8);
        }
        if ((flags & Gid.FLIP_VERTICAL) != 0) {
            out = moved(out, 12);
        }
        return out;
    }

    /** A mirror of the eight parts: part i goes to (axis - i) mod 8 (6 transposes, 8 mirrors left-right, 12 top-bottom). */
    private static int[] moved(int[] id, int axis) {
        int[] out = new int[8];
        for (int i = 0; i < 8; i++) {
            out[(axis + 8 - i) % 8] = id[i];
        }
        return out;
    }

    /** The fewest transitions between two terrains: two are one apart when some tile shows both. */
    private static int[][] distances(int colors, Iterable<List<Integer>> ids, int[] parts) {
        int n = colors + 1;
        int[][] d = new int[n][n];
        for (int[] row : d) {
            Arrays.fill(row, FAR);
        }
        for (int i = 0; i < n; i++) {
            d[i][i] = 0;
        }
        for (List<Integer> id : ids) {
            for (int a : parts) {
                for (int b : parts) {
                    if (!id.get(a).equals(id.get(b))) {
                        d[id.get(a)][id.get(b)] = 1;
                    }
                }
            }
        }
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if (d[i][k] + d[k][j] < d[i][j]) {
                        d[i][j] = d[i][k] + d[k][j];
                    }
                }
            }
        }
        return d;
    }

    /** The Wang id a placed gid shows, or null when its tile is not in this set. */
    public int[] wangIdOf(int gid) {
        if (gid == Gid.EMPTY) {
            return null;
        }
        int[] id = wangIds.get(Gid.id(gid) - firstGid);
        return id == null ? null : placed(id, Gid.flags(gid));
    }

    int[] parts() {
        return parts;
    }

    TerrainLayout layout() {
        return layout;
    }

    List<Candidate> candidates() {
        return candidates;
    }

    int distance(int from, int to) {
        return from < distance.length && to < distance.length ? distance[from][to] : FAR;
    }

    boolean preferUntransformed() {
        return preferUntransformed;
    }

    /** The number of terrains (colours) of the set. */
    public int colors() {
        return distance.length - 1;
    }
}
