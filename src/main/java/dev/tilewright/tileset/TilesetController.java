package dev.tilewright.tileset;

import dev.tilewright.access.Access;
import dev.tilewright.access.Caller;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;

import dev.tilewright.core.model.Property;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;

@RestController
@RequestMapping("/api/v1/tilesets")
class TilesetController {

    private final TilesetService service;
    private final Access access;

    TilesetController(TilesetService service, Access access) {
        this.service = service;
        this.access = access;
    }

    @PostMapping(consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    @Requires(value = Action.EDIT, on = Requires.On.CALLER)
    ResponseEntity<TilesetJson> create(@RequestParam String name, @RequestParam int tileWidth,
                                       @RequestParam int tileHeight, @RequestParam(defaultValue = "0") int margin,
                                       @RequestParam(defaultValue = "0") int spacing,
                                       @RequestParam(required = false) String transparentColor,
                                       @RequestParam(required = false) Long projectId,
                                       @RequestPart("image") MultipartFile image, Caller caller)
            throws IOException {
        long project = access.projectToWrite(caller, projectId);
        service.checkImageSize(image.getSize(), "image");
        StoredTileset stored = service.create(new TilesetService.NewTileset(name, tileWidth, tileHeight, margin, spacing,
                transparentColor, image.getBytes(), project));
        return ResponseEntity.created(URI.create("/api/v1/tilesets/" + stored.id())).body(TilesetJson.of(stored));
    }

    @GetMapping
    @Requires(on = Requires.On.CALLER)
    List<TilesetJson> list(@RequestParam(required = false) Long projectId, Caller caller) {
        return service.list(access.visibleProjects(caller, projectId)).stream().map(TilesetJson::of).toList();
    }

    @GetMapping("/{id}")
    @Requires(on = Requires.On.TILESET)
    TilesetJson get(@PathVariable long id) {
        return TilesetJson.of(service.get(id));
    }

    /** Atlas images never change once uploaded, so clients may cache them for good. */
    @GetMapping(value = "/{id}/image", produces = MediaType.IMAGE_PNG_VALUE)
    @Requires(on = Requires.On.TILESET)
    ResponseEntity<byte[]> image(@PathVariable long id) {
        return ResponseEntity.ok()
                .cacheControl(CacheControl.maxAge(Duration.ofDays(365)).cachePrivate().immutable())
                .body(service.image(id));
    }

    @GetMapping(value = "/{id}/tiles/{localId}/image", produces = MediaType.IMAGE_PNG_VALUE)
    @Requires(on = Requires.On.TILESET)
    ResponseEntity<byte[]> tileImage(@PathVariable long id, @PathVariable int localId) {
        return ResponseEntity.ok()
                .cacheControl(CacheControl.maxAge(Duration.ofDays(365)).cachePrivate().immutable())
                .body(service.tileImage(id, localId));
    }

    record TilesetPatch(String name, List<Property> properties) {
    }

    @PatchMapping("/{id}")
    @Requires(value = Action.EDIT, on = Requires.On.TILESET)
    TilesetJson update(@PathVariable long id, @RequestBody TilesetPatch patch) {
        return TilesetJson.of(service.update(id, patch.name(), patch.properties()));
    }

    record TilePatch(Boolean solid, List<Property> properties) {
    }

    @PatchMapping("/{id}/tiles/{localId}")
    @Requires(value = Action.EDIT, on = Requires.On.TILESET)
    TilesetJson updateTile(@PathVariable long id, @PathVariable int localId, @RequestBody TilePatch patch) {
        return TilesetJson.of(service.updateTile(id, localId, patch.solid(), patch.properties()));
    }

    @DeleteMapping("/{id}")
    @Requires(value = Action.MAINTAIN, on = Requires.On.TILESET)
    ResponseEntity<Void> delete(@PathVariable long id) {
        service.delete(id);
        return ResponseEntity.noContent().build();
    }
}
