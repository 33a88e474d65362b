package dev.tilewright.tiled;

import dev.tilewright.config.LimitsProperties;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.format.LayerData;
import dev.tilewright.format.TiledFiles;
import dev.tilewright.autotile.Rules;
import dev.tilewright.format.TiledMap;
import dev.tilewright.format.TiledTileset;
import dev.tilewright.format.Formats;
import dev.tilewright.format.MapFormat;
import dev.tilewright.format.TilesetFormat;
import dev.tilewright.format.TmxWriter;
import dev.tilewright.format.TiledWorld;
import dev.tilewright.world.WorldJson;
import dev.tilewright.map.MapCatalogue;
import dev.tilewright.map.MapImages;
import dev.tilewright.map.MapHistory;
import dev.tilewright.map.Versioned;
import dev.tilewright.project.PropertyTypes;
import dev.tilewright.tileset.StoredTileset;
import dev.tilewright.tileset.TilesetService;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Writes maps and tilesets out in Tiled's formats: a lone .tmx/.tmj with its tilesets embedded, a zip bundle that
 * Tiled opens as it is (the map, each tileset as an external .tsx, every image), or a zip of one CSV per tile
 * layer. Any version of a map can be exported.
 */
@Service
public class TiledExportService {

    /** What an export produces. */
    public record Export(byte[] body, String contentType, String fileName, long version) {
    }

    /** An export request, validated: the format and how tile layer data is written. */
    public record Request(String format, TmxWriter.Options options) {

        /**
         * A request's format and layer data: as asked, or when neither encoding nor compression is named, as the map
         * came in ({@code layerData}, e.g. {@code base64-zlib}; null: csv).
         */
        static Request of(String format, String encoding, String compression, String layerData) {
            if (encoding == null && compression == null && layerData != null) {
                int at = layerData.indexOf('@');
                String named = at < 0 ? layerData : layerData.substring(0, at);
                int dash = named.indexOf('-');
                Request request = of(format, dash < 0 ? named : named.substring(0, dash),
                        dash < 0 ? null : named.substring(dash + 1), null);
                return at < 0 ? request : new Request(request.format(),
                        request.options().withLevel(Integer.parseInt(layerData.substring(at + 1))));
            }
            return of(format, encoding, compression);
        }

        /**
         * How layer data was written, by name ({@code csv}, {@code base64}, {@code base64-zstd}, ...), with the
         * compression level the file stated after an {@code @} ({@code base64-zlib@9}).
         */
        public static String layerData(TmxWriter.Options options) {
            return options.encoding().name().toLowerCase(Locale.ROOT) + (options.compression()
                    == LayerData.Compression.NONE ? "" : "-" + options.compression().name().toLowerCase(Locale.ROOT))
                    + (options.level() < 0 ? "" : "@" + options.level());
        }

        static Request of(String format, String encoding, String compression) {
            String f = format == null ? "tmx" : format.toLowerCase(Locale.ROOT);
            if (!List.of("tmx", "tmj", "zip", "csv").contains(f)) {
                throw Refused.invalidField("format", "format is tmx, tmj, zip or csv, not '" + format + "'.");
            }
            LayerData.Encoding e = switch (encoding == null ? "csv" : encoding.toLowerCase(Locale.ROOT)) {
                case "csv" -> LayerData.Encoding.CSV;
                case "base64" -> LayerData.Encoding.BASE64;
                default -> throw Refused.invalidField("encoding", "encoding is csv or base64, not '" + encoding + "'.");
            };
            LayerData.Compression c = switch (compression == null ? "none" : compression.toLowerCase(Locale.ROOT)) {
                case "none" -> LayerData.Compression.NONE;
                case "zlib" -> LayerData.Compression.ZLIB;
                case "gzip" -> LayerData.Compression.GZIP;
                case "zstd" -> LayerData.Compression.ZSTD;
                default -> throw Refused.invalidField("compression",
                        "compression is none, zlib, gzip or zstd, not '" + compression + "'.");
            };
            if (e == LayerData.Encoding.CSV && c != LayerData.Compression.NONE) {
                throw Refused.invalidField("compression", "CSV is never compressed; add encoding=base64 to compress.");
            }
            return new Request(f, new TmxWriter.Options(e, c));
        }

        String tag() {
            return format + "-" + options.encoding().name().toLowerCase(Locale.ROOT) + "-"
                    + options.compression().name().toLowerCase(Locale.ROOT)
                    + (options.level() < 0 ? "" : "-" + options.level());
        }
    }

    /** What one cell of a TMJ's CSV data costs besides its digits while it is written (a JSON array node). */
    private static final long TMJ_CELL_BYTES = 40;
    private static final MapFormat BUNDLED_MAP = ExportBundle.MAP;
    private static final TilesetFormat BUNDLED_TILESET = ExportBundle.TILESET;

    private final MapHistory maps;
    private final LimitsProperties limits;
    private final TilesetService tilesets;
    private final MapImages mapImages;
    private final PropertyTypes propertyTypes;
    private final TemplateFiles templateFiles;
    private final Rules rules;

    TiledExportService(MapHistory maps, TilesetService tilesets, MapImages mapImages, PropertyTypes propertyTypes,
                       TemplateFiles templateFiles, Rules rules, LimitsProperties limits) {
        this.limits = limits;
        this.rules = rules;
        this.templateFiles = templateFiles;
        this.propertyTypes = propertyTypes;
        this.maps = maps;
        this.tilesets = tilesets;
        this.mapImages = mapImages;
    }

    /** Refuses, before any of it is written, an export whose layer data would pass max-export-work-bytes. */
    private void checkWork(TileMap map, TmxWriter.Options options, long perCsvCell) {
        long bytes = LayerData.workBytes(map, options, perCsvCell);
        if (bytes > limits.maxExportWorkBytes()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-export-work-bytes",
                    limits.maxExportWorkBytes(), "Writing this map's tile layers as "
                            + Request.layerData(options) + " takes about " + (bytes >> 20) + " MiB; export with "
                            + "encoding=base64&compression=zlib (or gzip), which is written a band at a time")
                    .with("field", "encoding");
        }
    }

    /** An export request of a map, defaulting its layer data to how the map came in. */
    public Request request(long mapId, String format, String encoding, String compression) {
        return Request.of(format, encoding, compression, encoding == null && compression == null
                ? maps.genesis(mapId).layerData() : null);
    }

    public Export exportMap(long mapId, Request request, Long version) {
        Versioned snapshot = maps.snapshot(mapId, version);
        TileMap map = snapshot.map();
        checkWork(map, request.format().equals("csv") ? TmxWriter.Options.DEFAULT : request.options(),
                request.format().equals("tmj") ? TMJ_CELL_BYTES : 0);
        String base = TiledFiles.safeName(map.name());
        List<StoredTileset> used = map.tilesets().stream().map(t -> tilesets.get(t.tilesetId())).toList();
        Optional<MapFormat> format = Formats.map(request.format());
        if (format.isPresent()) {
            return new Export(format.get().writeMap(lone(map, used), request.options()), format.get().mediaType(),
                    base + format.get().endings().get(0), snapshot.version());
        }
        return switch (request.format()) {
            case "zip" -> new Export(bundle(mapId, map, used, base, request.options()), "application/zip",
                    base + ".zip", snapshot.version());
            default -> new Export(csv(map), "application/zip", base + "-csv.zip", snapshot.version());
        };
    }

    /**
     * A world as a zip Tiled opens as it is: the {@code .world} where it came from (listing the maps it listed, each
     * with its size now, and its patterns), every map at its file name next to it, as its own zip export would write
     * it (by the name it came with, in the format that name's ending says; layer data as each came in), the tilesets and
     * images they use once each.
     */
    public Export exportWorld(WorldJson world, String format) {
        if (format != null && !format.equalsIgnoreCase("zip")) {
            throw Refused.invalidField("format", "A world is exported as a zip (format=zip), not '" + format + "'.");
        }
        ExportBundle bundle = new ExportBundle(tilesets, mapImages, templateFiles);
        List<TiledWorld.MapEntry> listed = new ArrayList<>();
        List<TileMap> placedMaps = new ArrayList<>();
        for (WorldJson.Placed placed : world.maps()) {
            Versioned snapshot = maps.snapshot(placed.mapId(), null);
            TileMap map = snapshot.map();
            placedMaps.add(map);
            List<StoredTileset> used = map.tilesets().stream().map(t -> tilesets.get(t.tilesetId())).toList();
            // the name it came by (a pattern matches it), written in the format its ending names
            String mapPath = TiledFiles.resolved(world.fileName(), placed.fileName());
            var genesis = maps.genesis(placed.mapId());
            bundle.add(placed.mapId(), genesis.files(), map, used, mapPath,
                    Request.of("zip", null, null, genesis.layerData()).options());
            if (!placed.byPattern()) {
                listed.add(new TiledWorld.MapEntry(TiledFiles.relative(world.fileName(), mapPath), placed.x(), placed.y(),
                        placed.width(), placed.height()));
            }
        }
        bundle.entries.put(world.fileName(), TiledWorld.write(listed, world.patterns(), world.onlyShowAdjacentMaps()));
        byte[] autotile = rules.fileFor(world.projectId(), placedMaps);
        if (autotile != null) {
            bundle.entries.put(TiledFiles.resolved(world.fileName(), Rules.FILE), autotile);
        }
        String base = TiledFiles.safeName(TiledFiles.withEnding(world.fileName().substring(world.fileName().lastIndexOf('/') + 1), ""));
        bundle.withTypes(propertyTypes.of(world.projectId()), base);
        return new Export(bundle.zip(), "application/zip", base + ".zip", 0);
    }

    /**
     * A whole project as one zip Tiled opens as it is, the same bytes for the same versions (entries in a fixed
     * order, fixed times): every map (by id) at the path it came in by, in that path's format, or, made here, as
     * {@code <name>.tmx} (a path taken already: {@code <name>-<id>}); each world's file at its path listing its maps
     * where they are in the zip (patterns are not written: other maps of the project in their folder would match
     * them); the tilesets, images and templates the maps use, once each; the project's property types and rules.
     * Refused before anything is written when the maps' layer data would take more than max-export-work-bytes.
     */
    public Export exportProject(long projectId, String projectName, List<Long> mapIds, List<WorldJson> inWorlds) {
        ProjectFiles files = projectFiles(projectId, projectName, mapIds, inWorlds, null);
        return new Export(ExportBundle.zip(files.entries()), "application/zip", files.base() + ".zip", 0);
    }

    /**
     * A project's files as its zip holds them: by path, in the zip's order; {@code base} names the zip; {@code maps}
     * says which map (and version) each map file is.
     */
    public record ProjectFiles(String base, Map<String, byte[]> entries, Map<String, MapFile> maps) {
    }

    /** The map a file of a project's export is, at the version written. */
    public record MapFile(long mapId, long version) {
    }

    /** The files of {@link #exportProject}, before they are zipped. */
    /** @param format the maps' format ({@code tmx} or {@code tmj}), or null: each in the format it came in by */
    public ProjectFiles projectFiles(long projectId, String projectName, List<Long> mapIds, List<WorldJson> inWorlds,
                                     String format) {
        // one map held at a time (a project's maps together may be far more than the map cache holds)
        long work = 0;
        for (long mapId : mapIds) {
            work += LayerData.workBytes(maps.snapshot(mapId, null).map(),
                    Request.of("zip", null, null, maps.genesis(mapId).layerData()).options(), 0);
        }
        if (work > limits.maxExportWorkBytes()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-export-work-bytes",
                    limits.maxExportWorkBytes(), "Writing the tile layers of this project's " + mapIds.size()
                            + " maps as they came in takes about " + (work >> 20) + " MiB; export its maps one by "
                            + "one, with encoding=base64&compression=zlib").with("field", "projectId");
        }
        ExportBundle bundle = new ExportBundle(tilesets, mapImages, templateFiles);
        Map<Long, String> paths = new java.util.HashMap<>();
        Map<String, MapFile> mapFiles = new java.util.HashMap<>();
        Set<String> ruleSets = null;
        for (long mapId : mapIds) {
            var snapshot = maps.snapshot(mapId, null);
            TileMap map = snapshot.map();
            var genesis = maps.genesis(mapId);
            String path = genesis.files() != null ? genesis.files().map()
                    : TiledFiles.safeName(map.name()) + BUNDLED_MAP.endings().get(0);
            if (format != null) {
                path = TiledFiles.withEnding(path, "." + format);
            }
            if (bundle.entries.containsKey(path)) {
                path = TiledFiles.withEnding(path, "") + "-" + mapId
                        + Formats.mapOf(path).orElse(BUNDLED_MAP).endings().get(0);
            }
            paths.put(mapId, path);
            mapFiles.put(path, new MapFile(mapId, snapshot.version()));
            ruleSets = Rules.namedBy(map, ruleSets);
            bundle.add(mapId, genesis.files(), map, map.tilesets().stream().map(t -> tilesets.get(t.tilesetId()))
                    .toList(), path, Request.of("zip", null, null, genesis.layerData()).options());
        }
        for (WorldJson world : inWorlds) {
            List<TiledWorld.MapEntry> listed = world.maps().stream().map(placed -> new TiledWorld.MapEntry(
                    TiledFiles.relative(world.fileName(), paths.get(placed.mapId())), placed.x(), placed.y(),
                    placed.width(), placed.height())).toList();
            bundle.entries.put(world.fileName(), TiledWorld.write(listed, List.of(), world.onlyShowAdjacentMaps()));
        }
        byte[] autotile = rules.fileFor(projectId, ruleSets);
        if (autotile != null) {
            bundle.entries.put(Rules.FILE, autotile);
        }
        String base = TiledFiles.safeName(projectName);
        bundle.withTypes(propertyTypes.of(projectId), base);
        return new ProjectFiles(base, bundle.entries, mapFiles);
    }

    public Export exportTileset(long tilesetId, String format) {
        StoredTileset stored = tilesets.get(tilesetId);
        String base = TiledFiles.safeName(stored.tileset().name());
        TilesetFormat written = format == null ? BUNDLED_TILESET : Formats.tileset(format).orElseThrow(() ->
                Refused.invalidField("format", "format is " + String.join(" or ", Formats.tilesets().stream()
                        .map(TilesetFormat::name).toList()) + ", not '" + format + "'."));
        return new Export(written.writeTileset(stored.tileset(), Map.of()), written.mediaType(),
                base + written.endings().get(0), 0);
    }

    /** The map as a lone Tiled file holds it: every tileset embedded, image sources as they are. */
    private static TiledMap lone(TileMap map, List<StoredTileset> used) {
        List<TiledTileset> out = new ArrayList<>();
        for (int i = 0; i < used.size(); i++) {
            Tileset tileset = used.get(i).tileset();
            String name = TiledFiles.safeName(tileset.name());
            out.add(new TiledTileset(map.tilesets().get(i).firstGid(), null, tileset.withImageSources(
                    tileset.imageSource() == null ? name + ".png" : tileset.imageSource(),
                    id -> tileset.tile(id).image().source()), null, Map.of()));
        }
        return ExportBundle.tiled(map, out, map.layers());
    }

    /**
     * A zip Tiled opens as it is. What came in by import goes back where the import had it: the map, each external
     * tileset (as .tmx/.tsx under their own names and folders), embedded tilesets embedded, every image at the path
     * its file names; what was made here goes to {@code tilesets/<name>.tsx} and {@code images/}.
     */
    private byte[] bundle(long mapId, TileMap map, List<StoredTileset> used, String base, TmxWriter.Options options) {
        MapCatalogue.Files files = maps.genesis(mapId).files();
        ExportBundle bundle = new ExportBundle(tilesets, mapImages, templateFiles);
        String mapEnding = BUNDLED_MAP.endings().get(0);
        String mapPath = files == null ? base + mapEnding : TiledFiles.withEnding(files.map(), mapEnding);
        bundle.add(mapId, files, map, used, mapPath, options);
        bundle.withTypes(propertyTypes.ofMap(mapId), base);
        byte[] autotile = rules.fileForMap(mapId, map);
        if (autotile != null) {
            bundle.entries.put(TiledFiles.resolved(mapPath, Rules.FILE), autotile);
        }
        return bundle.zip();
    }

    private static byte[] csv(TileMap map) {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        Set<String> names = new HashSet<>();
        for (Layer layer : map.layers()) {
            if (layer instanceof TileLayer tiles) {
                String text = LayerData.encode(tiles.read(tiles.bounds()), map.width(), LayerData.Encoding.CSV,
                        LayerData.Compression.NONE) + "\n";
                entries.put(ExportBundle.unique(names, TiledFiles.safeName(layer.name())) + ".csv", text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        return ExportBundle.zip(entries);
    }
}
