package dev.tilewright.tiled;

import dev.tilewright.access.Directory;
import dev.tilewright.access.Requires;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.format.Sha256;
import dev.tilewright.map.MapCatalogue;
import dev.tilewright.web.ETags;
import dev.tilewright.web.Lanes;
import dev.tilewright.world.WorldJson;
import dev.tilewright.world.Worlds;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A whole project as one zip (docs/tiled.md), and its manifest: what a CI job pulls. The same versions give the same
 * bytes, and the ETag is a digest of the files, so a pull that finds nothing new is a 304 with no body; a pull that
 * finds some files changed asks for just those ({@code path=}).
 */
@RestController
class ProjectExportController {

    /** One file of a project's export: its path in the zip, its size and its SHA-256. */
    /** One file: {@code mapId} and {@code version} say which map a map file is (null for other files). */
    record ManifestFile(String path, long bytes, String sha256, Long mapId, Long version) {
    }

    /** Maps of the project named alike (before names were unique): the name, the maps' ids. */
    record DuplicateName(String name, List<Long> mapIds) {
    }

    /**
     * Every file of a project's export, in the zip's order, and its maps named alike (each written as
     * {@code <name>-<id>} but the first).
     */
    record Manifest(long projectId, String name, List<ManifestFile> files, List<DuplicateName> duplicateNames) {
    }

    private final TiledExportService exports;
    private final MapCatalogue catalogue;
    private final Worlds worlds;
    private final Directory directory;
    private final Lanes lanes;
    private final LdtkExportService ldtkExports;

    ProjectExportController(TiledExportService exports, MapCatalogue catalogue, Worlds worlds, Directory directory,
                            Lanes lanes, LdtkExportService ldtkExports) {
        this.ldtkExports = ldtkExports;
        this.exports = exports;
        this.catalogue = catalogue;
        this.worlds = worlds;
        this.directory = directory;
        this.lanes = lanes;
    }

    /** The zip of the project, or ({@code path=}, repeated) of just those of its files. */
    @GetMapping("/api/v1/projects/{id}/export")
    @Requires(on = Requires.On.PROJECT)
    ResponseEntity<byte[]> export(@PathVariable long id, @RequestParam(required = false) List<String> path,
                                  @RequestParam(required = false) String format,
                                  @RequestHeader(value = HttpHeaders.IF_NONE_MATCH, required = false) String ifNoneMatch) {
        if ("ldtk".equalsIgnoreCase(format)) {
            return ldtk(id);
        }
        TiledExportService.ProjectFiles files = files(id, format);
        Map<String, byte[]> entries = files.entries();
        if (path != null && !path.isEmpty()) {
            Map<String, byte[]> chosen = new LinkedHashMap<>();
            for (String wanted : path) {
                if (!entries.containsKey(wanted)) {
                    throw Refused.invalidField("path", "The project's export has no file '" + wanted + "' (its "
                            + "manifest, GET /api/v1/projects/" + id + "/export/manifest, lists them).");
                }
            }
            entries.forEach((name, bytes) -> {
                if (path.contains(name)) {
                    chosen.put(name, bytes);
                }
            });
            entries = chosen;
        }
        String etag = etag(digests(entries));
        if (ETags.noneMatchHits(ifNoneMatch, etag)) {
            return notModified(etag);
        }
        byte[] zip = ExportBundle.zip(entries);
        return TiledController.attachment(new TiledExportService.Export(zip, "application/zip", files.base()
                + ".zip", 0)).eTag(etag).cacheControl(CacheControl.noCache()).body(zip);
    }

    /** The project's worlds as LDtk projects, a folder each, and the report of what was left out. */
    private ResponseEntity<byte[]> ldtk(long id) {
        String name = directory.project(id).orElseThrow(() -> Refused.notFound("Project", id)).name();
        List<WorldJson> inWorlds = worlds.list(Set.of(id), null).stream().map(w -> worlds.get(w.id())).toList();
        Set<Long> placed = new java.util.HashSet<>();
        inWorlds.forEach(w -> w.maps().forEach(m -> placed.add(m.mapId())));
        List<String> unplaced = catalogue.list(List.of(id)).stream().filter(m -> !placed.contains(m.id()))
                .map(MapCatalogue.MapEntitySummary::name).toList();
        TiledExportService.Export export = lanes.run(Lanes.Lane.EXPORT, () -> ldtkExports.exportProject(name,
                inWorlds, unplaced));
        return TiledController.attachment(export).cacheControl(CacheControl.noCache()).body(export.body());
    }

    /** Every file the project's zip holds, with its size and digest; the same ETag as the whole zip. */
    @GetMapping("/api/v1/projects/{id}/export/manifest")
    @Requires(on = Requires.On.PROJECT)
    ResponseEntity<Manifest> manifest(@PathVariable long id, @RequestParam(required = false) String format,
                                      @RequestHeader(value = HttpHeaders.IF_NONE_MATCH, required = false)
                                      String ifNoneMatch) {
        TiledExportService.ProjectFiles files = files(id, format);
        Map<String, String> digests = digests(files.entries());
        String etag = etag(digests);
        if (ETags.noneMatchHits(ifNoneMatch, etag)) {
            return notModified(etag);
        }
        List<ManifestFile> listed = files.entries().entrySet().stream().map(e -> {
            TiledExportService.MapFile map = files.maps().get(e.getKey());
            return new ManifestFile(e.getKey(), e.getValue().length, digests.get(e.getKey()),
                    map == null ? null : map.mapId(), map == null ? null : map.version());
        }).toList();
        return ResponseEntity.ok().eTag(etag).cacheControl(CacheControl.noCache())
                .body(new Manifest(id, directory.project(id).orElseThrow().name(), listed, catalogue.duplicateNames(id)
                        .entrySet().stream().map(d -> new DuplicateName(d.getKey(), d.getValue())).toList()));
    }

    /** Formats a project's maps may be written in ({@code format=}); without one each is in the format it came by. */
    static final List<String> FORMATS = List.of("tmx", "tmj");

    private TiledExportService.ProjectFiles files(long id, String format) {
        if (format != null && !FORMATS.contains(format)) {
            throw Refused.invalidField("format", "A project's maps are written as tmx or tmj (or, without format, each "
                    + "as it came in), not '" + format + "'.");
        }
        String name = directory.project(id).orElseThrow(() -> Refused.notFound("Project", id)).name();
        List<Long> mapIds = catalogue.list(List.of(id)).stream().map(MapCatalogue.MapEntitySummary::id).toList();
        List<WorldJson> inWorlds = worlds.list(Set.of(id), null).stream().map(w -> worlds.get(w.id())).toList();
        return lanes.run(Lanes.Lane.EXPORT, () -> exports.projectFiles(id, name, mapIds, inWorlds, format));
    }

    private static <T> ResponseEntity<T> notModified(String etag) {
        return ResponseEntity.status(HttpStatus.NOT_MODIFIED).eTag(etag).cacheControl(CacheControl.noCache()).build();
    }

    /** Each file's SHA-256, in the zip's order. */
    private static Map<String, String> digests(Map<String, byte[]> entries) {
        Map<String, String> digests = new LinkedHashMap<>();
        entries.forEach((path, bytes) -> digests.put(path, Sha256.hex(bytes)));
        return digests;
    }

    /** A digest of the files (each path with its bytes' digest, in order): the same files, the same ETag. */
    private static String etag(Map<String, String> digests) {
        StringBuilder listed = new StringBuilder();
        digests.forEach((path, sha) -> listed.append(path).append('\0').append(sha).append('\n'));
        return "\"" + Sha256.hex(listed.toString().getBytes(StandardCharsets.UTF_8)).substring(0, 32) + "\"";
    }
}
