package dev.tilewright.core.model;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GidTest {

    @Test
    void flagsAndIdSplitTiledsBitLayout() {
        int gid = Gid.parseUnsigned(2147483649L + 0x20000000L); // tile 1, flipped horizontally and diagonally
        assertThat(Gid.id(gid)).isEqualTo(1);
        assertThat(Gid.flippedHorizontally(gid)).isTrue();
        assertThat(Gid.flippedVertically(gid)).isFalse();
        assertThat(Gid.flippedDiagonally(gid)).isTrue();
        assertThat(Gid.toUnsignedString(gid)).isEqualTo("2684354561");
        assertThat(Gid.of(1, Gid.FLIP_HORIZONTAL | Gid.FLIP_DIAGONAL)).isEqualTo(gid);
    }

    @Test
    void refusesValuesOutsideUnsigned32Bits() {
        assertThatThrownBy(() -> Gid.parseUnsigned(1L << 32)).hasMessageContaining("outside 0..4294967295");
        assertThatThrownBy(() -> Gid.parseUnsigned(-1)).hasMessageContaining("outside");
        assertThatThrownBy(() -> Gid.of(0x10000000, 0)).hasMessageContaining("28 bits");
    }

    @Test
    void tilesetOfAGidIsTheOneWithTheLargestFirstGidNotAboveIt() {
        TileMap map = new TileMap("m", 4, 4, 16, 16, null,
                TileMap.assignFirstGids(List.of(7L, 9L), List.of(10, 5)), null, 1, 1);
        assertThat(map.tilesets()).extracting(MapTileset::firstGid).containsExactly(1, 11);
        assertThat(map.tilesetOf(10)).map(MapTileset::tilesetId).contains(7L);
        assertThat(map.tilesetOf(11 | Gid.FLIP_VERTICAL)).map(MapTileset::tilesetId).contains(9L);
        assertThat(map.tilesetOf(16)).isEmpty();
        assertThat(map.isValidGid(0)).isTrue();
        assertThat(map.isValidGid(Gid.FLIP_HORIZONTAL)).as("flags on the empty tile").isFalse();
    }
}
