package dev.tilewright.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The computed collision grid.
 *
 * @param maxElements     elements of one map's grid (64M: an 8192x8192-tile map at the tile size, or 2048x2048
 *                        tiles at 4 elements a side)
 * @param maxJsonElements elements a JSON grid answer may hold (larger grids come as bytes)
 * @param cachedGrids     computed grids kept in memory (least recently used go first)
 * @param maxPathElements elements of a grid a path search may run on (it keeps a few bytes per element)
 * @param maxPathVisited  positions one path search may visit before it answers unreachable (its work cap)
 * @param maxPlatformerPlaces standing places one platformer search may reach before it gives up (each costs a few
 *                        simulated jumps)
 * @param maxIncrementalOps ops a kept grid is brought forward by (recomputing only the tiles they touched); a grid
 *                        further behind is computed anew
 * @param storeAfterOps   the computed grid is written to PostgreSQL when computed anew, and when the stored copy is
 *                        this many versions behind the one in memory
 * @param gridCacheBytes  bytes of computed grids kept in memory, one byte per element (at most cached-grids of them;
 *                        least recently used go first; -1: 6% of the heap)
 */
@ConfigurationProperties("tilewright.grid")
public record GridProperties(
        @DefaultValue("67108864") long maxElements,
        @DefaultValue("1048576") long maxJsonElements,
        @DefaultValue("8") int cachedGrids,
        @DefaultValue("4194304") long maxPathElements,
        @DefaultValue("1000000") int maxPathVisited,
        @DefaultValue("20000") int maxPlatformerPlaces,
        @DefaultValue("10000") int maxIncrementalOps,
        @DefaultValue("500") int storeAfterOps,
        @DefaultValue("-1") long gridCacheBytes) {
}
