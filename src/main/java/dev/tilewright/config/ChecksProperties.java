package dev.tilewright.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Map checks (docs/review.md): how many a map keeps, how they run after edits, and how many results are kept.
 *
 * @param maxBytes        a map's checks as JSON, in UTF-8 bytes (they are kept in its {@code tilewright.checks}
 *                        property)
 * @param maxChecks       checks one map has at most
 * @param debounceMs      a map's checks run this long after the edit that made them due (edits meanwhile go along)
 * @param threads         maps whose checks run at once (a bounded pool: maps wait their turn, taken round-robin by
 *                        project, so one project's many or slow maps delay another's by one run at most)
 * @param runBudgetMs     one map's run: checks not started by then are reported {@code gaveUp} instead of run
 * @param keepResults     results kept per map (one per version checked); older ones go
 */
@ConfigurationProperties("tilewright.checks")
public record ChecksProperties(
        @DefaultValue("65536") int maxBytes,
        @DefaultValue("50") int maxChecks,
        @DefaultValue("1000") long debounceMs,
        @DefaultValue("2") int threads,
        @DefaultValue("200") int keepResults,
        @DefaultValue("10000") long runBudgetMs) {
}
