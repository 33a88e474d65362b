package dev.tilewright.render;

import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.Random;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

class PngWriterTest {

    /** Strips deflated on other threads, as the service does (one per core). */
    private static final PngWriter PNG = new PngWriter(Executors.newFixedThreadPool(2, task -> {
        Thread thread = new Thread(task, "png-test");
        thread.setDaemon(true);
        return thread;
    }));

    private static BufferedImage decode(byte[] png) throws Exception {
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    @Test
    void opaqueFramesDecodeToTheSamePixelsAsRgb() throws Exception {
        Random random = new Random(7);
        int[] argb = new int[37 * 23];
        for (int i = 0; i < argb.length; i++) {
            argb[i] = 0xFF000000 | random.nextInt(0x1000000);
        }
        BufferedImage image = decode(PNG.write(new Pixels(37, 23, argb), 1));
        assertThat(image.getColorModel().hasAlpha()).isFalse();
        assertThat(image.getRGB(0, 0, 37, 23, null, 0, 37)).isEqualTo(argb);
    }

    @Test
    void largeFramesDeflatedInParallelStripsAreOneValidPng() throws Exception {
        Random random = new Random(11);
        int width = 1500;
        int height = 900;
        int[] argb = new int[width * height];
        for (int i = 0; i < argb.length; i++) {
            argb[i] = (i % 7 == 0 ? 0x80000000 : 0xFF000000) | (random.nextInt(4) * 0x3F3F3F);
        }
        Pixels pixels = new Pixels(width, height, argb);
        for (int level : new int[]{1, 3, 9}) {
            BufferedImage image = decode(PNG.write(pixels, level));
            assertThat(image.getRGB(0, 0, width, height, null, 0, width)).as("level %d", level)
                    .isEqualTo(pixels.straight());
        }
    }

    @Test
    void framesOfAtMost256ColoursAreIndexedAndDecodeToTheSamePixels() throws Exception {
        Random random = new Random(3);
        for (int colours : new int[]{1, 2, 3, 4, 5, 16, 17, 255, 256, 257, 300}) {
            int[] palette = new int[colours];
            for (int i = 0; i < colours; i++) { // distinct, some translucent (premultiplied), one fully clear
                int alpha = i == 0 ? 0 : i % 5 == 0 ? 1 + random.nextInt(254) : 255;
                palette[i] = i == 0 ? 0 : Pixels.premultiply(alpha << 24 | i << 8 | random.nextInt(256));
            }
            int width = 701; // not a whole number of bytes at 1, 2 or 4 bits a pixel
            int height = 500; // large enough to be deflated in strips
            int[] argb = new int[width * height];
            for (int i = 0; i < argb.length; i++) { // runs, as tiles make them, and every colour at least once
                argb[i] = i < colours ? palette[i] : palette[(i / (1 + i % 9)) % colours];
            }
            Pixels pixels = new Pixels(width, height, argb);
            BufferedImage image = decode(PNG.write(pixels, 2));
            assertThat(image.getColorModel() instanceof java.awt.image.IndexColorModel).as("%d colours", colours)
                    .isEqualTo(colours <= 256);
            if (colours <= 256) { // the fewest bits that hold the palette
                assertThat(image.getColorModel().getPixelSize()).as("%d colours", colours)
                        .isEqualTo(colours <= 2 ? 1 : colours <= 4 ? 2 : colours <= 16 ? 4 : 8);
            }
            assertThat(image.getRGB(0, 0, width, height, null, 0, width)).as("%d colours", colours)
                    .isEqualTo(pixels.straight());
        }
    }

    @Test
    void translucentFramesKeepTheirAlphaUnpremultiplied() throws Exception {
        int[] premultiplied = {0, 0x80400000, 0xFF00FF00, 0x10101010};
        BufferedImage image = decode(PNG.write(new Pixels(2, 2, premultiplied), 6));
        assertThat(image.getColorModel().hasAlpha()).isTrue();
        assertThat(image.getRGB(0, 0)).isZero();
        assertThat(image.getRGB(1, 0)).as("64 * 255 / 128 = 127.5, rounded up").isEqualTo(0x80800000);
        assertThat(image.getRGB(0, 1)).isEqualTo(0xFF00FF00);
        assertThat(image.getRGB(1, 1)).isEqualTo(0x10FFFFFF);
    }
}
