package dev.tilewright.world;

import dev.tilewright.config.LimitsProperties;
import dev.tilewright.format.TiledFiles;
import dev.tilewright.format.TiledWorld;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.core.geom.PixelBox;
import dev.tilewright.core.model.MapSettings;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.json.JsonMapper;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Worlds: maps of one project placed in one pixel space (Tiled's {@code .world}). A world holds places, not maps: a
 * map deleted leaves its world, a world deleted leaves its maps.
 */
@Service
public class Worlds {

    /**
     * A map to place: where its top-left corner goes, its file name relative to the world file (null: its name as a
     * file name), how it was placed.
     */
    public record Place(long mapId, int x, int y, String fileName, boolean byPattern) {
    }

    /** A new world: its project, name, the path its file goes to in an export, and Tiled's world settings. */
    public record NewWorld(long projectId, String name, String fileName, boolean onlyShowAdjacentMaps,
                           List<TiledWorld.Pattern> patterns, List<Place> places) {
    }

    private final JdbcTemplate jdbc;
    private final LimitsProperties limits;
    private final JsonMapper json;

    Worlds(JdbcTemplate jdbc, LimitsProperties limits, JsonMapper json) {
        this.json = json;
        this.jdbc = jdbc;
        this.limits = limits;
    }

    /** Makes a world of maps of its project; refused whole (422) when a map is not the project's or placed twice. */
    @Transactional
    public long create(NewWorld world) {
        checkCount(world.places().size());
        if (world.name() == null || world.name().isBlank() || world.name().length() > 200) {
            throw Refused.invalidField("name", "A world needs a name of 1 to 200 characters.");
        }
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < world.places().size(); i++) {
            Place place = world.places().get(i);
            if (!seen.add(place.mapId())) {
                throw Refused.invalidField("maps[" + i + "].mapId", "Map " + place.mapId()
                        + " is placed twice; a map has one place in a world.");
            }
            checkMapOf(world.projectId(), place.mapId(), "maps[" + i + "].mapId");
        }
        long id = jdbc.queryForObject("INSERT INTO worlds (project_id, name, file_name, only_show_adjacent, patterns) "
                        + "VALUES (?, ?, ?, ?, ?) RETURNING id", Long.class, world.projectId(), world.name(),
                world.fileName(), world.onlyShowAdjacentMaps(),
                world.patterns().isEmpty() ? null : TiledWorld.patternsJson(world.patterns()));
        List<Object[]> rows = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < world.places().size(); i++) {
            Place place = world.places().get(i);
            String fileName = place.fileName() != null ? place.fileName() : fileNameFor(jdbc.queryForObject(
                    "SELECT name FROM maps WHERE id = ?", String.class, place.mapId()), names);
            names.add(fileName);
            rows.add(new Object[]{id, place.mapId(), i, place.x(), place.y(), fileName, place.byPattern()});
        }
        jdbc.batchUpdate("INSERT INTO world_maps (world_id, map_id, position, x, y, file_name, by_pattern) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?)", rows);
        return id;
    }

    /** The world with its maps in drawing order, each with its pixel size as the map is now. */
    public WorldJson get(long worldId) {
        List<WorldJson> found = jdbc.query("SELECT id, project_id, name, file_name, only_show_adjacent, patterns "
                + "FROM worlds WHERE id = ?", (rs, row) -> new WorldJson(rs.getLong(1), rs.getLong(2),
                rs.getString(3), rs.getString(4), rs.getBoolean(5), TiledWorld.patternsOf(rs.getString(6)),
                List.of(), null), worldId);
        if (found.isEmpty()) {
            throw Refused.notFound("World", worldId);
        }
        // a map's size in the world is its pixel bounds (an isometric or hexagonal map's are not width x tile width)
        List<WorldJson.Placed> maps = jdbc.query("SELECT m.id, m.name, w.x, w.y, m.width, m.height, m.tile_width, "
                        + "m.tile_height, m.settings, w.file_name, w.by_pattern FROM world_maps w JOIN maps m "
                        + "ON m.id = w.map_id WHERE w.world_id = ? ORDER BY w.position, m.id",
                (rs, row) -> {
                    String settings = rs.getString(9);
                    MapSettings read = settings == null ? MapSettings.DEFAULT : json.readValue(settings, MapSettings.class);
                    PixelBox bounds = read.projection(rs.getInt(7), rs.getInt(8), rs.getInt(5), rs.getInt(6))
                            .bounds(rs.getInt(5), rs.getInt(6));
                    return new WorldJson.Placed(rs.getLong(1), rs.getString(2), rs.getInt(3), rs.getInt(4),
                            Math.toIntExact(bounds.width()), Math.toIntExact(bounds.height()), rs.getString(10),
                            rs.getBoolean(11));
                }, worldId);
        return found.get(0).withMaps(maps);
    }

    /** The worlds of some projects, or those that place one map, without their maps' list. */
    public List<WorldJson.Summary> list(Set<Long> projects, Long mapId) {
        if (projects.isEmpty()) {
            return List.of();
        }
        String in = String.join(",", projects.stream().map(String::valueOf).toList());
        String sql = "SELECT w.id, w.project_id, w.name, (SELECT count(*) FROM world_maps c WHERE c.world_id = w.id) "
                + "FROM worlds w WHERE w.project_id IN (" + in + ")"
                + (mapId == null ? "" : " AND EXISTS (SELECT 1 FROM world_maps p WHERE p.world_id = w.id AND p.map_id = ?)")
                + " ORDER BY w.id";
        org.springframework.jdbc.core.RowMapper<WorldJson.Summary> row = (rs, n) -> new WorldJson.Summary(
                rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getInt(4));
        return mapId == null ? jdbc.query(sql, row) : jdbc.query(sql, row, mapId);
    }

    /**
     * Places a map of the world's project (moves it when it is placed already). A map a pattern placed and that moves
     * is listed by name from then on, under a file name no pattern matches (or Tiled would place it twice).
     */
    @Transactional
    public void place(long worldId, long mapId, int x, int y) {
        long project = jdbc.queryForObject("SELECT project_id FROM worlds WHERE id = ? FOR UPDATE", Long.class, worldId);
        checkMapOf(project, mapId, "mapId");
        List<Boolean> byPattern = jdbc.queryForList("SELECT by_pattern FROM world_maps WHERE world_id = ? AND "
                + "map_id = ? AND (x <> ? OR y <> ?)", Boolean.class, worldId, mapId, x, y);
        if (!byPattern.isEmpty() && byPattern.get(0)) {
            List<TiledWorld.Pattern> patterns = TiledWorld.patternsOf(jdbc.queryForObject(
                    "SELECT patterns FROM worlds WHERE id = ?", String.class, worldId));
            Set<String> taken = new HashSet<>(jdbc.queryForList("SELECT file_name FROM world_maps WHERE world_id = ?",
                    String.class, worldId));
            String name = fileNameFor(jdbc.queryForObject("SELECT name FROM maps WHERE id = ?", String.class, mapId)
                    + "-placed", taken);
            // a pattern may match every name (two empty groups): then a few tries, and the name as it is
            for (int tries = 0; tries < 8 && TiledWorld.matchesAny(patterns, name, limits.maxWorldPatternSteps()); tries++) {
                taken.add(name);
                name = fileNameFor("placed-" + name.replace(".tmx", ""), taken);
            }
            jdbc.update("UPDATE world_maps SET by_pattern = false, file_name = ? WHERE world_id = ? AND map_id = ?",
                    name, worldId, mapId);
        }
        int moved = jdbc.update("UPDATE world_maps SET x = ?, y = ? WHERE world_id = ? AND map_id = ?", x, y, worldId,
                mapId);
        if (moved == 0) {
            int count = jdbc.queryForObject("SELECT count(*) FROM world_maps WHERE world_id = ?", Integer.class, worldId);
            checkCount(count + 1);
            String name = jdbc.queryForObject("SELECT name FROM maps WHERE id = ?", String.class, mapId);
            jdbc.update("INSERT INTO world_maps (world_id, map_id, position, x, y, file_name) VALUES (?, ?, "
                            + "(SELECT coalesce(max(position) + 1, 0) FROM world_maps WHERE world_id = ?), ?, ?, ?)",
                    worldId, mapId, worldId, x, y, uniqueFileName(worldId, name));
        }
    }

    /** Takes a map out of the world (the map stays); whether it was there. */
    public boolean remove(long worldId, long mapId) {
        return jdbc.update("DELETE FROM world_maps WHERE world_id = ? AND map_id = ?", worldId, mapId) > 0;
    }

    /** Deletes the world (its maps stay). */
    public void delete(long worldId) {
        jdbc.update("DELETE FROM worlds WHERE id = ?", worldId);
    }

    /** A map file name for a map placed here: its name made a file name, numbered when the world has it already. */
    private String uniqueFileName(long worldId, String mapName) {
        Set<String> taken = new HashSet<>(jdbc.queryForList("SELECT file_name FROM world_maps WHERE world_id = ?",
                String.class, worldId));
        return fileNameFor(mapName, taken);
    }

    /** {@code <name>.tmx}, or {@code <name>-2.tmx} and on when taken (the name made safe for a file). */
    static String fileNameFor(String mapName, Set<String> taken) {
        String base = TiledFiles.safeName(mapName);
        String candidate = base + ".tmx";
        for (int n = 2; taken.contains(candidate); n++) {
            candidate = base + "-" + n + ".tmx";
        }
        return candidate;
    }

    private void checkMapOf(long projectId, long mapId, String field) {
        List<Long> project = jdbc.queryForList("SELECT project_id FROM maps WHERE id = ?", Long.class, mapId);
        if (project.isEmpty() || project.get(0) != projectId) {
            throw Refused.invalidField(field, "Map " + mapId + " is not a map of the world's project "
                    + projectId + "; a world places maps of its own project.");
        }
    }

    private void checkCount(int maps) {
        if (maps > limits.maxWorldMaps()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-world-maps",
                    limits.maxWorldMaps(), "The world would place " + maps + " maps").with("field", "maps");
        }
    }
}
