package dev.tilewright.core.edit;

import dev.tilewright.core.history.MapDiff;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import net.jqwik.api.ForAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A map edited at random in two ways from one start: {@link Become}'s op, applied to one, makes it hold what the
 * other holds (equal snapshots, no diff left), is empty when they hold the same, and its inverse undoes it.
 */
class BecomeProperties {

    @net.jqwik.api.Property(tries = 200)
    void theOpMakesOneMapHoldWhatTheOtherHolds(@ForAll long seed) {
        Random random = new Random(seed);
        TileMap start = RandomOps.newMap();
        TileMap from = edited(start.copy(), random, random.nextInt(20));
        TileMap to = edited(start.copy(), random, 1 + random.nextInt(40));
        MapSnapshot before = MapSnapshot.of(from);
        Become.Result result = Become.of(from, to);
        assertThat(result.refused()).isEmpty();
        Applied applied = result.op().applyTo(from);
        assertThat(MapSnapshot.of(from)).isEqualTo(MapSnapshot.of(to));
        MapDiff.Diff left = MapDiff.between(from, to, 0);
        assertThat(left.layers()).isEmpty();
        assertThat(left.map()).isEmpty();
        assertThat(Become.of(from, to).op().ops()).as("nothing more to do").isEmpty();
        applied.inverse().applyTo(from);
        assertThat(MapSnapshot.of(from)).isEqualTo(before);
    }

    @Test
    void aCellChangePutsBackOnlyItsChunkAndAHeaderChangeIsNamedNotMade() {
        TileMap from = RandomOps.newMap();
        TileMap to = from.copy();
        new Paint(1, List.of(new Cell(40, 3, 2))).applyTo(to);
        List<MapOp> ops = Become.of(from, to).op().ops();
        assertThat(ops).hasSize(1).first().isInstanceOf(PutRegion.class);
        PutRegion put = (PutRegion) ops.get(0);
        assertThat(List.of(put.x(), put.y(), put.width(), put.height())).containsExactly(0, 0, TileLayer.CHUNK_SIZE, TileLayer.CHUNK_SIZE);

        TileMap bigger = new TileMap("m", 71, 66, 8, 8, null, from.tilesets(), null, 1, 1);
        Become.Result refused = Become.of(from, bigger);
        assertThat(refused.refused()).singleElement().asString().contains("size", "70x66", "71x66");
        assertThat(refused.op().ops()).isEmpty();

        // another orientation is a header change too: a file of hexagons does not become a map of squares
        TileMap hexagons = from.copy();
        hexagons.setSettings(from.settings().withOrientation(dev.tilewright.core.model.Orientation.of("hexagonal",
                "x", "even", 4)));
        Become.Result other = Become.of(from, hexagons);
        assertThat(other.refused()).singleElement().asString()
                .contains("orientation", "orthogonal here", "hexagonal, stagger x even, side 4 in the file");
        assertThat(other.op().ops()).isEmpty();
    }

    private static TileMap edited(TileMap map, Random random, int steps) {
        for (int i = 0; i < steps; i++) {
            try {
                RandomOps.randomOp(random, map).applyTo(map);
            } catch (InvalidOpException refused) {
                // an op the map refuses changes nothing
            }
        }
        return map;
    }
}
