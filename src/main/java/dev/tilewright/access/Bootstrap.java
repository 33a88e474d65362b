package dev.tilewright.access;

import dev.tilewright.config.BootstrapProperties;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Locale;

/**
 * The first account: made from {@link BootstrapProperties} at start when there is none yet (a password the policy
 * refuses stops the start with the reason, rather than leaving an instance nobody can sign in to); otherwise, while
 * there is no account, {@code /setup} makes it, guarded by a one-time code printed to the log here.
 */
@Component
public class Bootstrap implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(Bootstrap.class);
    private static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

    private final BootstrapProperties properties;
    private final Users users;
    private final Environment environment;
    private final String setupCode;

    Bootstrap(BootstrapProperties properties, Users users, Environment environment) {
        this.properties = properties;
        this.users = users;
        this.environment = environment;
        SecureRandom random = new SecureRandom();
        StringBuilder code = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            code.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        this.setupCode = code.toString();
    }

    /** Whether the instance still waits for its first account (then {@code /setup} makes it). */
    public boolean waitingForSetup() {
        return users.count() == 0;
    }

    /**
     * Makes the instance admin from the setup page: the code must be this start's (403 otherwise, field code), and
     * there must be no account yet (409).
     */
    public Users.User setUp(String code, String email, String name, String password) {
        if (code == null || !MessageDigest.isEqual(setupCode.getBytes(StandardCharsets.UTF_8),
                code.strip().toUpperCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8))) {
            throw Refused.of(Refusal.Kind.FORBIDDEN, "Wrong setup code", "The setup code is the one printed in the "
                    + "server's log at its last start.").with("field", "code");
        }
        return users.createFirstAdmin(email, name, password).orElseThrow(() -> Refused.of(Refusal.Kind.CONFLICT,
                "Set up already", "The instance has its admin; sign in instead."));
    }

    @Override
    public void run(ApplicationArguments args) {
        String email = properties.adminEmail();
        if (email != null && !email.isBlank()) {
            try {
                users.createFirstAdmin(email, email.strip().split("@")[0], properties.adminPassword()).ifPresentOrElse(
                        admin -> log.info("Bootstrap: made the instance admin {} (owner of the team Default)",
                                admin.email()),
                        () -> log.info("Bootstrap: accounts exist; tilewright.bootstrap.admin-email is not used"));
            } catch (Refused refused) {
                throw new IllegalStateException("Bootstrap: the admin " + email + " cannot be made: "
                        + refused.getMessage() + " (tilewright.bootstrap.admin-password, "
                        + "TILEWRIGHT_BOOTSTRAP_ADMIN_PASSWORD)", refused);
            }
        }
        if (users.count() == 0) {
            log.warn("No account yet: open http://localhost:{}/setup?code={} to make the instance admin (the "
                    + "one-time setup code is {})", environment.getProperty("local.server.port",
                    environment.getProperty("server.port", "8080")), setupCode, setupCode);
        }
    }
}
