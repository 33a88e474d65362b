package dev.tilewright.render;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.Parallax;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tiled 1.12's layer blend modes: normal is source-over as before; each other mode obeys its definition where it
 * can be said without the formula (on white, on black, on itself, on nothing), and a layer drawn with one blends
 * with the layers below it.
 */
class BlendTest {

    private static final int WHITE = 0xFFFFFFFF;
    private static final int BLACK = 0xFF000000;

    @Test
    void normalIsSourceOverAndANameTiledDoesNotHaveIsNormal() {
        Random random = new Random(3);
        for (int i = 0; i < 10_000; i++) {
            int src = Pixels.premultiply(random.nextInt());
            int dst = Pixels.premultiply(random.nextInt());
            assertThat(Blend.NORMAL.apply(src, dst)).isEqualTo(Pixels.over(src, dst));
        }
        assertThat(Blend.named("color-dodge")).isEqualTo(Blend.COLOR_DODGE);
        assertThat(Blend.named("hard-light")).isEqualTo(Blend.HARD_LIGHT);
        assertThat(Blend.named("shimmer")).isEqualTo(Blend.NORMAL);
        for (String mode : LayerAttributes.BLEND_MODES) {
            assertThat(Blend.named(mode).name().toLowerCase().replace('_', '-')).isEqualTo(mode);
        }
    }

    @Test
    void overNothingEveryModeIsTheSourceAndTransparentSourceLeavesTheCanvas() {
        Random random = new Random(5);
        for (Blend mode : Blend.values()) {
            for (int i = 0; i < 2000; i++) {
                int src = Pixels.premultiply(random.nextInt());
                int dst = Pixels.premultiply(random.nextInt());
                assertThat(mode.apply(src, 0)).as(mode + " over nothing").isEqualTo(src);
                assertThat(mode.apply(0, dst)).as(mode + " of nothing").isEqualTo(dst);
                int out = mode.apply(src, dst);
                int a = out >>> 24;
                assertThat(Math.max((out >> 16) & 0xFF, Math.max((out >> 8) & 0xFF, out & 0xFF)))
                        .as(mode + ": premultiplied, no channel above alpha").isLessThanOrEqualTo(a);
                if (mode != Blend.ADD) {
                    int sa = src >>> 24;
                    int da = dst >>> 24;
                    assertThat(a).as(mode + " alpha").isCloseTo(sa + da - sa * da / 255, org.assertj.core.data.Offset.offset(1));
                }
            }
        }
    }

    @Test
    void opaqueColoursBlendAsEachModeIsDefined() {
        int red = 0xFFC81E3C;
        int teal = 0xFF2896B4;
        assertThat(Blend.MULTIPLY.apply(red, WHITE)).as("multiply onto white").isEqualTo(red);
        assertThat(Blend.MULTIPLY.apply(red, BLACK)).as("multiply onto black").isEqualTo(BLACK);
        assertThat(Blend.MULTIPLY.apply(0xFFFF0000, 0xFF808080)).isEqualTo(0xFF800000);
        assertThat(Blend.SCREEN.apply(red, BLACK)).as("screen onto black").isEqualTo(red);
        assertThat(Blend.SCREEN.apply(red, WHITE)).isEqualTo(WHITE);
        assertThat(Blend.DIFFERENCE.apply(red, red)).as("difference with itself").isEqualTo(BLACK);
        assertThat(Blend.DIFFERENCE.apply(red, BLACK)).isEqualTo(red);
        assertThat(Blend.EXCLUSION.apply(red, BLACK)).isEqualTo(red);
        assertThat(Blend.DARKEN.apply(red, teal)).isEqualTo(0xFF281E3C);
        assertThat(Blend.LIGHTEN.apply(red, teal)).isEqualTo(0xFFC896B4);
        assertThat(Blend.ADD.apply(red, teal)).isEqualTo(0xFFF0B4F0);
        assertThat(Blend.ADD.apply(WHITE, red)).as("add saturates").isEqualTo(WHITE);
        assertThat(Blend.OVERLAY.apply(red, 0xFF808080)).as("overlay is hard light with the layers swapped")
                .isEqualTo(Blend.HARD_LIGHT.apply(0xFF808080, red));
        assertThat(Blend.COLOR_DODGE.apply(BLACK, teal)).as("dodging with black changes nothing").isEqualTo(teal);
        assertThat(Blend.COLOR_BURN.apply(WHITE, teal)).as("burning with white changes nothing").isEqualTo(teal);
        assertThat(Blend.SOFT_LIGHT.apply(0xFF808080, teal)).as("soft light with middle grey barely changes")
                .satisfies(p -> assertThat(Math.abs(((p >> 8) & 0xFF) - 0x96)).isLessThanOrEqualTo(2));
    }

    @Test
    void aLayerWithABlendModeBlendsWithTheLayersBelowIt() throws Exception {
        // a 2-tile tileset: tile 1 mid grey, tile 2 pure red
        BufferedImage image = new BufferedImage(32, 16, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < 16; y++) {
            for (int x = 0; x < 32; x++) {
                image.setRGB(x, y, x < 16 ? 0xFF808080 : 0xFFFF0000);
            }
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(image, "png", png);
        Tileset tileset = Tileset.grid("two", 32, 16, 16, 16, 0, 0, null);
        Atlas atlas = Atlas.decode(tileset, png.toByteArray(), id -> null);
        TileMap map = new TileMap("blend", 2, 1, 16, 16, null, List.of(new MapTileset(1, 1, 2)), Properties.EMPTY, 3, 1);
        TileLayer grey = new TileLayer(1, LayerAttributes.named("grey"), 2, 1);
        grey.set(0, 0, 1);
        grey.set(1, 0, 1);
        TileLayer red = new TileLayer(2, new LayerAttributes("red", true, false, 1.0, Difference.ZERO, null, null,
                Properties.EMPTY, "", Parallax.NONE, "multiply", "index"), 2, 1);
        red.set(0, 0, 2);
        map.insertLayer(0, grey);
        map.insertLayer(1, red);
        int[] drawn = MapRenderer.render(map, id -> atlas, s -> null, new ViewWindow(0, 0, 32, 16),
                MapRenderer.Options.VISIBLE).argb();
        assertThat(drawn[8]).as("red multiplied onto grey").isEqualTo(0xFF800000);
        assertThat(drawn[24]).as("grey where the red layer has nothing").isEqualTo(0xFF808080);
    }
}
