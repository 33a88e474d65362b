package dev.tilewright.project;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A project's custom property types (Tiled's enums and classes): read and replaced whole over the API in Tiled's own
 * form, refused whole when not valid; brought in by a {@code .tiled-project} sent with an import, which then reads a
 * JSON map's class members with their declared types; written back into the export zip.
 */
@FeatureTest
class PropertyTypesApiTest {

    static final String TYPES = """
            [{"id": 1, "name": "Mood", "type": "enum", "storageType": "string", "values": ["calm", "angry"],
              "valuesAsFlags": false},
             {"id": 2, "name": "In", "type": "class", "color": "#ffa0a0a4", "drawFill": true, "useAs": ["property"],
              "members": [{"name": "deep", "type": "bool", "value": false}]},
             {"id": 3, "name": "Look", "type": "class", "color": "#ff0000ff", "drawFill": false,
              "useAs": ["property", "object"],
              "members": [{"name": "gain", "type": "float", "value": 1.5},
                          {"name": "inner", "type": "class", "propertyType": "In", "value": {}},
                          {"name": "mood", "type": "string", "propertyType": "Mood", "value": "calm"},
                          {"name": "tint", "type": "color", "value": "#ff00ff00"}]}]""";

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    JsonMapper json;
    Api api;
    long project;

    @BeforeEach
    void aProjectOfItsOwn() {
        api = new Api(port);
        long team = jdbc.queryForObject("INSERT INTO teams (name) VALUES ('Types') RETURNING id", Long.class);
        project = jdbc.queryForObject("INSERT INTO projects (team_id, name) VALUES (?, 'Typed') RETURNING id",
                Long.class, team);
    }

    private String path() {
        return "/api/v1/projects/" + project + "/property-types";
    }

    @Test
    void typesAreReadAndReplacedWholeInTiledsForm() {
        assertThat(api.get(path()).json().get("propertyTypes").size()).isZero();

        Api.Response put = api.putJson(path(), "{\"propertyTypes\":" + TYPES + "}");
        assertThat(put.status()).as(put.text()).isEqualTo(200);
        JsonNode back = api.get(path()).json().get("propertyTypes");
        assertThat(back).isEqualTo(json.readTree(TYPES));

        // not valid: refused with the field and the reason, and the types stay as they were
        for (String bad : new String[]{
                "[{\"name\": \"A\", \"type\": \"class\", \"members\": [{\"name\": \"me\", \"type\": \"class\", "
                        + "\"propertyType\": \"A\", \"value\": {}}]}]",
                "[{\"name\": \"A\", \"type\": \"enum\", \"values\": [\"x\"]}, {\"name\": \"A\", \"type\": \"enum\"}]",
                "[{\"name\": \"B\", \"type\": \"class\", \"members\": [{\"name\": \"m\", \"type\": \"string\", "
                        + "\"propertyType\": \"Nowhere\", \"value\": \"\"}]}]",
                "[{\"name\": \"C\", \"type\": \"struct\"}]", "{\"propertyTypes\": 3}"}) {
            Api.Response refused = api.putJson(path(), bad);
            assertThat(refused.status()).as(bad + " -> " + refused.text()).isEqualTo(422);
            assertThat(refused.json().get("field").asString()).isEqualTo("propertyTypes");
        }
        assertThat(api.get(path()).json().get("propertyTypes")).isEqualTo(json.readTree(TYPES));

        // a whole .tiled-project is taken as well; [] clears them
        assertThat(api.putJson(path(), "{\"folders\": [\".\"], \"propertyTypes\": [{\"name\": \"Only\", "
                + "\"type\": \"enum\", \"values\": [\"a\"]}]}").status()).isEqualTo(200);
        assertThat(api.get(path()).json().get("propertyTypes").findValuesAsString("name")).containsExactly("Only");
        assertThat(api.putJson(path(), "[]").status()).isEqualTo(200);
        assertThat(api.get(path()).json().get("propertyTypes").size()).isZero();
    }

    @Test
    void moreThanTheLimitIsRefusedNamingIt() {
        StringBuilder many = new StringBuilder("[");
        for (int i = 0; i < 20_000; i++) {
            many.append(i == 0 ? "" : ",").append("{\"name\": \"Enum").append(i)
                    .append("\", \"type\": \"enum\", \"values\": [\"one\", \"two\", \"three\"]}");
        }
        String body = many.append("]").toString();
        assertThat(body.length()).isGreaterThan(1_048_576);
        Api.Response refused = api.putJson(path(), body);
        assertThat(refused.status()).as(refused.text()).isEqualTo(413);
        assertThat(refused.text()).contains("max-property-types-bytes");
    }

    @Test
    void aTiledProjectSentWithAnImportTypesTheMapsClassMembersAndComesBackInTheZip() throws Exception {
        String tmj = """
                {"type": "map", "version": "1.8", "orientation": "orthogonal", "renderorder": "right-down",
                 "width": 2, "height": 2, "tilewidth": 8, "tileheight": 8, "infinite": false,
                 "nextlayerid": 2, "nextobjectid": 1, "tilesets": [],
                 "layers": [{"type": "tilelayer", "id": 1, "name": "a", "width": 2, "height": 2,
                             "data": [0, 0, 0, 0], "opacity": 1, "visible": true, "x": 0, "y": 0}],
                 "properties": [{"name": "look", "type": "class", "propertytype": "Look",
                                 "value": {"gain": 2, "tint": "#ff112233", "inner": {"deep": true}, "extra": 5}},
                                {"name": "mood", "type": "string", "propertytype": "Mood", "value": "angry"}]}""";
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("level.tmj", tmj.getBytes(StandardCharsets.UTF_8));
        files.put("game.tiled-project", ("{\"folders\": [\".\"], \"propertyTypes\": " + TYPES + "}")
                .getBytes(StandardCharsets.UTF_8));
        Api.Response created = api.postFiles("/api/v1/maps/import?projectId=" + project, files);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        long id = created.json().get("id").asLong();

        // the project now has the types, and the members were read as the class declares them
        assertThat(api.get(path()).json().get("propertyTypes")).isEqualTo(json.readTree(TYPES));
        String tmx = api.get("/api/v1/maps/" + id + "/export?format=tmx").text();
        assertThat(tmx).contains("<property name=\"look\" type=\"class\" propertytype=\"Look\">",
                "<property name=\"gain\" type=\"float\" value=\"2\"/>",
                "<property name=\"tint\" type=\"color\" value=\"#ff112233\"/>",
                "<property name=\"inner\" type=\"class\" propertytype=\"In\">",
                "<property name=\"deep\" type=\"bool\" value=\"true\"/>",
                "<property name=\"extra\" type=\"int\" value=\"5\"/>",
                "<property name=\"mood\" propertytype=\"Mood\" value=\"angry\"/>");
        JsonNode look = api.get("/api/v1/maps/" + id).json().get("properties").get(0);
        assertThat(look.get("propertyType").asString()).isEqualTo("Look");
        assertThat(look.get("type").asString()).isEqualTo("class");

        // the zip holds the project file beside the map
        byte[] zip = api.get("/api/v1/maps/" + id + "/export?format=zip").body();
        Map<String, byte[]> entries = new HashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                entries.put(e.getName(), in.readAllBytes());
            }
        }
        assertThat(entries).containsKey("level.tiled-project");
        assertThat(json.readTree(entries.get("level.tiled-project")).get("propertyTypes"))
                .isEqualTo(json.readTree(TYPES));

        // a second import with a different definition keeps the project's, and says so
        files.put("game.tiled-project", "{\"propertyTypes\": [{\"name\": \"Mood\", \"type\": \"enum\", \"values\": [\"x\"]}]}"
                .getBytes(StandardCharsets.UTF_8));
        files.put("level 2.tmj", files.remove("level.tmj")); // a map's name is its own in a project
        Api.Response again = api.postFiles("/api/v1/maps/import?projectId=" + project, files);
        assertThat(again.status()).as(again.text()).isEqualTo(201);
        assertThat(again.text()).contains("project.propertyTypes[Mood]");
        assertThat(api.get(path()).json().get("propertyTypes")).isEqualTo(json.readTree(TYPES));
    }
}
