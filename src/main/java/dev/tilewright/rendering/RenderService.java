package dev.tilewright.rendering;

import dev.tilewright.config.RenderProperties;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.grid.CollisionGrid;
import dev.tilewright.core.grid.GridComputer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.map.MapImages;
import dev.tilewright.map.MapHistory;
import dev.tilewright.map.Versioned;
import dev.tilewright.map.MapReads;
import dev.tilewright.render.Atlas;
import dev.tilewright.render.TextPicture;
import dev.tilewright.render.AreaPicture;
import dev.tilewright.render.CheckMarks;
import dev.tilewright.render.DiffMarks;
import dev.tilewright.render.MapRenderer;
import dev.tilewright.render.Pixels;
import dev.tilewright.render.PngWriter;
import dev.tilewright.render.Thumbnail;
import dev.tilewright.render.TileBlocks;
import dev.tilewright.render.ViewWindow;
import dev.tilewright.render.WorldRenderer;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.tileset.Atlases;
import dev.tilewright.tileset.TilesetService;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.system.HeapBudget;
import dev.tilewright.web.Lanes;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Renders view windows of maps to PNG from decoded tilesets ({@link Atlases}); the map is read under its lock, or
 * rebuilt from the log for a past version.
 */
@Service
public class RenderService {

    /** What to draw: the requested windows, a scale, and the layers by name (empty: the visible ones). */
    public record Request(List<ViewWindow> views, int scale, List<String> layers, boolean objects, boolean gridLines,
                          boolean background, boolean collision, boolean parallax) {

        public Request(List<ViewWindow> views, int scale, List<String> layers, boolean objects, boolean gridLines,
                       boolean background, boolean collision) {
            this(views, scale, layers, objects, gridLines, background, collision, false);
        }
    }

    /** A rendered image and the windows as they really were after clamping to the map. */
    public record Frame(long version, List<ViewWindow> views, byte[] png) {
    }

    private final MapReads maps;
    private final MapHistory history;
    private final TilesetService tilesets;
    private final MapImages mapImages;
    private final RenderProperties properties;
    private final Lanes lanes;
    private final TileBlocks blocks;
    private final Atlases atlases;
    private final PngWriter png;
    private final Overviews overviews;

    RenderService(MapReads maps, MapHistory history, TilesetService tilesets, Atlases atlases, MapImages mapImages,
                  RenderProperties properties, EncodeWorkers encoders, Lanes lanes, HeapBudget heap,
                  Overviews overviews) {
        this.lanes = lanes;
        this.overviews = overviews;
        this.png = new PngWriter(encoders);
        this.atlases = atlases;
        this.maps = maps;
        this.history = history;
        this.tilesets = tilesets;
        this.mapImages = mapImages;
        this.properties = properties;
        this.blocks = heap.blockCacheBytes() > 0 ? new TileBlocks(heap.blockCacheBytes()) : null;
    }

    public Frame render(long mapId, Long version, Request request) {
        return render(mapId, version, request, List.of());
    }

    /** A map's windows with marks (map pixels) drawn over each: what its checks found ({@link CheckMarks}). */
    public Frame render(long mapId, Long version, Request request, List<CheckMarks.Mark> marks) {
        return lanes.run(Lanes.Lane.DRAW, check(request), () -> {
            // the current map as a view (or a past one rebuilt): drawn and encoded without the map's lock
            Versioned at = history.snapshot(mapId, version);
            List<MapTileset> used = at.map().tilesets();
            return draw(at.version(), mapId, at.map(), atlases.of(used),
                    request.collision() ? tilesets.data(used) : Map.of(), request, marks);
        });
    }

    /** A map pictured as text: the version it shows, and the text (lines, then the legend; or colour lines). */
    public record Text(long version, String text) {
    }

    /**
     * A version of a map (null: the current one), or an area of its tiles (null: all of them), as text
     * (docs/rendering.md): a character per tile, or per square of tiles to fit {@code columns}, with the legend
     * named ({@link TextPicture#LEGENDS}); {@code color}: 24-bit colour half blocks instead. What the command line's
     * {@code ascii} prints for the same map. The area's cells are held to {@code max-text-cells}.
     */
    public Text text(long mapId, Long version, Integer x, Integer y, Integer width, Integer height, int columns,
                     String legend, boolean color) {
        if (columns < 1 || columns > MAX_TEXT_COLUMNS) {
            throw Refused.invalidField("columns", "columns is 1 to " + MAX_TEXT_COLUMNS + ", not " + columns + ".");
        }
        if (!TextPicture.LEGENDS.contains(legend)) {
            throw Refused.invalidField("legend", "legend is one of " + String.join(", ", TextPicture.LEGENDS)
                    + ", not '" + legend + "'.");
        }
        // checked on the map as it is now before the work waits for its lane (its cost: the area's cells), then on
        // the version pictured
        TileMap now = maps.view(mapId).map();
        long cost = checkedTextArea(now, x, y, width, height).area();
        if (!color && !legend.equals("tiles") && !legend.equals("gids")) {
            cost = Math.max(cost, (long) now.width() * now.height()); // the collision grid is the whole map's
        }
        return lanes.run(Lanes.Lane.DRAW, cost, () -> {
            Versioned at = history.snapshot(mapId, version);
            TileMap map = at.map();
            TileRect area = checkedTextArea(map, x, y, width, height);
            List<MapTileset> used = map.tilesets();
            Map<Long, Atlas> decoded = atlases.of(used);
            Map<Long, Tileset> data = tilesets.data(used);
            if (color) {
                Pixels picture = AreaPicture.of(map, decoded::get, images(mapId), area, columns, properties.maxPixels());
                return new Text(at.version(), String.join("", TextPicture.halfBlocks(picture)));
            }
            TextPicture.Legend named = TextPicture.named(legend, map, data::get, () -> {
                if ((long) map.width() * map.height() > properties.maxTextCells()) {
                    throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.render.max-text-cells",
                            properties.maxTextCells(), "The collision legend works out the grid of the whole "
                                    + map.width() + "x" + map.height() + " map; use legend=tiles or legend=gids")
                            .with("field", "legend");
                }
                return new GridComputer(map, data::get, Atlas.pixels(decoded)).compute();
            });
            return new Text(at.version(), TextPicture.of(area, named, columns).text());
        });
    }

    /** The most characters a line of {@code render.txt} has. */
    static final int MAX_TEXT_COLUMNS = 1024;

    private TileRect checkedTextArea(TileMap map, Integer x, Integer y, Integer width, Integer height) {
        TileRect area = textArea(map, x, y, width, height);
        if (area.area() > properties.maxTextCells()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.render.max-text-cells",
                    properties.maxTextCells(), "The area holds " + area.area() + " cells; picture a part of it "
                            + "(x, y, width, height in tiles)").with("field", "width");
        }
        return area;
    }

    private static TileRect textArea(TileMap map, Integer x, Integer y, Integer width, Integer height) {
        int left = x == null ? 0 : x;
        int top = y == null ? 0 : y;
        if (left < 0 || left >= map.width() || top < 0 || top >= map.height()) {
            throw Refused.invalidField(left < 0 || left >= map.width() ? "x" : "y", "The area starts inside the "
                    + map.width() + "x" + map.height() + " map (x, y in tiles).");
        }
        int wide = width == null ? map.width() - left : width;
        int tall = height == null ? map.height() - top : height;
        if (wide < 1 || tall < 1) {
            throw Refused.invalidField(wide < 1 ? "width" : "height", "width and height are at least 1 tile.");
        }
        return new TileRect(left, top, Math.min(wide, map.width() - left), Math.min(tall, map.height() - top));
    }

    /** A map of a world: its top-left corner in world pixels and its pixel size. */
    public record MapAt(long mapId, int x, int y, int width, int height) {
    }

    /** How far past its edge a map is drawn into a world window (its tall tiles and objects that stick out). */
    static final int WORLD_REACH = 512;

    /**
     * A window of a world (world pixels) with its maps as they are now, drawn in the world's order where it places
     * them: the maps the window reaches are read, the others not. The version of the frame is 0 (each map has its
     * own; the caller names them).
     */
    public Frame renderWorld(List<MapAt> placed, ViewWindow window, Request request) {
        return lanes.run(Lanes.Lane.DRAW, check(request), () -> {
            List<WorldRenderer.Placed> reached = new ArrayList<>();
            for (MapAt at : placed) {
                if ((long) at.x() + at.width() + WORLD_REACH <= window.x() || at.x() - WORLD_REACH >= (long) window.x() + window.width()
                        || (long) at.y() + at.height() + WORLD_REACH <= window.y()
                        || at.y() - WORLD_REACH >= (long) window.y() + window.height()) {
                    continue;
                }
                TileMap map = maps.view(at.mapId()).map();
                Map<Long, Atlas> decoded = atlases.of(map.tilesets());
                reached.add(new WorldRenderer.Placed(map, at.x(), at.y(), decoded::get,
                        images(at.mapId())));
            }
            MapRenderer.Options options = new MapRenderer.Options(MapRenderer.Options.SHOWN, request.objects(),
                    request.gridLines(), request.background(), null, request.parallax());
            Pixels drawn = WorldRenderer.render(reached, window, options, blocks).scaled(request.scale());
            return new Frame(0, List.of(window), png.write(drawn, properties.pngLevel()));
        });
    }

    /**
     * The whole current map shrunk to fit {@code size} x {@code size} pixels (visible tile and image layers over the
     * background; not objects), as PNG, from the map's {@link Overviews overview}; the version it shows comes with it.
     */
    public Frame thumbnail(long mapId, int size) {
        if (size < 16 || size > properties.maxThumbnailSize()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.render.max-thumbnail-size",
                    properties.maxThumbnailSize(), "A thumbnail is 16 to " + properties.maxThumbnailSize()
                            + " pixels on its longest side, was " + size).with("field", "size");
        }
        // a kept overview is brought up to date in little work; one built whole costs a pass over every cell
        Versioned at = maps.view(mapId);
        long cost = overviews.thumbnailCost(mapId, at.map(), size);
        return lanes.run(Lanes.Lane.DRAW, cost, () -> {
            TileMap map = at.map();
            Map<Long, Atlas> decoded = atlases.of(map.tilesets());
            Pixels small = overviews.thumbnail(mapId, map, decoded::get, images(mapId), size);
            ViewWindow whole = ViewWindow.whole(map);
            return new Frame(at.version(), List.of(whole), png.write(small, properties.pngLevel()));
        });
    }

    /**
     * Version {@code b} of a map drawn with what changed since version {@code a} marked ({@link DiffMarks}): a window
     * at a scale, or (no window) the whole map shrunk to fit a thumbnail's largest size; side by side, {@code a} on
     * the left with the same marks.
     */
    public Frame diffImage(long mapId, long version, TileMap a, TileMap b, ViewWindow window, int scale,
                           boolean sideBySide) {
        long cost = window == null ? Lanes.BIG : check(new Request(sideBySide ? List.of(window, window)
                : List.of(window), scale, List.of(), true, false, true, false));
        return lanes.run(Lanes.Lane.DRAW, cost, () -> {
            ViewWindow whole = ViewWindow.whole(b);
            ViewWindow view = window == null ? whole : clamped(window, b);
            TileRect cells = b.projection().tilesMeeting(view.box()).intersection(b.bounds());
            byte[] kinds = DiffMarks.cells(a, b, cells);
            List<Pixels> frames = new ArrayList<>();
            Function<String, Pixels> pictures = images(mapId);
            for (TileMap map : sideBySide ? List.of(a, b) : List.of(b)) {
                Map<Long, Atlas> decoded = atlases.of(map.tilesets());
                Function<ViewWindow, Pixels> draw = v -> MapRenderer.render(map, decoded::get, pictures, v,
                        MapRenderer.Options.VISIBLE, blocks);
                Pixels drawn = window == null ? Thumbnail.of(whole.width(), whole.height(), properties.maxThumbnailSize(),
                        properties.maxPixels(), draw) : draw.apply(view).scaled(scale);
                double factor = window == null ? (double) drawn.width() / whole.width() : scale;
                DiffMarks.mark(drawn, factor, view.x(), view.y(), a, b, cells, kinds);
                frames.add(drawn);
            }
            return new Frame(version, List.of(view), png.write(sideBySide(frames), properties.pngLevel()));
        });
    }

    /** A camera path of view centres, the view size, speed in pixels per second and frames per second. */
    public record Tour(List<dev.tilewright.core.geom.Position> path, int width, int height, double speed, int fps) {
    }

    /** An animated GIF of the camera moving along the path over the current map, each window clamped to the map. */
    public byte[] tour(long mapId, Tour tour) {
        if (tour.path().isEmpty() || tour.path().size() > 1000) {
            throw Refused.invalidField("path", "Give 1 to 1000 points x,y;x,y;... (view centres in map pixels).");
        }
        if (!(tour.speed() > 0 && tour.speed() <= 100_000) || tour.fps() < 1 || tour.fps() > 50) {
            throw Refused.invalidField("speed", "speed is 1 to 100000 pixels per second and fps 1 to 50.");
        }
        int frames = dev.tilewright.render.CameraPath.frameCount(tour.path(), tour.speed(), tour.fps());
        if (frames > properties.maxTourFrames()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.render.max-tour-frames",
                    properties.maxTourFrames(), "The tour would take " + frames + " frames; shorten the path or raise "
                            + "the speed").with("field", "path");
        }
        check(new Request(List.of(new ViewWindow(0, 0, tour.width(), tour.height())), 1, List.of(), true, false, true, false));
        if ((double) frames * tour.width() * tour.height() > properties.maxTourPixels()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.render.max-tour-pixels",
                    properties.maxTourPixels(), "The tour's " + frames + " frames of " + tour.width() + "x"
                            + tour.height() + " are too many pixels; use a smaller view or fewer frames")
                    .with("field", "width");
        }
        return lanes.run(Lanes.Lane.DRAW, (long) frames * tour.width() * tour.height(), () -> {
            TileMap map = maps.view(mapId).map();
            Map<Long, Atlas> decoded = atlases.of(map.tilesets());
            Function<String, Pixels> images = images(mapId);
            ViewWindow whole = ViewWindow.whole(map);
            List<ViewWindow> windows = dev.tilewright.render.CameraPath.windows(tour.path(), tour.width(),
                    tour.height(), tour.speed(), tour.fps(), whole.width(), whole.height());
            // frame by frame: each is drawn when the GIF writer asks for it and dropped once written; animated tiles
            // show the frame of the moment each GIF frame stands for
            int delayCs = Math.max(2, Math.round(100f / tour.fps()));
            Iterable<Pixels> rendered = () -> java.util.stream.IntStream.range(0, windows.size())
                    .mapToObj(i -> MapRenderer.render(map, decoded::get, images, windows.get(i),
                            MapRenderer.Options.VISIBLE.at(i * delayCs * 10L), blocks))
                    .iterator();
            return dev.tilewright.render.GifWriter.write(rendered, delayCs, 0x000000);
        });
    }

    /** Checks a request against the limits; the pixels it would draw (its cost in the lane). */
    private long check(Request request) {
        if (request.views().isEmpty() || request.views().size() > properties.maxViews()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.render.max-views",
                    properties.maxViews(), "Ask for 1 to " + properties.maxViews() + " view windows").with("field", "view");
        }
        if (request.scale() < 1 || request.scale() > properties.maxScale()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.render.max-scale",
                    properties.maxScale(), "scale " + request.scale() + " is outside 1.." + properties.maxScale())
                    .with("field", "scale");
        }
        // counted in double: width x height x scale^2 of hostile windows overflows even a long
        double pixels = 0;
        for (ViewWindow view : request.views()) {
            pixels += (double) view.width() * view.height() * request.scale() * request.scale();
        }
        if (pixels > properties.maxPixels()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.render.max-pixels",
                    properties.maxPixels(), String.format(java.util.Locale.ROOT, "The image would have %.0f pixels; "
                            + "ask for a smaller window or scale", pixels)).with("field", "width");
        }
        return (long) pixels;
    }

    /**
     * The request's windows drawn and encoded. A single window at scale 1 with nothing marked over it goes straight
     * from the cached blocks' colour indices to the PNG's rows when the map's blocks are all it shows.
     */
    private Frame draw(long version, long mapId, TileMap map, Map<Long, Atlas> decoded, Map<Long, Tileset> data,
                       Request request, List<CheckMarks.Mark> marks) {
        Set<String> names = map.layers().stream().map(Layer::name).collect(Collectors.toSet());
        List<String> unknown = request.layers().stream().filter(n -> !names.contains(n)).toList();
        if (!unknown.isEmpty()) {
            throw Refused.invalidField("layers", "The map has no layer called " + unknown + "; its layers are "
                    + map.layers().stream().map(Layer::name).toList() + ".");
        }
        Predicate<Layer> chosen = request.layers().isEmpty() ? MapRenderer.Options.SHOWN
                : l -> request.layers().contains(l.name());
        MapRenderer.Options options = new MapRenderer.Options(chosen, request.objects(), request.gridLines(),
                request.background(), request.collision() ? collision(map, data, decoded, request.views()) : null,
                request.parallax());
        if (blocks != null && request.views().size() == 1 && request.scale() == 1 && marks.isEmpty()
                && options.collision() == null) {
            ViewWindow view = clamped(request.views().get(0), map);
            PngWriter.Indexed indexed = MapRenderer.renderIndexed(map, decoded::get, view, options, blocks);
            if (indexed != null) {
                return new Frame(version, List.of(view), png.write(indexed, properties.pngLevel()));
            }
        }
        Function<String, Pixels> images = images(mapId);
        List<ViewWindow> clamped = new ArrayList<>();
        List<Pixels> frames = new ArrayList<>();
        for (ViewWindow requested : request.views()) {
            ViewWindow view = clamped(requested, map);
            clamped.add(view);
            Pixels frame = MapRenderer.render(map, decoded::get, images, view, options, blocks).scaled(request.scale());
            if (!marks.isEmpty()) {
                CheckMarks.draw(frame, request.scale(), view.x(), view.y(), marks);
            }
            frames.add(frame);
        }
        return new Frame(version, clamped, png.write(sideBySide(frames), properties.pngLevel()));
    }

    /** The whole of a map's screen as a window. */
    /** A window moved to lie inside the map's screen. */
    private static ViewWindow clamped(ViewWindow window, TileMap map) {
        ViewWindow whole = ViewWindow.whole(map);
        return window.clampedTo(whole.width(), whole.height());
    }

    /**
     * The map's collision grid (as its grid settings say, with its overrides), computed for the windows' tiles only
     * (and a row around them, which the derived flags read): exact for any version rendered.
     */
    private static CollisionGrid collision(TileMap map, Map<Long, Tileset> data, Map<Long, Atlas> decoded,
                                           List<ViewWindow> views) {
        GridComputer computer = new GridComputer(map, data::get, Atlas.pixels(decoded));
        CollisionGrid grid = computer.emptyGrid();
        for (ViewWindow view : views) {
            TileRect seen = map.projection().tilesMeeting(clamped(view, map).box());
            int top = Math.max(0, seen.y() - 1);
            computer.recompute(grid, new TileRect(seen.x(), top, seen.width(), (int) (seen.bottom() + 1 - top)));
        }
        return grid;
    }

    /** A map's image-layer images by source, each read and decoded once per request. */
    private Function<String, Pixels> images(long mapId) {
        Map<String, Pixels> decoded = new HashMap<>();
        return source -> decoded.computeIfAbsent(source,
                s -> mapImages.read(mapId, s).map(Atlas::decodeImage).orElse(null));
    }

    /** Split screen: the frames left to right, top-aligned. */
    static Pixels sideBySide(List<Pixels> frames) {
        if (frames.size() == 1) {
            return frames.get(0);
        }
        int width = frames.stream().mapToInt(Pixels::width).sum();
        int height = frames.stream().mapToInt(Pixels::height).max().orElse(0);
        Pixels out = Pixels.blank(width, height);
        int left = 0;
        for (Pixels frame : frames) {
            for (int y = 0; y < frame.height(); y++) {
                System.arraycopy(frame.argb(), y * frame.width(), out.argb(), y * width + left, frame.width());
            }
            left += frame.width();
        }
        return out;
    }
}
