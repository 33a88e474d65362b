package dev.tilewright.render;

import dev.tilewright.core.edit.AddLayer;
import dev.tilewright.core.edit.FillRect;
import dev.tilewright.core.edit.RemoveLayer;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What became of each cell between two versions, worked out a band of rows at a time (a whole large map's cells are
 * never read at once), equals the cell-by-cell answer of a slow oracle; rectangles wider than a band included.
 */
class DiffMarksTest {

    private static TileMap map(int width, int height) {
        TileMap map = new TileMap("m", width, height, 8, 8, null, TileMap.assignFirstGids(List.of(1L), List.of(6)),
                null, 1, 1);
        new AddLayer(0, LayerKind.TILE, LayerAttributes.named("a"), null).applyTo(map);
        new AddLayer(0, LayerKind.TILE, LayerAttributes.named("b"), null).applyTo(map);
        return map;
    }

    private static void scribble(TileMap map, Random random, int fills) {
        for (int i = 0; i < fills; i++) {
            int layer = 1 + random.nextInt(2);
            if (map.layer(layer).isEmpty()) {
                continue;
            }
            int x = random.nextInt(map.width());
            int y = random.nextInt(map.height());
            new FillRect(layer, x, y, 1 + random.nextInt(Math.min(120, map.width() - x)),
                    1 + random.nextInt(Math.min(90, map.height() - y)), random.nextInt(7)).applyTo(map);
        }
    }

    /** The oracle: every cell of every layer either version has, compared one by one. */
    private static byte oracle(TileMap a, TileMap b, int x, int y) {
        byte kind = 0;
        List<Integer> ids = new ArrayList<>();
        a.layers().forEach(l -> ids.add(l.id()));
        b.layers().forEach(l -> {
            if (!ids.contains(l.id())) {
                ids.add(l.id());
            }
        });
        for (int id : ids) {
            int was = a.layer(id).filter(TileLayer.class::isInstance).map(l -> ((TileLayer) l).get(x, y)).orElse(0);
            int now = b.layer(id).filter(TileLayer.class::isInstance).map(l -> ((TileLayer) l).get(x, y)).orElse(0);
            if (was != now) {
                byte k = was == 0 ? DiffMarks.ADDED : now == 0 ? DiffMarks.REMOVED : DiffMarks.CHANGED;
                kind = kind == 0 || kind == k ? k : DiffMarks.CHANGED;
            }
        }
        return kind;
    }

    @Property(tries = 40)
    void bandsGiveWhatCellByCellGives(@ForAll long seed, @ForAll @IntRange(min = 1, max = 700) int width,
                                      @ForAll boolean dropALayer) {
        Random random = new Random(seed);
        int height = 1 + random.nextInt(240);
        TileMap a = map(width, height);
        scribble(a, random, 6);
        TileMap b = a.copy();
        scribble(b, random, 6);
        if (dropALayer) {
            new RemoveLayer(2).applyTo(b);
        }
        int x = random.nextInt(width);
        int y = random.nextInt(height);
        TileRect rect = new TileRect(x, y, 1 + random.nextInt(width - x), 1 + random.nextInt(height - y));
        byte[] kinds = DiffMarks.cells(a, b, rect);
        for (int i = 0; i < kinds.length; i++) {
            int cx = rect.x() + i % rect.width();
            int cy = rect.y() + i / rect.width();
            assertThat(kinds[i]).as("cell %d,%d", cx, cy).isEqualTo(oracle(a, b, cx, cy));
        }
    }

    @org.junit.jupiter.api.Test
    void addedObjectsAreOutlinedByTheirRealShapeTurnedAsDrawn() {
        TileMap before = map(20, 20);
        new AddLayer(0, LayerKind.OBJECT, LayerAttributes.named("o"), null).applyTo(before);
        TileMap after = before.copy();
        // a triangle from (40, 40): corners (0,0), (60,0), (0,60) about it
        new dev.tilewright.core.edit.AddObject(3, new dev.tilewright.core.model.MapObject(0, "t", "",
                dev.tilewright.core.model.ObjectShape.POLYGON, 40, 40, 0.0, 0.0, 0.0, null, null,
                List.of(new dev.tilewright.core.geom.Difference(0, 0), new dev.tilewright.core.geom.Difference(60, 0),
                        new dev.tilewright.core.geom.Difference(0, 60)), null, null), null).applyTo(after);
        // a 40x10 rectangle at (100, 20) turned 90 degrees clockwise: it covers x 90..100, y 20..60
        new dev.tilewright.core.edit.AddObject(3, new dev.tilewright.core.model.MapObject(0, "r", "",
                dev.tilewright.core.model.ObjectShape.RECTANGLE, 100, 20, 40.0, 10.0, 90.0, null, null, null, null,
                null), null).applyTo(after);
        TileRect all = new TileRect(0, 0, 20, 20);
        Pixels canvas = Pixels.blank(160, 160);
        DiffMarks.mark(canvas, 1, 0, 0, before, after, all, DiffMarks.cells(before, after, all));
        // lines are antialiased: a pixel on one is mostly the added colour (green)
        java.util.function.IntPredicate green = argb -> ((argb >> 8) & 0xFF) > 0x80 && ((argb >> 16) & 0xFF) < 0x60;
        int[] px = canvas.argb();
        assertThat(green.test(px[70 * 160 + 69])).as("on the triangle's long edge, x + y = 140").isTrue();
        assertThat(green.test(px[40 * 160 + 70])).as("on its top edge").isTrue();
        assertThat(green.test(px[55 * 160 + 55])).as("inside it: not outlined").isFalse();
        assertThat(green.test(px[40 * 160 + 90])).as("the turned rectangle's left edge at (90, 40)").isTrue();
        assertThat(green.test(px[25 * 160 + 120])).as("where it would be unturned").isFalse();
    }

    /**
     * On a hexagonal map a changed cell is marked as its hexagon: pixels whose middles lie in it are not dimmed (its
     * edge outlined), a pixel of its box outside the hexagon (a corner of the box) is dimmed as the neighbour it lies
     * in; the same for an isometric map's diamonds.
     */
    @org.junit.jupiter.api.Test
    void cellsOfOtherOrientationsAreMarkedAsTheirShapes() {
        for (dev.tilewright.core.model.Orientation orientation : List.of(
                dev.tilewright.core.model.Orientation.of("hexagonal", "y", "odd", 16),
                dev.tilewright.core.model.Orientation.ISOMETRIC)) {
            TileMap before = new TileMap("m", 8, 8, 32, 32, null, TileMap.assignFirstGids(List.of(1L), List.of(6)),
                    null, 1, 1);
            before.setSettings(before.settings().withOrientation(orientation));
            new AddLayer(0, LayerKind.TILE, LayerAttributes.named("a"), null).applyTo(before);
            TileMap after = before.copy();
            new FillRect(1, 3, 2, 1, 1, 2).applyTo(after);
            TileRect all = new TileRect(0, 0, 8, 8);
            dev.tilewright.core.geom.PixelBox bounds = after.projection().bounds(8, 8);
            Pixels canvas = Pixels.blank((int) bounds.width(), (int) bounds.height());
            java.util.Arrays.fill(canvas.argb(), 0xFF808080);
            DiffMarks.mark(canvas, 1, 0, 0, before, after, all, DiffMarks.cells(before, after, all));
            dev.tilewright.core.geom.PixelBox cell = after.projection().cellBox(3, 2);
            int[] px = canvas.argb();
            int w = canvas.width();
            int centre = px[(int) (cell.y() + cell.height() / 2) * w + (int) (cell.x() + cell.width() / 2)];
            int corner = px[(int) (cell.y() + 1) * w + (int) (cell.x() + 1)];
            assertThat(centre).as("%s: the changed cell's middle, as drawn", orientation).isEqualTo(0xFF808080);
            assertThat(corner).as("%s: its box's corner lies in a neighbour: dimmed", orientation)
                    .isEqualTo(DiffMarks.dim(0xFF808080));
            // every pixel not dimmed lies in the changed cell (its middle's cell)
            for (int y = 0; y < canvas.height(); y++) {
                for (int x = 0; x < w; x++) {
                    if (px[y * w + x] != DiffMarks.dim(0xFF808080)) {
                        assertThat(after.projection().tileAt(new dev.tilewright.core.geom.Position(x, y)))
                                .as("%s: pixel %d,%d", orientation, x, y)
                                .isEqualTo(new dev.tilewright.core.geom.TileCoord(3, 2));
                    }
                }
            }
        }
    }
}
