package dev.tilewright.tiled;

import dev.tilewright.format.ldtk.LdtkProject;
import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.LdtkSamples;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import javax.imageio.ImageIO;
import java.awt.AlphaComposite;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * LDtk's sample projects (../shared/ldtk-samples) imported through the API: each becomes a world of one map per level
 * at LDtk's places, IntGrid layers keep their values, and each map draws what LDtk draws — its background, then every
 * layer's tiles (painted ones and those LDtk baked from rules) in LDtk's order, moved, mirrored and faded as LDtk
 * does — pixel for pixel (within 2 per channel where tiles are faded), drawn here from the file itself.
 */
@FeatureTest
class LdtkImportTest {

    @LocalServerPort
    int port;
    Api api;

    @BeforeEach
    void client() {
        api = new Api(port);
    }

    static Map<String, byte[]> upload(Path project) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        Path dir = project.getParent();
        files.put(project.getFileName().toString(), Files.readAllBytes(project));
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path file : all.filter(Files::isRegularFile).toList()) {
                String name = dir.relativize(file).toString().replace('\\', '/');
                String base = project.getFileName().toString().replace(".ldtk", "");
                if (name.startsWith("atlas/") || name.startsWith(base + "/")) {
                    files.put(name, Files.readAllBytes(file));
                }
            }
        }
        return files;
    }

    @Test
    void everySampleBecomesAWorldOfMapsThatDrawWhatLdtkDraws() throws Exception {
        int levels = 0;
        for (Path file : LdtkSamples.projects()) {
            Map<String, byte[]> files = upload(file);
            Api.Response created = api.postFiles("/api/v1/ldtk/import", files);
            assertThat(created.status()).as(file + ": " + created.text()).isEqualTo(201);
            JsonNode world = created.json();
            LdtkProject project = LdtkProject.read(files.get(file.getFileName().toString()), file.toString(),
                    relative -> LdtkSamples.beside(file, relative), 50_000_000);
            assertThat(world.get("maps")).hasSize(project.levels().size());
            for (int i = 0; i < project.levels().size(); i++) {
                LdtkProject.Level level = project.levels().get(i);
                JsonNode placed = world.get("maps").get(i);
                long mapId = placed.get("mapId").asLong();
                if (!"LinearHorizontal".equals(project.worldLayout()) && !"LinearVertical".equals(
                        project.worldLayout())) {
                    assertThat(placed.get("x").asInt()).isEqualTo(level.worldX());
                    assertThat(placed.get("y").asInt()).isEqualTo(level.worldY());
                }
                assertIntGrids(mapId, level, project);
                BufferedImage ldtk = drawn(project, level, file);
                BufferedImage ours = png(api.get("/api/v1/maps/" + mapId + "/render.png?x=0&y=0&width="
                        + ldtk.getWidth() + "&height=" + ldtk.getHeight() + "&objects=false"));
                assertSamePicture(file.getFileName() + " " + level.identifier(), ldtk, ours);
                levels++;
            }
        }
        assertThat(levels).isGreaterThanOrEqualTo(9);
    }

    @Test
    void anImportedLevelsAutoLayersFollowItsIntGridAsLdtkWouldBakeThem() throws Exception {
        java.util.Random random = new java.util.Random(46);
        int edited = 0;
        for (Path file : LdtkSamples.projects()) {
            Map<String, byte[]> files = upload(file);
            Api.Response created = api.postFiles("/api/v1/ldtk/import", files);
            assertThat(created.status()).as(file + ": " + created.text()).isEqualTo(201);
            LdtkProject project = LdtkProject.read(files.get(file.getFileName().toString()), file.toString(),
                    relative -> LdtkSamples.beside(file, relative), 50_000_000);
            for (int i = 0; i < project.levels().size(); i++) {
                LdtkProject.Level level = project.levels().get(i);
                long mapId = created.json().get("maps").get(i).get("mapId").asLong();
                JsonNode map = api.get("/api/v1/maps/" + mapId).json();
                for (LdtkProject.LayerInstance layer : level.layers()) {
                    LdtkProject.LayerDef def = project.layer(layer.layerDefUid());
                    if (!def.type().equals("IntGrid") || def.values().isEmpty() || layer.intGrid().length == 0) {
                        continue;
                    }
                    int layerId = layerNamed(map, def.identifier());
                    // a block of one value, a strip of another, a cell erased: the same to the file's grid here
                    for (int edit = 0; edit < 3; edit++) {
                        int w = edit == 0 ? 4 : edit == 1 ? 6 : 1;
                        int h = edit == 0 ? 4 : edit == 1 ? 2 : 1;
                        int value = edit == 2 ? 0 : def.values().get(random.nextInt(def.values().size())).value();
                        int x0 = random.nextInt(Math.max(1, layer.cWid() - w));
                        int y0 = random.nextInt(Math.max(1, layer.cHei() - h));
                        StringBuilder cells = new StringBuilder();
                        for (int y = y0; y < Math.min(layer.cHei(), y0 + h); y++) {
                            for (int x = x0; x < Math.min(layer.cWid(), x0 + w); x++) {
                                cells.append(cells.isEmpty() ? "" : ",").append("{\"x\":").append(x)
                                        .append(",\"y\":").append(y).append(",\"gid\":").append(value).append('}');
                                layer.intGrid()[y * layer.cWid() + x] = value;
                            }
                        }
                        Api.Response sent = api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":"
                                + "\"paint\",\"layerId\":" + layerId + ",\"cells\":[" + cells + "]}]}", "If-Match", "*");
                        assertThat(sent.status()).as(sent.text()).isEqualTo(200);
                    }
                    edited++;
                }
                BufferedImage ldtk = drawn(project, level, file, true);
                BufferedImage ours = png(api.get("/api/v1/maps/" + mapId + "/render.png?x=0&y=0&width="
                        + ldtk.getWidth() + "&height=" + ldtk.getHeight() + "&objects=false"));
                assertSamePicture(file.getFileName() + " " + level.identifier() + " after edits", ldtk, ours);
            }
        }
        assertThat(edited).isGreaterThanOrEqualTo(9);
    }

    @Test
    void anImportedWorldExportsAsItsLdtkProjectWithTheEditsBakedIn() throws Exception {
        Path file = LdtkSamples.dir().resolve("Typical_TopDown_example.ldtk");
        Map<String, byte[]> files = upload(file);
        Api.Response created = api.postFiles("/api/v1/ldtk/import", files);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        long worldId = created.json().get("id").asLong();
        long mapId = created.json().get("maps").get(0).get("mapId").asLong();
        LdtkProject project = LdtkProject.read(files.get(file.getFileName().toString()), file.toString(),
                relative -> LdtkSamples.beside(file, relative), 50_000_000);
        LdtkProject.Level level = project.levels().get(0);
        LdtkProject.LayerInstance walls = level.layers().stream().filter(l -> project.layer(l.layerDefUid())
                .identifier().equals("Collisions")).findFirst().orElseThrow();
        // a wall across the middle of the first level, in the file's grid here too
        StringBuilder cells = new StringBuilder();
        for (int x = 4; x < 12; x++) {
            cells.append(cells.isEmpty() ? "" : ",").append("{\"x\":").append(x).append(",\"y\":8,\"gid\":1}");
            walls.intGrid()[8 * walls.cWid() + x] = 1;
        }
        int layerId = layerNamed(api.get("/api/v1/maps/" + mapId).json(), "Collisions");
        assertThat(api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"paint\",\"layerId\":"
                + layerId + ",\"cells\":[" + cells + "]}]}", "If-Match", "*").status()).isEqualTo(200);

        Api.Response exported = api.get("/api/v1/worlds/" + worldId + "/export?format=ldtk");
        assertThat(exported.status()).as(exported.text()).isEqualTo(200);
        Map<String, byte[]> zip = dev.tilewright.support.Zips.entries(exported.body());
        assertThat(zip).containsKeys("Typical_TopDown_example.ldtk", "atlas/TopDown_by_deepnight.png",
                LdtkExportService.REPORT);
        tools.jackson.databind.json.JsonMapper json = tools.jackson.databind.json.JsonMapper.builder().build();
        JsonNode written = json.readTree(zip.get("Typical_TopDown_example.ldtk"));
        assertThat(dev.tilewright.format.ldtk.LdtkWriterTest.schema().validate(written)).isEmpty();

        // what LDtk's rules make of the edited grid (the engine LdtkBakedTilesTest holds to LDtk's own tiles)
        tools.jackson.databind.node.ObjectNode expected = (tools.jackson.databind.node.ObjectNode) json.readTree(
                files.get("Typical_TopDown_example.ldtk"));
        JsonNode expectedLevel = expected.get("levels").get(0);
        for (JsonNode layer : expectedLevel.get("layerInstances")) {
            LdtkProject.LayerInstance instance = level.layers().stream().filter(l -> l.iid().equals(
                    layer.get("iid").asString())).findFirst().orElseThrow();
            dev.tilewright.core.autotile.LdtkAutoLayer.Baked baked = project.bake(level, instance);
            if (baked != null) {
                tools.jackson.databind.node.ArrayNode tiles = json.createArrayNode();
                for (var t : baked.tiles()) {
                    tiles.add(json.createObjectNode().set("px", json.createArrayNode().add(t.x()).add(t.y())));
                }
                ((tools.jackson.databind.node.ObjectNode) layer).set("bakedNow", tiles);
            }
            if (layer.get("__identifier").asString().equals("Collisions")) {
                tools.jackson.databind.node.ArrayNode csv = json.createArrayNode();
                java.util.Arrays.stream(instance.intGrid()).forEach(csv::add);
                ((tools.jackson.databind.node.ObjectNode) layer).set("intGridCsv", csv);
            }
        }
        JsonNode writtenLevel = written.get("levels").get(0);
        int changedLayers = 0;
        for (int i = 0; i < writtenLevel.get("layerInstances").size(); i++) {
            JsonNode ours = writtenLevel.get("layerInstances").get(i);
            JsonNode theirs = expectedLevel.get("layerInstances").get(i);
            assertThat(ours.get("intGridCsv")).isEqualTo(theirs.get("intGridCsv"));
            if (theirs.has("bakedNow")) {
                List<String> at = new ArrayList<>();
                ours.get("autoLayerTiles").forEach(t -> at.add(t.get("px").toString()));
                List<String> want = new ArrayList<>();
                theirs.get("bakedNow").forEach(t -> want.add(t.get("px").toString()));
                assertThat(at).as(ours.get("__identifier").asString()).isEqualTo(want);
                changedLayers += theirs.get("bakedNow").equals(theirs.get("autoLayerTiles")) ? 0
                        : ours.get("autoLayerTiles").size() != theirs.get("autoLayerTiles").size() ? 1 : 0;
            }
        }
        assertThat(changedLayers).as("the wall changed the baked tiles").isPositive();
        // the levels not edited are what the file holds
        ((tools.jackson.databind.node.ArrayNode) written.get("levels")).remove(0);
        ((tools.jackson.databind.node.ArrayNode) expected.get("levels")).remove(0);
        dev.tilewright.format.ldtk.LdtkWriterTest.assertSameHoldings("levels 1-2",
                dev.tilewright.format.ldtk.LdtkWriterTest.semantic(expected),
                dev.tilewright.format.ldtk.LdtkWriterTest.semantic(written));

        // someone of another project sees no such world
        Api admin = new Api(port);
        Api stranger = admin.as(admin.token(admin.person("Sid", admin.projectOf(admin.newMap("elsewhere", 2, 2)),
                "editor"), "read"));
        assertThat(stranger.get("/api/v1/worlds/" + worldId + "/export?format=ldtk").status()).isEqualTo(404);
    }

    @Test
    void aTiledWorldExportsAsAnLdtkProjectHoldingEveryPaintedTile() throws Exception {
        Api.Response imported = api.postFiles("/api/v1/worlds/import", dev.tilewright.support.WorldCorpus.files());
        assertThat(imported.status()).as(imported.text()).isEqualTo(201);
        JsonNode world = imported.json();
        Api.Response exported = api.get("/api/v1/worlds/" + world.get("id").asLong() + "/export?format=ldtk");
        assertThat(exported.status()).as(exported.text()).isEqualTo(200);
        Map<String, byte[]> zip = dev.tilewright.support.Zips.entries(exported.body());
        String ldtk = zip.keySet().stream().filter(n -> n.endsWith(".ldtk")).findFirst().orElseThrow();
        JsonNode written = tools.jackson.databind.json.JsonMapper.builder().build().readTree(zip.get(ldtk));
        assertThat(dev.tilewright.format.ldtk.LdtkWriterTest.schema().validate(written)).isEmpty();
        assertThat(zip).containsKey(LdtkExportService.REPORT);
        for (JsonNode tileset : written.get("defs").get("tilesets")) {
            assertThat(zip).as("the atlas beside the project").containsKey(tileset.get("relPath").asString());
        }
        assertThat(written.get("levels")).hasSize(world.get("maps").size());
        for (int i = 0; i < world.get("maps").size(); i++) {
            JsonNode placed = world.get("maps").get(i);
            JsonNode level = written.get("levels").get(i);
            assertThat(level.get("worldX").asInt()).isEqualTo(placed.get("x").asInt());
            assertThat(level.get("worldY").asInt()).isEqualTo(placed.get("y").asInt());
            long painted = 0;
            JsonNode map = api.get("/api/v1/maps/" + placed.get("mapId").asLong()).json();
            for (JsonNode layer : map.get("layers")) {
                if (layer.get("type").asString().equals("tile")) {
                    JsonNode cells = api.get("/api/v1/maps/" + placed.get("mapId").asLong() + "/layers/"
                            + layer.get("id").asInt() + "/cells", "Accept", "application/json").json();
                    for (JsonNode gid : cells.get("gids")) {
                        painted += gid.asLong() != 0 ? 1 : 0;
                    }
                }
            }
            long tiles = 0;
            for (JsonNode layer : level.get("layerInstances")) {
                tiles += layer.get("gridTiles").size();
            }
            assertThat(tiles).as(level.get("identifier").asString() + ": every painted cell a tile").isEqualTo(painted)
                    .isPositive();
        }
    }

    @Test
    void aLevelWiderThanAMapMayBeIsRefusedNamingTheLimit() throws Exception {
        Path file = LdtkSamples.dir().resolve("Typical_TopDown_example.ldtk");
        Map<String, byte[]> files = upload(file);
        tools.jackson.databind.json.JsonMapper json = tools.jackson.databind.json.JsonMapper.builder().build();
        tools.jackson.databind.node.ObjectNode project = (tools.jackson.databind.node.ObjectNode) json.readTree(
                files.get("Typical_TopDown_example.ldtk"));
        ((tools.jackson.databind.node.ObjectNode) project.get("levels").get(0)).put("pxWid", 10_000_000);
        files.put("Typical_TopDown_example.ldtk", json.writeValueAsBytes(project));
        Api.Response refused = api.postFiles("/api/v1/ldtk/import", files);
        assertThat(refused.status()).as(refused.text()).isEqualTo(413);
        assertThat(refused.json().get("limit").asString()).isEqualTo("tilewright.limits.max-map-width");
        assertThat(refused.json().get("detail").asString()).contains("World_Level_0", "625000x16 cells");
    }

    @Test
    void anLdtkExportPastTheWorkLimitIsRefusedBeforeItIsWritten() {
        // a 4096x4096 IntGrid: LDtk writes every cell (16M, about 512 MiB of JSON tree), past the default 128 MiB
        long huge = api.newMap("vast", 4096, 4096);
        assertThat(api.postJson("/api/v1/maps/" + huge + "/ops", "{\"ops\":[{\"type\":\"addLayer\",\"kind\":"
                + "\"tile\",\"attributes\":{\"name\":\"walls\",\"properties\":[{\"name\":\"tilewright.intgrid\","
                + "\"type\":\"bool\",\"value\":true}]}}]}", "If-Match", "*").status()).isEqualTo(200);
        Api.Response world = api.postJson("/api/v1/worlds", "{\"name\":\"vastness\",\"maps\":[{\"mapId\":" + huge
                + ",\"x\":0,\"y\":0}]}");
        assertThat(world.status()).as(world.text()).isEqualTo(201);
        Api.Response refused = api.get("/api/v1/worlds/" + world.json().get("id").asLong() + "/export?format=ldtk");
        assertThat(refused.status()).as(refused.text()).isEqualTo(413);
        assertThat(refused.json().get("limit").asString()).isEqualTo("tilewright.limits.max-export-work-bytes");
        assertThat(refused.json().get("field").asString()).isEqualTo("format");
    }

    @Test
    void enumsAndEntitiesBecomeTheProjectsPropertyTypesAndFieldsNameTheirEnum() throws Exception {
        Path file = LdtkSamples.dir().resolve("Typical_TopDown_example.ldtk");
        Api.Response created = api.postFiles("/api/v1/ldtk/import", upload(file));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        long project = created.json().get("projectId").asLong();
        Api.Response typesAnswer = api.get("/api/v1/projects/" + project + "/property-types");
        assertThat(typesAnswer.status()).as(typesAnswer.text()).isEqualTo(200);
        JsonNode types = typesAnswer.json().get("propertyTypes");
        Map<String, JsonNode> byName = new LinkedHashMap<>();
        types.forEach(t -> byName.put(t.get("name").asString(), t));
        // the enum Item is named as the entity Item: the entity keeps the name objects have as their class
        assertThat(byName).containsKeys("Item_enum", "Player", "Item", "Door", "Button", "SecretWall");
        assertThat(byName.get("Item_enum").get("type").asString()).isEqualTo("enum");
        assertThat(byName.get("Item_enum").get("values").toString()).contains("\"Wood\"", "\"KeyA\"");
        assertThat(created.json().get("warnings").toString()).contains("Item_enum");
        JsonNode player = byName.get("Player");
        assertThat(player.get("type").asString()).isEqualTo("class");
        assertThat(player.get("useAs").toString()).contains("object");
        assertThat(player.get("members").toString()).contains("\"life\"", "100", "\"ammo\"", "10");
        assertThat(byName.get("Door").get("members").toString()).contains("lockedWith", "Item_enum");
        // the project as LDtk projects: its world in a folder, and a map in no world named in the report
        assertThat(api.postJson("/api/v1/maps", "{\"name\":\"loose\",\"projectId\":" + project + ",\"width\":4,"
                + "\"height\":4,\"tileWidth\":16,\"tileHeight\":16}").status()).isEqualTo(201);
        Api.Response whole = api.get("/api/v1/projects/" + project + "/export?format=ldtk");
        assertThat(whole.status()).as(whole.text()).isEqualTo(200);
        Map<String, byte[]> zip = dev.tilewright.support.Zips.entries(whole.body());
        assertThat(zip).containsKeys("Typical_TopDown_example/Typical_TopDown_example.ldtk",
                "Typical_TopDown_example/atlas/TopDown_by_deepnight.png", LdtkExportService.REPORT);
        assertThat(new String(zip.get(LdtkExportService.REPORT), java.nio.charset.StandardCharsets.UTF_8))
                .contains("map 'loose' is in no world");
        // an entity's enum field is a string of that enum
        long mapId = created.json().get("maps").get(0).get("mapId").asLong();
        JsonNode map = api.get("/api/v1/maps/" + mapId).json();
        String doors = map.toString();
        assertThat(doors).contains("\"propertyType\":\"Item_enum\"");
    }

    private static int layerNamed(JsonNode map, String name) {
        for (JsonNode l : map.get("layers")) {
            if (l.get("name").asString().equals(name) && l.path("properties").toString().contains("intgrid")) {
                return l.get("id").asInt();
            }
        }
        throw new AssertionError("no IntGrid layer " + name + " in " + map.get("name"));
    }

    private void assertIntGrids(long mapId, LdtkProject.Level level, LdtkProject project) {
        JsonNode map = api.get("/api/v1/maps/" + mapId).json();
        for (LdtkProject.LayerInstance layer : level.layers()) {
            LdtkProject.LayerDef def = project.layer(layer.layerDefUid());
            if (!def.type().equals("IntGrid")) {
                continue;
            }
            JsonNode found = null;
            for (JsonNode l : map.get("layers")) {
                if (l.get("name").asString().equals(def.identifier())) {
                    found = l;
                }
            }
            assertThat(found).as(def.identifier() + " in " + level.identifier()).isNotNull();
            JsonNode cells = api.get("/api/v1/maps/" + mapId + "/layers/" + found.get("id").asInt() + "/cells?x=0&y=0"
                    + "&width=" + layer.cWid() + "&height=" + layer.cHei(), "Accept", "application/json").json();
            List<Integer> values = new ArrayList<>();
            cells.get("gids").forEach(g -> values.add(g.asInt()));
            assertThat(values).as(def.identifier() + " of " + level.identifier())
                    .isEqualTo(java.util.Arrays.stream(layer.intGrid()).boxed().toList());
        }
    }

    /** What LDtk draws of a level: its background, then each layer from the bottom, its tiles in order. */
    static BufferedImage drawn(LdtkProject project, LdtkProject.Level level, Path file) throws IOException {
        return drawn(project, level, file, false);
    }

    /**
     * @param bake whether auto-layers draw what LDtk's rules make of the level's IntGrid now (the engine checked
     *             against LDtk's own baked tiles) rather than the tiles baked in the file
     */
    static BufferedImage drawn(LdtkProject project, LdtkProject.Level level, Path file, boolean bake)
            throws IOException {
        int grid = project.layer(level.layers().get(0).layerDefUid()).gridSize();
        int width = (level.pxWid() + grid - 1) / grid * grid;
        int height = (level.pxHei() + grid - 1) / grid * grid;
        BufferedImage picture = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = picture.createGraphics();
        g.setColor(Color.decode(level.bgColor()));
        g.fillRect(0, 0, width, height);
        List<LdtkProject.LayerInstance> bottomFirst = new ArrayList<>(level.layers());
        java.util.Collections.reverse(bottomFirst);
        for (LdtkProject.LayerInstance layer : bottomFirst) {
            LdtkProject.LayerDef def = project.layer(layer.layerDefUid());
            Integer uid = layer.overrideTilesetUid() != null ? layer.overrideTilesetUid() : def.tilesetUid();
            if (uid == null || !layer.visible()) {
                continue;
            }
            LdtkProject.TilesetDef tileset = project.tileset(uid);
            BufferedImage atlas = ImageIO.read(file.resolveSibling(tileset.relPath()).toFile());
            List<LdtkProject.PlacedTile> tiles = def.type().equals("Tiles") ? layer.gridTiles()
                    : layer.autoLayerTiles();
            dev.tilewright.core.autotile.LdtkAutoLayer.Baked baked = bake ? project.bake(level, layer) : null;
            if (baked != null) {
                tiles = baked.tiles().stream().map(t -> new LdtkProject.PlacedTile(t.x(), t.y(), t.tileId(),
                        t.flips(), t.alpha(), List.of())).toList();
            }
            int size = tileset.tileGridSize();
            for (LdtkProject.PlacedTile tile : tiles) {
                int sx = tileset.padding() + tile.tileId() % tileset.columns() * (size + tileset.spacing());
                int sy = tileset.padding() + tile.tileId() / tileset.columns() * (size + tileset.spacing());
                int x = tile.x() + def.pxOffsetX() + layer.pxOffsetX();
                int y = tile.y() + def.pxOffsetY() + layer.pxOffsetY();
                boolean fx = (tile.flips() & 1) != 0;
                boolean fy = (tile.flips() & 2) != 0;
                g.setComposite(AlphaComposite.getInstance(AlphaComposite.SRC_OVER,
                        (float) (tile.alpha() * def.opacity())));
                g.drawImage(atlas, fx ? x + size : x, fy ? y + size : y, fx ? x : x + size, fy ? y : y + size,
                        sx, sy, sx + size, sy + size, null);
            }
        }
        g.dispose();
        return picture;
    }

    static void assertSamePicture(String what, BufferedImage expected, BufferedImage actual) {
        assertThat(actual.getWidth()).as(what + " width").isEqualTo(expected.getWidth());
        assertThat(actual.getHeight()).as(what + " height").isEqualTo(expected.getHeight());
        int differing = 0;
        String first = null;
        for (int y = 0; y < expected.getHeight(); y++) {
            for (int x = 0; x < expected.getWidth(); x++) {
                int a = expected.getRGB(x, y);
                int b = actual.getRGB(x, y);
                for (int shift = 0; shift <= 16; shift += 8) {
                    if (Math.abs((a >> shift & 0xFF) - (b >> shift & 0xFF)) > 2) {
                        differing++;
                        if (first == null) {
                            first = x + "," + y + ": " + Integer.toHexString(a) + " drawn, " + Integer.toHexString(b);
                        }
                        break;
                    }
                }
            }
        }
        assertThat(differing).as(what + ": pixels differing, first at " + first).isZero();
    }

    static BufferedImage png(Api.Response response) throws IOException {
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        return ImageIO.read(new ByteArrayInputStream(response.body()));
    }
}
