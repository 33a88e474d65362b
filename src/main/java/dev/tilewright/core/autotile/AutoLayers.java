package dev.tilewright.core.autotile;

import dev.tilewright.core.edit.AddLayer;
import dev.tilewright.core.edit.AddTileset;
import dev.tilewright.core.edit.Batch;
import dev.tilewright.core.edit.Cell;
import dev.tilewright.core.edit.FillRect;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.Paint;
import dev.tilewright.core.edit.PutRegion;
import dev.tilewright.core.edit.Scattered;
import dev.tilewright.core.edit.RemoveTileset;
import dev.tilewright.core.edit.SetProperty;
import dev.tilewright.core.edit.UpdateLayer;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A map's auto-layers: IntGrid layers (property {@value TileLayer#INTGRID}) that name a rule set of the project
 * ({@value #RULES}), the tile layer the server writes ({@value #OUTPUT}), the tileset whose tile ids the rules place
 * ({@value #FIRST_GID}: its first gid in the map, which exports and imports keep) and a seed ({@value #SEED}, 0 when
 * absent). After an op,
 * {@link #follow} works out the output cells within reach of what it changed (and any output cells it wrote by hand)
 * and returns the op that sets those that differ; {@link #recompute} does the same for every cell.
 */
public final class AutoLayers {

    public static final String RULES = "tilewright.autotile.rules";
    public static final String OUTPUT = "tilewright.autotile.output";
    public static final String FIRST_GID = "tilewright.autotile.firstgid";
    public static final String SEED = "tilewright.autotile.seed";
    /** Groups of the rule set this map switches off: their names, comma-separated. */
    public static final String GROUPS_OFF = "tilewright.autotile.groupsOff";
    /** More changed rectangles than this are recomputed as their bounding boxes per block of 2^BLOCK_SHIFT cells. */
    private static final int MAX_RECTS = 64;
    private static final int BLOCK_SHIFT = 5;

    /**
     * One auto-layer: the IntGrid it reads, the rule set by name, the layer it writes, the tileset, the seed, and the
     * rule set's groups it switches off.
     */
    public record Attachment(int intGrid, String ruleSet, int output, MapTileset tileset, long seed,
                             Set<String> groupsOff) {
    }

    /** The rule sets of the map's project, by name (null: no set of that name), with some groups switched off. */
    public interface RuleSets {
        Autotiler named(String name, Set<String> groupsOff);
    }

    private AutoLayers() {
    }

    /** The map's auto-layers whose output layer and tileset exist. */
    public static List<Attachment> of(TileMap map) {
        List<Attachment> found = new ArrayList<>();
        for (Layer layer : map.layers()) {
            if (!(layer instanceof TileLayer grid) || !grid.isIntGrid()) {
                continue;
            }
            Properties p = grid.attributes().properties();
            Optional<String> rules = p.get(RULES).map(Property::value).filter(String.class::isInstance)
                    .map(String.class::cast);
            Long output = number(p, OUTPUT);
            Long firstGid = number(p, FIRST_GID);
            if (rules.isEmpty() || output == null || firstGid == null) {
                continue;
            }
            Optional<Layer> out = map.layer(output.intValue());
            Optional<MapTileset> uses = map.tilesets().stream().filter(t -> t.firstGid() == firstGid).findFirst();
            if (out.isPresent() && out.get() instanceof TileLayer target && !target.isIntGrid() && uses.isPresent()) {
                Long seed = number(p, SEED);
                Set<String> off = new TreeSet<>();
                p.get(GROUPS_OFF).map(Property::value).filter(String.class::isInstance).ifPresent(names -> {
                    for (String name : ((String) names).split(",")) {
                        if (!name.isBlank()) {
                            off.add(name.strip());
                        }
                    }
                });
                found.add(new Attachment(grid.id(), rules.get(), target.id(), uses.get(), seed == null ? 0 : seed,
                        Set.copyOf(off)));
            }
        }
        return found;
    }

    private static Long number(Properties properties, String name) {
        return properties.get(name).map(Property::value).filter(Number.class::isInstance)
                .map(v -> ((Number) v).longValue()).orElse(null);
    }

    /** The op bringing the outputs up to date after {@code applied} changed the map; null when nothing differs. */
    public static MapOp follow(TileMap map, MapOp applied, RuleSets rules) {
        return derive(map, applied, rules);
    }

    /** The op setting every output cell that differs from what the rules make; null when none does. */
    public static MapOp recompute(TileMap map, RuleSets rules) {
        return derive(map, null, rules);
    }

    private static MapOp derive(TileMap map, MapOp applied, RuleSets rules) {
        List<MapOp> ops = new ArrayList<>();
        for (Attachment at : of(map)) {
            List<TileRect> grid = new ArrayList<>();
            List<TileRect> output = new ArrayList<>();
            boolean[] whole = {applied == null};
            if (applied != null) {
                changes(applied, at, grid, output, whole);
            }
            if (!whole[0] && grid.isEmpty() && output.isEmpty()) {
                continue;
            }
            Autotiler autotiler = rules.named(at.ruleSet(), at.groupsOff());
            if (autotiler == null) {
                continue;
            }
            MapOp op = update(map, at, autotiler, regions(map, autotiler, grid, output, whole[0]));
            if (op != null) {
                ops.add(op);
            }
        }
        return ops.isEmpty() ? null : ops.size() == 1 ? ops.get(0) : new Batch(ops);
    }

    private static List<TileRect> regions(TileMap map, Autotiler autotiler, List<TileRect> grid, List<TileRect> output,
                                          boolean whole) {
        TileRect bounds = map.bounds();
        if (whole) {
            return List.of(bounds);
        }
        List<TileRect> regions = new ArrayList<>();
        for (TileRect changed : bounded(grid)) {
            regions.add(autotiler.reach(changed, map.width(), map.height(), Autotiler.Stagger.of(map.projection())));
        }
        for (TileRect written : bounded(output)) {
            regions.add(written.intersection(bounds));
        }
        return regions;
    }

    /**
     * Many changed rectangles (a long brush stroke's cells) as the bounding box of those in each 32x32 block they
     * fall in: work in proportion to the area the stroke covers, not to its bounding box across the map.
     */
    private static List<TileRect> bounded(List<TileRect> rects) {
        if (rects.size() <= MAX_RECTS) {
            return rects;
        }
        java.util.Map<Long, long[]> blocks = new java.util.LinkedHashMap<>();
        for (TileRect r : rects) {
            long key = ((long) (r.y() >> BLOCK_SHIFT) << 32) | ((r.x() >> BLOCK_SHIFT) & 0xFFFFFFFFL);
            long[] box = blocks.computeIfAbsent(key, k -> new long[]{Long.MAX_VALUE, Long.MAX_VALUE, Long.MIN_VALUE,
                    Long.MIN_VALUE});
            box[0] = Math.min(box[0], r.x());
            box[1] = Math.min(box[1], r.y());
            box[2] = Math.max(box[2], r.right());
            box[3] = Math.max(box[3], r.bottom());
        }
        List<TileRect> out = new ArrayList<>(blocks.size());
        for (long[] box : blocks.values()) {
            out.add(new TileRect((int) box[0], (int) box[1], (int) (box[2] - box[0]), (int) (box[3] - box[1])));
        }
        return out;
    }

    /** A masked region over the cells of {@code regions} whose output differs from what the rules make, or null. */
    private static MapOp update(TileMap map, Attachment at, Autotiler autotiler, List<TileRect> regions) {
        TileLayer grid = (TileLayer) map.layer(at.intGrid()).orElseThrow();
        TileLayer out = (TileLayer) map.layer(at.output()).orElseThrow();
        IntCells cells = new IntCells() {
            @Override
            public int width() {
                return grid.width();
            }

            @Override
            public int height() {
                return grid.height();
            }

            @Override
            public int value(int x, int y) {
                return grid.get(x, y);
            }
        };
        List<Cell> differing = new ArrayList<>();
        java.util.BitSet seen = new java.util.BitSet();
        for (TileRect region : regions) {
            if (region.isEmpty()) {
                continue;
            }
            int[] made = autotiler.evaluate(cells, at.seed(), region, Autotiler.Stagger.of(map.projection()));
            for (int i = 0; i < made.length; i++) {
                int x = region.x() + i % region.width();
                int y = region.y() + i / region.width();
                int gid = gid(made[i], at.tileset());
                int index = y * map.width() + x;
                if (!seen.get(index) && out.get(x, y) != gid) {
                    seen.set(index);
                    differing.add(new Cell(x, y, Integer.toUnsignedLong(gid)));
                }
            }
        }
        return Scattered.op(at.output(), differing);
    }

    /** A rule's tile (id + 1 with flip bits) as a gid of the map; 0 for a tile the tileset does not have. */
    private static int gid(int made, MapTileset tileset) {
        if (made == 0) {
            return 0;
        }
        int id = Gid.id(made) - 1;
        return id >= tileset.tileCount() ? 0 : (tileset.firstGid() + id) | Gid.flags(made);
    }

    private static void changes(MapOp op, Attachment at, List<TileRect> grid, List<TileRect> output, boolean[] whole) {
        if (op instanceof Batch batch) {
            batch.ops().forEach(o -> changes(o, at, grid, output, whole));
        } else if (op instanceof Paint paint) {
            for (Cell cell : paint.cells()) {
                cellsOf(paint.layerId(), new TileRect(cell.x(), cell.y(), 1, 1), at, grid, output);
            }
        } else if (op instanceof FillRect fill) {
            cellsOf(fill.layerId(), new TileRect(fill.x(), fill.y(), fill.width(), fill.height()), at, grid, output);
        } else if (op instanceof PutRegion region) {
            cellsOf(region.layerId(), new TileRect(region.x(), region.y(), region.width(), region.height()), at, grid,
                    output);
        } else if (op instanceof dev.tilewright.core.edit.RestoreCells restore) {
            cellsOf(restore.layerId(), new TileRect(restore.x(), restore.y(), restore.width(), restore.height()), at,
                    grid, output);
        } else if (op instanceof SetProperty set) {
            whole[0] |= set.objectId() == null && set.layerId() != null && concerns(set.layerId(), at);
        } else if (op instanceof UpdateLayer update) {
            whole[0] |= concerns(update.layerId(), at);
        } else if (op instanceof AddLayer add) {
            whole[0] |= add.layerId() != null && concerns(add.layerId(), at);
        } else if (op instanceof AddTileset add) {
            whole[0] |= add.tilesetId() == at.tileset().tilesetId();
        } else if (op instanceof RemoveTileset remove) {
            whole[0] |= remove.tilesetId() == at.tileset().tilesetId();
        }
    }

    private static boolean concerns(int layerId, Attachment at) {
        return layerId == at.intGrid() || layerId == at.output();
    }

    private static void cellsOf(int layerId, TileRect rect, Attachment at, List<TileRect> grid, List<TileRect> output) {
        if (layerId == at.intGrid()) {
            grid.add(rect);
        } else if (layerId == at.output()) {
            output.add(rect);
        }
    }
}
