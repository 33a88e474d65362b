package dev.tilewright.core.history;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileLayer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A three-way merge of two versions of a map made from one base (a git merge driver's job): each cell, object,
 * property, layer's attributes and layer takes the side that changed it; where both sides changed the same one
 * differently it is a {@link Conflict} and ours stays. Layers and objects are matched by id.
 */
public final class ThreeWay {

    private ThreeWay() {
    }

    /** The most conflicts a merge names one by one (its count stays exact). */
    public static final int MOST_NAMED = 1000;

    /** What a version of a map brings to a merge: its layers (in order, groups before their members) and properties. */
    public record Side(List<Layer> layers, Properties properties) {
    }

    /**
     * Where both sides changed one thing differently: a {@code cell} (x, y of layer), an {@code object} (id of
     * layer), a map {@code property} (name), a layer's {@code attributes} or a whole {@code layer}; what each side
     * made of it.
     */
    public record Conflict(String kind, int layerId, int x, int y, Integer objectId, String name, String ours,
                           String theirs) {

        public String describe() {
            return switch (kind) {
                case "cell" -> "cell " + x + "," + y + " of layer " + layerId + ": ours " + ours + ", theirs " + theirs;
                case "object" -> "object " + objectId + " of layer " + layerId + ": changed on both sides";
                case "property" -> "property '" + name + "': ours " + ours + ", theirs " + theirs;
                case "attributes" -> "layer " + layerId + "'s attributes: changed on both sides";
                default -> "layer " + layerId + ": " + name;
            };
        }
    }

    /** The merged layers and properties, the conflicts named (at most {@link #MOST_NAMED}) and how many there were. */
    public record Merged(List<Layer> layers, Properties properties, List<Conflict> conflicts, long conflictCount) {
    }

    /** Merges theirs into ours over base. */
    public static Merged merge(Side base, Side ours, Side theirs) {
        Conflicts conflicts = new Conflicts();
        Map<Integer, Layer> b = byId(base.layers());
        Map<Integer, Layer> o = byId(ours.layers());
        Map<Integer, Layer> t = byId(theirs.layers());
        List<Layer> out = new ArrayList<>();
        for (Layer lo : ours.layers()) {
            Layer lb = b.get(lo.id());
            Layer lt = t.get(lo.id());
            if (lb == null) {
                // ours added it (theirs may have added one of that id too)
                if (lt != null && !same(lo, lt)) {
                    conflicts.add(new Conflict("layer", lo.id(), 0, 0, null, "added on both sides", null, null));
                }
                out.add(lo.copy());
            } else if (lt == null) {
                // theirs removed it: gone, unless ours changed it
                if (!same(lo, lb)) {
                    conflicts.add(new Conflict("layer", lo.id(), 0, 0, null, "removed by theirs, changed by ours",
                            null, null));
                    out.add(lo.copy());
                }
            } else {
                out.add(layer(lb, lo, lt, conflicts));
            }
        }
        Integer before = null;
        for (Layer lt : theirs.layers()) {
            if (!o.containsKey(lt.id())) {
                Layer lb = b.get(lt.id());
                boolean added = lb == null;
                if (!added && !same(lt, lb)) {
                    conflicts.add(new Conflict("layer", lt.id(), 0, 0, null, "removed by ours, changed by theirs",
                            null, null));
                }
                if (added || !same(lt, lb)) {
                    out.add(indexAfter(out, before), lt.copy());
                }
            }
            before = lt.id();
        }
        return new Merged(out, properties(base.properties(), ours.properties(), theirs.properties(), conflicts),
                List.copyOf(conflicts.named), conflicts.count);
    }

    /** Where a layer theirs added goes: after the layer before it in theirs, when the merge has that one. */
    private static int indexAfter(List<Layer> out, Integer before) {
        if (before != null) {
            for (int i = 0; i < out.size(); i++) {
                if (out.get(i).id() == before) {
                    return i + 1;
                }
            }
        }
        return before == null ? 0 : out.size();
    }

    private static Layer layer(Layer lb, Layer lo, Layer lt, Conflicts conflicts) {
        Layer merged;
        if (lo instanceof TileLayer to && lt instanceof TileLayer tt && lb instanceof TileLayer tb
                && to.width() == tb.width() && tt.width() == tb.width() && to.height() == tb.height()
                && tt.height() == tb.height()) {
            merged = cells(tb, to, tt, conflicts);
        } else if (lo instanceof ObjectLayer oo && lt instanceof ObjectLayer ot && lb instanceof ObjectLayer ob) {
            merged = objects(ob, oo, ot, conflicts);
        } else if (sameContent(lo, lb)) {
            merged = lt.copy();
        } else {
            if (!sameContent(lt, lb) && !sameContent(lo, lt)) {
                conflicts.add(new Conflict("layer", lo.id(), 0, 0, null, "changed on both sides", null, null));
            }
            merged = lo.copy();
        }
        LayerAttributes attributes = pick(lb.attributes(), lo.attributes(), lt.attributes());
        if (attributes == null) {
            conflicts.add(new Conflict("attributes", lo.id(), 0, 0, null, null, null, null));
            attributes = lo.attributes();
        }
        merged.setAttributes(attributes);
        merged.setParentId(lo.parentId() == lb.parentId() ? lt.parentId() : lo.parentId());
        return merged;
    }

    /** Each cell from the side that changed it, a row at a time. */
    private static TileLayer cells(TileLayer base, TileLayer ours, TileLayer theirs, Conflicts conflicts) {
        TileLayer merged = (TileLayer) ours.copy();
        if (theirs.sameCells(base) || ours.sameCells(theirs)) {
            return merged; // nothing of theirs to bring (chunk by chunk, copies' untouched chunks skipped)
        }
        for (int y = 0; y < base.height(); y++) {
            TileRect row = new TileRect(0, y, base.width(), 1);
            int[] b = base.read(row);
            int[] o = ours.read(row);
            int[] t = theirs.read(row);
            if (Arrays.equals(t, b) || Arrays.equals(o, t)) {
                continue;
            }
            boolean changed = false;
            for (int x = 0; x < b.length; x++) {
                if (t[x] == b[x] || o[x] == t[x]) {
                    continue;
                }
                if (o[x] == b[x]) {
                    o[x] = t[x];
                    changed = true;
                } else {
                    conflicts.add(new Conflict("cell", ours.id(), x, y, null, null, String.valueOf(o[x]),
                            String.valueOf(t[x])));
                }
            }
            if (changed) {
                merged.write(row, o);
            }
        }
        return merged;
    }

    /** Each object from the side that changed it (added, removed, changed), in ours' order, theirs' new ones after. */
    private static ObjectLayer objects(ObjectLayer base, ObjectLayer ours, ObjectLayer theirs, Conflicts conflicts) {
        ObjectLayer merged = new ObjectLayer(ours.id(), ours.attributes());
        Set<Integer> ids = new LinkedHashSet<>();
        ours.objects().forEach(o -> ids.add(o.id()));
        theirs.objects().forEach(o -> ids.add(o.id()));
        for (Integer id : ids) {
            MapObject b = base.object(id).orElse(null);
            MapObject o = ours.object(id).orElse(null);
            MapObject t = theirs.object(id).orElse(null);
            MapObject kept = pick(b, o, t);
            if (kept == null && !(Objects.equals(b, o) || Objects.equals(b, t) || Objects.equals(o, t))) {
                conflicts.add(new Conflict("object", ours.id(), 0, 0, id, null, null, null));
                kept = o != null ? o : t;
            } else if (kept == null) {
                continue; // removed
            }
            merged.put(kept);
        }
        return merged;
    }

    private static Properties properties(Properties base, Properties ours, Properties theirs, Conflicts conflicts) {
        Set<String> names = new LinkedHashSet<>(ours.byName().keySet());
        names.addAll(theirs.byName().keySet());
        Properties merged = ours;
        for (String name : names) {
            Property b = base.get(name).orElse(null);
            Property o = ours.get(name).orElse(null);
            Property t = theirs.get(name).orElse(null);
            if (Objects.equals(o, t) || Objects.equals(t, b)) {
                continue;
            }
            if (Objects.equals(o, b)) {
                merged = t == null ? merged.without(name) : merged.with(t);
            } else {
                conflicts.add(new Conflict("property", 0, 0, 0, null, name, o == null ? "(removed)"
                        : String.valueOf(o.value()), t == null ? "(removed)" : String.valueOf(t.value())));
            }
        }
        return merged;
    }

    /** The side that changed it (either, when they agree); null when both changed it differently. */
    private static <T> T pick(T base, T ours, T theirs) {
        if (Objects.equals(ours, theirs) || Objects.equals(theirs, base)) {
            return ours;
        }
        return Objects.equals(ours, base) ? theirs : null;
    }

    /** The same layer: kind, attributes, group and content. */
    static boolean same(Layer a, Layer b) {
        return a.kind() == b.kind() && a.attributes().equals(b.attributes()) && a.parentId() == b.parentId()
                && sameContent(a, b);
    }

    private static boolean sameContent(Layer a, Layer b) {
        if (a instanceof TileLayer ta && b instanceof TileLayer tb) {
            return ta.sameCells(tb);
        }
        if (a instanceof ObjectLayer oa && b instanceof ObjectLayer ob) {
            return new ArrayList<>(oa.objects()).equals(new ArrayList<>(ob.objects()));
        }
        if (a instanceof ImageLayer ia && b instanceof ImageLayer ib) {
            return Objects.equals(ia.image(), ib.image());
        }
        return a.kind() == b.kind();
    }

    private static Map<Integer, Layer> byId(List<Layer> layers) {
        Map<Integer, Layer> byId = new LinkedHashMap<>();
        layers.forEach(l -> byId.put(l.id(), l));
        return byId;
    }

    private static final class Conflicts {
        final List<Conflict> named = new ArrayList<>();
        long count;

        void add(Conflict conflict) {
            if (count++ < MOST_NAMED) {
                named.add(conflict);
            }
        }
    }
}
