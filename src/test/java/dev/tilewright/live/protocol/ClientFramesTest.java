package dev.tilewright.live.protocol;

import dev.tilewright.config.LiveProperties;
import dev.tilewright.core.edit.OpFixtures;
import dev.tilewright.web.DomainJson;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Op frames as the editor writes them are read in one pass (no tree); anything else the general way. Both must
 * give the same op, or the same refusal naming the same field, for every op of the shared fixtures and for frames
 * that are subtly off.
 */
class ClientFramesTest {

    private static final JsonMapper JSON = DomainJson.mapper();
    private final ClientFrames frames = new ClientFrames(JSON, new Binder(new MapConfigurationPropertySource(Map.of()))
            .bindOrCreate("tilewright.live", LiveProperties.class));

    /** What reading a frame gives, as text: the op as JSON with its clientSeq, or the refusal's field and status. */
    private String outcome(String text) {
        try {
            ClientFrame frame = frames.read(text, true);
            if (frame instanceof ClientFrame.SendOp op) {
                return "op " + op.clientSeq() + " " + JSON.writeValueAsString(op.op());
            }
            return frame.toString();
        } catch (FrameRefused refused) {
            var problem = dev.tilewright.web.Problems.members(refused.problem().refusal());
            return "refused " + refused.clientSeq() + " " + problem.get("status") + " " + problem.get("field");
        }
    }

    @Test
    void everyFixtureOpReadsTheSameInOnePassAsFromATree() throws Exception {
        int read = 0;
        for (OpFixtures.Case c : OpFixtures.cases(Path.of("src/test/resources/fixtures/ops"))) {
            String op = JSON.writeValueAsString(c.json().get("op"));
            String asWritten = "{\"type\":\"op\",\"clientSeq\":7,\"baseVersion\":3,\"op\":" + op + "}";
            String reordered = "{\"clientSeq\":7,\"op\":" + op + ",\"type\":\"op\",\"baseVersion\":3}";
            assertThat(outcome(asWritten)).as(c.name()).isEqualTo(outcome(reordered)).startsWith("op 7 ");
            assertThat(frames.opAsWritten(asWritten)).as(c.name() + ": read in one pass").isNotNull();
            read++;
        }
        assertThat(read).isGreaterThan(30);
    }

    @Test
    void framesThatAreSubtlyOffAreRefusedAsBeforeNamingTheField() {
        String paint = "{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":1,\"y\":2,\"gid\":3}]}";
        List<String> off = List.of(
                "{\"type\":\"op\",\"op\":" + paint + "}",
                "{\"type\":\"op\",\"clientSeq\":\"7\",\"op\":" + paint + "}",
                "{\"type\":\"op\",\"clientSeq\":7}",
                "{\"type\":\"op\",\"clientSeq\":7,\"op\":{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":1}],\"oops\":1}}",
                "{\"type\":\"op\",\"clientSeq\":7,\"op\":{\"type\":\"dance\"}}",
                "{\"type\":\"op\",\"clientSeq\":7,\"op\":" + paint + ",\"op\":{\"type\":\"dance\"}}",
                "{\"type\":\"op\",\"clientSeq\":7,\"op\":" + paint + "} trailing",
                "{\"type\":\"op\",\"clientSeq\":7,\"op\":" + paint);
        for (String frame : off) {
            String general = outcome(" " + frame);
            assertThat(outcome(frame)).as(frame).isEqualTo(general);
        }
        assertThat(outcome("{\"type\":\"op\",\"clientSeq\":7,\"op\":{\"type\":\"dance\"}}"))
                .startsWith("refused 7 ").contains("op");
        assertThat(outcome("{\"type\":\"op\",\"op\":" + paint + "}")).isEqualTo("refused null 400 clientSeq");
    }
}
