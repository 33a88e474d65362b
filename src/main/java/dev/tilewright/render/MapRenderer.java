package dev.tilewright.render;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.Isometric;
import dev.tilewright.core.geom.Projection;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.grid.CollisionGrid;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.GroupLayer;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.Orientation;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Draws a view window of an orthogonal map as Tiled's renderer does: layers bottom first; tile layers in
 * right-down order with each tile anchored at its cell's bottom-left (larger tiles reach up and right), shifted by
 * the tileset's tile offset and the layer's offset; flips in TMX order (diagonal, then horizontal, then vertical);
 * the tileset's colour key transparent; the layer's tint multiplied in and its opacity applied; tile objects at
 * their bottom-left, stretched to their size and turned about it; object shapes as {@link ShapePainter} draws them;
 * image layers at their offset. Only tiles that can touch the window are visited.
 */
public final class MapRenderer {

    /**
     * What to draw.
     *
     * @param layers  which layers: {@link #SHOWN} the ones visible with their groups (the default), or those a
     *                predicate chooses (drawn whether visible or not)
     * @param objects    whether objects (tiles and shapes) are drawn
     * @param background whether the map's background colour fills the view first (Tiled 1.8's tmxrasterizer
     *                   leaves it transparent; the game and the editor show it)
     * @param collision  a computed collision grid to show over everything (solid elements tinted red, one-way tops
     *                   as a yellow line), or null
     * @param parallax   whether layers scroll by their parallax factors, as Tiled 1.5+ shows them: a camera centred on
     *                   the view sees a layer moved by (1 - factor) x (view centre - the map's parallax origin)
     * @param timeMs     the moment animated tiles show their frames for (a tour's frame), or null for their own tiles
     */
    public record Options(Predicate<Layer> layers, boolean objects, boolean gridLines, boolean background,
                          CollisionGrid collision, boolean parallax, Long timeMs) {
        /** The layers that are visible, and so are all the groups they are in. */
        public static final Predicate<Layer> SHOWN = l -> l.attributes().visible();
        public static final Options VISIBLE = new Options(SHOWN, true, false, true);

        public Options(Predicate<Layer> layers, boolean objects, boolean gridLines, boolean background) {
            this(layers, objects, gridLines, background, null);
        }

        public Options(Predicate<Layer> layers, boolean objects, boolean gridLines, boolean background,
                       CollisionGrid collision) {
            this(layers, objects, gridLines, background, collision, false, null);
        }

        public Options(Predicate<Layer> layers, boolean objects, boolean gridLines, boolean background,
                       CollisionGrid collision, boolean parallax) {
            this(layers, objects, gridLines, background, collision, parallax, null);
        }

        /** These options for the moment {@code ms} (animated tiles show that moment's frame). */
        public Options at(long ms) {
            return new Options(layers, objects, gridLines, background, collision, parallax, ms);
        }
    }

    private MapRenderer() {
    }

    /**
     * @param atlases the decoded tileset of each stored tileset id the map uses
     * @param images  the image of an image layer by its source, or null when it is missing
     */
    public static Pixels render(TileMap map, Function<Long, Atlas> atlases, Function<String, Pixels> images,
                                ViewWindow view, Options options) {
        return render(map, atlases, images, view, options, null);
    }

    /**
     * As above, drawing tile layers from (and into) a cache of rendered blocks when the map's tiles all fit their
     * cells (square, map-sized tiles without tile offsets: no tile reaches into a neighbour, so a block drawn alone
     * is exactly what the whole layer shows there). The pixels are the same either way.
     *
     * @param blocks the cache, or null to draw every tile
     */
    public static Pixels render(TileMap map, Function<Long, Atlas> atlases, Function<String, Pixels> images,
                                ViewWindow view, Options options, TileBlocks blocks) {
        Setup setup = Setup.of(map, atlases, view, options, blocks);
        Pixels canvas = Pixels.blank(view.width(), view.height());
        if (setup.under() != 0) {
            Arrays.fill(canvas.argb(), setup.under());
        }
        Bottom bottom = Bottom.of(map, options, view, setup.fromBlocks());
        if (!bottom.run().isEmpty()) {
            setup.blocks().drawStacks(canvas, view, bottom.run(), setup.under());
        }
        ShapePainter shapes = null;
        for (Layer layer : map.layers().subList(bottom.rest(), map.layers().size())) {
            Paint paint = paintOf(map, layer, options, view);
            if (paint == null || !draws(layer, options)) {
                continue;
            }
            if (layer instanceof TileLayer tiles) {
                if (setup.fromBlocks()) {
                    setup.blocks().drawLayer(canvas, view, tiles, paint);
                } else {
                    drawTiles(canvas, view, map, tiles, setup.atlases(), setup.reach(), paint, options.timeMs());
                }
            } else if (layer instanceof ObjectLayer objects) {
                shapes = drawObjects(canvas, view, map, objects, drawnAttributes(map, layer, options, view),
                        setup.atlases(), paint, shapes, options.timeMs());
            } else if (layer instanceof ImageLayer picture) {
                Pixels image = images.apply(picture.image().source());
                if (image != null) {
                    blit(canvas, view, new Atlas.Source(image, 0, 0, image.width(), image.height()),
                            paint.dx(), paint.dy(), image.width(), image.height(), 0, paint);
                }
            }
        }
        if (shapes != null) {
            shapes.dispose();
        }
        if (options.collision() != null) {
            Overlays.collision(canvas, view, options.collision(), map);
        }
        if (options.gridLines()) {
            Overlays.gridLines(canvas, view, map.projection(), map.bounds());
        }
        return canvas;
    }

    /**
     * The view as indices into the colours of the cached blocks it is made of, without drawing a pixel, when that is
     * all it shows: every layer it draws is a plain tile layer (opaque, untinted, not offset, normal blending) drawn
     * from blocks, with no overlay, and its blocks have at most 256 colours together. Null otherwise (then
     * {@link #render} draws it); where it is not null, its pixels are exactly render's.
     */
    public static PngWriter.Indexed renderIndexed(TileMap map, Function<Long, Atlas> atlases, ViewWindow view,
                                                  Options options, TileBlocks blocks) {
        Setup setup = Setup.of(map, atlases, view, options, blocks);
        if (!setup.fromBlocks() || options.collision() != null || options.gridLines()) {
            return null;
        }
        Bottom bottom = Bottom.of(map, options, view, true);
        if (bottom.rest() < map.layers().size()) {
            return null;
        }
        return setup.blocks().indexed(view, bottom.run(), setup.under());
    }

    /**
     * What a view's drawing needs of the map's tilesets: the atlas of each map tileset, how far a tile reaches, the
     * block drawing when tile layers are drawn from blocks ({@link SquareBlocks}), and the colour under every layer.
     */
    private record Setup(Atlas[] atlases, Reach reach, SquareBlocks blocks, int under) {

        static Setup of(TileMap map, Function<Long, Atlas> atlases, ViewWindow view, Options options,
                        TileBlocks cache) {
            Atlas[] byTileset = new Atlas[map.tilesets().size()];
            List<Long> tilesetsKey = new ArrayList<>();
            for (int i = 0; i < byTileset.length; i++) {
                byTileset[i] = atlases.apply(map.tilesets().get(i).tilesetId());
                tilesetsKey.add(byTileset[i] == null ? -1 : byTileset[i].serial());
                tilesetsKey.add((long) map.tilesets().get(i).firstGid());
            }
            Reach reach = Reach.of(byTileset);
            // cached blocks hold tiles as they are: a moment's frames of animated tiles are drawn tile by tile
            boolean still = options.timeMs() == null || !Drawable.animated(byTileset);
            SquareBlocks blocks = still ? SquareBlocks.of(map, byTileset, List.copyOf(tilesetsKey), reach, view, cache)
                    : null;
            int under = options.background() && map.backgroundColor() != null
                    ? Pixels.premultiply(Pixels.parseColor(map.backgroundColor())) : 0;
            return new Setup(byTileset, reach, blocks, under);
        }

        boolean fromBlocks() {
            return blocks != null;
        }
    }

    /**
     * The plain tile layers a view draws first (drawn from blocks, each block of them kept as one stack), and the
     * index of the first layer after them.
     */
    private record Bottom(List<TileLayer> run, int rest) {

        static Bottom of(TileMap map, Options options, ViewWindow view, boolean fromBlocks) {
            List<TileLayer> run = new ArrayList<>();
            List<Layer> layers = map.layers();
            for (int i = 0; i < layers.size(); i++) {
                Layer layer = layers.get(i);
                Paint paint = paintOf(map, layer, options, view);
                if (paint == null || !draws(layer, options)) {
                    continue;
                }
                if (!(fromBlocks && layer instanceof TileLayer tiles && paint.equals(Paint.PLAIN))) {
                    return new Bottom(run, i);
                }
                run.add(tiles);
            }
            return new Bottom(run, layers.size());
        }
    }

    /** A layer as the view draws it: with its groups' attributes (Tiled: opacity and tint multiplied, offsets added). */
    private static LayerAttributes drawnAttributes(TileMap map, Layer layer, Options options, ViewWindow view) {
        LayerAttributes drawn = map.effective(layer);
        return options.parallax() ? drawn.shifted(parallaxShift(map, view, drawn)) : drawn;
    }

    /** How a layer lands on the view, or null when the options leave it out or it is wholly transparent. */
    private static Paint paintOf(TileMap map, Layer layer, Options options, ViewWindow view) {
        if (layer instanceof GroupLayer) {
            return null;
        }
        LayerAttributes drawn = map.effective(layer);
        if (options.layers() == Options.SHOWN ? !drawn.visible() : !options.layers().test(layer)) {
            return null;
        }
        Paint paint = Paint.of(drawnAttributes(map, layer, options, view));
        return paint.alpha() == 0 ? null : paint;
    }

    /**
     * Whether a layer has anything to draw: IntGrid layers are values, not tiles (what a map shows of them is its
     * auto-layer); object layers draw when objects are drawn and one is visible; image layers when they have an image.
     */
    private static boolean draws(Layer layer, Options options) {
        if (layer instanceof TileLayer tiles) {
            return !tiles.isIntGrid();
        }
        if (layer instanceof ObjectLayer objects) {
            return options.objects() && objects.drawn().stream().anyMatch(MapObject::visible);
        }
        return layer instanceof ImageLayer picture && picture.image() != null;
    }

    /** Where a camera centred on the view sees a layer with parallax factors, relative to where it is without. */
    static Difference parallaxShift(TileMap map, ViewWindow view, LayerAttributes drawn) {
        double cx = view.x() + view.width() / 2.0 - map.settings().parallaxOrigin().x();
        double cy = view.y() + view.height() / 2.0 - map.settings().parallaxOrigin().y();
        return new Difference((1 - drawn.parallax().x()) * cx, (1 - drawn.parallax().y()) * cy);
    }

    private static void drawTiles(Pixels canvas, ViewWindow view, TileMap map, TileLayer layer, Atlas[] atlases,
                                  Reach reach, Paint paint, Long timeMs) {
        Projection projection = map.projection();
        // the cells whose tiles may reach into the view: tiles are drawn up and right from their cell's bottom-left
        // corner, a tileset's offset moves them either way
        PixelBox seen = new PixelBox(view.x() - paint.dx(), view.y() - paint.dy(), view.width(), view.height())
                .grown(reach.size() + reach.offset(), reach.offset() + projection.tileHeight(), reach.offset() + 1,
                        reach.size() + reach.offset() + 1);
        TileRect cells = projection.tilesMeeting(seen).intersection(new TileRect(0, 0, map.width(), map.height()));
        // on hexagonal maps (not staggered ones) Tiled turns tiles by 60 degrees for the diagonal flip bit
        boolean hexagonalCells = map.settings().orientation().kind() == Orientation.Kind.HEXAGONAL;
        // an isometric map's tiles lie where Tiled's walk of the rows puts them (whole pixels from the corner of what
        // it draws: the map grown by its tilesets' draw margins)
        Isometric.Walk walk = projection instanceof Isometric iso ? Atlas.tiledWalk(iso, atlases) : null;
        // the map's render order decides which of two overlapping tiles is on top
        projection.inDrawOrder(cells, (cx, cy) -> {
            int gid = layer.get(cx, cy);
            Drawable tile = gid == Gid.EMPTY ? null : Drawable.of(map, atlases, gid, timeMs);
            if (tile == null) {
                return;
            }
            Atlas atlas = tile.atlas();
            Atlas.Source source = tile.source();
            int turn = hexagonalCells ? hexagonalTurn(gid) : 0;
            boolean diagonal = !hexagonalCells && Gid.flippedDiagonally(gid);
            int width = diagonal ? source.height() : source.width();
            int height = diagonal ? source.width() : source.height();
            int left = walk != null ? ((Isometric) projection).imageLeft(cx, cy, walk) : projection.imageLeft(cx, cy);
            int bottom = walk != null ? ((Isometric) projection).imageBottom(cx, cy, walk)
                    : projection.imageBottom(cx, cy);
            int x = left + atlas.tileset().tileOffsetX() + paint.dx();
            int y = bottom - height + atlas.tileset().tileOffsetY() + paint.dy();
            if (turn == 0) {
                blit(canvas, view, source, x, y, width, height, hexagonalCells ? gid & ~Gid.FLIP_DIAGONAL : gid, paint);
            } else {
                // flipped first, then turned about the image's middle (Tiled's half size is whole pixels)
                blitRotated(canvas, view, source, x, y, width, height, gid & ~(Gid.FLIP_DIAGONAL
                        | Gid.ROTATE_HEXAGONAL_120), paint, x + width / 2, y + height / 2, turn);
            }
        });
    }

    /** How far a hexagonal map's cell turns its tile clockwise: 60 degrees for the diagonal bit, 120 for its own. */
    static int hexagonalTurn(int gid) {
        return (Gid.flippedDiagonally(gid) ? 60 : 0) + ((gid & Gid.ROTATE_HEXAGONAL_120) != 0 ? 120 : 0);
    }

    /**
     * Draws an object layer's visible objects in their order: tile objects from their tiles, shapes through the
     * (lazily made, shared by all layers) shape painter, which is returned.
     */
    private static ShapePainter drawObjects(Pixels canvas, ViewWindow view, TileMap map, ObjectLayer layer,
                                            LayerAttributes drawn, Atlas[] atlases, Paint paint,
                                            ShapePainter shapes, Long timeMs) {
        ObjectSpace space = ObjectSpace.of(map.projection());
        String layerColor = layer.attributes().color();
        int color = layerColor == null ? ShapePainter.DEFAULT_COLOR : Pixels.parseColor(layerColor);
        for (MapObject object : layer.drawn()) {
            if (!object.visible()) {
                continue;
            }
            int gid = (int) (long) object.gid();
            if (gid == Gid.EMPTY) {
                if (shapes == null) {
                    shapes = new ShapePainter(canvas, view, space);
                }
                shapes.draw(object, color, drawn.opacity() * object.alpha(), drawn.offset().dx(), drawn.offset().dy());
                continue;
            }
            Drawable tile = Drawable.of(map, atlases, gid, timeMs);
            if (tile == null) {
                continue;
            }
            Atlas atlas = tile.atlas();
            Atlas.Source source = tile.source();
            // an object's own opacity (Tiled 1.12) multiplies its layer's
            Paint drawnWith = object.alpha() == 1 ? paint : paint.withAlpha((int) Math.round(paint.alpha() * object.alpha()));
            int width = (int) Math.round(object.width() == 0 ? source.width() : object.width());
            int height = (int) Math.round(object.height() == 0 ? source.height() : object.height());
            // the object's position is a point of its tile image: bottom-left unless the tileset aligns it otherwise
            // (on an isometric map: its bottom's middle), the point its position projects to on the screen
            Position at = space.pixelToScreen(object.x(), object.y());
            double[] aligned = atlas.tileset().settings().alignmentPoint(space.isometric());
            // the tileset's offset is scaled with the tile (Tiled's CellRenderer)
            double left = at.x() - aligned[0] * width + (double) atlas.tileset().tileOffsetX() * width / source.width();
            double top = at.y() - aligned[1] * height + (double) atlas.tileset().tileOffsetY() * height / source.height();
            if (object.rotation() == 0 && StretchedTiles.stretched(object, source, gid)) {
                StretchedTiles.draw(canvas, view, source, left + paint.dx(), top + paint.dy(), object, drawnWith);
            } else if (object.rotation() == 0) {
                blit(canvas, view, source, (int) Math.round(left) + paint.dx(), (int) Math.round(top) + paint.dy(),
                        width, height, gid, drawnWith);
            } else {
                // turned about its exact position: a place between pixels is not rounded before it is turned
                blitRotated(canvas, view, source, left + paint.dx(), top + paint.dy(), width, height, gid, drawnWith,
                        at.x() + paint.dx(), at.y() + paint.dy(), object.rotation());
            }
        }
        return shapes;
    }

    /**
     * {@link #blit} turned clockwise by {@code degrees} about (ox, oy): every view pixel whose centre, turned
     * back, falls inside the rectangle takes the source pixel found there (nearest neighbour, as unsmoothed drawing
     * samples).
     */
    private static void blitRotated(Pixels canvas, ViewWindow view, Atlas.Source source, double x, double y, int width,
                                    int height, int gid, Paint paint, double ox, double oy, double degrees) {
        double cos = Math.cos(Math.toRadians(degrees));
        double sin = Math.sin(Math.toRadians(degrees));
        double minX = Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        double maxY = -Double.MAX_VALUE;
        for (int corner = 0; corner < 4; corner++) {
            double cx = (corner & 1) == 0 ? x : x + width;
            double cy = (corner & 2) == 0 ? y : y + height;
            double rx = ox + (cx - ox) * cos - (cy - oy) * sin;
            double ry = oy + (cx - ox) * sin + (cy - oy) * cos;
            minX = Math.min(minX, rx);
            minY = Math.min(minY, ry);
            maxX = Math.max(maxX, rx);
            maxY = Math.max(maxY, ry);
        }
        int x0 = Math.max(view.x(), (int) Math.floor(minX));
        int y0 = Math.max(view.y(), (int) Math.floor(minY));
        int x1 = Math.min(view.x() + view.width(), (int) Math.ceil(maxX));
        int y1 = Math.min(view.y() + view.height(), (int) Math.ceil(maxY));
        int[] dst = canvas.argb();
        for (int py = y0; py < y1; py++) {
            for (int px = x0; px < x1; px++) {
                double dx = px + 0.5 - ox;
                double dy = py + 0.5 - oy;
                double u = ox + dx * cos + dy * sin - x;
                double v = oy - dx * sin + dy * cos - y;
                if (u < 0 || v < 0 || u >= width || v >= height) {
                    continue;
                }
                int pixel = sample(source, gid, (int) u, (int) v, width, height);
                if (pixel != 0) {
                    paint.plot(dst, (py - view.y()) * view.width() + px - view.x(), pixel);
                }
            }
        }
    }

    /** The source pixel shown at (u, v) of a width x height rectangle the gid's flipped tile is stretched over. */
    private static int sample(Atlas.Source source, int gid, int u, int v, int width, int height) {
        boolean diagonal = Gid.flippedDiagonally(gid);
        int drawnW = diagonal ? source.height() : source.width();
        int drawnH = diagonal ? source.width() : source.height();
        int su = (int) ((long) u * drawnW / width);
        int sv = (int) ((long) v * drawnH / height);
        int du = Gid.flippedHorizontally(gid) ? drawnW - 1 - su : su;
        int dv = Gid.flippedVertically(gid) ? drawnH - 1 - sv : sv;
        int sx = diagonal ? dv : du;
        int sy = diagonal ? du : dv;
        return source.image().argb()[(source.y() + sy) * source.image().width() + source.x() + sx];
    }

    /**
     * Draws a source rectangle into the (x, y, width, height) rectangle of map pixels, flipped by the gid's flags
     * and stretched by nearest neighbour when the sizes differ, clipped to the view.
     */
    static void blit(Pixels canvas, ViewWindow view, Atlas.Source source, int x, int y, int width, int height,
                             int gid, Paint paint) {
        int x0 = Math.max(x, view.x());
        int y0 = Math.max(y, view.y());
        int x1 = Math.min(x + width, view.x() + view.width());
        int y1 = Math.min(y + height, view.y() + view.height());
        if (x0 >= x1 || y0 >= y1) {
            return;
        }
        // sample() per pixel, with the row's work hoisted: this loop draws nearly every pixel of a view
        boolean diagonal = Gid.flippedDiagonally(gid);
        boolean horizontal = Gid.flippedHorizontally(gid);
        boolean vertical = Gid.flippedVertically(gid);
        int drawnW = diagonal ? source.height() : source.width();
        int drawnH = diagonal ? source.width() : source.height();
        int[] src = source.image().argb();
        int stride = source.image().width();
        int[] dst = canvas.argb();
        for (int py = y0; py < y1; py++) {
            int v = (int) ((long) (py - y) * drawnH / height);
            int dv = vertical ? drawnH - 1 - v : v;
            int row = (py - view.y()) * view.width() - view.x();
            for (int px = x0; px < x1; px++) {
                int u = (int) ((long) (px - x) * drawnW / width);
                int du = horizontal ? drawnW - 1 - u : u;
                int pixel = src[(source.y() + (diagonal ? du : dv)) * stride + source.x() + (diagonal ? dv : du)];
                if (pixel != 0) {
                    paint.plot(dst, row + px, pixel);
                }
            }
        }
    }
}
