package dev.tilewright.map;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
import dev.tilewright.core.edit.InvalidOpException;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.MapSnapshot;
import dev.tilewright.core.edit.RandomOps;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.support.Eventually;
import dev.tilewright.support.Pngs;
import dev.tilewright.tileset.TilesetService;
import dev.tilewright.core.refusal.Refused;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Past versions are replayed from the nearest checkpoint (kept every 10 versions here), and each equals the version
 * replayed from the map's genesis: cells, objects, layers, properties, grid, id counters.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tilewright.database.data-dir=", "tilewright.storage.checkpoint-every=10"})
@Tag(Lanes.SERVICE)
class CheckpointsTest {

    @Autowired
    MapCatalogue catalogue;
    @Autowired
    MapEdits edits;
    @Autowired
    MapReads reads;
    @Autowired
    MapHistory history;
    @Autowired
    Checkpoints checkpoints;
    @Autowired
    TilesetService tilesets;
    @Autowired
    JdbcTemplate jdbc;

    private record State(MapSnapshot content, String header) {
        static State of(TileMap map) {
            return new State(MapSnapshot.of(map), map.name() + " " + map.tilesets() + " " + map.nextLayerId() + " "
                    + map.nextObjectId() + " " + map.properties());
        }
    }

    @Test
    void pastVersionsFromCheckpointsEqualThoseReplayedFromGenesis() {
        long tileset = tilesets.create(new TilesetService.NewTileset("t", 16, 16, 0, 0, null, Pngs.atlas(64, 64))).id();
        long mapId = catalogue.create(new MapCatalogue.NewMap("checkpoints" + " " + java.util.UUID.randomUUID(), 70, 66, 16, 16, null, null, List.of(tileset),
                List.of(new MapCatalogue.NewLayer("ground", LayerKind.TILE),
                        new MapCatalogue.NewLayer("things", LayerKind.OBJECT)), null), null);
        Random random = new Random(11);
        long version = reads.version(mapId);
        while (version < 65) {
            MapOp op = reads.read(mapId, (v, map) -> RandomOps.randomOp(random, map));
            try {
                version = edits.apply(mapId, v -> { }, null, null, op, null).done().version();
            } catch (InvalidOpException | Refused refused) {
                // the random op did not fit: the next one may
            }
        }
        List<State> fromGenesis = new ArrayList<>();
        for (long v = 1; v <= 65; v++) {
            jdbc.update("DELETE FROM map_checkpoints");
            fromGenesis.add(State.of(history.replay(mapId, v)));
        }
        jdbc.update("DELETE FROM map_checkpoints");
        history.replay(mapId, 25);
        history.replay(mapId, 65);
        assertThat(jdbc.queryForList("SELECT version FROM map_checkpoints WHERE map_id = ? ORDER BY version", Long.class,
                mapId)).as("kept by each replay at the last boundary it passed").contains(20L, 60L)
                .doesNotContain(10L, 30L, 40L, 50L);
        assertThat(checkpoints.nearest(mapId, 25).orElseThrow().version()).isEqualTo(20);
        for (long v = 1; v <= 65; v++) {
            assertThat(State.of(history.replay(mapId, v))).as("version %d", v).isEqualTo(fromGenesis.get((int) v - 1));
        }
        assertThat(State.of(history.replay(mapId, 65))).isEqualTo(State.of(reads.view(mapId).map()));
    }

    @Test
    void checkpointsAreKeptAsAMapGrowsWithoutAnyoneReadingItsPast() {
        long tileset = tilesets.create(new TilesetService.NewTileset("t", 16, 16, 0, 0, null, Pngs.atlas(64, 64))).id();
        long mapId = catalogue.create(new MapCatalogue.NewMap("growing" + " " + java.util.UUID.randomUUID(), 20, 20, 16, 16, null, null, List.of(tileset),
                List.of(new MapCatalogue.NewLayer("ground", LayerKind.TILE)), null), null);
        for (int i = 0; i < 25; i++) {
            edits.apply(mapId, v -> { }, null, null, new dev.tilewright.core.edit.Paint(1,
                    List.of(new dev.tilewright.core.edit.Cell(i % 20, i / 20, 1))), null).done();
        }
        List<Long> kept = Eventually.eventually("a checkpoint kept in the background", Duration.ofSeconds(10), () -> {
            List<Long> found = jdbc.queryForList("SELECT version FROM map_checkpoints WHERE map_id = ?", Long.class,
                    mapId);
            return found.isEmpty() ? null : found;
        });
        assertThat(kept).as("kept in the background").allMatch(v -> v >= 10 && v <= 26);
        long at = kept.get(0);
        assertThat(State.of(checkpoints.nearest(mapId, at).orElseThrow().map()))
                .isEqualTo(State.of(history.replay(mapId, at)));
    }
}
