package dev.tilewright.core.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TilesetTest {

    @Test
    void cutsTheAtlasLikeTiledWithMarginAndSpacing() {
        // 2 + 3*(16+1) - 1 + 2 = 54: three columns fit exactly; a fourth would need 17 more pixels
        Tileset tileset = Tileset.grid("t", 54, 37, 16, 16, 2, 1, 0xFF00FF);
        assertThat(tileset.columns()).isEqualTo(3);
        assertThat(tileset.rows()).isEqualTo(2);
        assertThat(tileset.tileCount()).isEqualTo(6);
        assertThat(tileset.tileX(4)).isEqualTo(2 + 17);
        assertThat(tileset.tileY(4)).isEqualTo(2 + 17);
    }

    @Test
    void partialTilesAtTheEdgeAreNotTiles() {
        assertThat(Tileset.grid("t", 40, 40, 16, 16, 0, 0, null).tileCount()).isEqualTo(4);
    }

    @Test
    void refusesATileThatDoesNotFit() {
        assertThatThrownBy(() -> Tileset.grid("t", 15, 64, 16, 16, 0, 0, null))
                .hasMessageContaining("does not fit the 15x64 image");
        assertThatThrownBy(() -> Tileset.grid("t", 32, 32, 16, 16, 9, 0, null)).hasMessageContaining("does not fit");
    }

    @Test
    void solidIsABoolTileProperty() {
        Tileset tileset = Tileset.grid("t", 32, 32, 16, 16, 0, 0, null)
                .withTileProperties(2, Properties.of(java.util.List.of(Property.of(Tileset.SOLID, true))));
        assertThat(tileset.isSolid(2)).isTrue();
        assertThat(tileset.isSolid(1)).isFalse();
        assertThatThrownBy(() -> tileset.isSolid(4)).hasMessageContaining("outside the tileset's 0..3");
    }

    @Test
    void propertyValuesAreNormalisedByType() {
        assertThat(new Property("n", PropertyType.INT, "42").value()).isEqualTo(42L);
        assertThat(new Property("f", PropertyType.FLOAT, 1).value()).isEqualTo(1.0);
        assertThat(new Property("c", PropertyType.COLOR, "#FF00AA").value()).isEqualTo("#ff00aa");
        assertThatThrownBy(() -> new Property("n", PropertyType.INT, "4.5")).hasMessageContaining("not an integer");
        assertThatThrownBy(() -> new Property("b", PropertyType.BOOL, "yes")).hasMessageContaining("true or false");
        assertThatThrownBy(() -> new Property("c", PropertyType.COLOR, "red")).hasMessageContaining("#rrggbb");
    }
}
