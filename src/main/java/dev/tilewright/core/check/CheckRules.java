package dev.tilewright.core.check;

import dev.tilewright.core.check.Check.Area;
import dev.tilewright.core.check.Check.Spot;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.PropertyType;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.refusal.Refused;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What each type of check needs, and the checks that need nothing but the map (cells and objects) worked out on
 * it. The ones that search the collision grid ({@code reachable}, {@code blocked}) go through {@link Searches};
 * {@link CheckRun} runs a map's checks.
 */
public final class CheckRules {

    private CheckRules() {
    }

    /** The map property the checks are kept in, as a JSON string. */
    public static final String PROPERTY = "tilewright.checks";
    /** The most offending cells or objects a result names (its counts stay exact). */
    public static final int MOST_NAMED = 100;
    /** The most tiles of a path a result gives. */
    public static final int MOST_PATH = 1000;

    /** Refuses checks that could never run: names missing or repeated, unknown types, required fields absent. */
    public static void validate(List<Check> checks) {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < checks.size(); i++) {
            Check check = checks.get(i);
            String at = "checks[" + i + "].";
            if (check == null || check.name() == null || check.name().isBlank()) {
                throw Refused.invalidField(at + "name", "Each check has a name (shown with its result).");
            }
            if (!names.add(check.name())) {
                throw Refused.invalidField(at + "name", "Two checks are named '" + check.name() + "'.");
            }
            CheckType type = CheckType.named(check.type(), at + "type");
            switch (type) {
                case REACHABLE, BLOCKED -> {
                    spot(check.from(), at + "from");
                    spot(check.to(), at + "to");
                    if (type == CheckType.REACHABLE && (check.box() == null || check.box().width() == null
                            || check.box().height() == null)) {
                        throw Refused.invalidField(at + "box", "reachable needs the size of what moves: "
                                + "\"box\": {\"width\": 12, \"height\": 14}.");
                    }
                }
                case NO_EMPTY_CELLS -> {
                    if (check.layer() == null && check.layerId() == null) {
                        throw Refused.invalidField(at + "layer", "noEmptyCells names its tile layer: \"layer\" "
                                + "(its name) or \"layerId\".");
                    }
                }
                case OBJECTS_HAVE_PROPERTY -> {
                    if (check.objectClass() == null || check.property() == null) {
                        throw Refused.invalidField(at + (check.objectClass() == null ? "class" : "property"),
                                "objectsHaveProperty names the objects' class and the property: {\"class\": \"door\", "
                                        + "\"property\": \"target\"}.");
                    }
                }
                case INSIDE_MAP -> {
                }
            }
        }
    }

    private static void spot(Spot spot, String field) {
        if (spot == null || (spot.object() == null && spot.objectId() == null
                && (spot.x() == null || spot.y() == null))) {
            throw Refused.invalidField(field, "A place is {\"x\": 40, \"y\": 72} (world pixels) or an object: "
                    + "{\"object\": \"spawn\"} or {\"objectId\": 3}.");
        }
    }

    /** An object a spot names, and its layer. */
    public record Named(ObjectLayer layer, MapObject object) {
    }

    /** The object a spot names; null when the spot is a point, or no object of the map is so named. */
    public static Named named(TileMap map, Spot spot) {
        if (spot == null || spot.object() == null && spot.objectId() == null) {
            return null;
        }
        for (Layer layer : map.layers()) {
            if (layer instanceof ObjectLayer objects) {
                for (MapObject o : objects.objects()) {
                    if (spot.objectId() != null ? o.id() != null && o.id().equals(spot.objectId())
                            : spot.object().equals(o.name())) {
                        return new Named(objects, o);
                    }
                }
            }
        }
        return null;
    }

    /** Where a spot is on a map, in world pixels (an object's top-left corner); null when its object is not there. */
    static double[] where(TileMap map, Spot spot) {
        if (spot.object() == null && spot.objectId() == null) {
            return new double[]{spot.x(), spot.y()};
        }
        Named named = named(map, spot);
        if (named == null) {
            return null;
        }
        double[] box = named.object().box(map);
        return new double[]{box[0] + map.offset().x(), box[1] + map.offset().y()};
    }

    static CheckResult noEmptyCells(TileMap map, Check check) {
        TileLayer layer = null;
        for (Layer l : map.layers()) {
            if (l instanceof TileLayer tiles && (check.layerId() != null ? l.id() == check.layerId()
                    : l.name().equals(check.layer()))) {
                layer = tiles;
                break;
            }
        }
        if (layer == null) {
            return CheckResult.failed(check, "The map has no tile layer " + (check.layerId() != null ? check.layerId()
                    : "'" + check.layer() + "'") + ".", Map.of());
        }
        Area a = check.area();
        int x0 = Math.max(0, a == null || a.x() == null ? 0 : a.x());
        int y0 = Math.max(0, a == null || a.y() == null ? 0 : a.y());
        int x1 = Math.min(layer.width(), a == null || a.width() == null ? layer.width() : x0 + a.width());
        int y1 = Math.min(layer.height(), a == null || a.height() == null ? layer.height() : y0 + a.height());
        long empty = 0;
        List<Map<String, Object>> cells = new ArrayList<>();
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                if (layer.get(x, y) == 0) {
                    if (empty++ < MOST_NAMED) {
                        cells.add(ordered("x", x, "y", y));
                    }
                }
            }
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("area", ordered("x", x0, "y", y0, "width", Math.max(0, x1 - x0), "height",
                Math.max(0, y1 - y0)));
        details.put("emptyCells", empty);
        details.put("cells", cells);
        return empty == 0 ? CheckResult.passed(check, "No empty cell in layer '" + layer.name() + "'.", details)
                : CheckResult.failed(check, empty + " empty cells in layer '" + layer.name() + "'.", details);
    }

    static CheckResult objectsHaveProperty(TileMap map, Check check) {
        List<Map<String, Object>> lacking = new ArrayList<>();
        int seen = 0;
        int missing = 0;
        for (Layer layer : map.layers()) {
            if (layer instanceof ObjectLayer objects) {
                for (MapObject o : objects.drawn()) {
                    if (!check.objectClass().equals(o.type())) {
                        continue;
                    }
                    seen++;
                    Property p = o.properties() == null ? null : o.properties().get(check.property()).orElse(null);
                    // an object reference of 0 points at nothing
                    boolean blank = p == null || p.value() == null || p.value().toString().isBlank()
                            || p.type() == PropertyType.OBJECT && p.value() instanceof Number n && n.longValue() == 0;
                    if (blank && missing++ < MOST_NAMED) {
                        lacking.add(ref(layer, o));
                    }
                }
            }
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("objects", seen);
        details.put("lacking", missing);
        details.put("offending", lacking);
        String of = " objects of class '" + check.objectClass() + "' ";
        return missing == 0 ? CheckResult.passed(check, "All " + seen + of + "have '" + check.property() + "'.",
                details)
                : CheckResult.failed(check, missing + " of " + seen + of + "lack '" + check.property() + "'.", details);
    }

    static CheckResult insideMap(TileMap map, Check check) {
        // objects live in pixel space: the map there spans tile (0,0) to tile (width, height)
        Position far = map.projection().tileToPixel(map.width(), map.height());
        double width = far.x();
        double height = far.y();
        List<Map<String, Object>> outside = new ArrayList<>();
        int count = 0;
        for (Layer layer : map.layers()) {
            if (layer instanceof ObjectLayer objects && (check.layerId() != null ? layer.id() == check.layerId()
                    : check.layer() == null || layer.name().equals(check.layer()))) {
                for (MapObject o : objects.drawn()) {
                    double[] b = o.box(map);
                    if ((b[0] < 0 || b[1] < 0 || b[0] + b[2] > width || b[1] + b[3] > height) && count++ < MOST_NAMED) {
                        outside.add(ref(layer, o));
                    }
                }
            }
        }
        return count == 0 ? CheckResult.passed(check, "Every object lies inside the map.",
                ordered("offending", outside))
                : CheckResult.failed(check, count + " objects lie (partly) outside the map.",
                ordered("offending", outside, "outside", count));
    }

    /**
     * Keys and values as a map that keeps their order (a result's JSON is the same bytes each run: {@code Map.of}
     * iterates in an order each JVM picks).
     */
    static Map<String, Object> ordered(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    private static Map<String, Object> ref(Layer layer, MapObject o) {
        Map<String, Object> ref = new LinkedHashMap<>();
        ref.put("layerId", layer.id());
        ref.put("id", o.id());
        ref.put("name", o.name());
        ref.put("x", o.x());
        ref.put("y", o.y());
        return ref;
    }

}
