package dev.tilewright.core.history;

import dev.tilewright.core.edit.Applied;
import dev.tilewright.core.edit.Batch;
import dev.tilewright.core.edit.InvalidOpException;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.MapSnapshot;
import dev.tilewright.core.edit.Paint;
import dev.tilewright.core.edit.RandomOps;
import dev.tilewright.core.edit.Cell;
import dev.tilewright.core.model.TileMap;
import net.jqwik.api.ForAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A restore op, applied to the map as it is, gives the map as it was at the version restored (cells, objects,
 * layers and their tree, properties, grid, settings), over random op sequences; its inverse gives the map back.
 */
class RestoreProperties {

    @net.jqwik.api.Property(tries = 300)
    void restoringAnyVersionGivesThatVersionAndItsUndoGivesNowBack(@ForAll long seed) {
        Random random = new Random(seed);
        TileMap map = RandomOps.newMap();
        List<MapOp> log = new ArrayList<>();
        List<MapSnapshot> states = new ArrayList<>(List.of(MapSnapshot.of(map)));
        for (int step = 0; step < 60; step++) {
            MapOp op = RandomOps.randomOp(random, map);
            try {
                log.add(op.applyTo(map).op());
                states.add(MapSnapshot.of(map));
            } catch (InvalidOpException refused) {
                // a random op that does not fit: the next may
            }
        }
        int back = random.nextInt(log.size() + 1);
        TileMap then = RandomOps.newMap();
        log.subList(0, back).forEach(op -> op.applyTo(then));
        Restore restore = new Restore(then);
        log.subList(back, log.size()).forEach(restore::replay);
        Restore.Result result = restore.op(Long.MAX_VALUE);
        MapSnapshot now = MapSnapshot.of(map);
        assertThat(MapSnapshot.of(then)).as("the map the restore was worked out on ends as it began").isEqualTo(now);

        Applied applied = result.op().applyTo(map);
        assertThat(MapSnapshot.of(map)).as("restored to %d of %d", back, log.size()).isEqualTo(states.get(back));
        result.undo().applyTo(map);
        assertThat(MapSnapshot.of(map)).as("the restore's undo").isEqualTo(now);
        applied.op().applyTo(map);
        applied.inverse().applyTo(map);
        assertThat(MapSnapshot.of(map)).as("the restore's inverse").isEqualTo(now);
    }

    @Test
    void aLongBrushHistoryRestoresAsOneRegionPerLayer() {
        TileMap map = RandomOps.newMap();
        TileMap then = map.copy();
        Restore restore = new Restore(then);
        for (int i = 0; i < 500; i++) {
            MapOp stroke = new Paint(1, List.of(new Cell(i % 70, i % 66, 1 + i % 5), new Cell((i * 7) % 70, 3, 2)));
            stroke.applyTo(map);
            restore.replay(stroke);
        }
        Batch op = restore.op(Long.MAX_VALUE).op();
        assertThat(op.ops()).hasSize(1);
        op.applyTo(map);
        assertThat(MapSnapshot.of(map)).isEqualTo(MapSnapshot.of(RandomOps.newMap()));
    }

    @Test
    void cellsPastTheLimitAreRefusedBeforeTheRegionsAreMade() {
        TileMap map = RandomOps.newMap();
        Restore restore = new Restore(map.copy());
        MapOp fill = new dev.tilewright.core.edit.FillRect(1, 0, 0, 70, 66, 3);
        restore.replay(fill);
        assertThatThrownBy(() -> restore.op(70 * 66 - 1)).isInstanceOf(Restore.TooLarge.class)
                .satisfies(e -> assertThat(((Restore.TooLarge) e).cells()).isEqualTo(70 * 66));
    }
}
