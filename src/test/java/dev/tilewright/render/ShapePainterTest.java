package dev.tilewright.render;

import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.ObjectText;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileMap;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ShapePainterTest {

    private static Pixels draw(MapObject object, double opacity) {
        TileMap map = new TileMap("t", 10, 4, 16, 16, null, List.of(), Properties.EMPTY, 2, 2);
        ObjectLayer layer = new ObjectLayer(1, new LayerAttributes("o", true, false, opacity, null, null, "#0000ff", null));
        layer.put(object);
        map.insertLayer(0, layer);
        return MapRenderer.render(map, id -> null, s -> null, new ViewWindow(0, 0, 160, 64), MapRenderer.Options.VISIBLE);
    }

    @Test
    void textIsDrawnInItsColourInsideItsBoxAlignedAsAsked() {
        ObjectText text = new ObjectText("Exit", null, 20, null, "#ff0000", true, null, null, null, null, "right",
                "bottom");
        Pixels drawn = draw(new MapObject(1, "", "", ObjectShape.TEXT, 8, 4, 140.0, 56.0, null, null, null, null, text,
                null), 1);
        int reddest = 0;
        int leftmost = Integer.MAX_VALUE;
        for (int y = 0; y < 64; y++) {
            for (int x = 0; x < 160; x++) {
                int pixel = drawn.argb()[y * 160 + x];
                if ((pixel >>> 24) == 255 && ((pixel >> 16) & 0xFF) == 255 && (pixel & 0xFFFF) == 0) {
                    reddest++;
                    leftmost = Math.min(leftmost, x);
                    assertThat(x).as("inside the box").isBetween(8, 148);
                    assertThat(y).as("inside the box, in its lower half").isBetween(30, 60);
                }
            }
        }
        assertThat(reddest).as("solid red glyph pixels").isGreaterThan(30);
        assertThat(leftmost).as("aligned right").isGreaterThan(70);
    }

    @Test
    void aRectanglesOutlineIsTheLayersColourOverAShadowAndItsOpacityApplies() {
        MapObject box = new MapObject(1, "", "", ObjectShape.RECTANGLE, 16, 16, 64.0, 32.0, null, null, null, null,
                null, null);
        Pixels opaque = draw(box, 1);
        assertThat(opaque.argb()[15 * 160 + 40]).as("top edge").isEqualTo(0xFF0000FF);
        assertThat(opaque.argb()[17 * 160 + 40]).as("shadow under it, blue at alpha 50 over it")
                .isEqualTo(0xFF000000 | 50);
        assertThat(opaque.argb()[30 * 160 + 40]).as("inside: blue at alpha 50").isEqualTo(50 << 24 | 50);
        Pixels faded = draw(box, 0.5);
        assertThat(faded.argb()[15 * 160 + 40] >>> 24).as("half opacity").isBetween(126, 129);
        assertThat(opaque.argb()[0]).as("nothing outside").isZero();
    }

    @Test
    void aCapsuleIsItsBoxWithEndsRoundedByHalfItsShorterSide() {
        // 96x32 at (16, 16): round ends of radius 16, straight sides between x 32 and 96
        Pixels drawn = draw(new MapObject(1, "", "", ObjectShape.CAPSULE, 16, 16, 96.0, 32.0, null, null, null, null,
                null, null), 1);
        assertThat(drawn.argb()[15 * 160 + 64]).as("the straight top edge").isEqualTo(0xFF0000FF);
        assertThat(drawn.argb()[32 * 160 + 40]).as("inside").isEqualTo(50 << 24 | 50);
        assertThat(drawn.argb()[17 * 160 + 17]).as("the box's corner is left out").isZero();
        assertThat(drawn.argb()[46 * 160 + 110]).as("so is the opposite one").isZero();
        assertThat(drawn.argb()[32 * 160 + 15] >>> 24).as("the left end reaches the box's side").isGreaterThan(200);
        assertThat(ShapePainter.outline(new MapObject(1, "", "", ObjectShape.CAPSULE, 16, 16, 96.0, 32.0, null, null,
                null, null, null, null), new TileMap("m", 4, 4, 16, 16, null, List.of(),
                Properties.EMPTY, 1, 1)).contains(17, 17)).as("its outline leaves the corner out").isFalse();
    }

    @Test
    void anObjectsOwnOpacityMultipliesItsLayersForShapesAndTileObjects() throws Exception {
        MapObject box = new MapObject(1, "", "", ObjectShape.RECTANGLE, 16, 16, 64.0, 32.0, null, null, null, null,
                null, null, null, 0.5);
        assertThat(draw(box, 1).argb()[15 * 160 + 40] >>> 24).as("half its own opacity").isBetween(126, 129);
        assertThat(draw(box, 0.5).argb()[15 * 160 + 40] >>> 24).as("half of half").isBetween(62, 65);

        // a tile object: one opaque red tile drawn at opacity 0.25, beside the same tile drawn opaque
        java.awt.image.BufferedImage image = new java.awt.image.BufferedImage(16, 16,
                java.awt.image.BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < 16; y++) {
            for (int x = 0; x < 16; x++) {
                image.setRGB(x, y, 0xFFFF0000);
            }
        }
        java.io.ByteArrayOutputStream png = new java.io.ByteArrayOutputStream();
        javax.imageio.ImageIO.write(image, "png", png);
        Atlas atlas = Atlas.decode(dev.tilewright.core.model.Tileset.grid("red", 16, 16, 16, 16, 0, 0, null),
                png.toByteArray(), id -> null);
        TileMap map = new TileMap("t", 4, 1, 16, 16, null, List.of(new dev.tilewright.core.model.MapTileset(1, 1, 1)),
                Properties.EMPTY, 2, 3);
        ObjectLayer layer = new ObjectLayer(1, LayerAttributes.named("o"));
        layer.put(new MapObject(1, "", "", ObjectShape.RECTANGLE, 0, 16, null, null, null, 1L, null, null, null, null,
                null, 0.25));
        layer.put(new MapObject(2, "", "", ObjectShape.RECTANGLE, 32, 16, null, null, null, 1L, null, null, null,
                null));
        map.insertLayer(0, layer);
        int[] drawn = MapRenderer.render(map, id -> atlas, s -> null, new ViewWindow(0, 0, 64, 16),
                MapRenderer.Options.VISIBLE).argb();
        assertThat(drawn[8] >>> 24).as("a quarter opaque").isBetween(63, 65);
        assertThat(drawn[40]).as("the opaque one").isEqualTo(0xFFFF0000);
    }
}
