package dev.tilewright.format;

import dev.tilewright.core.model.PropertyType;
import dev.tilewright.core.model.TileData;
import dev.tilewright.support.Pngs;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * JSON maps and tilesets as Tiled wrote them before 1.2, which Tiled still opens: properties as {@code {"name":
 * value}} with their types beside in {@code propertytypes}; a tileset's tiles as an object keyed by id, their
 * properties apart in {@code tileproperties}/{@code tilepropertytypes}.
 */
class LegacyJsonTest {

    private static final String MAP = """
            {"type": "map", "version": 1, "tiledversion": "1.1.5", "orientation": "orthogonal",
             "renderorder": "right-down", "width": 2, "height": 2, "tilewidth": 16, "tileheight": 16,
             "nextobjectid": 1,
             "properties": {"speed": 3, "title": "Caves", "lit": true},
             "propertytypes": {"speed": "int", "title": "string", "lit": "bool"},
             "layers": [{"type": "tilelayer", "name": "ground", "width": 2, "height": 2, "x": 0, "y": 0,
                         "opacity": 1, "visible": true, "data": [1, 2, 0, 1],
                         "properties": {"depth": 0.5}, "propertytypes": {"depth": "float"}}],
             "tilesets": [{"firstgid": 1, "name": "ui", "image": "ui.png", "imagewidth": 32, "imageheight": 16,
                           "tilewidth": 16, "tileheight": 16, "tilecount": 2, "columns": 2, "margin": 0,
                           "spacing": 0,
                           "tiles": {"1": {"animation": [{"tileid": 0, "duration": 100},
                                                         {"tileid": 1, "duration": 150}]}},
                           "tileproperties": {"0": {"solid": true}, "1": {"kind": "door"}},
                           "tilepropertytypes": {"0": {"solid": "bool"}, "1": {"kind": "string"}}}]}
            """;

    private static TiledFiles files(String map) {
        return new TiledFiles(Map.of("old.json", map.getBytes(StandardCharsets.UTF_8), "ui.png",
                Pngs.atlas(32, 16)));
    }

    @Test
    void aPre12MapReadsAsTiledReadsIt() {
        TiledMap map = new TmjReader(files(MAP), new ReadLimits(64, 64), new Warnings()).readMap("old.json");
        assertThat(map.properties().get("speed").orElseThrow().type()).isEqualTo(PropertyType.INT);
        assertThat(map.properties().get("speed").orElseThrow().value()).isEqualTo(3L);
        assertThat(map.properties().get("lit").orElseThrow().value()).isEqualTo(true);
        assertThat(map.layers().get(0).attributes().properties().get("depth").orElseThrow().type())
                .isEqualTo(PropertyType.FLOAT);
        Map<Integer, TileData> tiles = map.tilesets().get(0).tileset().tiles();
        assertThat(tiles.get(0).properties().get("solid").orElseThrow().value()).isEqualTo(true);
        assertThat(tiles.get(1).properties().get("kind").orElseThrow().value()).isEqualTo("door");
        assertThat(tiles.get(1).animation()).extracting(TileData.Frame::durationMs).containsExactly(100, 150);
    }

    @Test
    void aTileKeyThatIsNoIdIsRefusedNamingIt() {
        String bad = MAP.replace("\"tiles\": {\"1\":", "\"tiles\": {\"one\":");
        assertThatThrownBy(() -> new TmjReader(files(bad), new ReadLimits(64, 64), new Warnings()).readMap("old.json"))
                .isInstanceOf(TiledFormatException.class).hasMessageContaining("the id 'one'");
    }
}
