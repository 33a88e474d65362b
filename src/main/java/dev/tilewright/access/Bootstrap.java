package dev.tilewright.access;

import dev.tilewright.config.BootstrapProperties;
import dev.tilewright.web.ApiProblem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Makes the instance admin from {@link BootstrapProperties} at start when there is no account yet, and makes them
 * owner of the team "Default" (a team always keeps an owner). A password the policy refuses stops the start with
 * the reason, rather than leaving an instance nobody can sign in to.
 */
@Component
class Bootstrap implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(Bootstrap.class);

    private final BootstrapProperties properties;
    private final Users users;
    private final JdbcTemplate jdbc;
    private final TransactionTemplate tx;

    Bootstrap(BootstrapProperties properties, Users users, JdbcTemplate jdbc, TransactionTemplate tx) {
        this.properties = properties;
        this.users = users;
        this.jdbc = jdbc;
        this.tx = tx;
    }

    @Override
    public void run(ApplicationArguments args) {
        String email = properties.adminEmail();
        if (email == null || email.isBlank()) {
            return;
        }
        tx.executeWithoutResult(status -> {
            // one instance makes the admin when several start together on one database
            jdbc.execute("LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE");
            if (users.count() > 0) {
                log.info("Bootstrap: accounts exist; tilewright.bootstrap.admin-email is not used");
                return;
            }
            Users.User admin;
            try {
                admin = users.create(email, email.strip().split("@")[0], properties.adminPassword(), true);
            } catch (ApiProblem refused) {
                throw new IllegalStateException("Bootstrap: the admin " + email + " cannot be made: "
                        + refused.toProblemDetail().getDetail() + " (tilewright.bootstrap.admin-password, "
                        + "TILEWRIGHT_BOOTSTRAP_ADMIN_PASSWORD)", refused);
            }
            jdbc.update("INSERT INTO team_members (team_id, user_id, role) SELECT team_id, ?, 'owner' FROM projects "
                    + "WHERE is_default", admin.id());
            log.info("Bootstrap: made the instance admin {} (owner of the team Default)", admin.email());
        });
    }
}
