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
 * @param maxDiffCells cells a diff lists with their gids (a rectangle of one gid to one gid counts once); past it
 *                     layers give their counts only
 * @param versionCacheBytes past versions kept in memory once rebuilt (a map and its layers' cells are read in several
 *                     requests): as their heapBytes count them, least recently used go first; -1: 5% of the heap
 * @param rebuildBytes past versions being rebuilt, and copies of them worked on, at once, as the maps' heapBytes
 *                     count them (each reserves what its map takes now, before it starts); one that could never fit is
 *                     a 413, one that cannot fit now waits, then 503; -1: 20% of the heap
 */
@ConfigurationProperties("tilewright.history")
public record HistoryProperties(
        @DefaultValue("300") long gapSeconds,
        @DefaultValue("50") int pageChanges,
        @DefaultValue("200") int maxChanges,
        @DefaultValue("100000") int scanVersions,
        @DefaultValue("33554432") long maxReadBytes,
        @DefaultValue("67108864") long maxCells,
        @DefaultValue("1048576") long maxDiffCells,
        @DefaultValue("-1") long versionCacheBytes,
        @DefaultValue("-1") long rebuildBytes) {
}
