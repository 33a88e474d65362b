package dev.tilewright.format.ldtk;

import dev.tilewright.core.autotile.LdtkAutoLayer;
import dev.tilewright.support.LdtkSamples;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * LDtk's rules, run by Tilewright on each sample project's IntGrid, seeds and rules, give the tiles LDtk itself baked
 * into the file ({@code autoLayerTiles}): every tile's position, tile, flips, alpha, rule and anchor, in LDtk's order.
 */
class LdtkBakedTilesTest {

    @TestFactory
    List<DynamicTest> everySampleLayerGivesLdtksTiles() throws IOException {
        List<DynamicTest> tests = layers(LdtkSamples.projects());
        assertThat(tests).hasSizeGreaterThanOrEqualTo(12);
        return tests;
    }

    /**
     * The rule features the samples in ../shared do not use, from four more of LDtk 1.5.3's own samples kept in the
     * test resources (src/test/resources/ldtk/samples: mosaics of stamps, the advanced rules, optional rule groups,
     * biomes): their tiles as LDtk baked them.
     */
    @TestFactory
    List<DynamicTest> moreOfLdtksSamplesGiveItsTiles() throws IOException, java.net.URISyntaxException {
        Path dir = Path.of(LdtkBakedTilesTest.class.getResource("/ldtk/samples").toURI());
        List<Path> files;
        try (var list = Files.list(dir)) {
            files = list.filter(f -> f.toString().endsWith(".ldtk")).sorted().toList();
        }
        assertThat(files).hasSize(4);
        List<DynamicTest> tests = layers(files);
        assertThat(tests).hasSizeGreaterThanOrEqualTo(9);
        return tests;
    }

    private static List<DynamicTest> layers(List<Path> projects) throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path file : projects) {
            LdtkProject project = LdtkProject.read(Files.readAllBytes(file), file.getFileName().toString(),
                    relative -> LdtkSamples.beside(file, relative), 50_000_000);
            for (LdtkProject.Level level : project.levels()) {
                for (LdtkProject.LayerInstance layer : level.layers()) {
                    if (project.layer(layer.layerDefUid()).ruleGroups().isEmpty()) {
                        continue;
                    }
                    String name = file.getFileName() + " " + level.identifier() + " "
                            + project.layer(layer.layerDefUid()).identifier();
                    tests.add(DynamicTest.dynamicTest(name, () -> {
                        List<String> ours = project.bake(level, layer).tiles().stream()
                                .map(LdtkBakedTilesTest::describe).toList();
                        List<String> ldtk = layer.autoLayerTiles().stream().map(LdtkBakedTilesTest::describe)
                                .toList();
                        assertThat(ldtk).isNotEmpty();
                        assertThat(ours).containsExactlyElementsOf(ldtk);
                    }));
                }
            }
        }
        return tests;
    }

    static String describe(LdtkAutoLayer.Tile t) {
        return t.x() + "," + t.y() + " t" + t.tileId() + " f" + t.flips() + " a" + t.alpha() + " d" + t.ruleUid()
                + "/" + t.anchor();
    }

    static String describe(LdtkProject.PlacedTile t) {
        return t.x() + "," + t.y() + " t" + t.tileId() + " f" + t.flips() + " a" + t.alpha() + " d" + t.d().get(0)
                + "/" + t.d().get(1);
    }
}
