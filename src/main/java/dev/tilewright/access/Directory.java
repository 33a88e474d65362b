package dev.tilewright.access;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;

/**
 * Who is where, as the API and the team and project pages show it: teams, their members and projects, projects and
 * their members. It reads only; whoever asks has asked {@link Access} first.
 */
@Component
public class Directory {

    public record Team(long id, String name) {
    }

    public record TeamMember(long userId, String name, String email, String role) {
    }

    public record Project(long id, long teamId, String teamName, String name, boolean isDefault) {
    }

    public record ProjectMember(long userId, String name, String email, String role) {
    }

    private static final String PROJECT = "SELECT p.id, p.team_id, t.name, p.name, p.is_default FROM projects p "
            + "JOIN teams t ON t.id = p.team_id ";
    private static final org.springframework.jdbc.core.RowMapper<Project> PROJECT_ROW = Directory::projectRow;

    private final JdbcTemplate jdbc;

    Directory(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A team as its member sees it: with their role there. */
    public record MyTeam(long id, String name, String role) {
    }

    /** The teams a caller belongs to (the instance admin: every team, as owner of those they are not in). */
    public List<MyTeam> teamsOf(Caller caller) {
        if (caller.instanceAdmin()) {
            return jdbc.query("SELECT t.id, t.name, coalesce(m.role, 'owner') FROM teams t LEFT JOIN team_members m "
                    + "ON m.team_id = t.id AND m.user_id = ? ORDER BY t.id", (rs, row) -> new MyTeam(rs.getLong(1),
                    rs.getString(2), rs.getString(3)), caller.userId() == null ? -1 : caller.userId());
        }
        if (caller.userId() == null) {
            return List.of();
        }
        return jdbc.query("SELECT t.id, t.name, m.role FROM teams t JOIN team_members m ON m.team_id = t.id "
                + "WHERE m.user_id = ? ORDER BY t.id", (rs, row) -> new MyTeam(rs.getLong(1), rs.getString(2),
                rs.getString(3)), caller.userId());
    }

    public Optional<Team> team(long id) {
        return jdbc.query("SELECT id, name FROM teams WHERE id = ?", (rs, row) -> new Team(rs.getLong(1),
                rs.getString(2)), id).stream().findFirst();
    }

    public List<TeamMember> teamMembers(long teamId) {
        return jdbc.query("SELECT u.id, u.name, u.email, m.role FROM team_members m JOIN users u ON u.id = m.user_id "
                + "WHERE m.team_id = ? ORDER BY u.id", (rs, row) -> new TeamMember(rs.getLong(1), rs.getString(2),
                rs.getString(3), rs.getString(4)), teamId);
    }

    public List<Project> teamProjects(long teamId) {
        return jdbc.query(PROJECT + "WHERE p.team_id = ? ORDER BY p.id", PROJECT_ROW, teamId);
    }

    public Optional<Project> project(long id) {
        return jdbc.query(PROJECT + "WHERE p.id = ?", PROJECT_ROW, id).stream().findFirst();
    }

    /** Projects by id (those that exist), in id order. */
    public List<Project> projects(java.util.Collection<Long> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return jdbc.query(connection -> {
            java.sql.PreparedStatement statement = connection.prepareStatement(PROJECT
                    + "WHERE p.id = ANY (?) ORDER BY t.name, p.name, p.id");
            statement.setArray(1, connection.createArrayOf("bigint", ids.toArray()));
            return statement;
        }, PROJECT_ROW);
    }

    public List<ProjectMember> projectMembers(long projectId) {
        return jdbc.query("SELECT u.id, u.name, u.email, m.role FROM project_members m JOIN users u ON "
                + "u.id = m.user_id WHERE m.project_id = ? ORDER BY u.id", (rs, row) ->
                new ProjectMember(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4)), projectId);
    }

    private static Project projectRow(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        return new Project(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getBoolean(5));
    }
}
