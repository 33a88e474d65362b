package dev.tilewright.format;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Reading, placing and writing Tiled worlds: listed maps, patterns with multipliers and offsets, their limits. */
class TiledWorldTest {

    private static TiledWorld read(String json, Warnings warnings) {
        return TiledWorld.read(json.getBytes(StandardCharsets.UTF_8), "w/a.world", warnings);
    }

    @Test
    void listedMapsComeFirstThenPatternMatchesOfTheWorldsFolderInNameOrder() {
        Warnings warnings = new Warnings();
        TiledWorld world = read("{\"maps\":[{\"fileName\":\"../top.tmx\",\"x\":-5,\"y\":7},{\"fileName\":\"ow-p1-n2.tmx\","
                + "\"x\":1,\"y\":1}],\"patterns\":[{\"regexp\":\"ow-p0*(\\\\d+)-n0*(\\\\d+)\\\\.tmx\",\"multiplierX\":64,"
                + "\"multiplierY\":32,\"offsetX\":-64,\"offsetY\":10}],\"extra\":1,\"type\":\"world\"}", warnings);
        List<TiledWorld.Placement> placed = world.placements("w/a.world", List.of("top.tmx", "w/ow-p003-n004.tmx",
                "w/ow-p1-n2.tmx", "w/sub/ow-p5-n5.tmx", "w/ow-p2-n0.png", "w/ow-p2-n1.tmx"), 10_000);
        assertThat(placed.stream().map(p -> p.path() + "@" + p.x() + "," + p.y() + (p.byPattern() ? "*" : "")))
                .containsExactly("top.tmx@-5,7", "w/ow-p1-n2.tmx@1,1", "w/ow-p003-n004.tmx@128,138*",
                        "w/ow-p2-n1.tmx@64,42*");
        assertThat(warnings.list()).extracting(Warnings.Warning::path).containsExactly("world.extra");
    }

    @Test
    void whatTiledWouldNotReadIsRefusedByName() {
        assertThatThrownBy(() -> read("{\"patterns\":[{\"regexp\":\"map(\\\\d+)\\\\.tmx\"}]}", new Warnings()))
                .hasMessageContaining("two groups");
        assertThatThrownBy(() -> read("{\"patterns\":[{\"regexp\":\"(\\\\d+\"}]}", new Warnings()))
                .hasMessageContaining("not a regular expression");
        assertThatThrownBy(() -> read("{\"maps\":[{\"x\":1}]}", new Warnings())).hasMessageContaining("fileName");
        assertThatThrownBy(() -> read("{\"type\":\"map\"}", new Warnings())).hasMessageContaining("world");
        TiledWorld slow = read("{\"patterns\":[{\"regexp\":\"((a+)+)+(\\\\d)x\"}]}", new Warnings());
        assertThatThrownBy(() -> slow.placements("a.world", List.of("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.tmx"), 100_000))
                .hasMessageContaining("max-world-pattern-steps");
    }

    @Test
    void writtenAsTiledWritesItAndReadBackTheSame() {
        List<TiledWorld.MapEntry> maps = List.of(new TiledWorld.MapEntry("a.tmx", 0, -32, 160, 128));
        List<TiledWorld.Pattern> patterns = List.of(new TiledWorld.Pattern("c(\\d)-(\\d)\\.tmx", 160, 128, 0, 0, 160,
                null));
        byte[] written = TiledWorld.write(maps, patterns, true);
        assertThat(new String(written, StandardCharsets.UTF_8)).contains("\"fileName\" : \"a.tmx\"")
                .doesNotContain("mapHeight");
        TiledWorld back = TiledWorld.read(written, "x.world", new Warnings());
        assertThat(back).isEqualTo(new TiledWorld(maps, patterns, true));
        assertThat(TiledWorld.patternsOf(TiledWorld.patternsJson(patterns))).isEqualTo(patterns);
        assertThat(TiledWorld.matchesAny(patterns, "c1-2.tmx", 1000)).isTrue();
        assertThat(TiledWorld.matchesAny(patterns, "c1-x.tmx", 1000)).isFalse();
    }
}
