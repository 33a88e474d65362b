package dev.tilewright.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.util.List;

/**
 * Accounts, sessions and tokens.
 *
 * @param tokenDefaultDays       how long a token lives when its maker names no expiry
 * @param tokenMaxDays           the longest expiry a token may be given (every token expires)
 * @param tokenTouchMinutes      a token's last use is recorded at most this often (not a write per request)
 * @param sessionAbsoluteHours   a browser session ends this long after sign-in, however active (the idle timeout is
 *                               {@code server.servlet.session.timeout})
 * @param signInFailures        failed sign-ins allowed per account and per address within the window (then 429 with
 *                               Retry-After until the bucket refills: never a permanent lockout)
 * @param signInWindowMinutes   the window the failed sign-ins are counted over (refilled smoothly)
 * @param linkFailures           unknown or ended invite codes and share links tried per address within the sign-in
 *                               window (then 429 with Retry-After)
 * @param inviteDefaultDays      how long an invite link lives when its maker names no expiry
 * @param inviteMaxDays          the longest expiry an invite link may be given
 * @param allowedHosts           when not empty, requests whose Host is not one of these are refused (against DNS
 *                               rebinding); empty: any Host
 */
@ConfigurationProperties("tilewright.access")
public record AccessProperties(
        @DefaultValue("30") int tokenDefaultDays,
        @DefaultValue("365") int tokenMaxDays,
        @DefaultValue("10") int tokenTouchMinutes,
        @DefaultValue("24") int sessionAbsoluteHours,
        @DefaultValue("10") int signInFailures,
        @DefaultValue("15") int signInWindowMinutes,
        @DefaultValue("20") int linkFailures,
        @DefaultValue("7") int inviteDefaultDays,
        @DefaultValue("30") int inviteMaxDays,
        @DefaultValue("") List<String> allowedHosts) {
}
