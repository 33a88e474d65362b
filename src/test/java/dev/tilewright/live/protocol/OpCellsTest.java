package dev.tilewright.live.protocol;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The cells a fetch frame names, held to the fixtures the editor's fake server is held to (fetch-cells.json). */
class OpCellsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void theCellsAnOpWritesAreNamedAsTheFixturesSay() {
        JsonNode cases = JSON.readTree(Path.of("src/test/resources/fixtures/fetch-cells.json").toFile()).get("cases");
        assertThat(cases.size()).isGreaterThan(5);
        for (JsonNode c : cases) {
            List<OpCells.Rect> rects = OpCells.of(JSON, JSON.writeValueAsString(c.get("op")), Frames.FETCH_RECTS);
            if (c.get("cells").isNull()) {
                assertThat(rects).as(c.get("name").asString()).isNull();
                continue;
            }
            List<Map<String, Long>> expected = new ArrayList<>();
            c.get("cells").forEach(r -> expected.add(Map.of("layerId", r.get("layerId").asLong(), "x", r.get("x").asLong(),
                    "y", r.get("y").asLong(), "width", r.get("width").asLong(), "height", r.get("height").asLong())));
            assertThat(rects).as(c.get("name").asString()).isNotNull();
            assertThat(rects.stream().map(r -> Map.of("layerId", (long) r.layerId(), "x", r.x(), "y", r.y(),
                    "width", r.width(), "height", r.height())).toList()).as(c.get("name").asString()).isEqualTo(expected);
        }
    }

    @Test
    void anOpOfMoreRectanglesThanAFrameNamesIsFetchedByEveryone() {
        StringBuilder op = new StringBuilder("{\"type\":\"batch\",\"ops\":[");
        for (int i = 0; i <= Frames.FETCH_RECTS; i++) {
            op.append(i == 0 ? "" : ",").append("{\"type\":\"fillRect\",\"layerId\":1,\"x\":").append(i)
                    .append(",\"y\":0,\"width\":1,\"height\":1,\"gid\":1}");
        }
        String many = op.append("]}").toString();
        assertThat(OpCells.of(JSON, many, Frames.FETCH_RECTS)).isNull();
        assertThat(OpCells.of(JSON, many, Frames.FETCH_RECTS + 1)).hasSize(Frames.FETCH_RECTS + 1);
        Frames frames = new Frames(JSON, 100);
        String frame = frames.op(new dev.tilewright.map.OpLog.Entry(7, "c", 3L, "{\"type\":\"fillRect\",\"layerId\":1,"
                + "\"x\":0,\"y\":0,\"width\":10,\"height\":10,\"gid\":1,\"padding\":\"" + "x".repeat(200) + "\"}", null, null));
        assertThat(JSON.readTree(frame).get("cells").get(0).get("width").asInt()).isEqualTo(10);
        assertThat(JSON.readTree(frame).get("clientId").asString()).isEqualTo("c");
        assertThat(JSON.readTree(frames.op(new dev.tilewright.map.OpLog.Entry(8, "c", 4L, many, null, null))).has("cells"))
                .as("too many rectangles: a plain fetch").isFalse();
    }
}
