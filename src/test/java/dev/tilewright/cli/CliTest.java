package dev.tilewright.cli;

import dev.tilewright.format.TiledExamples;
import dev.tilewright.support.Lanes;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command line as a CI job meets it: the built jar run as a process, its exit codes, its pictures of maps in
 * files (text exactly as expected; PNGs as Tiled's own renderer draws them) and its diffs of two map files.
 */
@Tag(Lanes.SERVICE)
class CliTest {

    @TempDir
    Path dir;

    /** A 4x3 map of 8 px tiles: a wall tile (ascii "#") around two water tiles (class "water") and a hole. */
    static final String SMALL = """
            <?xml version="1.0" encoding="UTF-8"?>
            <map version="1.10" orientation="orthogonal" renderorder="right-down" width="4" height="3"
                 tilewidth="8" tileheight="8" infinite="0" nextlayerid="2" nextobjectid="1">
             <tileset firstgid="1" name="Tiles" tilewidth="8" tileheight="8" tilecount="2" columns="2">
              <image source="tiles.png" width="16" height="8"/>
              <tile id="0"><properties><property name="ascii" value="#"/></properties></tile>
              <tile id="1" type="water"/>
             </tileset>
             <layer id="1" name="ground" width="4" height="3">
              <data encoding="csv">
            1,1,1,1,
            1,2,2,0,
            1,1,1,1
            </data>
             </layer>
            </map>
            """;

    private void small(String name, String csv) throws Exception {
        small(dir, name, csv);
    }

    /** The small map as {@code name} in {@code dir} with its tiles.png ({@code csv}: its middle row otherwise). */
    static void small(Path dir, String name, String csv) throws Exception {
        BufferedImage tiles = new BufferedImage(16, 8, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < 8; y++) {
            for (int x = 0; x < 16; x++) {
                tiles.setRGB(x, y, x < 8 ? 0xFF884422 : 0xFF2255CC);
            }
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(tiles, "png", png);
        Files.write(dir.resolve("tiles.png"), png.toByteArray());
        String map = csv == null ? SMALL : SMALL.replace("1,2,2,0,", csv);
        Files.writeString(dir.resolve(name), map, StandardCharsets.UTF_8);
    }

    @Test
    void exitCodesSayWhatWentWrong() throws Exception {
        small("small.tmx", null);
        Cli.Run help = Cli.run(dir, "--help");
        assertThat(help.code()).isZero();
        assertThat(help.out()).contains("render", "ascii", "diff", "Exit codes");
        assertThat(Cli.run(dir, "render", "--help").out()).startsWith("usage: tilewright render MAP");
        assertThat(Cli.run(dir).code()).as("no command").isEqualTo(2);
        Cli.Run unknown = Cli.run(dir, "frobnicate");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).contains("no command 'frobnicate'");
        Cli.Run badOption = Cli.run(dir, "ascii", "small.tmx", "--colour");
        assertThat(badOption.code()).isEqualTo(2);
        assertThat(badOption.err()).contains("unknown option --colour");
        assertThat(Cli.run(dir, "ascii", "small.tmx", "--columns", "zero").code()).isEqualTo(2);
        assertThat(Cli.run(dir, "diff", "small.tmx").code()).as("one operand short").isEqualTo(2);

        Cli.Run missing = Cli.run(dir, "render", "nowhere.tmx");
        assertThat(missing.code()).isEqualTo(4);
        assertThat(missing.err()).contains("nowhere.tmx: no such file");
        Files.writeString(dir.resolve("broken.tmx"), "<map><layer");
        assertThat(Cli.run(dir, "ascii", "broken.tmx").code()).as("not a readable map").isEqualTo(4);
        Files.writeString(dir.resolve("lost.tmx"), SMALL.replace("tiles.png", "lost.png"));
        Cli.Run lost = Cli.run(dir, "render", "lost.tmx");
        assertThat(lost.code()).as("a referenced file is missing").isEqualTo(4);
        assertThat(lost.err()).contains("lost.png");
        Path outside = Files.createTempDirectory("outside");
        Files.copy(dir.resolve("tiles.png"), outside.resolve("secret.png"));
        Files.createSymbolicLink(dir.resolve("linked.png"), outside.resolve("secret.png"));
        Files.writeString(dir.resolve("linking.tmx"), SMALL.replace("tiles.png", "linked.png"));
        Cli.Run linked = Cli.run(dir, "ascii", "linking.tmx");
        assertThat(linked.code()).as("a link out of the tree is not followed").isEqualTo(4);
        assertThat(linked.err()).contains("linked.png: a link to a file outside the tree read");
        Files.writeString(dir.resolve("notes.txt"), "hello");
        assertThat(Cli.run(dir, "render", "notes.txt").code()).isEqualTo(4);
        long mapBytes = Files.size(dir.resolve("small.tmx"));
        Cli.Run overBytes = Cli.run(dir, "ascii", "small.tmx", "--max-bytes", String.valueOf(mapBytes));
        assertThat(overBytes.code()).as("the map fits, its image does not").isEqualTo(4);
        assertThat(overBytes.err()).contains("tiles.png: reading its", "would pass --max-bytes");
        assertThat(overBytes.out()).as("nothing drawn").isEmpty();
        Cli.Run overPixels = Cli.run(dir, "ascii", "small.tmx", "--max-image-pixels", "127");
        assertThat(overPixels.code()).as("the 16x8 atlas is 128 pixels").isEqualTo(4);
        assertThat(overPixels.err()).contains("16x8 pixels, past --max-image-pixels");
        assertThat(Cli.run(dir, "ascii", "small.tmx", "--max-image-pixels", "128").code()).isZero();
        Cli.Run tooLarge = Cli.run(dir, "render", "small.tmx", "--scale", "8", "--max-pixels", "100");
        assertThat(tooLarge.code()).isEqualTo(2);
        assertThat(tooLarge.err()).contains("--max-pixels");
        assertThat(dir.resolve("small.png")).as("a refused render writes nothing").doesNotExist();
    }

    @Test
    void asciiOfASmallMapIsExactlyItsTilesAndLegend() throws Exception {
        small("small.tmx", null);
        Cli.Run run = Cli.run(dir, "ascii", "small.tmx");
        assertThat(run.code()).isZero();
        assertThat(run.out()).isEqualTo("""
                ####
                #ww\s
                ####
                # Tiles tile 0
                w class water
                """);
        assertThat(Cli.run(dir, "ascii", "small.tmx", "--legend", "gids", "--x", "1", "--y", "1", "--width", "3",
                "--height", "2").out()).isEqualTo("""
                ww\s
                ###
                w class water
                # Tiles tile 0
                """);
        // no tile has collision shapes: every tile is free
        assertThat(Cli.run(dir, "ascii", "small.tmx", "--legend", "collision").out())
                .isEqualTo("....\n....\n....\n. free\n");
        // eight columns at most: 16 tiles wide shows squares of 2x2 tiles, each the character most of them have
        String wide = SMALL.replace("width=\"4\" height=\"3\"", "width=\"16\" height=\"3\"")
                .replace("1,1,1,1,\n1,2,2,0,\n1,1,1,1", "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,\n"
                        + "2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,\n2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2")
                .replace("<layer id=\"1\" name=\"ground\" width=\"4\" height=\"3\">",
                        "<layer id=\"1\" name=\"ground\" width=\"16\" height=\"3\">");
        Files.writeString(dir.resolve("wide.tmx"), wide);
        assertThat(Cli.run(dir, "ascii", "wide.tmx", "--columns", "8").out()).isEqualTo("""
                ########
                wwwwwwww
                (one character: 2x2 tiles)
                # Tiles tile 0
                w class water
                """);
    }

    @Test
    void asciiInColourIsTwoPixelRowsALineInTheTilesColours() throws Exception {
        small("small.tmx", null);
        Cli.Run run = Cli.run(dir, "ascii", "small.tmx", "--color", "--columns", "4");
        assertThat(run.code()).isZero();
        // 32x24 map pixels at 8 a column: 4 columns, 3 pixel rows, 2 lines; the upper half block in the upper
        // pixel's colour over the lower's, the terminal's own background where the lower shows nothing (the hole,
        // and under the last row)
        String brown = "2;136;68;34m";
        String blue = "2;34;85;204m";
        assertThat(run.out()).isEqualTo("\u001b[38;" + brown + "\u001b[48;" + brown + "\u2580\u001b[48;" + blue
                + "\u2580\u2580\u001b[49m\u2580\u001b[0m\n"
                + "\u001b[38;" + brown + "\u001b[49m\u2580\u2580\u2580\u2580\u001b[0m\n");
    }

    @Test
    void aDiffOfTwoFilesNamesTheCellsThatChanged() throws Exception {
        small("before.tmx", null);
        small("after.tmx", "1,2,2,2,");
        Cli.Run text = Cli.run(dir, "diff", "before.tmx", "after.tmx");
        assertThat(text.code()).isZero();
        assertThat(text.out()).isEqualTo("""
                before.tmx -> after.tmx: 1 cell
                layer 1 "ground" (tile): 1 cell changed
                  cells (3,1) 1x1: 0 -> 2
                """);
        Cli.Run same = Cli.run(dir, "diff", "before.tmx", "before.tmx");
        assertThat(same.out()).isEqualTo("before.tmx -> before.tmx: no changes\n");
        Cli.Run json = Cli.run(dir, "diff", "before.tmx", "after.tmx", "--format", "json");
        var tree = tools.jackson.databind.json.JsonMapper.builder().build().readTree(json.out());
        assertThat(tree.get("diff").get("counts").get("cellsChanged").asLong()).isEqualTo(1);
        assertThat(tree.get("diff").get("layers").get(0).get("cells").get(0).get("to").asLong()).isEqualTo(2);
        Cli.Run markdown = Cli.run(dir, "diff", "before.tmx", "after.tmx", "--format", "markdown");
        assertThat(markdown.out()).contains("| 1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 |", "- cells (3,1) 1x1: 0 -> 2");
        // an old version written elsewhere is read as the tree's file it was (its tileset image found from there)
        Path elsewhere = Files.createTempDirectory("old");
        Files.copy(dir.resolve("before.tmx"), elsewhere.resolve("old.tmx"));
        Cli.Run old = Cli.run(dir, "diff", "--a-path", "before.tmx", elsewhere.resolve("old.tmx").toString(),
                "after.tmx");
        assertThat(old.code()).as(old.err()).isZero();
        assertThat(old.out()).contains("cells (3,1) 1x1: 0 -> 2");
    }

    @Test
    void aDiffDrawsTheAreaThatChangedWithTheChangesMarked() throws Exception {
        small("before.tmx", null);
        small("after.tmx", "1,2,2,2,");
        // the changed cell (3,1) and two tiles around it, clipped to the 4x3 map: tiles 1..3 of every row
        Cli.Run ascii = Cli.run(dir, "diff", "before.tmx", "after.tmx", "--ascii");
        assertThat(ascii.code()).as(ascii.err()).isZero();
        assertThat(ascii.out()).endsWith("""

                tiles (1,0) 3x3 of after.tmx:
                ###
                ww+
                ###
                + added: a tile where there was none
                # Tiles tile 0
                w class water
                """);
        // a square of tiles a character: the changed one wins it
        Cli.Run narrow = Cli.run(dir, "diff", "before.tmx", "after.tmx", "--ascii", "--columns", "2");
        assertThat(narrow.out()).contains("of after.tmx:\n#+\n##\n(one character: 2x2 tiles)");
        Cli.Run colour = Cli.run(dir, "diff", "before.tmx", "after.tmx", "--ascii", "--color", "--columns", "24");
        assertThat(colour.code()).as(colour.err()).isZero();
        // the added cell tinted green over its blue, the unchanged brown dimmed
        assertThat(colour.out()).contains("\u2580", "\u001b[38;2;");
        assertThat(Cli.run(dir, "diff", "before.tmx", "after.tmx", "--color").code()).as("--color without --ascii")
                .isEqualTo(2);

        Cli.Run images = Cli.run(dir, "diff", "before.tmx", "after.tmx", "--format", "markdown", "--images", "pics",
                "--images-url", "https://ci.example/run/7/");
        assertThat(images.code()).as(images.err()).isZero();
        assertThat(images.out()).contains("![before](https://ci.example/run/7/before.png)",
                "![changes](https://ci.example/run/7/overlay.png)", "  - cells (3,1) 1x1: 0 -> 2");
        BufferedImage before = ImageIO.read(dir.resolve("pics/before.png").toFile());
        BufferedImage after = ImageIO.read(dir.resolve("pics/after.png").toFile());
        BufferedImage overlay = ImageIO.read(dir.resolve("pics/overlay.png").toFile());
        assertThat(List.of(before.getWidth(), before.getHeight(), after.getWidth(), overlay.getHeight()))
                .containsOnly(24);
        // cell (3,1) is the area's (2,1): empty before, blue after, outlined green on the overlay; (1,0) dimmed
        assertThat(before.getRGB(20, 12) >>> 24).isZero();
        assertThat(after.getRGB(20, 12)).isEqualTo(0xFF2255CC);
        assertThat(overlay.getRGB(16, 12)).isEqualTo(0xFF2ECC40);
        assertThat(overlay.getRGB(2, 2) & 0xFFFFFF).isNotEqualTo(0x884422);
        assertThat(after.getRGB(2, 2)).isEqualTo(0xFF884422);
        // a change from corner to corner of a 4097x4097 map: past the cells a picture may cover, refused before
        // anything is drawn (the report alone is given)
        wide("wide-a.tmx", 0);
        wide("wide-b.tmx", 4097 * 4097 - 1);
        Cli.Run spans = Cli.run(dir, "diff", "wide-a.tmx", "wide-b.tmx", "--ascii");
        assertThat(spans.code()).as(spans.err()).isEqualTo(2);
        assertThat(spans.err()).contains("4097x4097 tiles", "16777216");
        assertThat(Cli.run(dir, "diff", "wide-a.tmx", "wide-b.tmx").out()).contains("2 cells");
        Cli.Run none = Cli.run(dir, "diff", "before.tmx", "before.tmx", "--ascii", "--images", "nothing");
        assertThat(none.out()).isEqualTo("before.tmx -> before.tmx: no changes\n");
        assertThat(dir.resolve("nothing")).doesNotExist();
    }

    /** A 4097x4097 map of the small tileset, empty but for tile 1 at one cell (row-major index), base64 + zlib. */
    private void wide(String name, int painted) throws Exception {
        int side = 4097;
        java.nio.ByteBuffer cells = java.nio.ByteBuffer.allocate(side * side * 4).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        cells.putInt(painted * 4, 1);
        java.util.zip.Deflater deflater = new java.util.zip.Deflater();
        deflater.setInput(cells.array());
        deflater.finish();
        ByteArrayOutputStream packed = new ByteArrayOutputStream();
        byte[] buffer = new byte[1 << 16];
        while (!deflater.finished()) {
            packed.write(buffer, 0, deflater.deflate(buffer));
        }
        String data = java.util.Base64.getEncoder().encodeToString(packed.toByteArray());
        String map = SMALL.replace("width=\"4\" height=\"3\"\n", "width=\"" + side + "\" height=\"" + side + "\"\n")
                .replace("<layer id=\"1\" name=\"ground\" width=\"4\" height=\"3\">", "<layer id=\"1\" name=\"ground\" width=\""
                        + side + "\" height=\"" + side + "\">")
                .replaceAll("(?s)<data encoding=\"csv\">.*?</data>", "<data encoding=\"base64\" compression=\"zlib\">" + data
                        + "</data>");
        Files.writeString(dir.resolve(name), map, StandardCharsets.UTF_8);
    }

    /** git in {@code dir}, as a person runs it (the launcher's java named by JAVA_HOME); its output. */
    private String git(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        builder.environment().put("HOME", dir.toString());
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as("git " + String.join(" ", args) + ":\n" + out).isZero();
        return out;
    }

    @Test
    @RequiresTools(Tool.GIT)
    void gitDiffShowsTheRowsThatChangedThroughTextconv() throws Exception {
        Files.createDirectories(dir.resolve("maps"));
        small(dir.resolve("maps"), "level.tmx", null);
        git("init", "-q");
        git("config", "user.email", "ci@example.test");
        git("config", "user.name", "CI");
        git("config", "diff.tilewright.textconv", "'" + Cli.PROGRAM + "' textconv");
        Files.writeString(dir.resolve(".gitattributes"), "*.tmx diff=tilewright\n");
        git("add", ".");
        git("commit", "-q", "-m", "a level");
        Files.writeString(dir.resolve("maps/level.tmx"), SMALL.replace("1,2,2,0,", "1,2,2,2,"));
        String diff = git("diff", "maps/level.tmx");
        assertThat(diff).contains("-  1: 1,2,2,0", "+  1: 1,2,2,2").doesNotContain("-  0:", "+  2:");
        Cli.Run text = Cli.run(dir, "textconv", "maps/level.tmx");
        assertThat(text.out()).startsWith("map 4x3 tiles of 8x8").contains("tileset \"Tiles\" first gid 1, 2 tiles",
                "layer 1 tile {\"name\":\"ground\"", "  0: 1,1,1,1\n  1: 1,2,2,2\n  2: 1,1,1,1\n");
    }

    @Test
    @RequiresTools({Tool.TILED, Tool.TMXRASTERIZER})
    void aRenderOfTiledsDesertIsWhatTmxrasterizerDraws() throws Exception {
        TiledExamples.copy(dir);
        Cli.Run run = Cli.run(dir, "render", "desert.tmx", "--out", "ours.png");
        assertThat(run.code()).as(run.err()).isZero();
        TiledExamples.tiled(dir, List.of("tmxrasterizer", "--no-smoothing", "desert.tmx", "theirs.png"));
        BufferedImage ours = ImageIO.read(dir.resolve("ours.png").toFile());
        BufferedImage theirs = ImageIO.read(dir.resolve("theirs.png").toFile());
        assertThat(ours.getWidth()).isEqualTo(theirs.getWidth()).isEqualTo(40 * 32);
        assertThat(ours.getHeight()).isEqualTo(theirs.getHeight());
        int worst = 0;
        for (int y = 0; y < ours.getHeight(); y++) {
            for (int x = 0; x < ours.getWidth(); x++) {
                int a = ours.getRGB(x, y);
                int b = theirs.getRGB(x, y);
                for (int shift = 0; shift < 32; shift += 8) {
                    worst = Math.max(worst, Math.abs((a >>> shift & 0xFF) - (b >>> shift & 0xFF)));
                }
            }
        }
        assertThat(worst).as("largest channel difference").isLessThanOrEqualTo(2);
    }
}
