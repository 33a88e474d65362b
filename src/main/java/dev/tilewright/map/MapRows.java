package dev.tilewright.map;

import dev.tilewright.core.refusal.Refused;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.Objects;

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
