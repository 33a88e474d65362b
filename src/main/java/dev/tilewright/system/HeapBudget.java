package dev.tilewright.system;

import dev.tilewright.config.GridProperties;
import dev.tilewright.config.HistoryProperties;
import dev.tilewright.config.RenderProperties;
import dev.tilewright.config.StorageProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What the service's caches may hold, in bytes, fitted to the heap it was given. Each cache budget is a property;
 * left at -1 ("auto") it is a share of the heap (so the defaults fit -Xmx1g as well as -Xmx16g). At start the budgets
 * together must leave {@value #WORK_SHARE_PERCENT}% of the heap to the work of requests (bounded by the lanes and the
 * per-request limits); if they do not, the service does not start and says which to lower.
 */
@Component
public class HeapBudget {

    private static final Logger logger = LoggerFactory.getLogger(HeapBudget.class);
    static final int WORK_SHARE_PERCENT = 40;

    private final long mapCacheBytes;
    private final long atlasCacheBytes;
    private final long blockCacheBytes;
    private final long thumbnailCacheBytes;
    private final long overviewCacheBytes;
    private final long gridCacheBytes;
    private final long versionCacheBytes;
    private final long rebuildBytes;

    @Autowired
    public HeapBudget(StorageProperties storage, RenderProperties render, GridProperties grid,
                      HistoryProperties history) {
        this(Runtime.getRuntime().maxMemory(), storage, render, grid, history);
    }

    HeapBudget(long heap, StorageProperties storage, RenderProperties render, GridProperties grid,
               HistoryProperties history) {
        Map<String, Long> budgets = new LinkedHashMap<>();
        mapCacheBytes = fit(budgets, "tilewright.storage.map-cache-bytes", storage.mapCacheBytes(), heap, 25);
        atlasCacheBytes = fit(budgets, "tilewright.render.atlas-cache-bytes", render.atlasCacheBytes(), heap, 12);
        blockCacheBytes = fit(budgets, "tilewright.render.block-cache-bytes", render.blockCacheBytes(), heap, 6);
        thumbnailCacheBytes = fit(budgets, "tilewright.render.thumbnail-cache-bytes", render.thumbnailCacheBytes(),
                heap, 2);
        overviewCacheBytes = fit(budgets, "tilewright.render.overview-cache-bytes", render.overviewCacheBytes(),
                heap, 4);
        gridCacheBytes = fit(budgets, "tilewright.grid.grid-cache-bytes", grid.gridCacheBytes(), heap, 6);
        versionCacheBytes = fit(budgets, "tilewright.history.version-cache-bytes", history.versionCacheBytes(), heap, 5);
        // not a cache: part of the requests' share, which past versions being rebuilt may take at most half of
        rebuildBytes = history.rebuildBytes() < 0 ? heap / 100 * 20 : history.rebuildBytes();
        long total = budgets.values().stream().mapToLong(Long::longValue).sum();
        long allowed = heap / 100 * (100 - WORK_SHARE_PERCENT);
        String list = budgets.entrySet().stream().map(e -> e.getKey() + " " + mib(e.getValue()))
                .collect(Collectors.joining(", "));
        if (total > allowed) {
            throw new IllegalStateException("The caches' budgets add up to " + mib(total) + " of a " + mib(heap)
                    + " heap; they may take at most " + (100 - WORK_SHARE_PERCENT) + "% (" + mib(allowed) + ") so "
                    + "that requests have room. Lower the largest of: " + list + " (or set them to -1, a share of the "
                    + "heap), or give the JVM more heap (-Xmx).");
        }
        logger.info("Heap {}: cache budgets {}", mib(heap), list);
    }

    private static long fit(Map<String, Long> budgets, String property, long configured, long heap, int percent) {
        long bytes = configured < 0 ? heap / 100 * percent : configured;
        budgets.put(property, bytes);
        return bytes;
    }

    private static String mib(long bytes) {
        return (bytes >> 20) + " MiB";
    }

    public long mapCacheBytes() {
        return mapCacheBytes;
    }

    public long atlasCacheBytes() {
        return atlasCacheBytes;
    }

    public long blockCacheBytes() {
        return blockCacheBytes;
    }

    public long thumbnailCacheBytes() {
        return thumbnailCacheBytes;
    }

    public long overviewCacheBytes() {
        return overviewCacheBytes;
    }

    public long gridCacheBytes() {
        return gridCacheBytes;
    }

    public long versionCacheBytes() {
        return versionCacheBytes;
    }

    /** What past versions being rebuilt (and copies of them) may take at once. */
    public long rebuildBytes() {
        return rebuildBytes;
    }
}
