package dev.tilewright.render;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An overview kept in step with random edits is pixel for pixel the whole map rendered (no objects) and averaged
 * over its boxes, whether boxes are worked out from stacks of cells (tiles that fit their cells) or rendered (tiles
 * that reach out, layer offsets); a refresh with nothing changed redraws nothing, and an edit redraws only the boxes
 * its chunk reaches.
 */
class OverviewProperties {

    private static final MapRenderer.Options TILES = new MapRenderer.Options(MapRenderer.Options.SHOWN, false, false,
            true);

    private record Case(TileMap map, List<TileLayer> layers, Atlas atlas, int tiles) {
    }

    @Property(tries = 40)
    void keptInStepWithEditsItIsTheRenderAveragedOverBoxes(@ForAll long seed) {
        Random random = new Random(seed);
        Case drawn = randomMap(random);
        int maxSide = 4 + random.nextInt(160);
        Overview overview = Overview.of(drawn.map, id -> drawn.atlas, s -> null, maxSide, Long.MAX_VALUE);
        assertThat(Math.max(overview.pixels().width(), overview.pixels().height())).isLessThanOrEqualTo(
                Math.max(maxSide, (int) Math.ceil((double) Math.max(drawn.map.width() * drawn.map.tileWidth(),
                        drawn.map.height() * drawn.map.tileHeight()) / overview.box())));
        assertThat(overview.pixels().argb()).as("built").isEqualTo(reference(drawn, overview.box()));
        assertThat(overview.refresh(drawn.map, id -> drawn.atlas, s -> null)).as("nothing changed").isZero();
        assertThat(overview.staleCells(drawn.map)).isZero();
        for (int round = 0; round < 4; round++) {
            int edits = 1 + random.nextInt(6);
            for (int e = 0; e < edits; e++) {
                edit(random, drawn);
            }
            assertThat(overview.fits(drawn.map, id -> drawn.atlas)).isTrue();
            long stale = overview.staleCells(drawn.map);
            int redrawn = overview.refresh(drawn.map, id -> drawn.atlas, s -> null);
            assertThat(stale == 0).as("stale cells, as the refresh finds them").isEqualTo(redrawn == 0);
            assertThat(overview.staleCells(drawn.map)).as("none once refreshed").isZero();
            assertThat(redrawn).isLessThanOrEqualTo(overview.pixels().argb().length);
            assertThat(overview.pixels().argb()).as("seed %d round %d", seed, round)
                    .isEqualTo(reference(drawn, overview.box()));
        }
    }

    @Property(tries = 10)
    void aLayersLookChangedMeansANewOverview(@ForAll long seed) {
        Random random = new Random(seed);
        Case drawn = randomMap(random);
        Overview overview = Overview.of(drawn.map, id -> drawn.atlas, s -> null, 64, Long.MAX_VALUE);
        TileLayer layer = drawn.layers.get(0);
        LayerAttributes a = layer.attributes();
        layer.setAttributes(new LayerAttributes(a.name(), true, false, a.opacity() == 0.5 ? 0.25 : 0.5, a.offset(),
                a.tint(), null, Properties.EMPTY));
        assertThat(overview.fits(drawn.map, id -> drawn.atlas)).isFalse();
    }

    @net.jqwik.api.Example
    void aTallTileEditedAtAChunksTopRedrawsTheChunkAboveToo() {
        Random random = new Random(5);
        Tileset tileset = Tileset.grid("tall", 32, 8, 8, 8, 0, 0, null);
        Atlas atlas = Atlas.decode(tileset, dev.tilewright.support.Pngs.noise(random, 32, 8), id -> null);
        TileMap map = new TileMap("tall", 80, 80, 8, 4, null, null, List.of(new MapTileset(7, 1, 4)),
                Properties.EMPTY, 2, 1);
        TileLayer layer = new TileLayer(1, LayerAttributes.named("tall"), 80, 80);
        map.insertLayer(0, layer);
        Case drawn = new Case(map, List.of(layer), atlas, 4);
        Overview overview = Overview.of(map, id -> atlas, s -> null, 640, Long.MAX_VALUE);
        assertThat(overview.box()).isEqualTo(1);
        layer.set(10, TileLayer.CHUNK_SIZE, 2);
        overview.refresh(map, id -> atlas, s -> null);
        assertThat(overview.pixels().argb()).isEqualTo(reference(drawn, overview.box()));
    }

    /**
     * Maps of diamonds, hexagons and parallelograms too large to render (4096 x 4096 tiles here; 65,536 x 65,536 drew
     * an integer overflow, a 500, before) take each box's colour from the topmost tile under its centre: a painted
     * block shows in the boxes whose centres lie on it, the rest stays clear, and an edit redraws what it reaches.
     */
    @net.jqwik.api.Example
    void mapsOfOtherCellsTooLargeToRenderTakeTheTileUnderEachBoxsCentre() {
        Random random = new Random(11);
        Tileset tileset = Tileset.grid("tiles", 64, 32, 32, 32, 0, 0, null);
        Atlas atlas = Atlas.decode(tileset, dev.tilewright.support.Pngs.noise(random, 64, 32), id -> null);
        int[] average = {0, Thumbnail.average(atlas.source(0).image(), atlas.source(0).x(), atlas.source(0).y(), 32, 32),
                Thumbnail.average(atlas.source(1).image(), atlas.source(1).x(), atlas.source(1).y(), 32, 32)};
        for (dev.tilewright.core.model.Orientation layout : List.of(dev.tilewright.core.model.Orientation.ISOMETRIC,
                dev.tilewright.core.model.Orientation.of("hexagonal", "x", "even", 16),
                new dev.tilewright.core.model.Orientation(dev.tilewright.core.model.Orientation.Kind.OBLIQUE, false,
                        false, 0, 12, -8))) {
            int side = 4096;
            TileMap map = new TileMap("large", side, side, 32, 32, null, null, List.of(new MapTileset(7, 1, 2)),
                    Properties.EMPTY, 2, 1);
            map.setSettings(map.settings().withOrientation(layout));
            TileLayer layer = new TileLayer(1, LayerAttributes.named("ground"), side, side);
            map.insertLayer(0, layer);
            layer.fill(new TileRect(1024, 1024, 1024, 1024), 1);
            Overview overview = Overview.of(map, id -> atlas, s -> null, 200, 1L << 26);
            dev.tilewright.core.geom.Projection p = map.projection();
            int[] argb = overview.pixels().argb();
            int width = overview.pixels().width();
            int box = overview.box();
            long[] bounds = {p.bounds(side, side).width(), p.bounds(side, side).height()};
            for (int i = 0; i < argb.length; i++) {
                double cx = (i % width) * (double) box + Math.min(box, bounds[0] - (i % width) * (double) box) / 2;
                double cy = (i / width) * (double) box + Math.min(box, bounds[1] - (i / width) * (double) box) / 2;
                dev.tilewright.core.geom.TileCoord under = p.tileAt(new dev.tilewright.core.geom.Position(cx, cy));
                boolean painted = under.x() >= 1024 && under.x() < 2048 && under.y() >= 1024 && under.y() < 2048;
                assertThat(argb[i]).as("%s box %d", layout.kind(), i).isEqualTo(painted ? average[1] : 0);
            }
            assertThat(java.util.Arrays.stream(argb).filter(c -> c == average[1]).count())
                    .as("the block shows").isGreaterThan(argb.length / 64);
            layer.fill(new TileRect(3000, 3000, 512, 512), 2);
            assertThat(overview.refresh(map, id -> atlas, s -> null)).isPositive();
            assertThat(java.util.Arrays.stream(overview.pixels().argb()).filter(c -> c == average[2]).count())
                    .as("the edit shows").isPositive();
        }
    }

    /** The whole map rendered, each box's pixels averaged. */
    private static int[] reference(Case drawn, int box) {
        TileMap map = drawn.map;
        int width = map.width() * map.tileWidth();
        int height = map.height() * map.tileHeight();
        Pixels full = MapRenderer.render(map, id -> drawn.atlas, s -> null, new ViewWindow(0, 0, width, height), TILES);
        int across = (width + box - 1) / box;
        int down = (height + box - 1) / box;
        int[] out = new int[across * down];
        for (int by = 0; by < down; by++) {
            for (int bx = 0; bx < across; bx++) {
                int w = Math.min(width, (bx + 1) * box) - bx * box;
                int h = Math.min(height, (by + 1) * box) - by * box;
                out[by * across + bx] = Thumbnail.average(full, bx * box, by * box, w, h);
            }
        }
        return out;
    }

    private static void edit(Random random, Case drawn) {
        TileLayer layer = drawn.layers.get(random.nextInt(drawn.layers.size()));
        TileMap map = drawn.map;
        int gid = random.nextInt(4) == 0 ? Gid.EMPTY : 1 + random.nextInt(drawn.tiles) | RandomTiles.flips(random);
        switch (random.nextInt(3)) {
            case 0 -> layer.set(nearChunkEdge(random, map.width()), nearChunkEdge(random, map.height()), gid);
            case 1 -> {
                int x = random.nextInt(map.width());
                int y = random.nextInt(map.height());
                layer.fill(new TileRect(x, y, 1 + random.nextInt(map.width() - x), 1 + random.nextInt(map.height() - y)),
                        gid);
            }
            default -> layer.fill(layer.bounds(), gid);
        }
    }

    /** A cell column (or row) below {@code size}, often one at a chunk's edge: tiles that reach out cross it. */
    private static int nearChunkEdge(Random random, int size) {
        int edge = TileLayer.CHUNK_SIZE * (1 + random.nextInt(2)) - random.nextInt(2);
        return random.nextBoolean() && edge < size ? edge : random.nextInt(size);
    }

    private static Case randomMap(Random random) {
        boolean reaching = random.nextInt(3) == 0;
        int[] sizes = reaching ? new int[]{8, 4} : new int[]{8, 8};
        int tileWidth = reaching && random.nextBoolean() ? 8 : 4 * (1 + random.nextInt(3));
        int tileHeight = reaching ? sizes[1] * (1 + random.nextInt(2)) : tileWidth;
        int imageTile = reaching ? 8 : tileWidth;
        int columns = 4;
        int rows = 3;
        Tileset tileset = Tileset.grid("random", columns * imageTile, rows * imageTile, imageTile, imageTile, 0, 0, null);
        Atlas atlas = Atlas.decode(tileset, dev.tilewright.support.Pngs.noise(random, columns * imageTile, rows * imageTile), id -> null);
        int width = 1 + random.nextInt(random.nextBoolean() ? 20 : 150);
        int height = 1 + random.nextInt(random.nextBoolean() ? 20 : 150);
        String background = random.nextBoolean() ? null : random.nextBoolean() ? "#336699" : "#80ff0000";
        TileMap map = new TileMap("overview", width, height, tileWidth, tileHeight, null, background,
                List.of(new MapTileset(7, 1, tileset.tileCount())), Properties.EMPTY, 10, 1);
        List<TileLayer> layers = new ArrayList<>();
        int count = 1 + random.nextInt(3);
        for (int i = 0; i < count; i++) {
            double opacity = random.nextInt(3) == 0 ? 0.3 + random.nextInt(6) / 10.0 : 1.0;
            String tint = random.nextInt(4) == 0 ? "#c0ff8040" : null;
            Difference offset = reaching && random.nextBoolean() ? new Difference(random.nextInt(9) - 4,
                    random.nextInt(9) - 4) : Difference.ZERO;
            boolean visible = i == 0 || random.nextInt(5) != 0;
            TileLayer layer = new TileLayer(i + 1, new LayerAttributes("layer " + i, visible, false, opacity, offset,
                    tint, null, Properties.EMPTY), width, height);
            RandomTiles.paint(layer, random, tileset.tileCount(), random.nextInt(4));
            map.insertLayer(i, layer);
            layers.add(layer);
        }
        return new Case(map, layers, atlas, tileset.tileCount());
    }

}
