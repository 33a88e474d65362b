package dev.tilewright.map;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
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
 * Memory bounded by bytes where maps are kept and read (small budgets here): the decoded maps kept in memory (400 KB;
 * a painted 64x64 chunk is 16 KB: painting grows a map's count, the least recently used maps go first, and an
 * evicted map reads back the same from its rows), and reads of the op log (4,000 bytes of op JSON a page).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tilewright.database.data-dir=", "tilewright.storage.map-cache-bytes=400000",
                "tilewright.limits.max-ops-read-bytes=4000"})
@Tag(Lanes.SERVICE)
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
    @Autowired
    MapHistory history;

    @Test
    void paintedMapsAreKeptWithinTheBudgetAndReadBackTheSameWhenEvicted() {
        long tileset = tilesets.create(new TilesetService.NewTileset("t", 16, 16, 0, 0, null, Pngs.atlas(64, 64))).id();
        List<Long> maps = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            long mapId = catalogue.create(new MapCatalogue.NewMap("m" + i + " " + java.util.UUID.randomUUID(), 256, 64, 16, 16, null, null, List.of(tileset),
                    List.of(new MapCatalogue.NewLayer("ground", LayerKind.TILE)), null), null);
            long before = reads.<Long>read(mapId, (v, map) -> map.heapBytes());
            // four chunks painted, each with a cell of its own (a fill alone shares one array): 4 x 16 KB more
            edits.apply(mapId, v -> { }, null, null, new FillRect(1, 0, 0, 256, 64, 1 + i), null).done();
            edits.apply(mapId, v -> { }, null, null, new dev.tilewright.core.edit.Paint(1, List.of(
                    new dev.tilewright.core.edit.Cell(0, 0, 9), new dev.tilewright.core.edit.Cell(64, 0, 9),
                    new dev.tilewright.core.edit.Cell(128, 0, 9), new dev.tilewright.core.edit.Cell(192, 0, 9))), null).done();
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

    @Test
    void aReadOfTheLogHoldsAtMostItsBytesAndPagesStillReachEveryVersion() {
        long tileset = tilesets.create(new TilesetService.NewTileset("log", 16, 16, 0, 0, null, Pngs.atlas(64, 64))).id();
        long mapId = catalogue.create(new MapCatalogue.NewMap("log" + " " + java.util.UUID.randomUUID(), 64, 64, 16, 16, null, null, List.of(tileset),
                List.of(new MapCatalogue.NewLayer("ground", LayerKind.TILE)), null), null);
        // ten ops of about 1,500 bytes each
        for (int i = 0; i < 10; i++) {
            List<dev.tilewright.core.edit.Cell> cells = new ArrayList<>();
            for (int x = 0; x < 50; x++) {
                cells.add(new dev.tilewright.core.edit.Cell(x, i, 1 + (x + i) % 16));
            }
            edits.apply(mapId, v -> { }, null, null, new dev.tilewright.core.edit.Paint(1, cells), null).done();
        }
        List<OpLog.Entry> first = history.entries(mapId, 1, null);
        assertThat(first).as("a page holds the entries that start within 4,000 bytes, not all ten").hasSizeBetween(1, 9);
        long read = first.stream().mapToLong(e -> e.op().length()).sum();
        assertThat(read - first.get(first.size() - 1).op().length()).as("where the last one starts").isLessThan(4000);
        assertThat(read).as("the page stops only at the budget").isGreaterThanOrEqualTo(4000);
        // paging on from the last version read reaches every version once, in order
        List<Long> versions = new ArrayList<>();
        long since = 1;
        for (List<OpLog.Entry> page = first; !page.isEmpty(); page = history.entries(mapId, since, null)) {
            page.forEach(e -> versions.add(e.version()));
            since = page.get(page.size() - 1).version();
        }
        assertThat(versions).containsExactly(2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L);
        // and a past version rebuilt through byte-bounded pages is the map as it is
        dev.tilewright.core.model.TileLayer replayed = (dev.tilewright.core.model.TileLayer) history.replay(mapId, 11)
                .layers().get(0);
        assertThat(replayed.read(new dev.tilewright.core.geom.TileRect(0, 0, 64, 64)))
                .isEqualTo(reads.cells(mapId, 1, 0, 0, 64, 64).gids());
        assertThat(reads.cells(mapId, 1, 0, 9, 50, 1).gids()).containsExactly(java.util.stream.IntStream.range(0, 50)
                .map(x -> 1 + (x + 9) % 16).toArray());
    }
}
