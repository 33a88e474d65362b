package dev.tilewright.access;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class RolesTest {

    /** docs/security.md's permission table says what Roles does, cell by cell, for every action. */
    @Test
    void thePermissionTableOfTheDocsIsWhatTheRolesAllow() throws Exception {
        Matcher row = Pattern.compile("^\\| `([a-z]+)` \\|[^|]+\\| (yes|no) \\| (yes|no) \\| (yes|no) \\| (yes|no) \\|$",
                Pattern.MULTILINE).matcher(Files.readString(Path.of("docs/security.md")));
        List<String> actions = new ArrayList<>();
        while (row.find()) {
            Roles.Action action = Roles.Action.valueOf(row.group(1).toUpperCase());
            actions.add(row.group(1));
            for (Roles.ProjectRole role : Roles.ProjectRole.values()) {
                assertThat(role.allows(action)).as(role + " " + action)
                        .isEqualTo(row.group(2 + role.ordinal()).equals("yes"));
            }
        }
        assertThat(actions).as("a row per action").hasSize(Roles.Action.values().length).doesNotHaveDuplicates();
    }

    @Test
    void theHighestGrantCountsAndTeamOwnersAndAdminsMaintainEveryProject() {
        var none = Optional.<Roles.ProjectRole>empty();
        assertThat(Roles.effective(none, Optional.empty())).isEmpty();
        assertThat(Roles.effective(none, Optional.of(Roles.TeamRole.MEMBER))).as("membership alone gives nothing")
                .isEmpty();
        assertThat(Roles.effective(Optional.of(Roles.ProjectRole.VIEWER), Optional.of(Roles.TeamRole.MEMBER)))
                .contains(Roles.ProjectRole.VIEWER);
        assertThat(Roles.effective(Optional.of(Roles.ProjectRole.VIEWER), Optional.of(Roles.TeamRole.ADMIN)))
                .contains(Roles.ProjectRole.MAINTAINER);
        assertThat(Roles.effective(none, Optional.of(Roles.TeamRole.OWNER))).contains(Roles.ProjectRole.MAINTAINER);
        assertThat(Roles.effective(Optional.of(Roles.ProjectRole.EDITOR), Optional.empty()))
                .contains(Roles.ProjectRole.EDITOR);
    }

    @Test
    void aReadTokenOnlyViewsAndRolesAreNamedAsTheApiNamesThem() {
        assertThat(Roles.Scope.READ.allows(Roles.Action.VIEW)).isTrue();
        assertThat(Roles.Scope.READ.allows(Roles.Action.COMMENT)).isFalse();
        assertThat(Roles.Scope.WRITE.allows(Roles.Action.MAINTAIN)).isTrue();
        for (Roles.ProjectRole role : Roles.ProjectRole.values()) {
            assertThat(Roles.ProjectRole.named(role.apiName())).contains(role);
        }
        assertThat(Roles.ProjectRole.named("owner")).isEmpty();
    }
}
