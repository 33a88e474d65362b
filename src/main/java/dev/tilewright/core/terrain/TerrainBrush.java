package dev.tilewright.core.terrain;

import dev.tilewright.core.edit.Cell;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Paints a terrain on cells and fixes their neighbours so every shared corner and edge matches, the way Tiled's terrain
 * brush does, deterministically.
 *
 * <p>Every part (corner or edge, as the set's type says) of a painted cell takes the terrain. Then cells are visited
 * painted ones first, then their neighbours, then whoever a change reached, in that order. At each cell the parts
 * already decided must be met; the others should stay what the cell shows now. The cell keeps its tile when that
 * tile fits; otherwise it takes the tile that meets the decided parts and moves the others least, counting how many
 * transitions apart the old and new terrain of each part are (so where no direct transition exists, an intermediate
 * terrain is put between, as on Tiled's desert: dirt, then sand, then cobblestone). Ties are broken by weight (the
 * tile's probability times its terrains'), with a draw from the seed and the cell only. A part that changed is decided
 * from then on, and the cells around it are visited again (at most {@link #MAX_VISITS} times each). Cells holding no
 * tile of the set are never changed unless painted.
 *
 * <p>Which parts a cell has and who shares them is the map's {@link TerrainLayout} (squares, or the diamonds and
 * hexagons of staggered and hexagonal maps). The same algorithm is {@code frontend/model/terrain.js}; both are held to
 * {@code fixtures/terrain/}.
 */
public final class TerrainBrush {

    /** What an unmet painted part costs: more than anything else. */
    static final int MISMATCH = 1 << 20;
    /** What changing a part decided on the way costs: more than any number of moved parts. */
    static final int REDECIDE = 1 << 10;
    static final int MAX_VISITS = 8;

    /** The map property holding its terrain seed (an int; 0 without it). */
    public static final String SEED = "tilewright.terrain.seed";

    private TerrainBrush() {
    }

    /** A map's terrain seed: its {@value #SEED} property as a 32-bit int (the low bits of a larger one), else 0. */
    public static int seedOf(Properties properties) {
        return properties.get(SEED).map(Property::value)
                .filter(v -> v instanceof Long || v instanceof Integer).map(v -> ((Number) v).intValue()).orElse(0);
    }

    /** The cells that change as the ops of {@code core.edit} write them. */
    public static List<Cell> cells(Result result) {
        return result.cells().stream()
                .map(p -> new Cell(p.x(), p.y(), Integer.toUnsignedLong(p.gid()))).toList();
    }

    /** The cells a brush reads. */
    public interface Cells {
        int width();

        int height();

        int gid(int x, int y);
    }

    /** A cell and the gid it gets. */
    public record Placed(int x, int y, int gid) {
    }

    /**
     * @param cells     the cells that change, in row order
     * @param unmatched cells left with a decided part unmet (no tile of the set fits them)
     * @param cut       whether the change reached more cells than allowed and stopped spreading there
     */
    public record Result(List<Placed> cells, int unmatched, boolean cut) {
    }

    /**
     * Paints a terrain.
     *
     * @param stroke   the painted cells as x, y pairs (outside ones are passed over)
     * @param color    the terrain, 1..the set's colours
     * @param seed     the map's terrain seed
     * @param maxCells the most cells the brush may visit (painted and fixed ones)
     */
    public static Result paint(WangTiles tiles, Cells cells, int[] stroke, int color, int seed, int maxCells) {
        if (color < 1 || color > tiles.colors()) {
            throw new IllegalArgumentException("color is a terrain of the set, 1.." + tiles.colors() + ", was " + color);
        }
        if (stroke.length % 2 != 0) {
            throw new IllegalArgumentException("a stroke is x, y pairs");
        }
        return new Run(tiles, cells, seed, maxCells).paint(stroke, color);
    }

    /** A draw in [0, 1) from the seed and the cell only: murmur3's finaliser, in 32-bit integers as JavaScript has. */
    static double unit(int seed, int x, int y) {
        int h = fmix(seed ^ (x * 0x85EBCA6B));
        h = fmix((h + 0x9E3779B9) ^ (y * 0xC2B2AE35));
        return (h >>> 8) / 16777216.0;
    }

    private static int fmix(int h) {
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        h ^= h >>> 16;
        return h;
    }

    private static final class Run {
        private final WangTiles tiles;
        private final Cells cells;
        private final int seed;
        private final int maxCells;
        private final int width;
        private final int height;
        private final Map<Long, Integer> fixed = new HashMap<>();
        private final Map<Long, Integer> decided = new HashMap<>();
        private final Set<Long> painted = new LinkedHashSet<>();
        private final Map<Long, Integer> visits = new HashMap<>();
        private final Set<Long> waiting = new HashSet<>();
        private final ArrayDeque<Long> queue = new ArrayDeque<>();
        private final Map<Long, Integer> chosen = new HashMap<>();
        private boolean cut;

        Run(WangTiles tiles, Cells cells, int seed, int maxCells) {
            this.tiles = tiles;
            this.cells = cells;
            this.seed = seed;
            this.maxCells = maxCells;
            this.width = cells.width();
            this.height = cells.height();
        }

        Result paint(int[] stroke, int color) {
            for (int i = 0; i < stroke.length; i += 2) {
                int x = stroke[i];
                int y = stroke[i + 1];
                if (inside(x, y) && painted.add(cell(x, y))) {
                    for (int part : tiles.parts()) {
                        fixed.put(partKey(x, y, part), color);
                    }
                }
            }
            if (painted.size() > maxCells) {
                throw new IllegalArgumentException("a stroke of " + painted.size() + " cells; at most " + maxCells);
            }
            for (long cell : painted) {
                enqueue(cell);
            }
            for (long cell : painted) {
                int x = (int) (cell % width);
                int y = (int) (cell / width);
                for (int[] step : tiles.layout().around(x, y)) {
                    visitLater(x + step[0], y + step[1]);
                }
            }
            while (!queue.isEmpty()) {
                long cell = queue.poll();
                waiting.remove(cell);
                visit((int) (cell % width), (int) (cell / width));
            }
            List<Placed> out = new ArrayList<>();
            int unmatched = 0;
            for (Map.Entry<Long, Integer> entry : new TreeMap<>(chosen).entrySet()) {
                int x = (int) (entry.getKey() % width);
                int y = (int) (entry.getKey() / width);
                int gid = entry.getValue();
                if (!fits(x, y, tiles.wangIdOf(gid))) {
                    unmatched++;
                }
                if (gid != cells.gid(x, y)) {
                    out.add(new Placed(x, y, gid));
                }
            }
            return new Result(out, unmatched, cut);
        }

        /** Queues a neighbour that holds a tile of the set (and is not painted: those are decided whole). */
        private void visitLater(int x, int y) {
            if (inside(x, y) && !painted.contains(cell(x, y)) && tiles.wangIdOf(cells.gid(x, y)) != null) {
                enqueue(cell(x, y));
            }
        }

        private void enqueue(long cell) {
            if (waiting.contains(cell)) {
                return;
            }
            int seen = visits.getOrDefault(cell, 0);
            if (seen >= MAX_VISITS) {
                return;
            }
            if (seen == 0 && visits.size() >= maxCells) {
                cut = true;
                return;
            }
            visits.put(cell, seen + 1);
            waiting.add(cell);
            queue.add(cell);
        }

        private void visit(int x, int y) {
            int gid = cells.gid(x, y);
            int[] now = tiles.wangIdOf(gid);
            int[] must = new int[8];
            int[] should = new int[8];
            for (int part : tiles.parts()) {
                long key = partKey(x, y, part);
                must[part] = fixed.getOrDefault(key, -1);
                should[part] = decided.getOrDefault(key, -1);
            }
            int[] chosenId;
            if (now != null && cost(now, must, should, now, 0) == 0) {
                chosenId = now;
            } else {
                WangTiles.Candidate pick = best(x, y, must, should, now);
                gid = pick.gid();
                chosenId = pick.wangId();
            }
            chosen.put(cell(x, y), gid);
            for (int part : tiles.parts()) {
                int before = should[part] >= 0 ? should[part] : now == null ? -1 : now[part];
                if (must[part] < 0 && chosenId[part] != before) {
                    decided.put(partKey(x, y, part), chosenId[part]);
                    for (int[] step : tiles.layout().sharers(x, y, part)) {
                        visitLater(x + step[0], y + step[1]);
                    }
                }
            }
        }

        /** Whether a placed Wang id shows every painted and decided part as it is now. */
        private boolean fits(int x, int y, int[] id) {
            for (int part : tiles.parts()) {
                long key = partKey(x, y, part);
                int want = fixed.getOrDefault(key, decided.getOrDefault(key, id[part]));
                if (id[part] != want) {
                    return false;
                }
            }
            return true;
        }

        private WangTiles.Candidate best(int x, int y, int[] must, int[] should, int[] now) {
            List<WangTiles.Candidate> ties = new ArrayList<>();
            int least = Integer.MAX_VALUE;
            for (WangTiles.Candidate candidate : tiles.candidates()) {
                int cost = cost(candidate.wangId(), must, should, now, least);
                if (cost < least) {
                    least = cost;
                    ties.clear();
                }
                if (cost == least) {
                    ties.add(candidate);
                }
            }
            if (tiles.preferUntransformed() && ties.stream().anyMatch(c -> !c.transformed())) {
                ties.removeIf(WangTiles.Candidate::transformed);
            }
            double total = 0;
            for (WangTiles.Candidate candidate : ties) {
                total += candidate.weight();
            }
            if (!(total > 0)) {
                return ties.get(0);
            }
            double target = unit(seed, x, y) * total;
            double sum = 0;
            for (WangTiles.Candidate candidate : ties) {
                sum += candidate.weight();
                if (target < sum) {
                    return candidate;
                }
            }
            return ties.get(ties.size() - 1);
        }

        /**
         * Unmet painted parts, then parts decided on the way that would change again, then how far the other parts
         * move from what the cell shows now; given up as soon as it passes {@code bound} (such a tile can no longer be
         * among the best).
         */
        private int cost(int[] id, int[] must, int[] should, int[] now, int bound) {
            int cost = 0;
            for (int part : tiles.parts()) {
                if (must[part] >= 0) {
                    if (id[part] != must[part]) {
                        cost += MISMATCH;
                    }
                } else if (should[part] >= 0) {
                    if (id[part] != should[part]) {
                        cost += REDECIDE;
                    }
                } else if (now != null) {
                    cost += tiles.distance(now[part], id[part]);
                }
                if (cost > bound) {
                    return cost;
                }
            }
            return cost;
        }

        private boolean inside(int x, int y) {
            return x >= 0 && y >= 0 && x < width && y < height;
        }

        private long cell(int x, int y) {
            return (long) y * width + x;
        }

        /** One key per part of the map ({@link TerrainLayout#key}). */
        private long partKey(int x, int y, int part) {
            return tiles.layout().key(x, y, part, width, height);
        }
    }
}
