package dev.tilewright.render;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Server rendering speed on Tiled's 16 px outdoor tileset (Debian's tiled package): a 1280x720 view of a map with
 * two layers (ground everywhere, sparse decoration with flips), rendered, and encoded by our PNG writer and by
 * ImageIO's; and a whole 8192x2048 px map. Run:
 * {@code ./mvnw -q test-compile exec:exec -Dexec.classpathScope=test -Dexec.executable=java
 * "-Dexec.args=-cp %classpath org.openjdk.jmh.Main RenderBenchmark"}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RenderBenchmark {

    @Param({"2", "3"})
    public int level;

    private TileMap map;
    private Atlas atlas;
    private BufferedImage tilesetImage;
    private Pixels frame;
    private ViewWindow view;
    private ViewWindow whole;
    /** As the service encodes: strips on one thread per core beside the caller. */
    private final PngWriter png = new PngWriter(Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors(),
            task -> {
                Thread thread = new Thread(task, "png-bench");
                thread.setDaemon(true);
                return thread;
            }));

    @Setup
    public void setUp() throws IOException {
        byte[] atlasPng = Files.readAllBytes(Path.of("/usr/share/doc/tiled/examples/buch-outdoor.png"));
        Tileset tileset = Tileset.grid("outdoor", 384, 192, 16, 16, 0, 0, null);
        atlas = Atlas.decode(tileset, atlasPng, id -> null);
        tilesetImage = ImageIO.read(new java.io.ByteArrayInputStream(atlasPng));
        map = new TileMap("bench", 512, 128, 16, 16, null, List.of(new MapTileset(1, 1, tileset.tileCount())),
                Properties.EMPTY, 1, 1);
        Random random = new Random(42);
        TileLayer ground = new TileLayer(1, LayerAttributes.named("ground"), 512, 128);
        TileLayer decoration = new TileLayer(2, LayerAttributes.named("decoration"), 512, 128);
        int[] cells = new int[512 * 128];
        int[] sparse = new int[512 * 128];
        for (int i = 0; i < cells.length; i++) {
            int x = i % 512;
            int y = i / 512;
            cells[i] = 1 + ((x / 7 + y / 5) % 4) * 24 + (random.nextInt(8) == 0 ? 1 + random.nextInt(3) : 0);
            sparse[i] = random.nextInt(6) == 0 ? (1 + 48 + random.nextInt(96)) | (random.nextBoolean() ? 0x80000000 : 0) : 0;
        }
        ground.write(new TileRect(0, 0, 512, 128), cells);
        decoration.write(new TileRect(0, 0, 512, 128), sparse);
        map.insertLayer(0, ground);
        map.insertLayer(1, decoration);
        view = new ViewWindow(1003, 517, 1280, 720);
        whole = new ViewWindow(0, 0, 8192, 2048);
        frame = render(view);
        System.out.printf("%nframe 1280x720: ours %d bytes (level %d), ImageIO %d bytes%n",
                png.write(frame, level).length, level, imageIo(frame).length);
    }

    /** The map drawn (after {@link #setUp}), for benchmarks that draw it elsewhere (RenderHttpBenchmark). */
    public TileMap map() {
        return map;
    }

    private final TileBlocks blocks = new TileBlocks(256L << 20);

    private Pixels render(ViewWindow window) {
        return MapRenderer.render(map, id -> atlas, source -> null, window, MapRenderer.Options.VISIBLE);
    }

    /** From cached blocks; the first call warms them, as a reviewer's first view of an unchanged region does. */
    private Pixels renderFromBlocks(ViewWindow window) {
        return MapRenderer.render(map, id -> atlas, source -> null, window, MapRenderer.Options.VISIBLE, blocks);
    }

    private static byte[] imageIo(Pixels pixels) throws IOException {
        BufferedImage image = new BufferedImage(pixels.width(), pixels.height(), BufferedImage.TYPE_INT_ARGB);
        image.setRGB(0, 0, pixels.width(), pixels.height(), pixels.straight(), 0, pixels.width());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }

    @Benchmark
    public Pixels viewRender() {
        return render(view);
    }

    @Benchmark
    public Pixels viewRenderFromCachedBlocks() {
        return renderFromBlocks(view);
    }

    @Benchmark
    public byte[] viewRenderFromCachedBlocksAndEncode() {
        return png.write(renderFromBlocks(view), level);
    }

    /** What the service does for a view of plain layers once its blocks were seen: no pixel drawn, indices copied. */
    @Benchmark
    public byte[] viewFromCachedBlockIndicesAndEncode() {
        return png.write(MapRenderer.renderIndexed(map, id -> atlas, view, MapRenderer.Options.VISIBLE, blocks), level);
    }

    @Benchmark
    public byte[] viewRenderAndEncode() {
        return png.write(render(view), level);
    }

    @Benchmark
    public byte[] encodeOurs() {
        return png.write(frame, level);
    }

    @Benchmark
    public byte[] encodeImageIo() throws IOException {
        return imageIo(frame);
    }

    /**
     * The naive way, for comparison: Java2D draws each visible tile of both layers from the tileset image into a
     * BufferedImage (flips by a flipped drawImage), and ImageIO's default PNG writer encodes it.
     */
    @Benchmark
    public byte[] naiveJava2dAndImageIo() throws IOException {
        BufferedImage out = new BufferedImage(view.width(), view.height(), BufferedImage.TYPE_INT_ARGB);
        java.awt.Graphics2D g = out.createGraphics();
        try {
            int x0 = view.x() / 16;
            int y0 = view.y() / 16;
            for (var layer : map.layers()) {
                var tiles = (TileLayer) layer;
                for (int cy = y0; cy <= (view.y() + view.height() - 1) / 16; cy++) {
                    for (int cx = x0; cx <= (view.x() + view.width() - 1) / 16; cx++) {
                        int gid = tiles.get(cx, cy);
                        int id = dev.tilewright.core.model.Gid.id(gid) - 1;
                        if (gid == 0) {
                            continue;
                        }
                        int sx = id % 24 * 16;
                        int sy = id / 24 * 16;
                        int dx = cx * 16 - view.x();
                        int dy = cy * 16 - view.y();
                        boolean flip = dev.tilewright.core.model.Gid.flippedHorizontally(gid);
                        g.drawImage(tilesetImage, flip ? dx + 16 : dx, dy, flip ? dx : dx + 16, dy + 16, sx, sy,
                                sx + 16, sy + 16, null);
                    }
                }
            }
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ImageIO.write(out, "png", bytes);
        return bytes.toByteArray();
    }

    @Benchmark
    public byte[] wholeMapRenderAndEncode() {
        return png.write(render(whole), level);
    }
}
