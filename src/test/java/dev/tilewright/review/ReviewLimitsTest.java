package dev.tilewright.review;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A map's threads hold at most max-map-bytes of comment text in all (20,000 in feature tests): past it new threads,
 * answers and edits that grow are refused, and edits that shrink make room again.
 */
@FeatureTest
class ReviewLimitsTest {

    @LocalServerPort
    int port;

    @Test
    void aMapsThreadsHoldAtMostMaxMapBytesOfText() {
        Api api = new Api(port);
        long map = api.newMap("talkative", 4, 4);
        String threads = "/api/v1/maps/" + map + "/threads";
        String kilobytes8 = "x".repeat(8000);
        long first = api.postJson(threads, "{\"anchor\":{\"x\":1,\"y\":1},\"body\":\"" + kilobytes8 + "\"}").json()
                .get("id").asLong();
        api.postJson(threads + "/" + first + "/comments", "{\"body\":\"" + kilobytes8 + "\"}");
        long third = api.postJson(threads + "/" + first + "/comments", "{\"body\":\"" + "z".repeat(3000) + "\"}")
                .json().get("id").asLong();
        Api.Response full = api.postJson(threads, "{\"anchor\":{\"x\":1,\"y\":1},\"body\":\"" + kilobytes8 + "\"}");
        assertThat(full.status()).isEqualTo(413);
        assertThat(full.json().get("limit").asString()).isEqualTo("tilewright.review.max-map-bytes");
        assertThat(api.postJson(threads + "/" + first + "/comments", "{\"body\":\"" + "z".repeat(1001) + "\"}")
                .status()).isEqualTo(413);
        // 19,000 bytes held: an edit may grow the text to the limit, not past it; one that shrinks makes room
        String comment = threads + "/" + first + "/comments/" + third;
        assertThat(api.patchJson(comment, "{\"body\":\"" + "z".repeat(4001) + "\"}").status()).isEqualTo(413);
        assertThat(api.patchJson(comment, "{\"body\":\"" + "z".repeat(4000) + "\"}").status()).isEqualTo(200);
        assertThat(api.patchJson(comment, "{\"body\":\"short now\"}").status()).isEqualTo(200);
        assertThat(api.postJson(threads, "{\"anchor\":{\"x\":1,\"y\":1},\"body\":\"" + "z".repeat(3000) + "\"}")
                .status()).isEqualTo(201);
        assertThat(api.get(threads).json().get("threads")).hasSize(2);
    }
}
