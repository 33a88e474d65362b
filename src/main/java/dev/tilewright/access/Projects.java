package dev.tilewright.access;

import dev.tilewright.core.refusal.Refused;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * The projects maps and tilesets belong to. Until accounts exist everything made without naming a project goes to
 * the instance's default one (the project "Default" of the team "Default", made by migration V6).
 */
@Component
public class Projects {

    private final JdbcTemplate jdbc;

    Projects(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The project something new goes to: the one named, which must exist (404 otherwise), or the default project.
     */
    public long resolve(Long requested) {
        if (requested == null) {
            List<Long> ids = jdbc.queryForList("SELECT id FROM projects WHERE is_default", Long.class);
            if (ids.isEmpty()) {
                throw new IllegalStateException("the instance has no default project (migration V6 makes one)");
            }
            return ids.get(0);
        }
        List<Long> ids = jdbc.queryForList("SELECT id FROM projects WHERE id = ?", Long.class, requested);
        if (ids.isEmpty()) {
            throw Refused.notFound("Project", requested).with("field", "projectId");
        }
        return requested;
    }
}
