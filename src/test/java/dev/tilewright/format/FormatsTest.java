package dev.tilewright.format;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The registry finds a format by name and by a file's ending, whatever its case, and no two formats share either. */
class FormatsTest {

    @Test
    void aFileIsInTheFormatOfItsEnding() {
        assertThat(Formats.mapOf("maps/Desert.TMX")).map(MapFormat::name).contains("tmx");
        assertThat(Formats.mapOf("desert.tmj")).map(MapFormat::name).contains("tmj");
        assertThat(Formats.mapOf("old/desert.json")).as("Tiled's older name for TMJ").map(MapFormat::name).contains("tmj");
        assertThat(Formats.tilesetOf("tilesets/desert.tsx")).map(TilesetFormat::name).contains("tsx");
        assertThat(Formats.tilesetOf("desert.JSON")).map(TilesetFormat::name).contains("tsj");
        assertThat(Formats.mapOf("desert.tsx")).isEmpty();
        assertThat(Formats.mapOf("desert.tmx.png")).isEmpty();
        assertThat(Formats.map("TMJ")).map(MapFormat::mediaType).contains("application/json");
        assertThat(Formats.tileset("zip")).isEmpty();
        assertThat(Formats.mapEndings()).containsExactly(".tmx", ".tmj");
        assertThat(Formats.tilesetEndings()).containsExactly(".tsx", ".tsj");
    }

    @Test
    void namesAndOwnEndingsAreEachOnesAlone() {
        List<String> names = Stream.concat(Formats.maps().stream().map(MapFormat::name),
                Formats.tilesets().stream().map(TilesetFormat::name)).toList();
        assertThat(new HashSet<>(names)).hasSameSizeAs(names);
        Set<String> own = new HashSet<>(Formats.mapEndings());
        own.addAll(Formats.tilesetEndings());
        assertThat(own).hasSize(Formats.maps().size() + Formats.tilesets().size());
        Formats.maps().forEach(f -> assertThat(f.endings().get(0)).isEqualTo("." + f.name()));
        Formats.tilesets().forEach(f -> assertThat(f.endings().get(0)).isEqualTo("." + f.name()));
    }

    @Test
    void anUploadsMapsAndTilesetsAreItsOwnEndingsFilesElseItsJson() {
        List<String> upload = List.of("maps/a.TMX", "maps/b.tmj", "tilesets/t.tsx", "old/c.json", "rules.json",
                "w.world", "p.tiled-project", "a.png");
        assertThat(Formats.mapFiles(upload, path -> false)).containsExactly("maps/a.TMX", "maps/b.tmj");
        assertThat(Formats.tilesetFiles(upload, path -> false)).containsExactly("tilesets/t.tsx");
        List<String> old = List.of("old/c.json", "rules.json", "a.png");
        assertThat(Formats.mapFiles(old, path -> path.equals("rules.json"))).as("Tiled's older name, set aside")
                .containsExactly("old/c.json");
        assertThat(Formats.tilesetFiles(old, path -> false)).containsExactly("old/c.json", "rules.json");
        assertThat(Formats.hasMapEnding("old/c.json")).isFalse();
        assertThat(Formats.hasMapEnding("maps/a.TMX")).isTrue();
        assertThat(Formats.worldFiles(upload)).containsExactly("w.world");
        assertThat(Formats.isTiledProject("Game.TILED-PROJECT")).isTrue();
        assertThat(Formats.isTiledProject("game.tiled-project.png")).isFalse();
    }
}
