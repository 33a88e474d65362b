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

    /**
     * A map made for this test, written by our TMX writer: every combination of the three flip bits on asymmetric
     * tiles, a tinted layer at 60% opacity, layer offsets, and a tile object stretched to twice its size.
     */
    @org.junit.jupiter.api.Test
    void flipsTintOpacityOffsetsAndTileObjectsMatchTiledsRenderer() throws Exception {
        TiledMap desert = new TmxReader(files, new ReadLimits(8192, 8192)).readMap("desert.tmx");
        TiledTileset tileset = new TiledTileset(1, "desert.tsx", desert.tilesets().get(0).tileset(), null, Map.of());
        dev.tilewright.core.model.TileLayer flips = new dev.tilewright.core.model.TileLayer(1,
                dev.tilewright.core.model.LayerAttributes.named("flips"), 12, 8);
        dev.tilewright.core.model.TileLayer tinted = new dev.tilewright.core.model.TileLayer(2,
                new dev.tilewright.core.model.LayerAttributes("tinted", true, false, 0.6,
                        new dev.tilewright.core.geom.Difference(5, -3), "#c08040ff", dev.tilewright.core.model.Properties.EMPTY),
                12, 8);
        int[] asymmetric = {1, 6, 9, 14, 17, 24, 34, 40};
        for (int i = 0; i < 96; i++) {
            int flags = (i % 8 & 1) * dev.tilewright.core.model.Gid.FLIP_HORIZONTAL
                    | (i % 8 >> 1 & 1) * dev.tilewright.core.model.Gid.FLIP_VERTICAL
                    | (i % 8 >> 2 & 1) * dev.tilewright.core.model.Gid.FLIP_DIAGONAL;
            flips.set(i % 12, i / 12, asymmetric[(i / 8) % asymmetric.length] | flags);
            if (i % 3 == 0) {
                tinted.set(i % 12, i / 12, asymmetric[i % asymmetric.length] | flags);
            }
        }
        dev.tilewright.core.model.ObjectLayer objects = new dev.tilewright.core.model.ObjectLayer(3,
                dev.tilewright.core.model.LayerAttributes.named("props"));
        objects.put(new dev.tilewright.core.model.MapObject(1, "rock", "", dev.tilewright.core.model.ObjectShape.RECTANGLE,
                64, 192, 64.0, 64.0, 0.0, Integer.toUnsignedLong(30 | dev.tilewright.core.model.Gid.FLIP_HORIZONTAL), true,
                List.of(), null, dev.tilewright.core.model.Properties.EMPTY));
        TiledMap made = new TiledMap("made.tmx", 12, 8, 32, 32, dev.tilewright.core.geom.Position.ORIGIN, null,
                dev.tilewright.core.model.Properties.EMPTY, List.of(tileset), List.of(flips, tinted, objects), 2, Map.of());
        java.nio.file.Files.write(dir.resolve("made.tmx"), dev.tilewright.format.TmxWriter.writeMap(made,
                dev.tilewright.format.TmxWriter.Options.DEFAULT));
        // a third of this map is blended at 60% opacity, where rounding may differ by the allowed 2
        assertMatches("made.tmx", 0.6);
    }

    @ParameterizedTest
    @ValueSource(strings = {"desert.tmx", "sewers.tmx", "rpg/island.tmx", "orthogonal-outside.tmx",
            "perspective_walls.tmx"})
    void matchesTiledsRenderer(String file) throws Exception {
        assertMatches(file, 0.9);
    }

    private static void assertMatches(String file, double exactShare) throws Exception {
        TiledMap tiled = new TmxReader(new TiledFiles(TiledExamples.files(dir)), new ReadLimits(8192, 8192)).readMap(file);
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
        assertThat(exact).as(file + ": exactly equal pixels").isGreaterThan((int) (width * height * exactShare));
    }
}
