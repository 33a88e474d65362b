package dev.tilewright.cli;

import dev.tilewright.core.check.Check;
import dev.tilewright.core.check.CheckResult;
import dev.tilewright.core.check.CheckRules;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One thing a failed check found, where it is: a tile ({@code tile x,y} of a layer), an object ({@code object N}),
 * (what a failed search was to reach: its object, or the tile of its point), or the map as a whole. What a baseline keeps ({@code map}, {@code check}, {@code at}) and SARIF reports, each with
 * its location.
 *
 * @param layerId the layer of the tile or object (null: none named)
 * @param tileX   the tile's column (null: not a tile)
 * @param object  the object's id (null: not an object)
 */
record Finding(String map, String check, String type, String at, String message, Integer layerId, Integer tileX,
               Integer tileY, Integer object) {

    /** What a baseline matches a finding by. */
    String key() {
        return map + "\n" + check + "\n" + at;
    }

    /** The findings of a failed result: each cell or object it names, else the check as a whole. */
    static List<Finding> of(String map, TileMap read, Check check, CheckResult result) {
        List<Finding> found = new ArrayList<>();
        if (result.passed()) {
            return found;
        }
        Map<String, Object> details = result.details() == null ? Map.of() : result.details();
        if (details.get("cells") instanceof List<?> cells && !cells.isEmpty()) {
            Integer layer = tileLayer(read, check);
            for (Object c : cells) {
                Map<?, ?> cell = (Map<?, ?>) c;
                int x = ((Number) cell.get("x")).intValue();
                int y = ((Number) cell.get("y")).intValue();
                found.add(new Finding(map, result.name(), result.type(), "tile " + x + "," + y,
                        "empty cell " + x + "," + y + ": " + result.message(), layer, x, y, null));
            }
        } else if (details.get("offending") instanceof List<?> objects && !objects.isEmpty()) {
            for (Object o : objects) {
                Map<?, ?> object = (Map<?, ?>) o;
                Integer id = object.get("id") instanceof Number n ? n.intValue() : null;
                Object name = object.get("name");
                found.add(new Finding(map, result.name(), result.type(), "object " + id,
                        "object " + id + (name == null || name.toString().isEmpty() ? "" : " '" + name + "'") + ": "
                                + result.message(), ((Number) object.get("layerId")).intValue(), null, null, id));
            }
        } else if (goal(read, check) != null) {
            // a search that failed: where it was to get to
            CheckRules.Named goal = goal(read, check);
            found.add(new Finding(map, result.name(), result.type(), "object " + goal.object().id(), result.message(),
                    goal.layer().id(), null, null, goal.object().id()));
        } else if (check.to() != null && check.to().x() != null && check.to().y() != null) {
            // or the tile of the point it was to get to
            Position tile = read.projection().pixelToTile(new Position(check.to().x() - read.offset().x(),
                    check.to().y() - read.offset().y()));
            int x = (int) Math.floor(tile.x());
            int y = (int) Math.floor(tile.y());
            found.add(new Finding(map, result.name(), result.type(), "tile " + x + "," + y, result.message(), null,
                    x, y, null));
        } else {
            found.add(new Finding(map, result.name(), result.type(), "map", result.message(), null, null, null,
                    null));
        }
        return found;
    }

    private static CheckRules.Named goal(TileMap map, Check check) {
        CheckRules.Named named = CheckRules.named(map, check.to());
        return named == null || named.object().id() == null ? null : named;
    }

    private static Integer tileLayer(TileMap map, Check check) {
        for (Layer layer : map.layers()) {
            if (layer instanceof TileLayer && (check.layerId() != null ? layer.id() == check.layerId()
                    : layer.name().equals(check.layer()))) {
                return layer.id();
            }
        }
        return null;
    }
}
