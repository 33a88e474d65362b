package dev.tilewright.render;

import dev.tilewright.core.grid.CollisionGrid;
import dev.tilewright.core.grid.GridComputer;
import dev.tilewright.core.grid.TilePixels;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.GridSettings;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The grid computed from pixels against an independent oracle: the tile drawn alone by the renderer (its own code for
 * flips, bottom-left placement and tile offsets), then every element's solid pixels counted one by one. Random
 * tile sizes (smaller, larger and other shapes than the cells), offsets, flips, colour keys, thresholds, shares
 * and element sizes.
 */
class GridFromPixelsTest {

    private static final int CELL = 8;
    private static final int[] PALETTE = {0xFFE02020, 0xFF20C040, 0xFFFF00FF, 0x643040E0, 0xC8E0E020, 0x00000000,
            0x80FFFFFF};
    private static final int EMPTY_TILE = 3;

    @Test
    void everyElementIsSolidExactlyWhenEnoughOfItsDrawnPixelsAre() throws IOException {
        Random random = new Random(42);
        int checkedSolid = 0;
        int checkedFree = 0;
        for (int run = 0; run < 1500; run++) {
            int[] sizes = {4, 8, 12, 6};
            int tw = sizes[random.nextInt(sizes.length)];
            int th = sizes[random.nextInt(sizes.length)];
            BufferedImage atlas = new BufferedImage(tw * 4, th, BufferedImage.TYPE_INT_ARGB);
            for (int y = 0; y < th; y++) {
                for (int x = 0; x < tw * 4; x++) {
                    // blocks of 2x2 pixels of one colour, so elements get all shares of solid pixels
                    int block = new Random(run * 7919L + (y / 2) * 131L + x / 2).nextInt(PALETTE.length);
                    atlas.setRGB(x, y, random.nextInt(9) == 0 ? PALETTE[random.nextInt(PALETTE.length)] : PALETTE[block]);
                }
            }
            Integer colourKey = random.nextBoolean() ? 0xFF00FF : null;
            Tileset tileset = new Tileset("t", tw, th, 0, 0, 4, 4, tw * 4, th, colourKey, random.nextInt(7) - 3,
                    random.nextInt(7) - 3, "t.png", Properties.EMPTY, Map.of(EMPTY_TILE,
                    TileData.EMPTY.withProperties(Properties.of(List.of(Property.of("empty", true))))));
            Atlas decoded = Atlas.decode(tileset, png(atlas), local -> null);

            int[] divisors = {1, 2, 4, 8};
            int ew = divisors[random.nextInt(divisors.length)];
            int eh = divisors[random.nextInt(divisors.length)];
            int[] alphas = {1, 100, 128, 200, 201, 255};
            double[] shares = {0.1, 0.25, 0.5, 0.75, 1.0};
            GridSettings settings = new GridSettings(ew, eh, GridSettings.PIXELS, alphas[random.nextInt(alphas.length)],
                    shares[random.nextInt(shares.length)], random.nextBoolean(),
                    random.nextBoolean() ? "#e02020" : null);
            int local = random.nextInt(4);
            int gid = Gid.of(1 + local, (random.nextBoolean() ? Gid.FLIP_HORIZONTAL : 0)
                    | (random.nextBoolean() ? Gid.FLIP_VERTICAL : 0) | (random.nextBoolean() ? Gid.FLIP_DIAGONAL : 0));

            TileMap map = new TileMap("m", 3, 3, CELL, CELL, null, List.of(new MapTileset(7, 1, 4)), null, 1, 1);
            TileLayer layer = new TileLayer(1, LayerAttributes.named("a"), 3, 3);
            map.insertLayer(0, layer);
            layer.set(1, 1, gid);
            map.setGridSettings(settings);

            TilePixels pixels = (tilesetId, id) -> tilesetId == 7 ? decoded.tileImage(id) : null;
            CollisionGrid grid = new GridComputer(map, id -> id == 7 ? tileset : null, pixels).compute();

            Pixels drawn = MapRenderer.render(map, id -> decoded, source -> null, new ViewWindow(CELL, CELL, CELL, CELL),
                    new MapRenderer.Options(l -> true, false, false, false));
            Set<Integer> emptyColours = new HashSet<>();
            for (int y = 0; y < th; y++) {
                for (int x = EMPTY_TILE * tw; x < (EMPTY_TILE + 1) * tw; x++) {
                    int argb = atlas.getRGB(x, y);
                    emptyColours.add(colourKey != null && (argb & 0xFFFFFF) == colourKey ? 0 : Pixels.premultiply(argb));
                }
            }
            for (int ey = 0; ey < CELL / eh; ey++) {
                for (int ex = 0; ex < CELL / ew; ex++) {
                    int solid = 0;
                    for (int py = ey * eh; py < (ey + 1) * eh; py++) {
                        for (int px = ex * ew; px < (ex + 1) * ew; px++) {
                            int p = drawn.argb()[py * CELL + px];
                            boolean counts = (p >>> 24) >= settings.alphaThreshold()
                                    && !((p >>> 24) == 255 && (p & 0xFFFFFF) == settings.transparentRgb())
                                    && !(settings.emptyColors() && emptyColours.contains(p));
                            solid += counts ? 1 : 0;
                        }
                    }
                    boolean expected = local != EMPTY_TILE && solid > 0 && solid >= settings.solidFraction() * ew * eh;
                    int sides = grid.get(CELL / ew + ex, CELL / eh + ey) & CollisionGrid.SIDES;
                    assertThat(sides).as("run %d: element (%d, %d) of %dx%d with %d solid pixels, %s, gid %08x",
                            run, ex, ey, ew, eh, solid, settings, gid).isEqualTo(expected ? CollisionGrid.SOLID : 0);
                    if (expected) {
                        checkedSolid++;
                    } else {
                        checkedFree++;
                    }
                }
            }
        }
        // the random cases reach both answers often
        assertThat(checkedSolid).isGreaterThan(1500);
        assertThat(checkedFree).isGreaterThan(1500);
    }

    private static byte[] png(BufferedImage image) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }
}
