package dev.tilewright.access;

import dev.tilewright.access.Roles.Action;
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

/** Accounts made by the instance admin, and who has which role on a project. */
@RestController
class PeopleController {

    private final Users users;
    private final JdbcTemplate jdbc;
    private final Directory directory;
    private final Sessions sessions;
    private final TransactionTemplate tx;

    PeopleController(Users users, JdbcTemplate jdbc, Directory directory, Sessions sessions, TransactionTemplate tx) {
        this.users = users;
        this.jdbc = jdbc;
        this.directory = directory;
        this.sessions = sessions;
        this.tx = tx;
    }

    record UserChange(String name, String email, Boolean instanceAdmin, String password) {
    }

    @GetMapping("/api/v1/admin/users/{userId}")
    @Requires(on = Requires.On.ADMIN)
    Users.User user(@PathVariable long userId) {
        return users.find(userId).orElseThrow(() -> Refused.notFound("User", userId));
    }

    /**
     * Renames, re-addresses, makes or unmakes an admin, or sets a new password (which ends their sessions): all of
     * it or, refused, none of it.
     */
    @PatchMapping("/api/v1/admin/users/{userId}")
    @Requires(on = Requires.On.ADMIN)
    Users.User update(@PathVariable long userId, @RequestBody UserChange body) {
        Users.User user = tx.execute(status -> {
            Users.User changed = users.update(userId, body.name(), body.email(), body.instanceAdmin());
            if (body.password() != null) {
                users.changePassword(userId, null, body.password());
            }
            return changed;
        });
        if (body.password() != null) {
            sessions.end(userId, null);
        }
        return user;
    }

    /** Deletes an account (its sessions end; its edits keep their author's name). */
    @DeleteMapping("/api/v1/admin/users/{userId}")
    @Requires(on = Requires.On.ADMIN)
    ResponseEntity<Void> delete(@PathVariable long userId) {
        users.delete(userId);
        sessions.end(userId, null);
        return ResponseEntity.noContent().build();
    }

    record NewUser(String email, String name, String password) {
    }

    @PostMapping("/api/v1/admin/users")
    @Requires(on = Requires.On.ADMIN)
    ResponseEntity<Users.User> create(@RequestBody NewUser body) {
        Users.User user = users.create(body.email(), body.name(), body.password(), false);
        return ResponseEntity.created(URI.create("/api/v1/admin/users/" + user.id())).body(user);
    }

    @GetMapping("/api/v1/admin/users")
    @Requires(on = Requires.On.ADMIN)
    List<Users.User> list() {
        return users.all();
    }

    record ProjectJson(long id, long teamId, String teamName, String name, boolean isDefault,
                       List<Directory.ProjectMember> members) {
    }

    @GetMapping("/api/v1/projects/{id}")
    @Requires(on = Requires.On.PROJECT)
    ProjectJson project(@PathVariable long id, Caller caller) {
        Directory.Project project = directory.project(id).orElseThrow(() -> Refused.notFound("Project", id));
        return new ProjectJson(project.id(), project.teamId(), project.teamName(), project.name(), project.isDefault(),
                directory.projectMembers(id, caller));
    }

    record RoleRequest(String role) {
    }

    /**
     * Gives a person a role on the project (replacing one they had). People join by consent: directly only someone
     * already in the project's team or on the project (a role change); anyone else by invite. An unknown account and
     * one that may not be added answer the same 404 (the instance admin adds anyone).
     */
    @PutMapping("/api/v1/projects/{id}/members/{userId}")
    @Requires(value = Action.MAINTAIN, on = Requires.On.PROJECT)
    Directory.ProjectMember putMember(@PathVariable long id, @PathVariable long userId, @RequestBody RoleRequest body,
                                      Caller caller) {
        Roles.ProjectRole role = Roles.ProjectRole.named(body.role() == null ? "" : body.role()).orElseThrow(() ->
                Refused.invalidField("role", "The role is one of viewer, commenter, editor, maintainer."));
        Directory.Project project = directory.project(id).orElseThrow(() -> Refused.notFound("Project", id));
        boolean addable = users.find(userId).isPresent() && (caller.instanceAdmin()
                || directory.inTeam(project.teamId(), userId) || directory.projectMember(id, userId, caller).isPresent());
        if (!addable) {
            throw Refused.notFound("User", userId).with("hint", "Invite people who are not in the project's team: "
                    + "POST /api/v1/projects/" + id + "/invites.");
        }
        jdbc.update("INSERT INTO project_members (project_id, user_id, role) VALUES (?, ?, ?) ON CONFLICT "
                + "(project_id, user_id) DO UPDATE SET role = excluded.role", id, userId, role.apiName());
        return directory.projectMember(id, userId, caller).orElseThrow();
    }

    @DeleteMapping("/api/v1/projects/{id}/members/{userId}")
    @Requires(value = Action.MAINTAIN, on = Requires.On.PROJECT)
    ResponseEntity<Void> removeMember(@PathVariable long id, @PathVariable long userId) {
        if (jdbc.update("DELETE FROM project_members WHERE project_id = ? AND user_id = ?", id, userId) == 0) {
            throw Refused.notFound("Member", userId);
        }
        return ResponseEntity.noContent().build();
    }
}
