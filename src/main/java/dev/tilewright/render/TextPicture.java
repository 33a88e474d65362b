package dev.tilewright.render;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.grid.CollisionGrid;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * A map, or an area of its tiles, as text for a terminal or a CI log: one character per tile, or per square of
 * {@code k} x {@code k} tiles when the area is wider than the columns allowed (the character of such a square is
 * the one most of its tiles have, ties going to the one met first). What a tile's character is says a
 * {@link Legend}: the tiles' own ({@code ascii} property, else the tile's class), the collision grid ({@code #}
 * solid, {@code +} partly, {@code .} free), or one letter per distinct tile. The picture's lines end with a newline;
 * the legend follows it.
 */
public final class TextPicture {

    /** The property a tile names its character with ({@code "~"}). */
    public static final String PROPERTY = "ascii";
    /** Characters handed out, in order, to classes and tiles that name none. */
    private static final String LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    private static final char EMPTY = ' ';
    /** The character of every class and tile past the letters there are. */
    private static final char MANY = '*';

    private TextPicture() {
    }

    /** What the characters of a picture stand for, and which tile each cell shows. */
    public interface Legend {

        /** The character of the cell at (x, y). */
        char at(int x, int y);

        /** The characters of {@code width} cells of row {@code y} from column {@code x}, into {@code out}. */
        default void row(int x, int y, int width, char[] out) {
            for (int i = 0; i < width; i++) {
                out[i] = at(x + i, y);
            }
        }

        /** Each character used, with what it stands for, in the order they are explained. */
        Map<Character, String> meanings();

        /** Whether a character marks something that must show (a changed cell): it wins a square of tiles. */
        default boolean marks(char c) {
            return false;
        }
    }

    /** A picture: its lines (each ending with a newline) and what its characters mean. */
    public record Picture(List<String> lines, Map<Character, String> legend, int tilesPerCharacter) {

        /** The lines, then a line per legend entry ({@code "# solid"}). */
        public String text() {
            StringBuilder out = new StringBuilder();
            lines.forEach(out::append);
            if (tilesPerCharacter > 1) {
                out.append("(one character: ").append(tilesPerCharacter).append('x').append(tilesPerCharacter)
                        .append(" tiles)\n");
            }
            legend.forEach((c, what) -> out.append(c).append(' ').append(what).append('\n'));
            return out.toString();
        }
    }

    /** The area as characters, at most {@code columns} wide. */
    public static Picture of(TileRect area, Legend legend, int columns) {
        if (columns < 1) {
            throw new IllegalArgumentException("a picture is at least one column wide");
        }
        int k = Math.max(1, (area.width() + columns - 1) / columns);
        int wide = (area.width() + k - 1) / k;
        int tall = (area.height() + k - 1) / k;
        List<String> lines = new ArrayList<>(tall);
        // how many tiles of a square show each character, and the characters in the order met (ties go first)
        int[] counts = new int[Character.MAX_VALUE + 1];
        char[] met = new char[k * k];
        Map<Character, Boolean> used = new HashMap<>();
        StringBuilder line = new StringBuilder(wide + 1);
        char[][] cells = new char[k][area.width()];
        for (int row = 0; row < tall; row++) {
            line.setLength(0);
            int y0 = area.y() + row * k;
            int rows = Math.min(k, area.y() + area.height() - y0);
            for (int r = 0; r < rows; r++) {
                legend.row(area.x(), y0 + r, area.width(), cells[r]);
            }
            for (int column = 0; column < wide; column++) {
                int x0 = column * k;
                int x1 = Math.min(x0 + k, area.width());
                int distinct = 0;
                for (int r = 0; r < rows; r++) {
                    char[] cellsOfRow = cells[r];
                    for (int x = x0; x < x1; x++) {
                        char c = cellsOfRow[x];
                        if (counts[c]++ == 0) {
                            met[distinct++] = c;
                        }
                    }
                }
                char shown = met[0];
                boolean marked = legend.marks(shown);
                for (int i = 0; i < distinct; i++) {
                    boolean marks = legend.marks(met[i]);
                    if (marks && !marked || marks == marked && counts[met[i]] > counts[shown]) {
                        shown = met[i];
                        marked = marks;
                    }
                }
                for (int i = 0; i < distinct; i++) {
                    counts[met[i]] = 0;
                }
                used.put(shown, true);
                line.append(shown);
            }
            lines.add(line.append('\n').toString());
        }
        Map<Character, String> meanings = new LinkedHashMap<>();
        legend.meanings().forEach((c, what) -> {
            if (used.containsKey(c)) {
                meanings.put(c, what);
            }
        });
        return new Picture(List.copyOf(lines), meanings, k);
    }

    /** The legends there are, by the name the command line and {@code render.txt} take. */
    public static final List<String> LEGENDS = List.of("auto", "tiles", "collision", "gids");

    /**
     * The legend called so ({@link #LEGENDS}): {@code auto} is {@code tiles} when any tile of the map's tilesets
     * has an {@value #PROPERTY} property or a class, else {@code collision} when any tile has collision shapes (or
     * the grid comes from pixels), else {@code gids}.
     *
     * @param grid the map's collision grid, worked out only when the legend needs it
     */
    public static Legend named(String name, TileMap map, LongFunction<Tileset> tilesets,
                               java.util.function.Supplier<CollisionGrid> grid) {
        String chosen = name.equals("auto") ? automatic(map, tilesets) : name;
        return switch (chosen) {
            case "tiles" -> tiles(map, tilesets, false);
            case "gids" -> tiles(map, tilesets, true);
            case "collision" -> collision(map, grid.get());
            default -> throw new IllegalArgumentException("no legend '" + name + "': " + LEGENDS);
        };
    }

    private static String automatic(TileMap map, LongFunction<Tileset> tilesets) {
        boolean named = false;
        boolean shapes = map.gridSettings().fromPixels();
        for (MapTileset use : map.tilesets()) {
            Tileset tileset = tilesets.apply(use.tilesetId());
            if (tileset == null) {
                continue;
            }
            for (TileData tile : tileset.tiles().values()) {
                named |= tile.properties().get(PROPERTY).isPresent() || tile.type() != null && !tile.type().isEmpty();
                shapes |= tile.collision() != null && !tile.collision().isEmpty();
            }
        }
        return named ? "tiles" : shapes ? "collision" : "gids";
    }

    /**
     * The collision grid's legend: a tile is {@code #} when every element of it is solid on every side, {@code +}
     * when some element blocks a side, {@code .} when it is free.
     */
    public static Legend collision(TileMap map, CollisionGrid grid) {
        int ex = grid.columns() / map.width();
        int ey = grid.rows() / map.height();
        Map<Character, String> meanings = new LinkedHashMap<>();
        meanings.put('#', "solid");
        meanings.put('+', "partly solid (some sides or part of the tile)");
        meanings.put('.', "free");
        return new Legend() {
            @Override
            public char at(int x, int y) {
                boolean all = true;
                boolean some = false;
                for (int j = 0; j < ey; j++) {
                    for (int i = 0; i < ex; i++) {
                        int sides = grid.get(x * ex + i, y * ey + j) & CollisionGrid.SIDES;
                        all &= sides == CollisionGrid.SOLID;
                        some |= sides != 0;
                    }
                }
                return all ? '#' : some ? '+' : '.';
            }

            @Override
            public Map<Character, String> meanings() {
                return meanings;
            }
        };
    }

    /**
     * The tiles' legend: a cell shows the topmost tile of the visible tile layers there; a tile's character is its
     * {@link #PROPERTY} property's first character, else a letter for its class, else (when {@code byTile}) a letter
     * for the tile itself; a cell with no tile, or one that names nothing, is a space.
     *
     * @param tilesets a tileset of the map by id
     * @param byTile   whether tiles with neither property nor class get letters of their own
     */
    public static Legend tiles(TileMap map, LongFunction<Tileset> tilesets, boolean byTile) {
        List<TileLayer> shown = new ArrayList<>();
        for (Layer layer : map.layers()) {
            if (layer instanceof TileLayer tiles && !tiles.isIntGrid() && map.effective(layer).visible()) {
                shown.add(0, tiles);
            }
        }
        // each tile's character once worked out, by tile id (0: not yet)
        char[] byId = new char[map.nextFirstGid()];
        Map<Character, String> meanings = new LinkedHashMap<>();
        Map<String, Character> classes = new HashMap<>();
        int[] next = {0};
        return new Legend() {
            @Override
            public void row(int x, int y, int width, char[] out) {
                java.util.Arrays.fill(out, 0, width, EMPTY);
                boolean[] done = new boolean[width];
                TileRect strip = new TileRect(x, y, width, 1);
                for (TileLayer layer : shown) {
                    int[] gids = layer.read(strip);
                    for (int i = 0; i < width; i++) {
                        if (!done[i] && !Gid.isEmpty(gids[i])) {
                            out[i] = of(Gid.id(gids[i]));
                            done[i] = true;
                        }
                    }
                }
            }

            @Override
            public char at(int x, int y) {
                for (TileLayer layer : shown) {
                    int gid = layer.get(x, y);
                    if (!Gid.isEmpty(gid)) {
                        return of(Gid.id(gid));
                    }
                }
                return EMPTY;
            }

            private char of(int id) {
                if (id >= byId.length) {
                    meanings.putIfAbsent('?', "a tile no tileset of the map has");
                    return '?';
                }
                if (byId[id] == 0) {
                    byId[id] = characterOf(id);
                }
                return byId[id];
            }

            private char characterOf(int id) {
                Optional<MapTileset> owner = map.tilesetOf(id);
                Tileset tileset = owner.map(t -> tilesets.apply(t.tilesetId())).orElse(null);
                TileData data = tileset == null ? null : tileset.tile(id - owner.get().firstGid());
                String named = data == null ? null : data.properties().get(PROPERTY).map(Property::value)
                        .map(Object::toString).filter(s -> !s.isEmpty()).orElse(null);
                if (named != null) {
                    char c = named.charAt(0);
                    meanings.merge(c, describe(tileset, id - owner.get().firstGid(), data), TextPicture::also);
                    return c;
                }
                String type = data == null || data.type() == null || data.type().isEmpty() ? null : data.type();
                if (type != null) {
                    return classes.computeIfAbsent(type, t -> {
                        char c = fresh(t);
                        meanings.put(c, c == MANY ? "any other class or tile" : "class " + t);
                        return c;
                    });
                }
                if (!byTile) {
                    return EMPTY;
                }
                char c = fresh("");
                meanings.put(c, c == MANY ? "any other class or tile" : tileset == null ? "tile " + id
                        + " (no tileset)" : describe(tileset, id - owner.get().firstGid(), data));
                return c;
            }

            /** A character not handed out yet: the name's first letter where free, else the next free letter. */
            private char fresh(String name) {
                if (!name.isEmpty() && Character.isLetterOrDigit(name.charAt(0))
                        && !meanings.containsKey(name.charAt(0))) {
                    return name.charAt(0);
                }
                while (next[0] < LETTERS.length() && meanings.containsKey(LETTERS.charAt(next[0]))) {
                    next[0]++;
                }
                return next[0] < LETTERS.length() ? LETTERS.charAt(next[0]++) : MANY;
            }

            @Override
            public Map<Character, String> meanings() {
                return meanings;
            }
        };
    }

    private static String describe(Tileset tileset, int localId, TileData data) {
        String type = data == null || data.type() == null || data.type().isEmpty() ? "" : " (" + data.type() + ")";
        return tileset.name() + " tile " + localId + type;
    }

    private static String also(String had, String more) {
        return had.equals(more) || had.endsWith(", …") ? had : had.split(", ").length >= 3 ? had + ", …"
                : had + ", " + more;
    }

    /**
     * Pixels as 24-bit colour half blocks: each character is one pixel column and two pixel rows (the upper
     * pixel its foreground, the lower its background); a transparent pixel leaves the terminal's own background.
     * Premultiplied pixels are their colour over black.
     */
    public static List<String> halfBlocks(Pixels pixels) {
        List<String> lines = new ArrayList<>();
        int[] argb = pixels.argb();
        for (int y = 0; y < pixels.height(); y += 2) {
            StringBuilder line = new StringBuilder();
            String lastFore = null;
            String lastBack = null;
            for (int x = 0; x < pixels.width(); x++) {
                int top = argb[y * pixels.width() + x];
                int bottom = y + 1 < pixels.height() ? argb[(y + 1) * pixels.width() + x] : 0;
                boolean upper = top >>> 24 != 0;
                boolean lower = bottom >>> 24 != 0;
                // the upper half block in the top pixel's colour over the bottom's; a lower one where only it shows
                String fore = upper ? colour(38, top) : lower ? colour(38, bottom) : "\u001b[39m";
                String back = upper && lower ? colour(48, bottom) : "\u001b[49m";
                if (!fore.equals(lastFore)) {
                    line.append(fore);
                    lastFore = fore;
                }
                if (!back.equals(lastBack)) {
                    line.append(back);
                    lastBack = back;
                }
                line.append(upper ? '\u2580' : lower ? '\u2584' : ' ');
            }
            lines.add(line.append("\u001b[0m\n").toString());
        }
        return lines;
    }

    private static String colour(int which, int argb) {
        return "\u001b[" + which + ";2;" + (argb >> 16 & 0xFF) + ";" + (argb >> 8 & 0xFF) + ";" + (argb & 0xFF) + "m";
    }
}
