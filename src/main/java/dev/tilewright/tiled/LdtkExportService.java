package dev.tilewright.tiled;

import dev.tilewright.autotile.LdtkDefinitions;
import dev.tilewright.autotile.Rules;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.config.LimitsProperties;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.format.TiledFiles;
import dev.tilewright.format.Warnings;
import dev.tilewright.format.ldtk.LdtkAutoTiles;
import dev.tilewright.format.ldtk.LdtkFromTiled;
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
 * Writes a world as an LDtk project: a zip of the {@code .ldtk} (every map a level at its place; see {@link LdtkWriter}),
 * the atlases at the paths the project names them by, and the export report ({@value #REPORT}: what LDtk cannot hold
 * and how it was written). A world whose maps came from an LDtk project is written as that project (its definitions,
 * auto-layers baked by LDtk's rules from the grids as they are now); one whose maps did not gets definitions made for
 * it ({@link LdtkFromTiled}).
 */
@Service
public class LdtkExportService {

    /** The export report's name in the zip. */
    public static final String REPORT = "ldtk-export-report.json";

    private final MapHistory maps;
    private final TilesetService tilesets;
    private final LdtkDefinitions definitions;
    private final JsonMapper json;
    private final Rules rules;
    private final LimitsProperties limits;

    LdtkExportService(MapHistory maps, TilesetService tilesets, LdtkDefinitions definitions, JsonMapper json,
                      Rules rules, LimitsProperties limits) {
        this.rules = rules;
        this.limits = limits;
        this.maps = maps;
        this.tilesets = tilesets;
        this.definitions = definitions;
        this.json = json;
    }

    /** The report: each thing LDtk cannot hold, where and how it was written. */
    record Report(String file, List<Warnings.Warning> written) {
    }

    /** Refuses, before any of it is written, an export whose JSON would pass max-export-work-bytes. */
    private void checkWork(WorldJson world, LdtkProject definitions, List<LdtkWriter.Level> levels) {
        long bytes = LdtkWriter.workBytes(definitions, levels);
        if (bytes > limits.maxExportWorkBytes()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-export-work-bytes",
                    limits.maxExportWorkBytes(), "Writing world " + world.id() + " as an LDtk project holds about "
                            + (bytes >> 20) + " MiB of JSON (LDtk writes every cell and tile); export fewer or smaller "
                            + "maps, or to Tiled's formats (format=zip)").with("field", "format");
        }
    }

    public TiledExportService.Export exportWorld(WorldJson world) {
        Map<String, byte[]> entries = entries(world);
        String base = baseOf(world);
        return new TiledExportService.Export(ExportBundle.zip(entries), "application/zip", base + "-ldtk.zip", 0);
    }

    private static String baseOf(WorldJson world) {
        return TiledFiles.safeName(TiledFiles.withEnding(world.fileName().substring(
                world.fileName().lastIndexOf('/') + 1), ""));
    }

    /** What a project's map said when its world could not be written, or why a map was left out. */
    record Skipped(String world, String why) {
    }

    /**
     * A project's worlds as LDtk projects, each in a folder of its name: its .ldtk, atlases and report; a world LDtk
     * cannot hold (mixing maps of an LDtk project with others, a map not orthogonal) and the maps in no world are
     * named in the zip's {@value #REPORT}.
     */
    public TiledExportService.Export exportProject(String name, List<WorldJson> worlds, List<String> unplaced) {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        List<Skipped> skipped = new ArrayList<>();
        java.util.Set<String> folders = new java.util.HashSet<>();
        for (WorldJson world : worlds) {
            String folder = baseOf(world);
            for (int n = 2; !folders.add(folder); n++) {
                folder = baseOf(world) + "-" + n;
            }
            try {
                for (Map.Entry<String, byte[]> e : entries(world).entrySet()) {
                    entries.put(folder + "/" + e.getKey(), e.getValue());
                }
            } catch (Refused refused) {
                if (refused.refusal().kind() != dev.tilewright.core.refusal.Refusal.Kind.INVALID) {
                    throw refused;
                }
                skipped.add(new Skipped(world.name(), refused.refusal().detail()));
            }
        }
        unplaced.forEach(map -> skipped.add(new Skipped(null, "map '" + map + "' is in no world: an LDtk project is a "
                + "world of levels (place it in one)")));
        entries.put(REPORT, json.writerWithDefaultPrettyPrinter().writeValueAsBytes(Map.of("skipped", skipped)));
        return new TiledExportService.Export(ExportBundle.zip(entries), "application/zip",
                TiledFiles.safeName(name) + "-ldtk.zip", 0);
    }

    private Map<String, byte[]> entries(WorldJson world) {
        List<LdtkWriter.Level> levels = new ArrayList<>();
        java.util.Set<Long> from = new java.util.HashSet<>();
        Map<Long, Tileset> used = new LinkedHashMap<>();
        for (WorldJson.Placed placed : world.maps()) {
            TileMap map = maps.snapshot(placed.mapId(), null).map();
            from.add(LdtkAutoTiles.definitions(map));
            for (MapTileset t : map.tilesets()) {
                used.computeIfAbsent(t.tilesetId(), id -> tilesets.get(id).tileset());
            }
            levels.add(new LdtkWriter.Level(placed.mapId(), map, placed.x(), placed.y()));
        }
        if (levels.isEmpty()) {
            throw Refused.invalidField("format", "World " + world.id() + " has no maps to write as LDtk levels.");
        }
        if (from.size() > 1) {
            throw Refused.invalidField("format", "World " + world.id() + " mixes maps of " + (from.contains(null)
                    ? "an LDtk project and maps that are not" : "several LDtk projects") + "; an LDtk export writes "
                    + "the maps of one imported LDtk project, or maps none of which came from LDtk.");
        }
        Long named = from.iterator().next();
        Warnings warnings = new Warnings();
        byte[] file;
        if (named == null) {
            List<LdtkFromTiled.Value> values = rules.of(world.projectId()).values().stream()
                    .map(v -> new LdtkFromTiled.Value(v.value(), v.name(), v.color())).toList();
            LdtkFromTiled.Made made;
            try {
                made = LdtkFromTiled.define(world.name(), levels, used, values, warnings);
            } catch (dev.tilewright.format.TiledFormatException refused) {
                throw Refused.invalidField("format", refused.getMessage());
            }
            List<LdtkWriter.Level> assigned = levels.stream().map(l -> new LdtkWriter.Level(l.mapId(), l.map(),
                    l.worldX(), l.worldY(), made.layerDefs().get(l.mapId()))).toList();
            checkWork(world, made.definitions(), assigned);
            file = LdtkWriter.write(made, assigned, used, warnings);
        } else {
            LdtkProject project = definitions.get(world.projectId(), named);
            if (project == null) {
                throw Refused.invalidField("format", "The LDtk definitions world " + world.id() + "'s maps name are "
                        + "not in its project; import the LDtk project into this project again.");
            }
            checkWork(world, project, levels);
            file = LdtkWriter.write(project, levels, used, warnings);
        }
        String base = baseOf(world);
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put(base + ".ldtk", file);
        for (Map.Entry<Long, Tileset> tileset : used.entrySet()) {
            String source = tileset.getValue().imageSource();
            if (source != null && !entries.containsKey(TiledFiles.resolved(base + ".ldtk", source))) {
                entries.put(TiledFiles.resolved(base + ".ldtk", source), tilesets.image(tileset.getKey()));
            }
        }
        entries.put(REPORT, json.writerWithDefaultPrettyPrinter().writeValueAsBytes(new Report(base + ".ldtk",
                warnings.list())));
        return entries;
    }
}
