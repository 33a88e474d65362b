package dev.tilewright.map;

import dev.tilewright.core.edit.InvalidOpException;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.MapSnapshot;
import dev.tilewright.core.edit.RandomOps;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.support.Pngs;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.tileset.TilesetService;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Drives random op sequences through the edit path and checks that what PostgreSQL holds is exactly the edited
 * map, two ways: reloading it from its tables (only dirty chunks and objects were written), and replaying its
 * op log from the genesis (the log is the truth).
 */
@FeatureTest
class MapPersistenceTest {

    @Autowired
    MapCatalogue catalogue;
    @Autowired
    MapReads maps;
    @Autowired
    MapEdits edits;
    @Autowired
    MapHistory history;
    @Autowired
    TilesetService tilesets;
    @Autowired
    MapCache cache;

    @Test
    void storedRowsAndReplayedLogBothEqualTheEditedMap() {
        long tileset = tilesets.create(new TilesetService.NewTileset("six", 16, 16, 0, 0, null, Pngs.atlas(48, 32))).id();
        for (long seed = 1; seed <= 6; seed++) {
            long mapId = catalogue.create(new MapCatalogue.NewMap("random-" + seed, 70, 66, 8, 8, null, null, List.of(tileset),
                    List.of(new MapCatalogue.NewLayer("a", LayerKind.TILE), new MapCatalogue.NewLayer("o", LayerKind.OBJECT)),
                    null), null);
            Random random = new Random(seed);
            int applied = 0;
            for (int step = 0; step < 150; step++) {
                MapOp op = maps.read(mapId, (version, map) -> RandomOps.randomOp(random, map));
                try {
                    edits.apply(mapId, version -> { }, null, null, op, null).done();
                    applied++;
                } catch (InvalidOpException | dev.tilewright.core.refusal.Refused refused) {
                    // refused ops are part of the mix (adding a tileset the store does not hold among them); they
                    // must leave no trace (checked below)
                }
            }
            MapSnapshot edited = maps.read(mapId, (version, map) -> MapSnapshot.of(map));
            long version = maps.version(mapId);
            assertThat(version).isEqualTo(1 + applied);

            cache.evict(mapId);
            MapSnapshot reloaded = maps.read(mapId, (v, map) -> MapSnapshot.of(map));
            assertThat(reloaded).as("reloaded, seed %d", seed).isEqualTo(edited);
            TileMap replayed = history.replay(mapId, version);
            assertThat(MapSnapshot.of(replayed)).as("replayed, seed %d", seed).isEqualTo(edited);
            assertThat(history.replay(mapId, 1).layers()).hasSize(2);
        }
    }
}
