package dev.tilewright.core.history;

import dev.tilewright.core.edit.Applied;
import dev.tilewright.core.edit.Cell;
import dev.tilewright.core.edit.InvalidOpException;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.Paint;
import dev.tilewright.core.edit.RandomOps;
import dev.tilewright.core.model.TileMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An anchor told from the ops alone ({@link Anchor#mayHaveChanged}) is never wrong when it says "unchanged": for
 * random op sequences after random anchors, whenever the ops say nothing can have changed, comparing the two versions
 * finds nothing changed either; and ops that paint under the anchor are always a "look".
 */
class AnchorOpsProperties {

    @Property(tries = 300)
    void unchangedByTheOpsIsUnchangedByTheVersions(@ForAll long seed) {
        Random random = new Random(seed);
        TileMap map = RandomOps.newMap();
        for (int i = 0; i < 10; i++) {
            apply(map, RandomOps.randomOp(random, map));
        }
        TileMap before = map.copy();
        List<MapOp> ops = new ArrayList<>();
        int steps = 1 + random.nextInt(6);
        for (int i = 0; i < steps; i++) {
            Applied applied = apply(map, RandomOps.randomOp(random, map));
            if (applied != null) {
                ops.add(applied.op());
            }
        }
        int px = map.width() * map.tileWidth();
        int py = map.height() * map.tileHeight();
        for (int a = 0; a < 20; a++) {
            int x = random.nextInt(px);
            int y = random.nextInt(py);
            Anchor anchor = new Anchor(x, y, random.nextBoolean() ? 0 : random.nextInt(px - x),
                    random.nextBoolean() ? 0 : random.nextInt(py - y), null, null);
            if (!anchor.mayHaveChanged(ops, map)) {
                assertThat(anchor.changed(before, map)).as("%s after %s", anchor, ops).isFalse();
            }
        }
    }

    @Property(tries = 100)
    void paintingUnderTheAnchorIsALook(@ForAll long seed) {
        Random random = new Random(seed);
        TileMap map = RandomOps.newMap();
        int tx = random.nextInt(map.width());
        int ty = random.nextInt(map.height());
        Anchor anchor = new Anchor(tx * map.tileWidth() + random.nextInt(map.tileWidth()),
                ty * map.tileHeight() + random.nextInt(map.tileHeight()), 0, 0, null, null);
        MapOp paint = new Paint(1, List.of(new Cell(tx, ty, 1 + random.nextInt(6))));
        assertThat(anchor.mayHaveChanged(List.of(paint), map)).isTrue();
        MapOp elsewhere = new Paint(1, List.of(new Cell((tx + 5) % map.width(), (ty + 5) % map.height(), 1)));
        assertThat(anchor.mayHaveChanged(List.of(elsewhere), map)).isFalse();
    }

    private static Applied apply(TileMap map, MapOp op) {
        try {
            return op.applyTo(map);
        } catch (InvalidOpException refused) {
            return null;
        }
    }
}
