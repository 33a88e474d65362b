package dev.tilewright.render;

import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Maps as text: letters per tile until they run out, squares of tiles by their most common character. */
class TextPictureTest {

    private static TileMap map(int width, int height, int tiles) {
        Tileset tileset = new Tileset("t", 8, 8, 0, 0, tiles, tiles, 8 * tiles, 8, null, 0, 0, "t.png",
                Properties.EMPTY, Map.of());
        TileMap map = new TileMap("m", width, height, 8, 8, Position.ORIGIN, List.of(new MapTileset(1, 1, tiles)),
                Properties.EMPTY, 2, 1);
        map.insertLayer(0, new TileLayer(1, LayerAttributes.named("ground"), width, height));
        return map;
    }

    private static Tileset tileset(TileMap map) {
        int tiles = map.tilesets().get(0).tileCount();
        return new Tileset("t", 8, 8, 0, 0, tiles, tiles, 8 * tiles, 8, null, 0, 0, "t.png", Properties.EMPTY,
                Map.of());
    }

    @Test
    void tilesPastTheLettersShareOneCharacterAndTheLegendSaysSo() {
        TileMap map = map(70, 1, 70);
        TileLayer layer = (TileLayer) map.layers().get(0);
        for (int x = 0; x < 70; x++) {
            layer.set(x, 0, x + 1);
        }
        Tileset tileset = tileset(map);
        TextPicture.Picture picture = TextPicture.of(map.bounds(), TextPicture.tiles(map, id -> tileset, true), 120);
        String line = picture.lines().get(0);
        assertThat(line).startsWith("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789********");
        assertThat(picture.legend()).hasSize(63).containsEntry('a', "t tile 0").containsEntry('9', "t tile 61")
                .containsEntry('*', "any other class or tile");
    }

    @Test
    void aSquareOfTilesShowsTheCharacterMostOfThemHaveTheFirstMetOnATie() {
        TileMap map = map(4, 2, 2);
        TileLayer layer = (TileLayer) map.layers().get(0);
        // left square: three of tile 2 and one of tile 1; right square: two each, tile 1 met first
        int[] gids = {1, 2, 1, 2, 2, 2, 2, 1};
        layer.write(map.bounds(), gids);
        Tileset tileset = tileset(map);
        TextPicture.Picture picture = TextPicture.of(map.bounds(), TextPicture.tiles(map, id -> tileset, true), 2);
        assertThat(picture.tilesPerCharacter()).isEqualTo(2);
        assertThat(picture.lines()).containsExactly("ba\n");
        assertThat(picture.text()).isEqualTo("ba\n(one character: 2x2 tiles)\na t tile 0\nb t tile 1\n");
        // an area of it: its own cells only, letters handed out as they are met there
        assertThat(TextPicture.of(new TileRect(1, 1, 3, 1), TextPicture.tiles(map, id -> tileset, true), 120)
                .text()).isEqualTo("aab\na t tile 1\nb t tile 0\n");
    }
}
