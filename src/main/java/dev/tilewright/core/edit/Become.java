package dev.tilewright.core.edit;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.GroupLayer;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.Orientation;
import dev.tilewright.core.model.TileMap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The one op that makes a map hold what another map holds: a file pushed from a repository becoming the map's next
 * version. Its map properties, settings and grid settings are set where they differ; a tile layer whose cells alone
 * differ gets the cells that differ put back, a chunk at a time; any other layer that differs (its attributes, objects, image) is
 * removed and made again as it is in the other map, with its id; when the layers' ids, kinds or groups differ in
 * order, all layers are made again; tilesets are added and removed, the collision grid's overrides set. What no op
 * changes (the size, the tile size, the offset and background) is named instead, and then nothing is changed.
 */
public final class Become {

    /**
     * @param op      the ops, in one batch (empty when the maps hold the same)
     * @param refused what differs that the op cannot change (empty when it makes the maps equal)
     * @param kept    what differs that stays as it is, and is not content (Tiled's editor settings)
     */
    public record Result(Batch op, List<String> refused, List<String> kept) {
    }

    private Become() {
    }

    private static String describe(Orientation o) {
        return o.kind().fileName() + (o.staggers() ? ", stagger " + o.staggerAxis() + " " + o.staggerIndex() : "")
                + (o.kind() == Orientation.Kind.HEXAGONAL ? ", side " + o.hexSideLength() : "")
                + (o.skewX() != 0 || o.skewY() != 0 ? ", skew " + o.skewX() + " " + o.skewY() : "");
    }

    /** The op that makes {@code from} hold what {@code to} holds, or what keeps it from doing so. */
    public static Result of(TileMap from, TileMap to) {
        List<String> refused = new ArrayList<>();
        if (from.width() != to.width() || from.height() != to.height()) {
            refused.add("the size (" + from.width() + "x" + from.height() + " tiles here, " + to.width() + "x"
                    + to.height() + " in the file)");
        }
        if (from.tileWidth() != to.tileWidth() || from.tileHeight() != to.tileHeight()) {
            refused.add("the tile size (" + from.tileWidth() + "x" + from.tileHeight() + " here, " + to.tileWidth()
                    + "x" + to.tileHeight() + " in the file)");
        }
        Orientation here = from.settings().orientation();
        Orientation there = to.settings().orientation();
        if (!here.equals(there)) {
            refused.add("the orientation (" + describe(here) + " here, " + describe(there) + " in the file)");
        }
        List<MapOp> addTilesets = new ArrayList<>();
        List<MapOp> removeTilesets = new ArrayList<>();
        boolean clash = !tilesets(from, to, addTilesets, removeTilesets);
        if (!from.offset().equals(to.offset()) || !Objects.equals(from.backgroundColor(), to.backgroundColor())) {
            refused.add("the map's offset or background colour");
        }
        List<String> kept = new ArrayList<>();
        if (!Objects.equals(from.settings().editor(), to.settings().editor())) {
            kept.add("Tiled's editor settings (chunk size, export target)");
        }
        if (!refused.isEmpty()) {
            return new Result(new Batch(List.of()), List.copyOf(refused), List.copyOf(kept));
        }
        List<MapOp> ops = new ArrayList<>(clash ? List.of() : addTilesets);
        var a = from.settings();
        var b = to.settings();
        if (!Objects.equals(a.className(), b.className()) || !Objects.equals(a.renderOrder(), b.renderOrder())
                || !Objects.equals(a.parallaxOrigin(), b.parallaxOrigin()) || !Objects.equals(a.infinite(), b.infinite())) {
            ops.add(new UpdateMap(b.className(), b.renderOrder(), b.parallaxOrigin(), b.infinite()));
        }
        // grid settings change only without overrides: they are cleared first and all set again after
        boolean cleared = !from.gridSettings().equals(to.gridSettings()) && from.gridOverrides().count() > 0;
        if (cleared) {
            ops.add(new OverrideGrid(true, List.of()));
        }
        if (!from.gridSettings().equals(to.gridSettings())) {
            ops.add(new SetGrid(to.gridSettings()));
        }
        Set<String> names = new LinkedHashSet<>();
        from.properties().all().forEach(p -> names.add(p.name()));
        to.properties().all().forEach(p -> names.add(p.name()));
        for (String name : names) {
            Optional<Property> was = from.properties().get(name);
            Optional<Property> now = to.properties().get(name);
            if (!was.equals(now)) {
                ops.add(new SetProperty(null, null, name, now.orElse(null)));
            }
        }
        if (clash) {
            removeAll(from.layers(), ops);
            ops.addAll(removeTilesets);
            ops.addAll(addTilesets);
            ops.addAll(LayerOps.recreateAll(to.layers()));
        } else {
            layers(from.layers(), to, ops);
        }
        overrides(cleared ? null : from, to, ops);
        if (!clash) {
            ops.addAll(removeTilesets);
        }
        return new Result(new Batch(ops), List.of(), List.copyOf(kept));
    }

    /**
     * The tilesets the other map uses and this one does not, added first (before a cell shows their tiles), and those
     * it no longer uses, removed last. False when that does not give the other map's tilesets (one used at another
     * first gid or in another order, or added where one removed had its gids): then the layers go first, every
     * tileset is taken off and the other map's put on in its order, and the layers are made again.
     */
    private static boolean tilesets(TileMap from, TileMap to, List<MapOp> add, List<MapOp> remove) {
        java.util.Map<Long, MapTileset> now = new java.util.LinkedHashMap<>();
        to.tilesets().forEach(t -> now.put(t.tilesetId(), t));
        java.util.Set<Long> was = new java.util.HashSet<>();
        List<MapTileset> after = new ArrayList<>();
        for (MapTileset t : from.tilesets()) {
            was.add(t.tilesetId());
            if (now.containsKey(t.tilesetId())) {
                after.add(t);
            } else {
                remove.add(new RemoveTileset(t.tilesetId()));
            }
        }
        for (MapTileset t : to.tilesets()) {
            if (!was.contains(t.tilesetId())) {
                add.add(new AddTileset(t.tilesetId(), t.firstGid(), t.tileCount()));
                after.add(t);
            }
        }
        if (after.equals(to.tilesets()) && !clash(add, remove, from)) {
            return true;
        }
        add.clear();
        remove.clear();
        from.tilesets().forEach(t -> remove.add(new RemoveTileset(t.tilesetId())));
        to.tilesets().forEach(t -> add.add(new AddTileset(t.tilesetId(), t.firstGid(), t.tileCount())));
        return false;
    }

    /** The collision grid's per-element overrides that differ (from none when {@code from} is null), set as they are. */
    private static void overrides(TileMap from, TileMap to, List<MapOp> ops) {
        java.util.Map<Long, Integer> was = new java.util.HashMap<>();
        if (from != null) {
            from.gridOverrides().forEach((x, y, sides) -> was.put((long) y << 32 | (x & 0xFFFFFFFFL), sides));
        }
        List<OverrideGrid.Element> changed = new ArrayList<>();
        to.gridOverrides().forEach((x, y, sides) -> {
            Integer before = was.remove((long) y << 32 | (x & 0xFFFFFFFFL));
            if (before == null || before != sides) {
                changed.add(new OverrideGrid.Element(x, y, sides));
            }
        });
        was.keySet().stream().sorted().forEach(key -> changed.add(new OverrideGrid.Element((int) (long) key,
                (int) (key >> 32), null)));
        if (!changed.isEmpty()) {
            ops.add(new OverrideGrid(false, changed));
        }
    }

    private static void layers(List<Layer> was, TileMap to, List<MapOp> ops) {
        List<Layer> now = to.layers();
        if (!sameTree(was, now)) {
            removeAll(was, ops);
            ops.addAll(LayerOps.recreateAll(now));
            return;
        }
        for (int i = 0; i < now.size(); i++) {
            Layer before = was.get(i);
            Layer after = now.get(i);
            if (before instanceof TileLayer tiles && after instanceof TileLayer next
                    && tiles.attributes().equals(next.attributes()) && tiles.bounds().equals(next.bounds())) {
                chunks(tiles, next, ops);
            } else if (!same(before, after)) {
                // the layer (a group with its layers) made again as it is now
                ops.add(new RemoveLayer(before.id()));
                int end = to.blockEnd(i);
                for (int j = i; j < end; j++) {
                    ops.addAll(LayerOps.recreate(now.get(j), j));
                }
                i = end - 1;
            }
        }
    }

    private static void removeAll(List<Layer> layers, List<MapOp> ops) {
        for (int i = layers.size() - 1; i >= 0; i--) {
            if (layers.get(i).parentId() == 0) {
                ops.add(new RemoveLayer(layers.get(i).id()));
            }
        }
    }

    /** Whether a tileset added takes gids of one removed. */
    private static boolean clash(List<MapOp> add, List<MapOp> remove, TileMap from) {
        for (MapOp added : add) {
            AddTileset t = (AddTileset) added;
            for (MapOp removed : remove) {
                long id = ((RemoveTileset) removed).tilesetId();
                MapTileset gone = from.tilesets().stream().filter(u -> u.tilesetId() == id).findFirst().orElseThrow();
                if (t.firstGid() < gone.firstGid() + gone.tileCount() && gone.firstGid() < t.firstGid() + t.tileCount()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The same layers, of the same kinds, in the same groups, in the same order. */
    private static boolean sameTree(List<Layer> a, List<Layer> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).id() != b.get(i).id() || a.get(i).kind() != b.get(i).kind()
                    || a.get(i).parentId() != b.get(i).parentId()) {
                return false;
            }
        }
        return true;
    }

    private static boolean same(Layer a, Layer b) {
        if (!a.attributes().equals(b.attributes())) {
            return false;
        }
        if (a instanceof ObjectLayer objects) {
            return List.copyOf(objects.objects()).equals(List.<MapObject>copyOf(((ObjectLayer) b).objects()));
        }
        if (a instanceof ImageLayer image) {
            return Objects.equals(image.image(), ((ImageLayer) b).image());
        }
        if (a instanceof TileLayer tiles) {
            return tiles.sameCells((TileLayer) b);
        }
        return a instanceof GroupLayer;
    }

    /** The chunks of a tile layer whose cells differ, put back as they are in the other. */
    private static void chunks(TileLayer was, TileLayer now, List<MapOp> ops) {
        TileRect bounds = now.bounds();
        for (int cy = 0; cy < now.chunksY(); cy++) {
            for (int cx = 0; cx < now.chunksX(); cx++) {
                if (was.chunk(cx, cy) == null && now.chunk(cx, cy) == null) {
                    continue;
                }
                TileRect rect = bounds.intersection(new TileRect(cx * TileLayer.CHUNK_SIZE, cy * TileLayer.CHUNK_SIZE,
                        TileLayer.CHUNK_SIZE, TileLayer.CHUNK_SIZE));
                int[] cells = now.read(rect);
                int[] before = was.read(rect);
                if (!Arrays.equals(before, cells)) {
                    // only the cells that differ are written (a history counts what a push changed, not its chunks)
                    byte[] written = new byte[(cells.length + 7) / 8];
                    for (int i = 0; i < cells.length; i++) {
                        if (cells[i] != before[i]) {
                            written[i >> 3] |= (byte) (1 << (i & 7));
                        }
                    }
                    ops.add(PutRegion.masked(now.id(), rect, cells, written));
                }
            }
        }
    }
}
