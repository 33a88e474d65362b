package dev.tilewright.autotile;

import dev.tilewright.core.geom.Hexagonal;
import dev.tilewright.core.geom.TileCoord;
import dev.tilewright.core.terrain.TerrainBrush;
import dev.tilewright.core.terrain.WangTiles;
import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.Pngs;
import dev.tilewright.support.Terrains;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code POST /api/v1/maps/{id}/terrain}: the server's terrain brush on a tileset imported from a TSX with a corner
 * Wang set of three terrains (grass joins water and sand; water and sand never touch): painting sand into water puts
 * grass between, the stored cells are exactly what {@code core.terrain} computes for the stroke (the editor's brush is
 * held to the same by the shared fixtures), a second identical stroke changes nothing, and bad requests are refused
 * naming the field or the limit, changing nothing.
 */
@FeatureTest
class TerrainApiTest {

    private static final int GRASS = 1;
    private static final int WATER = 2;
    private static final int SAND = 3;

    @LocalServerPort
    int port;

    /** 16 tiles joining grass and water, 14 more joining grass and sand, and a second plain grass of probability 2. */
    private static String tsx() {
        StringBuilder tiles = new StringBuilder();
        int id = 0;
        for (int other : new int[] {WATER, SAND}) {
            for (int n = 0; n < 16; n++) {
                int[] c = new int[4];
                for (int k = 0; k < 4; k++) {
                    c[k] = (n >> k & 1) == 0 ? GRASS : other;
                }
                if (other == SAND && n == 0) {
                    continue; // all grass: already there
                }
                tiles.append("   <wangtile tileid=\"").append(id++).append("\" wangid=\"0,").append(c[0]).append(",0,")
                        .append(c[1]).append(",0,").append(c[2]).append(",0,").append(c[3]).append("\"/>\n");
            }
        }
        tiles.append("   <wangtile tileid=\"").append(id).append("\" wangid=\"0,1,0,1,0,1,0,1\"/>\n");
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<tileset version=\"1.10\" tiledversion=\"1.10.2\" name=\"shore\" tilewidth=\"16\" tileheight=\"16\""
                + " tilecount=\"32\" columns=\"8\">\n <image source=\"shore.png\" width=\"128\" height=\"64\"/>\n"
                + " <tile id=\"" + id + "\" probability=\"2\"/>\n"
                + " <wangsets>\n  <wangset name=\"Shore\" type=\"corner\" tile=\"-1\">\n"
                + "   <wangcolor name=\"Grass\" color=\"#30a030\" tile=\"-1\" probability=\"1\"/>\n"
                + "   <wangcolor name=\"Water\" color=\"#2060ff\" tile=\"-1\" probability=\"1\"/>\n"
                + "   <wangcolor name=\"Sand\" color=\"#e0c080\" tile=\"-1\" probability=\"1\"/>\n"
                + tiles + "  </wangset>\n </wangsets>\n</tileset>\n";
    }

    private record Shore(Api api, String map, long tileset, JsonNode tilesetJson) {
    }

    private Shore shore() {
        Api admin = new Api(port);
        Api owner = admin.as(admin.token(admin.person("Shore owner", admin.projectOf(admin.newMap("any", 2, 2)),
                "editor"), "write"));
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("shore.tsx", tsx().getBytes(StandardCharsets.UTF_8));
        files.put("shore.png", Pngs.atlas(128, 64));
        Api.Response imported = owner.postFiles("/api/v1/tilesets/import", files);
        assertThat(imported.status()).as(imported.text()).isEqualTo(201);
        long tileset = imported.json().get("id").asLong();
        Api.Response created = owner.postJson("/api/v1/maps", "{\"name\":\"shore\",\"width\":16,\"height\":12,"
                + "\"tileWidth\":16,\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],"
                + "\"layers\":[{\"name\":\"ground\",\"type\":\"tile\"}],\"properties\":[{\"name\":\"tilewright.terrain.seed\","
                + "\"type\":\"int\",\"value\":77}]}");
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        String map = "/api/v1/maps/" + created.json().get("id").asLong();
        // all water: the local id of the tile with water on every corner (the 16th of the first run) + 1
        Api.Response water = owner.postJson(map + "/ops", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":0,"
                + "\"y\":0,\"width\":16,\"height\":12,\"gid\":16}]}", "If-Match", owner.get(map).header("ETag"));
        assertThat(water.status()).as(water.text()).isEqualTo(200);
        return new Shore(owner, map, tileset, owner.get("/api/v1/tilesets/" + tileset).json());
    }

    private static int[] cells(Shore shore) {
        JsonNode gids = shore.api().get(shore.map() + "/layers/1/cells").json().get("gids");
        int[] out = new int[gids.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (int) gids.get(i).asLong();
        }
        return out;
    }

    @Test
    void sandPaintedIntoWaterGetsGrassBetweenAndTheServerPlacesWhatTheBrushComputes() {
        Shore shore = shore();
        int[] before = cells(shore);
        int[] stroke = {4, 5, 5, 5, 6, 5, 7, 6, 8, 6, 9, 6, 10, 7};
        String body = "{\"layerId\":1,\"tilesetId\":" + shore.tileset() + ",\"wangSet\":\"Shore\",\"color\":" + SAND
                + ",\"cells\":" + java.util.Arrays.toString(stroke) + "}";
        long versionBefore = shore.api().get(shore.map()).json().get("version").asLong();
        Api.Response painted = shore.api().postJson(shore.map() + "/terrain", body);
        assertThat(painted.status()).as(painted.text()).isEqualTo(200);
        assertThat(painted.json().get("version").asLong()).isEqualTo(versionBefore + 1);
        assertThat(painted.json().get("unmatched").asInt()).isZero();

        WangTiles tiles = Terrains.wangTiles(shore.tilesetJson(), 0, 1);
        Terrains.Grid grid = new Terrains.Grid(16, 12, before);
        TerrainBrush.Result expected = TerrainBrush.paint(tiles, grid, stroke, SAND, 77, 262_144);
        int[] after = cells(shore);
        assertThat(after).as("the stored cells: exactly the brush's").containsExactly(grid.after(expected));
        assertThat(painted.json().get("changed").asInt()).isEqualTo(expected.cells().size()).isGreaterThan(stroke.length / 2);

        // sand where painted, grass around it (sand and water never touch), water further out
        assertThat(tiles.wangIdOf(after[5 * 16 + 5])).containsExactly(0, SAND, 0, SAND, 0, SAND, 0, SAND);
        int[] above = tiles.wangIdOf(after[4 * 16 + 5]);
        assertThat(new int[] {above[3], above[5], above[1], above[7]}).as("sand below, grass above")
                .containsExactly(SAND, SAND, GRASS, GRASS);
        int[] twoAbove = tiles.wangIdOf(after[3 * 16 + 5]);
        assertThat(new int[] {twoAbove[3], twoAbove[5], twoAbove[1], twoAbove[7]}).as("grass below, water above")
                .containsExactly(GRASS, GRASS, WATER, WATER);
        for (int i = 0; i < after.length; i++) {
            int[] id = tiles.wangIdOf(after[i]);
            boolean sand = id[1] == SAND || id[3] == SAND || id[5] == SAND || id[7] == SAND;
            boolean water = id[1] == WATER || id[3] == WATER || id[5] == WATER || id[7] == WATER;
            assertThat(sand && water).as("cell %d shows sand and water", i).isFalse();
        }

        // the same stroke again: nothing to change, no new version
        Api.Response again = shore.api().postJson(shore.map() + "/terrain", body);
        assertThat(again.json().get("changed").asInt()).isZero();
        assertThat(again.json().get("version").asLong()).isEqualTo(versionBefore + 1);

        // a rectangle of grass
        Api.Response rect = shore.api().postJson(shore.map() + "/terrain", "{\"layerId\":1,\"tilesetId\":"
                + shore.tileset() + ",\"wangSet\":\"Shore\",\"color\":" + GRASS + ",\"rect\":{\"x\":12,\"y\":1,"
                + "\"width\":3,\"height\":2}}");
        assertThat(rect.status()).as(rect.text()).isEqualTo(200);
        assertThat(tiles.wangIdOf(cells(shore)[2 * 16 + 13])).containsExactly(0, GRASS, 0, GRASS, 0, GRASS, 0, GRASS);
    }

    /**
     * On a hexagonal map (32 px, sides of 16, pointy tops) an edge set's terrain goes on a hexagon's six sides: a
     * complete two-terrain set of 64 tiles (Wang id indexes 1, 2, 3, 5, 6, 7), a stroke of two cells; the server
     * places exactly what the brush computes on that layout, every side of the painted cells shows the terrain and
     * their six neighbours show it on the side they share. A mixed set is refused there, naming the field.
     */
    @Test
    void onAHexagonalMapATerrainGoesOnTheHexagonsSixSides() {
        int[] sides = Terrains.HEXAGON_SIDES;
        String tsx = Terrains.hexagonSidesTsx("hexes.png");
        Api admin = new Api(port);
        Api owner = admin.as(admin.token(admin.person("Hex owner", admin.projectOf(admin.newMap("any", 2, 2)),
                "editor"), "write"));
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("hexes.tsx", tsx.getBytes(StandardCharsets.UTF_8));
        files.put("hexes.png", Pngs.atlas(256, 256));
        Api.Response imported = owner.postFiles("/api/v1/tilesets/import", files);
        assertThat(imported.status()).as(imported.text()).isEqualTo(201);
        long tileset = imported.json().get("id").asLong();
        Api.Response created = owner.postJson("/api/v1/maps", "{\"name\":\"hexes\",\"width\":8,\"height\":8,"
                + "\"tileWidth\":32,\"tileHeight\":32,\"orientation\":\"hexagonal\",\"hexSideLength\":16,"
                + "\"staggerAxis\":\"y\",\"staggerIndex\":\"odd\",\"tilesets\":[{\"tilesetId\":" + tileset + "}],"
                + "\"layers\":[{\"name\":\"ground\",\"type\":\"tile\"}]}");
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        String map = "/api/v1/maps/" + created.json().get("id").asLong();
        assertThat(owner.postJson(map + "/ops", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,\"x\":0,\"y\":0,"
                + "\"width\":8,\"height\":8,\"gid\":1}]}", "If-Match", owner.get(map).header("ETag")).status())
                .isEqualTo(200);
        Shore hexes = new Shore(owner, map, tileset, owner.get("/api/v1/tilesets/" + tileset).json());
        int[] before = cells(hexes);
        int[] stroke = {3, 3, 4, 3};
        Api.Response painted = owner.postJson(map + "/terrain", "{\"layerId\":1,\"tilesetId\":" + tileset
                + ",\"wangSet\":\"Sides\",\"color\":2,\"cells\":[3,3,4,3]}");
        assertThat(painted.status()).as(painted.text()).isEqualTo(200);
        assertThat(painted.json().get("unmatched").asInt()).isZero();

        Hexagonal hex = new Hexagonal(32, 32, false, false, 16);
        WangTiles wang = Terrains.wangTiles(hexes.tilesetJson(), 0, 1, hex);
        Terrains.Grid grid = new Terrains.Grid(8, 8, before);
        TerrainBrush.Result expected = TerrainBrush.paint(wang, grid, stroke, 2, 0, 262_144);
        int[] after = cells(hexes);
        assertThat(after).as("the stored cells: exactly the brush's").containsExactly(grid.after(expected));
        for (int[] cell : new int[][] {{3, 3}, {4, 3}}) {
            int[] id = wang.wangIdOf(after[cell[1] * 8 + cell[0]]);
            for (int side : sides) {
                assertThat(id[side]).as("painted %s side %d", java.util.Arrays.toString(cell), side).isEqualTo(2);
            }
            // the neighbour across each side shows the terrain on the side it shares (the opposite one)
            List<TileCoord> around = hex.neighbours(cell[0], cell[1]);
            int[] facing = {5, 6, 7, 1, 2, 3}; // neighbours clockwise from the top-right: their side facing back
            for (int k = 0; k < 6; k++) {
                TileCoord n = around.get(k);
                assertThat(wang.wangIdOf(after[n.y() * 8 + n.x()])[facing[k]]).as("neighbour %s of %s", n,
                        java.util.Arrays.toString(cell)).isEqualTo(2);
            }
        }
        assertThat(after[0]).as("far away: untouched").isEqualTo(1);
        Api.Response mixed = owner.postJson(map + "/terrain", "{\"layerId\":1,\"tilesetId\":" + tileset
                + ",\"wangSet\":\"Mixed\",\"color\":1,\"cells\":[1,1]}");
        assertThat(mixed.status()).isEqualTo(422);
        assertThat(mixed.json().get("field").asString()).isEqualTo("wangSet");
        assertThat(mixed.json().get("detail").asString()).contains("corner or an edge set");
        assertThat(cells(hexes)).as("refused: nothing changed").containsExactly(after);
    }

    @Test
    void badStrokesAreRefusedNamingTheFieldOrTheLimitAndChangeNothing() {
        Shore shore = shore();
        int[] before = cells(shore);
        String start = "{\"layerId\":1,\"tilesetId\":" + shore.tileset() + ",\"wangSet\":\"Shore\",";
        Map<String, String> refusals = new LinkedHashMap<>();
        refusals.put(start + "\"color\":0,\"cells\":[1,1]}", "color");
        refusals.put(start + "\"color\":4,\"cells\":[1,1]}", "color");
        refusals.put(start + "\"color\":1,\"cells\":[1,1,2]}", "cells");
        refusals.put(start + "\"color\":1}", "cells");
        refusals.put("{\"layerId\":1,\"tilesetId\":" + shore.tileset() + ",\"wangSet\":\"Coast\",\"color\":1,"
                + "\"cells\":[1,1]}", "wangSet");
        refusals.put("{\"layerId\":9,\"tilesetId\":" + shore.tileset() + ",\"wangSet\":\"Shore\",\"color\":1,"
                + "\"cells\":[1,1]}", "layerId");
        refusals.put("{\"layerId\":1,\"tilesetId\":987654,\"wangSet\":\"Shore\",\"color\":1,\"cells\":[1,1]}",
                "tilesetId");
        refusals.forEach((body, field) -> {
            Api.Response refused = shore.api().postJson(shore.map() + "/terrain", body);
            assertThat(refused.status()).as(body + " " + refused.text()).isEqualTo(422);
            assertThat(refused.json().get("field").asString()).as(body).isEqualTo(field);
        });
        Api.Response tooLarge = shore.api().postJson(shore.map() + "/terrain", start + "\"color\":1,\"rect\":{\"x\":0,"
                + "\"y\":0,\"width\":1000,\"height\":1000}}");
        assertThat(tooLarge.status()).isEqualTo(413);
        assertThat(tooLarge.text()).contains("tilewright.autotile.max-terrain-cells");
        assertThat(cells(shore)).containsExactly(before);
    }

    @Test
    void wangSetsAreReplacedWholeKeptAndExportedAndBadOnesAreRefusedChangingNothing() {
        Shore shore = shore();
        String tileset = "/api/v1/tilesets/" + shore.tileset();
        String set = "{\"name\":\"Cliffs\",\"type\":\"edge\",\"tile\":-1,\"colors\":[{\"name\":\"Rock\","
                + "\"color\":\"#808080\",\"tile\":-1,\"probability\":1}],\"tiles\":{\"4\":[1,0,0,0,1,0,0,0]}}";
        Api.Response put = shore.api().putJson(tileset + "/wang-sets", "[" + set + "]");
        assertThat(put.status()).as(put.text()).isEqualTo(200);
        JsonNode stored = shore.api().get(tileset).json().get("wangSets");
        assertThat(stored.size()).isEqualTo(1);
        assertThat(stored.get(0).get("name").asString()).isEqualTo("Cliffs");
        assertThat(stored.get(0).get("tiles").get("4").toString()).isEqualTo("[1,0,0,0,1,0,0,0]");
        String tsx = shore.api().get(tileset + "/export?format=tsx").text();
        assertThat(tsx).contains("<wangset name=\"Cliffs\" type=\"edge\"", "wangid=\"1,0,0,0,1,0,0,0\"");

        Map<String, String> refusals = new LinkedHashMap<>();
        refusals.put("[" + set.replace("\"4\":", "\"32\":") + "]", "wangSets");
        refusals.put("[" + set.replace("\"edge\"", "\"hexagon\"") + "]", "wangSets[0]");
        refusals.put("[" + set.replace("[1,0,0,0,1,0,0,0]", "[2,0,0,0,1,0,0,0]") + "]", "wangSets[0]");
        refusals.forEach((body, field) -> {
            Api.Response refused = shore.api().putJson(tileset + "/wang-sets", body);
            assertThat(refused.status()).as(body + " " + refused.text()).isEqualTo(422);
            assertThat(refused.json().get("field").asString()).as(body).isEqualTo(field);
        });
        assertThat(shore.api().putJson(tileset + "/wang-sets", "{\"name\":\"x\"}").status()).isEqualTo(400);
        Api.Response large = shore.api().putJson(tileset + "/wang-sets", "[" + " ".repeat(1 << 20) + "]");
        assertThat(large.status()).isEqualTo(413);
        assertThat(large.text()).contains("tilewright.autotile.max-wang-sets-bytes");
        assertThat(shore.api().get(tileset).json().get("wangSets").toString()).isEqualTo(stored.toString());
    }
}
