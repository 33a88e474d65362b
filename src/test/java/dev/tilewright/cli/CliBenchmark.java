package dev.tilewright.cli;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.zip.Deflater;

/**
 * The command line's speed as a CI job meets it (docs/benchmarks.md): each case run as a process by the built
 * {@code target/tilewright} seven times, start-up included, median and range printed. Maps are written here: a
 * 4096x4096 map of 32 px tiles (varied, base64 + zlib as Tiled writes big maps), two 1024x1024 versions of one
 * map, 214,000 cells apart, and 100 levels of 256x256 with a tilewright.json of five checks for each.
 * <pre>./mvnw -q package -DskipTests && ./mvnw -q exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.tilewright.cli.CliBenchmark</pre>
 */
public final class CliBenchmark {

    private static final int RUNS = 7;

    private CliBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("cli-bench");
        atlas(dir.resolve("tiles.png"));
        write(dir.resolve("big.tmx"), 4096, new Random(1), false);
        write(dir.resolve("a.tmx"), 1024, new Random(2), false);
        write(dir.resolve("b.tmx"), 1024, new Random(2), true);
        time(dir, "start-up (--version)", "--version");
        time(dir, "ascii --color, 4096x4096 map fitted to 120 columns", "ascii", "big.tmx", "--color");
        time(dir, "ascii (characters), 4096x4096 map fitted to 120 columns", "ascii", "big.tmx");
        time(dir, "diff of two 1024x1024 versions (text)", "diff", "a.tmx", "b.tmx");
        time(dir, "render of a 1280x720 window of the 4096x4096 map", "render", "big.tmx", "--x", "40000", "--y",
                "40000", "--width", "1280", "--height", "720", "--out", "view.png");
        Path levels = Files.createDirectories(dir.resolve("levels"));
        atlas(levels.resolve("tiles.png"));
        Random random = new Random(3);
        for (int i = 0; i < 100; i++) {
            level(levels.resolve(String.format("level-%03d.tmx", i)), random);
        }
        Files.writeString(levels.resolve("tilewright.json"), """
                {"checks": [{"maps": "*.tmx", "checks": [
                  {"name": "spawn reaches exit", "type": "reachable", "from": {"object": "spawn"},
                   "to": {"object": "exit"}, "box": {"width": 24, "height": 24}},
                  {"name": "exit out of sight", "type": "blocked", "from": {"object": "spawn"},
                   "to": {"object": "exit"}},
                  {"name": "ground whole", "type": "noEmptyCells", "layer": "Ground"},
                  {"name": "doors lead somewhere", "type": "objectsHaveProperty", "class": "door",
                   "property": "target"},
                  {"name": "objects inside", "type": "insideMap"}]}]}
                """);
        time(levels, "check of 100 maps of 256x256 (5 checks each), text", "check");
        time(levels, "check of the same, JUnit XML", "check", "--format", "junit");
    }

    /**
     * A 256x256 level of 32 px tiles: a solid border (tile 1, class solid), floor varied, a solid tile in 20 inside,
     * a spawn at the top left and an exit at the bottom right, 20 doors with a target (CSV, as Tiled writes small
     * maps).
     */
    static void level(Path file, Random random) throws Exception {
        int side = 256;
        StringBuilder csv = new StringBuilder();
        for (int y = 0; y < side; y++) {
            for (int x = 0; x < side; x++) {
                boolean border = x == 0 || y == 0 || x == side - 1 || y == side - 1;
                boolean start = x < 4 && y < 4 || x > side - 5 && y > side - 5;
                int gid = border || !start && random.nextInt(20) == 0 ? 1 : 2 + random.nextInt(7);
                csv.append(gid).append(x == side - 1 && y == side - 1 ? "" : ",");
            }
            csv.append('\n');
        }
        StringBuilder objects = new StringBuilder();
        objects.append("  <object id=\"1\" name=\"spawn\" x=\"32\" y=\"32\" width=\"24\" height=\"24\"/>\n");
        objects.append("  <object id=\"2\" name=\"exit\" x=\"8128\" y=\"8128\" width=\"24\" height=\"24\"/>\n");
        for (int i = 0; i < 20; i++) {
            objects.append("  <object id=\"").append(3 + i).append("\" type=\"door\" x=\"")
                    .append(64 + random.nextInt(8000)).append("\" y=\"").append(64 + random.nextInt(8000))
                    .append("\"><properties><property name=\"target\" value=\"room\"/></properties></object>\n");
        }
        Files.writeString(file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" orientation="
                + "\"orthogonal\" renderorder=\"right-down\" width=\"256\" height=\"256\" tilewidth=\"32\" "
                + "tileheight=\"32\" infinite=\"0\" nextlayerid=\"3\" nextobjectid=\"23\">\n <tileset firstgid=\"1\" "
                + "name=\"Bench\" tilewidth=\"32\" tileheight=\"32\" tilecount=\"48\" columns=\"8\">\n  <image "
                + "source=\"tiles.png\" width=\"256\" height=\"192\"/>\n  <tile id=\"0\" type=\"solid\"/>\n "
                + "</tileset>\n <layer id=\"1\" name=\"Ground\" width=\"256\" height=\"256\">\n  <data encoding="
                + "\"csv\">\n" + csv + "</data>\n </layer>\n <objectgroup id=\"2\" name=\"Things\">\n" + objects
                + " </objectgroup>\n</map>\n");
    }

    private static void time(Path dir, String what, String... args) throws Exception {
        List<Double> seconds = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) {
            long start = System.nanoTime();
            Cli.Run run = Cli.run(dir, args);
            seconds.add((System.nanoTime() - start) / 1e9);
            if (run.code() != 0 && !(args[0].equals("check") && run.code() == 1)) {
                throw new AssertionError(what + ": exit " + run.code() + "\n" + run.err());
            }
        }
        Collections.sort(seconds);
        System.out.printf("%-60s median %.2f s (%.2f-%.2f)%n", what, seconds.get(RUNS / 2), seconds.get(0),
                seconds.get(RUNS - 1));
    }

    /** 48 tiles of 32 px, each a colour of its own. */
    static void atlas(Path file) throws Exception {
        BufferedImage image = new BufferedImage(8 * 32, 6 * 32, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int tile = y / 32 * 8 + x / 32;
                image.setRGB(x, y, 0xFF000000 | tile * 5 << 16 | (x % 32) * 8 << 8 | (y % 32) * 8);
            }
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(image, "png", png);
        Files.write(file, png.toByteArray());
    }

    /** A side x side map: bands of tiles with one in ten varied; {@code changed}: a rectangle and 5,000 cells more. */
    private static void write(Path file, int side, Random random, boolean changed) throws Exception {
        int[] gids = new int[side * side];
        for (int y = 0; y < side; y++) {
            for (int x = 0; x < side; x++) {
                gids[y * side + x] = 1 + (x / 7 + y / 5) % 8 + (random.nextInt(10) == 0 ? 8 : 0);
            }
        }
        if (changed) {
            for (int y = 100; y < 400; y++) {
                for (int x = 200; x < 900; x++) {
                    gids[y * side + x] = 30;
                }
            }
            for (int i = 0; i < 5000; i++) {
                gids[random.nextInt(gids.length)] = 31;
            }
        }
        ByteBuffer raw = ByteBuffer.allocate(gids.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        raw.asIntBuffer().put(gids);
        Deflater deflater = new Deflater(6);
        deflater.setInput(raw.array());
        deflater.finish();
        ByteArrayOutputStream packed = new ByteArrayOutputStream();
        byte[] buffer = new byte[1 << 16];
        while (!deflater.finished()) {
            packed.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        Files.writeString(file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" orientation="
                + "\"orthogonal\" renderorder=\"right-down\" width=\"" + side + "\" height=\"" + side + "\" tilewidth="
                + "\"32\" tileheight=\"32\" infinite=\"0\" nextlayerid=\"2\" nextobjectid=\"1\">\n <tileset firstgid="
                + "\"1\" name=\"Bench\" tilewidth=\"32\" tileheight=\"32\" tilecount=\"48\" columns=\"8\">\n  <image "
                + "source=\"tiles.png\" width=\"256\" height=\"192\"/>\n </tileset>\n <layer id=\"1\" name=\"Ground\" "
                + "width=\"" + side + "\" height=\"" + side + "\">\n  <data encoding=\"base64\" compression=\"zlib\">"
                + Base64.getEncoder().encodeToString(packed.toByteArray()) + "</data>\n </layer>\n</map>\n");
    }
}
