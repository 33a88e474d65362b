package dev.tilewright.core.history;

import dev.tilewright.core.edit.FillRect;
import dev.tilewright.core.edit.InvalidOpException;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.RandomOps;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import net.jqwik.api.ForAll;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The diff of two versions against a brute-force oracle over random edits: the cells it lists, applied to the older
 * version, give the newer one's cells and are exactly the cells that differ; layers and objects added, removed and
 * changed are those a comparison one by one finds.
 */
class MapDiffProperties {

    @net.jqwik.api.Property(tries = 300)
    void theDiffIsWhatDiffers(@ForAll long seed) {
        Random random = new Random(seed);
        TileMap map = RandomOps.newMap();
        edit(random, map, random.nextInt(30));
        // half the time the older version shares its chunks with the newer (a view), as the service's do
        TileMap a = random.nextBoolean() ? map.view() : map.copy();
        edit(random, map, random.nextInt(30));
        TileMap b = map;
        MapDiff.Diff diff = MapDiff.between(a, b, Long.MAX_VALUE);

        Map<Integer, MapDiff.LayerDiff> byId = diff.layers().stream()
                .collect(Collectors.toMap(MapDiff.LayerDiff::layerId, d -> d));
        Set<Integer> idsA = a.layers().stream().map(Layer::id).collect(Collectors.toSet());
        Set<Integer> idsB = b.layers().stream().map(Layer::id).collect(Collectors.toSet());
        assertThat(diff.layers().stream().filter(MapDiff.LayerDiff::added).map(MapDiff.LayerDiff::layerId))
                .containsExactlyInAnyOrderElementsOf(idsB.stream().filter(id -> !idsA.contains(id)).toList());
        assertThat(diff.layers().stream().filter(MapDiff.LayerDiff::removed).map(MapDiff.LayerDiff::layerId))
                .containsExactlyInAnyOrderElementsOf(idsA.stream().filter(id -> !idsB.contains(id)).toList());

        long total = 0;
        // an added or removed tile layer counts the cells it holds, an object layer its objects
        for (Layer gone : a.layers()) {
            if (!idsB.contains(gone.id())) {
                total += content(gone, byId.get(gone.id()), true);
            }
        }
        for (Layer made : b.layers()) {
            if (!idsA.contains(made.id())) {
                total += content(made, byId.get(made.id()), false);
            }
        }
        for (Layer now : b.layers()) {
            Layer then = a.layer(now.id()).orElse(null);
            MapDiff.LayerDiff found = byId.get(now.id());
            if (then instanceof TileLayer p && now instanceof TileLayer q) {
                long differ = 0;
                int[] rebuilt = p.read(p.bounds());
                int[] wanted = q.read(q.bounds());
                for (int i = 0; i < rebuilt.length; i++) {
                    differ += rebuilt[i] != wanted[i] ? 1 : 0;
                }
                assertThat(found == null ? 0 : found.cellsChanged()).as("layer %d", now.id()).isEqualTo(differ);
                total += differ;
                if (found != null && found.cells() != null) {
                    for (MapDiff.Run run : found.cells()) {
                        for (int y = run.y(); y < run.y() + run.height(); y++) {
                            for (int x = run.x(); x < run.x() + run.width(); x++) {
                                int i = y * p.width() + x;
                                long before = run.from() != null ? run.from() : run.before()[x - run.x()];
                                long after = run.to() != null ? run.to() : run.after()[x - run.x()];
                                assertThat(Integer.toUnsignedLong(rebuilt[i])).as("before at %d,%d", x, y)
                                        .isEqualTo(before);
                                assertThat(after).isNotEqualTo(before);
                                rebuilt[i] = (int) after;
                            }
                        }
                    }
                }
                assertThat(rebuilt).as("layer %d rebuilt from the runs", now.id()).isEqualTo(wanted);
            }
            if (then instanceof ObjectLayer p && now instanceof ObjectLayer q) {
                Map<Integer, MapObject> before = new TreeMap<>();
                p.objects().forEach(o -> before.put(o.id(), o));
                Map<Integer, MapObject> after = new TreeMap<>();
                q.objects().forEach(o -> after.put(o.id(), o));
                Set<Integer> added = new TreeSet<>(after.keySet());
                added.removeAll(before.keySet());
                Set<Integer> removed = new TreeSet<>(before.keySet());
                removed.removeAll(after.keySet());
                Set<Integer> changed = new TreeSet<>(after.keySet());
                changed.retainAll(before.keySet());
                changed.removeIf(id -> before.get(id).equals(after.get(id)));
                assertThat(ids(found == null ? null : found.objectsAdded())).isEqualTo(added);
                assertThat(ids(found == null ? null : found.objectsRemoved())).isEqualTo(removed);
                assertThat(found == null || found.objectsChanged() == null ? Set.of()
                        : found.objectsChanged().stream().map(MapDiff.ObjectChange::id).collect(Collectors.toSet()))
                        .isEqualTo(changed);
            }
            if (then != null && !then.attributes().equals(now.attributes())) {
                assertThat(found).isNotNull();
                assertThat(found.changed()).isNotEmpty();
            }
        }
        assertThat(diff.counts().cellsChanged()).isEqualTo(total);
        if (!a.properties().equals(b.properties())) {
            assertThat(diff.map()).anyMatch(field -> field.startsWith("properties["));
        }
        assertThat(MapDiff.between(b, b, Long.MAX_VALUE).layers()).as("a version against itself").isEmpty();
    }

    @Test
    void aWholeFillIsOneRectangleAndListingStopsAtTheBudgetWithExactCounts() {
        TileMap a = RandomOps.newMap();
        TileMap b = a.copy();
        new FillRect(1, 0, 0, 70, 66, 3).applyTo(b);
        MapDiff.Diff diff = MapDiff.between(a, b, 10);
        MapDiff.LayerDiff layer = diff.layers().get(0);
        assertThat(layer.cellsChanged()).isEqualTo(70 * 66);
        assertThat(layer.cells()).singleElement().isEqualTo(new MapDiff.Run(0, 0, 70, 66, 0L, 3L, null, null));

        new dev.tilewright.core.edit.Paint(1, java.util.stream.IntStream.range(0, 40)
                .mapToObj(i -> new dev.tilewright.core.edit.Cell(i, i % 3, 1 + i % 2)).toList()).applyTo(b);
        MapDiff.Diff over = MapDiff.between(a, b, 10);
        assertThat(over.layers().get(0).listed()).isFalse();
        assertThat(over.layers().get(0).cells()).isNull();
        assertThat(over.counts().cellsChanged()).isEqualTo(70 * 66);
    }

    /** Checks an added or removed layer's entry against what it holds; its cells that are not empty. */
    private static long content(Layer layer, MapDiff.LayerDiff found, boolean removed) {
        assertThat(found).isNotNull();
        if (layer instanceof TileLayer tiles) {
            long held = java.util.Arrays.stream(tiles.read(tiles.bounds())).filter(g -> g != 0).count();
            assertThat(found.cellsChanged()).isEqualTo(held);
            long listed = found.cells() == null ? 0 : found.cells().stream().mapToLong(r -> (long) r.width() * r.height())
                    .sum();
            assertThat(listed).isEqualTo(held);
            return held;
        }
        if (layer instanceof ObjectLayer group) {
            Set<Integer> held = group.objects().stream().map(MapObject::id).collect(Collectors.toSet());
            assertThat(ids(removed ? found.objectsRemoved() : found.objectsAdded())).isEqualTo(held);
        }
        return 0;
    }

    private static Set<Integer> ids(java.util.List<MapObject> objects) {
        return objects == null ? Set.of() : objects.stream().map(MapObject::id).collect(Collectors.toSet());
    }

    private static void edit(Random random, TileMap map, int steps) {
        for (int i = 0; i < steps; i++) {
            MapOp op = RandomOps.randomOp(random, map);
            try {
                op.applyTo(map);
            } catch (InvalidOpException refused) {
                // the next may fit
            }
        }
    }
}
