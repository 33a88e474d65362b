package dev.tilewright.tiled;

import dev.tilewright.map.MapJson;
import dev.tilewright.map.MapService;
import dev.tilewright.tileset.StoredTileset;
import dev.tilewright.tileset.TilesetJson;
import dev.tilewright.web.ETags;
import org.springframework.http.MediaType;
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
    private final MapService maps;

    TiledController(TiledImportService imports, MapService maps) {
        this.imports = imports;
        this.maps = maps;
    }

    /** A .tmx or .tmj map and every file it references, each as a {@code files} part named by its path. */
    @PostMapping(value = "/api/v1/maps/import", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    ResponseEntity<MapJson> importMap(@RequestPart("files") List<MultipartFile> files) throws IOException {
        long id = imports.importMap(byPath(files));
        MapJson map = maps.read(id, (version, m) -> MapJson.of(id, version, m));
        return ResponseEntity.created(URI.create("/api/v1/maps/" + id)).eTag(ETags.of(map.version())).body(map);
    }

    @PostMapping(value = "/api/v1/tilesets/import", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    ResponseEntity<TilesetJson> importTileset(@RequestPart("files") List<MultipartFile> files) throws IOException {
        StoredTileset stored = imports.importTileset(byPath(files));
        return ResponseEntity.created(URI.create("/api/v1/tilesets/" + stored.id())).body(TilesetJson.of(stored));
    }

    static Map<String, byte[]> byPath(List<MultipartFile> files) throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        for (MultipartFile file : files) {
            String name = file.getOriginalFilename() == null || file.getOriginalFilename().isBlank()
                    ? file.getName() : file.getOriginalFilename();
            out.put(name, file.getBytes());
        }
        return out;
    }
}
