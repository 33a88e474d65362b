package dev.tilewright.render;

import dev.tilewright.core.geom.Orthogonal;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The fast way to draw the tile layers of an orthogonal map whose tiles all fit its square cells (no tile reaches
 * into a neighbour, so a block of {@link TileBlocks#BLOCK} x {@code BLOCK} cells drawn alone is exactly what the
 * whole layer shows there): each block is drawn once per content of its chunk and kept in the cache, and a view is
 * copied together from blocks. Another orientation's tiles overlap their neighbours and are drawn tile by tile.
 */
final class SquareBlocks {

    private final TileMap map;
    private final Atlas[] atlases;
    private final List<Long> tilesetsKey;
    private final TileBlocks cache;
    /** A cell's side, in pixels. */
    private final int size;
    /** A block's side, in pixels. */
    private final int span;

    private SquareBlocks(TileMap map, Atlas[] atlases, List<Long> tilesetsKey, TileBlocks cache, int size) {
        this.map = map;
        this.atlases = atlases;
        this.tilesetsKey = tilesetsKey;
        this.cache = cache;
        this.size = size;
        this.span = TileBlocks.BLOCK * size;
    }

    /**
     * The square cells of a map's projection when its tiles fit them ({@link Reach#fitCells}), else
     * null.
     */
    static Orthogonal squareCells(TileMap map, Reach reach) {
        return map.projection() instanceof Orthogonal grid && grid.tileWidth() == grid.tileHeight()
                && reach.fitCells(grid.tileWidth()) ? grid : null;
    }

    /**
     * The block drawing of a view, or null when its tiles do not fit square cells or the view is smaller than a
     * quarter of a block (a sampled thumbnail's few pixels draw their few tiles rather than whole blocks they would
     * hardly use).
     */
    static SquareBlocks of(TileMap map, Atlas[] atlases, List<Long> tilesetsKey, Reach reach,
                           ViewWindow view, TileBlocks cache) {
        Orthogonal grid = cache == null ? null : squareCells(map, reach);
        if (grid == null) {
            return null;
        }
        long span = (long) TileBlocks.BLOCK * grid.tileWidth();
        if ((long) view.width() * view.height() * 4 < span * span) {
            return null;
        }
        return new SquareBlocks(map, atlases, tilesetsKey, cache, grid.tileWidth());
    }

    /** Draws one tile layer block by block with the layer's paint. */
    void drawLayer(Pixels canvas, ViewWindow view, TileLayer layer, Paint paint) {
        int left = view.x() - paint.dx();
        int top = view.y() - paint.dy();
        int bx0 = Math.max(0, Math.floorDiv(left, span));
        int by0 = Math.max(0, Math.floorDiv(top, span));
        int bx1 = Math.min((map.width() - 1) / TileBlocks.BLOCK, Math.floorDiv(left + view.width() - 1, span));
        int by1 = Math.min((map.height() - 1) / TileBlocks.BLOCK, Math.floorDiv(top + view.height() - 1, span));
        for (int by = by0; by <= by1; by++) {
            for (int bx = bx0; bx <= bx1; bx++) {
                Block block = kept(List.of(layer), 0, bx, by);
                if (block != null) {
                    composite(canvas, view, block, bx * span + paint.dx(), by * span + paint.dy(), paint);
                }
            }
        }
    }

    /**
     * Draws a run of plain tile layers as stacks (per block, the layers over the colour under them, kept in the cache
     * as one): the view's pixels there are the stack's, copied.
     */
    void drawStacks(Pixels canvas, ViewWindow view, List<TileLayer> run, int under) {
        int bx0 = Math.max(0, Math.floorDiv(view.x(), span));
        int by0 = Math.max(0, Math.floorDiv(view.y(), span));
        int bx1 = Math.floorDiv(view.x() + view.width() - 1, span);
        int by1 = Math.floorDiv(view.y() + view.height() - 1, span);
        int[] dst = canvas.argb();
        for (int by = by0; by <= by1; by++) {
            for (int bx = bx0; bx <= bx1; bx++) {
                Block block = stack(run, under, bx, by);
                if (block == null) {
                    continue;
                }
                int x = bx * span;
                int y = by * span;
                int x0 = Math.max(x, view.x());
                int x1 = Math.min(x + block.width(), view.x() + view.width());
                for (int py = Math.max(y, view.y()); py < Math.min(y + block.height(), view.y() + view.height()); py++) {
                    int from = (py - y) * block.width() - x;
                    int to = (py - view.y()) * view.width() - view.x();
                    for (int px = x0; px < x1; px++) {
                        dst[to + px] = block.pixel(from + px);
                    }
                }
            }
        }
    }

    /**
     * The view as indices into the colours of the stacks of {@code run} it is made of (the colour under them where
     * the view reaches past the map or no layer painted a block), or null when a stack is not indexed or they have
     * more than 256 colours together.
     */
    PngWriter.Indexed indexed(ViewWindow view, List<TileLayer> run, int under) {
        int bx0 = Math.floorDiv(view.x(), span);
        int by0 = Math.floorDiv(view.y(), span);
        int columns = Math.floorDiv(view.x() + view.width() - 1, span) - bx0 + 1;
        int rows = Math.floorDiv(view.y() + view.height() - 1, span) - by0 + 1;
        Block[] grid = new Block[columns * rows];
        byte[][] translate = new byte[grid.length][];
        Colours joined = new Colours();
        // the colour under the layers shows past the map's edges and where no layer has painted a block
        boolean pastTheMap = view.box().reachesPast(map.projection().bounds(map.width(), map.height()));
        int fill = pastTheMap ? joined.indexOf(under) : -1;
        for (int row = 0; row < rows; row++) {
            for (int column = 0; column < columns; column++) {
                Block block = run.isEmpty() ? null : stack(run, under, bx0 + column, by0 + row);
                if (block != null && !block.indexed()) {
                    return null;
                }
                if (block == null && fill < 0) {
                    fill = joined.indexOf(under);
                }
                if (block != null) {
                    int at = row * columns + column;
                    grid[at] = block;
                    translate[at] = new byte[block.colours().length];
                    for (int c = 0; c < block.colours().length; c++) {
                        int index = joined.indexOf(block.colours()[c]);
                        if (index < 0) {
                            return null;
                        }
                        translate[at][c] = (byte) index;
                    }
                }
            }
        }
        byte background = (byte) Math.max(0, fill);
        int vx = view.x();
        int vy = view.y();
        int vw = view.width();
        boolean gaps = fill >= 0; // else every row is covered by its blocks whole
        return new PngWriter.Indexed(vw, view.height(), joined.toArray(), (y, into) -> {
            int py = vy + y;
            int row = Math.floorDiv(py, span) - by0;
            int inBlock = py - (by0 + row) * span;
            if (gaps) {
                Arrays.fill(into, 0, vw, background);
            }
            for (int column = 0; column < columns; column++) {
                Block block = grid[row * columns + column];
                if (block == null || inBlock >= block.height()) {
                    continue;
                }
                int left = (bx0 + column) * span;
                int x0 = Math.max(left, vx);
                int x1 = Math.min(left + block.width(), vx + vw);
                byte[] indices = block.indices();
                byte[] to = translate[row * columns + column];
                int from = inBlock * block.width() - left;
                for (int px = x0; px < x1; px++) {
                    into[px - vx] = to[indices[from + px] & 0xFF];
                }
            }
        });
    }

    /** The stack of the run's layers at block (bx, by), or null where the block is off the map or none has a tile. */
    private Block stack(List<TileLayer> run, int under, int bx, int by) {
        if (bx < 0 || by < 0 || bx > (map.width() - 1) / TileBlocks.BLOCK || by > (map.height() - 1) / TileBlocks.BLOCK) {
            return null;
        }
        return kept(run, under, bx, by);
    }

    /**
     * Block (bx, by) of the layers over {@code under}, from the cache or drawn and put there; null when none of the
     * layers has painted the chunk it lies in (the block would be {@code under} alone).
     */
    private Block kept(List<TileLayer> layers, int under, int bx, int by) {
        int perChunk = TileLayer.CHUNK_SIZE / TileBlocks.BLOCK;
        List<Long> stamps = new ArrayList<>(layers.size());
        boolean painted = false;
        for (TileLayer layer : layers) {
            long stamp = layer.chunkStamp(bx / perChunk, by / perChunk);
            painted |= stamp != 0;
            stamps.add(stamp);
        }
        if (!painted) {
            return null;
        }
        TileBlocks.Key key = new TileBlocks.Key(stamps, (by % perChunk) * perChunk + bx % perChunk, tilesetsKey, under);
        Block block = cache.get(key);
        if (block == null) {
            block = Block.of(drawBlock(layers, bx, by, under));
            cache.put(key, block);
        }
        return block;
    }

    /** The tiles of the layers in block (bx, by) over {@code under}, bottom layer first (they fit their cells). */
    private Pixels drawBlock(List<TileLayer> layers, int bx, int by, int under) {
        int cx0 = bx * TileBlocks.BLOCK;
        int cy0 = by * TileBlocks.BLOCK;
        int cells = TileBlocks.BLOCK;
        int columns = Math.min(cells, map.width() - cx0);
        int rows = Math.min(cells, map.height() - cy0);
        Pixels block = Pixels.blank(columns * size, rows * size);
        if (under != 0) {
            Arrays.fill(block.argb(), under);
        }
        ViewWindow whole = new ViewWindow(0, 0, block.width(), block.height());
        for (TileLayer layer : layers) {
            for (int row = 0; row < rows; row++) {
                for (int column = 0; column < columns; column++) {
                    int gid = layer.get(cx0 + column, cy0 + row);
                    Drawable tile = gid == Gid.EMPTY ? null : Drawable.of(map, atlases, gid, null);
                    if (tile != null) {
                        MapRenderer.blit(block, whole, tile.source(), column * size, row * size, size, size, gid,
                                Paint.PLAIN);
                    }
                }
            }
        }
        return block;
    }

    /** A block copied into the view at (x, y) with the layer's tint and opacity, as {@link MapRenderer#blit} would. */
    private static void composite(Pixels canvas, ViewWindow view, Block block, int x, int y, Paint paint) {
        int x0 = Math.max(x, view.x());
        int y0 = Math.max(y, view.y());
        int x1 = Math.min(x + block.width(), view.x() + view.width());
        int y1 = Math.min(y + block.height(), view.y() + view.height());
        int[] dst = canvas.argb();
        for (int py = y0; py < y1; py++) {
            int from = (py - y) * block.width() - x;
            int to = (py - view.y()) * view.width() - view.x();
            for (int px = x0; px < x1; px++) {
                int pixel = block.pixel(from + px);
                if (pixel != 0) {
                    paint.plot(dst, to + px, pixel);
                }
            }
        }
    }
}
