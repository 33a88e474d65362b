package dev.tilewright.tiled;

import dev.tilewright.access.Projects;
import dev.tilewright.autotile.LdtkDefinitions;
import dev.tilewright.autotile.ProjectRules;
import dev.tilewright.autotile.Rules;
import dev.tilewright.core.autotile.IntGridValue;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.config.LimitsProperties;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.format.TiledFiles;
import dev.tilewright.format.Warnings;
import dev.tilewright.format.ldtk.LdtkMaps;
import dev.tilewright.format.ldtk.LdtkProject;
import dev.tilewright.format.ldtk.LdtkTypes;
import dev.tilewright.core.model.CustomType;
import dev.tilewright.core.model.CustomTypes;
import dev.tilewright.project.PropertyTypes;
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
 * in one transaction (see {@link LdtkMaps} for what each LDtk layer becomes). The project file without its levels is
 * kept ({@link LdtkDefinitions}): the maps' auto-layers follow edits by its rules. What has no place is in the
 * warnings.
 */
@Service
public class LdtkImportService {

    /** A project file's ending. */
    public static final String ENDING = ".ldtk";

    private final TiledImportService imports;
    private final Projects projects;
    private final Worlds worlds;
    private final LimitsProperties limits;
    private final Rules rules;
    private final LdtkDefinitions definitions;
    private final PropertyTypes propertyTypes;

    LdtkImportService(TiledImportService imports, Projects projects, Worlds worlds, LimitsProperties limits,
                      Rules rules, LdtkDefinitions definitions, PropertyTypes propertyTypes) {
        this.propertyTypes = propertyTypes;
        this.definitions = definitions;
        this.rules = rules;
        this.imports = imports;
        this.projects = projects;
        this.worlds = worlds;
        this.limits = limits;
    }

    @Transactional
    public TiledImportService.Imported<Long> importProject(Map<String, byte[]> uploaded, Long projectId,
                                                           Author author, String chosen) {
        long project = projects.resolve(projectId);
        TiledFiles files = imports.checkedFiles(uploaded, project);
        List<String> found = files.paths().stream().filter(p -> p.toLowerCase(java.util.Locale.ROOT)
                .endsWith(ENDING)).sorted().toList();
        String file = MapChoice.among(found, chosen, "LDtk projects", "Send an LDtk project (" + ENDING + ") with its "
                + "level files (.ldtkl) and images, in a folder or a zip; the upload holds " + files.paths().size()
                + " files and no project.");
        Warnings warnings = new Warnings();
        java.util.function.Function<String, byte[]> beside = relative -> {
            String path = TiledFiles.resolved(file, relative);
            return files.paths().contains(path) ? files.read(file, path) : null;
        };
        LdtkProject ldtk = imports.read(() -> LdtkProject.read(files.read(file, file), file, beside,
                limits.maxImportDecodedBytes() / Integer.BYTES));
        long definitions = this.definitions.store(project, file, ldtk);
        LdtkTypes types = LdtkTypes.of(ldtk, warnings);
        List<LdtkMaps.LevelMap> levels = imports.read(() -> LdtkMaps.convert(ldtk, file, beside,
                limits.maxMapWidth(), limits.maxMapHeight(), definitions, types, warnings));
        if (levels.isEmpty()) {
            throw Refused.invalidField("files", file + " holds no level.").with("file", file);
        }
        if (levels.size() > limits.maxWorldMaps()) {
            throw Refused.overLimit(dev.tilewright.core.refusal.Refusal.Kind.TOO_LARGE,
                    "tilewright.limits.max-world-maps", limits.maxWorldMaps(), file + " holds " + levels.size()
                            + " levels").with("field", "files").with("file", file);
        }
        keepValues(project, ldtk, warnings);
        keepTypes(project, types.types(), warnings);
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

    /**
     * The LDtk project's enums and entities become the project's property types where it has none of that name
     * (numbered after its own); one it defines otherwise is named in the warnings, its own definition kept.
     */
    private void keepTypes(long project, CustomTypes types, Warnings warnings) {
        int after = propertyTypes.of(project).all().stream().mapToInt(CustomType::id).max().orElse(0);
        List<CustomType> numbered = types.all().stream().map(t -> new CustomType(after + t.id(), t.name(), t.type(),
                t.storageType(), t.values(), t.valuesAsFlags(), t.color(), t.drawFill(), t.useAs(), t.members()))
                .toList();
        for (String name : propertyTypes.addNew(project, new CustomTypes(numbered))) {
            warnings.add("project.propertyTypes[" + name + "]", "the project defines this type otherwise; its own "
                    + "definition is kept (a maintainer can change it with PUT /api/v1/projects/" + project
                    + "/property-types)");
        }
    }

    /**
     * The IntGrid values of the project's IntGrid layers become the Tilewright project's (names and colours, which
     * the editor paints them in) where it has none of that number; LDtk names values per layer, a project once: a
     * number two layers name otherwise, or one the project names otherwise, is named in the warnings.
     */
    private void keepValues(long project, LdtkProject ldtk, Warnings warnings) {
        Map<Integer, IntGridValue> values = new java.util.LinkedHashMap<>();
        java.util.Set<String> names = new java.util.HashSet<>();
        Map<Integer, IntGridValue> current = new HashMap<>();
        rules.of(project).values().forEach(v -> {
            names.add(v.name().toLowerCase(java.util.Locale.ROOT));
            current.put(v.value(), v);
        });
        for (LdtkProject.LayerDef def : ldtk.layers()) {
            for (LdtkProject.IntGridValue v : def.values()) {
                if (v.value() > TileLayer.MAX_INTGRID_VALUE) {
                    continue;
                }
                String name = v.identifier() == null || v.identifier().isBlank() ? "value " + v.value()
                        : v.identifier().length() > 100 ? v.identifier().substring(0, 100) : v.identifier();
                IntGridValue known = values.containsKey(v.value()) ? values.get(v.value()) : current.get(v.value());
                if (known != null) {
                    if (!known.name().equals(name)) {
                        warnings.add("defs.layers[" + def.identifier() + "].intGridValues[" + v.value() + "]",
                                "layer '" + def.identifier() + "' calls value " + v.value() + " '" + name + "'; the "
                                        + "project keeps '" + known.name() + "' (a value has one name in a project; "
                                        + "a maintainer can change it with PUT /api/v1/projects/" + project
                                        + "/rules)");
                    }
                    continue;
                }
                String unique = name;
                // a name the project gives another number is made unique
                for (int n = 2; !names.add(unique.toLowerCase(java.util.Locale.ROOT)); n++) {
                    unique = name + " " + n;
                }
                values.put(v.value(), new IntGridValue(v.value(), unique, v.color().toLowerCase(java.util.Locale.ROOT)));
            }
        }
        rules.addNew(project, new ProjectRules(List.copyOf(values.values()), List.of()));
    }
}
