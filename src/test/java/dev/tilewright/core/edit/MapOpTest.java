package dev.tilewright.core.edit;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MapOpTest {

    private TileMap map;

    @BeforeEach
    void newMap() {
        map = new TileMap("level", 100, 80, 16, 16, null,
                TileMap.assignFirstGids(List.of(1L, 2L), List.of(8, 4)), null, 1, 1);
        new AddLayer(0, LayerKind.TILE, LayerAttributes.named("ground"), null).applyTo(map);
        new AddLayer(0, LayerKind.OBJECT, LayerAttributes.named("things"), null).applyTo(map);
    }

    private TileLayer ground() {
        return (TileLayer) map.layer(1).orElseThrow();
    }

    @Test
    void paintKeepsFlipBitsAndItsInverseRestoresEvenRepeatedCells() {
        MapSnapshot before = MapSnapshot.of(map);
        long flipped = Integer.toUnsignedLong(Gid.of(9, Gid.FLIP_HORIZONTAL | Gid.FLIP_VERTICAL));
        Applied applied = new Paint(1, List.of(new Cell(3, 4, 2), new Cell(3, 4, flipped), new Cell(99, 79, 12)))
                .applyTo(map);
        assertThat(Integer.toUnsignedLong(ground().get(3, 4))).isEqualTo(flipped);
        assertThat(ground().get(99, 79)).isEqualTo(12);
        applied.inverse().applyTo(map);
        assertThat(MapSnapshot.of(map)).isEqualTo(before);
    }

    @Test
    void invalidGidsAndCellsAreRefusedNamingTheFieldWithNothingChanged() {
        MapSnapshot before = MapSnapshot.of(map);
        assertThatThrownBy(() -> new Paint(1, List.of(new Cell(0, 0, 1), new Cell(1, 0, 13))).applyTo(map))
                .isInstanceOf(InvalidOpException.class)
                .hasMessageContaining("belongs to no tileset")
                .extracting(e -> ((InvalidOpException) e).field()).isEqualTo("cells[1].gid");
        assertThatThrownBy(() -> new Paint(1, List.of(new Cell(100, 0, 1))).applyTo(map))
                .hasMessageContaining("outside the map");
        assertThatThrownBy(() -> new FillRect(1, 90, 0, 11, 1, 1).applyTo(map))
                .hasMessageContaining("reaches outside the 100x80 map");
        assertThatThrownBy(() -> new FillRect(2, 0, 0, 1, 1, 1).applyTo(map))
                .hasMessageContaining("object layer, not a tile layer");
        assertThatThrownBy(() -> new Paint(7, List.of()).applyTo(map))
                .hasMessageContaining("no layer 7; its layers are [1 (ground), 2 (things)]");
        assertThat(MapSnapshot.of(map)).isEqualTo(before);
    }

    @Test
    void fillRectInverseIsTheRegionAsItWas() {
        new Paint(1, List.of(new Cell(5, 5, 3))).applyTo(map);
        MapSnapshot before = MapSnapshot.of(map);
        Applied applied = new FillRect(1, 0, 0, 70, 70, 4).applyTo(map);
        assertThat(ground().get(69, 69)).isEqualTo(4);
        // compact (FillInverse): the empty parts as fills, cells only for the chunk that held a tile
        assertThat(applied.inverse()).isInstanceOf(Batch.class);
        List<MapOp> parts = ((Batch) applied.inverse()).ops();
        assertThat(parts).filteredOn(p -> p instanceof PutRegion).singleElement()
                .satisfies(p -> assertThat(((PutRegion) p).width() * ((PutRegion) p).height()).isEqualTo(64 * 64));
        assertThat(parts).filteredOn(p -> p instanceof FillRect).allSatisfy(p -> assertThat(((FillRect) p).gid()).isZero());
        applied.inverse().applyTo(map);
        assertThat(MapSnapshot.of(map)).isEqualTo(before);
    }

    @Test
    void aFillOfManyChunksIsPutBackFromAViewOfTheLayerAsItWas() {
        TileMap big = new TileMap("big", 1024, 512, 16, 16, null,
                TileMap.assignFirstGids(List.of(1L), List.of(16)), null, 1, 1);
        new AddLayer(0, LayerKind.TILE, LayerAttributes.named("ground"), null).applyTo(big);
        TileLayer layer = (TileLayer) big.layer(1).orElseThrow();
        java.util.Random random = new java.util.Random(4);
        for (int i = 0; i < 20_000; i++) {
            layer.set(random.nextInt(1024), random.nextInt(512), 1 + random.nextInt(16));
        }
        MapSnapshot before = MapSnapshot.of(big);
        Applied applied = new FillRect(1, 0, 0, 1024, 512, 5).applyTo(big);
        assertThat(applied.inverse()).as("by reference, not 128 regions of cells")
                .isInstanceOf(RestoreCells.Resolved.class);
        assertThat(layer.get(7, 9)).isEqualTo(5);
        applied.inverse().applyTo(big);
        assertThat(MapSnapshot.of(big)).isEqualTo(before);
    }

    @Test
    void largeRegionsTravelAsTiledsBase64ZlibDataAndDecodeExactly() {
        long[] gids = new long[40 * 30];
        for (int i = 0; i < gids.length; i++) {
            gids[i] = i % 13 == 0 ? Integer.toUnsignedLong(Gid.of(1 + i % 12, Gid.FLIP_DIAGONAL)) : 1 + i % 12;
        }
        PutRegion region = new PutRegion(1, 5, 6, 40, 30, gids);
        assertThat(region.gids()).as("kept compact").isNull();
        assertThat(region.data()).isNotBlank();
        assertThat(new PutRegion(1, 5, 6, 40, 30, null, region.data())).isEqualTo(region);
        region.applyTo(map);
        assertThat(Integer.toUnsignedLong(ground().get(5, 6))).isEqualTo(gids[0]);
        assertThat(ground().get(44, 35)).isEqualTo((int) gids[gids.length - 1]);
    }

    @Test
    void regionDataThatInflatesPastTheRegionIsRefusedWithoutInflatingIt() {
        String bomb = new PutRegion(1, 0, 0, 100, 80, new long[100 * 80]).data();
        PutRegion small = new PutRegion(1, 0, 0, 2, 2, null, bomb);
        assertThatThrownBy(() -> small.applyTo(map)).isInstanceOf(InvalidOpException.class)
                .hasMessageContaining("exactly 16 bytes");
        assertThatThrownBy(() -> new PutRegion(1, 0, 0, 2, 2, null, "not base64!").applyTo(map))
                .hasMessageContaining("not base64");
    }

    @Test
    void batchIsAllOrNothing() {
        MapSnapshot before = MapSnapshot.of(map);
        Batch batch = new Batch(List.of(
                new FillRect(1, 0, 0, 10, 10, 1),
                new AddObject(2, object(0)),
                new RemoveLayer(2),
                new Paint(1, List.of(new Cell(0, 0, 99)))));
        assertThatThrownBy(() -> batch.applyTo(map))
                .isInstanceOf(InvalidOpException.class)
                .extracting(e -> ((InvalidOpException) e).field()).isEqualTo("ops[3].cells[0].gid");
        assertThat(MapSnapshot.of(map)).isEqualTo(before);
    }

    @Test
    void addObjectAssignsTheNextIdAndReportsItInTheAppliedOp() {
        Applied first = new AddObject(2, object(0)).applyTo(map);
        Applied second = new AddObject(2, object(0)).applyTo(map);
        assertThat(((AddObject) first.op()).object().id()).isEqualTo(1);
        assertThat(((AddObject) second.op()).object().id()).isEqualTo(2);
        assertThat(second.inverse()).isEqualTo(new RemoveObject(2, 2));
        assertThatThrownBy(() -> new AddObject(2, object(1)).applyTo(map)).hasMessageContaining("object id 1 is in use");
    }

    @Test
    void updateObjectChangesOnlyThePatchedFields() {
        new AddObject(2, object(0)).applyTo(map);
        MapSnapshot before = MapSnapshot.of(map);
        ObjectPatch move = new ObjectPatch(null, null, null, 50.0, 60.0, null, null, null, null, null, null, null);
        Applied applied = new UpdateObject(2, 1, move).applyTo(map);
        MapObject moved = map.layer(2).map(l -> ((dev.tilewright.core.model.ObjectLayer) l).object(1).orElseThrow())
                .orElseThrow();
        assertThat(moved.x()).isEqualTo(50.0);
        assertThat(moved.name()).isEqualTo("door");
        assertThat(((UpdateObject) applied.inverse()).patch().name()).isNull();
        applied.inverse().applyTo(map);
        assertThat(MapSnapshot.of(map)).isEqualTo(before);
        ObjectPatch shrink = new ObjectPatch(null, null, null, null, null, -1.0, null, null, null, null, null, null);
        assertThatThrownBy(() -> new UpdateObject(2, 1, shrink).applyTo(map)).hasMessageContaining("not negative");
    }

    @Test
    void removeLayerInverseBringsBackItsPlaceAttributesCellsAndObjects() {
        new FillRect(1, 60, 60, 10, 10, 2).applyTo(map);
        new UpdateLayer(1, new LayerPatch("floor", false, null, 0.5, new Difference(3, 4), "#ff0000", null)).applyTo(map);
        new SetProperty(1, null, "music", Property.of("music", "cave.ogg")).applyTo(map);
        new AddObject(2, object(0)).applyTo(map);
        MapSnapshot before = MapSnapshot.of(map);
        Applied removeGround = new RemoveLayer(1).applyTo(map);
        Applied removeThings = new RemoveLayer(2).applyTo(map);
        assertThat(map.layers()).isEmpty();
        removeThings.inverse().applyTo(map);
        removeGround.inverse().applyTo(map);
        assertThat(MapSnapshot.of(map)).isEqualTo(before);
    }

    @Test
    void propertiesAreSetPerNameOnMapLayerAndObject() {
        new AddObject(2, object(0)).applyTo(map);
        MapSnapshot before = MapSnapshot.of(map);
        Applied a = new SetProperty(null, null, null, Property.of("gravity", 10)).applyTo(map);
        Applied b = new SetProperty(2, 1, null, Property.of("locked", true)).applyTo(map);
        assertThat(map.properties().get("gravity")).isPresent();
        b.inverse().applyTo(map);
        a.inverse().applyTo(map);
        assertThat(MapSnapshot.of(map)).isEqualTo(before);
        assertThatThrownBy(() -> new SetProperty(null, 1, "x", null).applyTo(map)).hasMessageContaining("layerId");
    }

    @Test
    void moveLayerInverseMovesItBack() {
        Applied applied = new MoveLayer(2, 0).applyTo(map);
        assertThat(map.layers()).extracting(l -> l.id()).containsExactly(2, 1);
        applied.inverse().applyTo(map);
        assertThat(map.layers()).extracting(l -> l.id()).containsExactly(1, 2);
        assertThatThrownBy(() -> new MoveLayer(2, 2).applyTo(map)).hasMessageContaining("outside 0..1");
    }

    static MapObject object(int id) {
        return new MapObject(id, "door", "Door", ObjectShape.RECTANGLE, 10, 20, 16.0, 32.0, 0.0, 0L, true, List.of(), null, null);
    }
}
