package dev.tilewright.db;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
import dev.tilewright.support.Api;
import dev.tilewright.support.LiveClient;
import dev.tilewright.support.ServiceProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A SIGTERM to the service on its embedded PostgreSQL: Tomcat drains, the maps edited live are written back to
 * their rows, and only then does PostgreSQL stop; the next start finds every acknowledged op without a replay error.
 */
@Tag(Lanes.SERVICE)
class GracefulShutdownTest {

    @TempDir
    Path dir;

    @Test
    void theEmbeddedDatabaseStopsOnlyAfterRequestsDrainedAndMapsWereWrittenBack() throws Exception {
        List<String> args = List.of("--tilewright.database.data-dir=" + dir.resolve("pg"),
                "--tilewright.storage.write-behind-ms=3600000", "--tilewright.storage.write-behind-ops=1000000");
        ServiceProcess first = ServiceProcess.start(null, List.of(), args);
        long mapId;
        try {
            Api api = new Api(first.port);
            mapId = api.newMap("graceful", 32, 32);
            LiveClient editor = new LiveClient(first.port, mapId);
            editor.hello("graceful", 1L);
            editor.next("welcome");
            for (int i = 1; i <= 50; i++) {
                editor.send("{\"type\":\"op\",\"clientSeq\":" + i + ",\"op\":{\"type\":\"paint\",\"layerId\":1,"
                        + "\"cells\":[{\"x\":" + (i % 32) + ",\"y\":" + (i / 32) + ",\"gid\":" + (1 + i % 8) + "}]}}");
            }
            for (int i = 1; i <= 50; i++) {
                editor.next("ack");
            }
            editor.abort();
        } finally {
            first.terminate();
        }
        String log = first.log();
        int drained = log.indexOf("Graceful shutdown complete");
        int written = log.indexOf("Shutdown: 1 maps written back to their rows");
        int stopped = log.indexOf("server stopped");
        assertThat(drained).as("Tomcat drained\n" + log).isGreaterThan(0);
        assertThat(written).as("the live map written back after the drain\n" + log).isGreaterThan(drained);
        assertThat(stopped).as("PostgreSQL stopped after both\n" + log).isGreaterThan(written);
        assertThat(log).doesNotContain("Writing map").doesNotContain("Failed to validate connection");

        try (ServiceProcess second = ServiceProcess.start(null, List.of(), args)) {
            Api api = new Api(second.port);
            assertThat(api.get("/api/v1/maps/" + mapId).json().get("version").asLong()).isEqualTo(51);
            assertThat(api.get("/api/v1/maps/" + mapId + "/layers/1/cells?x=1&y=0&width=3&height=1").json()
                    .get("gids").toString()).isEqualTo("[2,3,4]");
        }
    }
}
