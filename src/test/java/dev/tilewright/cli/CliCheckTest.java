package dev.tilewright.cli;

import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.tilewright.support.Lanes;
import dev.tilewright.support.Schemas;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import javax.imageio.ImageIO;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code tilewright check} as a CI job runs it (the built program as a process): each map's own checks and those
 * tilewright.json declares, the exit code for each outcome, a baseline, and JUnit XML and SARIF that meet their
 * published schemas.
 */
@Tag(Lanes.SERVICE)
class CliCheckTest {

    @TempDir
    Path dir;

    /** The door check the level keeps in its own tilewright.checks property: the back door (object 4) fails it. */
    static final String OWN = "{\"checks\":[{\"name\":\"doors lead somewhere\",\"type\":\"objectsHaveProperty\","
            + "\"class\":\"door\",\"property\":\"target\"}]}";

    /** Checks for every map: the ground is whole, a wall (column 3) keeps the spawn from the exit and hides it. */
    static final String CONFIG = """
            {"checks": [{"maps": "**/*.tmx", "checks": [
              {"name": "ground is whole", "type": "noEmptyCells", "layer": "ground"},
              {"name": "spawn reaches exit", "type": "reachable", "from": {"object": "spawn"},
               "to": {"object": "exit"}, "box": {"width": 8, "height": 8}},
              {"name": "wall hides exit", "type": "blocked", "from": {"x": 12, "y": 12}, "to": {"x": 36, "y": 12}}]}]}
            """;

    /**
     * A 6x4 level of 8 px tiles in {@code dir}: solid tiles (class "solid") round two rooms split by a wall at
     * column 3, a spawn in the left room and an exit in the right, two doors (the back door without a target).
     *
     * @param checks its tilewright.checks property
     * @param rows   its ground layer's CSV rows
     */
    static void level(Path dir, String name, String checks, String rows) throws Exception {
        BufferedImage tiles = new BufferedImage(16, 8, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < 8; y++) {
            for (int x = 0; x < 16; x++) {
                tiles.setRGB(x, y, x < 8 ? 0xFF555555 : 0xFFDDCC99);
            }
        }
        ImageIO.write(tiles, "png", dir.resolve("tiles.png").toFile());
        String map = """
                <?xml version="1.0" encoding="UTF-8"?>
                <map version="1.10" orientation="orthogonal" renderorder="right-down" width="6" height="4"
                     tilewidth="8" tileheight="8" infinite="0" nextlayerid="3" nextobjectid="5">
                 <properties>
                  <property name="tilewright.checks" value="CHECKS"/>
                 </properties>
                 <tileset firstgid="1" name="Tiles" tilewidth="8" tileheight="8" tilecount="2" columns="2">
                  <image source="tiles.png" width="16" height="8"/>
                  <tile id="0" type="solid"/>
                 </tileset>
                 <layer id="1" name="ground" width="6" height="4">
                  <data encoding="csv">
                ROWS
                </data>
                 </layer>
                 <objectgroup id="2" name="things">
                  <object id="1" name="spawn" x="8" y="8" width="8" height="8"/>
                  <object id="2" name="exit" x="32" y="8" width="8" height="8"/>
                  <object id="3" name="front door" type="door" x="16" y="16">
                   <properties><property name="target" value="hall"/></properties>
                  </object>
                  <object id="4" name="back door" type="door" x="8" y="16"/>
                 </objectgroup>
                </map>
                """.replace("CHECKS", checks.replace("\"", "&quot;")).replace("ROWS", rows);
        Files.writeString(dir.resolve(name), map, StandardCharsets.UTF_8);
    }

    static final String WALLED = "1,1,1,1,1,1,\n1,2,2,1,2,1,\n1,2,2,1,2,1,\n1,1,1,1,1,1";
    static final String OPEN = "1,1,1,1,1,1,\n1,2,2,2,2,1,\n1,2,2,1,2,1,\n1,1,1,1,1,1";

    @Test
    void aCheckReportsEveryMapsChecksAndExitsOneOnAFailure() throws Exception {
        level(dir, "level.tmx", OWN, WALLED);
        Files.writeString(dir.resolve("tilewright.json"), CONFIG);
        Cli.Run run = Cli.run(dir, "check");
        assertThat(run.code()).as(run.err()).isEqualTo(1);
        assertThat(run.out()).isEqualTo("""
                level.tmx
                  FAIL  doors lead somewhere (objectsHaveProperty): 1 of 2 objects of class 'door' lack 'target'.
                        object 4
                  ok    ground is whole (noEmptyCells): No empty cell in layer 'ground'.
                  FAIL  spawn reaches exit (reachable): Not reachable: the search explored 4 places.
                        object 2
                  ok    wall hides exit (blocked): The line is blocked at tile 3, 1.
                1 map, 4 checks: 2 passed, 2 failed
                """);

        // the wall opened at the top and the back door given a target: all pass, but the ray now gets through
        Files.createDirectories(dir.resolve("maps"));
        level(dir.resolve("maps"), "open.tmx", OWN.replace("objectsHaveProperty", "insideMap"), OPEN);
        Cli.Run open = Cli.run(dir, "check", "maps/open.tmx");
        assertThat(open.out()).contains("ok    spawn reaches exit (reachable): Reachable in 4 tiles.",
                "FAIL  wall hides exit (blocked): Nothing blocks the line.", "1 map, 4 checks: 3 passed, 1 failed");
        // a folder is every map under it; the json report has the service's results and a summary
        Cli.Run json = Cli.run(dir, "check", ".", "--format", "json");
        assertThat(json.code()).isEqualTo(1);
        JsonNode report = JsonMapper.builder().build().readTree(json.out());
        assertThat(report.get("maps")).extracting(m -> m.get("path").asString())
                .containsExactly("level.tmx", "maps/open.tmx");
        assertThat(report.get("summary").get("failed").asInt()).isEqualTo(3);
        assertThat(report.get("findings")).extracting(f -> f.get("at").asString())
                .containsExactly("object 4", "object 2", "tile 4,1");
        assertThat(json.err()).contains("2 maps, 8 checks: 5 passed, 3 failed");

        Files.writeString(dir.resolve("tilewright.json"), "{\"checks\": [{\"maps\": \"**/*.tmx\", \"checks\": ["
                + "{\"name\": \"inside\", \"type\": \"insideMap\"}]}]}");
        Cli.Run passing = Cli.run(dir, "check", "maps");
        assertThat(passing.code()).as(passing.out()).isZero();
        assertThat(passing.out()).endsWith("1 map, 2 checks: 2 passed, 0 failed\n");
    }

    @Test
    void badConfigsAndUnreadableMapsHaveTheirOwnExitCodes() throws Exception {
        level(dir, "level.tmx", OWN, WALLED);
        Files.writeString(dir.resolve("tilewright.json"), "{\"checks\": [{\"maps\": \"*.tmx\", \"checks\": ["
                + "{\"name\": \"a\", \"type\": \"insideMap\"}, {\"name\": \"b\", \"type\": \"everythingFine\"}]}]}");
        Cli.Run unknownType = Cli.run(dir, "check");
        assertThat(unknownType.code()).isEqualTo(2);
        assertThat(unknownType.err()).contains("tilewright.json: checks[0].checks[1].type", "everythingFine");
        Files.writeString(dir.resolve("tilewright.json"), "{\"checks\": [{\"maps\": \"*.tmx\", \"checks\": ["
                + "{\"name\": \"a\", \"type\": \"insideMap\", \"layr\": \"x\"}]}]}");
        Cli.Run typo = Cli.run(dir, "check");
        assertThat(typo.code()).as("an unknown field is refused, not ignored").isEqualTo(2);
        assertThat(typo.err()).contains("checks[0].checks[0]", "layr");
        Files.writeString(dir.resolve("tilewright.json"), "{\"checks\": [{\"maps\": \"*.tmx\", \"checks\": ["
                + "{\"name\": \"doors lead somewhere\", \"type\": \"insideMap\"}]}]}");
        Cli.Run twice = Cli.run(dir, "check");
        assertThat(twice.code()).as("a name the map's own checks use").isEqualTo(2);
        assertThat(twice.err()).contains("level.tmx", "Two checks are named 'doors lead somewhere'");
        Files.writeString(dir.resolve("tilewright.json"), "{\"mapz\": []}");
        assertThat(Cli.run(dir, "check").code()).isEqualTo(2);
        Files.writeString(dir.resolve("tilewright.json"), CONFIG);
        assertThat(Cli.run(dir, "check", "--format", "xml").code()).isEqualTo(2);
        assertThat(Cli.run(dir, "check", "--baseline", "missing.json").code()).isEqualTo(2);
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Cli.Run none = Cli.run(empty, "check");
        assertThat(none.code()).as("nothing to check is not all good").isEqualTo(2);
        assertThat(none.err()).contains("no map to check");

        // a broken map beside a good one: the good one is still checked and reported, the run exits 4
        Files.writeString(dir.resolve("broken.tmx"), "<map><layer");
        Cli.Run partly = Cli.run(dir, "check");
        assertThat(partly.code()).isEqualTo(4);
        assertThat(partly.out()).contains("level.tmx\n  FAIL  doors lead somewhere", "broken.tmx\n  ERROR ",
                "1 map could not be read");
        Cli.Run junit = Cli.run(dir, "check", "--format", "junit");
        assertThat(junit.code()).isEqualTo(4);
        assertThat(junit.out()).contains("<testcase classname=\"broken.tmx\" name=\"read\"", "<error type=\"unreadable\"");
    }

    @Test
    void aBaselineFailsOnlyOnWhatIsNew() throws Exception {
        level(dir, "level.tmx", OWN, WALLED);
        Files.writeString(dir.resolve("tilewright.json"), CONFIG);
        assertThat(Cli.run(dir, "check", "--write-baseline", "baseline.json").code()).isEqualTo(1);
        byte[] baseline = Files.readAllBytes(dir.resolve("baseline.json"));
        assertThat(Cli.run(dir, "check", "--write-baseline", "again.json").code()).isEqualTo(1);
        assertThat(Files.readAllBytes(dir.resolve("again.json"))).as("the same findings, the same bytes")
                .isEqualTo(baseline);
        Cli.Run known = Cli.run(dir, "check", "--baseline", "baseline.json");
        assertThat(known.code()).as(known.out()).isZero();
        assertThat(known.out()).contains("known doors lead somewhere", "object 4 (in the baseline)",
                "(0 with findings not in the baseline)");

        // the front door loses its target: a new finding of a known failure fails the run again
        Files.writeString(dir.resolve("level.tmx"), Files.readString(dir.resolve("level.tmx"))
                .replace("<property name=\"target\" value=\"hall\"/>", ""));
        Cli.Run anew = Cli.run(dir, "check", "--baseline", "baseline.json");
        assertThat(anew.code()).isEqualTo(1);
        assertThat(anew.out()).contains("FAIL  doors lead somewhere", "        object 3\n",
                "object 4 (in the baseline)");
    }

    @Test
    void junitMeetsJenkinsSchemaAndSarifTheOasisSchema() throws Exception {
        level(dir, "level.tmx", OWN, WALLED);
        // a hole in the ground's last row (line 4 of the CSV): a finding SARIF can place on its line
        level(dir, "holed.tmx", OWN, WALLED.replace("1,2,2,1,2,1,\n1,1", "1,2,2,1,2,1,\n0,1"));
        Files.writeString(dir.resolve("tilewright.json"), CONFIG);
        assertThat(Cli.run(dir, "check", "level.tmx", "--write-baseline", "baseline.json").code()).isEqualTo(1);
        Files.writeString(dir.resolve("broken.tmx"), "<map><layer");
        Cli.Run junit = Cli.run(dir, "check", "--format", "junit", "--baseline", "baseline.json");
        assertThat(junit.code()).isEqualTo(4);
        assertThat(junit.out()).contains("<skipped>", "<failure type=\"noEmptyCells\"", "<error ");
        var junitSchema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
                .newSchema(new StreamSource(new ByteArrayInputStream(Schemas.JUNIT.bytes())));
        junitSchema.newValidator().validate(new StreamSource(new StringReader(junit.out())));
        assertThatThrownBy(() -> junitSchema.newValidator().validate(new StreamSource(new StringReader(
                junit.out().replace(" tests=\"", " cases=\"")))))
                .as("the schema refuses a suite without its count").isInstanceOf(org.xml.sax.SAXException.class);

        Cli.Run sarif = Cli.run(dir, "check", "--format", "sarif", "--baseline", "baseline.json", "--output",
                "out/check.sarif");
        assertThat(sarif.code()).isEqualTo(4);
        assertThat(sarif.out()).as("the report went to --output").isEmpty();
        String written = Files.readString(dir.resolve("out/check.sarif"));
        var schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_4)
                .getSchema(new ByteArrayInputStream(Schemas.SARIF.bytes()));
        JsonNode log = JsonMapper.builder().build().readTree(written);
        assertThat(schema.validate(log)).as("SARIF 2.1.0 schema errors").isEmpty();
        assertThat(schema.validate(JsonMapper.builder().build().readTree(written.replace("\"startLine\" : ",
                "\"startLine\" : -")))).as("the schema refuses a line before the first").isNotEmpty();
        JsonNode results = log.get("runs").get(0).get("results");
        List<String> lines = Files.readAllLines(dir.resolve("holed.tmx"));
        JsonNode hole = find(results, "holed.tmx", "tile 0,3");
        assertThat(hole.get("baselineState").asString()).isEqualTo("new");
        int holeLine = hole.get("locations").get(0).get("physicalLocation").get("region").get("startLine").asInt();
        assertThat(lines.get(holeLine - 1)).isEqualTo("0,1,1,1,1,1");
        JsonNode door = find(results, "level.tmx", "object 4");
        assertThat(door.get("baselineState").asString()).isEqualTo("unchanged");
        int doorLine = door.get("locations").get(0).get("physicalLocation").get("region").get("startLine").asInt();
        assertThat(Files.readAllLines(dir.resolve("level.tmx")).get(doorLine - 1)).contains("<object id=\"4\"");
        assertThat(log.get("runs").get(0).get("invocations").get(0).get("executionSuccessful").asBoolean()).isFalse();
    }

    private static JsonNode find(JsonNode results, String map, String at) {
        for (JsonNode r : results) {
            JsonNode location = r.get("locations").get(0);
            if (location.get("physicalLocation").get("artifactLocation").get("uri").asString().equals(map)
                    && location.has("logicalLocations")
                    && location.get("logicalLocations").get(0).get("name").asString().equals(at)) {
                return r;
            }
        }
        throw new AssertionError("no SARIF result for " + map + " " + at + " in " + results);
    }
}
