package dev.tilewright.rendering;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A version's thumbnail is rendered once, however many ask (at once or after), and again only for a new version; the
 * map's overview it is shrunk from is built once and then kept in step with edits, not built again.
 */
@FeatureTest
class ThumbnailCacheTest {

    @LocalServerPort
    int port;
    @Autowired
    Thumbnails thumbnails;
    @Autowired
    Overviews overviews;

    @Test
    void aVersionsThumbnailIsRenderedOnceForEveryoneWhoAsks() {
        Api api = new Api(port);
        long tileset = api.uploadTileset("thumbs", 4, 2);
        long mapId = api.postJson("/api/v1/maps", "{\"name\":\"thumbs\",\"width\":40,\"height\":30,\"tileWidth\":16,"
                + "\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],\"layers\":[{\"name\":\"g\","
                + "\"type\":\"tile\"}]}").json().get("id").asLong();
        String url = "/api/v1/maps/" + mapId + "/thumbnail.png?size=64";
        long before = thumbnails.rendered();
        long built = overviews.built();
        // eight editors' minimaps at once (rendered once, whoever comes first), then again
        List<byte[]> seen = IntStream.range(0, 8).mapToObj(i -> CompletableFuture.supplyAsync(() -> api.get(url).body()))
                .toList().stream().map(CompletableFuture::join).toList();
        byte[] first = seen.get(0);
        seen.forEach(png -> assertThat(png).isEqualTo(first));
        assertThat(api.get(url).body()).isEqualTo(first);
        assertThat(thumbnails.rendered() - before).as("renders for one version").isEqualTo(1);
        assertThat(api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"fillRect\",\"layerId\":1,"
                + "\"x\":0,\"y\":0,\"width\":40,\"height\":30,\"gid\":2}]}", "If-Match", "*").status()).isEqualTo(200);
        byte[] painted = api.get(url).body();
        assertThat(painted).isNotEqualTo(first);
        assertThat(api.get(url).body()).isEqualTo(painted);
        assertThat(thumbnails.rendered() - before).as("and one for the next").isEqualTo(2);
        assertThat(overviews.built() - built).as("the overview built once, then kept in step").isEqualTo(1);
        assertThat(api.postJson("/api/v1/maps/" + mapId + "/ops", "{\"ops\":[{\"type\":\"addLayer\",\"kind\":"
                + "\"tile\",\"attributes\":{\"name\":\"more\"}}]}", "If-Match", "*").status()).isEqualTo(200);
        assertThat(api.get(url).status()).isEqualTo(200);
        assertThat(overviews.built() - built).as("a new layer: a new overview").isEqualTo(2);
    }
}
