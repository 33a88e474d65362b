package dev.tilewright.tiled;

import dev.tilewright.core.model.CustomTypes;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.format.Formats;
import dev.tilewright.format.IntGridFiles;
import dev.tilewright.format.MapFormat;
import dev.tilewright.format.TiledFiles;
import dev.tilewright.format.TiledMap;
import dev.tilewright.format.TiledProject;
import dev.tilewright.format.TiledTemplate;
import dev.tilewright.format.TiledTileset;
import dev.tilewright.format.TilesetFormat;
import dev.tilewright.format.TmxWriter;
import dev.tilewright.map.MapCatalogue;
import dev.tilewright.map.MapImages;
import dev.tilewright.tileset.StoredTileset;
import dev.tilewright.tileset.TilesetService;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The files of a zip of maps: each map at its path, the tilesets and images they use once each (a tileset two
 * maps use is written once; two that would go to one path with other content are told apart by name).
 */
final class ExportBundle {

    /** What a bundle Tiled opens as it is holds: a map as TMX (unless its path says otherwise), tilesets as TSX. */
    static final MapFormat MAP = Formats.map("tmx").orElseThrow();
    static final TilesetFormat TILESET = Formats.tileset("tsx").orElseThrow();
    /** The time every zip entry is stamped with (the earliest a zip can say), so exports are byte-stable. */
    private static final java.time.LocalDateTime FIXED_TIME = java.time.LocalDateTime.of(1980, 1, 1, 0, 0);

    private final TilesetService tilesets;
    private final MapImages mapImages;
    private final TemplateFiles templateFiles;
    /** The files, by path, in the order they go in the zip. */
    final Map<String, byte[]> entries = new LinkedHashMap<>();
    private final Set<String> names = new HashSet<>();
    /** Where each stored tileset was written, and what it was written as. */
    private final Map<Long, TiledTileset> written = new java.util.HashMap<>();

    ExportBundle(TilesetService tilesets, MapImages mapImages, TemplateFiles templateFiles) {
        this.tilesets = tilesets;
        this.mapImages = mapImages;
        this.templateFiles = templateFiles;
    }

    /** A map at {@code mapPath}, with the files it came in by ({@code files}; null: made here). */
    void add(long mapId, MapCatalogue.Files files, TileMap map, List<StoredTileset> used, String mapPath,
             TmxWriter.Options options) {
        entries.put(mapPath, null); // the map first in the zip, as Tiled's users expect to find it
        List<TiledTileset> out = new ArrayList<>();
        for (int i = 0; i < used.size(); i++) {
            MapTileset use = map.tilesets().get(i);
            TiledTileset as = written.get(used.get(i).id());
            if (as == null) {
                MapCatalogue.TilesetFile filed = files == null ? null : files.tileset(use.tilesetId()).orElse(null);
                as = tileset(used.get(i), filed, mapPath);
                if (as.source() != null) {
                    written.put(used.get(i).id(), as);
                }
            }
            out.add(new TiledTileset(use.firstGid(), as.source() == null ? null : TiledFiles.relative(mapPath, as.source()),
                    as.tileset(), null, Map.of(), as.templates()));
        }
        List<Layer> layers = map.layers();
        Map<String, byte[]> images = mapImages.all(mapId);
        if (files != null) {
            images.forEach((source, png) -> entries.put(TiledFiles.resolved(mapPath, source), png));
        } else {
            layers = layers.stream().map(l -> l instanceof ImageLayer picture && picture.image() != null
                    ? inImages(picture) : l).toList();
            images.forEach((source, png) -> entries.put(TiledFiles.resolved(mapPath, "images/"
                    + baseName(source)), png));
        }
        // its templates go beside it (as they came, or written from those made here), instances written against them
        Map<String, TiledTemplate> templates = TemplateExport.filled(templateFiles.all(TemplateFiles.Owner.MAP,
                mapId), mapPath, out);
        new java.util.TreeMap<>(templates).forEach((reference, template) -> entries.put(
                TiledFiles.resolved(mapPath, reference), template.bytes()));
        TiledMap written = tiled(map, out, layers).withTemplates(templates);
        // in the syntax of its path (a world's maps keep theirs: a .tmj stays JSON), TMX where it names none
        entries.put(mapPath, Formats.mapOf(mapPath).orElse(MAP).writeMap(written, options));
    }

    /**
     * Writes a tileset's files: as the import had it (at its path, or embedded in the map when it was: source
     * null), or under {@code tilesets/} when made here or when its path holds another tileset already.
     */
    private TiledTileset tileset(StoredTileset stored, MapCatalogue.TilesetFile filed, String mapPath) {
        Tileset tileset = stored.tileset();
        // the templates its tiles' collision shapes are instances of go beside it, the instances written against them
        Map<String, TiledTemplate> templates = templateFiles.all(TemplateFiles.Owner.TILESET, stored.id());
        String tsxPath = null;
        Tileset as = null;
        if (filed != null && imagesNamed(tileset)) {
            tsxPath = filed.path() == null ? null : TiledFiles.withEnding(filed.path(), TILESET.endings().get(0));
            as = tileset;
            if (tsxPath != null && !fits(tsxPath, TILESET.writeTileset(as, templates))) {
                as = null;
            }
        }
        if (as == null) {
            String name = unique(names, TiledFiles.safeName(tileset.name()));
            tsxPath = "tilesets/" + name + TILESET.endings().get(0);
            as = tileset.withImageSources(name + ".png", local -> name + "/" + local + ".png");
        }
        String imagesFrom = tsxPath == null ? mapPath : tsxPath;
        templates.forEach((reference, template) -> entries.put(TiledFiles.resolved(imagesFrom, reference),
                template.bytes()));
        if (tsxPath != null) {
            entries.put(tsxPath, TILESET.writeTileset(as, templates));
        }
        if (as.isCollection()) {
            as.tiles().forEach((local, data) -> entries.put(TiledFiles.resolved(imagesFrom,
                    data.image().source()), tilesets.tileImage(stored.id(), local)));
        } else {
            entries.put(TiledFiles.resolved(imagesFrom, as.imageSource()), tilesets.image(stored.id()));
        }
        return new TiledTileset(0, tsxPath, as, null, Map.of(), templates);
    }

    /** Whether {@code bytes} can go to {@code path}: nothing is there, or the same bytes. */
    private boolean fits(String path, byte[] bytes) {
        byte[] there = entries.get(path);
        return there == null || java.util.Arrays.equals(there, bytes);
    }

    /** The project's enums and classes, so Tiled opening the folder as a project knows them. */
    void withTypes(CustomTypes types, String base) {
        if (!types.isEmpty()) {
            entries.put(base + TiledProject.ENDING, TiledProject.write(types));
        }
    }

    /** The files as a zip, in their order, each stamped with the same time. */
    byte[] zip() {
        return zip(entries);
    }

    static TiledMap tiled(TileMap map, List<TiledTileset> tilesetsAs, List<Layer> layers) {
        return new TiledMap(map.name(), map.width(), map.height(), map.tileWidth(), map.tileHeight(), map.offset(),
                map.backgroundColor(), map.properties(), tilesetsAs, IntGridFiles.forFile(layers), map.nextLayerId(),
                map.nextObjectId(), Map.of(), map.settings());
    }

    /** An image layer showing its image from {@code images/} (in the same group). */
    private static Layer inImages(ImageLayer picture) {
        ImageLayer.Image image = picture.image();
        ImageLayer moved = new ImageLayer(picture.id(), picture.attributes(), new ImageLayer.Image("images/"
                + baseName(image.source()), image.width(), image.height(), image.transparentColor(), image.repeatX(),
                image.repeatY()));
        moved.setParentId(picture.parentId());
        return moved;
    }

    /** Whether a tileset names its images as its file did (every stored tileset from an import does). */
    private static boolean imagesNamed(Tileset tileset) {
        try {
            if (tileset.isCollection()) {
                tileset.tiles().values().forEach(t -> TiledFiles.resolved("t.tsx", t.image().source()));
            } else {
                TiledFiles.resolved("t.tsx", tileset.imageSource());
            }
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    static byte[] zip(Map<String, byte[]> entries) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
                ZipEntry file = new ZipEntry(entry.getKey());
                // the same version, the same bytes: a repository that keeps exports sees a change only when a map has
                file.setTimeLocal(FIXED_TIME);
                zip.putNextEntry(file);
                zip.write(entry.getValue());
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static String unique(Set<String> taken, String name) {
        String candidate = name;
        for (int n = 2; !taken.add(candidate); n++) {
            candidate = name + "-" + n;
        }
        return candidate;
    }

    private static String baseName(String path) {
        return TiledFiles.safeName(path.substring(path.replace('\\', '/').lastIndexOf('/') + 1));
    }
}
