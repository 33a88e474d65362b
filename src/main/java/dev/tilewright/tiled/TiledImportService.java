package dev.tilewright.tiled;

import dev.tilewright.access.Projects;
import dev.tilewright.config.LimitsProperties;
import dev.tilewright.core.edit.Batch;
import dev.tilewright.core.edit.LayerOps;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.CustomTypes;
import dev.tilewright.format.ReadLimits;
import dev.tilewright.format.TiledFiles;
import dev.tilewright.format.TiledFormatException;
import dev.tilewright.autotile.Rules;
import dev.tilewright.format.TiledMap;
import dev.tilewright.format.Warnings;
import dev.tilewright.format.TiledTileset;
import dev.tilewright.format.Formats;
import dev.tilewright.format.MapFormat;
import dev.tilewright.format.TilesetFormat;
import dev.tilewright.format.TiledWorld;
import dev.tilewright.world.Worlds;
import dev.tilewright.map.MapImages;
import dev.tilewright.map.Author;
import dev.tilewright.map.MapCatalogue;
import dev.tilewright.project.PropertyTypes;
import dev.tilewright.tileset.StoredTileset;
import dev.tilewright.tileset.TilesetService;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Brings Tiled maps and tilesets in: reads the uploaded files, checks every image, then in one transaction stores
 * the tilesets and creates the map whose first op (version 1) adds all its layers, cells and objects. A refused
 * import stores nothing.
 */
@Service
public class TiledImportService {

    private final TilesetService tilesets;
    private final MapCatalogue maps;
    private final MapImages mapImages;
    private final LimitsProperties limits;

    private final Projects projects;
    private final PropertyTypes propertyTypes;
    private final Worlds worlds;
    private final TemplateFiles templateFiles;
    private final Rules rules;

    TiledImportService(TilesetService tilesets, MapCatalogue maps, MapImages mapImages, LimitsProperties limits,
                       Projects projects, PropertyTypes propertyTypes, Worlds worlds, TemplateFiles templateFiles,
                       Rules rules) {
        this.rules = rules;
        this.templateFiles = templateFiles;
        this.worlds = worlds;
        this.projects = projects;
        this.propertyTypes = propertyTypes;
        this.tilesets = tilesets;
        this.maps = maps;
        this.mapImages = mapImages;
        this.limits = limits;
    }

    /** What an import made, and what it could not keep ({@link Warnings}). */
    public record Imported<T>(T made, List<Warnings.Warning> warnings) {
    }

    /**
     * A map and every file it references. Its objects that are instances of templates keep the reference, and the
     * templates are kept with the map; {@code detachTemplates} keeps the instances' values only. {@code chosen} is the
     * map's path in the upload when it (a folder, a zip) holds several; null: the one map it holds.
     */
    @Transactional
    public Imported<Long> importMap(Map<String, byte[]> uploaded, Long projectId, Author author,
                                    boolean detachTemplates, String chosen) {
        long project = projects.resolve(projectId);
        TiledFiles files = checkedFiles(uploaded, project);
        String mapFile = MapChoice.of(files, chosen);
        Warnings warnings = new Warnings();
        keepRules(project, uploaded, warnings);
        long mapId = importOne(files, mapFile, project, author, readLimits(), warnings, new HashMap<>(),
                detachTemplates);
        keepTypes(project, files, warnings);
        return new Imported<>(mapId, warnings.list());
    }

    /**
     * A {@code .world} with its maps and everything they reference: every map the world places is imported (each
     * at its place; a tileset file several maps use is stored once) and the world made, in one transaction. The
     * layers of all maps together are held to {@code max-import-decoded-bytes}.
     */
    @Transactional
    public Imported<Long> importWorld(Map<String, byte[]> uploaded, Long projectId, Author author,
                                      boolean detachTemplates) {
        long project = projects.resolve(projectId);
        TiledFiles files = checkedFiles(uploaded, project);
        List<String> found = Formats.worldFiles(files.paths());
        if (found.size() != 1) {
            throw Refused.invalidField("files", "Send exactly one world (.world) with its maps; found " + found
                    + ".");
        }
        String worldFile = found.get(0);
        // read whole into a tree: its size is held to a bound first
        int size = files.read(worldFile, worldFile).length;
        if (size > limits.maxWorldBytes()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-world-bytes",
                    limits.maxWorldBytes(), worldFile + " holds " + size + " bytes").with("field", "files")
                    .with("file", worldFile);
        }
        Warnings warnings = new Warnings();
        keepRules(project, uploaded, warnings);
        TiledWorld world = read(() -> TiledWorld.read(files.read(worldFile, worldFile), worldFile, warnings));
        List<TiledWorld.Placement> placements = read(() -> world.placements(worldFile, files.paths(),
                limits.maxWorldPatternSteps()));
        if (placements.isEmpty()) {
            throw Refused.invalidField("files", worldFile + " places no map: list maps in \"maps\" or send the "
                    + "map files its patterns match, in its folder.").with("file", worldFile);
        }
        if (placements.size() > limits.maxWorldMaps()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-world-maps",
                    limits.maxWorldMaps(), worldFile + " places " + placements.size() + " maps")
                    .with("field", "files").with("file", worldFile);
        }
        ReadLimits budget = readLimits();
        Map<String, StoredTileset> shared = new HashMap<>();
        List<Worlds.Place> places = new ArrayList<>();
        for (TiledWorld.Placement placement : placements) {
            Warnings ofMap = new Warnings();
            long mapId = importOne(files, placement.path(), project, author, budget, ofMap, shared,
                    detachTemplates);
            ofMap.list().forEach(w -> warnings.add("maps[" + placement.fileName() + "]" + (w.path().isEmpty() ? ""
                    : "." + w.path()), w.what()));
            places.add(new Worlds.Place(mapId, placement.x(), placement.y(), placement.fileName(),
                    placement.byPattern()));
        }
        java.util.Set<String> placed = placements.stream().map(TiledWorld.Placement::path)
                .collect(java.util.stream.Collectors.toSet());
        files.paths().stream().filter(p -> Formats.hasMapEnding(p) && !placed.contains(p)).forEach(p ->
                warnings.add("files[" + p + "]", "not placed by " + worldFile + " (not in its maps, no pattern "
                        + "matches it in its folder): not imported"));
        long worldId = worlds.create(new Worlds.NewWorld(project, TiledFiles.baseName(worldFile), worldFile,
                world.onlyShowAdjacentMaps(), world.patterns(), places));
        keepTypes(project, files, warnings);
        return new Imported<>(worldId, warnings.list());
    }

    /**
     * Imports one map file of an upload: its tilesets (an external one already stored by this import, in
     * {@code shared} by path, is used again), images and the map, whose first op adds everything it holds.
     */
    private long importOne(TiledFiles files, String mapFile, long project, Author author, ReadLimits budget,
                           Warnings warnings, Map<String, StoredTileset> shared, boolean detachTemplates) {
        MapFormat format = Formats.mapOf(mapFile).orElseThrow(() -> Refused.invalidField("files[" + mapFile + "]",
                "This is not a map file: a map is " + String.join(", ", Formats.mapEndings()) + " or .json."));
        MapFormat.Read read = read(() -> format.readMap(files, mapFile, budget, warnings, detachTemplates));
        return storeMap(read.map(), mapFile, TiledExportService.Request.layerData(read.dataEncoding()), project,
                author, shared);
    }

    /**
     * Stores a map read from a file (or made from one, as an LDtk level): its images checked, its tilesets stored
     * (one of {@code shared}, by the path it was read from, used again), then the map whose first op adds what it
     * holds. Called in the importing transaction.
     *
     * @param layerData how the map's tile layers were written ({@link TiledExportService.Request#layerData})
     */
    public long storeMap(TiledMap map, String mapFile, String layerData, long project, Author author,
                         Map<String, StoredTileset> shared) {
        map.tilesets().forEach(this::checkImages);
        map.images().forEach((source, png) -> tilesets.checkImage(png, "files[" + source + "]"));
        List<MapTileset> uses = new ArrayList<>();
        List<MapCatalogue.TilesetFile> tilesetFiles = new ArrayList<>();
        for (TiledTileset tileset : map.tilesets()) {
            StoredTileset stored = tileset.source() == null ? null : shared.get(tileset.source());
            if (stored == null) {
                stored = tilesets.store(project, tileset.tileset(), tileset.atlas(), tileset.tileImages());
                templateFiles.store(TemplateFiles.Owner.TILESET, stored.id(), tileset.templates());
                if (tileset.source() != null) {
                    shared.put(tileset.source(), stored);
                }
            }
            uses.add(new MapTileset(stored.id(), tileset.firstGid(), tileset.tileset().tileCount()));
            tilesetFiles.add(new MapCatalogue.TilesetFile(stored.id(), tileset.source()));
        }
        List<MapOp> ops = LayerOps.recreateAll(map.layers());
        long mapId = maps.create(project, new MapCatalogue.Genesis(TiledFiles.baseName(mapFile), map.width(), map.height(),
                map.tileWidth(), map.tileHeight(), map.offset(), map.backgroundColor(), uses, map.properties(),
                map.nextLayerId(), map.nextObjectId(), layerData, map.settings(),
                new MapCatalogue.Files(mapFile, tilesetFiles)), ops.isEmpty() ? null : new Batch(ops), author);
        mapImages.store(mapId, map.images());
        templateFiles.store(TemplateFiles.Owner.MAP, mapId, map.templates());
        return mapId;
    }

    @Transactional
    public Imported<StoredTileset> importTileset(Map<String, byte[]> uploaded, Long projectId) {
        long project = projects.resolve(projectId);
        TiledFiles files = checkedFiles(uploaded, project);
        String file = single(Formats.tilesetFiles(files.paths(), TiledImportService::isRules), "tileset ("
                + String.join(" or ", Formats.tilesetEndings()) + ")");
        Warnings warnings = new Warnings();
        TilesetFormat format = Formats.tilesetOf(file).orElseThrow();
        TiledTileset tileset = read(() -> format.readTileset(files, file, readLimits(), warnings));
        checkImages(tileset);
        StoredTileset stored = tilesets.store(project, tileset.tileset(), tileset.atlas(), tileset.tileImages());
        templateFiles.store(TemplateFiles.Owner.TILESET, stored.id(), tileset.templates());
        keepTypes(project, files, warnings);
        return new Imported<>(stored, warnings.list());
    }

    /**
     * The custom types of a {@code .tiled-project} sent along become the project's where it has none of that name;
     * one it defines otherwise is named in the warnings (its own definition stays, and was used to read the files).
     */
    private void keepTypes(long project, TiledFiles files, Warnings warnings) {
        for (String name : propertyTypes.addNew(project, files.uploadedTypes())) {
            warnings.add("project.propertyTypes[" + name + "]", "the project defines this type otherwise; its own "
                    + "definition is kept (a maintainer can change it with PUT /api/v1/projects/" + project
                    + "/property-types)");
        }
    }

    /**
     * The auto-layer rules a Tilewright export carries ({@link Rules#FILE}) become the project's where it has none of
     * that name (value); one it defines otherwise is named in the warnings. Checked whole before anything is made.
     */
    private void keepRules(long project, Map<String, byte[]> uploaded, Warnings warnings) {
        for (Map.Entry<String, byte[]> file : uploaded.entrySet()) {
            if (isRules(file.getKey())) {
                for (String differing : rules.addNew(project, file.getValue())) {
                    warnings.add("project.rules." + differing, "the project defines this otherwise; its own is kept "
                            + "(a maintainer can change it with PUT /api/v1/projects/" + project + "/rules)");
                }
            }
        }
    }

    static boolean isRules(String path) {
        return path.equals(Rules.FILE) || path.endsWith("/" + Rules.FILE);
    }

    void checkImages(TiledTileset tileset) {
        if (tileset.atlas() != null) {
            tilesets.checkImage(tileset.atlas(), "files[" + tileset.tileset().imageSource() + "]");
        }
        tileset.tileImages().forEach((id, png) ->
                tilesets.checkImage(png, "files[" + tileset.tileset().tile(id).image().source() + "]"));
    }

    ReadLimits readLimits() {
        return new ReadLimits(limits.maxMapWidth(), limits.maxMapHeight(), limits.maxImportDecodedBytes());
    }

    /**
     * Refuses an upload of too many files or bytes by its parts' count and sizes: called before the parts (on disk
     * while the request is read) are read into memory, and again on what was read.
     */
    /** The files of an upload with its zips and gzip files unpacked, within the upload's limits (see {@link Unpack}). */
    public Map<String, byte[]> unpacked(Map<String, byte[]> sent) {
        return Unpack.of(sent, limits.maxImportFiles(), limits.maxImportBytes());
    }

    public void checkUpload(int files, long bytes) {
        if (files == 0) {
            throw Refused.invalidField("files", "Send the Tiled file and everything it references as 'files' parts.");
        }
        if (files > limits.maxImportFiles()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-import-files",
                    limits.maxImportFiles(), files + " files were sent").with("field", "files");
        }
        if (bytes > limits.maxImportBytes()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-import-bytes",
                    limits.maxImportBytes(), "The files hold " + bytes + " bytes").with("field", "files");
        }
    }

    /** The upload held to the import's limits of files and bytes, as Tiled's files with the project's types. */
    public TiledFiles checkedFiles(Map<String, byte[]> uploaded, long project) {
        checkUpload(uploaded.size(), uploaded.values().stream().mapToLong(b -> b.length).sum());
        uploaded.forEach((path, bytes) -> {
            if (Formats.isTiledProject(path) && bytes.length
                    > limits.maxPropertyTypesBytes()) {
                throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-property-types-bytes",
                        limits.maxPropertyTypesBytes(), path + " holds " + bytes.length + " bytes")
                        .with("field", "files").with("file", path);
            }
        });
        CustomTypes types = propertyTypes.of(project);
        return read(() -> new TiledFiles(uploaded, types));
    }

    /** The one file of an upload that {@code found} holds; none or two are refused. */
    private static String single(List<String> found, String what) {
        if (found.size() != 1) {
            throw Refused.invalidField("files", "Send exactly one " + what + "; found " + found + ".");
        }
        return found.get(0);
    }

    /** Runs a reader of uploaded files, answering what it refuses as the import's problem (400, 413, 422). */
    public <T> T read(java.util.function.Supplier<T> reader) {
        try {
            return reader.get();
        } catch (TiledFormatException e) {
            throw switch (e.kind()) {
                case MISSING_FILE -> Refused.invalidField("files", e.getMessage()).with("file", e.file())
                        .with("missing", e.missing());
                case UNSUPPORTED -> Refused.of(Refusal.Kind.INVALID, "Not supported yet", e.getMessage())
                        .with("field", "files").with("file", e.file());
                case INVALID -> Refused.invalidField("files", e.file() + ": " + e.getMessage()).with("file", e.file());
                case OVER_LIMIT -> Refused.overLimit(Refusal.Kind.TOO_LARGE, e.limit() != null ? e.limit()
                                : "tilewright.limits.max-import-decoded-bytes",
                        e.limit() != null ? e.limitValue() : limits.maxImportDecodedBytes(),
                        e.file() + ": " + e.getMessage()).with("field", "files").with("file", e.file());
            };
        }
    }
}
