package dev.tilewright.format;

import dev.tilewright.core.model.Tileset;
import dev.tilewright.core.model.TilesetSettings;
import dev.tilewright.core.model.WangSet;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tileset's settings (class, object alignment, render size and fill mode, transformations, grid, background colour)
 * and its Wang sets
 * come in from TSX and TSJ, go out as both, and read back the same, also after Tiled itself read and wrote what we
 * wrote. The crafted tileset is as Tiled 1.8.2 saved it, with the attributes of Tiled 1.9+ added from the format
 * reference (Tiled 1.8 drops those: the one normalisation allowed when Tiled re-saves).
 */
@RequiresTools({Tool.TILED})
class TilesetSettingsRoundTripTest {

    private static final ReadLimits LIMITS = new ReadLimits(8192, 8192);

    @TempDir
    static Path dir;
    static Map<String, byte[]> files;

    @BeforeAll
    static void files() throws Exception {
        TiledExamples.copy(dir);
        Files.copy(Path.of("src/test/resources/tiled/settings.tsx"), dir.resolve("settings.tsx"));
        files = TiledExamples.files(dir);
    }

    private static Tileset readTsx(Map<String, byte[]> from, String file) {
        return new TmxReader(new TiledFiles(from), LIMITS, new Warnings()).readTileset(file, 0).tileset();
    }

    private static Tileset readTsj(Map<String, byte[]> from, String file) {
        return new TmjReader(new TiledFiles(from), LIMITS, new Warnings()).readTileset(file, 0).tileset();
    }

    private static Map<String, byte[]> with(String file, byte[] bytes) {
        Map<String, byte[]> out = new HashMap<>(files);
        out.put(file, bytes);
        return out;
    }

    @Test
    void everySettingAndWangSetIsReadAsWritten() {
        TilesetSettings settings = readTsx(files, "settings.tsx").settings();
        assertThat(settings.className()).isEqualTo("Ground");
        assertThat(settings.objectAlignment()).isEqualTo("center");
        assertThat(settings.tileRenderSize()).isEqualTo("grid");
        assertThat(settings.fillMode()).isEqualTo("preserve-aspect-fit");
        assertThat(settings.transformations()).isEqualTo(new TilesetSettings.Transformations(true, false, true, true));
        assertThat(settings.grid()).isEqualTo(new TilesetSettings.Grid("isometric", 32, 16));
        assertThat(settings.backgroundColor()).isEqualTo("#336699");
        WangSet set = settings.wangSets().get(0);
        assertThat(set.name()).isEqualTo("Desert");
        assertThat(set.className()).isEqualTo("WS");
        assertThat(set.type()).isEqualTo("mixed");
        assertThat(set.tile()).isEqualTo(5);
        assertThat(set.properties().all()).extracting(p -> p.name() + "=" + p.value()).containsExactly("wp=3");
        assertThat(set.colors()).extracting(WangSet.WangColor::name).containsExactly("Sand", "Dirt");
        assertThat(set.colors().get(0).probability()).isEqualTo(0.5);
        assertThat(set.colors().get(0).className()).isEqualTo("C");
        assertThat(set.colors().get(0).properties().flag("cp")).isTrue();
        assertThat(set.colors().get(1).tile()).isEqualTo(-1);
        assertThat(set.tiles()).containsExactly(Map.entry(0, List.of(1, 2, 1, 2, 1, 2, 1, 2)));

        WangSet desert = readTsx(files, "desert.tsx").settings().wangSets().get(0);
        assertThat(desert.type()).isEqualTo("corner");
        assertThat(desert.colors()).hasSize(4);
        assertThat(desert.tiles()).hasSize(48).containsEntry(3, List.of(0, 4, 0, 1, 0, 4, 0, 4));
    }

    @Test
    void ourTsxAndTsjReadBackTheSame() {
        for (String file : List.of("settings.tsx", "desert.tsx")) {
            Tileset read = readTsx(files, file);
            assertThat(readTsx(with("ours.tsx", TmxWriter.writeTileset(read)), "ours.tsx")).as(file + " as TSX")
                    .isEqualTo(read);
            assertThat(readTsj(with("ours.tsj", TmjWriter.writeTileset(read)), "ours.tsj")).as(file + " as TSJ")
                    .isEqualTo(read);
        }
    }

    @Test
    void whatWeWriteTiledReadsAndWritesBackTheSame() throws Exception {
        Tileset read = readTsx(files, "settings.tsx");
        Files.write(dir.resolve("ours.tsx"), TmxWriter.writeTileset(read));
        Files.write(dir.resolve("ours-json.tsj"), TmjWriter.writeTileset(read));
        TiledExamples.tiled(dir, List.of("tiled", "--export-tileset", "ours.tsx", "tiled.tsx"));
        TiledExamples.tiled(dir, List.of("tiled", "--export-tileset", "json", "ours-json.tsj", "tiled.tsj"));
        Map<String, byte[]> written = TiledExamples.files(dir);
        // Tiled 1.8 does not know 1.9's class, tile render size and fill mode: it leaves them out
        TilesetSettings expected = withoutTiled19(read.settings());
        assertThat(readTsx(written, "tiled.tsx").settings()).isEqualTo(expected);
        assertThat(readTsj(written, "tiled.tsj").settings()).isEqualTo(expected);
        assertThat(readTsx(written, "tiled.tsx").tiles()).isEqualTo(read.tiles());
    }

    private static TilesetSettings withoutTiled19(TilesetSettings s) {
        List<WangSet> sets = s.wangSets().stream().map(set -> new WangSet(set.name(), "", set.type(), set.tile(),
                set.properties(), set.colors().stream().map(c -> new WangSet.WangColor(c.name(), "", c.color(), c.tile(),
                        c.probability(), c.properties())).toList(), set.tiles())).toList();
        return new TilesetSettings("", s.objectAlignment(), "tile", "stretch", s.transformations(), s.grid(), sets,
                s.backgroundColor());
    }
}
