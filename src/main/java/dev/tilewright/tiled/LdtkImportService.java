package dev.tilewright.tiled;

import dev.tilewright.access.Projects;
import dev.tilewright.config.LimitsProperties;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.format.TiledFiles;
import dev.tilewright.format.Warnings;
import dev.tilewright.format.ldtk.LdtkMaps;
import dev.tilewright.format.ldtk.LdtkProject;
import dev.tilewright.map.Author;
import dev.tilewright.tileset.StoredTileset;
import dev.tilewright.world.Worlds;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Brings an LDtk project in: its {@code .ldtk} (with the {@code .ldtkl} files of levels kept apart, and the atlases
 * its tilesets use) becomes a world of maps in a Tilewright project, one map per level at its place in LDtk's world,
 * in one transaction (see {@link LdtkMaps} for what each LDtk layer becomes). What has no place is in the warnings.
 */
@Service
public class LdtkImportService {

    /** A project file's ending. */
    public static final String ENDING = ".ldtk";

    private final TiledImportService imports;
    private final Projects projects;
    private final Worlds worlds;
    private final LimitsProperties limits;

    LdtkImportService(TiledImportService imports, Projects projects, Worlds worlds, LimitsProperties limits) {
        this.imports = imports;
        this.projects = projects;
        this.worlds = worlds;
        this.limits = limits;
    }

    @Transactional
    public TiledImportService.Imported<Long> importProject(Map<String, byte[]> uploaded, Long projectId,
                                                           Author author) {
        long project = projects.resolve(projectId);
        TiledFiles files = imports.checkedFiles(uploaded, project);
        List<String> found = files.paths().stream().filter(p -> p.toLowerCase(java.util.Locale.ROOT)
                .endsWith(ENDING)).sorted().toList();
        if (found.size() != 1) {
            throw Refused.invalidField("files", "Send exactly one LDtk project (" + ENDING + ") with its level files "
                    + "(.ldtkl) and images; found " + found + ".");
        }
        String file = found.get(0);
        Warnings warnings = new Warnings();
        java.util.function.Function<String, byte[]> beside = relative -> {
            String path = TiledFiles.resolved(file, relative);
            return files.paths().contains(path) ? files.read(file, path) : null;
        };
        LdtkProject ldtk = imports.read(() -> LdtkProject.read(files.read(file, file), file, beside,
                limits.maxImportDecodedBytes() / Integer.BYTES));
        List<LdtkMaps.LevelMap> levels = imports.read(() -> LdtkMaps.convert(ldtk, file, beside,
                limits.maxMapWidth(), limits.maxMapHeight(), warnings));
        if (levels.isEmpty()) {
            throw Refused.invalidField("files", file + " holds no level.").with("file", file);
        }
        if (levels.size() > limits.maxWorldMaps()) {
            throw Refused.overLimit(dev.tilewright.core.refusal.Refusal.Kind.TOO_LARGE,
                    "tilewright.limits.max-world-maps", limits.maxWorldMaps(), file + " holds " + levels.size()
                            + " levels").with("field", "files").with("file", file);
        }
        Map<String, StoredTileset> shared = new HashMap<>();
        List<Worlds.Place> places = new ArrayList<>();
        long along = 0;
        String layout = ldtk.worldLayout() == null ? "Free" : ldtk.worldLayout();
        for (LdtkMaps.LevelMap level : levels) {
            String mapFile = level.name() + ".tmx";
            long mapId = imports.storeMap(level.map(), mapFile, "csv", project, author, shared);
            int width = level.map().width() * level.map().tileWidth();
            int height = level.map().height() * level.map().tileHeight();
            // LDtk lays linear worlds out one level after the other (their worldX/worldY are -1)
            int x = switch (layout) {
                case "LinearHorizontal" -> (int) along;
                case "LinearVertical" -> 0;
                default -> level.worldX();
            };
            int y = layout.equals("LinearVertical") ? (int) along : layout.equals("LinearHorizontal") ? 0
                    : level.worldY();
            along += layout.equals("LinearVertical") ? height : width;
            places.add(new Worlds.Place(mapId, x, y, mapFile, false));
        }
        long worldId = worlds.create(new Worlds.NewWorld(project, TiledFiles.baseName(file),
                TiledFiles.withEnding(file, ".world"), false, List.of(), places));
        return new TiledImportService.Imported<>(worldId, warnings.list());
    }
}
