package dev.tilewright.render;

import dev.tilewright.core.geom.Orthogonal;
import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.Projection;
import dev.tilewright.core.geom.TileCoord;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A map's overview: the whole map as the renderer draws it (tile and image layers over the background; not objects),
 * averaged over boxes of {@code box} x {@code box} map pixels (the last row and column of boxes cut by the map's
 * edge), {@code box} the finest that keeps both sides within {@code maxSide} and lines boxes up with cells (a box
 * inside one cell, or whole cells). It is built once and then kept in step chunk by chunk: a chunk whose stamp
 * changed in any shown tile layer has the boxes it can reach redrawn, nothing else. Anything else the pixels depend
 * on (layers, their look, tilesets, size, background) is its {@link Look}: when that changes it is built anew.
 * <p>
 * Where each cell shows only its own stack of tiles (tiles fit their cells, no offsets, no image layers), a box is
 * worked out from the stacks of its cells: each distinct stack (the gids of the shown tile layers at a cell) is
 * composited once, exactly as the renderer composites it, and whole chunks of one gid count at once, so the cost
 * follows what is painted, not the map's size. Elsewhere boxes are rendered and averaged, up to {@code exactPixels}
 * map pixels; a larger map of that kind is worked out from stacks too, each tile drawn into its own cell only, and a
 * larger map of diamonds, hexagons or parallelograms takes each box's colour from the tile under its centre.
 */
public final class Overview {

    /** Map pixels rendered at most in one window when boxes are rendered. */
    private static final long WINDOW_PIXELS = 1L << 22;
    /** Bytes the composited stacks of one overview may take (past them, further stacks are worked out per cell). */
    private static final long STACK_BYTES = 16L << 20;
    private static final MapRenderer.Options TILES = new MapRenderer.Options(MapRenderer.Options.SHOWN, false,
            false, true);

    /** What the pixels depend on besides cells. */
    private record Look(int width, int height, Projection projection, String background,
                        List<LayerLook> layers, List<Long> tilesets) {

        static Look of(TileMap map, Atlas[] atlases) {
            List<LayerLook> layers = new ArrayList<>();
            for (Layer layer : map.layers()) {
                boolean tiles = layer instanceof TileLayer t && !t.isIntGrid();
                if (!tiles && !(layer instanceof ImageLayer)) {
                    continue;
                }
                LayerAttributes drawn = map.effective(layer);
                Paint paint = Paint.of(drawn);
                boolean shown = drawn.visible() && paint.alpha() > 0;
                String image = layer instanceof ImageLayer picture && picture.image() != null
                        ? picture.image().source() : null;
                layers.add(new LayerLook(layer.id(), tiles, shown ? paint : null, image));
            }
            List<Long> tilesets = new ArrayList<>();
            for (int i = 0; i < atlases.length; i++) {
                tilesets.add(atlases[i] == null ? -1 : atlases[i].serial());
                tilesets.add((long) map.tilesets().get(i).firstGid());
            }
            return new Look(map.width(), map.height(), map.projection(), map.backgroundColor(),
                    List.copyOf(layers), List.copyOf(tilesets));
        }

        List<LayerLook> shownTiles() {
            return layers.stream().filter(l -> l.tiles && l.paint != null).toList();
        }

        boolean showsImages() {
            return layers.stream().anyMatch(l -> !l.tiles && l.paint != null && l.image != null);
        }
    }

    /** A tile or image layer: its id, its paint when it is shown (else null), its image's source. */
    private record LayerLook(int id, boolean tiles, Paint paint, String image) {
    }

    private final Look look;
    private final int box;
    private final int mapWidth;
    private final int mapHeight;
    private final Pixels pixels;
    /** Whether boxes are rendered (else worked out from stacks). */
    private final boolean rendered;
    /** Whether boxes take the colour of the tiles under their centres (a map of diamonds, hexagons or parallelograms
     * too large to render): the tile layers' tiles there, topmost first that has one, each tile's average colour. */
    private final boolean sampled;
    private final Map<Integer, Integer> tileColours = new HashMap<>();
    /** How far a chunk's tiles can draw outside it (rendered boxes only). */
    private final int margin;
    private final int[] layerIds;
    private final long[][] seen;
    private final CellStacks stacks;
    private boolean drawnOnce;

    private Overview(TileMap map, Atlas[] atlases, int maxSide, long exactPixels) {
        this.look = Look.of(map, atlases);
        Projection projection = map.projection();
        PixelBox bounds = projection.bounds(map.width(), map.height());
        this.mapWidth = Math.toIntExact(bounds.width());
        this.mapHeight = Math.toIntExact(bounds.height());
        this.box = boxSize(mapWidth, mapHeight, projection.tileWidth(), projection.tileHeight(), maxSide);
        this.pixels = Pixels.blank(ceilDiv(mapWidth, box), ceilDiv(mapHeight, box));
        List<LayerLook> shown = look.shownTiles();
        this.layerIds = shown.stream().mapToInt(LayerLook::id).toArray();
        Reach reach = Reach.of(atlases);
        boolean cellsAlone = SquareBlocks.squareCells(map, reach) != null && !look.showsImages()
                && shown.stream().allMatch(l -> l.paint.dx() == 0 && l.paint.dy() == 0);
        // stacks are of an orthogonal map's rectangular cells
        Orthogonal cells = projection instanceof Orthogonal grid ? grid : null;
        this.rendered = cells == null || !cellsAlone && (double) mapWidth * mapHeight <= exactPixels;
        this.sampled = cells == null && (double) mapWidth * mapHeight > exactPixels;
        this.margin = reach.size() + reach.offset() + shown.stream()
                .mapToInt(l -> Math.max(Math.abs(l.paint.dx()), Math.abs(l.paint.dy()))).max().orElse(0);
        this.seen = new long[layerIds.length][];
        this.stacks = rendered ? null : new CellStacks(map, cells, shown.stream().map(LayerLook::paint).toArray(Paint[]::new),
                box, STACK_BYTES);
    }

    /**
     * A new overview of the map, drawn whole.
     *
     * @param maxSide     the overview's longest side at most, in pixels
     * @param exactPixels map pixels a map whose tiles reach out of their cells may have and still be rendered
     */
    public static Overview of(TileMap map, Function<Long, Atlas> atlases, Function<String, Pixels> images,
                              int maxSide, long exactPixels) {
        Atlas[] decoded = decoded(map, atlases);
        Overview overview = new Overview(map, decoded, maxSide, exactPixels);
        overview.refresh(map, decoded, images);
        return overview;
    }

    /** Whether this overview can be kept in step with the map (else a new one must be made). */
    public boolean fits(TileMap map, Function<Long, Atlas> atlases) {
        return look.equals(Look.of(map, decoded(map, atlases)));
    }

    /**
     * The cells of the chunks changed since the last refresh (every cell before the first): what a refresh will read,
     * for the lane it waits in. Read without the lock a refresh holds, so an estimate while one runs.
     */
    public long staleCells(TileMap map) {
        int chunksX = ceilDiv(map.width(), TileLayer.CHUNK_SIZE);
        int chunksY = ceilDiv(map.height(), TileLayer.CHUNK_SIZE);
        if (!drawnOnce) {
            return (long) chunksX * chunksY * TileLayer.CHUNK_CELLS;
        }
        TileLayer[] layers = layers(map);
        long stale = 0;
        for (int chunk = 0; chunk < chunksX * chunksY; chunk++) {
            for (int i = 0; i < layers.length; i++) {
                if (seen[i][chunk] != layers[i].chunkStamp(chunk % chunksX, chunk / chunksX)) {
                    stale += TileLayer.CHUNK_CELLS;
                    break;
                }
            }
        }
        return stale;
    }

    /** Redraws what changed in the map since the last refresh; how many boxes were redrawn. Needs {@link #fits}. */
    public int refresh(TileMap map, Function<Long, Atlas> atlases, Function<String, Pixels> images) {
        return refresh(map, decoded(map, atlases), images);
    }

    private int refresh(TileMap map, Atlas[] atlases, Function<String, Pixels> images) {
        int chunksX = ceilDiv(map.width(), TileLayer.CHUNK_SIZE);
        int chunksY = ceilDiv(map.height(), TileLayer.CHUNK_SIZE);
        BitSet changed = new BitSet();
        TileLayer[] layers = layers(map);
        if (!drawnOnce) {
            drawnOnce = true;
            changed.set(0, chunksX * chunksY);
            Arrays.setAll(seen, i -> new long[chunksX * chunksY]);
        }
        for (int i = 0; i < layers.length; i++) {
            for (int cy = 0; cy < chunksY; cy++) {
                for (int cx = 0; cx < chunksX; cx++) {
                    long stamp = layers[i].chunkStamp(cx, cy);
                    if (seen[i][cy * chunksX + cx] != stamp) {
                        seen[i][cy * chunksX + cx] = stamp;
                        changed.set(cy * chunksX + cx);
                    }
                }
            }
        }
        if (changed.isEmpty()) {
            return 0;
        }
        if (!rendered && stacks.inCell()) {
            long drawn = 0;
            for (int chunk = changed.nextSetBit(0); chunk >= 0; chunk = changed.nextSetBit(chunk + 1)) {
                drawn += stacks.drawChunk(map, atlases, layers, chunk % chunksX, chunk / chunksX, pixels);
            }
            return (int) Math.min(Integer.MAX_VALUE, drawn);
        }
        BitSet boxes = new BitSet();
        int reach = rendered ? margin : 0;
        changed.stream().forEach(chunk -> {
            int size = TileLayer.CHUNK_SIZE;
            PixelBox area = map.projection().areaBox(new TileRect(chunk % chunksX * size, chunk / chunksX * size,
                    size, size)).grown(reach, reach, reach, reach);
            int bx0 = (int) Math.max(0, area.x() / box);
            int by0 = (int) Math.max(0, area.y() / box);
            int bx1 = (int) Math.min(pixels.width() - 1, (area.right() - 1) / box);
            int by1 = (int) Math.min(pixels.height() - 1, (area.bottom() - 1) / box);
            for (int by = by0; by <= by1; by++) {
                boxes.set(by * pixels.width() + bx0, by * pixels.width() + bx1 + 1);
            }
        });
        int redrawn = boxes.cardinality();
        for (int by = 0; by < pixels.height(); by++) {
            int from = by * pixels.width();
            int c0 = boxes.nextSetBit(from);
            while (c0 >= 0 && c0 < from + pixels.width()) {
                int end = Math.min(from + pixels.width(), boxes.nextClearBit(c0));
                if (sampled) {
                    sampleBoxes(map, atlases, layers, c0 - from, end - 1 - from, by);
                } else if (rendered) {
                    renderBoxes(map, atlases, images, c0 - from, end - 1 - from, by);
                } else {
                    stacks.drawBoxes(map, atlases, layers, c0 - from, end - 1 - from, by, pixels, mapWidth, mapHeight);
                }
                c0 = boxes.nextSetBit(end);
            }
        }
        return redrawn;
    }

    /** Boxes c0..c1 of row {@code by}, each the colour of the topmost tile under its centre (clear past the map). */
    private void sampleBoxes(TileMap map, Atlas[] atlases, TileLayer[] layers, int c0, int c1, int by) {
        Projection projection = map.projection();
        double cy = by * (double) box + Math.min(box, mapHeight - by * (double) box) / 2;
        for (int bx = c0; bx <= c1; bx++) {
            double cx = bx * (double) box + Math.min(box, mapWidth - bx * (double) box) / 2;
            TileCoord tile = projection.tileAt(new Position(cx, cy));
            int colour = 0;
            if (tile.x() >= 0 && tile.y() >= 0 && tile.x() < map.width() && tile.y() < map.height()) {
                for (int i = layers.length - 1; i >= 0 && colour == 0; i--) {
                    int gid = layers[i].get(tile.x(), tile.y());
                    if (gid != Gid.EMPTY) {
                        colour = tileColours.computeIfAbsent(gid, g -> {
                            Drawable drawn = Drawable.of(map, atlases, g, null);
                            return drawn == null ? 0 : Thumbnail.average(drawn.source().image(), drawn.source().x(),
                                    drawn.source().y(), drawn.source().width(), drawn.source().height());
                        });
                    }
                }
            }
            pixels.argb()[by * pixels.width() + bx] = colour;
        }
    }

    /** Boxes c0..c1 of row {@code by}, rendered (in windows of at most WINDOW_PIXELS) and averaged. */
    private void renderBoxes(TileMap map, Atlas[] atlases, Function<String, Pixels> images, int c0, int c1, int by) {
        int top = by * box;
        int rows = Math.min(mapHeight, top + box) - top;
        int perWindow = (int) Math.max(1, WINDOW_PIXELS / ((long) box * box));
        for (int first = c0; first <= c1; first += perWindow) {
            int last = Math.min(c1, first + perWindow - 1);
            int left = first * box;
            int width = Math.min(mapWidth, (last + 1) * box) - left;
            Pixels window = MapRenderer.render(map, i -> atlasOf(map, atlases, i), images,
                    new ViewWindow(left, top, width, rows), TILES);
            for (int bx = first; bx <= last; bx++) {
                int x0 = bx * box - left;
                int columns = Math.min(width, x0 + box) - x0;
                pixels.argb()[by * pixels.width() + bx] = Thumbnail.average(window, x0, 0, columns, rows);
            }
        }
    }

    private static Atlas atlasOf(TileMap map, Atlas[] atlases, long tilesetId) {
        for (int i = 0; i < atlases.length; i++) {
            if (map.tilesets().get(i).tilesetId() == tilesetId) {
                return atlases[i];
            }
        }
        return null;
    }

    private TileLayer[] layers(TileMap map) {
        TileLayer[] layers = new TileLayer[layerIds.length];
        int next = 0;
        for (Layer layer : map.layers()) {
            if (next < layerIds.length && layer.id() == layerIds[next] && layer instanceof TileLayer tiles) {
                layers[next++] = tiles;
            }
        }
        if (next != layerIds.length) {
            throw new IllegalStateException("the map's layers are not the overview's; make a new one");
        }
        return layers;
    }

    private static Atlas[] decoded(TileMap map, Function<Long, Atlas> atlases) {
        List<MapTileset> used = map.tilesets();
        Atlas[] out = new Atlas[used.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = atlases.apply(used.get(i).tilesetId());
        }
        return out;
    }

    /**
     * The side of a box in map pixels: the smallest that keeps both sides of the overview within {@code maxSide}
     * among those that divide both tile sides (a box inside one cell) or are a multiple of both (whole cells).
     */
    static int boxSize(int mapWidth, int mapHeight, int tileWidth, int tileHeight, int maxSide) {
        int least = Math.max(1, Math.max(ceilDiv(mapWidth, maxSide), ceilDiv(mapHeight, maxSide)));
        int common = gcd(tileWidth, tileHeight);
        for (int side = least; side <= common; side++) {
            if (common % side == 0) {
                return side;
            }
        }
        long multiple = (long) tileWidth / common * tileHeight;
        return (int) Math.min(Integer.MAX_VALUE, ceilDiv(least, multiple) * multiple);
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    /** The overview's pixels (premultiplied; do not modify). */
    public Pixels pixels() {
        return pixels;
    }

    /** The side of a box in map pixels. */
    public int box() {
        return box;
    }

    /** Roughly what the overview takes on the heap. */
    public long bytes() {
        long total = 64 + 4L * pixels.argb().length + (stacks == null ? 0 : stacks.bytes());
        for (long[] stamps : seen) {
            total += stamps == null ? 0 : 8L * stamps.length;
        }
        return total;
    }
}
