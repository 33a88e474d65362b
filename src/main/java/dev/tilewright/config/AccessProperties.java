package dev.tilewright.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Accounts and tokens (issue 22, being built).
 *
 * @param tokenDefaultDays  how long a token lives when its maker names no expiry
 * @param tokenMaxDays      the longest expiry a token may be given (every token expires)
 * @param tokenTouchMinutes a token's last use is recorded at most this often (not a write per request)
 */
@ConfigurationProperties("tilewright.access")
public record AccessProperties(
        @DefaultValue("30") int tokenDefaultDays,
        @DefaultValue("365") int tokenMaxDays,
        @DefaultValue("10") int tokenTouchMinutes) {
}
