package dev.tilewright.format;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Every map and tileset format, by name and by file ending: what the import and export ask (and nothing else picks
 * a reader or writer; ArchitectureTest keeps it so). Adding a format is its class and its line here. Tiled's older
 * {@code .json} ending stands for its JSON formats.
 */
public final class Formats {

    private static final String XML = "application/xml";
    private static final String JSON = "application/json";

    private static final List<MapFormat> MAPS = List.of(
            new TiledMapFormat("tmx", List.of(".tmx"), XML, TmxReader::new, TmxWriter::writeMap),
            new TiledMapFormat("tmj", List.of(".tmj", ".json"), JSON, TmjReader::new, TmjWriter::writeMap));
    private static final List<TilesetFormat> TILESETS = List.of(
            new TiledTilesetFormat("tsx", List.of(".tsx"), XML, TmxReader::new, TmxWriter::writeTileset),
            new TiledTilesetFormat("tsj", List.of(".tsj", ".json"), JSON, TmjReader::new, TmjWriter::writeTileset));

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

    private static boolean endsWithAny(String path, List<String> endings) {
        String lower = path.toLowerCase(Locale.ROOT);
        return endings.stream().anyMatch(lower::endsWith);
    }
}
