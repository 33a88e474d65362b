package dev.tilewright.format;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Every map and tileset format, by name and by file ending: what the import and export ask (and nothing else picks
 * a reader or writer; ArchitectureTest keeps it so). Adding a format is its class and its line here. Tiled's older
 * {@code .json} ending stands for its JSON formats.
 */
public final class Formats {

    private static final String XML = "application/xml";
    private static final String JSON = "application/json";
    /** What Tiled's JSON formats were called before each had its own ending. */
    private static final String JSON_ENDING = ".json";

    private static final List<MapFormat> MAPS = List.of(
            new TiledMapFormat("tmx", List.of(".tmx"), XML, TmxReader::new, TmxWriter::writeMap),
            new TiledMapFormat("tmj", List.of(".tmj", JSON_ENDING), JSON, TmjReader::new, TmjWriter::writeMap));
    private static final List<TilesetFormat> TILESETS = List.of(
            new TiledTilesetFormat("tsx", List.of(".tsx"), XML, TmxReader::new, TmxWriter::writeTileset),
            new TiledTilesetFormat("tsj", List.of(".tsj", JSON_ENDING), JSON, TmjReader::new, TmjWriter::writeTileset));

    private Formats() {
    }

    public static List<MapFormat> maps() {
        return MAPS;
    }

    public static List<TilesetFormat> tilesets() {
        return TILESETS;
    }

    /** The map format called so ({@code tmx}, {@code tmj}), if there is one. */
    public static Optional<MapFormat> map(String name) {
        return MAPS.stream().filter(f -> f.name().equalsIgnoreCase(name)).findFirst();
    }

    /** The tileset format called so ({@code tsx}, {@code tsj}), if there is one. */
    public static Optional<TilesetFormat> tileset(String name) {
        return TILESETS.stream().filter(f -> f.name().equalsIgnoreCase(name)).findFirst();
    }

    /** The map format a file of this path is in, by its ending ({@code .json}: Tiled's JSON). */
    public static Optional<MapFormat> mapOf(String path) {
        return MAPS.stream().filter(f -> endsWithAny(path, f.endings())).findFirst();
    }

    /** The tileset format a file of this path is in, by its ending ({@code .json}: Tiled's JSON). */
    public static Optional<TilesetFormat> tilesetOf(String path) {
        return TILESETS.stream().filter(f -> endsWithAny(path, f.endings())).findFirst();
    }

    /** The endings of map files, each format's own (not the shared {@code .json}). */
    public static List<String> mapEndings() {
        return MAPS.stream().map(f -> f.endings().get(0)).toList();
    }

    /** The endings of tileset files, each format's own (not the shared {@code .json}). */
    public static List<String> tilesetEndings() {
        return TILESETS.stream().map(f -> f.endings().get(0)).toList();
    }

    /**
     * The files among {@code paths} that are maps: those with a map format's own ending or, where there is none,
     * the {@code .json} files (Tiled's older name for maps and tilesets) that {@code notMaps} does not set aside.
     */
    public static List<String> mapFiles(Collection<String> paths, Predicate<String> notMaps) {
        return ownOrJson(paths, mapEndings(), notMaps);
    }

    /** The files among {@code paths} that are tilesets, as {@link #mapFiles} finds maps. */
    public static List<String> tilesetFiles(Collection<String> paths, Predicate<String> notTilesets) {
        return ownOrJson(paths, tilesetEndings(), notTilesets);
    }

    /** Whether a file has a map format's own ending ({@code .tmx}, {@code .tmj}; not the shared {@code .json}). */
    public static boolean hasMapEnding(String path) {
        return endsWithAny(path, mapEndings());
    }

    /** The Tiled worlds ({@code .world}) among {@code paths}. */
    public static List<String> worldFiles(Collection<String> paths) {
        return paths.stream().filter(path -> endsWithAny(path, List.of(TiledWorld.ENDING))).toList();
    }

    /** Whether a file is a Tiled project ({@code .tiled-project}: the property types its maps use). */
    public static boolean isTiledProject(String path) {
        return endsWithAny(path, List.of(TiledProject.ENDING));
    }

    private static List<String> ownOrJson(Collection<String> paths, List<String> endings, Predicate<String> aside) {
        List<String> own = paths.stream().filter(path -> endsWithAny(path, endings)).toList();
        return !own.isEmpty() ? own
                : paths.stream().filter(path -> endsWithAny(path, List.of(JSON_ENDING)) && !aside.test(path)).toList();
    }

    private static boolean endsWithAny(String path, List<String> endings) {
        String lower = path.toLowerCase(Locale.ROOT);
        return endings.stream().anyMatch(lower::endsWith);
    }
}
