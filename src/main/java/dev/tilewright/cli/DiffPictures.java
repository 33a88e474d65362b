package dev.tilewright.cli;

import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.history.MapDiff;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.render.AreaPicture;
import dev.tilewright.render.DiffMarks;
import dev.tilewright.render.MapRenderer;
import dev.tilewright.render.Pixels;
import dev.tilewright.render.PngWriter;
import dev.tilewright.render.TextPicture;
import dev.tilewright.render.Thumbnail;
import dev.tilewright.render.ViewWindow;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * What {@code diff} shows of a change besides its list: the area it touched, drawn in the terminal with the changed
 * cells marked ({@code --ascii}, {@code --color}), or as images before, after and marked ({@code --images}).
 */
final class DiffPictures {

    /** Tiles around the changed cells and objects that are shown too. */
    static final int MARGIN = 2;
    /** Cells a picture of the change may span ({@code --ascii}, {@code --images}): what it marks is held a byte each. */
    static final long MAX_CELLS = 16_777_216L;
    /** The longest side of an image {@code --images} writes. */
    static final int MAX_SIDE = 4096;

    private DiffPictures() {
    }

    /**
     * The tiles of B that changed cells and objects lie on, with {@link #MARGIN} around them (clipped to the map);
     * the whole map when a layer's cells were not listed or the map's size changed; empty when nothing did.
     */
    static Optional<TileRect> area(MapDiff.Diff diff, TileMap a, TileMap b) {
        TileRect whole = b.bounds();
        if (a.width() != b.width() || a.height() != b.height()) {
            return Optional.of(whole);
        }
        List<TileRect> touched = new java.util.ArrayList<>();
        for (MapDiff.LayerDiff layer : diff.layers()) {
            if (layer.cellsChanged() != 0 && (!layer.listed() || layer.cells() == null)) {
                return Optional.of(whole);
            }
            nonNull(layer.cells()).forEach(run -> touched.add(new TileRect(run.x(), run.y(), run.width(),
                    run.height())));
            nonNull(layer.objectsAdded()).forEach(o -> touched.add(tilesOf(b, o)));
            nonNull(layer.objectsRemoved()).forEach(o -> touched.add(tilesOf(a, o)));
            nonNull(layer.objectsChanged()).forEach(c -> {
                touched.add(tilesOf(a, c.before()));
                touched.add(tilesOf(b, c.after()));
            });
        }
        long left = Long.MAX_VALUE, top = Long.MAX_VALUE, right = Long.MIN_VALUE, bottom = Long.MIN_VALUE;
        for (TileRect rect : touched) {
            left = Math.min(left, rect.x());
            top = Math.min(top, rect.y());
            right = Math.max(right, rect.right());
            bottom = Math.max(bottom, rect.bottom());
        }
        if (touched.isEmpty()) {
            return Optional.empty();
        }
        left = Math.max(whole.x(), left - MARGIN);
        top = Math.max(whole.y(), top - MARGIN);
        right = Math.min(whole.right(), right + MARGIN);
        bottom = Math.min(whole.bottom(), bottom + MARGIN);
        return right <= left || bottom <= top ? Optional.empty()
                : Optional.of(new TileRect((int) left, (int) top, (int) (right - left), (int) (bottom - top)));
    }
    private static <T> List<T> nonNull(List<T> list) {
        return list == null ? List.of() : list;
    }

    /** The tiles an object's box meets (a tile object's box stands on its position). */
    private static TileRect tilesOf(TileMap map, MapObject o) {
        double w = o.width() == null ? 0 : o.width();
        double h = o.height() == null ? 0 : o.height();
        double top = o.gid() != null ? o.y() - h : o.y();
        PixelBox box = new PixelBox((long) Math.floor(o.x()), (long) Math.floor(top), Math.max(1, (long) Math.ceil(w)),
                Math.max(1, (long) Math.ceil(h)));
        return map.projection().tilesMeeting(box);
    }

    /** The characters that mark a change, each the first of its candidates the map's own legend does not use. */
    private static final String[] MARKS = {"+>", "-<", "~="};
    private static final String[] MEANT = {"added: a tile where there was none", "removed: no tile where there was",
            "changed: another tile"};

    /**
     * B's area as text ({@link TextPicture}), each changed cell shown by its mark (a square of tiles by one when
     * any of them changed).
     */
    static String ascii(TileMap a, TileMap b, TileRect area, TextPicture.Legend legend, int columns) {
        byte[] kinds = DiffMarks.cells(a, b, area);
        Map<Character, String> base = legend.meanings();
        char[] marks = new char[4];
        for (int kind = 1; kind <= 3; kind++) {
            String candidates = MARKS[kind - 1];
            marks[kind] = base.containsKey(candidates.charAt(0)) ? candidates.charAt(1) : candidates.charAt(0);
        }
        TextPicture.Legend marked = new TextPicture.Legend() {
            @Override
            public char at(int x, int y) {
                int kind = kinds[(y - area.y()) * area.width() + x - area.x()];
                return kind == 0 ? legend.at(x, y) : marks[kind];
            }

            @Override
            public void row(int x, int y, int width, char[] out) {
                legend.row(x, y, width, out);
                int from = (y - area.y()) * area.width() + x - area.x();
                for (int i = 0; i < width; i++) {
                    int kind = kinds[from + i];
                    if (kind != 0) {
                        out[i] = marks[kind];
                    }
                }
            }

            @Override
            public Map<Character, String> meanings() {
                Map<Character, String> all = new LinkedHashMap<>();
                for (int kind = 1; kind <= 3; kind++) {
                    all.put(marks[kind], MEANT[kind - 1]);
                }
                base.forEach(all::putIfAbsent);
                return all;
            }

            @Override
            public boolean marks(char c) {
                return c == marks[1] || c == marks[2] || c == marks[3];
            }
        };
        return TextPicture.of(area, marked, columns).text();
    }

    /** B's area in colour half blocks, the changed cells tinted with their change's colour, the rest dimmed. */
    static List<String> color(LocalMaps.Opened a, LocalMaps.Opened b, TileRect area, int columns) {
        return TextPicture.halfBlocks(AreaPicture.of(b.map(), b.atlases()::get, b.images(), area, columns,
                AsciiCommand.EXACT_PIXELS, DiffMarks.tint(a.map(), b.map(), area)));
    }

    /**
     * Writes {@code before.png}, {@code after.png} and {@code overlay.png} (B with the service's diff marks) of the
     * area into {@code dir}; an area larger than {@code maxPixels} (or {@link #MAX_SIDE} a side) is shrunk to fit.
     */
    static List<Path> images(Path dir, LocalMaps.Opened a, LocalMaps.Opened b, TileRect area, long maxPixels) {
        PixelBox box = b.map().projection().areaBox(area);
        ViewWindow view = new ViewWindow(Math.toIntExact(box.x()), Math.toIntExact(box.y()),
                Math.toIntExact(box.width()), Math.toIntExact(box.height()));
        Pixels before = drawn(a, view, maxPixels);
        Pixels after = drawn(b, view, maxPixels);
        Pixels overlay = drawn(b, view, maxPixels);
        DiffMarks.mark(overlay, (double) overlay.width() / view.width(), view.x(), view.y(), a.map(), b.map(), area,
                DiffMarks.cells(a.map(), b.map(), area));
        PngWriter png = new PngWriter(Runnable::run);
        try {
            Files.createDirectories(dir);
            List<Path> written = List.of(dir.resolve("before.png"), dir.resolve("after.png"), dir.resolve("overlay.png"));
            Files.write(written.get(0), png.write(before, 6));
            Files.write(written.get(1), png.write(after, 6));
            Files.write(written.get(2), png.write(overlay, 6));
            return written;
        } catch (IOException e) {
            throw new Exit.Failure(Exit.FILE, "could not write the images into " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The view of a map as drawn, shrunk (each pixel the average of those under it) to fit the budget. */
    private static Pixels drawn(LocalMaps.Opened opened, ViewWindow view, long maxPixels) {
        Function<ViewWindow, Pixels> draw = v -> MapRenderer.render(opened.map(), opened.atlases()::get,
                opened.images(), v, MapRenderer.Options.VISIBLE);
        if ((long) view.width() * view.height() <= maxPixels && Math.max(view.width(), view.height()) <= MAX_SIDE) {
            return draw.apply(view);
        }
        int side = (int) Math.min(MAX_SIDE, Math.max(1, Math.sqrt((double) maxPixels
                * Math.max(view.width(), view.height()) / Math.min(view.width(), view.height()))));
        return Thumbnail.of(view.width(), view.height(), side, maxPixels, v -> draw.apply(
                new ViewWindow(v.x() + view.x(), v.y() + view.y(), v.width(), v.height())));
    }
}
