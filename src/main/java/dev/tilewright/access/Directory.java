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
    /**
     * A member's email as one caller may see it (three parameters, the caller's {@link #seer}): to themselves, to
     * the admin, to people who share a team with them; null to anyone else.
     */
    private static final String EMAIL_SEEN = "CASE WHEN ? = -2 OR u.id = ? OR EXISTS (SELECT 1 FROM team_members a "
            + "JOIN team_members b ON b.team_id = a.team_id WHERE a.user_id = ? AND b.user_id = u.id) THEN u.email END";

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

    /** A team's members; their emails as {@link #EMAIL_SEEN} lets the caller see them. */
    public List<TeamMember> teamMembers(long teamId, Caller caller) {
        return jdbc.query(members("team") + " ORDER BY u.id", (rs, row) -> new TeamMember(rs.getLong(1),
                rs.getString(2), rs.getString(3), rs.getString(4)), seer(caller), seer(caller), seer(caller), teamId);
    }

    /** One member of a team as the caller sees them. */
    public Optional<TeamMember> teamMember(long teamId, long userId, Caller caller) {
        return jdbc.query(members("team") + " AND u.id = ?", (rs, row) -> new TeamMember(rs.getLong(1),
                rs.getString(2), rs.getString(3), rs.getString(4)), seer(caller), seer(caller), seer(caller), teamId,
                userId).stream().findFirst();
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

    /** A project's members; their emails as {@link #EMAIL_SEEN} lets the caller see them. */
    public List<ProjectMember> projectMembers(long projectId, Caller caller) {
        return jdbc.query(members("project") + " ORDER BY u.id", (rs, row) -> new ProjectMember(rs.getLong(1),
                rs.getString(2), rs.getString(3), rs.getString(4)), seer(caller), seer(caller), seer(caller),
                projectId);
    }

    /** One member of a project as the caller sees them. */
    public Optional<ProjectMember> projectMember(long projectId, long userId, Caller caller) {
        return jdbc.query(members("project") + " AND u.id = ?", (rs, row) -> new ProjectMember(rs.getLong(1),
                rs.getString(2), rs.getString(3), rs.getString(4)), seer(caller), seer(caller), seer(caller),
                projectId, userId).stream().findFirst();
    }

    /** Whether the account is a member of the team (the only people a team's project takes without an invite). */
    public boolean inTeam(long teamId, long userId) {
        return !jdbc.queryForList("SELECT 1 FROM team_members WHERE team_id = ? AND user_id = ?", Integer.class,
                teamId, userId).isEmpty();
    }

    /** The members of a team or project: id, name, email as the caller may see it, role; by the place's id. */
    private static String members(String place) {
        return "SELECT u.id, u.name, " + EMAIL_SEEN + ", m.role FROM " + place + "_members m JOIN users u ON "
                + "u.id = m.user_id WHERE m." + place + "_id = ?";
    }

    /** The caller as the email rule's parameters see them: the admin is -2 (sees all), a caller with no account -1. */
    private static long seer(Caller caller) {
        return caller.instanceAdmin() ? -2 : caller.userId() == null ? -1 : caller.userId();
    }

    private static Project projectRow(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        return new Project(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getBoolean(5));
    }
}
