package dev.tilewright.config;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The first account, for automation ({@code TILEWRIGHT_BOOTSTRAP_ADMIN_EMAIL}, {@code ..._PASSWORD}): made at start
 * when the instance has no account yet, as its admin and owner of the team "Default". Ignored once any account
 * exists.
 *
 * @param adminEmail    the admin's email
 * @param adminPassword the admin's password (held to the password policy: a start with a refused one fails)
 */
@ConfigurationProperties("tilewright.bootstrap")
public record BootstrapProperties(String adminEmail, String adminPassword) {
}
