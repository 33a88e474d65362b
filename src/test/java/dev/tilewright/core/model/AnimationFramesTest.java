package dev.tilewright.core.model;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The frame an animated tile shows at a moment, by the cases the editor's player is held to as well. */
class AnimationFramesTest {

    @Test
    void theSharedCasesHold() {
        JsonNode cases = JsonMapper.builder().build()
                .readTree(Path.of("src/test/resources/fixtures/animation.json").toFile()).get("cases");
        assertThat(cases.size()).isGreaterThanOrEqualTo(4);
        for (JsonNode c : cases) {
            List<TileData.Frame> frames = new ArrayList<>();
            c.get("frames").forEach(f -> frames.add(new TileData.Frame(f.get("tileId").asInt(), f.get("durationMs").asInt())));
            for (int i = 0; i < c.get("at").size(); i++) {
                assertThat(TileData.frameAt(frames, c.get("at").get(i).asLong()))
                        .as(c.get("name").asString() + " at " + c.get("at").get(i)).isEqualTo(c.get("shows").get(i).asInt());
            }
        }
    }
}
