package dev.tilewright.live;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
import dev.tilewright.TilewrightApplication;
import dev.tilewright.live.protocol.Frames;
import dev.tilewright.support.Api;
import dev.tilewright.support.LiveClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances on one PostgreSQL: a map deleted through one closes its editors' sockets on the other with 4404
 * (as on the instance that deleted it), and the other answers 404 for it from then on.
 */
@Tag(Lanes.SERVICE)
class LiveDeletedElsewhereTest {

    private static ConfigurableApplicationContext instance() {
        return new SpringApplicationBuilder(TilewrightApplication.class).run("--server.port=0",
                "--tilewright.database.data-dir=");
    }

    private static int port(ConfigurableApplicationContext app) {
        return ((WebServerApplicationContext) app).getWebServer().getPort();
    }

    @Test
    void aMapDeletedOnOneInstanceClosesItsRoomOnTheOther() throws Exception {
        try (ConfigurableApplicationContext one = instance(); ConfigurableApplicationContext two = instance()) {
            Api first = new Api(port(one));
            Api second = new Api(port(two));
            long mapId = first.newMap("doomed", 10, 10);
            assertThat(second.get("/api/v1/maps/" + mapId).status()).as("both instances share the database")
                    .isEqualTo(200);
            LiveClient editor = new LiveClient(port(two), mapId);
            editor.hello("there", 1L);
            editor.next("welcome");

            assertThat(first.delete("/api/v1/maps/" + mapId).status()).isEqualTo(204);
            assertThat(editor.awaitClose()).as("closed on the other instance too").isEqualTo(Frames.MAP_DELETED);
            assertThat(editor.closeReason).isEqualTo("The map was deleted");
            assertThat(second.get("/api/v1/maps/" + mapId).status()).isEqualTo(404);
        }
    }
}
