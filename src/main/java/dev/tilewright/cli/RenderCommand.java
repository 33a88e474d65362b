package dev.tilewright.cli;

import dev.tilewright.render.MapRenderer;
import dev.tilewright.render.Pixels;
import dev.tilewright.render.PngWriter;
import dev.tilewright.render.ViewWindow;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/** {@code render MAP}: the whole map or a window of it as a PNG, drawn as the service draws it. */
final class RenderCommand implements Command {

    /** Pixels of one image after scaling, as the service's {@code tilewright.render.max-pixels}. */
    static final long MAX_PIXELS = 16_777_216L;

    @Override
    public String name() {
        return "render";
    }

    @Override
    public String summary() {
        return "draw a map, or a window of it, to PNG";
    }

    @Override
    public String help() {
        return """
                usage: tilewright render MAP [--out FILE] [--x X --y Y --width W --height H] [--scale N]
                                         [--grid] [--no-objects] [--max-pixels N] [--root DIR ...]

                Draws the map file MAP (.tmx, .tmj) as Tilewright's service draws it (as Tiled does) and writes a
                PNG: the whole map, or the window of map pixels given by --x/--y/--width/--height.
                  --out FILE       where the PNG goes (default: MAP's name with .png, in the current folder)
                  --scale N        each pixel drawn N x N (1 to 8)
                  --grid           draw the tile grid over it
                  --no-objects     leave object layers out
                  --max-pixels N   refuse an image larger than N pixels after scaling (default 16777216)
                """ + ServiceMaps.HELP + READING;
    }

    @Override
    public Set<String> valued() {
        return Command.union(Set.of("out", "x", "y", "width", "height", "scale", "max-pixels"), Command.union(LocalMaps.Limits.OPTIONS, ServiceMaps.OPTIONS));
    }

    @Override
    public Set<String> flags() {
        return Set.of("grid", "no-objects");
    }

    @Override
    public Exit run(Args args, PrintStream out, PrintStream err) {
        String file = args.operands(1, 1, "tilewright render MAP [options] (tilewright render --help)").get(0);
        int scale = args.number("scale", 1, 1, 8);
        long maxPixels = args.number("max-pixels", (int) MAX_PIXELS, 1, Integer.MAX_VALUE);
        LocalMaps.Opened opened = ServiceMaps.read(args, file, err);
        ViewWindow whole = ViewWindow.whole(opened.map());
        ViewWindow view = window(args, whole);
        long pixels = (long) view.width() * view.height() * scale * scale;
        if (pixels > maxPixels) {
            throw Exit.usage("the image would be " + view.width() * scale + "x" + view.height() * scale + " = "
                    + pixels + " pixels, past --max-pixels (" + maxPixels + "): draw a window (--x --y --width "
                    + "--height) or raise it");
        }
        MapRenderer.Options options = new MapRenderer.Options(MapRenderer.Options.SHOWN, !args.has("no-objects"),
                args.has("grid"), true);
        Pixels drawn = MapRenderer.render(opened.map(), opened.atlases()::get, opened.images(), view, options)
                .scaled(scale);
        byte[] png = new PngWriter(Runnable::run).write(drawn, 6);
        Path target = Path.of(args.get("out", dev.tilewright.format.TiledFiles.baseName(opened.path()) + ".png"));
        try {
            Files.write(target, png);
        } catch (IOException e) {
            throw new Exit.Failure(Exit.FILE, "could not write " + target + ": " + e.getMessage(), e);
        }
        err.println("wrote " + target + " (" + drawn.width() + "x" + drawn.height() + " px, " + png.length
                + " bytes)");
        return Exit.OK;
    }

    /** The window asked for, or the whole map; refused when it is not a box of positive size. */
    private static ViewWindow window(Args args, ViewWindow whole) {
        if (!args.has("x") && !args.has("y") && !args.has("width") && !args.has("height")) {
            return whole;
        }
        int x = args.number("x", whole.x(), Integer.MIN_VALUE / 2, Integer.MAX_VALUE / 2);
        int y = args.number("y", whole.y(), Integer.MIN_VALUE / 2, Integer.MAX_VALUE / 2);
        int width = args.number("width", whole.width(), 1, 1 << 20);
        int height = args.number("height", whole.height(), 1, 1 << 20);
        return new ViewWindow(x, y, width, height);
    }
}
