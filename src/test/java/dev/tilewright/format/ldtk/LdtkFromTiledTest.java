package dev.tilewright.format.ldtk;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.GroupLayer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.ListItem;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.PropertyType;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.format.TiledFormatException;
import dev.tilewright.format.Warnings;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Maps that did not come from LDtk written as an LDtk project: valid against LDtk 1.5.3's schema; every painted tile
 * of each tile layer is a tile of the Tiles layer of its tileset, at its cell, with its flips; IntGrid cells are the
 * grid's; objects are entities of their class with their box and fields; read back by the importer, the maps hold the
 * same tiles and cells; and the report says what LDtk could not hold.
 */
class LdtkFromTiledTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** A 16 px tileset of an image 100x64 (6 whole columns, LDtk counts a 7th), margin 1, spacing 0. */
    private static Tileset terrain(Map<Integer, TileData> tiles) {
        Tileset grid = Tileset.grid("terrain", 100, 66, 16, 16, 1, 0, null);
        return new Tileset("terrain", 16, 16, 1, 0, grid.columns(), grid.tileCount(), 100, 66, null, 0, 0,
                "art/terrain.png", Properties.EMPTY, tiles);
    }

    private static Tileset props() {
        Tileset grid = Tileset.grid("props", 64, 32, 16, 16, 0, 0, null);
        return new Tileset("props 2", 16, 16, 0, 0, grid.columns(), grid.tileCount(), 64, 32, null, 0, 0,
                "art/props.png", Properties.EMPTY, Map.of());
    }

    @Test
    void aTiledWorldIsWrittenAsAnLdtkProjectThatHoldsItsTilesCellsAndObjects() throws Exception {
        Map<Integer, TileData> data = new HashMap<>();
        // tile 8: row 1, column 2 of 6 whole columns; LDtk's 7 columns make it tile 9
        data.put(8, new TileData(Properties.EMPTY.with(Property.of("kind", "grass")), null, null,
                List.of(new TileData.Frame(8, 100), new TileData.Frame(9, 100)), null, null));
        Tileset terrain = terrain(data);
        Tileset props = props();
        Map<Long, Tileset> stored = Map.of(11L, terrain, 12L, props);
        Random random = new Random(46);
        List<LdtkWriter.Level> levels = new ArrayList<>();
        List<TileMap> maps = new ArrayList<>();
        for (int m = 0; m < 2; m++) {
            TileMap map = new TileMap("room " + m, 12, 9, 16, 16, new Position(0, 0), "#203040",
                    List.of(new MapTileset(11, 1, terrain.tileCount()), new MapTileset(12, 1 + terrain.tileCount(),
                            props.tileCount())), Properties.EMPTY.with(Property.of("difficulty", 3L)), 10, 20);
            // scrolling at a quarter of the camera's speed: LDtk's factor 0.75
            TileLayer ground = new TileLayer(1, new LayerAttributes("ground", true, false, 1.0, Difference.ZERO, null,
                    null, Properties.EMPTY, null, new dev.tilewright.core.model.Parallax(0.25, 1), null, null), 12, 9);
            TileLayer deco = new TileLayer(2, LayerAttributes.named("deco"), 12, 9);
            for (int y = 0; y < 9; y++) {
                for (int x = 0; x < 12; x++) {
                    ground.set(x, y, 1 + random.nextInt(terrain.tileCount()) | (random.nextInt(4) == 0
                            ? Gid.FLIP_HORIZONTAL : 0) | (random.nextInt(5) == 0 ? Gid.FLIP_VERTICAL : 0));
                    if (random.nextInt(3) == 0) {
                        // both tilesets in one layer
                        deco.set(x, y, random.nextBoolean() ? 1 + random.nextInt(terrain.tileCount())
                                : 1 + terrain.tileCount() + random.nextInt(props.tileCount()));
                    }
                }
            }
            deco.set(0, 0, 2 | Gid.FLIP_DIAGONAL);
            TileLayer walls = new TileLayer(3, LayerAttributes.named("walls").withProperties(Properties.EMPTY
                    .with(Property.of(TileLayer.INTGRID, true))), 12, 9);
            for (int i = 0; i < 30; i++) {
                walls.set(random.nextInt(12), random.nextInt(9), 1 + random.nextInt(2));
            }
            GroupLayer group = new GroupLayer(4, LayerAttributes.named("details"));
            ObjectLayer things = new ObjectLayer(5, LayerAttributes.named("things"));
            things.setParentId(4);
            things.put(new MapObject(1, "chest", "Chest", ObjectShape.RECTANGLE, 32, 48, 16.0, 16.0, 0.0, null,
                    true, null, null, Properties.EMPTY.with(Property.of("gold", 25L))
                    .with(Property.of("locked", true)).with(new Property("tint", PropertyType.COLOR, "#ff8000"))
                    .with(new Property("opens", PropertyType.OBJECT, 2L))
                    .with(new Property("codes", PropertyType.LIST, List.of(new ListItem(PropertyType.INT, 1L),
                            new ListItem(PropertyType.INT, 2L))))));
            things.put(new MapObject(2, "door", "", ObjectShape.ELLIPSE, 80, 16, 32.0, 16.0, 0.0, null, true, null,
                    null, Properties.EMPTY.with(new Property("speed", PropertyType.FLOAT, 1.5))));
            things.put(new MapObject(3, "", "Path", ObjectShape.POLYLINE, 10, 10, 0.0, 0.0, 0.0, null, true,
                    List.of(new Difference(0, 0), new Difference(20, 5)), null, Properties.EMPTY));
            map.insertLayer(0, ground);
            map.insertLayer(1, deco);
            map.insertLayer(2, walls);
            map.insertLayer(3, group);
            map.insertLayer(4, things);
            maps.add(map);
            levels.add(new LdtkWriter.Level(100 + m, map, m * 192, 0));
        }
        Warnings warnings = new Warnings();
        LdtkFromTiled.Made made = LdtkFromTiled.define("Islands", levels, stored,
                List.of(new LdtkFromTiled.Value(1, "wall", "#c04040"), new LdtkFromTiled.Value(2, "water",
                        "#2060ff")), warnings);
        List<LdtkWriter.Level> assigned = levels.stream().map(l -> new LdtkWriter.Level(l.mapId(), l.map(),
                l.worldX(), l.worldY(), made.layerDefs().get(l.mapId()))).toList();
        byte[] file = LdtkWriter.write(made, assigned, stored, warnings);
        JsonNode project = JSON.readTree(file);
        assertThat(LdtkWriterTest.schema().validate(project)).isEmpty();

        List<String> report = warnings.list().stream().map(Warnings.Warning::what).toList();
        assertThat(report).anyMatch(w -> w.contains("turned by 90 degrees")).anyMatch(w -> w.contains("2 tilesets"))
                .anyMatch(w -> w.contains("animated tiles")).anyMatch(w -> w.contains("group 'details'"))
                .anyMatch(w -> w.contains("polyline objects"));
        assertThat(project.get("levels")).hasSize(2);
        JsonNode groundDef = null;
        for (JsonNode def : project.get("defs").get("layers")) {
            groundDef = def.get("identifier").asString().equals("Ground") ? def : groundDef;
        }
        assertThat(groundDef.get("parallaxFactorX").asDouble()).isEqualTo(0.75);
        assertThat(groundDef.get("parallaxFactorY").asDouble()).isEqualTo(0.0);
        JsonNode terrainDef = project.get("defs").get("tilesets").get(0);
        assertThat(terrainDef.get("__cWid").asInt()).isEqualTo(7);
        assertThat(terrainDef.get("customData").toString()).isEqualTo("[{\"tileId\":9,\"data\":"
                + "\"{\\\"kind\\\":\\\"grass\\\"}\"}]");
        for (int m = 0; m < 2; m++) {
            JsonNode level = project.get("levels").get(m);
            TileMap map = maps.get(m);
            assertThat(level.get("identifier").asString()).isEqualTo("room " + m);
            assertThat(level.get("worldX").asInt()).isEqualTo(m * 192);
            assertThat(level.get("__bgColor").asString()).isEqualTo("#203040");
            assertThat(level.get("fieldInstances").toString()).as("the map's properties as level fields")
                    .contains("\"__identifier\":\"Difficulty\"", "\"__value\":3");
            Map<String, JsonNode> layers = new HashMap<>();
            level.get("layerInstances").forEach(l -> layers.put(l.get("__identifier").asString(), l));
            assertThat(layers).containsOnlyKeys("Ground", "Deco_terrain", "Deco_props_2", "Walls", "Things");
            assertTiles(layers.get("Ground"), (TileLayer) map.layer(1).orElseThrow(), 1, terrain, 7);
            assertTiles(layers.get("Deco_terrain"), (TileLayer) map.layer(2).orElseThrow(), 1, terrain, 7);
            assertTiles(layers.get("Deco_props_2"), (TileLayer) map.layer(2).orElseThrow(), 1 + terrain.tileCount(),
                    props, 4);
            List<Integer> csv = new ArrayList<>();
            layers.get("Walls").get("intGridCsv").forEach(v -> csv.add(v.asInt()));
            TileLayer walls = (TileLayer) map.layer(3).orElseThrow();
            for (int i = 0; i < csv.size(); i++) {
                assertThat(csv.get(i)).isEqualTo(walls.get(i % 12, i / 12));
            }
            JsonNode entities = layers.get("Things").get("entityInstances");
            assertThat(entities).hasSize(3);
            JsonNode chest = entities.get(0);
            assertThat(chest.get("__identifier").asString()).isEqualTo("Chest");
            assertThat(chest.get("px").toString()).isEqualTo("[32,48]");
            Map<String, String> fields = new HashMap<>();
            chest.get("fieldInstances").forEach(f -> fields.put(f.get("__identifier").asString(),
                    f.get("__value").toString()));
            assertThat(fields).containsEntry("Gold", "25").containsEntry("Locked", "true")
                    .containsEntry("Tint", "\"#FF8000\"").containsEntry("Codes", "[1,2]")
                    .containsEntry("Opens", "{\"entityIid\":\"" + entities.get(1).get("iid").asString()
                            + "\",\"layerIid\":\"" + layers.get("Things").get("iid").asString() + "\",\"levelIid\":\""
                            + level.get("iid").asString() + "\",\"worldIid\":\"" + project.get("dummyWorldIid")
                            .asString() + "\"}");
            assertThat(entities.get(1).get("__identifier").asString()).as("a class from the name").isEqualTo("Door");
        }

        // read back as an LDtk import reads a project: the same tiles in the same cells, the same IntGrid
        LdtkProject back = LdtkProject.read(file, "Islands.ldtk", r -> null, 1_000_000);
        List<LdtkMaps.LevelMap> again = LdtkMaps.convert(back, "Islands.ldtk", r -> new byte[0], 100, 100, null,
                new Warnings());
        for (int m = 0; m < 2; m++) {
            TileMap read = LdtkAutoTilesTest.map(again.get(m).map());
            TileLayer ground = (TileLayer) maps.get(m).layer(1).orElseThrow();
            TileLayer groundBack = read.layers().stream().filter(l -> l.attributes().name().equals("Ground"))
                    .map(TileLayer.class::cast).findFirst().orElseThrow();
            int firstBack = read.tilesets().get(again.get(m).map().tilesets().indexOf(again.get(m).map().tilesets()
                    .stream().filter(t -> t.tileset().name().equals("Terrain")).findFirst().orElseThrow()))
                    .firstGid();
            assertThat(groundBack.attributes().parallax()).as("LDtk's factor back as Tiled's")
                    .isEqualTo(new dev.tilewright.core.model.Parallax(0.25, 1));
            for (int y = 0; y < 9; y++) {
                for (int x = 0; x < 12; x++) {
                    assertThat(groundBack.get(x, y) - firstBack + 1).as("ground " + x + "," + y)
                            .isEqualTo(ground.get(x, y));
                }
            }
        }
    }

    /** Each cell of the layer drawing from the tileset (gids from firstGid) is one tile of the LDtk layer. */
    private static void assertTiles(JsonNode layer, TileLayer tiles, int firstGid, Tileset tileset,
                                    int ldtkColumns) {
        Map<Integer, JsonNode> byCell = new HashMap<>();
        layer.get("gridTiles").forEach(t -> byCell.put(t.get("d").get(0).asInt(), t));
        int count = 0;
        for (int y = 0; y < tiles.height(); y++) {
            for (int x = 0; x < tiles.width(); x++) {
                int gid = tiles.get(x, y);
                int local = Gid.id(gid) - firstGid;
                if (gid == 0 || local < 0 || local >= tileset.tileCount()) {
                    continue;
                }
                count++;
                JsonNode tile = byCell.get(x + y * tiles.width());
                assertThat(tile).as(layer.get("__identifier") + " at " + x + "," + y).isNotNull();
                int column = local % tileset.columns();
                int row = local / tileset.columns();
                assertThat(tile.get("t").asInt()).isEqualTo(row * ldtkColumns + column);
                assertThat(tile.get("px").toString()).isEqualTo("[" + x * 16 + "," + y * 16 + "]");
                assertThat(tile.get("src").toString()).isEqualTo("[" + (tileset.margin() + column * 16) + ","
                        + (tileset.margin() + row * 16) + "]");
                assertThat(tile.get("f").asInt()).isEqualTo(((gid & Gid.FLIP_HORIZONTAL) != 0 ? 1 : 0)
                        | ((gid & Gid.FLIP_VERTICAL) != 0 ? 2 : 0));
            }
        }
        assertThat(layer.get("gridTiles")).hasSize(count);
    }

    /**
     * A project made here (not by LDtk), with what the samples do not use: an enum tagging tiles, custom data on a
     * tile, an entity's enum field, a layer's parallax. It comes in as tile properties, property types, a string of
     * the enum's type and Tiled's parallax, and goes back out holding what it held.
     */
    @Test
    void aHandMadeProjectsEnumsTileTagsCustomDataAndParallaxComeInAndGoBackOut() throws Exception {
        Tileset terrain = terrain(Map.of());
        TileMap map = new TileMap("den", 6, 4, 16, 16, new Position(0, 0), null, List.of(new MapTileset(11, 1,
                terrain.tileCount())), Properties.EMPTY, 10, 20);
        TileLayer ground = new TileLayer(1, LayerAttributes.named("ground"), 6, 4);
        ground.fill(ground.bounds(), 8);
        ObjectLayer things = new ObjectLayer(2, LayerAttributes.named("things"));
        things.put(new MapObject(1, "rock", "Boulder", ObjectShape.RECTANGLE, 16, 16, 16.0, 16.0, 0.0, null, true,
                null, null, Properties.EMPTY.with(Property.of("weight", 7L))));
        map.insertLayer(0, ground);
        map.insertLayer(1, things);
        List<LdtkWriter.Level> levels = List.of(new LdtkWriter.Level(1, map, 0, 0));
        Map<Long, Tileset> stored = Map.of(11L, terrain);
        LdtkFromTiled.Made made = LdtkFromTiled.define("Den", levels, stored, List.of(), new Warnings());
        tools.jackson.databind.node.ObjectNode project = (tools.jackson.databind.node.ObjectNode) JSON.readTree(
                LdtkWriter.write(made, List.of(new LdtkWriter.Level(1, map, 0, 0, made.layerDefs().get(1L))), stored,
                        new Warnings()));
        // what LDtk's editor would add: an enum, tiles tagged with it, custom data, an enum field, parallax
        tools.jackson.databind.node.ObjectNode defs = (tools.jackson.databind.node.ObjectNode) project.get("defs");
        int enumUid = project.get("nextUid").asInt();
        project.put("nextUid", enumUid + 2);
        defs.withArray("enums").add(JSON.readTree("{\"identifier\":\"Kind\",\"uid\":" + enumUid + ",\"values\":["
                + "{\"id\":\"Rock\",\"tileRect\":null,\"color\":0},{\"id\":\"Water\",\"tileRect\":null,"
                + "\"color\":0}],\"iconTilesetUid\":null,\"externalRelPath\":null,\"externalFileChecksum\":null,"
                + "\"tags\":[]}"));
        tools.jackson.databind.node.ObjectNode tileset = (tools.jackson.databind.node.ObjectNode) defs.get("tilesets")
                .get(0);
        tileset.put("tagsSourceEnumUid", enumUid);
        // LDtk's tile 9 is the map's local tile 8 (row 1, column 2; LDtk counts 7 columns, the map 6)
        tileset.set("enumTags", JSON.readTree("[{\"enumValueId\":\"Rock\",\"tileIds\":[9,1]},"
                + "{\"enumValueId\":\"Water\",\"tileIds\":[9]}]"));
        tileset.set("customData", JSON.readTree("[{\"tileId\":9,\"data\":\"spawn=true\"}]"));
        tools.jackson.databind.node.ObjectNode boulder = (tools.jackson.databind.node.ObjectNode) defs.get("entities")
                .get(0);
        tools.jackson.databind.node.ObjectNode kind = ((tools.jackson.databind.node.ObjectNode) boulder
                .get("fieldDefs").get(0)).deepCopy();
        kind.put("identifier", "kind").put("__type", "LocalEnum.Kind").put("type", "F_Enum(" + enumUid + ")")
                .put("uid", enumUid + 1);
        boulder.withArray("fieldDefs").add(kind);
        tools.jackson.databind.node.ObjectNode entity = (tools.jackson.databind.node.ObjectNode) project.get("levels")
                .get(0).get("layerInstances").get(0).get("entityInstances").get(0);
        entity.withArray("fieldInstances").add(JSON.readTree("{\"__identifier\":\"kind\",\"__type\":"
                + "\"LocalEnum.Kind\",\"__value\":\"Water\",\"__tile\":null,\"defUid\":" + (enumUid + 1)
                + ",\"realEditorValues\":[{\"id\":\"V_String\",\"params\":[\"Water\"]}]}"));
        for (JsonNode layer : defs.get("layers")) {
            if (layer.get("identifier").asString().equals("Ground")) {
                ((tools.jackson.databind.node.ObjectNode) layer).put("parallaxFactorX", 0.5);
            }
        }
        byte[] file = JSON.writeValueAsBytes(project);
        assertThat(LdtkWriterTest.schema().validate(project)).as("the hand-made project is LDtk's").isEmpty();

        LdtkProject read = LdtkProject.read(file, "Den.ldtk", r -> null, 1_000_000);
        Warnings warnings = new Warnings();
        LdtkTypes types = LdtkTypes.of(read, warnings);
        dev.tilewright.format.TiledMap level = LdtkMaps.convert(read, "Den.ldtk", r -> new byte[0], 100, 100, 1L,
                types, warnings).get(0).map();
        TileData tagged = level.tilesets().get(0).tileset().tiles().get(8);
        assertThat(tagged.properties().get("Kind").orElseThrow().value()).isEqualTo("Rock,Water");
        assertThat(tagged.properties().get(LdtkMaps.CUSTOM_DATA).orElseThrow().value()).isEqualTo("spawn=true");
        assertThat(level.tilesets().get(0).tileset().tiles().get(1).properties().get("Kind").orElseThrow().value())
                .isEqualTo("Rock");
        assertThat(types.types().named("Kind").orElseThrow().values()).containsExactly("Rock", "Water");
        assertThat(types.types().named("Boulder").orElseThrow().members().get("kind").orElseThrow().propertyType())
                .isEqualTo("Kind");
        ObjectLayer objects = (ObjectLayer) level.layers().stream().filter(l -> l instanceof ObjectLayer).findFirst()
                .orElseThrow();
        Property field = objects.objects().iterator().next().properties().get("kind").orElseThrow();
        assertThat(field.value()).isEqualTo("Water");
        assertThat(field.propertyType()).isEqualTo("Kind");
        assertThat(level.layers().stream().filter(l -> l.attributes().name().equals("Ground")).findFirst()
                .orElseThrow().attributes().parallax()).isEqualTo(new dev.tilewright.core.model.Parallax(0.5, 1));

        // back out, as its LDtk project: what it held
        TileMap back = LdtkAutoTilesTest.map(level);
        back.setName("den");
        Map<Long, Tileset> backTilesets = Map.of(1L, level.tilesets().get(0).tileset());
        JsonNode again = JSON.readTree(LdtkWriter.write(LdtkProject.read(read.withoutLevels(), "defs", r -> null, 0),
                List.of(new LdtkWriter.Level(1, back, 0, 0)), backTilesets, new Warnings()));
        assertThat(LdtkWriterTest.schema().validate(again)).isEmpty();
        LdtkWriterTest.assertSameHoldings("the hand-made project", LdtkWriterTest.semantic(project),
                LdtkWriterTest.semantic(again));
    }

    @Test
    void anIsometricMapIsRefusedNamingIt() {
        TileMap iso = new TileMap("diamonds", 4, 4, 32, 16, new Position(0, 0), List.of(), Properties.EMPTY, 1, 1);
        iso.setSettings(iso.settings().withOrientation(dev.tilewright.core.model.Orientation.of("isometric", null,
                null, 0)));
        assertThatThrownBy(() -> LdtkFromTiled.define("p", List.of(new LdtkWriter.Level(1, iso, 0, 0)), Map.of(),
                List.of(), new Warnings())).isInstanceOf(TiledFormatException.class)
                .hasMessageContaining("diamonds").hasMessageContaining("orthogonal");
    }
}
