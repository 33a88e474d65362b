package dev.tilewright.tiled;

import dev.tilewright.core.edit.Become;
import dev.tilewright.map.Author;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.format.Formats;
import dev.tilewright.format.MapFormat;
import dev.tilewright.format.TiledFiles;
import dev.tilewright.format.TiledMap;
import dev.tilewright.format.TiledTileset;
import dev.tilewright.format.Warnings;
import dev.tilewright.map.MapEdits;
import dev.tilewright.map.MapHistory;
import dev.tilewright.map.MapImages;
import dev.tilewright.map.MapReads;
import dev.tilewright.map.Versioned;
import dev.tilewright.tileset.StoredTileset;
import dev.tilewright.tileset.TilesetService;
import dev.tilewright.web.ETags;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A map's next version from files (a Tiled map and what it references, as an import takes them): what the file
 * holds becomes the map's content with one op ({@link Become}), through the edit path, with the message as the
 * version's note. A tileset the file uses at the map's first gid and equal to the map's stays the map's; another is
 * stored as a new tileset of the project. What a Tiled file does not hold (the collision grid's settings and
 * overrides) stays as the map has it; what no op changes (the size, the tile size) is refused, naming it.
 */
@Service
public class MapPushes {

    /** The longest message a version keeps. */
    static final int MAX_MESSAGE = 1000;

    private final TiledImportService imports;
    private final TilesetService tilesets;
    private final MapHistory history;
    private final MapReads reads;
    private final MapEdits edits;
    private final MapImages mapImages;
    private final TransactionTemplate tx;

    MapPushes(TiledImportService imports, TilesetService tilesets, MapHistory history, MapReads reads, MapEdits edits,
              MapImages mapImages, TransactionTemplate tx) {
        this.imports = imports;
        this.tilesets = tilesets;
        this.history = history;
        this.reads = reads;
        this.edits = edits;
        this.mapImages = mapImages;
        this.tx = tx;
    }

    /**
     * What a push did: the map's version after it, whether it made one, the ops of its one op, and what the file
     * holds that the map keeps as it was (or could not keep).
     */
    public record Pushed(long version, boolean changed, int ops, List<Warnings.Warning> warnings) {
    }

    public Pushed push(long mapId, Map<String, byte[]> uploaded, String chosen, String message, String ifMatch,
                       Author author) {
        if (message != null && message.length() > MAX_MESSAGE) {
            throw Refused.invalidField("message", "A version's message is at most " + MAX_MESSAGE + " characters.");
        }
        long project = reads.project(mapId);
        TiledFiles files = imports.checkedFiles(uploaded, project);
        String mapFile = MapChoice.of(files, chosen);
        MapFormat format = Formats.mapOf(mapFile).orElseThrow(() -> Refused.invalidField("files[" + mapFile + "]",
                "This is not a map file: a map is " + String.join(", ", Formats.mapEndings()) + " or .json."));
        Warnings warnings = new Warnings();
        TiledMap read = imports.read(() -> format.readMap(files, mapFile, imports.readLimits(), warnings, false)).map();
        read.tilesets().forEach(imports::checkImages);
        read.images().forEach((source, png) -> tilesets.checkImage(png, "files[" + source + "]"));
        Versioned current = history.snapshot(mapId, null);
        ETags.requireMatch(ifMatch, current.version());
        return tx.execute(status -> {
            TileMap target = target(project, current.map(), read);
            Become.Result become = Become.of(current.map(), target);
            if (!become.refused().isEmpty()) {
                throw Refused.invalidField("files[" + mapFile + "]", "A push changes a map's layers, cells, objects, "
                        + "properties and tilesets; " + mapFile + " also changes " + String.join(", ",
                        become.refused()) + ", which a push keeps as they are: push a file that keeps them, or import it "
                        + "as a new map.");
            }
            become.kept().forEach(what -> warnings.add("", what + " differ in the file; the map keeps its own"));
            mapImages.store(mapId, read.images());
            if (become.op().ops().isEmpty()) {
                return new Pushed(current.version(), false, 0, warnings.list());
            }
            MapEdits.Done done = edits.apply(mapId, v -> ETags.requireMatch(ifMatch == null
                    ? "\"" + current.version() + "\"" : ifMatch, v), null, null, become.op(), author,
                    message == null || message.isBlank() ? "pushed " + mapFile : message.strip()).done();
            return new Pushed(done.version(), true, become.op().opCount(), warnings.list());
        });
    }

    /**
     * The map as the file holds it, in the map's terms: its name, its tilesets where the file uses the same at the same
     * first gid (others stored as the project's), its collision grid's settings and overrides.
     */
    private TileMap target(long project, TileMap map, TiledMap read) {
        List<MapTileset> uses = new ArrayList<>();
        for (TiledTileset tileset : read.tilesets()) {
            Long same = null;
            for (MapTileset used : map.tilesets()) {
                if (used.firstGid() == tileset.firstGid() && used.tileCount() == tileset.tileset().tileCount()
                        && tilesets.get(used.tilesetId()).tileset().equals(tileset.tileset())) {
                    same = used.tilesetId();
                }
            }
            if (same == null) {
                StoredTileset stored = tilesets.store(project, tileset.tileset(), tileset.atlas(), tileset.tileImages());
                same = stored.id();
            }
            uses.add(new MapTileset(same, tileset.firstGid(), tileset.tileset().tileCount()));
        }
        TileMap target = new TileMap(map.name(), read.width(), read.height(), read.tileWidth(), read.tileHeight(),
                read.offset(), read.backgroundColor(), uses, read.properties(), read.nextLayerId(), read.nextObjectId());
        target.setSettings(read.settings());
        for (Layer layer : read.layers()) {
            target.insertLayer(target.layers().size(), layer);
        }
        // a Tiled file holds none of Tilewright's collision grid: the map's stays
        target.setGridSettings(map.gridSettings());
        map.gridOverrides().forEach((x, y, sides) -> target.gridOverrides().set(x, y, sides));
        return target;
    }
}
