package dev.tilewright.render;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

class ThumbnailTest {

    /** An opaque map whose pixel (x, y) has red x % 256 and green y % 256, counting the pixels it renders. */
    private static Function<ViewWindow, Pixels> gradient(AtomicLong rendered) {
        return view -> {
            rendered.addAndGet((long) view.width() * view.height());
            Pixels p = Pixels.blank(view.width(), view.height());
            for (int y = 0; y < view.height(); y++) {
                for (int x = 0; x < view.width(); x++) {
                    p.argb()[y * view.width() + x] = 0xFF000000 | ((view.x() + x) % 256) << 16 | ((view.y() + y) % 256) << 8;
                }
            }
            return p;
        };
    }

    @Test
    void eachPixelIsTheAverageOfTheMapPixelsUnderIt() {
        AtomicLong rendered = new AtomicLong();
        Pixels small = Thumbnail.of(400, 200, 100, Long.MAX_VALUE, gradient(rendered));
        assertThat(small.width()).isEqualTo(100);
        assertThat(small.height()).isEqualTo(50);
        // the box of (10, 7) is x 40..43, y 28..31: red averages 41.5, green 29.5 (rounded half up)
        assertThat(small.argb()[7 * 100 + 10]).isEqualTo(0xFF000000 | 42 << 16 | 30 << 8);
        assertThat(rendered.get()).as("every map pixel once").isEqualTo(400L * 200);
    }

    @Test
    void aSmallMapKeepsItsSizeAndABigOneStaysWithinTheBudget() {
        AtomicLong rendered = new AtomicLong();
        Pixels same = Thumbnail.of(60, 30, 320, Long.MAX_VALUE, gradient(rendered));
        assertThat(same.width()).isEqualTo(60);
        assertThat(same.argb()[5 * 60 + 7]).isEqualTo(0xFF000000 | 7 << 16 | 5 << 8);

        rendered.set(0);
        Pixels big = Thumbnail.of(4000, 2000, 100, 4000L * 50 * 3, gradient(rendered));
        assertThat(big.width()).isEqualTo(100);
        assertThat(big.height()).isEqualTo(50);
        assertThat(rendered.get()).as("3 of each 40 rows").isLessThanOrEqualTo(4000L * 50 * 3);
        // the first thumbnail row covers map rows 0..39; its middle three, 18..20, were rendered: green 19
        assertThat((big.argb()[0] >> 8) & 0xFF).isEqualTo(19);
    }

    @Test
    void aMapTooWideForOneRowPerThumbnailRowIsSampledWithinTheBudget() {
        long budget = 16_777_216;
        AtomicLong rendered = new AtomicLong();
        // 8192 tiles of 4096 px each way: 33.5 million pixels across, one full row per thumbnail row is 10 billion
        Pixels huge = Thumbnail.of(33_554_432, 33_554_432, 320, budget, gradient(rendered));
        assertThat(huge.width()).isEqualTo(320);
        assertThat(huge.height()).isEqualTo(320);
        assertThat(rendered.get()).as("map pixels rendered").isLessThanOrEqualTo(budget).isGreaterThan(budget / 2);
        assertThat(huge.argb()[0] >>> 24).isEqualTo(255);

        rendered.set(0);
        // 2 million pixels wide, one tile high: the thumbnail is one row
        Pixels strip = Thumbnail.of(2_097_152, 256, 320, 1_000_000, gradient(rendered));
        assertThat(strip.width()).isEqualTo(320);
        assertThat(strip.height()).isEqualTo(1);
        assertThat(rendered.get()).isLessThanOrEqualTo(1_000_000);

        rendered.set(0);
        // a budget below one pixel per thumbnail pixel still draws each thumbnail pixel from one map pixel
        Thumbnail.of(1_000_000, 1_000_000, 100, 10, gradient(rendered));
        assertThat(rendered.get()).isEqualTo(100L * 100);
    }
}
