package dev.tilewright.access;

import java.util.Arrays;
import java.util.Optional;

/**
 * Who may do what: the permission table of docs/security.md, in one place. A project role allows a set of actions,
 * each role everything the one below it allows; a team's owners and admins are maintainers of every project of the
 * team; of several grants the highest wins. Tokens never do more than their owner's role (a {@code read} scope only
 * what a viewer may).
 */
public final class Roles {

    private Roles() {
    }

    /** What can be done to a project and what is in it (its maps and tilesets). */
    public enum Action {
        /** see maps and tilesets, their history, renders, thumbnails, previews, exports, queries, grids, paths */
        VIEW,
        /** comment on a map (reviews) */
        COMMENT,
        /** every edit (REST and live ops), imports, tileset uploads, new maps */
        EDIT,
        /** delete maps and tilesets, make and revoke share links and bot tokens, project members and settings */
        MAINTAIN
    }

    /** A role on one project. */
    public enum ProjectRole {
        VIEWER(Action.VIEW), COMMENTER(Action.COMMENT), EDITOR(Action.EDIT), MAINTAINER(Action.MAINTAIN);

        private final Action highest;

        ProjectRole(Action highest) {
            this.highest = highest;
        }

        /** Whether this role may do an action. */
        public boolean allows(Action action) {
            return action.ordinal() <= highest.ordinal();
        }

        /** The role by its name in the API ({@code viewer}, ...). */
        public static Optional<ProjectRole> named(String name) {
            return Arrays.stream(values()).filter(r -> r.apiName().equals(name)).findFirst();
        }

        public String apiName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A role in a team. */
    public enum TeamRole {
        OWNER, ADMIN, MEMBER;

        /** The role by its name in the API and the database ({@code owner}, ...). */
        public static Optional<TeamRole> named(String name) {
            return Arrays.stream(values()).filter(r -> r.name().toLowerCase(java.util.Locale.ROOT).equals(name))
                    .findFirst();
        }

        /** The role this team role gives on every project of the team, if any. */
        public Optional<ProjectRole> onEveryProject() {
            return this == MEMBER ? Optional.empty() : Optional.of(ProjectRole.MAINTAINER);
        }
    }

    /** The scopes of a token: what it may do at most, within its owner's role. */
    public enum Scope {
        READ(Action.VIEW), WRITE(Action.MAINTAIN);

        private final Action highest;

        Scope(Action highest) {
            this.highest = highest;
        }

        public boolean allows(Action action) {
            return action.ordinal() <= highest.ordinal();
        }
    }

    /**
     * The role that counts on a project: the highest of a direct grant and what the team role gives (either may be
     * absent); empty when neither gives one.
     */
    public static Optional<ProjectRole> effective(Optional<ProjectRole> onProject, Optional<TeamRole> inTeam) {
        Optional<ProjectRole> fromTeam = inTeam.flatMap(TeamRole::onEveryProject);
        if (onProject.isEmpty()) {
            return fromTeam;
        }
        if (fromTeam.isEmpty()) {
            return onProject;
        }
        return Optional.of(onProject.get().compareTo(fromTeam.get()) >= 0 ? onProject.get() : fromTeam.get());
    }
}
