package dev.tilewright.core.autotile;

import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.TileCoord;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Gid;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rules on staggered and hexagonal maps keep their shape on the screen: a random rule (3x3 or 5x5, mirrored or not,
 * a single tile or a stamp) on a random IntGrid gives what an oracle gives that places each of the pattern's cells by
 * geometry alone: the cell under the centre of the matching cell moved by the vector between the centres of an
 * unshifted cell and its offset cell (mirrored: that vector's x, or y on stagger axis x, negated). An incremental
 * evaluation of a region equals the whole grid's there.
 */
class StaggeredRulesProperties {

    private static double[] centre(Hexagonal hex, int x, int y) {
        PixelBox box = hex.cellBox(x, y);
        return new double[]{box.x() + box.width() / 2.0, box.y() + box.height() / 2.0};
    }

    /** The cell the pattern's offset (dx, dy) means from cell (x, y), mirrored or not, found on the screen. */
    private static TileCoord target(Hexagonal hex, int x, int y, int dx, int dy, boolean mirrorX, boolean mirrorY) {
        int[] reference = hex.staggerX() ? new int[]{hex.shifted(0) ? 1 : 0, 0} : new int[]{0, hex.shifted(0) ? 1 : 0};
        double[] from = centre(hex, reference[0], reference[1]);
        double[] to = centre(hex, reference[0] + dx, reference[1] + dy);
        double vx = (to[0] - from[0]) * (mirrorX ? -1 : 1);
        double vy = (to[1] - from[1]) * (mirrorY ? -1 : 1);
        double[] c = centre(hex, x, y);
        return hex.tileAt(new Position(c[0] + vx, c[1] + vy));
    }

    @Property(tries = 300)
    void aPatternMatchesTheSameShapeAtEveryRowAndColumn(@ForAll long seed) {
        Random random = new Random(seed);
        boolean alongX = random.nextBoolean();
        int w = 8 + 2 * random.nextInt(16);
        int h = 8 + 2 * random.nextInt(16);
        int side = random.nextBoolean() ? 0 : 2 + random.nextInt((alongX ? w : h) / 2);
        Hexagonal hex = new Hexagonal(w, h, alongX, random.nextBoolean(), side);
        int width = 3 + random.nextInt(12);
        int height = 3 + random.nextInt(12);
        int[] values = new int[width * height];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextInt(3);
        }
        int size = random.nextBoolean() ? 3 : 5;
        List<Integer> pattern = new ArrayList<>();
        for (int i = 0; i < size * size; i++) {
            // sparse: a few cells tested, so patterns match often enough; a negative value is "not that value"
            pattern.add(random.nextInt(4) == 0 ? (random.nextBoolean() ? 1 : -1) * (1 + random.nextInt(2)) : 0);
        }
        boolean flipX = random.nextBoolean();
        boolean flipY = random.nextBoolean();
        Stamp stamp = random.nextInt(3) == 0 ? new Stamp(2, 2, List.of(10, 11, 12, 13), 0.0, 0.0) : null;
        Rule rule = new Rule(null, size, pattern, stamp == null ? List.of(7) : List.of(), stamp, null, flipX, flipY,
                null, null, null, null, null);
        int outside = random.nextInt(2);
        Autotiler rules = Autotiler.compile(new RuleSet(null, outside, List.of(new RuleGroup("g", null,
                List.of(rule)))));
        Autotiler.Stagger stagger = Autotiler.Stagger.of(hex);
        int[] out = rules.evaluate(IntCells.of(width, height, values), 1, new TileRect(0, 0, width, height), stagger);

        // the oracle: each cell tries the mirrors in the engine's order (none, x, y, both), placing the first match
        int[] expect = new int[width * height];
        long[] taken = new long[width * height];
        java.util.Arrays.fill(taken, Long.MAX_VALUE);
        int half = size / 2;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                for (int m = 0; m < 4; m++) {
                    boolean mx = (m & 1) != 0;
                    boolean my = (m & 2) != 0;
                    if (mx && !flipX || my && !flipY) {
                        continue;
                    }
                    boolean fits = true;
                    for (int i = 0; i < size * size && fits; i++) {
                        int v = pattern.get(i);
                        if (v == 0) {
                            continue;
                        }
                        TileCoord t = target(hex, x, y, i % size - half, i / size - half, mx, my);
                        int value = t.x() < 0 || t.y() < 0 || t.x() >= width || t.y() >= height ? outside
                                : values[t.y() * width + t.x()];
                        fits = v > 0 ? value == v : value != -v; // a negative value: anything but it
                    }
                    if (!fits) {
                        continue;
                    }
                    int flags = (mx ? Gid.FLIP_HORIZONTAL : 0) | (my ? Gid.FLIP_VERTICAL : 0);
                    if (stamp == null) {
                        expect[y * width + x] = 8 | flags;
                    } else {
                        for (int s = 0; s < 4; s++) {
                            TileCoord t = target(hex, x, y, s % 2, s / 2, mx, my);
                            if (t.x() >= 0 && t.y() >= 0 && t.x() < width && t.y() < height) {
                                int at = t.y() * width + t.x();
                                long key = (long) y * width + x;
                                if (key < taken[at]) {
                                    taken[at] = key;
                                    expect[at] = (11 + s) | flags;
                                }
                            }
                        }
                    }
                    break;
                }
            }
        }
        assertThat(out).as("seed %s: %s %s", seed, hex, rule).containsExactly(expect);

        // a region evaluated alone (what an edit recomputes) is the whole grid's there
        TileRect changed = new TileRect(random.nextInt(width), random.nextInt(height), 1, 1);
        TileRect region = rules.reach(changed, width, height, stagger);
        int[] part = rules.evaluate(IntCells.of(width, height, values), 1, region, stagger);
        for (int i = 0; i < part.length; i++) {
            int x = region.x() + i % region.width();
            int y = region.y() + i / region.width();
            assertThat(part[i]).as("seed %s: region cell %d,%d", seed, x, y).isEqualTo(out[y * width + x]);
        }
    }
}
