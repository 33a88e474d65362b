package dev.tilewright.core.edit;

import dev.tilewright.core.model.TileMap;
import net.jqwik.api.ForAll;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random op sequences, valid and invalid, on a small map: a refused op changes nothing, the inverses undo
 * everything, and replaying the applied ops on the original map reaches the same state (what the log relies on),
 * with {@code applyTo} and with {@code replayOn} (the log's replays, which work out no inverses).
 */
class OpSequenceProperties {

    @net.jqwik.api.Property(tries = 300)
    void inversesUndoAndReplayRepeats(@ForAll long seed) {
        Random random = new Random(seed);
        TileMap map = RandomOps.newMap();
        TileMap replica = map.copy();
        TileMap replayed = map.copy();
        MapSnapshot initial = MapSnapshot.of(map);
        List<MapOp> inverses = new ArrayList<>();
        List<MapOp> log = new ArrayList<>();
        for (int step = 0; step < 40; step++) {
            MapOp op = RandomOps.randomOp(random, map);
            MapSnapshot before = MapSnapshot.of(map);
            try {
                Applied applied = op.applyTo(map);
                inverses.add(applied.inverse());
                log.add(applied.op());
            } catch (InvalidOpException refused) {
                assertThat(MapSnapshot.of(map)).as("refused %s", op).isEqualTo(before);
            }
        }
        for (MapOp op : log) {
            op.applyTo(replica);
            op.replayOn(replayed);
        }
        assertThat(MapSnapshot.of(replica)).isEqualTo(MapSnapshot.of(map));
        assertThat(MapSnapshot.of(replayed)).as("replayed without inverses").isEqualTo(MapSnapshot.of(map));
        for (int i = inverses.size() - 1; i >= 0; i--) {
            inverses.get(i).applyTo(map);
        }
        assertThat(MapSnapshot.of(map)).isEqualTo(initial);
    }

}
