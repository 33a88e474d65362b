package dev.tilewright.tileset;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.Pngs;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@FeatureTest
class TilesetApiTest {

    @LocalServerPort
    int port;
    Api api;

    @BeforeEach
    void client() {
        api = new Api(port);
    }

    private static Map<String, Object> form(String name, int tileWidth, int tileHeight, byte[] image) {
        Map<String, Object> parts = new LinkedHashMap<>();
        parts.put("name", name);
        parts.put("tileWidth", tileWidth);
        parts.put("tileHeight", tileHeight);
        parts.put("image", image);
        return parts;
    }

    private int tilesetCount() {
        return api.get("/api/v1/tilesets").json().size();
    }

    @Test
    void uploadCutsTheAtlasAndServesItBack() {
        byte[] png = Pngs.atlas(64 + 2 + 3, 32 + 2 + 1);
        Map<String, Object> parts = form("terrain", 16, 16, png);
        parts.put("margin", 1);
        parts.put("spacing", 1);
        parts.put("transparentColor", "FF00ff");
        Api.Response created = api.postMultipart("/api/v1/tilesets", parts);

        assertThat(created.status()).isEqualTo(201);
        JsonNode json = created.json();
        long id = json.get("id").asLong();
        assertThat(created.header("Location")).isEqualTo("/api/v1/tilesets/" + id);
        assertThat(json.get("columns").asInt()).isEqualTo(4);
        assertThat(json.get("tileCount").asInt()).isEqualTo(8);
        assertThat(json.get("transparentColor").asString()).isEqualTo("ff00ff");
        assertThat(api.get("/api/v1/tilesets/" + id).json().get("name").asString()).isEqualTo("terrain");
        Api.Response image = api.get("/api/v1/tilesets/" + id + "/image");
        assertThat(image.header("Content-Type")).isEqualTo("image/png");
        assertThat(image.body()).isEqualTo(png);
    }

    @Test
    void notAPngIs415AndStoresNothing() {
        int before = tilesetCount();
        Api.Response response = api.postMultipart("/api/v1/tilesets", form("gif", 16, 16, "GIF89a....".getBytes()));
        assertThat(response.status()).isEqualTo(415);
        assertThat(response.header("Content-Type")).isEqualTo("application/problem+json");
        assertThat(response.json().get("field").asString()).isEqualTo("image");
        assertThat(tilesetCount()).isEqualTo(before);
    }

    @Test
    void moreThanTenMegabytesIs413NamingTheLimit() {
        int before = tilesetCount();
        byte[] big = Arrays.copyOf(Pngs.headerOnly(64, 64), 10 * 1024 * 1024 + 1);
        Api.Response response = api.postMultipart("/api/v1/tilesets", form("big", 16, 16, big));
        assertThat(response.status()).isEqualTo(413);
        assertThat(response.json().get("limit").asString()).isEqualTo("tilewright.limits.max-tileset-bytes");
        assertThat(tilesetCount()).isEqualTo(before);
    }

    @Test
    void moreThanTheMegapixelLimitIs413BeforeDecoding() {
        int before = tilesetCount();
        // 4097x4096 pixels claimed by the header; there is no image data to decode
        Api.Response response = api.postMultipart("/api/v1/tilesets", form("bomb", 16, 16, Pngs.headerOnly(4097, 4096)));
        assertThat(response.status()).isEqualTo(413);
        assertThat(response.json().get("limit").asString()).isEqualTo("tilewright.limits.max-tileset-pixels");
        assertThat(response.json().get("detail").asString()).contains("4097x4096");
        assertThat(tilesetCount()).isEqualTo(before);
    }

    @Test
    void aTileThatDoesNotFitTheImageIs422() {
        int before = tilesetCount();
        Api.Response response = api.postMultipart("/api/v1/tilesets", form("small", 32, 16, Pngs.atlas(16, 16)));
        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().get("field").asString()).isEqualTo("tileWidth");
        assertThat(response.json().get("detail").asString()).contains("does not fit the 16x16 image");
        assertThat(tilesetCount()).isEqualTo(before);
    }

    @Test
    void aCorruptPngIs422() {
        byte[] png = Pngs.atlas(32, 32);
        byte[] corrupt = Arrays.copyOf(png, png.length / 2);
        Api.Response response = api.postMultipart("/api/v1/tilesets", form("broken", 16, 16, corrupt));
        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().get("detail").asString()).contains("could not be decoded");
    }

    @Test
    void tilesGetPropertiesAndASolidFlag() {
        long id = api.uploadTileset("props", 2, 2);
        Api.Response patched = api.patchJson("/api/v1/tilesets/" + id + "/tiles/3",
                "{\"solid\":true,\"properties\":[{\"name\":\"friction\",\"type\":\"float\",\"value\":0.5}]}");
        assertThat(patched.status()).isEqualTo(200);
        JsonNode tile = api.get("/api/v1/tilesets/" + id).json().get("tiles").get(0);
        assertThat(tile.get("id").asInt()).isEqualTo(3);
        assertThat(tile.get("solid").asBoolean()).isTrue();
        assertThat(tile.get("properties").toString()).contains("\"friction\"", "\"float\"", "0.5");

        assertThat(api.patchJson("/api/v1/tilesets/" + id + "/tiles/4", "{\"solid\":true}").status()).isEqualTo(422);
        String twice = "{\"properties\":[{\"name\":\"a\",\"type\":\"int\",\"value\":1},"
                + "{\"name\":\"a\",\"type\":\"int\",\"value\":2}]}";
        Api.Response duplicate = api.patchJson("/api/v1/tilesets/" + id + "/tiles/1", twice);
        assertThat(duplicate.status()).isEqualTo(422);
        assertThat(duplicate.json().get("field").asString()).isEqualTo("properties");
        assertThat(api.patchJson("/api/v1/tilesets/" + id, twice).status()).isEqualTo(422);
        assertThat(api.patchJson("/api/v1/tilesets/" + id + "/tiles/1",
                "{\"properties\":[{\"name\":\"n\",\"type\":\"int\",\"value\":\"x\"}]}").status()).isEqualTo(422);
    }

    @Test
    void aTilesetCanBeRenamedAndGetItsOwnProperties() {
        long id = api.uploadTileset("old", 1, 1);
        Api.Response patched = api.patchJson("/api/v1/tilesets/" + id,
                "{\"name\":\"new\",\"properties\":[{\"name\":\"biome\",\"type\":\"string\",\"value\":\"snow\"}]}");
        assertThat(patched.status()).isEqualTo(200);
        JsonNode json = api.get("/api/v1/tilesets/" + id).json();
        assertThat(json.get("name").asString()).isEqualTo("new");
        assertThat(json.get("properties").get(0).get("value").asString()).isEqualTo("snow");
        assertThat(api.patchJson("/api/v1/tilesets/" + id, "{\"name\":\" \"}").status()).isEqualTo(422);
        assertThat(api.get("/api/v1/tilesets/" + id).json().get("name").asString()).isEqualTo("new");
    }

    @Test
    void deleteIsRefusedWhileAMapUsesTheTileset() {
        long used = api.uploadTileset("used", 2, 2);
        long unused = api.uploadTileset("unused", 2, 2);
        api.postJson("/api/v1/maps", "{\"name\":\"m\",\"width\":4,\"height\":4,\"tileWidth\":16,\"tileHeight\":16,"
                + "\"tilesets\":[{\"tilesetId\":" + used + "}]}");

        Api.Response refused = api.delete("/api/v1/tilesets/" + used);
        assertThat(refused.status()).isEqualTo(409);
        assertThat(api.get("/api/v1/tilesets/" + used).status()).isEqualTo(200);
        assertThat(api.delete("/api/v1/tilesets/" + unused).status()).isEqualTo(204);
        assertThat(api.get("/api/v1/tilesets/" + unused).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/tilesets/" + unused + "/image").status()).isEqualTo(404);
    }
}
