package dev.tilewright.core.terrain;

import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TilesetSettings;
import dev.tilewright.core.model.WangSet;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

/** Wang sets for the terrain brush's tests: Tiled's desert, and generated corner, edge and mixed sets. */
final class WangCases {

    /** A set with what the brush needs of its tileset. */
    record Case(String name, WangSet set, Map<Integer, Double> probabilities, TilesetSettings.Transformations allowed) {
        WangTiles tiles() {
            return WangTiles.of(set, 1, id -> probabilities.getOrDefault(id, 1.0), allowed);
        }

        /** The set's tiles on a map of this layout. */
        WangTiles tiles(TerrainLayout layout) {
            return WangTiles.of(set, 1, id -> probabilities.getOrDefault(id, 1.0), allowed, layout);
        }
    }

    private WangCases() {
    }

    /** The Wang set of Tiled's example desert.tsx: four terrains, every one joined to Desert only, no diagonals. */
    static Case desert() {
        String[] ids = {"1,2,1,1", "1,2,2,1", "1,1,2,1", "4,1,4,4", "4,4,1,4", "1,4,1,1", "1,4,4,1", "1,1,4,1",
            "2,2,1,1", "2,2,2,2", "1,1,2,2", "1,4,4,4", "4,4,4,1", "4,4,1,1", "4,4,4,4", "1,1,4,4", "2,1,1,1",
            "2,1,1,2", "1,1,1,2", "2,1,2,2", "2,2,1,2", "4,1,1,1", "4,1,1,4", "1,1,1,4", "1,3,1,1", "1,3,3,1",
            "1,1,3,1", "1,2,2,2", "2,2,2,1", "1,1,1,1", "1,1,1,1", "1,1,1,1", "3,3,1,1", "3,3,3,3", "1,1,3,3",
            "3,1,3,3", "3,3,1,3", "1,1,1,1", "1,1,1,1", "1,1,1,1", "3,1,1,1", "3,1,1,3", "1,1,1,3", "1,3,3,3",
            "3,3,3,1", "1,1,1,1", "1,1,1,1", "1,1,1,1"};
        Map<Integer, List<Integer>> tiles = new LinkedHashMap<>();
        for (int i = 0; i < ids.length; i++) {
            int[] c = Arrays.stream(ids[i].split(",")).mapToInt(Integer::parseInt).toArray();
            tiles.put(i, List.of(0, c[0], 0, c[1], 0, c[2], 0, c[3]));
        }
        return new Case("desert", new WangSet("Desert", "", "corner", 5, Properties.EMPTY, colors(4), tiles),
                Map.of(), null);
    }

    /** Every combination of k terrains on the type's parts: one tile each. */
    static Case complete(String type, int k) {
        return complete(type, k, partsOf(type));
    }

    /** Every combination of k terrains on a layout's parts of a type: one tile each. */
    static Case complete(String type, int k, int[] parts) {
        Map<Integer, List<Integer>> tiles = new LinkedHashMap<>();
        for (int[] id : combinations(parts, k)) {
            tiles.put(tiles.size(), box(id));
        }
        return new Case(type + "-complete-" + k, new WangSet(type, "", type, -1, Properties.EMPTY, colors(k), tiles),
                Map.of(), null);
    }

    /**
     * Terrains 2..k joined only through terrain 1 (every combination of 1 with one other), so painting one next to
     * another needs terrain 1 between them; with {@code turns}, one tile per combination up to mirrors and quarter
     * turns, the rest placed transformed; tile probabilities drawn from the random.
     */
    static Case hub(String type, int k, boolean turns, Random random) {
        return hub(type, k, turns, random, partsOf(type));
    }

    /** {@link #hub} over a layout's parts of the type. */
    static Case hub(String type, int k, boolean turns, Random random, int[] parts) {
        Map<Integer, List<Integer>> tiles = new LinkedHashMap<>();
        TreeSet<String> seen = new TreeSet<>();
        TreeSet<String> turned = new TreeSet<>();
        Map<Integer, Double> probabilities = new LinkedHashMap<>();
        for (int other = 2; other <= k; other++) {
            for (int[] pair : combinations(parts, 2)) {
                int[] id = pair.clone();
                for (int i = 0; i < 8; i++) {
                    id[i] = id[i] == 2 ? other : id[i];
                }
                if (!seen.add(Arrays.toString(id)) || turns && !turned.add(canonical(id))) {
                    continue;
                }
                int tile = tiles.size();
                tiles.put(tile, box(id));
                if (random.nextInt(3) == 0) {
                    probabilities.put(tile, random.nextInt(4) * 0.5);
                }
            }
        }
        // a few variants of the plain terrains, so weights decide among equals
        for (int c = 1; c <= k; c++) {
            int[] plain = new int[8];
            for (int part : parts) {
                plain[part] = c;
            }
            int tile = tiles.size();
            tiles.put(tile, box(plain));
            probabilities.put(tile, 0.25 + random.nextInt(3));
        }
        TilesetSettings.Transformations allowed = turns
                ? new TilesetSettings.Transformations(true, random.nextBoolean(), true, random.nextBoolean()) : null;
        return new Case(type + "-hub-" + k + (turns ? "-turns" : ""),
                new WangSet(type, "", type, -1, Properties.EMPTY, colors(k), tiles), probabilities, allowed);
    }

    /** The same key for an id and all its mirrors and turns. */
    private static String canonical(int[] id) {
        String least = null;
        for (int flags : WangTiles.flagSets(new TilesetSettings.Transformations(true, true, true, false))) {
            String key = Arrays.toString(WangTiles.placed(id, flags));
            least = least == null || key.compareTo(least) < 0 ? key : least;
        }
        return least;
    }

    static int[] partsOf(String type) {
        return TerrainLayout.squares(type).parts();
    }

    private static List<int[]> combinations(String type, int k) {
        return combinations(partsOf(type), k);
    }

    /** Every combination of k terrains on these parts. */
    static List<int[]> combinations(int[] parts, int k) {
        List<int[]> out = new ArrayList<>();
        int count = (int) Math.pow(k, parts.length);
        for (int n = 0; n < count; n++) {
            int[] id = new int[8];
            int rest = n;
            for (int part : parts) {
                id[part] = 1 + rest % k;
                rest /= k;
            }
            out.add(id);
        }
        return out;
    }

    private static List<Integer> box(int[] id) {
        return Arrays.stream(id).boxed().toList();
    }

    private static List<WangSet.WangColor> colors(int k) {
        String[] hex = {"#ff0000", "#00ff00", "#0000ff", "#ff7700", "#00ffff", "#ff00ff"};
        List<WangSet.WangColor> colors = new ArrayList<>();
        for (int c = 0; c < k; c++) {
            colors.add(new WangSet.WangColor("t" + (c + 1), "", hex[c], -1, 1, Properties.EMPTY));
        }
        return colors;
    }
}
