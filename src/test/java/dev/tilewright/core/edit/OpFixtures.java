package dev.tilewright.core.edit;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.fail;

/**
 * Reads the shared op cases. A file holds {@code {"cases": [...]}}; a case is {@code {name, before, op, after,
 * applied?, inverse?}} or {@code {name, before, op, refused}}. A map ({@code before}, {@code after}) has {@code
 * width}, {@code height}, {@code tilesets}, {@code nextLayerId}, {@code nextObjectId}, {@code layers: [{id, type,
 * attributes, cells | objects}]} and optionally {@code name}, {@code properties}, {@code settings}, {@code gridSettings}, {@code
 * gridOverrides: [[x, y, sides]]}. Cells are the full row-major list, or {@code {"set": [[x, y, gid], ...]}} with
 * every other cell empty. Expected values match when every field they name is equal (numbers by value); an object
 * may have fields the case does not name, a list must have exactly the elements named.
 */
public final class OpFixtures {

    /** Every op type the server reads (web/JsonConfig's names). */
    static final List<String> OP_TYPES = List.of("paint", "fillRect", "putRegion", "addObject", "updateObject",
            "removeObject", "moveObject", "addLayer", "removeLayer", "moveLayer", "updateLayer", "renameMap", "updateMap", "setProperty",
            "setGrid",
            "overrideGrid", "addTileset", "removeTileset", "batch", "restoreCells");

    private static final JsonMapper JSON = JsonMapper.builder().build();

    public record Case(String name, JsonNode json) {
    }

    private OpFixtures() {
    }

    public static List<Case> cases(Path dir) throws IOException {
        List<Case> cases = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                for (JsonNode c : JSON.readTree(Files.readString(file)).get("cases")) {
                    cases.add(new Case(file.getFileName() + ": " + c.get("name").asString(), c));
                }
            }
        }
        if (cases.isEmpty()) {
            fail("no op fixtures under " + dir);
        }
        return cases;
    }

    /** A layer's cells from either form, row-major. */
    static int[] cells(JsonNode cells, int width, int height) {
        int[] gids = new int[width * height];
        if (cells == null || cells.isMissingNode()) {
            return gids;
        }
        if (cells.isArray()) {
            if (cells.size() != gids.length) {
                fail("a " + width + "x" + height + " layer has " + gids.length + " cells, the case lists " + cells.size());
            }
            for (int i = 0; i < gids.length; i++) {
                gids[i] = (int) cells.get(i).asLong();
            }
            return gids;
        }
        for (JsonNode set : cells.get("set")) {
            gids[set.get(1).asInt() * width + set.get(0).asInt()] = (int) set.get(2).asLong();
        }
        return gids;
    }

    /** Fails when {@code actual} does not match what {@code expected} names (see the class comment). */
    static void assertMatches(JsonNode actual, JsonNode expected, String what) {
        List<String> differences = new ArrayList<>();
        match(actual, expected, "", differences);
        if (!differences.isEmpty()) {
            fail(what + " differs from the case:\n  " + String.join("\n  ", differences) + "\nactual: " + actual);
        }
    }

    private static void match(JsonNode actual, JsonNode expected, String path, List<String> differences) {
        if (expected.isNumber()) {
            if (actual == null || !actual.isNumber() || actual.decimalValue().compareTo(expected.decimalValue()) != 0) {
                differences.add(path + ": expected " + expected + ", was " + actual);
            }
        } else if (expected.isObject()) {
            if (actual == null || !actual.isObject()) {
                differences.add(path + ": expected an object, was " + actual);
                return;
            }
            for (Map.Entry<String, JsonNode> field : expected.properties()) {
                JsonNode value = actual.get(field.getKey());
                if (field.getValue().isNull()) {
                    if (value != null && !value.isNull()) {
                        differences.add(path + "." + field.getKey() + ": expected none, was " + value);
                    }
                } else {
                    match(value, field.getValue(), path + "." + field.getKey(), differences);
                }
            }
        } else if (expected.isArray()) {
            if (actual == null || !actual.isArray() || actual.size() != expected.size()) {
                differences.add(path + ": expected " + expected.size() + " elements " + expected + ", was " + actual);
                return;
            }
            for (int i = 0; i < expected.size(); i++) {
                match(actual.get(i), expected.get(i), path + "[" + i + "]", differences);
            }
        } else if (actual == null || !actual.equals(expected)) {
            differences.add(path + ": expected " + expected + ", was " + actual);
        }
    }

    /** A map of a case without its next free ids (what an undo does not take back). */
    static JsonNode withoutIdCounters(JsonNode map) {
        tools.jackson.databind.node.ObjectNode copy = (tools.jackson.databind.node.ObjectNode) map.deepCopy();
        copy.remove("nextLayerId");
        copy.remove("nextObjectId");
        return copy;
    }

    /** A map of a case with every layer's cells as the full row-major list. */
    static JsonNode expanded(JsonNode map) {
        tools.jackson.databind.node.ObjectNode copy = (tools.jackson.databind.node.ObjectNode) map.deepCopy();
        int width = map.get("width").asInt();
        int height = map.get("height").asInt();
        for (JsonNode layer : copy.path("layers")) {
            if (layer.has("cells")) {
                ((tools.jackson.databind.node.ObjectNode) layer).set("cells",
                        JSON.valueToTree(java.util.Arrays.stream(cells(layer.get("cells"), width, height))
                                .mapToLong(Integer::toUnsignedLong).toArray()));
            }
        }
        return copy;
    }
}
