package dev.tilewright.format;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.TileLayer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A large layer written a band of rows at a time gives the very bytes of writing it whole, in every encoding (zlib
 * and gzip are the banded ones), and what writing it takes is worked out before the work as documented.
 */
class LayerDataBandsTest {

    private static TileLayer layer(int width, int height) {
        TileLayer layer = new TileLayer(1, LayerAttributes.named("l"), width, height);
        Random random = new Random(width * 31L + height);
        for (int i = 0; i < 400; i++) {
            int x = random.nextInt(width);
            int y = random.nextInt(height);
            layer.fill(new TileRect(x, y, Math.min(width - x, 1 + random.nextInt(90)),
                    Math.min(height - y, 1 + random.nextInt(90))), 1 + random.nextInt(300));
        }
        return layer;
    }

    @ParameterizedTest
    @EnumSource(LayerData.Compression.class)
    void bandsGiveTheBytesOfTheWholeLayer(LayerData.Compression compression) {
        TileLayer layer = layer(700, 611); // 427,700 cells: two bands and a part
        TmxWriter.Options base64 = new TmxWriter.Options(LayerData.Encoding.BASE64, compression);
        assertThat(LayerData.encode(layer, base64)).isEqualTo(LayerData.encode(layer.read(layer.bounds()),
                layer.width(), base64));
        assertThat(LayerData.encode(layer, base64.withLevel(compression == LayerData.Compression.NONE ? -1 : 9)))
                .isEqualTo(LayerData.encode(layer.read(layer.bounds()), layer.width(),
                        base64.withLevel(compression == LayerData.Compression.NONE ? -1 : 9)));
        assertThat(LayerData.encode(layer, TmxWriter.Options.DEFAULT)).isEqualTo(LayerData.encode(
                layer.read(layer.bounds()), layer.width(), TmxWriter.Options.DEFAULT));
    }

    @ParameterizedTest
    @EnumSource(LayerData.Compression.class)
    void theWorkIsCountedBeforeIt(LayerData.Compression compression) {
        TileLayer layer = layer(300, 200);
        long cells = 300L * 200;
        long work = LayerData.workBytes(layer, new TmxWriter.Options(LayerData.Encoding.BASE64, compression), 0);
        switch (compression) {
            case ZLIB, GZIP -> assertThat(work).as("written a band at a time").isZero();
            case ZSTD -> assertThat(work).isEqualTo(cells * 8);
            case NONE -> assertThat(work).isEqualTo(cells * 8 + LayerData.encode(layer, new TmxWriter.Options(
                    LayerData.Encoding.BASE64, compression)).length());
        }
        String csv = LayerData.encode(layer, TmxWriter.Options.DEFAULT);
        long text = csv.length() - csv.chars().filter(c -> c == '\n').count() + 1;
        assertThat(LayerData.workBytes(layer, TmxWriter.Options.DEFAULT, 0)).as("its text and the gids")
                .isEqualTo(text + cells * 4);
    }
}
