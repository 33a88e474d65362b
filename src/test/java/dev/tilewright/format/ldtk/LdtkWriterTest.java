package dev.tilewright.format.ldtk;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.format.TiledMap;
import dev.tilewright.format.Warnings;
import dev.tilewright.support.LdtkSamples;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * LDtk's samples imported and written back: the file is valid against LDtk 1.5.3's own JSON schema (a validator
 * library, draft-07), and holds what the sample holds (semantic diff 0): every level, its place, size and iids,
 * every layer instance with its IntGrid cells, the tiles LDtk baked (position, source, flips, tile, rule and anchor,
 * alpha, in order), the painted tiles of each cell in order, every entity with its place, size and fields, and the
 * definitions (rules, enums, tilesets, entities) as they came.
 */
public class LdtkWriterTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    public static Schema schema() throws Exception {
        try (InputStream in = LdtkWriterTest.class.getResourceAsStream("/ldtk/JSON_SCHEMA.json")) {
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7).getSchema(in);
        }
    }

    static byte[] export(Path file) throws Exception {
        LdtkProject project = LdtkAutoTilesTest.read(file);
        // an atlas not kept beside the project (the samples in the test resources): the export does not read it
        List<LdtkMaps.LevelMap> levels = LdtkMaps.convert(project, file.toString(), r -> {
            byte[] beside = LdtkSamples.beside(file, r);
            return beside != null ? beside : new byte[0];
        }, 4096, 4096, 1L, new Warnings());
        List<LdtkWriter.Level> written = new ArrayList<>();
        Map<Long, Tileset> tilesets = new HashMap<>();
        for (int i = 0; i < levels.size(); i++) {
            TiledMap level = levels.get(i).map();
            TileMap map = LdtkAutoTilesTest.map(level);
            for (int t = 0; t < level.tilesets().size(); t++) {
                tilesets.put(t + 1L, level.tilesets().get(t).tileset());
            }
            // the map model names itself by its file; a stored map is named by its level
            map.setName(levels.get(i).name());
            written.add(new LdtkWriter.Level(i + 1, map, levels.get(i).worldX(), levels.get(i).worldY()));
        }
        // tilesets numbered per map by the helper: the same LDtk tileset order in each level of these samples
        return LdtkWriter.write(LdtkProject.read(project.withoutLevels(), "defs", r -> null, 0), written, tilesets,
                new Warnings());
    }

    @Test
    void everySampleWrittenBackIsValidAndHoldsWhatItHeld() throws Exception {
        Schema schema = schema();
        int files = 0;
        for (Path file : LdtkSamples.projects()) {
            JsonNode original = LdtkAutoTilesTest.whole(file);
            assertThat(schema.validate(original)).as("LDtk's own " + file.getFileName() + " (the schema is the "
                    + "one it follows)").isEmpty();
            JsonNode ours = JSON.readTree(export(file));
            assertThat(schema.validate(ours)).as(file.getFileName() + " as written").isEmpty();
            assertSameHoldings(file.getFileName().toString(), semantic(original), semantic(ours));
            files++;
        }
        assertThat(files).isEqualTo(5);
    }

    @Test
    void moreOfLdtksSamplesWrittenBackAreValidAndHoldWhatTheyHeld() throws Exception {
        Schema schema = schema();
        Path dir = Path.of(LdtkWriterTest.class.getResource("/ldtk/samples").toURI());
        List<Path> files;
        try (var list = Files.list(dir)) {
            files = list.filter(f -> f.toString().endsWith(".ldtk")).sorted().toList();
        }
        assertThat(files).hasSize(4);
        for (Path file : files) {
            JsonNode ours = JSON.readTree(export(file));
            assertThat(schema.validate(ours)).as(file.getFileName() + " as written").isEmpty();
            assertSameHoldings(file.getFileName().toString(), semantic(LdtkAutoTilesTest.whole(file)), semantic(ours));
        }
    }

    @Test
    void theSchemaRefusesWhatLdtkCannotRead() throws Exception {
        Path file = LdtkSamples.projects().get(0);
        ObjectNode ours = (ObjectNode) JSON.readTree(export(file));
        ((ObjectNode) ours.get("levels").get(0)).remove("pxWid");
        ((ObjectNode) ours.get("levels").get(0).get("layerInstances").get(0)).put("__cWid", "wide");
        assertThat(schema().validate(ours)).hasSizeGreaterThanOrEqualTo(2);
    }

    /** The same keys with the same values; a difference is named by its key, with both values cut short. */
    public static void assertSameHoldings(String what, Map<String, Object> expected, Map<String, Object> actual) {
        java.util.Set<String> keys = new java.util.TreeSet<>(expected.keySet());
        keys.addAll(actual.keySet());
        List<String> differing = new ArrayList<>();
        for (String key : keys) {
            String a = String.valueOf(expected.get(key));
            String b = String.valueOf(actual.get(key));
            if (!a.equals(b)) {
                int at = 0;
                while (at < Math.min(a.length(), b.length()) && a.charAt(at) == b.charAt(at)) {
                    at++;
                }
                int from = Math.max(0, at - 60);
                differing.add(key + ": expected ..." + a.substring(from, Math.min(a.length(), at + 100)) + " but was ..."
                        + b.substring(from, Math.min(b.length(), at + 100)));
            }
        }
        assertThat(differing).as(what + ": " + differing.size() + " differ").isEmpty();
    }

    /** What a project holds, as comparable values: LDtk's own bookkeeping left out. */
    public static Map<String, Object> semantic(JsonNode project) {
        Map<String, Object> out = new TreeMap<>();
        out.put("defs", project.get("defs"));
        out.put("worldLayout", project.path("worldLayout"));
        for (JsonNode level : project.get("levels")) {
            String at = "level " + level.get("identifier").asString();
            for (String field : List.of("iid", "uid", "pxWid", "pxHei", "__bgColor")) {
                out.put(at + " " + field, level.get(field));
            }
            if (!project.path("worldLayout").asString("").startsWith("Linear")) {
                out.put(at + " at", level.get("worldX") + "," + level.get("worldY"));
            }
            Map<String, Object> fields = new TreeMap<>();
            level.get("fieldInstances").forEach(f -> fields.put(f.get("__identifier").asString(), f.get("__value")));
            out.put(at + " fields", fields);
            JsonNode layers = level.get("layerInstances");
            if (layers == null || layers.isNull()) {
                layers = JSON.createArrayNode();
            }
            for (JsonNode layer : layers) {
                String l = at + " layer " + layer.get("__identifier").asString();
                for (String field : List.of("iid", "layerDefUid", "__type", "__cWid", "__cHei", "seed",
                        "optionalRules", "intGridCsv", "autoLayerTiles", "pxOffsetX", "pxOffsetY", "visible")) {
                    out.put(l + " " + field, layer.get(field));
                }
                // painted tiles: each cell's in order (LDtk lists cells in the order they were painted)
                Map<Integer, List<String>> byCell = new TreeMap<>();
                for (JsonNode tile : layer.get("gridTiles")) {
                    byCell.computeIfAbsent(tile.get("d").get(0).asInt(), k -> new ArrayList<>()).add(tile.toString());
                }
                out.put(l + " gridTiles", byCell);
                for (JsonNode entity : layer.get("entityInstances")) {
                    String e = l + " entity " + entity.get("iid").asString();
                    Map<String, Object> held = new LinkedHashMap<>();
                    for (String field : List.of("__identifier", "defUid", "px", "width", "height", "__grid",
                            "__pivot")) {
                        held.put(field, entity.get(field));
                    }
                    Map<String, Object> values = new TreeMap<>();
                    entity.get("fieldInstances").forEach(f -> values.put(f.get("__identifier").asString(),
                            f.get("__value")));
                    held.put("fields", values);
                    out.put(e, held);
                }
            }
        }
        return out;
    }
}
