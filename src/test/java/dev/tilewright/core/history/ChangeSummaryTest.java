package dev.tilewright.core.history;

import dev.tilewright.core.edit.AddLayer;
import dev.tilewright.core.edit.AddObject;
import dev.tilewright.core.edit.Batch;
import dev.tilewright.core.edit.Cell;
import dev.tilewright.core.edit.FillRect;
import dev.tilewright.core.edit.ObjectPatch;
import dev.tilewright.core.edit.Paint;
import dev.tilewright.core.edit.PutRegion;
import dev.tilewright.core.edit.RemoveLayer;
import dev.tilewright.core.edit.RemoveObject;
import dev.tilewright.core.edit.SetProperty;
import dev.tilewright.core.edit.UpdateObject;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileMap;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class ChangeSummaryTest {

    private static final ObjectPatch MOVE = new ObjectPatch(null, null, null, 40.0, 8.0, null, null, null, null, null,
            null, null);
    private static final ObjectPatch RENAME = new ObjectPatch("door", null, null, null, null, null, null, null, null,
            null, null, null);

    private static MapObject object(int id) {
        return new MapObject(id, "o", "", ObjectShape.RECTANGLE, 0, 0, 8.0, 8.0, 0.0, null, null, null, null, null);
    }

    @Test
    void aBrushStrokeIsCountedInDistinctCellsByWhatItLastWrote() {
        ChangeSummary summary = new ChangeSummary();
        summary.add(new Paint(1, List.of(new Cell(0, 0, 1), new Cell(1, 0, 1), new Cell(2, 0, 1))));
        summary.add(new Paint(1, List.of(new Cell(1, 0, 2), new Cell(3, 0, 1))));
        summary.add(new Paint(1, List.of(new Cell(2, 0, 0), new Cell(9, 9, 0))));
        ChangeSummary.Summary said = summary.summary("Alice", id -> "Ground");
        assertThat(said.text()).isEqualTo("Alice: 3 cells painted in Ground, 2 cells erased in Ground");
        assertThat(said.layers()).singleElement().satisfies(layer -> {
            assertThat(layer.cellsPainted()).isEqualTo(3);
            assertThat(layer.cellsErased()).isEqualTo(2);
        });
        assertThat(said.ops()).isEqualTo(3);
    }

    @Test
    void fillsAndMaskedRegionsCountTheCellsTheyWrite() {
        ChangeSummary summary = new ChangeSummary();
        summary.add(new FillRect(1, 60, 60, 70, 10, 3));        // across chunk edges: 700 cells
        summary.add(new FillRect(1, 60, 60, 10, 1, 0));         // 10 of them erased again
        TileMap map = new TileMap("m", 8, 8, 8, 8, null, TileMap.assignFirstGids(List.of(1L), List.of(6)), null, 1, 1);
        new AddLayer(0, LayerKind.TILE, LayerAttributes.named("b"), null).applyTo(map);
        // a bucket fill's region: written where the mask says (its inverse carries the same mask)
        PutRegion region = new PutRegion(2, 0, 0, 2, 2, new long[]{1, 1, 1, 1}, null, null);
        summary.add(new Batch(List.of(region)));
        ChangeSummary.Summary said = summary.summary(null, id -> id == 1 ? "Ground" : null);
        assertThat(said.text()).isEqualTo("690 cells painted in Ground, 10 cells erased in Ground, 4 cells painted in layer 2");
    }

    @Test
    void objectsAreAddedMovedChangedOrRemovedOnceEach() {
        ChangeSummary summary = new ChangeSummary();
        summary.add(new AddObject(5, object(1), null));
        summary.add(new UpdateObject(5, 1, MOVE));        // added in this change: still just added
        summary.add(new UpdateObject(5, 2, MOVE));
        summary.add(new UpdateObject(5, 2, MOVE));        // the same object moved twice: one moved
        summary.add(new UpdateObject(5, 3, RENAME));
        summary.add(new RemoveObject(5, 4));
        summary.add(new AddObject(5, object(6), null));
        summary.add(new RemoveObject(5, 6));              // added and removed: neither
        summary.add(new SetProperty(5, 2, "hp", Property.of("hp", 3)));
        summary.add(new SetProperty(null, null, "seed", Property.of("seed", 7)));
        ChangeSummary.Summary said = summary.summary("Bob", id -> "Things");
        assertThat(said.text()).isEqualTo("Bob: 1 object added in Things, 1 object moved in Things, 1 object changed"
                + " in Things, 1 object removed in Things, 1 property set in Things, 1 map property set");
    }

    @Test
    void aLayerAddedThenRemovedInOneChangeIsNeitherAndNamesComeFromTheOps() {
        ChangeSummary summary = new ChangeSummary();
        summary.add(new AddLayer(7, LayerKind.TILE, LayerAttributes.named("Sky"), null));
        summary.add(new Paint(7, List.of(new Cell(0, 0, 1))));
        summary.add(new AddLayer(8, LayerKind.TILE, LayerAttributes.named("Clouds"), null));
        summary.add(new RemoveLayer(8));
        summary.add(new RemoveLayer(3));
        assertThat(summary.summary(null, id -> null).text())
                .isEqualTo("layer Sky added, 1 cell painted in Sky, layer 3 removed");
        assertThat(new ChangeSummary().summary("Ann", id -> null).text()).isEqualTo("Ann: nothing that shows");
    }

    @Test
    void distinctCellsMatchABruteForceCountOverRandomWrites() {
        Random random = new Random(5);
        ChangeSummary summary = new ChangeSummary();
        Map<Long, Long> last = new HashMap<>();
        for (int i = 0; i < 400; i++) {
            int x = random.nextInt(150) - 10;
            int y = random.nextInt(150) - 10;
            long gid = random.nextInt(3);
            if (random.nextBoolean()) {
                summary.add(new Paint(1, List.of(new Cell(x, y, gid))));
                last.put(((long) x << 32) | (y & 0xffffffffL), gid);
            } else {
                int w = random.nextInt(80);
                int h = random.nextInt(5);
                summary.add(new FillRect(1, x, y, w, h, gid));
                for (int yy = y; yy < y + h; yy++) {
                    for (int xx = x; xx < x + w; xx++) {
                        last.put(((long) xx << 32) | (yy & 0xffffffffL), gid);
                    }
                }
            }
        }
        ChangeSummary.LayerCounts counts = summary.summary(null, id -> "a").layers().get(0);
        assertThat(counts.cellsPainted()).isEqualTo(last.values().stream().filter(g -> g != 0).count());
        assertThat(counts.cellsErased()).isEqualTo(last.values().stream().filter(g -> g == 0).count());
    }
}
