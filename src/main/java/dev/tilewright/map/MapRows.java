package dev.tilewright.map;

import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/** The few columns of a map's row the edit path reads and writes by plain JDBC; an unknown map is a 404. */
@Component
class MapRows {

    private final JdbcTemplate jdbc;

    MapRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The map's current version (its log's length). */
    long version(long mapId) {
        return column(mapId, "SELECT version FROM maps WHERE id = ?", Long.class);
    }

    /** The map's version, its row locked until the transaction ends: one total order of changes per map. */
    long lockVersion(long mapId) {
        return column(mapId, "SELECT version FROM maps WHERE id = ? FOR UPDATE", Long.class);
    }

    /** The project the map belongs to. */
    long project(long mapId) {
        return column(mapId, "SELECT project_id FROM maps WHERE id = ?", Long.class);
    }

    /** The version the map's stored rows (chunks, objects, ...) reflect; the log holds the ops after it. */
    long storedVersion(long mapId) {
        return column(mapId, "SELECT stored_version FROM maps WHERE id = ?", Long.class);
    }

    /** The map as created, as JSON ({@link MapCatalogue.Genesis}). */
    String genesis(long mapId) {
        return column(mapId, "SELECT genesis FROM maps WHERE id = ?", String.class);
    }

    /** The first key of the advisory lock on a project's map names (the second is the project's id). */
    private static final int NAMES_LOCK = 0x4E414D45;

    /**
     * Takes a name for a map of a project, or refuses it (409, field {@code name}) when another map of the project has
     * it already, whatever its case (a project's maps become files of one folder, and some file systems do not tell
     * {@code Desert.tmx} from {@code desert.tmx}). The project's names stay locked until the transaction ends, so two
     * maps cannot take one name at once.
     *
     * @param mapId the map taking it (its own name is no conflict), or null for a map being made
     */
    void claimName(long projectId, String name, Long mapId) {
        jdbc.query("SELECT pg_advisory_xact_lock(?, ?)", rs -> {
        }, NAMES_LOCK, (int) (projectId ^ projectId >>> 32));
        List<Long> taken = jdbc.queryForList("SELECT id FROM maps WHERE project_id = ? AND lower(name) = lower(?) "
                + "AND id <> ? ORDER BY id LIMIT 1", Long.class, projectId, name, mapId == null ? -1L : mapId);
        if (!taken.isEmpty()) {
            throw Refused.of(Refusal.Kind.CONFLICT, "Map name taken", "This project already has a map named '"
                    + name + "' (map " + taken.get(0) + "); map names are unique in a project, whatever their case. "
                    + "Give this one another name (an import takes it from the file's name), or rename or delete map "
                    + taken.get(0) + " first.").with("field", "name").with("mapId", taken.get(0));
        }
    }

    /** Names two or more maps of a project have (made before names were unique), each with their ids. */
    Map<String, List<Long>> duplicateNames(long projectId) {
        Map<String, List<Long>> found = new TreeMap<>();
        jdbc.query("SELECT m.id, m.name FROM maps m JOIN (SELECT lower(name) AS key FROM maps WHERE project_id = ? "
                + "GROUP BY lower(name) HAVING count(*) > 1) d ON lower(m.name) = d.key WHERE m.project_id = ? "
                + "ORDER BY m.id", rs -> {
            found.computeIfAbsent(rs.getString("name").toLowerCase(java.util.Locale.ROOT), k -> new ArrayList<>())
                    .add(rs.getLong("id"));
        }, projectId, projectId);
        return found;
    }

    /** The map's row takes its new name with the op that gave it (other names are checked against it at once). */
    static SqlStep renaming(long mapId, String name) {
        return SqlStep.of("UPDATE maps SET name = ? WHERE id = ?", name, mapId);
    }

    /** Moves the map's version on without writing its rows back (they run behind the log). */
    static SqlStep advancing(long mapId, long version) {
        return SqlStep.of("UPDATE maps SET version = ?, updated_at = now() WHERE id = ?", version, mapId);
    }

    private <T> T column(long mapId, String sql, Class<T> type) {
        try {
            return Objects.requireNonNull(jdbc.queryForObject(sql, type, mapId));
        } catch (EmptyResultDataAccessException e) {
            throw Refused.notFound("Map", mapId);
        }
    }
}
