package dev.tilewright.access;

import dev.tilewright.access.Roles.Action;
import dev.tilewright.access.Roles.ProjectRole;
import dev.tilewright.access.Roles.TeamRole;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The one authorization service: whether a caller may do an action to a map, a tileset or a project. REST routes
 * (through {@link Requires}), pages, the live handshake and every live op ask it. What a caller may not see is a
 * 404 (its existence is not told); what they may see but not do is a 403 naming their role and what was needed.
 * <p>
 * Roles: a person's highest grant on the project (directly or through the team); the instance admin and the
 * bootstrap token are maintainers everywhere; a personal token is its owner's role, at most a viewer's with scope
 * {@code read}; a bot token is an editor of its project ({@code write}) or a viewer ({@code read}); a share link is a
 * viewer (or commenter) of its one map and of the tilesets that map uses, and nothing else.
 */
@Component
public class Access {

    /** What a caller may do on one project: its role there (empty: it cannot even see the project). */
    public record Standing(long projectId, Optional<ProjectRole> role) {
    }

    private final JdbcTemplate jdbc;

    Access(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Checks that {@code caller} may do {@code action} to a map; the map's project. 404 / 403 otherwise. */
    public long map(Caller caller, long mapId, Action action) {
        Standing standing = onMap(caller, mapId).orElseThrow(() -> Refused.notFound("Map", mapId));
        require(caller, standing, action, () -> Refused.notFound("Map", mapId));
        return standing.projectId();
    }

    /** Checks that {@code caller} may do {@code action} to a tileset; the tileset's project. 404 / 403 otherwise. */
    public long tileset(Caller caller, long tilesetId, Action action) {
        Standing standing = onTileset(caller, tilesetId).orElseThrow(() -> Refused.notFound("Tileset", tilesetId));
        require(caller, standing, action, () -> Refused.notFound("Tileset", tilesetId));
        return standing.projectId();
    }

    /** Checks that {@code caller} may do {@code action} to a world; its project. 404 / 403 otherwise. */
    public long world(Caller caller, long worldId, Action action) {
        Standing standing = onWorld(caller, worldId).orElseThrow(() -> Refused.notFound("World", worldId));
        require(caller, standing, action, () -> Refused.notFound("World", worldId));
        return standing.projectId();
    }

    /** Checks that {@code caller} may do {@code action} in a project. 404 / 403 otherwise. */
    public void project(Caller caller, long projectId, Action action) {
        Standing standing = onProject(caller, projectId)
                .orElseThrow(() -> Refused.notFound("Project", projectId));
        require(caller, standing, action, () -> Refused.notFound("Project", projectId));
    }

    /**
     * Checks that {@code caller} may do {@code action} to a team: its members may view it, its owners and admins
     * (and the instance admin) maintain it; anyone else does not see it (404). Tokens act for their person only
     * within their scope; bots and share links see no team.
     */
    public Roles.TeamRole team(Caller caller, long teamId, Action action) {
        if (jdbc.queryForList("SELECT 1 FROM teams WHERE id = ?", Integer.class, teamId).isEmpty()) {
            throw Refused.notFound("Team", teamId);
        }
        Optional<Roles.TeamRole> role = caller.instanceAdmin() ? Optional.of(Roles.TeamRole.OWNER)
                : caller.userId() == null ? Optional.empty()
                : jdbc.queryForList("SELECT role FROM team_members WHERE team_id = ? AND user_id = ?", String.class,
                teamId, caller.userId()).stream().findFirst().flatMap(Roles.TeamRole::named);
        if (role.isEmpty()) {
            throw Refused.notFound("Team", teamId);
        }
        ProjectRole as = role.get() == Roles.TeamRole.MEMBER ? ProjectRole.VIEWER : ProjectRole.MAINTAINER;
        if ("read".equals(caller.scope())) {
            as = ProjectRole.VIEWER;
        }
        if (!as.allows(action)) {
            throw Refused.of(Refusal.Kind.FORBIDDEN, "Not allowed", "Your role in this team is "
                            + role.get().name().toLowerCase(Locale.ROOT) + ("read".equals(caller.scope())
                            ? " (as this token allows: read)" : "") + "; this needs a team owner or admin.")
                    .with("role", role.get().name().toLowerCase(Locale.ROOT)).with("needed", "admin");
        }
        return role.get();
    }

    /**
     * Checks that {@code caller} owns a team (what only owners do: make, unmake or remove owners, invite owners,
     * delete the team); 404 / 403 naming {@code what} otherwise.
     */
    public void teamOwner(Caller caller, long teamId, String what) {
        if (team(caller, teamId, Action.MAINTAIN) != Roles.TeamRole.OWNER) {
            throw Refused.of(Refusal.Kind.FORBIDDEN, "Not allowed", "Only a team owner " + what + ".")
                    .with("role", "admin").with("needed", "owner");
        }
    }

    /**
     * The project something new goes to, where the caller must be allowed to edit: the one named ({@code projectId};
     * 404 when the caller cannot see it, 403 when they may not edit there), else their default: a bot token's
     * project; for a person the project they last made something in, if they may still edit it, else the first
     * they may edit; for the instance admin the instance's default project.
     */
    public long projectToWrite(Caller caller, Long requested) {
        if (requested != null) {
            Standing standing = onProject(caller, requested)
                    .orElseThrow(() -> Refused.notFound("Project", requested).with("field", "projectId"));
            require(caller, standing, Action.EDIT,
                    () -> Refused.notFound("Project", requested).with("field", "projectId"));
            remember(caller, requested);
            return requested;
        }
        if (caller.kind() == Caller.Kind.BOT_TOKEN) {
            project(caller, caller.projectId(), Action.EDIT);
            return caller.projectId();
        }
        List<Long> candidates = new java.util.ArrayList<>();
        if (caller.instanceAdmin()) {
            candidates.addAll(jdbc.queryForList("SELECT id FROM projects WHERE is_default", Long.class));
        } else if (caller.userId() != null) {
            candidates.addAll(jdbc.queryForList("SELECT last_project_id FROM users WHERE id = ? "
                    + "AND last_project_id IS NOT NULL", Long.class, caller.userId()));
        }
        candidates.addAll(visibleProjects(caller));
        for (long candidate : candidates) {
            if (allows(onProject(caller, candidate), Action.EDIT)) {
                return candidate;
            }
        }
        throw Refused.of(Refusal.Kind.FORBIDDEN, "No project to write to", "You may not edit in any project; ask a "
                + "project's maintainer for the editor role, or name a projectId you may edit.")
                .with("field", "projectId");
    }

    /** The projects a caller can see (ascending ids): where to list maps and tilesets from. */
    public Set<Long> visibleProjects(Caller caller) {
        List<Long> ids;
        if (caller.instanceAdmin()) {
            ids = jdbc.queryForList("SELECT id FROM projects", Long.class);
        } else if (caller.kind() == Caller.Kind.BOT_TOKEN) {
            ids = List.of(caller.projectId());
        } else if (caller.kind() == Caller.Kind.SHARE_LINK || caller.userId() == null) {
            ids = List.of();
        } else {
            ids = jdbc.queryForList("SELECT project_id FROM project_members WHERE user_id = ? UNION SELECT p.id FROM "
                    + "projects p JOIN team_members t ON t.team_id = p.team_id WHERE t.user_id = ? AND t.role IN "
                    + "('owner', 'admin')", Long.class, caller.userId(), caller.userId());
        }
        return new TreeSet<>(ids);
    }

    /** The projects a caller can see, or only {@code projectId} of them when it is given (none if it is not seen). */
    public Set<Long> visibleProjects(Caller caller, Long projectId) {
        Set<Long> visible = visibleProjects(caller);
        return projectId == null ? visible : visible.contains(projectId) ? Set.of(projectId) : Set.of();
    }

    /** Where a caller stands on a map's project; empty when the map does not exist. */
    public Optional<Standing> onMap(Caller caller, long mapId) {
        if (caller.kind() == Caller.Kind.SHARE_LINK) {
            return projectOf("maps", mapId).map(project -> new Standing(project,
                    caller.mapId() == mapId ? Optional.of(shareRole(caller)) : Optional.empty()));
        }
        return standing(caller, "maps", mapId);
    }

    /** Where a caller stands on a tileset's project; empty when the tileset does not exist. */
    public Optional<Standing> onTileset(Caller caller, long tilesetId) {
        if (caller.kind() == Caller.Kind.SHARE_LINK) {
            // a shared map's tilesets are seen with it (the read-only editor draws with them)
            boolean used = !jdbc.queryForList("SELECT 1 FROM map_tilesets WHERE map_id = ? AND tileset_id = ?",
                    Integer.class, caller.mapId(), tilesetId).isEmpty();
            return projectOf("tilesets", tilesetId).map(project -> new Standing(project,
                    used ? Optional.of(ProjectRole.VIEWER) : Optional.empty()));
        }
        return standing(caller, "tilesets", tilesetId);
    }

    /**
     * Where a caller stands on a world's project; empty when the world does not exist. A share link of one map sees
     * no world (the maps around it are not shared with it).
     */
    public Optional<Standing> onWorld(Caller caller, long worldId) {
        if (caller.kind() == Caller.Kind.SHARE_LINK) {
            return projectOf("worlds", worldId).map(project -> new Standing(project, Optional.empty()));
        }
        return standing(caller, "worlds", worldId);
    }

    /** Where a caller stands on a project; empty when the project does not exist. */
    public Optional<Standing> onProject(Caller caller, long projectId) {
        return standing(caller, "projects", projectId);
    }

    /** Whether a standing (empty: the thing does not exist) lets its caller do an action. */
    public static boolean allows(Optional<Standing> standing, Action action) {
        return standing.flatMap(Standing::role).map(role -> role.allows(action)).orElse(false);
    }

    private void require(Caller caller, Standing standing, Action action,
                         java.util.function.Supplier<Refused> unseen) {
        if (standing.role().isEmpty()) {
            throw unseen.get();
        }
        ProjectRole role = standing.role().get();
        if (!role.allows(action)) {
            String as = caller.scope() != null && caller.kind() != Caller.Kind.SESSION
                    ? " (as this token allows: " + caller.scope() + ")" : "";
            throw Refused.of(Refusal.Kind.FORBIDDEN, "Not allowed", "Your role here is " + role.apiName() + as
                            + "; to " + action.name().toLowerCase(Locale.ROOT) + " you need "
                            + needed(action).apiName() + ". Ask a maintainer of the project.")
                    .with("role", role.apiName()).with("needed", needed(action).apiName());
        }
    }

    private static ProjectRole needed(Action action) {
        for (ProjectRole role : ProjectRole.values()) {
            if (role.allows(action)) {
                return role;
            }
        }
        throw new IllegalArgumentException(action.name());
    }

    private Optional<Long> projectOf(String table, long id) {
        return jdbc.queryForList("SELECT project_id FROM " + table + " WHERE id = ?", Long.class, id)
                .stream().findFirst();
    }

    /**
     * One query: the project of a map, tileset or project, and the caller's grants on it (directly and through the
     * team), then capped by what the caller's kind and scope allow.
     */
    private Optional<Standing> standing(Caller caller, String table, long id) {
        String project = table.equals("projects") ? "x.id" : "x.project_id";
        long user = caller.userId() == null ? -1 : caller.userId();
        List<Standing> found = jdbc.query("SELECT " + project + ", pm.role, tm.role FROM " + table + " x "
                        + "JOIN projects p ON p.id = " + project + " "
                        + "LEFT JOIN project_members pm ON pm.project_id = p.id AND pm.user_id = ? "
                        + "LEFT JOIN team_members tm ON tm.team_id = p.team_id AND tm.user_id = ? WHERE x.id = ?",
                (rs, row) -> {
                    long projectId = rs.getLong(1);
                    Optional<ProjectRole> onProject = Optional.ofNullable(rs.getString(2))
                            .flatMap(ProjectRole::named);
                    Optional<TeamRole> inTeam = Optional.ofNullable(rs.getString(3))
                            .flatMap(TeamRole::named);
                    return new Standing(projectId, role(caller, projectId, Roles.effective(onProject, inTeam)));
                }, user, user, id);
        return found.stream().findFirst();
    }

    private static Optional<ProjectRole> role(Caller caller, long projectId, Optional<ProjectRole> granted) {
        Optional<ProjectRole> role = switch (caller.kind()) {
            case BOOTSTRAP_TOKEN -> Optional.of(ProjectRole.MAINTAINER);
            case BOT_TOKEN -> caller.projectId() == projectId ? Optional.of(ProjectRole.EDITOR) : Optional.empty();
            case SHARE_LINK -> Optional.empty();
            case SESSION, PERSONAL_TOKEN -> caller.instanceAdmin() ? Optional.of(ProjectRole.MAINTAINER) : granted;
        };
        if ("read".equals(caller.scope())) {
            return role.map(r -> ProjectRole.VIEWER);
        }
        return role;
    }

    private static ProjectRole shareRole(Caller caller) {
        return "comment".equals(caller.scope()) ? ProjectRole.COMMENTER : ProjectRole.VIEWER;
    }

    private void remember(Caller caller, long projectId) {
        if (caller.userId() != null) {
            jdbc.update("UPDATE users SET last_project_id = ? WHERE id = ? AND last_project_id IS DISTINCT FROM ?",
                    projectId, caller.userId(), projectId);
        }
    }
}
