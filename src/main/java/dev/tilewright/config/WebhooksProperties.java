package dev.tilewright.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Webhooks (docs/review.md): where they may point, how deliveries are retried, and what is kept of them.
 *
 * @param allowLoopback     deliveries to loopback addresses (127.0.0.0/8, ::1) are allowed (tests, a receiver on the
 *                          same machine); refused otherwise
 * @param allowPrivate      deliveries to private, link-local and unique-local addresses (10/8, 172.16/12,
 *                          192.168/16, 169.254/16, fc00::/7, fe80::/10) are allowed; refused otherwise
 * @param maxPerProject     webhooks one project has
 * @param maxUrlBytes       a webhook's URL, in bytes
 * @param maxSecretBytes    a webhook's secret, in UTF-8 bytes
 * @param maxAttempts       attempts of one delivery before it is given up (failed)
 * @param retryBaseMs       the pause before the second attempt; each next one doubles it (at most an hour)
 * @param timeoutMs         one attempt as a whole: connect, TLS, request, the answer's status, headers and body
 * @param maxResponseBytes  of a receiver's answer's body, kept in the delivery log (the rest is not read)
 * @param maxResponseHeaderBytes of a receiver's answer's status line and headers (past it the attempt fails)
 * @param debounceMs        map.changed is sent once a map's edits paused this long (with the versions since the last)
 * @param threads           deliveries sent at once (per instance)
 * @param threadsPerProject of those, deliveries of one project sent at once: a slow receiver holds only its own
 * @param keepDeliveries    deliveries kept per webhook in its log (older ones go)
 */
@ConfigurationProperties("tilewright.webhooks")
public record WebhooksProperties(
        @DefaultValue("false") boolean allowLoopback,
        @DefaultValue("false") boolean allowPrivate,
        @DefaultValue("20") int maxPerProject,
        @DefaultValue("2048") int maxUrlBytes,
        @DefaultValue("256") int maxSecretBytes,
        @DefaultValue("6") int maxAttempts,
        @DefaultValue("10000") long retryBaseMs,
        @DefaultValue("10000") long timeoutMs,
        @DefaultValue("4096") int maxResponseBytes,
        @DefaultValue("16384") int maxResponseHeaderBytes,
        @DefaultValue("5000") long debounceMs,
        @DefaultValue("4") int threads,
        @DefaultValue("1") int threadsPerProject,
        @DefaultValue("500") int keepDeliveries) {
}
