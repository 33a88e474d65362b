package dev.tilewright.core.autotile;

import java.util.ArrayList;
import java.util.List;

/**
 * Tiles stacked in cells, as LDtk draws them, dealt to layers of one tile a cell ("decks"): each tile, in drawing
 * order, goes to the lowest deck above every deck holding a tile it overlaps, among those whose offset within a cell
 * and opacity are its own (a new deck on top when none is). Drawing the decks bottom-up then draws what the list
 * draws. Dealing again with the decks already made as {@code presets} gives every tile the deck it had when nothing
 * changed, so an edit moves only the tiles it must.
 */
public final class TileDecks {

    /** What a deck's tiles share: their offset within a cell (pixels, 0..cell-1) and opacity. */
    public record Deck(int dx, int dy, double alpha) {

        boolean holds(int x, int y, double a) {
            return dx == x && dy == y && Math.abs(alpha - a) < 1e-9;
        }
    }

    /** A tile to deal: its pixel position in the layer and its opacity. */
    public interface Placed {
        int x();

        int y();

        double alpha();
    }

    /**
     * The decks, and each tile's deck (-1: its cell lies outside the layer); null when more than the most decks
     * would be needed.
     */
    public record Dealt(List<Deck> decks, int[] deckOf) {
    }

    private TileDecks() {
    }

    /**
     * @param grid    the cell size in pixels
     * @param width   the layer's cells across, and {@code height} down
     * @param presets decks to deal to first, in order (those of an earlier deal); more are added as needed
     * @param most    the most decks there may be
     */
    public static Dealt deal(List<? extends Placed> tiles, int grid, int width, int height, List<Deck> presets,
                             int most) {
        List<Deck> decks = new ArrayList<>(presets);
        int[] deckOf = new int[tiles.size()];
        // per cell the highest deck a tile overlapping it went to, plus one (0: none yet)
        int[] top = new int[Math.multiplyExact(width, height)];
        for (int i = 0; i < tiles.size(); i++) {
            Placed tile = tiles.get(i);
            int cx = Math.floorDiv(tile.x(), grid);
            int cy = Math.floorDiv(tile.y(), grid);
            int dx = tile.x() - cx * grid;
            int dy = tile.y() - cy * grid;
            if (cx < 0 || cy < 0 || cx >= width || cy >= height) {
                deckOf[i] = -1;
                continue;
            }
            int right = Math.min(width - 1, cx + (dx > 0 ? 1 : 0));
            int bottom = Math.min(height - 1, cy + (dy > 0 ? 1 : 0));
            int deck = 0;
            for (int y = cy; y <= bottom; y++) {
                for (int x = cx; x <= right; x++) {
                    deck = Math.max(deck, top[y * width + x]);
                }
            }
            while (deck < decks.size() && !decks.get(deck).holds(dx, dy, tile.alpha())) {
                deck++;
            }
            if (deck == decks.size()) {
                if (decks.size() == most) {
                    return null;
                }
                decks.add(new Deck(dx, dy, tile.alpha()));
            }
            deckOf[i] = deck;
            for (int y = cy; y <= bottom; y++) {
                for (int x = cx; x <= right; x++) {
                    top[y * width + x] = Math.max(top[y * width + x], deck + 1);
                }
            }
        }
        return new Dealt(List.copyOf(decks), deckOf);
    }

    /** Each deck's cells as a row-major array of what {@code value} gives its tiles (0 where it has none). */
    public static <T extends Placed> int[][] cells(Dealt dealt, List<T> tiles, int grid, int width, int height,
                                                   java.util.function.ToIntFunction<T> value) {
        int[][] cells = new int[dealt.decks().size()][];
        for (int d = 0; d < cells.length; d++) {
            cells[d] = new int[width * height];
        }
        for (int i = 0; i < tiles.size(); i++) {
            int deck = dealt.deckOf()[i];
            if (deck >= 0) {
                T tile = tiles.get(i);
                cells[deck][Math.floorDiv(tile.y(), grid) * width + Math.floorDiv(tile.x(), grid)] =
                        value.applyAsInt(tile);
            }
        }
        return cells;
    }
}
