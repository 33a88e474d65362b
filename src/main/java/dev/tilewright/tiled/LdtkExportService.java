package dev.tilewright.tiled;

import dev.tilewright.autotile.LdtkDefinitions;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.format.TiledFiles;
import dev.tilewright.format.Warnings;
import dev.tilewright.format.ldtk.LdtkAutoTiles;
import dev.tilewright.format.ldtk.LdtkProject;
import dev.tilewright.format.ldtk.LdtkWriter;
import dev.tilewright.map.MapHistory;
import dev.tilewright.tileset.StoredTileset;
import dev.tilewright.tileset.TilesetService;
import dev.tilewright.world.WorldJson;
import org.springframework.stereotype.Service;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a world whose maps came from an LDtk project back as that project: a zip of the {@code .ldtk} (every map a
 * level at its place, auto-layers baked by LDtk's rules from the grids as they are now; see {@link LdtkWriter}), the
 * atlases at the paths the project names them by, and the export report ({@value #REPORT}: what LDtk cannot hold and
 * how it was written).
 */
@Service
public class LdtkExportService {

    /** The export report's name in the zip. */
    public static final String REPORT = "ldtk-export-report.json";

    private final MapHistory maps;
    private final TilesetService tilesets;
    private final LdtkDefinitions definitions;
    private final JsonMapper json;

    LdtkExportService(MapHistory maps, TilesetService tilesets, LdtkDefinitions definitions, JsonMapper json) {
        this.maps = maps;
        this.tilesets = tilesets;
        this.definitions = definitions;
        this.json = json;
    }

    /** The report: each thing LDtk cannot hold, where and how it was written. */
    record Report(String file, List<Warnings.Warning> written) {
    }

    public TiledExportService.Export exportWorld(WorldJson world) {
        List<LdtkWriter.Level> levels = new ArrayList<>();
        Long from = null;
        Map<Long, Tileset> used = new LinkedHashMap<>();
        for (WorldJson.Placed placed : world.maps()) {
            TileMap map = maps.snapshot(placed.mapId(), null).map();
            Long named = LdtkAutoTiles.definitions(map);
            if (named == null || from != null && !from.equals(named)) {
                throw Refused.invalidField("format", "Map '" + placed.name() + "' of world " + world.id()
                        + (named == null ? " did not come from an LDtk project" : " came from another LDtk project "
                        + "than the world's first map") + "; an LDtk export writes the maps of one imported LDtk "
                        + "project (export the others to Tiled's formats, format=zip).");
            }
            from = named;
            for (MapTileset t : map.tilesets()) {
                used.computeIfAbsent(t.tilesetId(), id -> tilesets.get(id).tileset());
            }
            levels.add(new LdtkWriter.Level(placed.mapId(), map, placed.x(), placed.y()));
        }
        if (from == null) {
            throw Refused.invalidField("format", "World " + world.id() + " has no maps to write as LDtk levels.");
        }
        LdtkProject project = definitions.get(world.projectId(), from);
        if (project == null) {
            throw Refused.invalidField("format", "The LDtk definitions world " + world.id() + "'s maps name are not in "
                    + "its project; import the LDtk project into this project again.");
        }
        String base = TiledFiles.safeName(TiledFiles.withEnding(world.fileName().substring(
                world.fileName().lastIndexOf('/') + 1), ""));
        Warnings warnings = new Warnings();
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put(base + ".ldtk", LdtkWriter.write(project, levels, used, warnings));
        for (Map.Entry<Long, Tileset> tileset : used.entrySet()) {
            String source = tileset.getValue().imageSource();
            if (source != null && !entries.containsKey(TiledFiles.resolved(base + ".ldtk", source))) {
                entries.put(TiledFiles.resolved(base + ".ldtk", source), tilesets.image(tileset.getKey()));
            }
        }
        entries.put(REPORT, json.writerWithDefaultPrettyPrinter().writeValueAsBytes(new Report(base + ".ldtk",
                warnings.list())));
        return new TiledExportService.Export(ExportBundle.zip(entries), "application/zip", base + "-ldtk.zip", 0);
    }
}
