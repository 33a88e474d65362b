package dev.tilewright.core.history;

import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * What differs between two versions of a map, worked out from their content: per tile layer the cells that changed
 * (chunks the two versions share, or that hold the same gids, are passed over), per object layer the objects added,
 * removed and changed (and which fields), layers added, removed, moved and changed, and the map's properties,
 * settings, grid and tilesets. Cells are given as runs of a row with their gids before and after; a run whose cells
 * all went from one gid to one gid is given by those two, and such runs of consecutive rows over the same columns
 * are one rectangle, so a large fill is one entry. At most {@code maxListed} cells are listed with their gids (a
 * rectangle counts once); past that, layers give their counts only ({@code listed: false}).
 */
public final class MapDiff {

    /**
     * Changed cells: {@code height} rows from {@code y}, {@code width} columns from {@code x}; either every cell went
     * from {@code from} to {@code to}, or (one row) cell i went from {@code before[i]} to {@code after[i]}.
     */
    public record Run(int x, int y, int width, int height, Long from, Long to, long[] before, long[] after) {
    }

    /** One object that changed: the names of its fields that did, and the object before and after. */
    public record ObjectChange(int id, List<String> fields, MapObject before, MapObject after) {
    }

    /**
     * One layer's differences ({@code null} lists: nothing of the kind).
     *
     * @param changed the attributes that differ ({@code name}, {@code opacity}, {@code properties}, …)
     * @param listed  false when its cells were not listed (past the diff's budget); {@code cellsChanged} is exact
     */
    public record LayerDiff(int layerId, String name, String kind, boolean added, boolean removed, boolean moved,
                            List<String> changed, long cellsChanged, List<Run> cells, boolean listed,
                            List<MapObject> objectsAdded, List<MapObject> objectsRemoved,
                            List<ObjectChange> objectsChanged) {
    }

    /** The totals. */
    public record Counts(long cellsChanged, int objectsAdded, int objectsRemoved, int objectsChanged, int layersAdded,
                         int layersRemoved, int layersMoved, int layersChanged) {
    }

    /**
     * Two versions' differences.
     *
     * @param map what differs of the map itself: {@code name}, {@code settings}, {@code gridSettings},
     *            {@code gridOverrides}, {@code tilesets}, and {@code properties[...]} per property
     */
    public record Diff(List<LayerDiff> layers, List<String> map, Counts counts) {
    }

    private MapDiff() {
    }

    /** The differences from {@code a} to {@code b}, listing at most {@code maxListed} cells with their gids. */
    public static Diff between(TileMap a, TileMap b, long maxListed) {
        Map<Integer, Integer> indexA = indexes(a);
        Map<Integer, Integer> indexB = indexes(b);
        long[] budget = {maxListed};
        List<LayerDiff> layers = new ArrayList<>();
        long cells = 0;
        int added = 0;
        int removed = 0;
        int moved = 0;
        int changed = 0;
        int objectsAdded = 0;
        int objectsRemoved = 0;
        int objectsChanged = 0;
        for (Layer layer : a.layers()) {
            if (!indexB.containsKey(layer.id())) {
                // what it held went with it: as against an empty layer, the other way round
                LayerDiff gone = content(layer, empty(layer), budget, true);
                layers.add(gone);
                removed++;
                cells += gone.cellsChanged();
                objectsRemoved += gone.objectsRemoved() == null ? 0 : gone.objectsRemoved().size();
            }
        }
        java.util.Set<Integer> stayed = stayedInPlace(a, b, indexA);
        for (Layer now : b.layers()) {
            Integer at = indexA.get(now.id());
            if (at == null) {
                LayerDiff made = content(empty(now), now, budget, false);
                layers.add(made);
                added++;
                cells += made.cellsChanged();
                objectsAdded += made.objectsAdded() == null ? 0 : made.objectsAdded().size();
                continue;
            }
            Layer then = a.layers().get(at);
            boolean wasMoved = then.parentId() != now.parentId() || !stayed.contains(now.id());
            List<String> fields = fields(then.attributes(), now.attributes());
            if (then instanceof ImageLayer p && now instanceof ImageLayer q && !Objects.equals(p.image(), q.image())) {
                fields.add("image");
            }
            LayerDiff diff = compare(then, now, budget, false, false, wasMoved, fields.isEmpty() ? null : fields);
            if (wasMoved || !fields.isEmpty() || diff.cellsChanged() > 0 || diff.objectsAdded() != null
                    || diff.objectsRemoved() != null || diff.objectsChanged() != null) {
                layers.add(diff);
                cells += diff.cellsChanged();
                moved += wasMoved ? 1 : 0;
                changed += fields.isEmpty() ? 0 : 1;
                objectsAdded += diff.objectsAdded() == null ? 0 : diff.objectsAdded().size();
                objectsRemoved += diff.objectsRemoved() == null ? 0 : diff.objectsRemoved().size();
                objectsChanged += diff.objectsChanged() == null ? 0 : diff.objectsChanged().size();
            }
        }
        return new Diff(layers, mapFields(a, b), new Counts(cells, objectsAdded, objectsRemoved, objectsChanged, added,
                removed, moved, changed));
    }

    /** An empty layer of the same kind, id and size (what an added layer is compared with). */
    private static Layer empty(Layer layer) {
        if (layer instanceof TileLayer tiles) {
            return new TileLayer(tiles.id(), tiles.attributes(), tiles.width(), tiles.height());
        }
        if (layer instanceof ObjectLayer) {
            return new ObjectLayer(layer.id(), layer.attributes());
        }
        return layer;
    }

    /** A layer added ({@code removed} false: {@code before} is empty) or removed, with the cells or objects it held. */
    private static LayerDiff content(Layer before, Layer after, long[] budget, boolean removed) {
        return compare(before, after, budget, !removed, removed, false, null);
    }

    /** What differs between two versions of one layer: its cells or its objects, with what is said of the layer. */
    private static LayerDiff compare(Layer before, Layer after, long[] budget, boolean added, boolean removed,
                                     boolean moved, List<String> fields) {
        Layer shown = removed ? before : after;
        long count = 0;
        List<Run> runs = null;
        boolean listed = true;
        List<MapObject> in = null;
        List<MapObject> out = null;
        List<ObjectChange> altered = null;
        if (before instanceof TileLayer p && after instanceof TileLayer q) {
            runs = new ArrayList<>();
            count = cells(p, q, runs, budget);
            listed = budget[0] >= 0;
            runs = !listed || runs.isEmpty() ? null : runs;
        } else if (before instanceof ObjectLayer p && after instanceof ObjectLayer q) {
            in = new ArrayList<>();
            out = new ArrayList<>();
            altered = new ArrayList<>();
            objects(p, q, in, out, altered);
            in = in.isEmpty() ? null : in;
            out = out.isEmpty() ? null : out;
            altered = altered.isEmpty() ? null : altered;
        }
        return new LayerDiff(shown.id(), shown.attributes().name(), shown.kind().wireName(), added, removed, moved,
                fields, count, runs, listed, in, out, altered);
    }

    private static Map<Integer, Integer> indexes(TileMap map) {
        Map<Integer, Integer> index = new HashMap<>();
        for (int i = 0; i < map.layers().size(); i++) {
            index.put(map.layers().get(i).id(), i);
        }
        return index;
    }

    /**
     * The layers both versions have that kept their order: the longest run of them whose order in {@code b} is their
     * order in {@code a} (so moving one layer past three marks one layer moved, not four).
     */
    private static java.util.Set<Integer> stayedInPlace(TileMap a, TileMap b, Map<Integer, Integer> indexA) {
        List<Integer> ids = new ArrayList<>();
        List<Integer> order = new ArrayList<>();
        for (Layer layer : b.layers()) {
            Integer at = indexA.get(layer.id());
            if (at != null) {
                ids.add(layer.id());
                order.add(at);
            }
        }
        // longest increasing subsequence, O(n^2) over at most the layers per map
        int n = order.size();
        int[] length = new int[n];
        int[] previous = new int[n];
        int best = -1;
        for (int i = 0; i < n; i++) {
            length[i] = 1;
            previous[i] = -1;
            for (int j = 0; j < i; j++) {
                if (order.get(j) < order.get(i) && length[j] + 1 > length[i]) {
                    length[i] = length[j] + 1;
                    previous[i] = j;
                }
            }
            if (best < 0 || length[i] > length[best]) {
                best = i;
            }
        }
        java.util.Set<Integer> stayed = new java.util.HashSet<>();
        for (int i = best; i >= 0; i = previous[i]) {
            stayed.add(ids.get(i));
        }
        return stayed;
    }

    /** The names of a record's components that differ. */
    private static List<String> fields(Record a, Record b) {
        List<String> names = new ArrayList<>();
        if (a == null || b == null) {
            if (a != b) {
                names.add("all");
            }
            return names;
        }
        for (RecordComponent component : a.getClass().getRecordComponents()) {
            try {
                if (!Objects.equals(component.getAccessor().invoke(a), component.getAccessor().invoke(b))) {
                    names.add(component.getName());
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return names;
    }

    private static List<String> mapFields(TileMap a, TileMap b) {
        List<String> names = new ArrayList<>();
        if (!Objects.equals(a.name(), b.name())) {
            names.add("name");
        }
        for (String field : fields(a.settings(), b.settings())) {
            names.add("settings." + field);
        }
        for (String field : fields(a.gridSettings(), b.gridSettings())) {
            names.add("gridSettings." + field);
        }
        if (!sameOverrides(a, b)) {
            names.add("gridOverrides");
        }
        if (!a.tilesets().equals(b.tilesets())) {
            names.add("tilesets");
        }
        for (String name : properties(a.properties(), b.properties())) {
            names.add("properties[" + name + "]");
        }
        return names;
    }

    /** The names of properties added, removed or changed. */
    private static List<String> properties(Properties a, Properties b) {
        TreeSet<String> names = new TreeSet<>();
        Map<String, Property> x = a == null ? Map.of() : a.byName();
        Map<String, Property> y = b == null ? Map.of() : b.byName();
        names.addAll(x.keySet());
        names.addAll(y.keySet());
        names.removeIf(name -> Objects.equals(x.get(name), y.get(name)));
        return new ArrayList<>(names);
    }

    private static boolean sameOverrides(TileMap a, TileMap b) {
        if (a.gridOverrides().count() != b.gridOverrides().count()) {
            return false;
        }
        boolean[] same = {true};
        a.gridOverrides().forEach((x, y, sides) -> same[0] &= b.gridOverrides().get(x, y) == sides);
        return same[0];
    }

    private static void objects(ObjectLayer a, ObjectLayer b, List<MapObject> added, List<MapObject> removed,
                                List<ObjectChange> changed) {
        Map<Integer, MapObject> before = new LinkedHashMap<>();
        a.objects().forEach(o -> before.put(o.id(), o));
        for (MapObject now : b.objects()) {
            MapObject then = before.remove(now.id());
            if (then == null) {
                added.add(now);
            } else if (!then.equals(now)) {
                changed.add(new ObjectChange(now.id(), fields(then, now), then, now));
            }
        }
        removed.addAll(before.values());
    }

    /**
     * Appends the runs of cells that differ between two tile layers of one size (chunks shared by both, or equal,
     * passed over) and returns how many differ; {@code budget[0]} goes below 0 once more were listed than it held.
     */
    private static long cells(TileLayer a, TileLayer b, List<Run> runs, long[] budget) {
        int size = TileLayer.CHUNK_SIZE;
        long count = 0;
        // runs still open at the row above, by their columns, to be made taller
        Map<Long, Integer> open = new HashMap<>();
        Map<Long, Integer> next = new HashMap<>();
        for (int cy = 0; cy < a.chunksY(); cy++) {
            int[][] pa = new int[a.chunksX()][];
            int[][] pb = new int[a.chunksX()][];
            boolean any = false;
            for (int cx = 0; cx < a.chunksX(); cx++) {
                if (a.sameChunk(b, cx, cy)) {
                    continue;
                }
                pa[cx] = a.liveChunk(cx, cy);
                pb[cx] = b.liveChunk(cx, cy);
                if (pa[cx] == pb[cx] || equalChunks(pa[cx], pb[cx])) {
                    pa[cx] = null;
                    pb[cx] = null;
                } else {
                    any = true;
                }
            }
            if (!any) {
                open.clear();
                continue;
            }
            for (int row = 0; row < size; row++) {
                int y = cy * size + row;
                if (y >= a.height()) {
                    break;
                }
                next.clear();
                int x = 0;
                while (x < a.width()) {
                    int cx = x / size;
                    if (pa[cx] == null && pb[cx] == null) {
                        x = (cx + 1) * size;
                        continue;
                    }
                    int i = row * size + x % size;
                    int p = gid(pa[cx], pb[cx], i, true);
                    int q = gid(pa[cx], pb[cx], i, false);
                    if (p == q) {
                        x++;
                        continue;
                    }
                    int start = x;
                    List<Integer> before = new ArrayList<>();
                    List<Integer> after = new ArrayList<>();
                    while (x < a.width()) {
                        int c = x / size;
                        boolean skipped = pa[c] == null && pb[c] == null;
                        int j = row * size + x % size;
                        int u = skipped ? 0 : gid(pa[c], pb[c], j, true);
                        int v = skipped ? 0 : gid(pa[c], pb[c], j, false);
                        if (skipped || u == v) {
                            break;
                        }
                        before.add(u);
                        after.add(v);
                        x++;
                    }
                    count += before.size();
                    if (budget[0] < 0) {
                        continue;
                    }
                    boolean uniform = before.stream().distinct().count() == 1 && after.stream().distinct().count() == 1;
                    long key = ((long) start << 32) | before.size();
                    if (uniform) {
                        Integer above = open.get(key);
                        Run last = above == null ? null : runs.get(above);
                        if (last != null && last.from() == Integer.toUnsignedLong(before.get(0))
                                && last.to() == Integer.toUnsignedLong(after.get(0))) {
                            runs.set(above, new Run(last.x(), last.y(), last.width(), last.height() + 1, last.from(),
                                    last.to(), null, null));
                            next.put(key, above);
                        } else {
                            runs.add(new Run(start, y, before.size(), 1, Integer.toUnsignedLong(before.get(0)),
                                    Integer.toUnsignedLong(after.get(0)), null, null));
                            next.put(key, runs.size() - 1);
                            budget[0]--;
                        }
                    } else {
                        runs.add(new Run(start, y, before.size(), 1, null, null, unsigned(before), unsigned(after)));
                        budget[0] -= before.size();
                    }
                }
                Map<Long, Integer> swap = open;
                open = next;
                next = swap;
            }
        }
        return count;
    }

    private static int gid(int[] a, int[] b, int i, boolean first) {
        int[] chunk = first ? a : b;
        return chunk == null ? 0 : chunk[i];
    }

    private static boolean equalChunks(int[] a, int[] b) {
        if (a == null || b == null) {
            int[] some = a == null ? b : a;
            if (some == null) {
                return true;
            }
            for (int gid : some) {
                if (gid != 0) {
                    return false;
                }
            }
            return true;
        }
        return java.util.Arrays.equals(a, b);
    }

    private static long[] unsigned(List<Integer> gids) {
        long[] out = new long[gids.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = Integer.toUnsignedLong(gids.get(i));
        }
        return out;
    }
}
