package dev.tilewright.config;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The first account and an admin token, for automation ({@code TILEWRIGHT_BOOTSTRAP_ADMIN_EMAIL},
 * {@code ..._PASSWORD}, {@code TILEWRIGHT_BOOTSTRAP_TOKEN}). The admin is made at start when the instance has no
 * account yet (owner of the team "Default"), and ignored once any account exists; the token is accepted as the
 * instance admin's for as long as it is set.
 *
 * @param adminEmail    the admin's email
 * @param adminPassword the admin's password (held to the password policy: a start with a refused one fails)
 * @param token         an API token with the instance admin's rights (32 characters at least: a start with a
 *                      shorter one fails); a warning in the log says while it is set
 */
@ConfigurationProperties("tilewright.bootstrap")
public record BootstrapProperties(String adminEmail, String adminPassword, String token) {

    /** The shortest bootstrap token accepted. */
    public static final int MIN_TOKEN_CHARS = 32;
}
