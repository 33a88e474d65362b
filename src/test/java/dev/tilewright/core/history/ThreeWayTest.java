package dev.tilewright.core.history;

import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileLayer;
import net.jqwik.api.ForAll;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Three-way merges of maps: each thing from the side that changed it; both changed it differently, a conflict. */
class ThreeWayTest {

    private static TileLayer tiles(int id, int... gids) {
        TileLayer layer = new TileLayer(id, LayerAttributes.named("ground"), 3, 2);
        for (int i = 0; i < gids.length; i++) {
            layer.set(i % 3, i / 3, gids[i]);
        }
        return layer;
    }

    private static MapObject object(int id, double x, String target) {
        return new MapObject(id, "door " + id, "door", ObjectShape.POINT, x, 0, null, null, null, null, null, null,
                null, target == null ? Properties.EMPTY : Properties.EMPTY.with(Property.of("target", target)));
    }

    private static ObjectLayer objects(int id, MapObject... in) {
        ObjectLayer layer = new ObjectLayer(id, LayerAttributes.named("things"));
        for (MapObject o : in) {
            layer.put(o);
        }
        return layer;
    }

    private static ThreeWay.Side side(Properties properties, Layer... layers) {
        return new ThreeWay.Side(List.of(layers), properties);
    }

    @Test
    void eachCellObjectAndPropertyComesFromTheSideThatChangedIt() {
        Properties base = Properties.EMPTY.with(Property.of("difficulty", 1)).with(Property.of("music", "calm"));
        ThreeWay.Merged merged = ThreeWay.merge(
                side(base, tiles(1, 1, 1, 1, 1, 1, 1), objects(2, object(1, 0, "a"), object(2, 8, "b"))),
                side(base.with(Property.of("difficulty", 2)), tiles(1, 1, 5, 1, 1, 1, 1),
                        objects(2, object(1, 4, "a"), object(2, 8, "b"))),
                side(base.without("music"), tiles(1, 1, 1, 1, 1, 1, 7),
                        objects(2, object(1, 0, "a"), object(3, 16, "c")), tiles(4, 9)));
        assertThat(merged.conflictCount()).isZero();
        TileLayer ground = (TileLayer) merged.layers().get(0);
        assertThat(ground.read(ground.bounds())).containsExactly(1, 5, 1, 1, 1, 7);
        ObjectLayer things = (ObjectLayer) merged.layers().get(1);
        assertThat(things.objects()).as("ours moved 1, theirs removed 2 and added 3")
                .containsExactly(object(1, 4, "a"), object(3, 16, "c"));
        assertThat(merged.layers()).extracting(Layer::id).as("theirs' new layer after the one before it")
                .containsExactly(1, 2, 4);
        assertThat(merged.properties().get("difficulty").orElseThrow().value()).isEqualTo(2L);
        assertThat(merged.properties().get("music")).isEmpty();
    }

    @Test
    void whatBothChangedDifferentlyConflictsAndOursStays() {
        ThreeWay.Merged merged = ThreeWay.merge(
                side(Properties.EMPTY.with(Property.of("music", "calm")), tiles(1, 1, 1, 1, 1, 1, 1),
                        objects(2, object(1, 0, "a"))),
                side(Properties.EMPTY.with(Property.of("music", "loud")), tiles(1, 2, 1, 1, 1, 1, 1),
                        objects(2, object(1, 0, "x"))),
                side(Properties.EMPTY.with(Property.of("music", "jazz")), tiles(1, 3, 1, 1, 1, 1, 4),
                        objects(2, object(1, 0, "y"))));
        assertThat(merged.conflicts()).extracting(ThreeWay.Conflict::describe).containsExactly(
                "cell 0,0 of layer 1: ours 2, theirs 3", "object 1 of layer 2: changed on both sides",
                "property 'music': ours loud, theirs jazz");
        TileLayer ground = (TileLayer) merged.layers().get(0);
        assertThat(ground.read(ground.bounds())).as("theirs' other cell comes in").containsExactly(2, 1, 1, 1, 1, 4);
        assertThat(((ObjectLayer) merged.layers().get(1)).objects()).containsExactly(object(1, 0, "x"));
    }

    /** Merging a side that changed nothing gives the other side; merging two equal sides gives that side. */
    @net.jqwik.api.Property(tries = 200)
    void anUnchangedSideBringsNothing(@ForAll long seed) {
        Random random = new Random(seed);
        int[] base = new int[6];
        int[] changed = new int[6];
        for (int i = 0; i < 6; i++) {
            base[i] = random.nextInt(3);
            changed[i] = random.nextBoolean() ? base[i] : random.nextInt(3);
        }
        for (boolean oursChanged : new boolean[]{true, false}) {
            ThreeWay.Merged merged = ThreeWay.merge(side(Properties.EMPTY, tiles(1, base)),
                    side(Properties.EMPTY, tiles(1, oursChanged ? changed : base)),
                    side(Properties.EMPTY, tiles(1, oursChanged ? base : changed)));
            TileLayer ground = (TileLayer) merged.layers().get(0);
            assertThat(merged.conflictCount()).isZero();
            assertThat(ground.read(ground.bounds())).containsExactly(changed);
        }
        ThreeWay.Merged same = ThreeWay.merge(side(Properties.EMPTY, tiles(1, base)),
                side(Properties.EMPTY, tiles(1, changed)), side(Properties.EMPTY, tiles(1, changed)));
        assertThat(same.conflictCount()).isZero();
        assertThat(((TileLayer) same.layers().get(0)).read(new dev.tilewright.core.geom.TileRect(0, 0, 3, 2)))
                .containsExactly(changed);
    }
}
