package dev.tilewright.autotile;

import dev.tilewright.format.ldtk.LdtkProject;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The LDtk projects brought into a Tilewright project, kept without their levels (what their levels' auto-layers
 * evaluate and what an export writes back); rows never change, so a few are kept read.
 */
@Service
public class LdtkDefinitions {

    private static final int KEPT = 8;

    private final JdbcTemplate jdbc;
    private final Map<Long, Read> read = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Read> eldest) {
            return size() > KEPT;
        }
    };

    private record Read(long project, LdtkProject definitions) {
    }

    LdtkDefinitions(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Keeps an imported project's file without its levels; its id, which the level maps name. */
    public long store(long project, String file, LdtkProject ldtk) {
        return jdbc.queryForObject("INSERT INTO ldtk_definitions (project_id, file, content) VALUES (?, ?, ?) "
                + "RETURNING id", Long.class, project, file, ldtk.withoutLevels());
    }

    /** The definitions of that id in the project; null when the project has none of that id. */
    public LdtkProject get(long project, long id) {
        synchronized (read) {
            Read kept = read.get(id);
            if (kept != null) {
                return kept.project() == project ? kept.definitions() : null;
            }
        }
        List<Map<String, Object>> rows = jdbc.queryForList("SELECT project_id, file, content FROM ldtk_definitions "
                + "WHERE id = ?", id);
        if (rows.isEmpty()) {
            return null;
        }
        long owner = ((Number) rows.get(0).get("project_id")).longValue();
        // no levels to hold: the cell budget is not spent
        LdtkProject definitions = LdtkProject.read((byte[]) rows.get(0).get("content"),
                (String) rows.get(0).get("file"), relative -> null, 0);
        synchronized (read) {
            read.put(id, new Read(owner, definitions));
        }
        return owner == project ? definitions : null;
    }
}
