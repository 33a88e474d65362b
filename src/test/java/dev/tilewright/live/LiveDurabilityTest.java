package dev.tilewright.live;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
import dev.tilewright.support.Api;
import dev.tilewright.support.LiveClient;
import dev.tilewright.support.ServiceProcess;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Durability: the service runs as its own process on a PostgreSQL of the test's; an editor's ops are acknowledged
 * over the live socket while the map's rows are written back lazily (write-behind set to never), then the process
 * is killed hard (SIGKILL, no shutdown hooks). A new process on the same database has every acknowledged op: in
 * the log, in the cells, and in the welcome of an editor coming back with its last version.
 */
@Tag(Lanes.SERVICE)
class LiveDurabilityTest {

    @Test
    void everyAcknowledgedOpSurvivesAKill9AndEditorsResync() throws Exception {
        try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
            JdbcTemplate db = new JdbcTemplate(postgres.getPostgresDatabase());
            String url = postgres.getJdbcUrl("postgres", "postgres");
            ServiceProcess first = start(url, 0);
            int port = first.port;
            long mapId;
            TreeMap<Long, Integer> acked = new TreeMap<>();
            int cellsPainted = 300;
            try {
                Api api = new Api(port);
                long tileset = api.uploadTileset("durable", 4, 2);
                mapId = api.postJson("/api/v1/maps", "{\"name\":\"durable\",\"width\":64,\"height\":64,\"tileWidth\":16,"
                        + "\"tileHeight\":16,\"tilesets\":[{\"tilesetId\":" + tileset + "}],\"layers\":[{\"name\":\"g\","
                        + "\"type\":\"tile\"}]}").json().get("id").asLong();
                LiveClient editor = new LiveClient(port, mapId);
                editor.hello("durable-editor", 1L);
                editor.next("welcome");
                for (int i = 0; i < cellsPainted; i++) {
                    editor.send("{\"type\":\"op\",\"clientSeq\":" + (i + 1) + ",\"op\":{\"type\":\"paint\",\"layerId\":1,"
                            + "\"cells\":[{\"x\":" + (i % 64) + ",\"y\":" + (i / 64) + ",\"gid\":" + (1 + i % 8) + "}]}}");
                }
                for (int i = 0; i < cellsPainted; i++) {
                    JsonNode ack = editor.next("ack");
                    acked.put(ack.get("version").asLong(), ack.get("clientSeq").asInt());
                }
                assertThat(db.queryForObject("SELECT stored_version FROM maps WHERE id = ?", Long.class, mapId))
                        .as("the rows lag behind the log: only the log holds the acknowledged ops").isLessThan(acked.lastKey());
            } finally {
                first.kill();
            }
            assertThat(first.process.exitValue()).as("killed by SIGKILL").isEqualTo(137);

            ServiceProcess second = start(url, port);
            try {
                Api api = new Api(port);
                assertThat(api.get("/api/v1/maps/" + mapId).json().get("version").asLong()).isEqualTo(acked.lastKey());
                JsonNode gids = api.get("/api/v1/maps/" + mapId + "/layers/1/cells?x=0&y=0&width=64&height=5").json()
                        .get("gids");
                for (int i = 0; i < cellsPainted; i++) {
                    assertThat(gids.get(i).asInt()).as("cell %d", i).isEqualTo(1 + i % 8);
                }
                LiveClient back = new LiveClient(port, mapId);
                back.hello("durable-editor", 1L);
                JsonNode welcome = back.next("welcome");
                List<Long> seqs = new ArrayList<>();
                for (JsonNode op : welcome.get("ops")) {
                    assertThat(op.get("clientId").asString()).isEqualTo("durable-editor");
                    seqs.add(op.get("clientSeq").asLong());
                }
                assertThat(seqs).as("every acknowledged op, in version order")
                        .containsExactlyElementsOf(acked.values().stream().map(Integer::longValue).toList());
                // a resend of an op acknowledged before the kill gets its original version
                back.send("{\"type\":\"op\",\"clientSeq\":7,\"op\":{\"type\":\"paint\",\"layerId\":1,\"cells\":[]}}");
                long original = acked.entrySet().stream().filter(e -> e.getValue() == 7).findFirst().orElseThrow().getKey();
                assertThat(back.next("ack").get("version").asLong()).isEqualTo(original);
                back.abort();
            } finally {
                second.close();
            }
        }
    }

    /** The service in a process of its own, with the rows written back only on a clean stop (port 0: any free). */
    private static ServiceProcess start(String jdbcUrl, int port) throws Exception {
        List<String> args = List.of("--tilewright.storage.write-behind-ms=3600000",
                "--tilewright.storage.write-behind-ops=1000000");
        return port == 0 ? ServiceProcess.start(jdbcUrl, List.of(), args) : ServiceProcess.start(jdbcUrl, port, List.of(), args);
    }
}
