package dev.tilewright.core.query;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.ObjectShape;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

class ObjectIndexTest {

    @Test
    void queriesFindExactlyTheObjectsWhoseTilesMeetTheAreaThroughRandomMoves() {
        TileRect bounds = new TileRect(0, 0, 150, 90);
        ObjectIndex index = new ObjectIndex(bounds);
        Map<Integer, TileRect> truth = new HashMap<>();
        Random r = new Random(3);
        for (int step = 0; step < 20_000; step++) {
            int id = 1 + r.nextInt(400);
            if (r.nextInt(10) == 0) {
                index.remove(id);
                truth.remove(id);
            } else {
                TileRect rect = new TileRect(r.nextInt(170) - 10, r.nextInt(110) - 10, 1 + r.nextInt(4), 1 + r.nextInt(4));
                index.put(id, rect);
                truth.put(id, rect.intersection(bounds));
            }
            if (step % 50 == 0) {
                TileRect area = new TileRect(r.nextInt(160) - 5, r.nextInt(100) - 5, r.nextInt(30), r.nextInt(30));
                List<Integer> found = new ArrayList<>();
                index.query(area, found::add);
                Set<Integer> expected = new TreeSet<>();
                truth.forEach((k, v) -> {
                    if (!v.isEmpty() && !v.intersection(area).isEmpty()) {
                        expected.add(k);
                    }
                });
                assertThat(new TreeSet<>(found)).as("step %d", step).isEqualTo(expected);
                assertThat(found).as("each once").hasSameSizeAs(expected);
            }
        }
    }

    @Test
    void theIndexGrowsWithItsObjectsNotWithHowLargeTheirIdsAre() {
        ObjectIndex index = new ObjectIndex(new TileRect(0, 0, 64, 64));
        index.put(2_147_483_646, new TileRect(1, 1, 2, 2));
        index.put(7, new TileRect(2, 2, 1, 1));
        index.put(1_000_000_000, new TileRect(40, 40, 1, 1));
        assertThat(index.capacity()).as("entries, not ids").isLessThanOrEqualTo(16);
        assertThat(found(index, new TileRect(0, 0, 64, 64))).containsExactlyInAnyOrder(2_147_483_646, 7, 1_000_000_000);
        assertThat(index.at(2, 2)).containsExactlyInAnyOrder(2_147_483_646, 7);
        index.remove(2_147_483_646);
        index.remove(12345); // never indexed: nothing happens
        assertThat(found(index, new TileRect(0, 0, 64, 64))).containsExactlyInAnyOrder(7, 1_000_000_000);
        // a freed entry is handed out again, and its new object starts with no tiles
        for (int i = 0; i < 1000; i++) {
            index.put(2_000_000_000 - i, new TileRect(i % 64, 5, 1, 1));
            index.remove(2_000_000_000 - i);
        }
        index.put(99, new TileRect(60, 60, 1, 1));
        assertThat(index.capacity()).isLessThanOrEqualTo(16);
        assertThat(found(index, new TileRect(0, 0, 64, 64))).containsExactlyInAnyOrder(7, 1_000_000_000, 99);
        assertThat(index.at(3, 5)).isEmpty();
    }

    private static List<Integer> found(ObjectIndex index, TileRect area) {
        List<Integer> out = new ArrayList<>();
        index.query(area, out::add);
        return out;
    }

    @Test
    void manyObjectsOnOneTileAreAllKeptThroughRemovalsInAnyOrder() {
        ObjectIndex index = new ObjectIndex(new TileRect(0, 0, 40, 40));
        Set<Integer> expected = new TreeSet<>();
        for (int id = 1; id <= 20; id++) {
            index.put(id, new TileRect(31, 31, 2, 2)); // across four chunks' corners
            expected.add(id);
        }
        Random r = new Random(1);
        for (int round = 0; round < 15; round++) {
            int id = 1 + r.nextInt(20);
            index.remove(id);
            expected.remove(id);
            List<Integer> found = new ArrayList<>();
            index.query(new TileRect(32, 32, 1, 1), found::add);
            assertThat(new TreeSet<>(found)).isEqualTo(expected).hasSameSizeAs(found);
            assertThat(new TreeSet<>(java.util.Arrays.stream(index.at(31, 31)).boxed().toList())).isEqualTo(expected);
        }
    }

    @Test
    void aMoveTouchesOnlyTheTilesThatLeftOrEnteredTheRectangle() {
        ObjectIndex index = new ObjectIndex(new TileRect(0, 0, 100, 100));
        index.put(7, new TileRect(10, 10, 3, 2));
        long before = index.references;
        assertThat(before).isEqualTo(6);
        index.put(7, new TileRect(10, 10, 3, 2));
        assertThat(index.references).as("same tiles: nothing").isEqualTo(before);
        index.put(7, new TileRect(11, 10, 3, 2));
        assertThat(index.references - before).as("one column left, one entered").isEqualTo(4);
        assertThat(index.at(10, 10)).isEmpty();
        assertThat(index.at(13, 11)).containsExactly(7);
    }

    @Test
    void anAttachedIndexFollowsTheLayersObjectsThroughEveryPutAndRemoval() {
        ObjectLayer layer = new ObjectLayer(1, LayerAttributes.named("things"));
        layer.put(new MapObject(1, "", "", ObjectShape.RECTANGLE, 40, 40, 20.0, 20.0, null, null, null, null, null, null));
        ObjectIndex index = ObjectTiles.of(layer, 20, 20, 16, 16);
        assertThat(index.at(2, 2)).containsExactly(1);
        assertThat(index.at(3, 3)).containsExactly(1);
        // a tile object grows up from its position, turned 90 degrees it lies right of it
        layer.put(new MapObject(2, "", "", ObjectShape.RECTANGLE, 100, 100, 32.0, 32.0, 90.0, 5L, null, null, null, null));
        assertThat(index.at(6, 6)).containsExactly(2);
        assertThat(index.at(7, 5)).isEmpty();
        layer.put(new MapObject(3, "", "", ObjectShape.POLYGON, 200, 10, null, null, null, null, null,
                List.of(new Difference(0, 0), new Difference(-20, 30), new Difference(10, 30)), null, null));
        assertThat(index.at(11, 2)).containsExactly(3);
        layer.remove(1);
        assertThat(index.at(2, 2)).isEmpty();
        assertThat(ObjectTiles.of(layer, 20, 20, 16, 16)).as("kept, not rebuilt").isSameAs(index);
        layer.put(new MapObject(4, "", "", ObjectShape.POINT, 1e300, -1e300, null, null, null, null, null, null, null, null));
        assertThat(index.at(19, 0)).as("far away: not on the map").isEmpty();
    }
}
