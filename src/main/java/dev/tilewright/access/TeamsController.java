package dev.tilewright.access;

import dev.tilewright.access.Roles.Action;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.util.List;
import java.util.Locale;

/**
 * Teams, their members and their projects. Anyone signed in makes a team (and owns it); its owners and admins
 * manage it; a team always keeps an owner, and only an owner makes or unmakes owners.
 */
@RestController
class TeamsController {


    private final JdbcTemplate jdbc;
    private final TransactionTemplate tx;
    private final Access access;
    private final Users users;
    private final Directory directory;

    TeamsController(JdbcTemplate jdbc, TransactionTemplate tx, Access access, Users users, Directory directory) {
        this.jdbc = jdbc;
        this.tx = tx;
        this.access = access;
        this.users = users;
        this.directory = directory;
    }

    record NameRequest(String name) {
    }


    record RoleRequest(String role) {
    }

    @PostMapping("/api/v1/teams")
    @Requires(on = Requires.On.CALLER)
    ResponseEntity<Directory.MyTeam> create(@RequestBody NameRequest body, Caller caller) {
        long user = caller.person(true);
        String name = name(body.name());
        long id = tx.execute(status -> {
            long team = jdbc.queryForObject("INSERT INTO teams (name) VALUES (?) RETURNING id", Long.class, name);
            jdbc.update("INSERT INTO team_members (team_id, user_id, role) VALUES (?, ?, 'owner')", team, user);
            return team;
        });
        return ResponseEntity.created(URI.create("/api/v1/teams/" + id)).body(new Directory.MyTeam(id, name, "owner"));
    }

    /** The teams the caller belongs to (the instance admin: every team). */
    @GetMapping("/api/v1/teams")
    @Requires(on = Requires.On.CALLER)
    List<Directory.MyTeam> list(Caller caller) {
        return directory.teamsOf(caller);
    }

    @GetMapping("/api/v1/teams/{id}")
    @Requires(on = Requires.On.TEAM)
    Directory.MyTeam get(@PathVariable long id, Caller caller) {
        String role = access.team(caller, id, Action.VIEW).name().toLowerCase(Locale.ROOT);
        Directory.Team team = directory.team(id).orElseThrow(() -> Refused.notFound("Team", id));
        return new Directory.MyTeam(team.id(), team.name(), role);
    }

    @PatchMapping("/api/v1/teams/{id}")
    @Requires(value = Action.MAINTAIN, on = Requires.On.TEAM)
    Directory.MyTeam rename(@PathVariable long id, @RequestBody NameRequest body, Caller caller) {
        jdbc.update("UPDATE teams SET name = ? WHERE id = ?", name(body.name()), id);
        return get(id, caller);
    }

    /** A team goes only when it has no projects left (their maps would go with it): 409 otherwise. */
    @DeleteMapping("/api/v1/teams/{id}")
    @Requires(value = Action.MAINTAIN, on = Requires.On.TEAM)
    ResponseEntity<Void> delete(@PathVariable long id, Caller caller) {
        requireOwner(caller, id);
        if (!jdbc.queryForList("SELECT 1 FROM projects WHERE team_id = ? LIMIT 1", Integer.class, id).isEmpty()) {
            throw Refused.of(Refusal.Kind.CONFLICT, "Team has projects", "Delete or move the team's projects "
                    + "first.");
        }
        jdbc.update("DELETE FROM teams WHERE id = ?", id);
        return ResponseEntity.noContent().build();
    }

    @GetMapping("/api/v1/teams/{id}/members")
    @Requires(on = Requires.On.TEAM)
    List<Directory.TeamMember> members(@PathVariable long id, Caller caller) {
        return directory.teamMembers(id, caller);
    }

    /**
     * Changes a member's role; owners are made (and unmade) by owners only. People join a team by invite: someone not
     * in it answers 404 as an unknown account does (the instance admin adds anyone directly).
     */
    @PutMapping("/api/v1/teams/{id}/members/{userId}")
    @Requires(value = Action.MAINTAIN, on = Requires.On.TEAM)
    Directory.TeamMember putMember(@PathVariable long id, @PathVariable long userId, @RequestBody RoleRequest body,
                         Caller caller) {
        String role = body.role() == null ? "" : body.role();
        if (!List.of("owner", "admin", "member").contains(role)) {
            throw Refused.invalidField("role", "The role is one of owner, admin, member.");
        }
        if (users.find(userId).isEmpty()) {
            throw notAddable(id, userId);
        }
        tx.executeWithoutResult(status -> {
            String before = lockedRole(id, userId);
            if (before == null && !caller.instanceAdmin()) {
                throw notAddable(id, userId);
            }
            if ("owner".equals(role) || "owner".equals(before)) {
                requireOwner(caller, id);
            }
            jdbc.update("INSERT INTO team_members (team_id, user_id, role) VALUES (?, ?, ?) ON CONFLICT "
                    + "(team_id, user_id) DO UPDATE SET role = excluded.role", id, userId, role);
            keepsAnOwner(id);
        });
        return directory.teamMember(id, userId, caller).orElseThrow();
    }

    private static Refused notAddable(long team, long userId) {
        return Refused.notFound("User", userId).with("hint", "People join a team by invite: POST /api/v1/teams/"
                + team + "/invites.");
    }

    @DeleteMapping("/api/v1/teams/{id}/members/{userId}")
    @Requires(value = Action.MAINTAIN, on = Requires.On.TEAM)
    ResponseEntity<Void> removeMember(@PathVariable long id, @PathVariable long userId, Caller caller) {
        tx.executeWithoutResult(status -> {
            String before = lockedRole(id, userId);
            if (before == null) {
                throw Refused.notFound("Member", userId);
            }
            if ("owner".equals(before)) {
                requireOwner(caller, id);
            }
            jdbc.update("DELETE FROM team_members WHERE team_id = ? AND user_id = ?", id, userId);
            keepsAnOwner(id);
        });
        return ResponseEntity.noContent().build();
    }

    @PostMapping("/api/v1/teams/{id}/projects")
    @Requires(value = Action.MAINTAIN, on = Requires.On.TEAM)
    ResponseEntity<Directory.Project> createProject(@PathVariable long id, @RequestBody NameRequest body) {
        String name = name(body.name());
        long project = jdbc.queryForObject("INSERT INTO projects (team_id, name) VALUES (?, ?) RETURNING id",
                Long.class, id, name);
        return ResponseEntity.created(URI.create("/api/v1/projects/" + project))
                .body(directory.project(project).orElseThrow());
    }

    @GetMapping("/api/v1/teams/{id}/projects")
    @Requires(on = Requires.On.TEAM)
    List<Directory.Project> projects(@PathVariable long id) {
        return directory.teamProjects(id);
    }

    /** The member's role, with the team's members locked until the transaction ends (owners are counted after). */
    private String lockedRole(long team, long user) {
        jdbc.queryForList("SELECT 1 FROM teams WHERE id = ? FOR UPDATE", Integer.class, team);
        return jdbc.queryForList("SELECT role FROM team_members WHERE team_id = ? AND user_id = ?", String.class,
                team, user).stream().findFirst().orElse(null);
    }

    private void keepsAnOwner(long team) {
        if (jdbc.queryForObject("SELECT count(*) FROM team_members WHERE team_id = ? AND role = 'owner'", Long.class,
                team) == 0) {
            throw Refused.of(Refusal.Kind.CONFLICT, "A team keeps an owner", "This would leave the team without an "
                    + "owner; make someone else owner first.").with("field", "role");
        }
    }

    private void requireOwner(Caller caller, long team) {
        access.teamOwner(caller, team, "makes, unmakes or removes owners, and deletes the team");
    }

    private static String name(String name) {
        return Names.shown(name, "");
    }
}
