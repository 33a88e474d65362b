package dev.tilewright.access;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
import dev.tilewright.TilewrightApplication;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The first account from the environment: made once, as admin and owner of the team Default; a second start with
 * other settings changes nothing; a password the policy refuses stops the start and says why.
 */
@Tag(Lanes.SERVICE)
class BootstrapTest {

    private static ConfigurableApplicationContext start(Path dataDir, String email, String password) {
        return new SpringApplicationBuilder(TilewrightApplication.class).run("--server.port=0",
                "--tilewright.database.data-dir=" + dataDir, "--tilewright.bootstrap.admin-email=" + email,
                "--tilewright.bootstrap.admin-password=" + password);
    }

    @Test
    void theAdminIsMadeOnceAsOwnerOfTheDefaultTeam() throws Exception {
        Path data = Files.createTempDirectory("tw-bootstrap").resolve("pg");
        try (ConfigurableApplicationContext app = start(data, "root@example.com", "correct horse battery")) {
            JdbcTemplate jdbc = app.getBean(JdbcTemplate.class);
            assertThat(jdbc.queryForList("SELECT email FROM users WHERE instance_admin", String.class))
                    .containsExactly("root@example.com");
            assertThat(jdbc.queryForObject("SELECT t.name FROM team_members m JOIN teams t ON t.id = m.team_id "
                    + "JOIN users u ON u.id = m.user_id WHERE m.role = 'owner' AND u.email = 'root@example.com'",
                    String.class)).isEqualTo("Default");
            assertThat(app.getBean(Users.class).signIn("ROOT@example.com", "correct horse battery")).isPresent();
        }
        try (ConfigurableApplicationContext again = start(data, "other@example.com", "another long password")) {
            JdbcTemplate jdbc = again.getBean(JdbcTemplate.class);
            assertThat(jdbc.queryForList("SELECT email FROM users", String.class)).containsExactly("root@example.com");
        }
    }

    @Test
    void aPasswordThePolicyRefusesStopsTheStartSayingWhy() throws Exception {
        Path data = Files.createTempDirectory("tw-bootstrap").resolve("pg");
        assertThatThrownBy(() -> start(data, "root@example.com", "password1").close())
                .hasStackTraceContaining("tilewright.bootstrap.admin-password")
                .hasStackTraceContaining("most common");
    }
}
