package dev.tilewright.core.history;

import dev.tilewright.core.edit.AddObject;
import dev.tilewright.core.edit.Cell;
import dev.tilewright.core.edit.Paint;
import dev.tilewright.core.edit.RandomOps;
import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.TileMap;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Whether a review thread's anchor covers something that changed: checked against the plain definition (a painted
 * cell under the anchor's rectangle, in pixels of 8x8 tiles, whose gid differs) on random anchors and paints.
 */
class AnchorTest {

    private static final int TILE = 8;

    @Test
    void aCellCountsWhenItLiesUnderTheAnchorAndItsGidChanged() {
        Random random = new Random(7);
        for (int round = 0; round < 2000; round++) {
            TileMap before = RandomOps.newMap();
            new Paint(1, List.of(new Cell(random.nextInt(70), random.nextInt(66), 1 + random.nextInt(3))))
                    .applyTo(before);
            TileMap after = before.copy();
            int cx = random.nextInt(70);
            int cy = random.nextInt(66);
            long gid = random.nextInt(4);
            new Paint(1, List.of(new Cell(cx, cy, gid))).applyTo(after);
            boolean point = random.nextBoolean();
            int x = random.nextInt(70 * TILE);
            int y = random.nextInt(66 * TILE);
            int w = point ? 0 : 1 + random.nextInt(70 * TILE - x);
            int h = point ? 0 : 1 + random.nextInt(66 * TILE - y);
            Integer layer = random.nextInt(3) == 0 ? Integer.valueOf(2) : random.nextBoolean() ? 1 : null;
            Anchor anchor = new Anchor(x, y, w, h, layer, null);

            int left = x / TILE;
            int top = y / TILE;
            int right = point ? left : (x + w - 1) / TILE;
            int bottom = point ? top : (y + h - 1) / TILE;
            boolean under = cx >= left && cx <= right && cy >= top && cy <= bottom;
            boolean differs = before.layer(1).map(l -> ((dev.tilewright.core.model.TileLayer) l).get(cx, cy))
                    .orElseThrow() != (int) gid;
            boolean expected = under && differs && (layer == null || layer == 1);
            assertThat(anchor.changed(before, after)).as("%s, cell %d,%d to %d", anchor, cx, cy, gid)
                    .isEqualTo(expected);
        }
    }

    @Test
    void objectsCountWhenTheirBoxesMeetTheAnchorOrWhenTheAnchorNamesThem() {
        TileMap before = RandomOps.newMap();
        new AddObject(2, box(0, 100, 100)).applyTo(before);
        new AddObject(2, box(0, 300, 300)).applyTo(before);
        TileMap after = before.copy();
        new AddObject(2, box(0, 100, 140)).applyTo(after);
        assertThat(new Anchor(90, 90, 30, 30, null, null).changed(before, after)).as("added within").isFalse();
        assertThat(new Anchor(90, 130, 30, 30, null, null).changed(before, after)).as("added here").isTrue();
        assertThat(new Anchor(90, 130, 30, 30, 1, null).changed(before, after)).as("another layer").isFalse();
        assertThat(new Anchor(0, 0, 0, 0, null, 1).changed(before, after)).as("object 1 kept").isFalse();
        TileMap moved = after.copy();
        new dev.tilewright.core.edit.UpdateObject(2, 2, new dev.tilewright.core.edit.ObjectPatch(null, null, null,
                301.0, null, null, null, null, null, null, null, null)).applyTo(moved);
        assertThat(new Anchor(0, 0, 0, 0, null, 2).changed(after, moved)).as("object 2 moved").isTrue();
        assertThat(new Anchor(0, 0, 0, 0, null, 1).changed(after, moved)).as("object 1 not").isFalse();
        assertThatThrownBy(() -> new Anchor(0, 0, -1, 0, null, null)).isInstanceOf(IllegalArgumentException.class);
        PixelBox bounds = new PixelBox(0, 0, 560, 528);
        assertThat(new Anchor(0, 0, 560, 528, null, null).inside(bounds)).isTrue();
        assertThat(new Anchor(1, 0, 560, 528, null, null).inside(bounds)).isFalse();
        assertThat(new Anchor(-1, 0, 1, 1, null, null).inside(bounds)).isFalse();
        assertThat(new Anchor(0, 527, 0, 1, null, null).inside(bounds)).isTrue();
        assertThat(new Anchor(0, 527, 0, 2, null, null).inside(bounds)).isFalse();
    }

    private static MapObject box(int id, double x, double y) {
        return new MapObject(id, "b", "", ObjectShape.RECTANGLE, x, y, 10.0, 10.0, 0.0, null, null, null, null, null,
                null);
    }
}
