package dev.tilewright.tiled;

import dev.tilewright.access.Access;
import dev.tilewright.access.Caller;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.tilewright.format.Warnings;
import dev.tilewright.map.Author;
import dev.tilewright.map.MapJson;
import dev.tilewright.map.MapReads;
import dev.tilewright.tileset.StoredTileset;
import dev.tilewright.tileset.TilesetJson;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.web.ETags;
import dev.tilewright.world.WorldJson;
import dev.tilewright.world.Worlds;
import dev.tilewright.web.Lanes;
import org.springframework.http.CacheControl;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import java.time.Duration;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Tiled files in and out. */
@RestController
class TiledController {

    private final TiledImportService imports;
    private final TiledExportService exports;
    private final MapReads maps;
    private final Lanes lanes;
    private final Access access;
    private final MapPushes pushes;
    private final Worlds worlds;
    private final LdtkImportService ldtk;
    private final LdtkExportService ldtkExports;

    TiledController(TiledImportService imports, TiledExportService exports, MapReads maps, Lanes lanes,
                    Access access, Worlds worlds, MapPushes pushes, LdtkImportService ldtk,
                    LdtkExportService ldtkExports) {
        this.ldtkExports = ldtkExports;
        this.ldtk = ldtk;
        this.worlds = worlds;
        this.imports = imports;
        this.exports = exports;
        this.maps = maps;
        this.lanes = lanes;
        this.access = access;
        this.pushes = pushes;
    }

    /**
     * The map in Tiled's formats. ETag names the version and the options, so CI pulls that find nothing new are a
     * 304; an export of a fixed {@code version} never changes and may be cached for good.
     */
    @GetMapping("/api/v1/maps/{id}/export")
    @Requires(on = Requires.On.MAP)
    ResponseEntity<byte[]> exportMap(@PathVariable long id, @RequestParam(required = false) String format,
                                     @RequestParam(required = false) String encoding,
                                     @RequestParam(required = false) String compression,
                                     @RequestParam(required = false) Long version,
                                     @RequestHeader(value = HttpHeaders.IF_NONE_MATCH, required = false) String ifNoneMatch) {
        TiledExportService.Request request = exports.request(id, format, encoding, compression);
        long at = version == null ? maps.version(id) : version;
        String etag = "\"" + at + "-" + request.tag() + "\"";
        CacheControl cache = version == null ? CacheControl.noCache() : CacheControl.maxAge(Duration.ofDays(365)).cachePrivate().immutable();
        if (ETags.noneMatchHits(ifNoneMatch, etag)) {
            return ResponseEntity.status(HttpStatus.NOT_MODIFIED).eTag(etag).cacheControl(cache).build();
        }
        TiledExportService.Export export = lanes.run(Lanes.Lane.EXPORT, () -> exports.exportMap(id, request, version));
        return attachment(export).eTag("\"" + export.version() + "-" + request.tag() + "\"").cacheControl(cache)
                .body(export.body());
    }

    @GetMapping("/api/v1/tilesets/{id}/export")
    @Requires(on = Requires.On.TILESET)
    ResponseEntity<byte[]> exportTileset(@PathVariable long id, @RequestParam(required = false) String format) {
        TiledExportService.Export export = exports.exportTileset(id, format);
        return attachment(export).body(export.body());
    }

    /** An imported map: its JSON, and what the import could not keep (empty when it kept everything). */
    record ImportedMap(@JsonUnwrapped MapJson map, List<Warnings.Warning> warnings) {
    }

    /** An imported world: its JSON (its maps and their places), and what the import could not keep. */
    record ImportedWorld(@JsonUnwrapped WorldJson world, List<Warnings.Warning> warnings) {
    }

    /**
     * A .world, the maps it places and every file they reference, each as a {@code files} part named by its path:
     * the maps are imported and the world made in one transaction (nothing is kept when any is refused).
     */
    @PostMapping(value = "/api/v1/worlds/import", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    @Requires(value = Action.EDIT, on = Requires.On.CALLER)
    ResponseEntity<ImportedWorld> importWorld(@RequestPart("files") List<MultipartFile> files,
                                              @RequestParam(required = false) Long projectId,
                                              @RequestParam(required = false) String templates, Caller caller) {
        boolean detach = detach(templates);
        TiledImportService.Imported<Long> imported = run(files, projectId, caller,
                (upload, project, author) -> imports.importWorld(upload, project, author, detach));
        return ResponseEntity.created(URI.create("/api/v1/worlds/" + imported.made()))
                .body(new ImportedWorld(worlds.get(imported.made()), imported.warnings()));
    }

    /**
     * An LDtk project ({@code .ldtk}, its {@code .ldtkl} level files and the atlases it uses, as {@code files} parts
     * named by their paths, or a zip; {@code map} names the project when the upload holds several): a world of
     * maps, one per level, in one transaction.
     */
    @PostMapping(value = "/api/v1/ldtk/import", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    @Requires(value = Action.EDIT, on = Requires.On.CALLER)
    ResponseEntity<ImportedWorld> importLdtk(@RequestPart("files") List<MultipartFile> files,
                                             @RequestParam(required = false) Long projectId,
                                             @RequestParam(name = "map", required = false) String chosen,
                                             Caller caller) {
        TiledImportService.Imported<Long> imported = run(files, projectId, caller,
                (upload, project, author) -> ldtk.importProject(upload, project, author, chosen));
        return ResponseEntity.created(URI.create("/api/v1/worlds/" + imported.made()))
                .body(new ImportedWorld(worlds.get(imported.made()), imported.warnings()));
    }

    /**
     * The world and all its maps as a zip Tiled opens as it is; with {@code format=ldtk}, a world imported from LDtk
     * as a zip of its {@code .ldtk}, atlases and export report.
     */
    @GetMapping("/api/v1/worlds/{id}/export")
    @Requires(on = Requires.On.WORLD)
    ResponseEntity<byte[]> exportWorld(@PathVariable long id, @RequestParam(required = false) String format) {
        WorldJson world = worlds.get(id);
        TiledExportService.Export export = lanes.run(Lanes.Lane.EXPORT, () -> "ldtk".equalsIgnoreCase(format)
                ? ldtkExports.exportWorld(world) : exports.exportWorld(world, format));
        return attachment(export).cacheControl(CacheControl.noCache()).body(export.body());
    }

    /** An imported tileset: its JSON, and what the import could not keep. */
    record ImportedTileset(@JsonUnwrapped TilesetJson tileset, List<Warnings.Warning> warnings) {
    }

    /**
     * A .tmx or .tmj map and every file it references, each as a {@code files} part named by its path (a folder's
     * files by their relative paths, or a {@code .zip}; {@code .gz} files are unpacked); {@code map} names the map
     * when the upload holds several. What Tiled wrote that is not kept yet is listed in {@code warnings}, never
     * dropped in silence.
     */
    @PostMapping(value = "/api/v1/maps/import", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    @Requires(value = Action.EDIT, on = Requires.On.CALLER)
    ResponseEntity<ImportedMap> importMap(@RequestPart("files") List<MultipartFile> files,
                                          @RequestParam(required = false) Long projectId,
                                          @RequestParam(required = false) String templates,
                                          @RequestParam(name = "map", required = false) String chosen,
                                          Caller caller) {
        boolean detach = detach(templates);
        TiledImportService.Imported<Long> imported = run(files, projectId, caller,
                (upload, project, author) -> imports.importMap(upload, project, author, detach, chosen));
        MapJson map = maps.json(imported.made());
        return ResponseEntity.created(URI.create("/api/v1/maps/" + imported.made())).eTag(ETags.of(map.version()))
                .body(new ImportedMap(map, imported.warnings()));
    }

    /**
     * A map's next version from files: the map file (and what it references, as an import takes them) becomes the
     * map's content with one op, whose note is {@code message}. If-Match (optional) names the version the files were
     * made from; another version since is a 412, so a push never overwrites what it has not seen. A file that holds
     * what the map holds makes no version ({@code changed: false}).
     */
    @PostMapping(value = "/api/v1/maps/{id}/versions", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    @Requires(value = Action.EDIT, on = Requires.On.MAP)
    ResponseEntity<MapPushes.Pushed> push(@PathVariable long id, @RequestPart("files") List<MultipartFile> files,
                                          @RequestParam(name = "map", required = false) String chosen,
                                          @RequestParam(required = false) String message,
                                          @RequestHeader(value = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                          Caller caller) {
        checkUpload(files);
        MapPushes.Pushed pushed = lanes.run(Lanes.Lane.IMPORT, () -> pushes.push(id, imports.unpacked(byPath(files)),
                chosen, message, ifMatch, Author.of(caller)));
        return ResponseEntity.ok().eTag(ETags.of(pushed.version())).body(pushed);
    }

    @PostMapping(value = "/api/v1/tilesets/import", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    @Requires(value = Action.EDIT, on = Requires.On.CALLER)
    ResponseEntity<ImportedTileset> importTileset(@RequestPart("files") List<MultipartFile> files,
                                                  @RequestParam(required = false) Long projectId, Caller caller) {
        TiledImportService.Imported<StoredTileset> imported = run(files, projectId, caller,
                (upload, project, author) -> imports.importTileset(upload, project));
        StoredTileset stored = imported.made();
        return ResponseEntity.created(URI.create("/api/v1/tilesets/" + stored.id()))
                .body(new ImportedTileset(TilesetJson.of(stored), imported.warnings()));
    }

    /**
     * {@code templates=keep} (the default): instances of object templates keep their reference, the template files
     * are kept with the map; {@code templates=detach}: instances keep their values only, as plain objects.
     */
    private static boolean detach(String templates) {
        if (templates == null || templates.equals("keep")) {
            return false;
        }
        if (templates.equals("detach")) {
            return true;
        }
        throw Refused.invalidField("templates", "templates is keep (instances keep their template) or detach "
                + "(instances become plain objects), not '" + templates + "'.");
    }

    /** Imports a map, a world or a tileset. */
    @FunctionalInterface
    private interface Importer<T> {
        TiledImportService.Imported<T> run(Map<String, byte[]> files, Long project, Author author);
    }

    /** An upload checked, then read and imported into the caller's project once the import has its lane. */
    private <T> TiledImportService.Imported<T> run(List<MultipartFile> files, Long projectId, Caller caller,
                                                   Importer<T> importer) {
        long project = access.projectToWrite(caller, projectId);
        checkUpload(files);
        return lanes.run(Lanes.Lane.IMPORT, () -> importer.run(imports.unpacked(byPath(files)), project,
                Author.of(caller)));
    }

    /** An export as a download. */
    static ResponseEntity.BodyBuilder attachment(TiledExportService.Export export) {
        return ResponseEntity.ok().contentType(MediaType.parseMediaType(export.contentType()))
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment().filename(export.fileName())
                        .build().toString());
    }

    /**
     * The parts wait on disk (the container writes them there as they arrive, within spring.servlet.multipart.*);
     * their count and sizes are checked before any is read, and they are read only once the import has its lane, so
     * requests waiting for the lane hold no upload in memory.
     */
    private void checkUpload(List<MultipartFile> files) {
        imports.checkUpload(files.size(), files.stream().mapToLong(MultipartFile::getSize).sum());
    }

    static Map<String, byte[]> byPath(List<MultipartFile> files) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        for (MultipartFile file : files) {
            String name = file.getOriginalFilename() == null || file.getOriginalFilename().isBlank()
                    ? file.getName() : file.getOriginalFilename();
            try {
                out.put(name, file.getBytes());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return out;
    }
}
