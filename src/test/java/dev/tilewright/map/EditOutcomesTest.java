package dev.tilewright.map;

import dev.tilewright.core.edit.Cell;
import dev.tilewright.core.edit.Paint;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.Pngs;
import dev.tilewright.tileset.TilesetService;
import dev.tilewright.web.ETags;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The edit path answers every change with one sealed outcome, for a single change (REST) and a group (live) alike:
 * committed, repeated (a resend answered as before), or declined with the domain's refusal, the map unchanged.
 */
@FeatureTest
class EditOutcomesTest {

    @Autowired
    MapCatalogue catalogue;
    @Autowired
    MapEdits edits;
    @Autowired
    MapReads reads;
    @Autowired
    TilesetService tilesets;

    private long map() {
        long tileset = tilesets.create(new TilesetService.NewTileset("t-" + UUID.randomUUID(), 16, 16, 0, 0, null,
                Pngs.atlas(64, 64))).id();
        return catalogue.create(new MapCatalogue.NewMap("outcomes" + " " + java.util.UUID.randomUUID(), 8, 8, 16, 16, null, null, List.of(tileset),
                List.of(new MapCatalogue.NewLayer("ground", LayerKind.TILE)), null), null);
    }

    private long gid(long mapId, int x, int y) {
        return reads.read(mapId, (version, map) -> (long) ((TileLayer) map.layers().get(0)).get(x, y));
    }

    private static Paint paint(int x, long gid) {
        return new Paint(1, List.of(new Cell(x, 0, gid)));
    }

    @Test
    void aChangeIsCommittedOnceAndItsResendRepeatedWhateverThePreconditionSays() {
        long mapId = map();
        long before = reads.version(mapId);
        MapEdits.Outcome first = edits.apply(mapId, v -> ETags.requireMatch(ETags.of(before), v), "c-1", 1L,
                paint(0, 2), null);
        assertThat(first).isInstanceOfSatisfying(MapEdits.Committed.class,
                c -> assertThat(c.version()).isEqualTo(before + 1));
        // sent again against the version it was made on (now stale): answered as before, nothing applied
        MapEdits.Outcome again = edits.apply(mapId, v -> ETags.requireMatch(ETags.of(before), v), "c-1", 1L,
                paint(0, 3), null);
        assertThat(again).isInstanceOfSatisfying(MapEdits.Repeated.class, r -> {
            assertThat(r.version()).isEqualTo(before + 1);
            assertThat(r.op()).isEqualTo(((MapEdits.Done) first).op());
        });
        assertThat(((MapEdits.Done) again).repeated()).isTrue();
        assertThat(gid(mapId, 0, 0)).isEqualTo(2);
        assertThat(reads.version(mapId)).isEqualTo(before + 1);
    }

    @Test
    void aRefusalIsAnOutcomeWithTheFieldAndTheMapIsUnchanged() {
        long mapId = map();
        long before = reads.version(mapId);
        MapEdits.Outcome stale = edits.apply(mapId, v -> ETags.requireMatch(ETags.of(before + 5), v), null, null,
                paint(0, 2), null);
        assertThat(stale).isInstanceOfSatisfying(MapEdits.Declined.class, d -> {
            assertThat(d.refusal().kind()).isEqualTo(Refusal.Kind.STALE);
            assertThat(d.inOp()).as("the request's precondition, not the op").isFalse();
        });
        MapEdits.Outcome noSuchTile = edits.apply(mapId, v -> { }, null, null, paint(0, 999), null);
        assertThat(noSuchTile).isInstanceOfSatisfying(MapEdits.Declined.class, d -> {
            assertThat(d.refusal().kind()).isEqualTo(Refusal.Kind.INVALID);
            assertThat(d.refusal().field()).isEqualTo("cells[0].gid");
            assertThat(d.inOp()).as("a path in the op").isTrue();
        });
        assertThatThrownBy(noSuchTile::done).isInstanceOfSatisfying(Refused.class,
                r -> assertThat(r.refusal()).isEqualTo(((MapEdits.Declined) noSuchTile).refusal()));
        assertThat(gid(mapId, 0, 0)).isZero();
        assertThat(reads.version(mapId)).isEqualTo(before);
    }

    @Test
    void inAGroupEachChangeHasItsOwnOutcomeAndAGoneMapDeclinesThemAll() {
        long mapId = map();
        long before = reads.version(mapId);
        List<MapEdits.Outcome> outcomes = edits.applyAll(mapId, List.of(
                new MapEdits.Submitted("g", 1L, paint(1, 2), null),
                new MapEdits.Submitted("g", 2L, paint(2, 999), null),
                new MapEdits.Submitted("g", 3L, paint(3, 4), null),
                new MapEdits.Submitted("g", 1L, paint(1, 3), null)));
        assertThat(outcomes.get(0)).isInstanceOfSatisfying(MapEdits.Committed.class,
                c -> assertThat(c.version()).isEqualTo(before + 1));
        assertThat(outcomes.get(1)).isInstanceOf(MapEdits.Declined.class);
        assertThat(outcomes.get(2)).isInstanceOfSatisfying(MapEdits.Committed.class,
                c -> assertThat(c.version()).isEqualTo(before + 2));
        assertThat(outcomes.get(3)).as("the same change twice in one group").isInstanceOfSatisfying(
                MapEdits.Repeated.class, r -> assertThat(r.version()).isEqualTo(before + 1));
        assertThat(gid(mapId, 1, 0)).isEqualTo(2);
        assertThat(gid(mapId, 2, 0)).isZero();
        assertThat(gid(mapId, 3, 0)).isEqualTo(4);

        List<MapEdits.Outcome> gone = edits.applyAll(Long.MAX_VALUE, List.of(
                new MapEdits.Submitted("g", 9L, paint(1, 2), null), new MapEdits.Submitted("g", 10L, paint(2, 2), null)));
        assertThat(gone).allSatisfy(o -> assertThat(o).isInstanceOfSatisfying(MapEdits.Declined.class,
                d -> assertThat(d.refusal().kind()).isEqualTo(Refusal.Kind.NOT_FOUND)));
    }
}
