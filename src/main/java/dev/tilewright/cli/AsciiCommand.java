package dev.tilewright.cli;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.render.AreaPicture;
import dev.tilewright.render.Atlas;
import dev.tilewright.render.TextPicture;

import java.io.PrintStream;
import java.util.Set;

/**
 * {@code ascii MAP}: a map or an area of its tiles as text in the terminal, a character per tile (or per square of
 * tiles, to fit the columns), or with {@code --color} as 24-bit colour half blocks (two pixel rows a line).
 */
final class AsciiCommand implements Command {

    /** Map pixels an area may have to be drawn exactly for {@code --color} (past them: from tile colours). */
    static final long EXACT_PIXELS = 16_777_216L;

    @Override
    public String name() {
        return "ascii";
    }

    @Override
    public String summary() {
        return "a map or an area of it as text in the terminal (--color: 24-bit half blocks)";
    }

    @Override
    public String help() {
        return """
                usage: tilewright ascii MAP [--x X --y Y --width W --height H] [--columns N] [--color]
                                        [--legend auto|tiles|collision|gids] [--root DIR ...]

                Prints the map file MAP, or the area of tiles given by --x/--y/--width/--height, one character a
                tile; an area wider than --columns (default 120) shows a square of tiles a character. A legend
                of the characters follows the picture.
                  --legend tiles      a tile's "ascii" property, else a letter for its class
                  --legend collision  the collision grid: # solid, + partly, . free
                  --legend gids       a letter for each distinct tile
                  --legend auto       tiles when any tile has an "ascii" property or a class, else collision
                                      when any tile has collision shapes, else gids (the default)
                  --color             the area drawn in colour, two pixel rows a line (ANSI 24-bit colour;
                                      GitHub's and GitLab's job logs show it)
                """ + ServiceMaps.HELP + READING;
    }

    @Override
    public Set<String> valued() {
        return Command.union(Set.of("x", "y", "width", "height", "columns", "legend"), Command.union(LocalMaps.Limits.OPTIONS, ServiceMaps.OPTIONS));
    }

    @Override
    public Set<String> flags() {
        return Set.of("color");
    }

    @Override
    public Exit run(Args args, PrintStream out, PrintStream err) {
        String file = args.operands(1, 1, "tilewright ascii MAP [options] (tilewright ascii --help)").get(0);
        int columns = args.number("columns", 120, 1, 4096);
        String legendAsked = args.choice("legend", TextPicture.LEGENDS);
        LocalMaps.Opened opened = ServiceMaps.read(args, file, err);
        TileMap map = opened.map();
        TileRect area = area(args, map);
        if (args.has("color")) {
            TextPicture.halfBlocks(AreaPicture.of(map, opened.atlases()::get, opened.images(), area, columns,
                    EXACT_PIXELS)).forEach(out::print);
            return Exit.OK;
        }
        out.print(TextPicture.of(area, legend(legendAsked, opened), columns).text());
        return Exit.OK;
    }

    private static TextPicture.Legend legend(String asked, LocalMaps.Opened opened) {
        TileMap map = opened.map();
        return TextPicture.named(asked, map, opened.tilesets()::get, () -> opened.grid("use --legend tiles or gids"));
    }

    /** The area asked for (clipped to the map), or the whole map. */
    static TileRect area(Args args, TileMap map) {
        int x = args.number("x", 0, 0, map.width() - 1);
        int y = args.number("y", 0, 0, map.height() - 1);
        int width = args.number("width", map.width() - x, 1, Integer.MAX_VALUE);
        int height = args.number("height", map.height() - y, 1, Integer.MAX_VALUE);
        return new TileRect(x, y, Math.min(width, map.width() - x), Math.min(height, map.height() - y));
    }
}
