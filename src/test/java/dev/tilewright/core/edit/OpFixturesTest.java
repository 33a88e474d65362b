package dev.tilewright.core.edit;

import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.GroupLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.MapSettings;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.web.DomainJson;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

/**
 * The op rules exist twice, here in {@code core/edit} and in {@code frontend/model/ops.js}; both are held to one set
 * of cases in {@code src/test/resources/fixtures/ops/} (frontend/test/op-fixtures.test.js runs the same files).
 * Each case: a map before, an op, and either the map after, the op as applied and its inverse (which must take
 * the map back to before), or the field a refusal names (and the map unchanged). See {@link OpFixtures} for the
 * file format.
 */
class OpFixturesTest {

    static final Path DIR = Path.of("src/test/resources/fixtures/ops");
    private static final JsonMapper JSON = DomainJson.mapper();

    @TestFactory
    Stream<DynamicTest> everyCase() throws IOException {
        return OpFixtures.cases(DIR).stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> run(c)));
    }

    /** A new op type without fixtures should feel wrong: every type the server reads has at least two cases. */
    @Test
    void everyOpTypeHasAtLeastTwoCases() throws IOException {
        Map<String, Integer> counts = new TreeMap<>();
        for (OpFixtures.Case c : OpFixtures.cases(DIR)) {
            counts.merge(c.json().get("op").get("type").asString(), 1, Integer::sum);
        }
        assertThat(counts.keySet()).containsExactlyInAnyOrderElementsOf(OpFixtures.OP_TYPES);
        counts.forEach((type, n) -> assertThat(n).as("cases of " + type).isGreaterThanOrEqualTo(2));
    }

    private static void run(OpFixtures.Case fixture) {
        JsonNode c = fixture.json();
        TileMap map = build(c.get("before"));
        Past past = past(build(c.get("before")));
        MapOp op = JSON.treeToValue(c.get("op"), MapOp.class);
        if (c.has("refused")) {
            String field = c.get("refused").asString();
            assertThatThrownBy(() -> op.resolve(past).applyTo(map)).isInstanceOfSatisfying(InvalidOpException.class,
                    e -> assertThat(e.field()).as("the refused field").isEqualTo(field));
            OpFixtures.assertMatches(state(map), OpFixtures.expanded(c.get("before")), "the map after the refusal");
            return;
        }
        Applied applied = op.resolve(past).applyTo(map);
        OpFixtures.assertMatches(state(map), OpFixtures.expanded(c.get("after")), "the map after the op");
        TileMap replayed = build(c.get("before"));
        applied.op().resolve(past).replayOn(replayed);
        OpFixtures.assertMatches(state(replayed), OpFixtures.expanded(c.get("after")), "the map after a replay");
        if (c.has("applied")) {
            OpFixtures.assertMatches(JSON.valueToTree(applied.op()), c.get("applied"), "the op as applied");
        }
        if (c.has("inverse")) {
            OpFixtures.assertMatches(JSON.valueToTree(applied.inverse()), c.get("inverse"), "the inverse");
        }
        applied.inverse().applyTo(map);
        // ids are never reused, so the next free ids stay where the op took them
        OpFixtures.assertMatches(state(map), OpFixtures.withoutIdCounters(OpFixtures.expanded(c.get("before"))),
                "the map after the inverse");
    }

    /** The past of a case's map (for ops that read it, restoreCells): versions 1..10, each the map before. */
    private static Past past(TileMap before) {
        return new Past() {
            @Override
            public long version() {
                return 10;
            }

            @Override
            public dev.tilewright.core.model.TileLayer tileLayer(long version, int layerId) {
                return before.layer(layerId).orElse(null) instanceof dev.tilewright.core.model.TileLayer tiles ? tiles
                        : null;
            }
        };
    }

    /** The map a case starts from. */
    static TileMap build(JsonNode before) {
        List<MapTileset> tilesets = new ArrayList<>();
        for (JsonNode t : before.path("tilesets")) {
            tilesets.add(new MapTileset(t.get("tilesetId").asLong(), t.get("firstGid").asInt(), t.get("tileCount").asInt()));
        }
        TileMap map = new TileMap(before.path("name").asString("fixture"), before.get("width").asInt(),
                before.get("height").asInt(), before.path("tileWidth").asInt(16), before.path("tileHeight").asInt(16),
                Position.ORIGIN, tilesets, JSON.treeToValue(before.path("properties").isMissingNode()
                ? JSON.createArrayNode() : before.get("properties"), Properties.class),
                before.path("nextLayerId").asInt(1), before.path("nextObjectId").asInt(1));
        if (before.has("settings")) {
            map.setSettings(JSON.treeToValue(before.get("settings"), MapSettings.class));
        }
        int index = 0;
        for (JsonNode l : before.path("layers")) {
            LayerAttributes attributes = JSON.treeToValue(l.get("attributes"), LayerAttributes.class);
            int id = l.get("id").asInt();
            Layer layer = switch (l.get("type").asString()) {
                case "tile" -> {
                    TileLayer tiles = new TileLayer(id, attributes, map.width(), map.height());
                    tiles.write(tiles.bounds(), OpFixtures.cells(l.get("cells"), map.width(), map.height()));
                    yield tiles;
                }
                case "object" -> {
                    ObjectLayer objects = new ObjectLayer(id, attributes);
                    for (JsonNode o : l.path("objects")) {
                        objects.put(JSON.treeToValue(o, MapObject.class));
                    }
                    yield objects;
                }
                case "group" -> new GroupLayer(id, attributes);
                default -> fail("fixtures have tile, object and group layers, not " + l.get("type"));
            };
            layer.setParentId(l.path("parentId").asInt(0));
            map.insertLayer(index++, layer);
        }
        map.markClean();
        return map;
    }

    /** The map as the fixtures write it (cells as the full row-major list). */
    static JsonNode state(TileMap map) {
        ObjectNode state = JSON.createObjectNode();
        state.put("name", map.name());
        state.put("width", map.width());
        state.put("height", map.height());
        state.put("tileWidth", map.tileWidth());
        state.put("tileHeight", map.tileHeight());
        state.put("nextLayerId", map.nextLayerId());
        state.put("nextObjectId", map.nextObjectId());
        state.set("tilesets", JSON.valueToTree(map.tilesets()));
        state.set("properties", JSON.valueToTree(map.properties()));
        state.set("settings", JSON.valueToTree(map.settings()));
        state.set("gridSettings", JSON.valueToTree(map.gridSettings()));
        List<int[]> overrides = new ArrayList<>();
        map.gridOverrides().forEach((x, y, sides) -> overrides.add(new int[]{x, y, sides}));
        overrides.sort(Comparator.<int[]>comparingInt(o -> o[1]).thenComparingInt(o -> o[0]));
        state.set("gridOverrides", JSON.valueToTree(overrides));
        ArrayNode layers = state.putArray("layers");
        for (Layer layer : map.layers()) {
            ObjectNode l = layers.addObject();
            l.put("id", layer.id());
            l.put("type", layer.kind().wireName());
            l.put("parentId", layer.parentId());
            l.set("attributes", JSON.valueToTree(layer.attributes()));
            if (layer instanceof TileLayer tiles) {
                ArrayNode cells = l.putArray("cells");
                for (int gid : tiles.read(new TileRect(0, 0, tiles.width(), tiles.height()))) {
                    cells.add(Integer.toUnsignedLong(gid));
                }
            } else if (layer instanceof ObjectLayer objects) {
                l.set("objects", JSON.valueToTree(List.copyOf(objects.objects())));
            } else if (layer instanceof ImageLayer) {
                l.put("image", true);
            }
        }
        return state;
    }
}
