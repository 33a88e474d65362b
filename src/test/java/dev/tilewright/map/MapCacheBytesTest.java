package dev.tilewright.map;

import dev.tilewright.core.edit.FillRect;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.support.Pngs;
import dev.tilewright.tileset.TilesetService;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The decoded maps kept in memory are bounded by bytes (here 400 KB; a painted 64x64 chunk is 16 KB): painting grows
 * a map's count, the least recently used maps go first, and an evicted map reads back the same from its rows.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tilewright.database.data-dir=", "tilewright.storage.map-cache-bytes=400000"})
class MapCacheBytesTest {

    @Autowired
    MapCatalogue catalogue;
    @Autowired
    MapEdits edits;
    @Autowired
    MapReads reads;
    @Autowired
    MapCache cache;
    @Autowired
    TilesetService tilesets;

    @Test
    void paintedMapsAreKeptWithinTheBudgetAndReadBackTheSameWhenEvicted() {
        long tileset = tilesets.create(new TilesetService.NewTileset("t", 16, 16, 0, 0, null, Pngs.atlas(64, 64))).id();
        List<Long> maps = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            long mapId = catalogue.create(new MapCatalogue.NewMap("m" + i, 256, 64, 16, 16, null, null, List.of(tileset),
                    List.of(new MapCatalogue.NewLayer("ground", LayerKind.TILE)), null));
            long before = reads.<Long>read(mapId, (v, map) -> map.heapBytes());
            // four chunks painted: 4 x 16 KB more
            edits.apply(mapId, v -> { }, null, null, new FillRect(1, 0, 0, 256, 64, 1 + i));
            long after = reads.<Long>read(mapId, (v, map) -> map.heapBytes());
            assertThat(after).as("painting counts")
                    .isGreaterThanOrEqualTo(before + 4 * 16 * 1024);
            assertThat(cache.bytes()).as("within the budget after map %d", i).isLessThanOrEqualTo(400_000);
            maps.add(mapId);
        }
        assertThat(cache.size()).as("not every map fits").isLessThan(maps.size());
        for (int i = 0; i < maps.size(); i++) {
            int gid = 1 + i;
            assertThat(reads.cells(maps.get(i), 1, 200, 60, 1, 1).gids()).as("map %d", i).containsExactly(gid);
            assertThat(cache.bytes()).isLessThanOrEqualTo(400_000);
        }
    }
}
