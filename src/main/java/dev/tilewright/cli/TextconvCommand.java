package dev.tilewright.cli;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.format.DomainJson;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@code textconv MAP}: a map file as lines for git's diff ({@code diff.tilewright.textconv}): its header, its
 * tilesets, each layer's attributes, a tile layer's cells a row a line, an object layer's objects an object a line
 * (by id), all in a fixed order, so {@code git diff} shows the rows and objects that changed instead of base64.
 */
final class TextconvCommand implements Command {

    /** Cells of a map written at most (a row a line: 16.8 million cells are ~50 MB of text). */
    static final long MAX_CELLS = 16_777_216L;

    @Override
    public String name() {
        return "textconv";
    }

    @Override
    public String summary() {
        return "a map file as lines for git diff (rows of cells, an object a line)";
    }

    @Override
    public String help() {
        return """
                usage: tilewright textconv MAP [--root DIR ...]

                Writes the map file MAP as text git can diff: the map's size and properties, its tilesets, each
                layer's attributes, a tile layer's gids a row a line ("  12: 3,3,0,..."), an object layer's
                objects a line each, by id. Set it up once per repository:
                  git config diff.tilewright.textconv "tilewright textconv"
                  echo '*.tmx diff=tilewright' >> .gitattributes; echo '*.tmj diff=tilewright' >> .gitattributes
                Maps of more than 16777216 cells are refused.
                """ + READING;
    }

    @Override
    public Set<String> valued() {
        return LocalMaps.Limits.OPTIONS;
    }

    @Override
    public Set<String> flags() {
        return Set.of();
    }

    /**
     * The map, read as the tree's file it is a copy of when git hands over a copy: git writes an old version to
     * {@code $TMPDIR/git-blob-XXXXXX/<name>} (older gits: {@code $TMPDIR/XXXXXX_<name>}) and runs textconv in the
     * top of the work tree, so when exactly one file of the tree (outside {@code .git}) has that name, its
     * references are read from there. Anything else is read as it is.
     */
    private static LocalMaps.Opened asInTree(Args args, String file, PrintStream err) {
        Path given = Path.of(file).toAbsolutePath().normalize();
        Path root = LocalMaps.rootFor(args.get("root", null), List.of());
        String name = copyOf(given);
        if (given.startsWith(root.toAbsolutePath().normalize()) || name == null) {
            return LocalMaps.open(args, file, err);
        }
        List<Path> named;
        try (Stream<Path> walk = Files.walk(root, MAX_DEPTH)) {
            named = walk.filter(p -> !p.toString().contains("/.git/") && p.getFileName() != null
                    && p.getFileName().toString().equals(name) && Files.isRegularFile(p)).limit(2).toList();
        } catch (IOException e) {
            throw new Exit.Failure(Exit.FILE, root + ": " + e.getMessage(), e);
        }
        if (named.size() != 1) {
            return LocalMaps.open(args, file, err);
        }
        String path = root.toAbsolutePath().normalize().relativize(named.get(0).toAbsolutePath().normalize())
                .toString().replace('\\', '/');
        return new LocalMaps(root, LocalMaps.Limits.of(args)).openAs(given, path);
    }

    /** How git names the copy of an old version it hands to textconv: older gits, and now (a folder of its own). */
    private static final java.util.regex.Pattern GIT_COPY = java.util.regex.Pattern.compile("[A-Za-z0-9]{6}_(.+)");
    private static final java.util.regex.Pattern GIT_FOLDER = java.util.regex.Pattern.compile("git-blob-[A-Za-z0-9]{6}");

    /** The name of the file a copy git made stands for, or null when it is not such a copy. */
    private static String copyOf(Path file) {
        Path folder = file.getParent();
        if (folder != null && folder.getFileName() != null
                && GIT_FOLDER.matcher(folder.getFileName().toString()).matches()) {
            return file.getFileName().toString();
        }
        java.util.regex.Matcher copy = GIT_COPY.matcher(file.getFileName().toString());
        return copy.matches() ? copy.group(1) : null;
    }
    /** Folders deep the tree is searched for the file a copy stands for. */
    private static final int MAX_DEPTH = 16;

    @Override
    public Exit run(Args args, PrintStream out, PrintStream err) {
        String file = args.operands(1, 1, "tilewright textconv MAP (tilewright textconv --help)").get(0);
        LocalMaps.Opened opened = asInTree(args, file, err);
        TileMap map = opened.map();
        if ((long) map.width() * map.height() > MAX_CELLS) {
            throw Exit.usage("the map has " + (long) map.width() * map.height() + " cells, past the "
                    + MAX_CELLS + " textconv writes");
        }
        JsonMapper json = DomainJson.mapper();
        out.println("map " + map.width() + "x" + map.height() + " tiles of " + map.tileWidth() + "x"
                + map.tileHeight() + ", offset " + json.writeValueAsString(map.offset()) + ", background "
                + map.backgroundColor() + ", settings " + json.writeValueAsString(map.settings()));
        out.println("properties " + json.writeValueAsString(map.properties()));
        for (MapTileset use : map.tilesets()) {
            Tileset tileset = opened.tilesets().get(use.tilesetId());
            out.println("tileset \"" + tileset.name() + "\" first gid " + use.firstGid() + ", " + use.tileCount()
                    + " tiles of " + tileset.tileWidth() + "x" + tileset.tileHeight() + ", image "
                    + tileset.imageSource());
        }
        for (Layer layer : map.layers()) {
            out.println("layer " + layer.id() + " " + layer.kind().wireName() + " "
                    + json.writeValueAsString(layer.attributes()));
            if (layer instanceof TileLayer tiles) {
                StringBuilder line = new StringBuilder();
                for (int y = 0; y < tiles.height(); y++) {
                    int[] row = tiles.read(new TileRect(0, y, tiles.width(), 1));
                    line.setLength(0);
                    line.append("  ").append(y).append(": ");
                    for (int x = 0; x < row.length; x++) {
                        line.append(x == 0 ? "" : ",").append(Integer.toUnsignedString(row[x]));
                    }
                    out.println(line);
                }
            } else if (layer instanceof ObjectLayer objects) {
                objects.objects().stream().sorted(Comparator.comparing(MapObject::id))
                        .forEach(o -> out.println("  " + json.writeValueAsString(o)));
            } else if (layer instanceof ImageLayer picture && picture.image() != null) {
                out.println("  image " + json.writeValueAsString(picture.image()));
            }
        }
        return Exit.OK;
    }
}
