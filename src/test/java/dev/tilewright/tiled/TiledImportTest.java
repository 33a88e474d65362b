package dev.tilewright.tiled;

import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import dev.tilewright.format.TiledExamples;
import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.Pngs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

@FeatureTest
@RequiresTools({Tool.TILED})
class TiledImportTest {

    @TempDir
    static Path dir;
    static Map<String, byte[]> examples;

    @LocalServerPort
    int port;
    Api api;

    @BeforeAll
    static void examples() throws Exception {
        TiledExamples.copy(dir);
        TiledExamples.tiled(dir, List.of("tiled", "--export-map", "json", "desert.tmx", "desert.tmj"));
        examples = TiledExamples.files(dir);
    }

    @BeforeEach
    void client() {
        api = new Api(port);
    }

    private static Map<String, byte[]> only(Predicate<String> paths) {
        return examples.entrySet().stream().filter(e -> paths.test(e.getKey()))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new));
    }

    private static Map<String, byte[]> desert(String mapText) {
        Map<String, byte[]> files = only(p -> p.equals("desert.tsx") || p.equals("tmw_desert_spacing.png"));
        files.put("desert.tmx", mapText.getBytes(StandardCharsets.UTF_8));
        return files;
    }

    private static String desertTmx() {
        return new String(examples.get("desert.tmx"), StandardCharsets.UTF_8);
    }

    private int stored() {
        return api.get("/api/v1/maps").json().size() * 1000 + api.get("/api/v1/tilesets").json().size();
    }

    private String cells(long mapId, String rect) {
        return api.get("/api/v1/maps/" + mapId + "/layers/1/cells?" + rect).json().get("gids").toString();
    }

    /** The paths of an import's warnings. */
    private static List<String> warned(Api.Response response) {
        List<String> paths = new java.util.ArrayList<>();
        response.json().get("warnings").values().forEach(w -> paths.add(w.get("path").asString()));
        return paths;
    }

    @Test
    void exportsWriteLayerDataAsTheMapCameInUnlessAskedOtherwise() {
        long zlib = api.postFiles("/api/v1/maps/import", desert(desertTmx())).json().get("id").asLong();
        assertThat(api.get("/api/v1/maps/" + zlib + "/export?format=tmx").text())
                .contains("<data encoding=\"base64\" compression=\"zlib\">");
        assertThat(api.get("/api/v1/maps/" + zlib + "/export?format=tmx&encoding=csv").text())
                .contains("<data encoding=\"csv\">");
        String csvTmx = desertTmx().replaceAll("(?s)<data encoding=\"base64\" compression=\"zlib\">.*?</data>",
                "<data encoding=\"csv\">" + String.join(",", java.util.Collections.nCopies(1600, "30")) + "</data>");
        long csv = api.postFiles("/api/v1/maps/import", desert(csvTmx)).json().get("id").asLong();
        assertThat(api.get("/api/v1/maps/" + csv + "/export?format=tmx").text()).contains("<data encoding=\"csv\">");
        // a map made here is written as CSV unless asked
        long made = api.newMap("here", 4, 4);
        assertThat(api.get("/api/v1/maps/" + made + "/export?format=tmx").text()).doesNotContain("base64");
    }

    @Test
    void theFilesNextIdsAreKeptSoIdsDeletedInTiledAreNeverGivenOutAgain() {
        String tmx = desertTmx().replace("nextlayerid=\"2\" nextobjectid=\"1\"",
                "nextlayerid=\"20\" nextobjectid=\"50\"");
        assertThat(tmx).contains("nextlayerid=\"20\"");
        Api.Response created = api.postFiles("/api/v1/maps/import", desert(tmx));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        long id = created.json().get("id").asLong();
        assertThat(created.json().get("nextLayerId").asInt()).isEqualTo(20);
        assertThat(created.json().get("nextObjectId").asInt()).isEqualTo(50);
        String exported = api.get("/api/v1/maps/" + id + "/export?format=tmx").text();
        assertThat(exported).contains("nextlayerid=\"20\"").contains("nextobjectid=\"50\"");

        // a layer added gets 20; deleted, its id is not given out again
        Api.Response added = api.postJson("/api/v1/maps/" + id + "/ops", "{\"ops\":[{\"type\":\"addLayer\","
                + "\"kind\":\"tile\",\"attributes\":{\"name\":\"new\"}}]}", "If-Match", "*");
        assertThat(added.status()).as(added.text()).isEqualTo(200);
        assertThat(added.json().get("applied").toString()).contains("\"layerId\":20");
        assertThat(api.postJson("/api/v1/maps/" + id + "/ops", "{\"ops\":[{\"type\":\"removeLayer\","
                + "\"layerId\":20}]}", "If-Match", "*").status()).isEqualTo(200);
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmj").text()).contains("\"nextlayerid\" : 21");
        // and the version before the first edit, rebuilt from the genesis, says the file's ids too
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmx&version=1").text())
                .contains("nextlayerid=\"20\"").contains("nextobjectid=\"50\"");
    }

    @Test
    void anInfiniteMapIsStoredAsItsContentAndExportedInfiniteInItsChunksUntilMadeFinite() {
        String chunk = "0,".repeat(255) + "30";
        String tmx = desertTmx().replace("infinite=\"0\"", "infinite=\"1\"").replaceAll(
                "(?s)<data encoding=\"base64\" compression=\"zlib\">.*?</data>",
                "<data encoding=\"csv\"><chunk x=\"-16\" y=\"32\" width=\"16\" height=\"16\">" + chunk
                        + "</chunk></data>");
        Api.Response created = api.postFiles("/api/v1/maps/import", desert(tmx));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(warned(created)).isEmpty();
        long id = created.json().get("id").asLong();
        JsonNode map = api.get("/api/v1/maps/" + id).json();
        assertThat(map.get("infinite").asBoolean()).isTrue();
        assertThat(map.get("width").asInt()).isEqualTo(16);
        assertThat(map.get("offset").toString()).isEqualTo("{\"x\":-512.0,\"y\":1024.0}");
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmx").text()).contains("infinite=\"1\"",
                "<chunk x=\"-16\" y=\"32\" width=\"16\" height=\"16\">");
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmj").text()).contains("\"infinite\" : true",
                "\"chunks\"", "\"startx\" : -16");
        // Tiled's "infinite" switch: off, the map is written finite (its cells as they are)
        assertThat(api.postJson("/api/v1/maps/" + id + "/ops", "{\"ops\":[{\"type\":\"updateMap\",\"infinite\":false}]}",
                "If-Match", "*").status()).isEqualTo(200);
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmx").text()).contains("infinite=\"0\"")
                .doesNotContain("<chunk");
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmx&version=1").text()).contains("<chunk x=\"-16\"");
    }

    @Test
    void aPropertyOfATypeNotKeptYetIsLeftOutWithAWarningAndTheRestImported() {
        String tmx = desertTmx().replace("<tileset firstgid", "<properties><property name=\"loot\" type=\"vector\" "
                + "value=\"1,2\"/><property name=\"title\" value=\"Desert\"/></properties><tileset firstgid");
        Api.Response created = api.postFiles("/api/v1/maps/import", desert(tmx));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(warned(created)).contains("desert.tmx.properties[loot]");
        assertThat(created.json().get("properties").toString()).contains("title").doesNotContain("loot");
    }

    @Test
    void listPropertiesAreKeptShownEditedAndExportedAsTiled112WritesThem() {
        // Tiled 1.12's lists: typed items, an enum's and a class's among them, a list in a list, an empty one
        String list = "<property name=\"loot\" type=\"list\"><value type=\"int\">3</value><value>gold &amp; gems</value>"
                + "<value type=\"string\" propertytype=\"Mood\">calm</value>"
                + "<value type=\"class\" propertytype=\"Look\"><properties><property name=\"hue\" type=\"int\" "
                + "value=\"40\"/></properties></value><value type=\"list\"><value type=\"bool\">true</value></value>"
                + "<value type=\"object\">7</value></property><property name=\"none\" type=\"list\"/>";
        String tmx = desertTmx().replace("<tileset firstgid", "<properties>" + list + "</properties><tileset firstgid");
        Api.Response created = api.postFiles("/api/v1/maps/import", desert(tmx));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(created.json().get("warnings").toString()).doesNotContain("loot").doesNotContain("none");
        JsonNode loot = property(created.json().get("properties"), "loot");
        assertThat(loot.get("type").asString()).isEqualTo("list");
        assertThat(loot.get("value")).hasSize(6);
        assertThat(loot.get("value").get(0).toString()).isEqualTo("{\"type\":\"int\",\"value\":3}");
        assertThat(loot.get("value").get(1).get("value").asString()).isEqualTo("gold & gems");
        assertThat(loot.get("value").get(2).get("propertyType").asString()).isEqualTo("Mood");
        assertThat(loot.get("value").get(3).get("value").get(0).get("value").asLong()).isEqualTo(40);
        assertThat(loot.get("value").get(4).get("value").get(0).get("value").asBoolean()).isTrue();
        long id = created.json().get("id").asLong();

        // exported as Tiled 1.12 writes it, in TMX and JSON
        String exported = api.get("/api/v1/maps/" + id + "/export?format=tmx").text();
        assertThat(exported).contains("<property name=\"loot\" type=\"list\">", "<value type=\"int\">3</value>",
                "<value>gold &amp; gems</value>", "<value propertytype=\"Mood\">calm</value>",
                "<value type=\"class\" propertytype=\"Look\">", "<property name=\"none\" type=\"list\"/>");
        JsonNode tmj = property(api.get("/api/v1/maps/" + id + "/export?format=tmj").json().get("properties"), "loot");
        assertThat(tmj.get("type").asString()).isEqualTo("list");
        assertThat(tmj.get("value").get(0).toString()).isEqualTo("{\"type\":\"int\",\"value\":3}");
        assertThat(tmj.get("value").get(3).toString())
                .isEqualTo("{\"type\":\"class\",\"propertytype\":\"Look\",\"value\":{\"hue\":40}}");

        // edited as any property: an item added by setProperty, stored and exported
        ArrayNode items = ((ArrayNode) loot.get("value").deepCopy());
        items.addObject().put("type", "float").put("value", 2.5);
        ObjectNode property = JsonNodeFactory.instance.objectNode().put("name", "loot").put("type", "list");
        property.set("value", items);
        ObjectNode op = JsonNodeFactory.instance.objectNode().put("type", "setProperty").put("name", "loot");
        op.set("property", property);
        Api.Response edited = api.postJson("/api/v1/maps/" + id + "/ops", "{\"ops\":[" + op + "]}", "If-Match", "\"1\"");
        assertThat(edited.status()).as(edited.text()).isEqualTo(200);
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmx").text()).contains("<value type=\"float\">2.5</value>");
        // an item of no known type is refused, naming it, and nothing changes
        Api.Response refused = api.postJson("/api/v1/maps/" + id + "/ops", "{\"ops\":[{\"type\":\"setProperty\","
                + "\"name\":\"loot\",\"property\":{\"name\":\"loot\",\"type\":\"list\",\"value\":[{\"type\":\"vector\"}]}}]}",
                "If-Match", "\"2\"");
        assertThat(refused.status()).as(refused.text()).isEqualTo(422);
        assertThat(refused.text()).contains("vector");
        assertThat(property(api.get("/api/v1/maps/" + id).json().get("properties"), "loot").get("value")).hasSize(7);
    }

    @Test
    void anObjectsOpacityIsKeptEditedWithinItsBoundsAndExported() {
        // Tiled 1.12's object opacity, in TMX; an opaque object has none
        String tmx = desertTmx().replace("</map>", "<objectgroup id=\"9\" name=\"things\">"
                + "<object id=\"1\" x=\"10\" y=\"20\" width=\"32\" height=\"32\" opacity=\"0.5\"/>"
                + "<object id=\"2\" x=\"50\" y=\"20\" width=\"8\" height=\"8\"/></objectgroup></map>");
        Api.Response created = api.postFiles("/api/v1/maps/import", desert(tmx));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(created.json().get("warnings").toString()).doesNotContain("opacity");
        long id = created.json().get("id").asLong();
        JsonNode objects = api.get("/api/v1/maps/" + id).json().get("layers").get(1).get("objects");
        assertThat(objects.get(0).get("opacity").asDouble()).isEqualTo(0.5);
        assertThat(objects.get(1).has("opacity")).as("opaque: none").isFalse();

        Api.Response edited = api.postJson("/api/v1/maps/" + id + "/ops", "{\"ops\":[{\"type\":\"updateObject\","
                + "\"layerId\":9,\"objectId\":2,\"patch\":{\"opacity\":0.25}}]}", "If-Match", "\"1\"");
        assertThat(edited.status()).as(edited.text()).isEqualTo(200);
        Api.Response refused = api.postJson("/api/v1/maps/" + id + "/ops", "{\"ops\":[{\"type\":\"updateObject\","
                + "\"layerId\":9,\"objectId\":2,\"patch\":{\"opacity\":1.5}}]}", "If-Match", "\"2\"");
        assertThat(refused.status()).as(refused.text()).isEqualTo(422);
        assertThat(refused.text()).contains("opacity");
        String exported = api.get("/api/v1/maps/" + id + "/export?format=tmx").text();
        assertThat(exported).contains("<object id=\"1\" x=\"10\" y=\"20\" width=\"32\" height=\"32\" opacity=\"0.5\"/>",
                "<object id=\"2\" x=\"50\" y=\"20\" width=\"8\" height=\"8\" opacity=\"0.25\"/>");
        JsonNode tmj = api.get("/api/v1/maps/" + id + "/export?format=tmj").json().get("layers").get(1).get("objects");
        assertThat(tmj.get(0).get("opacity").asDouble()).isEqualTo(0.5);
        assertThat(tmj.get(1).get("opacity").asDouble()).isEqualTo(0.25);
    }

    private static JsonNode property(JsonNode properties, String name) {
        for (JsonNode p : properties) {
            if (p.get("name").asString().equals(name)) {
                return p;
            }
        }
        throw new AssertionError("no property " + name + " in " + properties);
    }

    @Test
    void anImageLayerWithoutAnImageIsKeptWithItsPropertiesAndWrittenBackAsTiledWritesIt() {
        String tmx = desertTmx().replace("</map>", "<imagelayer id=\"11\" name=\"sky\" opacity=\"0.5\">"
                + "<properties><property name=\"later\" value=\"clouds.png\"/></properties></imagelayer></map>");
        Api.Response created = api.postFiles("/api/v1/maps/import", desert(tmx));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(warned(created)).isEmpty();
        long id = created.json().get("id").asLong();
        JsonNode sky = api.get("/api/v1/maps/" + id).json().get("layers").get(1);
        assertThat(sky.get("type").asString()).isEqualTo("image");
        assertThat(sky.has("image")).isFalse();
        assertThat(sky.get("properties").get(0).get("value").asString()).isEqualTo("clouds.png");
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmx").text()).contains(
                "<imagelayer id=\"11\" name=\"sky\" opacity=\"0.5\">\n  <properties>\n   <property name=\"later\" "
                        + "value=\"clouds.png\"/>\n  </properties>\n </imagelayer>");
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmj").text()).contains("\"image\" : \"\"");
        // it renders (as nothing) and exports in a zip like any map
        assertThat(api.get("/api/v1/maps/" + id + "/render.png?x=0&y=0&width=64&height=64").status()).isEqualTo(200);
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=zip").status()).isEqualTo(200);
        // an image layer may be added without an image by op too, and only an image layer has one
        assertThat(api.postJson("/api/v1/maps/" + id + "/ops", "{\"ops\":[{\"type\":\"addLayer\",\"kind\":\"image\","
                + "\"attributes\":{\"name\":\"empty\"}}]}", "If-Match", "*").status()).isEqualTo(200);
        Api.Response refused = api.postJson("/api/v1/maps/" + id + "/ops", "{\"ops\":[{\"type\":\"addLayer\","
                + "\"kind\":\"tile\",\"attributes\":{\"name\":\"t\"},\"image\":{\"source\":\"a.png\",\"width\":1,"
                + "\"height\":1,\"repeatX\":false,\"repeatY\":false}}]}", "If-Match", "*");
        assertThat(refused.status()).as(refused.text()).isEqualTo(422);
    }

    @Test
    void groupsParallaxRenderOrderAndCustomTypesAreKeptWithoutAWarning() {
        String tmx = desertTmx()
                .replaceFirst("<map ", "<map parallaxoriginx=\"5\" ")
                .replace("renderorder=\"right-down\"", "renderorder=\"left-up\"")
                .replace("</map>", "<group id=\"9\" name=\"decor\" tintcolor=\"#ff0000\">"
                        + "<properties><property name=\"kind\" type=\"class\" propertytype=\"Look\">"
                        + "<properties><property name=\"hue\" value=\"3\"/></properties></property>"
                        + "<property name=\"mood\" propertytype=\"Mood\" value=\"calm\"/></properties>"
                        + "<objectgroup id=\"10\" name=\"far\" parallaxx=\"0.5\"/></group>"
                        + "<imagelayer id=\"11\" name=\"nothing\"/></map>");
        Api.Response created = api.postFiles("/api/v1/maps/import", desert(tmx));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(created.json().get("id").asLong()).as("the map's JSON at the top level").isPositive();
        assertThat(created.json().get("layers").size()).as("the group is a layer of its own").isEqualTo(4);
        assertThat(created.json().get("layers").get(2).get("parentId").asInt()).isEqualTo(9);
        assertThat(warned(created)).doesNotContain("layers[decor]", "layers[nothing]",
                "tileset[Desert].wangsets", "layers[far].parallax", "map.renderorder", "map.parallaxorigin",
                "group[decor].properties[kind]", "group[decor].properties[mood].propertytype");

        // the JSON reader says the same
        String tmj = new String(examples.get("desert.tmj"), StandardCharsets.UTF_8)
                .replaceFirst("\"renderorder\":\\s*\"right-down\"", "\"renderorder\":\"left-up\"")
                .replaceFirst("\"layers\":\\s*\\[", "\"layers\":[{\"type\":\"group\",\"id\":9,\"name\":\"decor\","
                        + "\"layers\":[{\"type\":\"objectgroup\",\"id\":10,\"name\":\"far\",\"parallaxx\":0.5,"
                        + "\"objects\":[],\"properties\":[{\"name\":\"mood\",\"type\":\"string\",\"propertytype\":\"Mood\","
                        + "\"value\":\"calm\"}]}]},");
        Map<String, byte[]> json = only(p -> p.equals("desert.tsx") || p.equals("tmw_desert_spacing.png"));
        json.put("desert.tmj", tmj.getBytes(StandardCharsets.UTF_8));
        Api.Response fromJson = api.postFiles("/api/v1/maps/import", json);
        assertThat(fromJson.status()).as(fromJson.text()).isEqualTo(201);
        assertThat(warned(fromJson)).doesNotContain("layers[decor]",
                "objectgroup[far].properties[mood].propertytype", "layers[far].parallax", "map.renderorder");

        // a map with nothing Tiled-only in it has none; a tileset import says the same of its own parts
        Api.Response plain = api.postFiles("/api/v1/maps/import", desert(desertTmx()));
        assertThat(warned(plain)).isEmpty();
        Api.Response tileset = api.postFiles("/api/v1/tilesets/import",
                only(p -> p.equals("desert.tsx") || p.equals("tmw_desert_spacing.png")));
        assertThat(tileset.status()).isEqualTo(201);
        assertThat(tileset.json().get("name").asString()).isEqualTo("Desert");
        assertThat(warned(tileset)).isEmpty();
    }

    @Test
    void aLayersClassParallaxAndBlendModeAreKeptShownStoredAndExported() {
        String tmx = desertTmx().replaceFirst("<layer id=\"1\" name=\"Ground\"",
                "<layer id=\"1\" name=\"Ground\" class=\"Floor\" parallaxx=\"0.5\" parallaxy=\"0.75\" mode=\"multiply\"");
        assertThat(tmx).contains("mode=\"multiply\"");
        Api.Response created = api.postFiles("/api/v1/maps/import", desert(tmx));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(warned(created)).isEmpty();
        long id = created.json().get("id").asLong();
        JsonNode ground = api.get("/api/v1/maps/" + id).json().get("layers").get(0);
        assertThat(ground.get("className").asString()).isEqualTo("Floor");
        assertThat(ground.get("parallax").toString()).isEqualTo("{\"x\":0.5,\"y\":0.75}");
        assertThat(ground.get("blendMode").asString()).isEqualTo("multiply");
        String exported = api.get("/api/v1/maps/" + id + "/export?format=tmx").text();
        assertThat(exported).contains("class=\"Floor\"", "parallaxx=\"0.5\"", "parallaxy=\"0.75\"", "mode=\"multiply\"");
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmj").text())
                .contains("\"class\" : \"Floor\"", "\"parallaxx\" : 0.5", "\"mode\" : \"multiply\"");
        // an edit changes them like any attribute, and is undone by its inverse
        Api.Response patched = api.postJson("/api/v1/maps/" + id + "/ops", "{\"ops\":[{\"type\":\"updateLayer\","
                + "\"layerId\":1,\"patch\":{\"parallax\":{\"x\":1,\"y\":1},\"blendMode\":\"screen\"}}]}", "If-Match", "*");
        assertThat(patched.status()).as(patched.text()).isEqualTo(200);
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmx").text()).contains("mode=\"screen\"")
                .doesNotContain("parallaxx");
    }

    @Test
    void aMapsClassRenderOrderAndParallaxOriginAreKeptShownEditedAndExported() {
        String tmx = desertTmx().replace("renderorder=\"right-down\"", "class=\"Level\" renderorder=\"left-up\" "
                + "parallaxoriginx=\"64\" parallaxoriginy=\"-32\"");
        Api.Response created = api.postFiles("/api/v1/maps/import", desert(tmx));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(warned(created)).isEmpty();
        long id = created.json().get("id").asLong();
        JsonNode map = api.get("/api/v1/maps/" + id).json();
        assertThat(map.get("className").asString()).isEqualTo("Level");
        assertThat(map.get("renderOrder").asString()).isEqualTo("left-up");
        assertThat(map.get("parallaxOrigin").toString()).isEqualTo("{\"x\":64.0,\"y\":-32.0}");
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmx").text()).contains("class=\"Level\"",
                "renderorder=\"left-up\"", "parallaxoriginx=\"64\"", "parallaxoriginy=\"-32\"");
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmj").text()).contains("\"renderorder\" : \"left-up\"",
                "\"class\" : \"Level\"", "\"parallaxoriginx\" : 64");
        Api.Response changed = api.postJson("/api/v1/maps/" + id + "/ops", "{\"ops\":[{\"type\":\"updateMap\","
                + "\"renderOrder\":\"right-up\",\"className\":\"\"}]}", "If-Match", "*");
        assertThat(changed.status()).as(changed.text()).isEqualTo(200);
        String exported = api.get("/api/v1/maps/" + id + "/export?format=tmx").text();
        assertThat(exported).contains("renderorder=\"right-up\"").doesNotContain("class=\"Level\"");
        // the version before the edit, rebuilt from the genesis, still has the file's
        assertThat(api.get("/api/v1/maps/" + id + "/export?format=tmx&version=1").text()).contains("renderorder=\"left-up\"",
                "class=\"Level\"");
        Api.Response refused = api.postJson("/api/v1/maps/" + id + "/ops", "{\"ops\":[{\"type\":\"updateMap\","
                + "\"renderOrder\":\"sideways\"}]}", "If-Match", "*");
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().get("field").asString()).contains("renderOrder");
    }

    @Test
    void aTilesetsWangSetsAreKeptShownAndExported() {
        Api.Response tileset = api.postFiles("/api/v1/tilesets/import",
                only(p -> p.equals("desert.tsx") || p.equals("tmw_desert_spacing.png")));
        assertThat(tileset.status()).as(tileset.text()).isEqualTo(201);
        long id = tileset.json().get("id").asLong();
        JsonNode stored = api.get("/api/v1/tilesets/" + id).json();
        JsonNode set = stored.get("wangSets").get(0);
        assertThat(set.get("name").asString()).isEqualTo("Desert");
        assertThat(set.get("type").asString()).isEqualTo("corner");
        assertThat(set.get("colors").size()).isEqualTo(4);
        assertThat(set.get("tiles").size()).isEqualTo(48);
        assertThat(set.get("tiles").get("3").toString()).isEqualTo("[0,4,0,1,0,4,0,4]");
        assertThat(stored.get("objectAlignment").asString()).isEqualTo("unspecified");
        String tsx = api.get("/api/v1/tilesets/" + id + "/export?format=tsx").text();
        assertThat(tsx).contains("<wangset name=\"Desert\" type=\"corner\" tile=\"5\">")
                .contains("<wangtile tileid=\"3\" wangid=\"0,4,0,1,0,4,0,4\"/>");
        assertThat(api.get("/api/v1/tilesets/" + id + "/export?format=tsj").text()).contains("\"wangsets\"");
    }

    @Test
    void desertComesInWithItsExternalTilesetAsOneVersion() {
        Api.Response created = api.postFiles("/api/v1/maps/import",
                only(p -> p.equals("desert.tmx") || p.equals("desert.tsx") || p.equals("tmw_desert_spacing.png")));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        JsonNode map = created.json();
        long id = map.get("id").asLong();
        assertThat(created.header("Location")).isEqualTo("/api/v1/maps/" + id);
        assertThat(map.get("version").asLong()).isEqualTo(1);
        assertThat(map.get("width").asInt()).isEqualTo(40);
        assertThat(map.get("name").asString()).isEqualTo("desert");
        long tileset = map.get("tilesets").get(0).get("tilesetId").asLong();
        assertThat(api.get("/api/v1/tilesets/" + tileset).json().get("spacing").asInt()).isEqualTo(1);
        assertThat(api.get("/api/v1/tilesets/" + tileset + "/image").body()).isEqualTo(examples.get("tmw_desert_spacing.png"));
        assertThat(cells(id, "x=0&y=0&width=4&height=1")).isEqualTo("[30,30,30,30]");
    }

    @Test
    void tiledsJsonExportOfTheSameMapImportsToTheSameCells() {
        long fromTmx = api.postFiles("/api/v1/maps/import", only(p -> p.startsWith("desert.t") && !p.endsWith(".tmj")
                || p.equals("tmw_desert_spacing.png"))).json().get("id").asLong();
        Api.Response tmj = api.postFiles("/api/v1/maps/import", only(p -> p.equals("desert.tmj") || p.equals("desert.tsx")
                || p.equals("tmw_desert_spacing.png")));
        assertThat(tmj.status()).as(tmj.text()).isEqualTo(201);
        long fromTmj = tmj.json().get("id").asLong();
        assertThat(cells(fromTmj, "")).isEqualTo(cells(fromTmx, ""));
    }

    @Test
    void stickerKnightComesInWithImageCollectionTemplatesAndObjects() {
        Map<String, byte[]> files = only(p -> p.startsWith("sticker-knight/map/") && !p.endsWith("sandbox2.tmx"));
        Api.Response created = api.postFiles("/api/v1/maps/import", files);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        JsonNode layers = created.json().get("layers");
        int objects = 0;
        for (JsonNode layer : layers) {
            objects += layer.path("objects").size();
        }
        assertThat(objects).isGreaterThan(100);
        long tileset = created.json().get("tilesets").get(0).get("tilesetId").asLong();
        JsonNode collection = api.get("/api/v1/tilesets/" + tileset).json();
        assertThat(collection.get("columns").asInt()).isZero();
        String tileImage = collection.get("tiles").get(0).get("image").asString();
        assertThat(api.get(tileImage).header("Content-Type")).isEqualTo("image/png");
    }

    @Test
    void aLoneTilesetImports() {
        Api.Response created = api.postFiles("/api/v1/tilesets/import",
                only(p -> p.equals("desert.tsx") || p.equals("tmw_desert_spacing.png")));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(created.json().get("tileCount").asInt()).isEqualTo(48);
        assertThat(created.json().get("tiles").size()).isGreaterThan(0);
    }

    @Test
    void aTilesetsCollisionShapesThatAreTemplateInstancesKeepTheirTemplateAndAZipWritesItBeside() throws Exception {
        Path corpus = Path.of("src/test/resources/tiled/corpus");
        Map<String, byte[]> files = new LinkedHashMap<>(only(p -> p.equals("tmw_desert_spacing.png")));
        files.put("collision.tsx", java.nio.file.Files.readAllBytes(corpus.resolve("collision.tsx")));
        files.put("crate.tx", java.nio.file.Files.readAllBytes(corpus.resolve("crate.tx")));
        Api.Response created = api.postFiles("/api/v1/tilesets/import", files);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        JsonNode shapes = created.json().get("tiles").get(0).get("collision");
        assertThat(shapes.get(0).get("template").asString()).isEqualTo("crate.tx");
        assertThat(shapes.get(0).get("width").asDouble()).as("the template's size").isEqualTo(12);
        assertThat(shapes.get(1).get("properties").get(0).get("value").asBoolean()).as("its own value").isFalse();
        assertThat(shapes.get(2).has("template")).isFalse();
        // a lone .tsx has nothing beside it: the instances are written whole
        String tsx = api.get("/api/v1/tilesets/" + created.json().get("id").asLong() + "/export?format=tsx").text();
        assertThat(tsx).doesNotContain("template=").contains("<object id=\"1\" name=\"crate\" type=\"Solid\" x=\"4\" "
                + "y=\"6\" width=\"12\" height=\"10\">");
    }

    @Test
    void aCollectionTileShowingPartOfItsImageIsDrawnAsThatPartAndWrittenBack() throws Exception {
        // Tiled 1.9's sub-images: two tiles of one image, each showing a 32x32 part of Tiled's desert atlas
        String tsx = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tileset version=\"1.10\" tiledversion=\"1.10.2\" "
                + "name=\"parts\" tilewidth=\"32\" tileheight=\"32\" tilecount=\"2\" columns=\"0\" "
                + "backgroundcolor=\"#80102030\">\n <grid orientation=\"orthogonal\" width=\"1\" height=\"1\"/>\n"
                + " <tile id=\"0\" x=\"1\" y=\"1\" width=\"32\" height=\"32\">\n  <image source=\"tmw_desert_spacing.png\" "
                + "width=\"265\" height=\"199\"/>\n </tile>\n <tile id=\"1\" x=\"34\" y=\"34\" width=\"32\" height=\"32\">\n"
                + "  <image source=\"tmw_desert_spacing.png\" width=\"265\" height=\"199\"/>\n </tile>\n</tileset>\n";
        String tmx = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" orientation=\"orthogonal\" "
                + "renderorder=\"right-down\" width=\"2\" height=\"1\" tilewidth=\"32\" tileheight=\"32\" infinite=\"0\" "
                + "nextlayerid=\"2\" nextobjectid=\"1\">\n <tileset firstgid=\"1\" source=\"parts.tsx\"/>\n"
                + " <layer id=\"1\" name=\"ground\" width=\"2\" height=\"1\">\n  <data encoding=\"csv\">1,2</data>\n </layer>\n</map>\n";
        Map<String, byte[]> files = new LinkedHashMap<>(only(p -> p.equals("tmw_desert_spacing.png")));
        files.put("parts.tsx", tsx.getBytes(StandardCharsets.UTF_8));
        files.put("parts.tmx", tmx.getBytes(StandardCharsets.UTF_8));
        Api.Response created = api.postFiles("/api/v1/maps/import", files);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(created.json().get("warnings").toString()).isEqualTo("[]");
        long id = created.json().get("id").asLong();

        // drawn as desert's first tile (1,1) and the one right below and right of it (34,34), pixel for pixel
        java.awt.image.BufferedImage parts = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(
                api.get("/api/v1/maps/" + id + "/render.png?x=0&y=0&width=64&height=32").body()));
        java.awt.image.BufferedImage atlas = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(
                examples.get("tmw_desert_spacing.png")));
        for (int y = 0; y < 32; y++) {
            for (int x = 0; x < 32; x++) {
                assertThat(parts.getRGB(x, y)).as("tile 1 at " + x + "," + y).isEqualTo(atlas.getRGB(1 + x, 1 + y));
                assertThat(parts.getRGB(32 + x, y)).as("tile 2 at " + x + "," + y).isEqualTo(atlas.getRGB(34 + x, 34 + y));
            }
        }
        String written = null;
        try (var zip = new java.util.zip.ZipInputStream(new java.io.ByteArrayInputStream(
                api.get("/api/v1/maps/" + id + "/export?format=zip").body()))) {
            for (var entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                if (entry.getName().equals("parts.tsx")) {
                    written = new String(zip.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
        }
        assertThat(written).contains("<tile id=\"1\" x=\"34\" y=\"34\" width=\"32\" height=\"32\">", "backgroundcolor=\"#80102030\"");
    }

    @Test
    void aTilesetTileOrWangSetAttributeOfALaterTiledAndOldTerrainsAreNamedInTheWarnings() {
        String tsx = new String(examples.get("desert.tsx"), StandardCharsets.UTF_8)
                .replace("<tileset ", "<tileset sparkle=\"1\" ").replace("<tile id=\"30\"", "<tile id=\"30\" glow=\"2\"")
                .replace("<image ", "<terraintypes><terrain name=\"Sand\" tile=\"29\"/></terraintypes>\n <image ")
                .replace("<wangset name=\"Desert\"", "<wangset name=\"Desert\" shimmer=\"1\"")
                .replace("<wangcolor name=\"Brick\"", "<wangcolor name=\"Brick\" hue=\"2\"");
        Map<String, byte[]> files = new LinkedHashMap<>(only(p -> p.equals("tmw_desert_spacing.png")));
        files.put("desert.tsx", tsx.getBytes(StandardCharsets.UTF_8));
        Api.Response created = api.postFiles("/api/v1/tilesets/import", files);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(warned(created)).contains("tileset[Desert].sparkle", "tileset[Desert].tiles[30].glow",
                "tileset[Desert].terrains", "tileset[Desert].wangsets[Desert].shimmer",
                "tileset[Desert].wangsets[Desert].colors[Brick].hue");
    }

    @Test
    void aDtdOrExternalEntityIsRefusedAndNothingIsStored() {
        int before = stored();
        String xxe = "<?xml version=\"1.0\"?>\n<!DOCTYPE map [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n"
                + desertTmx().substring(desertTmx().indexOf("<map")).replace("name=\"Ground\"", "name=\"&xxe;\"");
        Api.Response response = api.postFiles("/api/v1/maps/import", desert(xxe));
        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().get("detail").asString()).contains("DOCTYPE").doesNotContain("root:");
        // Tiled's own DTD reference with an internal subset, or another DTD, is refused alike
        for (String doctype : List.of("<!DOCTYPE map SYSTEM \"http://mapeditor.org/dtd/1.0/map.dtd\" [<!ENTITY a \"b\">]>",
                "<!DOCTYPE map SYSTEM \"http://localhost:1/map.dtd\">")) {
            String tmx = "<?xml version=\"1.0\"?>\n" + doctype + "\n" + desertTmx().substring(desertTmx().indexOf("<map"));
            assertThat(api.postFiles("/api/v1/maps/import", desert(tmx)).status()).as(doctype).isEqualTo(422);
        }
        assertThat(stored()).isEqualTo(before);
    }

    @Test
    void theDtdReferenceTiledWritesWhenAskedIsReadPastUnfetched() {
        // as Tiled writes it with "Include DTD reference" on (its sewer_automap example has it)
        String tmx = desertTmx().replaceFirst("\\?>", "?>\n<!DOCTYPE map SYSTEM \"http://mapeditor.org/dtd/1.0/map.dtd\">");
        assertThat(tmx).contains("<!DOCTYPE map SYSTEM");
        Api.Response created = api.postFiles("/api/v1/maps/import", desert(tmx));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(created.json().get("layers").get(0).get("name").asString()).isEqualTo("Ground");
    }

    @Test
    void sourcesThatLeaveTheUploadAre422() {
        int before = stored();
        for (String source : List.of("../desert.tsx", "/etc/desert.tsx", "https://example.com/desert.tsx",
                "C:/tiles/desert.tsx", "sub/../../desert.tsx")) {
            Api.Response response = api.postFiles("/api/v1/maps/import",
                    desert(desertTmx().replace("source=\"desert.tsx\"", "source=\"" + source + "\"")));
            assertThat(response.status()).as(source).isEqualTo(422);
            assertThat(response.json().get("detail").asString()).as(source).containsAnyOf("outside the upload", "climbs out");
        }
        assertThat(stored()).isEqualTo(before);
    }

    @Test
    void aMissingReferencedFileIs422NamingIt() {
        int before = stored();
        Map<String, byte[]> files = only(p -> p.equals("desert.tmx") || p.equals("desert.tsx"));
        Api.Response response = api.postFiles("/api/v1/maps/import", files);
        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().get("detail").asString()).contains("tmw_desert_spacing.png").contains("not sent");
        assertThat(stored()).isEqualTo(before);
    }

    @Test
    void layerDataThatInflatesPastTheLayerIs422() {
        int before = stored();
        // 1 MiB of zeros compresses to about a kilobyte; the 40x40 layer needs 6400 bytes
        String bomb = dev.tilewright.format.LayerData.encode(new int[256 * 1024], 40,
                dev.tilewright.format.LayerData.Encoding.BASE64, dev.tilewright.format.LayerData.Compression.ZLIB);
        String tmx = desertTmx().replaceAll("(?s)(<data encoding=\"base64\" compression=\"zlib\">).*?(</data>)",
                "$1" + bomb + "$2");
        Api.Response response = api.postFiles("/api/v1/maps/import", desert(tmx));
        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().get("detail").asString()).contains("more than 6400 bytes");
        String shortData = desertTmx().replaceAll("(?s)(<data encoding=\"base64\" compression=\"zlib\">).*?(</data>)",
                "$1" + dev.tilewright.format.LayerData.encode(new int[40], 40,
                        dev.tilewright.format.LayerData.Encoding.BASE64,
                        dev.tilewright.format.LayerData.Compression.GZIP) + "$2")
                .replace("compression=\"zlib\"", "compression=\"gzip\"");
        assertThat(api.postFiles("/api/v1/maps/import", desert(shortData)).json().get("detail").asString())
                .contains("holds 160 bytes");
        assertThat(stored()).isEqualTo(before);
    }

    @Test
    void aHundredLargeLayersStopAtTheDecodedBytesBudgetBeforeTheyAreDecoded() {
        int before = stored();
        // 100 layers of 2048x2048 (16 MiB each decoded, 1.6 GiB in all), each a few kilobytes of zlib
        String empty = dev.tilewright.format.LayerData.encode(new int[2048 * 2048], 2048,
                dev.tilewright.format.LayerData.Encoding.BASE64, dev.tilewright.format.LayerData.Compression.ZLIB);
        StringBuilder tmx = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" "
                + "orientation=\"orthogonal\" renderorder=\"right-down\" width=\"2048\" height=\"2048\" "
                + "tilewidth=\"32\" tileheight=\"32\" infinite=\"0\" nextlayerid=\"101\" nextobjectid=\"1\">\n"
                + " <tileset firstgid=\"1\" source=\"desert.tsx\"/>\n");
        for (int i = 1; i <= 100; i++) {
            tmx.append(" <layer id=\"").append(i).append("\" name=\"l").append(i)
                    .append("\" width=\"2048\" height=\"2048\"><data encoding=\"base64\" compression=\"zlib\">")
                    .append(empty).append("</data></layer>\n");
        }
        tmx.append("</map>\n");
        Api.Response response = api.postFiles("/api/v1/maps/import", desert(tmx.toString()));
        assertThat(response.status()).as(response.text()).isEqualTo(413);
        assertThat(response.json().get("limit").asString()).isEqualTo("tilewright.limits.max-import-decoded-bytes");
        assertThat(response.json().get("detail").asString()).contains("layer 'l17'");
        assertThat(stored()).as("nothing stored").isEqualTo(before);
    }

    @Test
    void aGidWithoutATilesetIs422() {
        int before = stored();
        int[] gids = new int[40 * 40];
        Arrays.fill(gids, 49);
        String tmx = desertTmx().replaceAll("(?s)(<data encoding=\"base64\" compression=\"zlib\">).*?(</data>)",
                "$1" + dev.tilewright.format.LayerData.encode(gids, 40, dev.tilewright.format.LayerData.Encoding.BASE64,
                        dev.tilewright.format.LayerData.Compression.ZLIB) + "$2");
        Api.Response response = api.postFiles("/api/v1/maps/import", desert(tmx));
        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().get("detail").asString()).contains("gid 49").contains("no tileset");
        assertThat(stored()).isEqualTo(before);
    }

    @Test
    void isometricAndObliqueMapsAreImportedWithTheirOrientation() {
        Api.Response created = api.postFiles("/api/v1/maps/import",
                only(p -> p.startsWith("isometric_grass_and_water.")));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        Api.Response map = api.get("/api/v1/maps/" + created.json().get("id").asLong());
        assertThat(map.json().get("orientation").asString()).isEqualTo("isometric");
        assertThat(map.json().has("staggerAxis")).isFalse();
        // queries answer in Tiled's pixel space (tile heights on both axes): pixel (90, 40) is tile (2, 1)
        String at = "/api/v1/maps/" + created.json().get("id").asLong();
        Api.Response ray = api.postJson(at + "/queries/ray", "{\"from\":{\"x\":0,\"y\":0},\"to\":{\"x\":90,\"y\":40}}");
        assertThat(ray.status()).as("a ray answers in Tiled's pixel space").isEqualTo(200);
        Api.Response path = api.postJson(at + "/queries/path", "{\"from\":{\"x\":0,\"y\":0},\"to\":{\"x\":90,"
                + "\"y\":40},\"box\":{\"width\":8,\"height\":8}}");
        assertThat(path.status()).as(path.text()).isEqualTo(200);
        assertThat(path.json().get("cost").asInt()).as("three sides from diamond to diamond").isEqualTo(30);
        Api.Response jump = api.postJson(at + "/queries/path", "{\"from\":{\"x\":0,\"y\":0},\"to\":{\"x\":90,"
                + "\"y\":40},\"box\":{\"width\":8,\"height\":8},\"movement\":\"platformer\",\"jumpHeight\":40}");
        assertThat(jump.status()).isEqualTo(422);
        assertThat(jump.json().get("field").asString()).isEqualTo("movement");
        // Tiled 1.12's oblique maps keep their skews, answer queries in their unsheared pixel space, export them
        Map<String, byte[]> oblique = desert(desertTmx().replace("orientation=\"orthogonal\"",
                "orientation=\"oblique\" skewx=\"8\" skewy=\"-4\""));
        Api.Response sheared = api.postFiles("/api/v1/maps/import", oblique);
        assertThat(sheared.status()).as(sheared.text()).isEqualTo(201);
        String to = "/api/v1/maps/" + sheared.json().get("id").asLong();
        Api.Response read = api.get(to);
        assertThat(read.json().get("orientation").asString()).isEqualTo("oblique");
        assertThat(read.json().get("skewX").asInt()).isEqualTo(8);
        assertThat(read.json().get("skewY").asInt()).isEqualTo(-4);
        Api.Response walk = api.postJson(to + "/queries/ray", "{\"from\":{\"x\":0,\"y\":0},\"to\":{\"x\":70,"
                + "\"y\":10}}");
        assertThat(walk.status()).as(walk.text()).isEqualTo(200);
        String tmx = new String(api.get(to + "/export?format=tmx").body(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(tmx).contains("orientation=\"oblique\"").contains("skewx=\"8\" skewy=\"-4\"");
        JsonNode tmj = api.get(to + "/export?format=tmj").json();
        assertThat(tmj.get("orientation").asString()).isEqualTo("oblique");
        assertThat(tmj.get("skewx").asInt()).isEqualTo(8);
        assertThat(tmj.get("skewy").asInt()).isEqualTo(-4);
        // cells that would be flat are the file's fault, and nothing is stored
        int before = stored();
        Api.Response flat = api.postFiles("/api/v1/maps/import", desert(desertTmx().replace(
                "orientation=\"orthogonal\"", "orientation=\"oblique\" skewx=\"32\" skewy=\"32\"")));
        assertThat(flat.status()).isEqualTo(422);
        assertThat(flat.json().get("detail").asString()).contains("skewx 32 and skewy 32").contains("flat");
        assertThat(stored()).isEqualTo(before);
    }

    @Test
    void filesOverTheUploadLimitsAre413() {
        int before = stored();
        Map<String, byte[]> files = desert(desertTmx());
        files.put("tmw_desert_spacing.png", Arrays.copyOf(Pngs.headerOnly(265, 199), 10 * 1024 * 1024 + 1));
        Api.Response response = api.postFiles("/api/v1/maps/import", files);
        assertThat(response.status()).isEqualTo(413);
        assertThat(response.json().get("limit").asString()).isEqualTo("tilewright.limits.max-tileset-bytes");
        assertThat(stored()).isEqualTo(before);
    }

    @Test
    void aMapOverTheSizeLimitIsRefusedBeforeItsLayersAreRead() {
        int before = stored();
        Api.Response response = api.postFiles("/api/v1/maps/import",
                desert(desertTmx().replaceFirst("width=\"40\"", "width=\"70000\"")));
        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().get("detail").asString()).contains("70000x40").contains("limit");
        assertThat(stored()).isEqualTo(before);
    }
}
