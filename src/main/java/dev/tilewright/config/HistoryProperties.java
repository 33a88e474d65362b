package dev.tilewright.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How a map's history is read for people ({@code GET /api/v1/maps/{id}/history}) and what one page may cost.
 *
 * @param gapSeconds   consecutive versions by one author are one change while each follows the one before within
 *                     this many seconds
 * @param pageChanges  changes one page holds when the caller names no limit
 * @param maxChanges   the most changes one page may hold
 * @param scanVersions versions one page looks at (without their ops) to find its changes
 * @param maxReadBytes op JSON one page reads to count what its changes did; past it a change's counts are partial
 * @param maxCells     cells one page counts (distinct cells are kept as bitmaps); past it a change's counts are
 *                     partial
 */
@ConfigurationProperties("tilewright.history")
public record HistoryProperties(
        @DefaultValue("300") long gapSeconds,
        @DefaultValue("50") int pageChanges,
        @DefaultValue("200") int maxChanges,
        @DefaultValue("100000") int scanVersions,
        @DefaultValue("33554432") long maxReadBytes,
        @DefaultValue("67108864") long maxCells) {
}
