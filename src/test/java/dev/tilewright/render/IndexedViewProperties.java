package dev.tilewright.render;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A view drawn from cached blocks (the bottom plain layers kept as one stack over the background, the others a block
 * a layer) is pixel for pixel the view drawn tile by tile, before and after edits; and where a view is only plain
 * tile layers of few enough colours, its PNG written straight from the blocks' colour indices decodes to those same
 * pixels, at the fewest bits a pixel.
 */
class IndexedViewProperties {

    private static final PngWriter PNG = new PngWriter(Runnable::run);

    private record Case(TileMap map, List<TileLayer> layers, Atlas atlas, boolean onlyPlain) {
    }

    @Property(tries = 60)
    void viewsFromBlocksAndFromTheirIndicesAreTheTilesDrawnOneByOne(@ForAll long seed) throws Exception {
        Random random = new Random(seed);
        Case drawn = randomMap(random);
        TileMap map = drawn.map();
        TileBlocks blocks = new TileBlocks(random.nextBoolean() ? 64L << 20 : 300_000);
        int width = map.width() * map.tileWidth();
        int height = map.height() * map.tileHeight();
        // the blocks hold the map's colours (and the one under the layers): at most 256 of them, every view has indices
        Pixels whole = MapRenderer.render(map, id -> drawn.atlas(), s -> null, new ViewWindow(0, 0, width, height),
                MapRenderer.Options.VISIBLE);
        boolean fewColours = java.util.Arrays.stream(whole.argb()).distinct().count() < 256;
        for (int round = 0; round < 8; round++) {
            ViewWindow view = new ViewWindow(random.nextInt(width + 100) - 60, random.nextInt(height + 100) - 60,
                    1 + random.nextInt(random.nextBoolean() ? 90 : 700), 1 + random.nextInt(random.nextBoolean() ? 90 : 500));
            if (random.nextBoolean()) {
                view = view.clampedTo(width, height);
            }
            MapRenderer.Options options = random.nextInt(4) == 0
                    ? new MapRenderer.Options(MapRenderer.Options.SHOWN, true, false, false) : MapRenderer.Options.VISIBLE;
            Pixels direct = MapRenderer.render(map, id -> drawn.atlas(), s -> null, view, options);
            Pixels cached = MapRenderer.render(map, id -> drawn.atlas(), s -> null, view, options, blocks);
            assertThat(cached.argb()).as("seed %d round %d %s", seed, round, view).isEqualTo(direct.argb());

            PngWriter.Indexed indexed = MapRenderer.renderIndexed(map, id -> drawn.atlas(), view, options, blocks);
            long span = 16L * map.tileWidth();
            boolean blocksApply = (long) view.width() * view.height() * 4 >= span * span;
            if (round == 0 && drawn.onlyPlain() && blocksApply && fewColours && options == MapRenderer.Options.VISIBLE) {
                assertThat(indexed).as("only plain layers of few colours: drawn from indices").isNotNull();
            }
            if (!drawn.onlyPlain() || !blocksApply) {
                assertThat(indexed).as("a layer that is not plain, or a view too small for blocks").isNull();
            }
            if (indexed != null) {
                BufferedImage image = ImageIO.read(new ByteArrayInputStream(PNG.write(indexed, 2)));
                assertThat(image.getWidth()).isEqualTo(view.width());
                assertThat(image.getRGB(0, 0, view.width(), view.height(), null, 0, view.width()))
                        .as("seed %d round %d %s, from indices", seed, round, view).isEqualTo(direct.straight());
                assertThat(image.getColorModel().getPixelSize()).as("bits a pixel")
                        .isEqualTo(Colours.bits(indexed.palette().length));
            }
            for (int edit = random.nextInt(6); edit > 0; edit--) {
                TileLayer layer = drawn.layers().get(random.nextInt(drawn.layers().size()));
                layer.set(random.nextInt(map.width()), random.nextInt(map.height()),
                        random.nextInt(4) == 0 ? Gid.EMPTY : 1 + random.nextInt(12) | RandomTiles.flips(random));
            }
        }
    }

    private static Case randomMap(Random random) {
        int size = 4 * (1 + random.nextInt(4));
        int colours = new int[]{1, 2, 3, 5, 16, 40, 300}[random.nextInt(7)];
        int[] palette = new int[colours];
        for (int i = 0; i < colours; i++) {
            int alpha = i == 0 && random.nextBoolean() ? 0 : random.nextInt(4) == 0 ? 1 + random.nextInt(254) : 255;
            palette[i] = alpha << 24 | random.nextInt(1 << 24);
        }
        Tileset tileset = Tileset.grid("few colours", 4 * size, 3 * size, size, size, 0, 0, null);
        BufferedImage image = new BufferedImage(4 * size, 3 * size, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                image.setRGB(x, y, palette[random.nextInt(colours)]);
            }
        }
        Atlas atlas = Atlas.decode(tileset, png(image), id -> null);
        int width = 1 + random.nextInt(random.nextBoolean() ? 20 : 150);
        int height = 1 + random.nextInt(random.nextBoolean() ? 20 : 150);
        String background = random.nextBoolean() ? null : random.nextBoolean() ? "#336699" : "#80ff0000";
        TileMap map = new TileMap("indexed", width, height, size, size, null, background,
                List.of(new MapTileset(7, 1, tileset.tileCount())), Properties.EMPTY, 10, 1);
        List<TileLayer> layers = new ArrayList<>();
        boolean onlyPlain = true;
        int count = 1 + random.nextInt(3);
        for (int i = 0; i < count; i++) {
            boolean plain = random.nextInt(3) != 0;
            double opacity = plain ? 1.0 : 0.3 + random.nextInt(6) / 10.0;
            String tint = !plain && random.nextBoolean() ? "#c0ff8040" : null;
            Difference offset = !plain && random.nextBoolean() ? new Difference(random.nextInt(9) - 4,
                    random.nextInt(9) - 4) : Difference.ZERO;
            boolean visible = i == 0 || random.nextInt(5) != 0;
            onlyPlain &= plain || !visible;
            TileLayer layer = new TileLayer(i + 1, new LayerAttributes("layer " + i, visible, false, opacity, offset,
                    tint, null, Properties.EMPTY), width, height);
            RandomTiles.paint(layer, random, tileset.tileCount(), random.nextInt(5));
            map.insertLayer(i, layer);
            layers.add(layer);
        }
        if (random.nextInt(3) == 0) { // objects over the tiles: drawn only if one is visible
            ObjectLayer objects = new ObjectLayer(count + 1, LayerAttributes.named("objects"));
            boolean shown = random.nextBoolean();
            objects.insert(0, new MapObject(1, "box", "", ObjectShape.RECTANGLE, random.nextInt(width * size),
                    random.nextInt(height * size), 30.0, 20.0, 0.0, 0L, shown, List.of(), null, Properties.EMPTY));
            map.insertLayer(count, objects);
            onlyPlain &= !shown;
        }
        return new Case(map, layers, atlas, onlyPlain);
    }

    private static byte[] png(BufferedImage image) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(image, "png", out);
            return out.toByteArray();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

}
