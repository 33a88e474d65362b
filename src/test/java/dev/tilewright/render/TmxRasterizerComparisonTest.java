package dev.tilewright.render;

import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.format.ReadLimits;
import dev.tilewright.format.TiledExamples;
import dev.tilewright.format.TiledFiles;
import dev.tilewright.format.TiledMap;
import dev.tilewright.format.TiledTileset;
import dev.tilewright.format.TmxReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Our renderer against Tiled's reference renderer, tmxrasterizer --no-smoothing, on Tiled's example maps: every
 * pixel within 2 per channel (blending rounds differently), and most pixels exactly equal. Object layers with
 * shapes are hidden on both sides until the renderer draws shapes.
 */
class TmxRasterizerComparisonTest {

    @TempDir
    static Path dir;
    static TiledFiles files;

    @BeforeAll
    static void examples() throws Exception {
        TiledExamples.copy(dir);
        files = new TiledFiles(TiledExamples.files(dir));
    }

    /** The map as the service would hold it, its tilesets known by their position. */
    static TileMap toMap(TiledMap tiled) {
        List<MapTileset> uses = new ArrayList<>();
        for (int i = 0; i < tiled.tilesets().size(); i++) {
            TiledTileset t = tiled.tilesets().get(i);
            uses.add(new MapTileset(i, t.firstGid(), t.tileset().tileCount()));
        }
        TileMap map = new TileMap(tiled.file(), tiled.width(), tiled.height(), tiled.tileWidth(), tiled.tileHeight(),
                tiled.offset(), tiled.backgroundColor(), uses, tiled.properties(), 1, tiled.nextObjectId());
        for (Layer layer : tiled.layers()) {
            map.insertLayer(map.layers().size(), layer);
        }
        return map;
    }

    static Map<Long, Atlas> atlases(TiledMap tiled) {
        Map<Long, Atlas> out = new HashMap<>();
        for (int i = 0; i < tiled.tilesets().size(); i++) {
            TiledTileset t = tiled.tilesets().get(i);
            out.put((long) i, Atlas.decode(t.tileset(), t.atlas(), t.tileImages()::get));
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"desert.tmx", "sewers.tmx", "rpg/island.tmx", "orthogonal-outside.tmx",
            "perspective_walls.tmx"})
    void matchesTiledsRenderer(String file) throws Exception {
        TiledMap tiled = new TmxReader(files, new ReadLimits(8192, 8192)).readMap(file);
        TileMap map = toMap(tiled);
        Map<Long, Atlas> atlases = atlases(tiled);
        int width = map.width() * map.tileWidth();
        int height = map.height() * map.tileHeight();
        // object shapes are not drawn yet: layers holding any are left out on both sides
        List<String> hidden = map.layers().stream().filter(l -> l instanceof ObjectLayer objects
                && objects.objects().stream().anyMatch(o -> o.gid() == 0)).map(Layer::name).toList();
        Pixels ours = MapRenderer.render(map, atlases::get, source -> null, new ViewWindow(0, 0, width, height),
                new MapRenderer.Options(l -> l.attributes().visible() && !hidden.contains(l.name()), true));

        String out = file.replace('/', '_') + ".png";
        List<String> command = new ArrayList<>(List.of("tmxrasterizer", "--no-smoothing"));
        hidden.forEach(name -> command.addAll(List.of("--hide-layer", name)));
        command.addAll(List.of(file, out));
        TiledExamples.tiled(dir, command);
        BufferedImage theirs = ImageIO.read(dir.resolve(out).toFile());
        int top = theirs.getHeight() - height;
        assertThat(theirs.getWidth()).isGreaterThanOrEqualTo(width);
        assertThat(top).isGreaterThanOrEqualTo(0);

        int[] straight = ours.straight();
        int exact = 0;
        int worst = 0;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int a = straight[y * width + x];
                int b = theirs.getRGB(x, y + top);
                if (a == b) {
                    exact++;
                    continue;
                }
                int alphaA = a >>> 24;
                int alphaB = b >>> 24;
                int diff = Math.abs(alphaA - alphaB);
                if (alphaA > 0 && alphaB > 0) {
                    for (int shift = 0; shift < 24; shift += 8) {
                        diff = Math.max(diff, Math.abs(((a >> shift) & 0xFF) - ((b >> shift) & 0xFF)));
                    }
                }
                worst = Math.max(worst, diff);
            }
        }
        assertThat(worst).as(file + ": largest channel difference").isLessThanOrEqualTo(2);
        assertThat(exact).as(file + ": exactly equal pixels").isGreaterThan(width * height * 9 / 10);
    }
}
