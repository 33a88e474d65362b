package dev.tilewright.tiled;

import dev.tilewright.access.Directory;
import dev.tilewright.access.Requires;
import dev.tilewright.core.refusal.Refused;
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
import org.springframework.web.bind.annotation.RestController;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * A whole project as one zip (docs/tiled.md): what a CI job pulls. The same versions give the same bytes, and its
 * ETag is their digest, so a pull that finds nothing new is a 304 with no body.
 */
@RestController
class ProjectExportController {

    private final TiledExportService exports;
    private final MapCatalogue catalogue;
    private final Worlds worlds;
    private final Directory directory;
    private final Lanes lanes;

    ProjectExportController(TiledExportService exports, MapCatalogue catalogue, Worlds worlds, Directory directory,
                            Lanes lanes) {
        this.exports = exports;
        this.catalogue = catalogue;
        this.worlds = worlds;
        this.directory = directory;
        this.lanes = lanes;
    }

    @GetMapping("/api/v1/projects/{id}/export")
    @Requires(on = Requires.On.PROJECT)
    ResponseEntity<byte[]> export(@PathVariable long id,
                                  @RequestHeader(value = HttpHeaders.IF_NONE_MATCH, required = false) String ifNoneMatch) {
        String name = directory.project(id).orElseThrow(() -> Refused.notFound("Project", id)).name();
        List<Long> mapIds = catalogue.list(List.of(id)).stream().map(MapCatalogue.MapEntitySummary::id).toList();
        List<WorldJson> inWorlds = worlds.list(Set.of(id), null).stream().map(w -> worlds.get(w.id())).toList();
        TiledExportService.Export export = lanes.run(Lanes.Lane.EXPORT,
                () -> exports.exportProject(id, name, mapIds, inWorlds));
        String etag = "\"" + digest(export.body()) + "\"";
        if (ETags.noneMatchHits(ifNoneMatch, etag)) {
            return ResponseEntity.status(HttpStatus.NOT_MODIFIED).eTag(etag).cacheControl(CacheControl.noCache())
                    .build();
        }
        return TiledController.attachment(export).eTag(etag).cacheControl(CacheControl.noCache()).body(export.body());
    }

    private static String digest(byte[] body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
