package dev.tilewright.cli;

import dev.tilewright.core.grid.CollisionGrid;
import dev.tilewright.core.grid.GridComputer;
import dev.tilewright.core.model.CustomTypes;
import dev.tilewright.core.model.GridSettings;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.format.Formats;
import dev.tilewright.format.MapFormat;
import dev.tilewright.format.PngHeader;
import dev.tilewright.format.ReadLimits;
import dev.tilewright.format.TiledFiles;
import dev.tilewright.format.TiledFormatException;
import dev.tilewright.format.TiledMap;
import dev.tilewright.format.TiledTileset;
import dev.tilewright.format.Warnings;
import dev.tilewright.render.Atlas;
import dev.tilewright.render.Pixels;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Maps in files of a folder tree (a repository): a map file is read with the service's own readers, the files it
 * references read from the tree as they are met (never outside it), and it becomes the map the service holds after
 * importing the same files: the same header and layers. Every file is held to
 * the limits before it is read.
 */
final class LocalMaps {

    /** What the reads of one command may take: bytes of files together, pixels of one image, cells and tiles. */
    record Limits(long maxBytes, long maxImagePixels, int maxSide, long maxDecodedBytes) {

        static final Limits DEFAULT = new Limits(134_217_728L, 16_777_216L, 65_536, 268_435_456L);

        /** The options that set them, beside {@code --root}: what every command reading files takes. */
        static final Set<String> OPTIONS = Set.of("root", "max-bytes", "max-image-pixels");

        /** The limits as the command line sets them ({@code --max-bytes}, {@code --max-image-pixels}). */
        static Limits of(Args args) {
            return new Limits(args.number("max-bytes", (int) DEFAULT.maxBytes(), 1, Integer.MAX_VALUE),
                    args.number("max-image-pixels", (int) DEFAULT.maxImagePixels(), 1, Integer.MAX_VALUE),
                    DEFAULT.maxSide(), DEFAULT.maxDecodedBytes());
        }
    }

    /**
     * A map read from its file: its path in the tree, the map (its tilesets numbered 1, 2, ... in the file's order),
     * the tilesets and their decoded images by that number, its image layers' pictures by source, and what the
     * read could not keep.
     */
    record Opened(String path, TileMap map, Map<Long, Tileset> tilesets, Map<Long, Atlas> atlases,
                  Function<String, Pixels> images, List<Warnings.Warning> warnings) {

        /** Elements of a collision grid worked out at most, as the service's tilewright.grid.max-elements. */
        static final long MAX_GRID_ELEMENTS = 67_108_864L;

        /**
         * The map's collision grid at its grid settings' element size; refused ({@link Exit#USAGE}, with
         * {@code otherwise} said) past {@link #MAX_GRID_ELEMENTS}, before any is worked out.
         */
        CollisionGrid grid(String otherwise) {
            GridSettings settings = map.gridSettings();
            long elements = (long) map.width() * (map.tileWidth() / settings.elementWidth(map.tileWidth()))
                    * map.height() * (map.tileHeight() / settings.elementHeight(map.tileHeight()));
            if (elements > MAX_GRID_ELEMENTS) {
                throw Exit.usage("the collision grid of " + path + " would have " + elements + " elements, past "
                        + MAX_GRID_ELEMENTS + ": " + otherwise);
            }
            return new GridComputer(map, tilesets::get, Atlas.pixels(atlases)).compute();
        }
    }

    private final Path root;
    private final Limits limits;
    private long read;
    /** The tree's files read, by path: a map and everything it references. */
    private final java.util.Set<String> paths = new java.util.LinkedHashSet<>();

    /**
     * @param root the tree references may reach into: {@code --root}, else the current folder when it holds the
     *             files named, else the folder of the first
     */
    LocalMaps(Path root, Limits limits) {
        this.root = root.toAbsolutePath().normalize();
        this.limits = limits;
    }

    /** The map file a command names, read as its options say; what the read could not keep goes to {@code err}. */
    static Opened open(Args args, String file, java.io.PrintStream err) {
        Opened opened = new LocalMaps(rootFor(args.get("root", null), List.of(Path.of(file))), Limits.of(args))
                .open(Path.of(file));
        opened.warnings().forEach(w -> err.println("warning: " + opened.path() + ": " + w.path() + ": " + w.what()));
        return opened;
    }

    static Path rootFor(String given, List<Path> files) {
        if (given != null) {
            Path root = Path.of(given);
            if (!Files.isDirectory(root)) {
                throw Exit.usage("--root " + given + " is not a folder");
            }
            return root;
        }
        Path here = Path.of("").toAbsolutePath().normalize();
        boolean inside = files.stream().allMatch(f -> f.toAbsolutePath().normalize().startsWith(here));
        if (inside || files.isEmpty()) {
            return here;
        }
        Path parent = files.get(0).toAbsolutePath().normalize().getParent();
        return parent == null ? here : parent;
    }

    /** The map in {@code file}: refused ({@link Exit#FILE}) when missing, not a map, or past a limit. */
    Opened open(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        if (!absolute.startsWith(root)) {
            throw Exit.usage(file + " is outside the tree read (" + root + "); give --root");
        }
        String path = root.relativize(absolute).toString().replace('\\', '/');
        return open(path, bytes(path, true));
    }

    /**
     * The map in {@code file} read as if it were the tree's file at {@code path} (its references resolved from
     * there): an old version of a map, e.g. {@code git show HEAD~1:maps/a.tmx > /tmp/a.tmx}.
     */
    Opened openAs(Path file, String path) {
        return open(inTree(path), counted(file, file.toString()));
    }

    private Opened open(String path, byte[] content) {
        Warnings warnings = new Warnings();
        return opened(path, read(path, content, warnings).map(), warnings);
    }

    /**
     * The map in {@code file} as Tiled's form of it, read as if it were the tree's file at {@code path}, and how its
     * layer data was written (for a command that writes it back: the merge driver).
     */
    MapFormat.Read readAs(Path file, String path) {
        return read(inTree(path), counted(file, file.toString()), new Warnings());
    }

    /** A path a command names as the tree's, with / between folders; refused when it leads out of the tree. */
    private String inTree(String path) {
        if (path.startsWith("/") || Path.of(path).normalize().startsWith("..")) {
            throw Exit.usage(path + " is not a path inside the tree (" + root + ")");
        }
        return path.replace('\\', '/');
    }

    private MapFormat.Read read(String path, byte[] content, Warnings warnings) {
        MapFormat format = Formats.mapOf(path).orElseThrow(() -> Exit.file(path + " is not a map file: a map is "
                + String.join(", ", Formats.mapEndings()) + " or .json"));
        Map<String, byte[]> first = new LinkedHashMap<>();
        first.put(path, content);
        projectFile().ifPresent(project -> first.put(project, bytes(project, true)));
        try {
            TiledFiles files = new TiledFiles(first, CustomTypes.NONE,
                    reference -> bytes(reference, false));
            return format.readMap(files, path, new ReadLimits(limits.maxSide(), limits.maxSide(),
                    limits.maxDecodedBytes()), warnings, false);
        } catch (TiledFormatException e) {
            throw Exit.file(e.file() + ": " + e.getMessage());
        } catch (Refused e) {
            throw Exit.file(path + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw Exit.file(path + ": " + e.getMessage());
        }
    }

    private Opened opened(String path, TiledMap read, Warnings warnings) {
        List<MapTileset> uses = new ArrayList<>();
        Map<Long, Tileset> tilesets = new HashMap<>();
        Map<Long, Atlas> atlases = new HashMap<>();
        for (int i = 0; i < read.tilesets().size(); i++) {
            TiledTileset tileset = read.tilesets().get(i);
            long id = i + 1;
            uses.add(new MapTileset(id, tileset.firstGid(), tileset.tileset().tileCount()));
            tilesets.put(id, tileset.tileset());
            if (tileset.atlas() != null) {
                checkImage(tileset.atlas(), tileset.tileset().imageSource());
            }
            tileset.tileImages().forEach((local, png) -> checkImage(png, tileset.tileset().name() + " tile " + local));
            atlases.put(id, Atlas.decode(tileset.tileset(), tileset.atlas(), local -> tileset.tileImages().get(local)));
        }
        TileMap map = new TileMap(TiledFiles.baseName(path), read.width(), read.height(), read.tileWidth(), read.tileHeight(),
                read.offset(), read.backgroundColor(), uses, read.properties(), read.nextLayerId(),
                read.nextObjectId());
        map.setSettings(read.settings());
        // the layers as read: what the import's first op adds them as (an op per chunk would copy every cell)
        for (Layer layer : read.layers()) {
            map.insertLayer(map.layers().size(), layer);
        }
        Map<String, Pixels> pictures = new HashMap<>();
        read.images().forEach((source, png) -> {
            checkImage(png, source);
            pictures.put(source, Atlas.decodeImage(png));
        });
        return new Opened(path, map, tilesets, atlases, pictures::get, warnings.list());
    }

    /** A {@code .tiled-project} at the top of the tree, if there is exactly one (its property types are used). */
    private Optional<String> projectFile() {
        try (Stream<Path> top = Files.list(root)) {
            List<String> found = top.map(p -> p.getFileName().toString()).filter(Formats::isTiledProject).toList();
            return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A file of the tree, its size checked against what may still be read before it is; null when absent. */
    private byte[] bytes(String path, boolean needed) {
        Path file = root.resolve(path).normalize();
        if (!file.startsWith(root) || !Files.isRegularFile(file)) {
            if (needed) {
                throw Exit.file(path + ": no such file");
            }
            return null;
        }
        try {
            // a link in the tree that leads out of it is not followed (a pull request can bring links)
            if (!file.toRealPath().startsWith(root.toRealPath())) {
                throw Exit.file(path + ": a link to a file outside the tree read (" + root + ")");
            }
        } catch (IOException e) {
            throw new Exit.Failure(Exit.FILE, path + ": " + e.getMessage(), e);
        }
        paths.add(path);
        return counted(file, path);
    }

    /** The paths of the tree's files read so far (a map's, then those it references), in the order read. */
    List<String> filesRead() {
        return List.copyOf(paths);
    }

    /** A file's bytes, its size first counted against what the command may still read ({@code --max-bytes}). */
    private byte[] counted(Path file, String what) {
        try {
            long size = Files.size(file);
            if (read + size > limits.maxBytes()) {
                throw Exit.file(what + ": reading its " + size + " bytes would pass --max-bytes ("
                        + limits.maxBytes() + " bytes of files per command)");
            }
            read += size;
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new Exit.Failure(Exit.FILE, what + ": " + e.getMessage(), e);
        }
    }

    /** Refuses an image past --max-image-pixels by its header, before it is decoded. */
    private void checkImage(byte[] png, String what) {
        PngHeader.Size size = PngHeader.read(png);
        if (size == null) {
            throw Exit.file(what + ": not a PNG image");
        }
        if (size.width() * size.height() > limits.maxImagePixels()) {
            throw Exit.file(what + ": " + size.width() + "x" + size.height() + " pixels, past --max-image-pixels ("
                    + limits.maxImagePixels() + ")");
        }
    }
}
